#!/usr/bin/env node
// sudoku-explain: argument parsing and printing only; everything else is the library's.
import { existsSync } from 'node:fs';
import { durationOption, InputError, inputName, readLines, runCli, UsageError, type Cli } from '@puzzles/kit/cli';
import {
  explainPuzzle,
  findSteps,
  formatCandidateGrid,
  formatCandidateTable,
  formatElimination,
  formatGivens,
  formatPlacement,
  parseGrid,
  TECHNIQUE_NAMES,
  verifyPuzzle,
  type Grid,
  type Rating,
  type Step,
  type TechniqueName,
} from './index.js';

const NAME = 'sudoku-explain';

const HELP = `Usage: sudoku-explain [options] <puzzle | file | ->

Explains a Sudoku step by step with human techniques (singles to chains), and rates it
the way HoDoKu does. A puzzle is 81 characters (1-9, '.' or '0' for empty), a grid in
the {candidates} notation (a digit or {digits} per cell: those pencil marks are the
starting state) or a 729-character pencil-mark grid (9 slots per cell, digit or '.').
A file, or - for standard input, holds one puzzle per line ('#' lines are skipped);
each is explained and printed before the next is read.

Options:
  --json             one JSON line per puzzle: {"solved", "grid", "rating", "steps"}
  --hint             only the next step (the simplest that applies)
  --candidates       print the pencil-mark grid instead of solving: a value as its digit,
                     an empty cell's candidates in braces ({45}; {5} when one is left)
  --technique NAME   only this technique: its first instance on the grid, applying none
  --all              with --technique: every instance (without: every instance of every technique)
  --timeout TIME     stop after TIME (500ms, 10s, 2m) and say how many puzzles were done
  -h, --help         show this help
  -v, --version      show the version

Techniques, simplest first:
  ${TECHNIQUE_NAMES.slice(0, 8).join(' ')}
  ${TECHNIQUE_NAMES.slice(8, 16).join(' ')}
  ${TECHNIQUE_NAMES.slice(16).join(' ')}

Cells are r<row>c<column>, 1-based: r8c2=1 places 1, r1c4<>6 removes candidate 6.
Every puzzle is first checked with dancing links (@puzzles/dlx): no solution or several
is reported as an error.

Examples:
  sudoku-explain 003020600900305001001806400008102900700000008006708200002609500800203009005010300
  sudoku-explain --hint puzzles.txt
  sudoku-explain --json - < puzzles.txt
  sudoku-explain --timeout 10s --json puzzles.txt
  sudoku-explain --candidates 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  sudoku-explain --technique x-wing --all puzzles.txt

Exit status: 0 on success, 1 on bad input (a clear line on stderr), 2 on a usage error,
130 when interrupted.`;

const OPTIONS = {
  json: { type: 'boolean' },
  hint: { type: 'boolean' },
  candidates: { type: 'boolean' },
  technique: { type: 'string' },
  all: { type: 'boolean' },
  timeout: { type: 'string' },
} as const;

/** One puzzle of the input and where it came from ('' for a puzzle given as the argument). */
interface Item {
  readonly text: string;
  readonly line: number;
}

/**
 * The puzzle on a line of a file, or null for a blank or '#' line. A first word of 81 or 729 characters is the puzzle
 * (what follows, a rating or a comment, is skipped); otherwise the whole line is, so a {candidates} or 729-character
 * grid may have spaces between its cells.
 */
function puzzleOfLine(line: string): string | null {
  const whole = line.trim();
  if (whole === '' || whole.startsWith('#')) return null;
  const first = whole.split(/\s+/, 1)[0]!;
  return !first.includes('{') && (first.length === 81 || first.length === 729) ? first : whole;
}

/** The puzzles of a file or of standard input, streamed line by line. */
async function* puzzlesOf(file: string): AsyncGenerator<Item> {
  for await (const { text, line } of readLines(file)) {
    const puzzle = puzzleOfLine(text);
    if (puzzle !== null) yield { text: puzzle, line };
  }
}

/** Whether the operand names a file (or stdin) rather than being a puzzle itself. */
function isFileOperand(operand: string): boolean {
  if (operand === '-' || existsSync(operand)) return true;
  // Not a file: a puzzle, unless it looks like a path (a separator, or a name ending in an extension).
  return /[/\\]|\.[a-z]\w*$/i.test(operand);
}

const group = (n: number): string => n.toLocaleString('en-US');

