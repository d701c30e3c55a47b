// pnpm --filter @puzzles/dlx bench
// Our dancing links (the built package, as users call it) beside the `dancing-links` npm package (TimBeyer, v4.3.10)
// on the same exact-cover matrices, measured in the same process, ours and the reference alternating; medians.
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { DancingLinks } from 'dancing-links';
import { SudokuSolver, count, countSudokuSolutions, nQueensProblem, parseSudoku, pentominoProblem, type Problem } from '@puzzles/dlx';
import { timePair, type Timed } from './harness.js';

const DATA = new URL('../../../../shared/data/sudoku/', import.meta.url);
const dl = new DancingLinks<number>();

/** The reference solver for one of our problems: the same items (primary, then secondary) and options, sparse. */
function referenceSolver(problem: Problem<unknown>) {
  const np = problem.primary.length;
  const ns = problem.secondary.length;
  const rows = problem.options.map((option) => option.map((entry) => problem.itemIndex(entry)));
  if (ns === 0) {
    const solver = dl.createSolver({ columns: np });
    rows.forEach((row, k) => solver.addSparseConstraint(k, row));
    return solver;
  }
  const solver = dl.createSolver({ primaryColumns: np, secondaryColumns: ns });
  rows.forEach((row, k) =>
    solver.addSparseConstraint(k, { primary: row.filter((i) => i < np), secondary: row.filter((i) => i >= np).map((i) => i - np) }),
  );
  return solver;
}

/** The reference on one Sudoku: the 324 items, and for each cell the option of its clue or of every digit. */
function referenceSudoku(line: string, limit: number): number {
  const solver = dl.createSolver({ columns: 324 });
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      const ch = line.charCodeAt(r * 9 + c);
      const given = ch >= 49 && ch <= 57 ? ch - 49 : -1;
      const b = 3 * Math.floor(r / 3) + Math.floor(c / 3);
      for (let v = 0; v < 9; v++) {
        if (given >= 0 && v !== given) continue;
        solver.addSparseConstraint(r * 81 + c * 9 + v, [r * 9 + c, 81 + r * 9 + v, 162 + c * 9 + v, 243 + b * 9 + v]);
      }
    }
  }
  return solver.find(limit).length;
}

function puzzles(file: string): string[] | null {
  const url = new URL(file, DATA);
  if (!existsSync(url)) return null;
  return readFileSync(url, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.slice(0, 81));
}

const rows: Array<Timed & { unit: string; known: string }> = [];
const add = (t: Timed, unit: string, known: string) => {
  rows.push({ ...t, unit, known });
  const ratio = t.referenceCpu === null ? '' : `  ratio ${(t.referenceCpu / t.oursCpu).toFixed(2)}x (CPU)`;
  console.log(`  ${t.name}: ours ${t.ours.toFixed(3)} s, dancing-links ${t.reference === null ? '-' : `${t.reference.toFixed(3)} s`}${ratio}`);
};

