#!/usr/bin/env node
// dlx-sudoku: argument parsing and printing only; everything else is the library's.
import {
  choiceOption,
  durationOption,
  EXIT_TIMEOUT,
  inputName,
  integerOption,
  quote,
  readLines,
  roundMs,
  runCli,
  UsageError,
  type Cli,
  type Progress,
} from '@puzzles/kit/cli';
import { SudokuSolver, formatSudoku, parseSudoku, solveSudokuBatch } from './index.js';

const HELP = `Usage: dlx-sudoku [options] [file|-]

Solves Sudoku puzzles, one puzzle per line, read from a file or standard input
(the default): 81 cells, 1-9 for clues, 0 or . for blanks.
Also 4×4, 16×16 and 25×25 grids (16, 256 or 625 cells; symbols 1-9 then A-P).
Lines starting with '#' and blank lines are skipped; text after the puzzle's
last cell, after a space or another character that is not a cell (such as
' // comment'), is ignored. Prints each solution as one line.

Options:
  --unique       print 'no solution' or 'multiple solutions' unless the
                 puzzle has exactly one solution
  --count        print the number of solutions (up to --limit)
  --limit N      with --count: stop counting at N (default 1000)
  --size N       grid side 4, 9, 16 or 25 (default: from the line's length)
  --method M     propagation (the default: candidates, singles and locked
                 candidates between branches) or dlx (dancing links)
  --workers N    solve 9×9 puzzles on N worker threads, in batches of 4,096
                 lines (the output is the same, in the same order)
  --timeout T    stop after T (500ms, 10s, 2m; a bare number is seconds)
  --json         one JSON object per puzzle: {"line","solution"} (and
                 "solutions" with --unique or --count, "complete" with
                 --count), then {"summary":{"puzzles","badLines","ms"}}
  -h, --help     show this help
  -v, --version  show the version

A summary (puzzles, time, puzzles per second) goes to stderr. A bad line is
reported on stderr with its line number and the rest are solved; the exit
status is then 1. The first 5 bad lines are each reported, later ones only
counted, in one last line. A run stopped by --timeout or Ctrl-C (also while it
waits for input) says on stderr what it did before it stopped. A progress line goes to stderr when stderr is a terminal
and the work has run for a second.

Examples:
  dlx-sudoku puzzles.txt
  dlx-sudoku --unique puzzles.txt
  dlx-sudoku --method dlx --unique puzzles.txt
  dlx-sudoku --unique --workers 2 puzzles.txt
  echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | dlx-sudoku --count -
  echo ................................................................................. | dlx-sudoku --count --limit 100000000 --timeout 1s

Exit status: 0 on success, 1 on bad input (even when --timeout stopped the run)
or a failed write, 2 on a usage error, 124 when --timeout stopped the run, 130
when interrupted.`;