async function main(argv: string[], cli: Cli): Promise<number> {
  // Positionals are counted here, not by cli.parse, which counts them before it looks at --help.
  const { values, positionals } = cli.parse(argv, OPTIONS);
  if (positionals.length !== 1) {
    throw new UsageError(positionals.length === 0 ? 'give a puzzle, a file or -' : `give one puzzle, file or -; got ${positionals.length} arguments`);
  }
  const technique = values.technique;
  if (technique !== undefined && !(TECHNIQUE_NAMES as readonly string[]).includes(technique)) {
    throw new UsageError(`unknown technique '${technique}'; expected one of ${TECHNIQUE_NAMES.join(', ')}`);
  }
  const modes = [values.hint, values.candidates, technique !== undefined || values.all].filter(Boolean).length;
  if (modes > 1) throw new UsageError('--hint, --candidates and --technique/--all do not go together');
  const timeout = durationOption(values.timeout);
  cli.timeout(timeout);
  const operand = positionals[0]!;

  const bold = (s: string): string => (cli.color ? `\u001b[1m${s}\u001b[22m` : s);
  const dim = (s: string): string => (cli.color ? `\u001b[2m${s}\u001b[22m` : s);
  const stepLine = (step: Step, n?: number): string => {
    const changes = [...step.placements.map(formatPlacement), ...step.eliminations.map(formatElimination)].join(' ');
    const [head, ...rest] = step.explanation.split(':');
    const text = rest.length ? `${bold(head!)}:${rest.join(':')}` : step.explanation;
    return `${n === undefined ? '' : `${String(n).padStart(3)}. `}${text}  ${dim(`[${changes}]`)}`;
  };
  const ratingLine = (r: Rating, steps: number): string =>
    `${r.solved ? `Solved in ${steps} steps` : `Stuck after ${steps} steps (no technique applies)`}. Rating: ${r.score} (${r.level}${r.solved ? '' : ', beyond these techniques'}), hardest technique: ${r.hardest ?? 'none'}`;
  const jsonStep = (step: Step) => ({
    technique: step.technique,
    placements: step.placements.map(formatPlacement),
    eliminations: step.eliminations.map(formatElimination),
    explanation: step.explanation,
  });
  const jsonRating = (r: Rating) => ({ score: r.score, level: r.level, hardest: r.hardest });

  /** The lines (or the one JSON value) printed for one puzzle; throws RangeError/TypeError for a bad puzzle. */
  const explain = (text: string): string[] | object => {
    const grid: Grid = parseGrid(text);
    if (values.candidates) {
      if (values.json) {
        // A value (0 for an empty cell) and the candidates left (none for a cell that holds a value) per cell, so a
        // given 5 (values 5, candidates []) and a cell with one candidate left (values 0, candidates [5]) differ.
        const cells = Array.from({ length: 81 }, (_, cell) => cell);
        return { grid: formatCandidateGrid(grid), values: Array.from(grid.values), candidates: cells.map((cell) => grid.candidatesOf(cell)) };
      }
      return formatCandidateTable(grid).split('\n');
    }
    const verification = verifyPuzzle(grid);
    if (verification.status !== 'unique') throw new RangeError(verification.message);
    if (technique !== undefined || values.all) {
      const names = technique !== undefined ? [technique as TechniqueName] : [...TECHNIQUE_NAMES];
      const steps = names.flatMap((t) => findSteps(grid, t, values.all ? Infinity : 1));
      if (values.json) return { grid: formatGivens(grid), technique: technique ?? null, steps: steps.map(jsonStep) };
      if (steps.length === 0) return [`No ${technique ?? 'technique'} applies.`];
      return steps.map((s, i) => stepLine(s, i + 1));
    }
    const { result, rating } = explainPuzzle(grid);
    if (values.hint) {
      const hint = result.steps[0];
      if (values.json) return { solved: grid.isSolved(), grid: formatGivens(grid), rating: jsonRating(rating), steps: hint ? [jsonStep(hint)] : [] };
      return [hint ? stepLine(hint) : grid.isSolved() ? 'The puzzle is already solved.' : 'No technique applies: the puzzle needs more than these techniques.'];
    }
    if (values.json) return { solved: result.solved, grid: formatGivens(result.grid), rating: jsonRating(rating), steps: result.steps.map(jsonStep) };
    const lines = result.steps.map((s, i) => stepLine(s, i + 1));
    lines.push(ratingLine(rating, result.steps.length));
    if (!result.solved) lines.push(`Grid: ${formatGivens(result.grid)}`, `Pencil marks: ${formatCandidateGrid(result.grid)}`);
    return lines;
  };

  const print = async (printed: string[] | object): Promise<void> => {
    if (Array.isArray(printed)) for (const line of printed as string[]) await cli.out.line(line);
    else await cli.out.json(printed);
  };

  if (!isFileOperand(operand)) {
    await print(explain(operand));
    return 0;
  }

  // A file or standard input: one puzzle at a time, printed before the next line is read. One puzzle of lookahead
  // tells whether there are several (then each gets a header in the text output).
  const name = inputName(operand);
  const source = puzzlesOf(operand);
  const progress = cli.progress('explaining', { unit: 'puzzles' });
  let done = 0;
  let failed = 0;
  let last = 0;
  let next = await source.next();
  if (next.done) throw new InputError(`${name} holds no puzzle`);
  let lookahead: IteratorResult<Item> | undefined = await source.next();
  const many = !lookahead.done;
  try {
    while (!next.done && !cli.signal.aborted) {
      const { text, line } = next.value;
      let printed: string[] | object | undefined;
      try {
        printed = explain(text);
      } catch (error) {
        if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
        cli.warn(`${name} line ${line}: ${error.message}`);
        failed++;
      }
      if (printed !== undefined) {
        if (many && !values.json) {
          if (done > 0) await cli.out.line('');
          await cli.out.line(`Puzzle ${done + failed + 1} (line ${line}):`);
        }
        await print(printed);
        done++;
      }
      last = line;
      progress.update(done + failed);
      next = lookahead ?? (await source.next());
      lookahead = undefined;
    }
  } finally {
    progress.end();
    await source.return(undefined);
  }
  const reason = cli.stopReason;
  if (reason === 'timeout' || reason === 'interrupted') {
    const why = reason === 'timeout' ? `after ${timeout! >= 1000 ? `${Math.round(timeout! / 100) / 10} s` : `${timeout} ms`} (--timeout)` : '(interrupted)';
    cli.warn(`stopped ${why}: ${group(done)} puzzle${done === 1 ? '' : 's'} explained${failed ? ` and ${group(failed)} rejected` : ''}, up to line ${group(last)} of ${name}`);
  }
  return failed > 0 ? 1 : 0;
}

runCli({ name: NAME, help: HELP, packageJson: new URL('../package.json', import.meta.url), main });
