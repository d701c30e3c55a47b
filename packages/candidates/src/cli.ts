#!/usr/bin/env node
// sudoku-explain: argument parsing and printing only; everything else is the library's.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  explainPuzzle,
  findSteps,
  formatCandidateGrid,
  formatCandidateTable,
  formatElimination,
  formatGivens,
  formatPlacement,
  parseGrid,
  ratePath,
  solveLogically,
  TECHNIQUE_NAMES,
  verifyPuzzle,
  type Grid,
  type Rating,
  type Step,
  type TechniqueName,
} from './index.js';

const HELP = `Usage: sudoku-explain [options] <puzzle | file | ->

Explains a Sudoku step by step with human techniques (singles to chains), and rates it
the way HoDoKu does. A puzzle is 81 characters (1-9, '.' or '0' for empty), a grid in
the {candidates} notation (a digit or {digits} per cell: those pencil marks are the
starting state) or a 729-character pencil-mark grid (9 slots per cell, digit or '.').
A file, or - for standard input, holds one puzzle per line ('#' lines are skipped).

Options:
  --json             one JSON line per puzzle: {"solved", "grid", "rating", "steps"}
  --hint             only the next step (the simplest that applies)
  --candidates       print the pencil-mark grid instead of solving
  --technique NAME   only this technique: its first instance on the grid, applying none
  --all              with --technique: every instance (without: every instance of every technique)
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
  sudoku-explain --candidates 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  sudoku-explain --technique x-wing --all "{candidates grid}"

Exit status: 0 on success, 1 on bad input (a clear line on stderr), 2 on a usage error.`;

class UsageError extends Error {}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean' },
        hint: { type: 'boolean' },
        candidates: { type: 'boolean' },
        technique: { type: 'string' },
        all: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help || values.version) return { values, positionals };
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'give a puzzle, a file or -' : `give one puzzle, file or -; got ${positionals.length} arguments`);
  const technique = values.technique;
  if (technique !== undefined && !(TECHNIQUE_NAMES as readonly string[]).includes(technique)) {
    throw new UsageError(`unknown technique '${technique}'; expected one of ${TECHNIQUE_NAMES.join(', ')}`);
  }
  const modes = [values.hint, values.candidates, technique !== undefined || values.all].filter(Boolean).length;
  if (modes > 1) throw new UsageError('--hint, --candidates and --technique/--all do not go together');
  return { values, positionals };
}

interface Item {
  text: string;
  where: string;
}

function inputs(arg: string): Item[] | Promise<Item[]> {
  const split = (content: string, name: string): Item[] =>
    content.split(/\r?\n/).flatMap((line, i) => {
      const whole = line.trim();
      if (whole === '' || whole.startsWith('#')) return [];
      // A first word of 81 or 729 characters is the puzzle (what follows, a rating or a comment, is skipped); otherwise
      // the whole line, so a {candidates} or 729-character grid may have spaces between its cells.
      const first = whole.split(/\s+/)[0]!;
      const text = !first.includes('{') && (first.length === 81 || first.length === 729) ? first : whole;
      return [{ text, where: `${name} line ${i + 1}` }];
    });
  if (arg === '-') {
    return (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return split(Buffer.concat(chunks).toString('utf8'), 'stdin');
    })();
  }
  if (existsSync(arg)) {
    if (!statSync(arg).isFile()) throw new RangeError(`${arg} is not a file`);
    let content: string;
    try {
      content = readFileSync(arg, 'utf8');
    } catch (error) {
      throw new RangeError(`cannot read ${arg}: ${(error as Error).message}`);
    }
    return split(content, arg);
  }
  // Not a file: a puzzle, unless it looks like a path (a separator, or a name ending in an extension).
  if (/[/\\]|\.[a-z]\w*$/i.test(arg)) throw new RangeError(`no such file: ${arg}`);
  return [{ text: arg, where: '' }];
}

interface JsonStep {
  technique: TechniqueName;
  placements: string[];
  eliminations: string[];
  explanation: string;
}

function jsonStep(step: Step): JsonStep {
  return {
    technique: step.technique,
    placements: step.placements.map(formatPlacement),
    eliminations: step.eliminations.map(formatElimination),
    explanation: step.explanation,
  };
}

function jsonRating(r: Rating) {
  return { score: r.score, level: r.level, hardest: r.hardest };
}