console.log(`@puzzles/dlx bench on Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log('(the machine is shared: absolute times are noisy; ours and dancing-links alternate, so the ratio is the figure to read)\n');

const pentominoes = pentominoProblem(6, 10, { breakSymmetry: true });
add(
  timePair({ name: 'pentominoes 6×10, all 2339 (X restricted)', expect: 2339, ours: () => count(pentominoes).solutions, reference: () => referenceSolver(pentominoes).findAll().length, rounds: 5 }),
  's',
  'issue: dancing-links ~2.26 s, plain C -O2 ~1.0 s',
);
const pentominoesAll = pentominoProblem(6, 10);
add(timePair({ name: 'pentominoes 6×10, all 9356 (no symmetry breaking)', expect: 9356, ours: () => count(pentominoesAll).solutions, reference: null, rounds: 0, noWarmUp: true }), 's', '');

const queens = nQueensProblem(12);
add(
  timePair({ name: '12-queens, all 14200', expect: 14200, ours: () => count(queens).solutions, reference: () => referenceSolver(queens).findAll().length, rounds: 7 }),
  's',
  'issue: dancing-links ~0.10 s, plain C ~0.03 s',
);

const clue17 = puzzles('17-clue.txt');
const hardest = puzzles('forum-hardest-1106.txt');
if (clue17 === null || hardest === null) {
  console.log('\n(sudoku data not found under ../shared/data/sudoku: Sudoku cases skipped)');
} else {
  const first2000 = clue17.slice(0, 2000);
  // The dancing-links Sudoku search (the same matrix as the reference's); bench/sudoku.bench.ts measures the default.
  const dlxSudoku = new SudokuSolver(9, { method: 'dlx' });
  const sumCounts = (lines: string[], f: (line: string) => number) => lines.reduce((sum, line) => sum + f(line), 0);
  add(
    timePair({
      name: '17-clue, first 2,000, stop after 2 solutions',
      expect: first2000.length, // each has exactly one solution
      ours: () => sumCounts(first2000, (line) => dlxSudoku.count(line, 2)),
      reference: () => sumCounts(first2000, (line) => referenceSudoku(line, 2)),
      rounds: 5,
    }),
    'puzzles',
    'issue: dancing-links ~0.20 s, plain C ~0.105 s',
  );
  add(
    timePair({
      name: 'forum-hardest-1106 (375), stop after 2 solutions',
      expect: hardest.length,
      ours: () => sumCounts(hardest, (line) => dlxSudoku.count(line, 2)),
      reference: () => sumCounts(hardest, (line) => referenceSudoku(line, 2)),
      rounds: 7,
    }),
    'puzzles',
    'data README: C dancing links (fast_solv_9r2) 1,134 puzzles/s',
  );
  // All 49,158 17-clue puzzles with the uniqueness check, on a reused solver with pre-parsed grids and with the
  // public function (which parses and validates each line).
  const solver = new SudokuSolver(9, { method: 'dlx' });
  const grids = clue17.map((line) => parseSudoku(line).cells);
  add(
    timePair({ name: `17-clue, all ${clue17.length}, uniqueness (SudokuSolver.search)`, expect: clue17.length, ours: () => grids.reduce((s, g) => s + solver.search(g, 2), 0), reference: null, rounds: 3 }),
    'puzzles',
    'data README: C fast_solv_9r2 37,301/s',
  );
  add(
    timePair({ name: `17-clue, all ${clue17.length}, uniqueness (countSudokuSolutions)`, expect: clue17.length, ours: () => sumCounts(clue17, (line) => countSudokuSolutions(line)), reference: null, rounds: 3 }),
    'puzzles',
    '',
  );
  const sizes: Record<string, number> = {
    '17-clue, first 2,000, stop after 2 solutions': 2000,
    'forum-hardest-1106 (375), stop after 2 solutions': hardest.length,
  };
  sizes[`17-clue, all ${clue17.length}, uniqueness (SudokuSolver.search)`] = clue17.length;
  sizes[`17-clue, all ${clue17.length}, uniqueness (countSudokuSolutions)`] = clue17.length;
  for (const row of rows) if (sizes[row.name] !== undefined) Object.assign(row, { size: sizes[row.name] });
}

console.log('\nmedian seconds, wall clock [CPU of this process] (lower is better); ratio = dancing-links / ours, by CPU time');
const pad = (s: string, n: number) => s.padEnd(n);
console.log(`${pad('case', 60)}${pad('ours', 34)}${pad('dancing-links', 34)}${pad('ratio', 8)}known figures`);
for (const row of rows) {
  const size = (row as typeof row & { size?: number }).size;
  const fmt = (wall: number | null, cpu: number | null) =>
    wall === null || cpu === null
      ? '-'
      : `${wall.toFixed(3)} s [${cpu.toFixed(3)}]${size ? ` ${Math.round(size / cpu).toLocaleString('en-US')}/cpu-s` : ''}`;
  const ratio = row.referenceCpu === null ? '-' : `${(row.referenceCpu / row.oursCpu).toFixed(2)}x`;
  console.log(`${pad(row.name, 60)}${pad(fmt(row.ours, row.oursCpu), 34)}${pad(fmt(row.reference, row.referenceCpu), 34)}${pad(ratio, 8)}${row.known}`);
}
