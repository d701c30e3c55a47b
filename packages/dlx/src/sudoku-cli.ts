#!/usr/bin/env node
// dlx-sudoku: argument parsing and printing only; everything else is the library's.
import { parseArgs } from 'node:util';
import { UsageError, packageVersion, positiveInteger, readInput, runCli } from './cli-common.js';
import { SUDOKU_SIZES, SudokuSolver, formatSudoku, parseSudoku } from './index.js';

const HELP = `Usage: dlx-sudoku [options] [file|-]

Solves Sudoku puzzles with dancing links, one puzzle per line (like the seed's
solve-file): 81 cells, 1-9 for clues, 0 or . for blanks. Also 4×4, 16×16 and
25×25 grids (16, 256 or 625 cells; symbols 1-9 then A-P). Lines starting with
'#' and blank lines are skipped; text after the puzzle's last cell (such as
'// comment') is ignored. Prints each solution as one line.

Options:
  --unique       print 'no solution' or 'multiple solutions' unless the
                 puzzle has exactly one solution
  --count        print the number of solutions (up to --limit)
  --limit N      with --count: stop counting at N (default 1000)
  --size N       grid side 4, 9, 16 or 25 (default: from the line's length)
  --json         one JSON object per puzzle: {"line", "solution", "solutions"}
  -h, --help     show this help
  -v, --version  show the version

A summary (puzzles, seconds, puzzles per second) goes to stderr. A bad line is
reported on stderr with its line number; the exit status is then 1.

Examples:
  dlx-sudoku puzzles.txt
  dlx-sudoku --unique puzzles.txt
  echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | dlx-sudoku --count -

Exit status: 0 on success, 1 on bad input, 2 on a usage error.`;

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        unique: { type: 'boolean' },
        count: { type: 'boolean' },
        limit: { type: 'string' },
        size: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) throw new UsageError(`give one file (or - for standard input); got ${positionals.length}`);
  if (values.unique && values.count) throw new UsageError('--unique and --count do not go together; use one');
  let limit = 1000;
  if (values.limit !== undefined) {
    if (!values.count) throw new UsageError('--limit goes with --count');
    limit = positiveInteger(values.limit, '--limit')!;
  }
  let size: number | undefined;
  if (values.size !== undefined) {
    size = /^\d+$/.test(values.size) ? Number(values.size) : Number.NaN;
    if (!SUDOKU_SIZES.includes(size)) throw new UsageError(`--size must be 4, 9, 16 or 25; got '${values.size}'`);
  }
  return { values, file: positionals[0] ?? '-', limit, size };
}

const CELL = /[0-9.A-Za-z]/;

/** The puzzle part of a line: its leading cell characters, cut to the grid's size. */
function puzzleOf(line: string, size: number | undefined): string {
  let run = 0;
  while (run < line.length && CELL.test(line[run]!)) run++;
  if (size !== undefined) {
    if (run < size * size) throw new RangeError(`expected ${size * size} cells for a ${size}×${size} grid; got ${run}`);
    return line.slice(0, size * size);
  }
  if (run === 16 || run === 256 || run === 625) return line.slice(0, run);
  if (run >= 81) return line.slice(0, 81);
  // Name the character that ended the cells, unless it is the space before a comment (then the grid is just short).
  const stop = run < line.length && !/\s/.test(line[run]!) ? `, then bad character ${JSON.stringify(String.fromCodePoint(line.codePointAt(run)!))} at column ${run + 1}` : '';
  throw new RangeError(
    `expected a puzzle of 81 cells (or 16, 256, 625); got ${run} cell characters${stop} in ${JSON.stringify(line.length > 40 ? `${line.slice(0, 37)}...` : line)}`,
  );
}

function main(argv: string[]): number {
  const { values, file, limit, size } = parse(argv);
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (values.version) {
    console.log(packageVersion());
    return 0;
  }
  const name = file === '-' ? 'stdin' : file;
  const text = readInput(file);
  const solvers = new Map<number, SudokuSolver>();
  const lines = text.split(/\r?\n/);
  const start = performance.now();
  let puzzles = 0;
  let failed = false;
  let out: string[] = [];
  const flush = (): void => {
    if (out.length > 0) process.stdout.write(`${out.join('\n')}\n`);
    out = [];
  };
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    let grid;
    try {
      grid = parseSudoku(puzzleOf(line, size));
    } catch (error) {
      if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
      flush();
      console.error(`dlx-sudoku: ${name} line ${k + 1}: ${error.message}`);
      failed = true;
      continue;
    }
    puzzles++;
    let solver = solvers.get(grid.size);
    if (solver === undefined) {
      solver = new SudokuSolver(grid.size);
      solvers.set(grid.size, solver);
    }
    const solution = new Uint8Array(grid.cells.length);
    const found = solver.search(grid.cells, values.count ? limit : values.unique ? 2 : 1, solution);
    const solved = found === 0 ? null : formatSudoku(solution);
    let shown: string;
    if (values.count) shown = String(found);
    else if (found === 0) shown = 'no solution';
    else if (values.unique && found > 1) shown = 'multiple solutions';
    else shown = solved!;
    if (values.json) {
      const json: Record<string, unknown> = { line: k + 1, solution: values.unique && found > 1 ? null : solved };
      if (values.count || values.unique) json.solutions = found;
      shown = JSON.stringify(json);
    }
    out.push(shown);
    if (out.length >= 4096) flush();
  }
  flush();
  const seconds = (performance.now() - start) / 1000;
  const rate = seconds > 0 ? Math.round(puzzles / seconds) : 0;
  console.error(`dlx-sudoku: ${puzzles} puzzle${puzzles === 1 ? '' : 's'} in ${seconds.toFixed(3)} s (${rate.toLocaleString('en-US')} puzzles/s)`);
  return failed ? 1 : 0;
}

runCli('dlx-sudoku', main);