function main(argv: string[]): Promise<number> | number {
  const { values, positionals } = parse(argv);
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (values.version) {
    console.log(version());
    return 0;
  }
  const colors = process.stdout.isTTY === true && !process.env.NO_COLOR;
  const bold = (s: string) => (colors ? `\u001b[1m${s}\u001b[22m` : s);
  const dim = (s: string) => (colors ? `\u001b[2m${s}\u001b[22m` : s);
  const stepLine = (step: Step, n?: number): string => {
    const changes = [...step.placements.map(formatPlacement), ...step.eliminations.map(formatElimination)].join(' ');
    const [head, ...rest] = step.explanation.split(':');
    const text = rest.length ? `${bold(head!)}:${rest.join(':')}` : step.explanation;
    return `${n === undefined ? '' : `${String(n).padStart(3)}. `}${text}  ${dim(`[${changes}]`)}`;
  };
  const ratingLine = (r: Rating, steps: number): string =>
    `${r.solved ? `Solved in ${steps} steps` : `Stuck after ${steps} steps (no technique applies)`}. Rating: ${r.score} (${r.level}${r.solved ? '' : ', beyond these techniques'}), hardest technique: ${r.hardest ?? 'none'}`;

  const one = (text: string, header: string | null): string => {
    const grid: Grid = parseGrid(text);
    const out: string[] = [];
    if (header !== null && !values.json) out.push(header);
    if (values.candidates) {
      if (values.json) return JSON.stringify({ grid: formatGivens(grid), candidates: formatCandidateGrid(grid) });
      out.push(formatCandidateTable(grid));
      return out.join('\n');
    }
    const verification = verifyPuzzle(grid);
    if (verification.status !== 'unique') throw new RangeError(verification.message);
    if (values.technique !== undefined || values.all) {
      const techniques = values.technique !== undefined ? [values.technique as TechniqueName] : [...TECHNIQUE_NAMES];
      const steps = techniques.flatMap((t) => findSteps(grid, t, values.all ? Infinity : 1));
      if (values.json) return JSON.stringify({ grid: formatGivens(grid), technique: values.technique ?? null, steps: steps.map(jsonStep) });
      if (steps.length === 0) out.push(`No ${values.technique ?? 'technique'} applies.`);
      steps.forEach((s, i) => out.push(stepLine(s, i + 1)));
      return out.join('\n');
    }
    const { result, rating } = explainPuzzle(grid);
    if (values.hint) {
      const hint = result.steps[0];
      if (values.json) {
        return JSON.stringify({ solved: grid.isSolved(), grid: formatGivens(grid), rating: jsonRating(rating), steps: hint ? [jsonStep(hint)] : [] });
      }
      out.push(hint ? stepLine(hint) : grid.isSolved() ? 'The puzzle is already solved.' : 'No technique applies: the puzzle needs more than these techniques.');
      return out.join('\n');
    }
    if (values.json) {
      return JSON.stringify({ solved: result.solved, grid: formatGivens(result.grid), rating: jsonRating(rating), steps: result.steps.map(jsonStep) });
    }
    result.steps.forEach((s, i) => out.push(stepLine(s, i + 1)));
    out.push(ratingLine(ratePath(result.steps, result.solved), result.steps.length));
    if (!result.solved) out.push(`Grid: ${formatGivens(result.grid)}\nPencil marks: ${formatCandidateGrid(result.grid)}`);
    return out.join('\n');
  };

  const run = (items: Item[]): number => {
    let failed = false;
    const many = items.length > 1;
    items.forEach(({ text, where }, i) => {
      try {
        const printed = one(text, many ? `Puzzle ${i + 1} (${where}):` : null);
        console.log(printed + (many && !values.json && i < items.length - 1 ? '\n' : ''));
      } catch (error) {
        if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
        console.error(`sudoku-explain: ${where ? `${where}: ` : ''}${error.message}`);
        failed = true;
      }
    });
    return failed ? 1 : 0;
  };

  const items = inputs(positionals[0]!);
  if (Array.isArray(items)) {
    if (items.length === 0) throw new RangeError(`${positionals[0]} holds no puzzle`);
    return run(items);
  }
  return items.then((list) => {
    if (list.length === 0) throw new RangeError('standard input holds no puzzle');
    return run(list);
  });
}

// When the reader of our output goes away (`sudoku-explain … | head -1`), stop quietly instead of dying on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

Promise.resolve()
  .then(() => main(process.argv.slice(2)))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`sudoku-explain: ${error.message}\nRun 'sudoku-explain --help' for usage.`);
        process.exitCode = 2;
      } else if (error instanceof RangeError || error instanceof TypeError) {
        console.error(`sudoku-explain: ${error.message}`);
        process.exitCode = 1;
      } else {
        throw error;
      }
    },
  );
