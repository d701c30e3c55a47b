#!/usr/bin/env node
// sudoku-explain: argument parsing and printing only; everything else is the library's.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { choiceOption, durationOption, EXIT_TIMEOUT, InputError, inputName, readLines, roundMs, runCli, UsageError, type Cli } from '@puzzles/kit/cli';
import { generateMain } from './generate-cli.js';
import {
  explainPuzzle,
  findSteps,
  formatCandidateGrid,
  formatCandidateTable,
  formatElimination,
  formatGivens,
  formatPlacement,
  nextStep,
  parseGrid,
  TECHNIQUE_NAMES,
  verifyPuzzle,
  type Grid,
  type Level,
  type Rating,
  type Step,
  type TechniqueName,
} from './index.js';

const NAME = 'sudoku-explain';

/** Words joined by spaces into lines of at most `width` characters. */
function wrapWords(words: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

const HELP = `Usage: sudoku-explain [options] <puzzle | file | ->
       sudoku-explain generate [options]   (make puzzles: sudoku-explain generate --help)

Explains a Sudoku step by step with human techniques (singles to chains), and rates it
the way HoDoKu does. A puzzle is 81 characters (1-9, '.' or '0' for empty), a grid in
the {candidates} notation (a digit or {digits} per cell: those pencil marks are the
starting state) or a 729-character pencil-mark grid (9 slots per cell, digit or '.').
A file, or - for standard input, holds one puzzle per line ('#' lines are skipped);
each is explained and printed before the next is read. A bad puzzle is one line on
stderr and the rest are explained; after 5 such lines the others are only counted.

Options:
  --json             one compact JSON object per puzzle: {"status", "solved", "rating",
                     "grid", "steps"}, steps as the library gives them (cells 0-80); for a
                     file, one line per puzzle with its "line", then {"summary": …}
  --hint             only the next step (the simplest that applies)
  --candidates       print the pencil-mark grid instead of solving: a value as its digit,
                     an empty cell's candidates in braces ({45}; {5} when one is left)
  --technique NAME   only this technique: its first instance on the grid, applying none
  --all              every instance (of NAME, or of every technique)
  --timeout TIME     stop after TIME (500ms, 10s, 2m) and say how many puzzles were done
  -h, --help         show this help
  -v, --version      show the version

Techniques, in the order tried:
  ${wrapWords(TECHNIQUE_NAMES, 86).join('\n  ')}
The franken and mutant jellyfish and the mutant fish are left out of solving, as in HoDoKu
(their searches are slow); --technique NAME still looks for them.

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
  sudoku-explain generate --level hard --count 3 --seed 7

Exit status: 0 on success, 1 on bad input (a clear line on stderr; also when --timeout
stopped the run), 2 on a usage error, 124 when --timeout stopped the run, 130 when
interrupted.`;

const OPTIONS = {
  json: { type: 'boolean' },
  hint: { type: 'boolean' },
  candidates: { type: 'boolean' },
  technique: { type: 'string' },
  all: { type: 'boolean' },
  timeout: { type: 'string' },
} as const;

/** One puzzle of a file and the line it is on (1-based). */
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
async function* puzzlesOf(file: string, signal: AbortSignal): AsyncGenerator<Item> {
  for await (const { text, line } of readLines(file, { signal })) {
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

/**
 * The number of lines of a regular file up to 256 MB (counted in chunks, never held whole), else undefined; undefined
 * too once `signal` is aborted (--timeout or Ctrl-C during the count).
 */
async function lineCount(file: string, signal: AbortSignal): Promise<number | undefined> {
  try {
    const stats = statSync(file);
    if (!stats.isFile() || stats.size > 256 * 2 ** 20) return undefined;
    let lines = 0;
    let last = 10;
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      if (signal.aborted) return undefined;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      if (chunk.length > 0) last = chunk[chunk.length - 1]!;
    }
    return last === 10 ? lines : lines + 1;
  } catch {
    return undefined; // readLines will say what is wrong with the file
  }
}

async function main(argv: string[], cli: Cli): Promise<number> {
  // A first word 'generate' is the subcommand (a file of that name is ./generate).
  if (argv[0] === 'generate') return generateMain(argv.slice(1), cli);
  // Positionals are counted here, not by cli.parse, which counts them before it looks at --help.
  const { values, positionals } = cli.parse(argv, OPTIONS);
  if (positionals.length !== 1) {
    throw new UsageError(positionals.length === 0 ? 'give a puzzle, a file or -' : `give one puzzle, file or -; got ${positionals.length} arguments`);
  }
  const technique = choiceOption(values.technique, 'technique', TECHNIQUE_NAMES);
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
  // JSON: the library's objects and field names (a Step as it is, cells 0..80 row-major; a Rating as it is), one
  // compact object per puzzle; for a file, one per line with its line number, then a summary line.
  const jsonStep = (step: Step) => ({
    technique: step.technique,
    cells: step.cells,
    digits: step.digits,
    placements: step.placements,
    eliminations: step.eliminations,
    explanation: step.explanation,
    ...(step.chain === undefined ? {} : { chain: step.chain }),
  });

  /** What one puzzle prints: its text lines or its JSON object, and how it ended (for the summary). */
  interface Explained {
    readonly printed: string[] | Record<string, unknown>;
    readonly solved?: boolean;
    readonly level?: Level;
  }

  /** Explains one puzzle; throws RangeError/TypeError for a bad puzzle. */
  const explain = (text: string): Explained => {
    const grid: Grid = parseGrid(text);
    if (values.candidates) {
      if (!values.json) return { printed: formatCandidateTable(grid).split('\n') };
      // A value (0 for an empty cell) and the candidates left (none for a cell that holds a value) per cell, so a
      // given 5 (values 5, candidates []) and a cell with one candidate left (values 0, candidates [5]) differ.
      const cells = Array.from({ length: 81 }, (_, cell) => cell);
      return { printed: { grid: formatCandidateGrid(grid), values: Array.from(grid.values), candidates: cells.map((cell) => grid.candidatesOf(cell)) } };
    }
    const verification = verifyPuzzle(grid);
    if (verification.status !== 'unique') throw new RangeError(verification.message);
    if (technique !== undefined || values.all) {
      const names: TechniqueName[] = technique !== undefined ? [technique] : [...TECHNIQUE_NAMES];
      const steps = names.flatMap((t) => findSteps(grid, t, values.all ? Infinity : 1));
      if (values.json) return { printed: { grid: formatCandidateGrid(grid), technique: technique ?? null, steps: steps.map(jsonStep) } };
      return { printed: steps.length === 0 ? [`No ${technique ?? 'technique'} applies.`] : steps.map((s, i) => stepLine(s, i + 1)) };
    }
    if (values.hint) {
      const step = nextStep(grid);
      const solved = grid.isSolved();
      if (values.json) return { printed: { solved, step: step === null ? null : jsonStep(step) } };
      return { printed: [step ? stepLine(step) : solved ? 'The puzzle is already solved.' : 'No technique applies: the puzzle needs more than these techniques.'] };
    }
    const { result, rating } = explainPuzzle(grid);
    const outcome = { solved: result.solved, level: rating.level };
    if (values.json) {
      const { status, solved, grid: end, steps } = result;
      return { ...outcome, printed: { status, solved, rating, grid: formatCandidateGrid(end), steps: steps.map(jsonStep) } };
    }
    const lines = result.steps.map((s, i) => stepLine(s, i + 1));
    lines.push(ratingLine(rating, result.steps.length));
    if (!result.solved) lines.push(`Grid: ${formatGivens(result.grid)}`, `Pencil marks: ${formatCandidateGrid(result.grid)}`);
    return { ...outcome, printed: lines };
  };

  const print = async (printed: Explained['printed']): Promise<void> => {
    if (Array.isArray(printed)) for (const line of printed) await cli.out.line(line);
    else await cli.out.json(printed);
  };

  if (!isFileOperand(operand)) {
    await print(explain(operand).printed);
    return 0;
  }

  // A file or standard input: one puzzle at a time, printed before the next line is read. One puzzle of lookahead
  // tells whether there are several (then each gets a header in the text output).
  const name = inputName(operand);
  // The signal ends the lines even while a read waits for input (--timeout or Ctrl-C on an idle pipe or terminal).
  const source = puzzlesOf(operand, cli.signal);
  // The progress line counts lines; a file's line count (for a percentage and an ETA) is read first when it is drawn.
  const total = operand !== '-' && process.stderr.isTTY === true ? await lineCount(operand, cli.signal) : undefined;
  const progress = cli.progress('explaining', { unit: 'lines', total });
  const start = performance.now();
  const solving = !values.hint && !values.candidates && technique === undefined && !values.all;
  let done = 0;
  let failed = 0;
  let solved = 0;
  const levels: Partial<Record<Level, number>> = {};
  let last = 0;
  let next = await source.next();
  if (next.done && !cli.signal.aborted) throw new InputError(`${name} holds no puzzle`);
  let lookahead: IteratorResult<Item> | undefined = await source.next();
  const many = !lookahead.done;
  try {
    let turned = start;
    for (;;) {
      // Lines already read come without a turn of the event loop (a pipe hands over up to 2 MiB at once), so the loop
      // is let turn every 15 ms: the --timeout timer and Ctrl-C are then seen between two puzzles.
      if (performance.now() - turned > 15) {
        await new Promise((resolve) => setImmediate(resolve));
        turned = performance.now();
      }
      if (next.done || cli.signal.aborted) break;
      const { text, line } = next.value;
      let explained: Explained | undefined;
      try {
        explained = explain(text);
      } catch (error) {
        if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
        // The first few are said, the rest counted: a flood of bad lines cannot flood stderr.
        cli.badLine(`${name} line ${line}: ${error.message}`);
        failed++;
      }
      if (explained !== undefined) {
        const { printed } = explained;
        if (Array.isArray(printed)) {
          if (many) {
            if (done > 0) await cli.out.line('');
            await cli.out.line(`Puzzle ${done + failed + 1} (line ${line}):`);
          }
          await print(printed);
        } else await print({ line, ...printed });
        done++;
        if (explained.solved) solved++;
        if (explained.level !== undefined) levels[explained.level] = (levels[explained.level] ?? 0) + 1;
      }
      last = line;
      progress.update(line);
      next = lookahead ?? (await source.next());
      lookahead = undefined;
    }
  } finally {
    progress.end();
    await source.return(undefined);
  }
  const reason = cli.stopReason;
  const stopped = reason === 'timeout' || reason === 'interrupted' ? reason : undefined;
  if (values.json && reason !== 'closed') {
    const totals = solving ? { solved, stuck: done - solved, levels } : {};
    await cli.out.json({ summary: { puzzles: done, ...totals, errors: failed, ms: roundMs(performance.now() - start), ...(stopped ? { stopped } : {}) } });
  }
  if (stopped !== undefined) {
    const why = stopped === 'timeout' ? `after ${timeout! >= 1000 ? `${Math.round(timeout! / 100) / 10} s` : `${timeout} ms`} (--timeout)` : '(interrupted)';
    cli.warn(`stopped ${why}: ${group(done)} puzzle${done === 1 ? '' : 's'} explained${failed ? ` and ${group(failed)} rejected` : ''}, ${last > 0 ? `up to line ${group(last)} of ${name}` : `nothing read from ${name}`}`);
  }
  return failed > 0 ? 1 : stopped === 'timeout' ? EXIT_TIMEOUT : 0;
}

runCli({ name: NAME, help: HELP, packageJson: new URL('../package.json', import.meta.url), main });