const OPTIONS = {
  unique: { type: 'boolean' },
  count: { type: 'boolean' },
  limit: { type: 'string' },
  size: { type: 'string' },
  method: { type: 'string' },
  timeout: { type: 'string' },
  workers: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** Puzzles per batch with --workers: enough to share out, few enough to print soon and stop soon. */
const BATCH = 4096;

const SIZES = ['4', '9', '16', '25'] as const;
const METHODS = ['propagation', 'dlx'] as const;
const CELL = /[0-9.A-Za-z]/;
/** Lines longer than this are bad input (a puzzle line is at most 625 cells and a comment). */
const MAX_LINE = 65_536;

const group = (n: number): string => n.toLocaleString('en-US');
const plural = (n: number, word: string): string => `${group(n)} ${word}${n === 1 ? '' : 's'}`;

/** The puzzle part of a line: its leading cell characters, exactly 16, 81, 256 or 625 of them (or size² with --size). */
function puzzleOf(line: string, size: number | undefined): string {
  let run = 0;
  while (run < line.length && CELL.test(line[run]!)) run++;
  if (size === undefined ? run === 16 || run === 81 || run === 256 || run === 625 : run === size * size) return line.slice(0, run);
  const expected = size === undefined ? 'a puzzle of 81 cells (or 16, 256, 625)' : `${size * size} cells for a ${size}×${size} grid`;
  // Name the character that ended the cells, unless it is the space before a comment.
  const stop =
    run < line.length && !/\s/.test(line[run]!) ? `, then bad character ${quote(String.fromCodePoint(line.codePointAt(run)!))} at column ${run + 1}` : '';
  throw new RangeError(`expected ${expected}; got ${run} cell characters${stop} in ${quote(line)}`);
}

async function main(argv: string[], cli: Cli): Promise<number> {
  const { values, positionals } = cli.parse(argv, OPTIONS, { help: HELP, max: 1 });
  if (values.unique && values.count) throw new UsageError('--unique and --count do not go together; use one');
  if (values.limit !== undefined && !values.count) throw new UsageError('--limit goes with --count');
  const limit = integerOption(values.limit, 'limit', { fallback: 1000 })!;
  const sizeText = choiceOption(values.size, 'size', SIZES);
  const size = sizeText === undefined ? undefined : Number(sizeText);
  const method = choiceOption(values.method, 'method', METHODS, 'propagation')!;
  const timeout = durationOption(values.timeout);
  const workers = integerOption(values.workers, 'workers', { min: 1, max: 256 });
  if (workers !== undefined && method === 'dlx') throw new UsageError('--workers goes with the propagation method, not --method dlx');
  if (workers !== undefined && limit > 0x7fffffff) throw new UsageError(`--limit with --workers must be at most 2147483647; got ${quote(values.limit!)}`);
  const file = positionals[0] ?? '-';
  const name = inputName(file);
  cli.timeout(timeout);

  const solvers = new Map<number, SudokuSolver>();
  const start = performance.now();
  const puzzles = cli.progress('dlx-sudoku', { unit: 'puzzles' });
  let solved = 0;
  let bad = 0;
  let turned = start;
  /** The puzzle being searched when the run stopped: its line, and where its search was. */
  let unfinished: { line: number; nodes: number; solutions: number } | undefined;
  const wanted = values.count ? limit : values.unique ? 2 : 1;

  /** Prints one puzzle's answer. */
  const print = async (line: number, found: number, solution: Uint8Array, complete: boolean): Promise<void> => {
    solved++;
    puzzles.update(solved);
    const shownSolution = found === 0 ? null : formatSudoku(solution);
    if (values.json) {
      const json: Record<string, unknown> = { line, solution: values.unique && found > 1 ? null : shownSolution };
      if (values.count || values.unique) json.solutions = found;
      if (values.count) json.complete = complete;
      await cli.out.json(json);
    } else if (values.count) {
      await cli.out.line(String(found));
    } else {
      await cli.out.line(found === 0 ? 'no solution' : values.unique && found > 1 ? 'multiple solutions' : shownSolution!);
    }
  };

  /** With --workers: the 9×9 puzzles read and not yet solved (their cells, and their line numbers). */
  const batch = { cells: new Uint8Array(81 * BATCH), lines: [] as number[] };
  /** Solves and prints the batch; false when the run was stopped meanwhile. */
  const flush = async (): Promise<boolean> => {
    if (batch.lines.length === 0) return true;
    const lines = batch.lines;
    batch.lines = [];
    let result;
    try {
      result = await solveSudokuBatch(batch.cells.subarray(0, 81 * lines.length), { workers: workers!, limit: wanted, signal: cli.signal });
    } catch (error) {
      if (cli.signal.aborted) return false;
      throw error;
    }
    for (let i = 0; i < lines.length; i++) {
      const found = result.counts[i]!;
      await print(lines[i]!, found, result.solutions!.subarray(81 * i, 81 * i + 81), found < wanted);
      if (cli.signal.aborted) return false;
    }
    return true;
  };
  try {
    for await (const { text, line } of readLines(file, { maxLength: MAX_LINE, signal: cli.signal })) {
      // Lines already read come without a turn of the event loop (a pipe hands over up to 2 MiB at once), so the loop
      // is let turn every 15 ms: the --timeout timer and Ctrl-C are then seen between two lines.
      if (performance.now() - turned > 15) {
        await new Promise((resolve) => setImmediate(resolve));
        turned = performance.now();
      }
      if (cli.signal.aborted) break;
      const trimmed = text.trim();
      if (trimmed === '' || trimmed.startsWith('#')) continue;
      let grid;
      try {
        grid = parseSudoku(puzzleOf(trimmed, size));
      } catch (error) {
        if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
        // The first few are said, the rest counted: a flood of bad lines (yes | dlx-sudoku -) cannot flood stderr.
        cli.badLine(`${name} line ${line}: ${error.message}`);
        bad++;
        continue;
      }
      if (workers !== undefined && grid.size === 9) {
        batch.cells.set(grid.cells, 81 * batch.lines.length);
        batch.lines.push(line);
        if (batch.lines.length === BATCH && !(await flush())) break;
        continue;
      }
      // Another size: after the puzzles read before it, in this thread.
      if (!(await flush())) break;
      let solver = solvers.get(grid.size);
      if (solver === undefined) {
        solver = new SudokuSolver(grid.size, { method });
        solvers.set(grid.size, solver);
      }
      const solution = new Uint8Array(grid.cells.length);
      // A long search (a hard 25×25 grid, a big count) gets its own progress line.
      let searching: Progress | undefined;
      const found = await solver
        .searchAsync(grid.cells, wanted, solution, {
          signal: cli.signal,
          progressInterval: 65_536,
          onProgress: (p) => {
            searching ??= cli.progress(`line ${line}`, values.count ? { unit: 'solutions', total: limit } : { unit: 'nodes' });
            searching.update(values.count ? p.solutions : p.nodes);
          },
        })
        .finally(() => searching?.end());
      const stats = solver.lastStats;
      if (stats.stoppedBy === 'signal') {
        unfinished = { line, nodes: stats.nodes, solutions: stats.solutions };
        break;
      }
      await print(line, found, solution, stats.complete);
    }
    if (!cli.signal.aborted) await flush();
  } finally {
    puzzles.end();
  }
  if (cli.stopReason === 'closed') return 0;
  const ms = performance.now() - start;
  if (values.json) await cli.out.json({ summary: { puzzles: solved, badLines: bad, ms: roundMs(ms) } });
  const rate = ms > 0 ? Math.round((solved * 1000) / ms) : 0;
  cli.warn(`${plural(solved, 'puzzle')} in ${(ms / 1000).toFixed(3)} s (${group(rate)} puzzles/s)`);
  if (cli.stopReason === 'timeout' || cli.stopReason === 'interrupted') {
    const why = cli.stopReason === 'timeout' ? `by --timeout ${values.timeout}` : 'by Ctrl-C';
    const where =
      unfinished === undefined
        ? ''
        : `; the puzzle on line ${unfinished.line} was stopped after ${group(unfinished.nodes)} nodes and ${plural(unfinished.solutions, 'solution')}`;
    cli.warn(`stopped ${why}: ${plural(solved, 'puzzle')} done${where}`);
  }
  return bad > 0 ? 1 : cli.stopReason === 'timeout' ? EXIT_TIMEOUT : 0;
}

runCli({ name: 'dlx-sudoku', help: HELP, packageJson: new URL('../package.json', import.meta.url), main });
