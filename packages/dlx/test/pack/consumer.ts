// The pack-check consumer (scripts/pack-check.mjs): compiled as consumer.mts and consumer.cts under module nodenext
// against the installed tarball, then run with node. No top-level await and no import.meta: it must also compile as
// CommonJS.
import {
  count,
  countSudokuSolutions,
  createSolver,
  first,
  formatDlx,
  nQueensProblem,
  packingProblem,
  parseDlx,
  rectangle,
  solutions,
  solveSudoku,
  type Placement,
  type Problem,
  type SearchStats,
  type Solution,
} from '@puzzles/dlx';

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`@puzzles/dlx consumer: ${what}`);
}

const knuth: Problem = parseDlx('a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n');
const only: Solution | null = first(knuth);
check(only !== null && only.options.join() === '0,3,4', `Knuth's example: ${only?.options.join()}`);
check(parseDlx(formatDlx(knuth)).options.length === 6, 'formatDlx round trip');

const stats: SearchStats = count(nQueensProblem(8));
check(stats.solutions === 92 && stats.complete, `8 queens: ${stats.solutions}`);
check([...solutions(nQueensProblem(6))].length === 4, '6 queens');
check(createSolver(nQueensProblem(5)).count({ limit: 3 }).solutions === 3, 'limit');

const seed: Problem<Placement> = packingProblem({
  board: rectangle(3, 3),
  pieces: [
    { name: 'L', cells: '###\n#..' },
    { name: 'B', cells: '##\n##' },
    { name: 'S', cells: '#' },
  ],
  rotate: false,
  reflect: false,
});
check(seed.optionCount === 15 && first(seed)?.options.join() === '0,5,12', "the 3×3 packing of the Lisp blog post on Dancing Links Sudoku");

const puzzle = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const solved = solveSudoku(puzzle);
check(solved !== null && /^[1-9]{81}$/.test(solved), `solveSudoku: ${solved}`);
check(countSudokuSolutions(puzzle) === 1 && countSudokuSolutions('.'.repeat(81)) === 2, 'countSudokuSolutions');
let refused = false;
try {
  solveSudoku('55' + '.'.repeat(79));
} catch (error) {
  refused = error instanceof RangeError;
}
check(refused, 'contradictory clues were not refused with a RangeError');

console.log('consumer: ok');
