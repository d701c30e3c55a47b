import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SUDOKU_SYMBOLS,
  SudokuSolver,
  countSudokuSolutions,
  formatSudoku,
  parseSudoku,
  solveSudoku,
} from '../src/index.js';
import {
  expectError,
  fuzzText,
  isValidSolution,
  onlyOurErrors,
  prop,
  solvedGrid,
  sudokuCountByBacktracking,
} from './reference.js';

const EMPTY_9 = '.'.repeat(81);

/** A puzzle made from a relabelled solved grid by blanking the cells the mask picks; cells 0 blank. */
function puzzleArb(box: number, minClues: number): fc.Arbitrary<{ solution: number[]; cells: number[] }> {
  const n = box * box;
  return fc
    .record({
      digits: fc.shuffledSubarray(
        Array.from({ length: n }, (_, k) => k),
        { minLength: n, maxLength: n },
      ),
      rowSwap: fc.nat(box - 1),
      colSwap: fc.nat(box - 1),
      keep: fc.shuffledSubarray(
        Array.from({ length: n * n }, (_, k) => k),
        { minLength: minClues, maxLength: n * n },
      ),
    })
    .map(({ digits, rowSwap, colSwap, keep }) => {
      const solution = solvedGrid(box, digits, rowSwap, colSwap);
      const kept = new Set(keep);
      return { solution, cells: solution.map((v, k) => (kept.has(k) ? v : 0)) };
    });
}

const text = (cells: readonly number[]): string => cells.map((v) => (v === 0 ? '.' : SUDOKU_SYMBOLS[v - 1]!)).join('');

describe('solveSudoku', () => {
  prop([puzzleArb(3, 30)])('solves 9×9 puzzles: a valid grid that keeps the clues', ({ cells }) => {
    const puzzle = text(cells);
    const solution = solveSudoku(puzzle);
    expect(solution).not.toBeNull();
    expect(solution).toHaveLength(81);
    expect(solution).toMatch(/^[1-9]{81}$/);
    expect(isValidSolution(puzzle, solution!)).toBe(true);
  });

  prop([puzzleArb(2, 0)])('solves 4×4 puzzles', ({ cells }) => {
    const puzzle = text(cells);
    expect(isValidSolution(puzzle, solveSudoku(puzzle)!)).toBe(true);
  });

  prop([puzzleArb(4, 120)], { numRuns: 20 })('solves 16×16 puzzles (symbols 1-9, A-G)', ({ cells }) => {
    const puzzle = text(cells);
    const solution = solveSudoku(puzzle)!;
    expect(solution).toMatch(/^[1-9A-G]{256}$/);
    expect(isValidSolution(puzzle, solution)).toBe(true);
  });

  it('solves empty grids of every size', () => {
    for (const n of [4, 9, 16, 25]) {
      const solution = solveSudoku('0'.repeat(n * n));
      expect(solution, `${n}×${n}`).not.toBeNull();
      expect(isValidSolution('.'.repeat(n * n), solution!)).toBe(true);
    }
  });

  prop([puzzleArb(5, 500)], { numRuns: 5 })('solves 25×25 puzzles (symbols 1-9, A-P)', ({ cells }) => {
    const puzzle = text(cells);
    expect(isValidSolution(puzzle, solveSudoku(puzzle)!)).toBe(true);
  });

  it('takes the form of the Lisp blog post: 9 strings of 9, and 0 or . for blanks', () => {
    const rows = ['53..7....', '6..195...', '.98....6.', '8...6...3', '4..8.3..1', '7...2...6', '.6....28.', '...419..5', '....8..79'];
    const solution = solveSudoku(rows);
    expect(solution).toBe(solveSudoku(rows.join('').replaceAll('.', '0')));
    expect(isValidSolution(rows.join(''), solution!)).toBe(true);
    expect(countSudokuSolutions(rows)).toBe(1);
  });

  it('ignores whitespace and reads lower-case symbols', () => {
    const grid = solveSudoku('.'.repeat(256))!;
    const lower = `${grid.slice(0, 100).toLowerCase().replace(/(.{16})/g, '$1\n')}${'.'.repeat(156)}`;
    expect(solveSudoku(lower)!.slice(0, 100)).toBe(grid.slice(0, 100));
  });

  it('returns null for a valid grid without a solution', () => {
    // Row 1 needs its 9 in column 9, but column 9 already has a 9 (row 2): no two clues clash, yet no solution.
    const puzzle = `12345678.${'........9'}${'.'.repeat(63)}`;
    expect(solveSudoku(puzzle)).toBeNull();
    expect(countSudokuSolutions(puzzle)).toBe(0);
    expect(solveSudoku(`123.${'...4'}${'.'.repeat(8)}`)).toBeNull();
  });

  it('refuses a malformed or contradictory grid with a clear message', () => {
    expectError(() => solveSudoku('123'), RangeError, /must have 16, 81, 256 or 625 cells .*got 3 characters/);
    expectError(() => solveSudoku(`${'.'.repeat(80)}x`), RangeError, /bad character 'x' at cell 81 \(row 9, column 9\): a 9×9 Sudoku uses 1-9/);
    expectError(() => solveSudoku(`A${'.'.repeat(80)}`), RangeError, /bad character 'A' at cell 1/);
    expectError(() => solveSudoku(`H${'.'.repeat(255)}`), RangeError, /16×16 Sudoku uses 1-9 and A-G/);
    expectError(() => solveSudoku(`5....5${'.'.repeat(75)}`), RangeError, /5 appears twice in row 1 \(row 1 column 1 and row 1 column 6\)/);
    expectError(() => solveSudoku(`7${'.'.repeat(26)}7${'.'.repeat(53)}`), RangeError, /7 appears twice in column 1/);
    expectError(() => solveSudoku(`3${'.'.repeat(9)}3${'.'.repeat(70)}`), RangeError, /3 appears twice in box 1/);
    expectError(() => solveSudoku(['123']), RangeError, /must have 4, 9, 16 or 25 rows; got 1/);
    expectError(() => solveSudoku(Array(9).fill('.........').map((r, i) => (i === 2 ? '........' : r))), RangeError, /row 3 of a 9×9 Sudoku must have 9 cells; got 8/);
    expectError(() => solveSudoku(Array(9).fill(9) as never), TypeError, /row 1 of a Sudoku grid must be a string/);
    expectError(() => solveSudoku(42 as never), TypeError, /must be a string or an array of row strings; got 42/);
    expectError(() => solveSudoku(null as never), TypeError, /got null/);
  });

  prop([fuzzText('0123456789.ABCabc \n', 90)])('arbitrary text: a solution, null, or one of our errors', (input) => {
    const solution = onlyOurErrors(() => solveSudoku(input));
    if (typeof solution === 'string') expect(isValidSolution(input, solution)).toBe(true);
  });
});

describe('countSudokuSolutions', () => {
  prop([puzzleArb(3, 36)])('agrees with plain backtracking (limit 2) on 9×9 puzzles', ({ cells }) => {
    expect(countSudokuSolutions(text(cells))).toBe(sudokuCountByBacktracking(cells, 2));
  });

  prop([puzzleArb(2, 0), fc.integer({ min: 1, max: 300 })])('agrees with plain backtracking on 4×4 puzzles, any limit', ({ cells }, limit) => {
    expect(countSudokuSolutions(text(cells), limit)).toBe(sudokuCountByBacktracking(cells, limit));
  });

  it('counts up to the limit, and all 288 4×4 grids', () => {
    expect(countSudokuSolutions(EMPTY_9)).toBe(2);
    expect(countSudokuSolutions(EMPTY_9, 7)).toBe(7);
    expect(countSudokuSolutions('.'.repeat(16), Infinity)).toBe(288);
    expect(countSudokuSolutions(solveSudoku(EMPTY_9)!)).toBe(1);
  });

  it('checks the limit', () => {
    expectError(() => countSudokuSolutions(EMPTY_9, 0), RangeError, /limit of countSudokuSolutions must be a positive integer or Infinity; got 0/);
    expectError(() => countSudokuSolutions(EMPTY_9, '2' as never), TypeError, /limit/);
  });
});

describe('SudokuSolver, parseSudoku and formatSudoku', () => {
  it('a solver for one size solves puzzle after puzzle and keeps statistics', () => {
    const solver = new SudokuSolver(9);
    const first = solver.solve(EMPTY_9);
    expect(solver.lastStats.solutions).toBe(1);
    expect(solver.lastStats.nodes).toBeGreaterThan(0);
    expect(solver.count(first!)).toBe(1);
    expect(solver.solve(EMPTY_9)).toBe(first);
    expectError(() => solver.solve('.'.repeat(16)), RangeError, /this solver is for 9×9 grids; got a 4×4 grid/);
    expectError(() => new SudokuSolver(10), RangeError, /size must be 4, 9, 16 or 25; got 10/);
  });

  it('parses sizes and clues', () => {
    const grid = parseSudoku(`1.3${'0'.repeat(13)}`);
    expect(grid.size).toBe(4);
    expect(grid.box).toBe(2);
    expect([...grid.cells.slice(0, 4)]).toEqual([1, 0, 3, 0]);
  });

  prop([puzzleArb(3, 0)])('formatSudoku(parseSudoku(x).cells) gives x back (with . for blanks)', ({ cells }) => {
    expect(formatSudoku(parseSudoku(text(cells)).cells)).toBe(text(cells));
  });

  it('search checks its cells, limit and output instead of answering for another grid', () => {
    const solver = new SudokuSolver(9);
    const cells = new Uint8Array(81);
    cells[0] = 12; // not a 9×9 symbol: it must not be read as a clue of another cell
    expectError(() => solver.search(cells, 1), RangeError, /cell 1 of a 9×9 Sudoku must be 0 \(blank\) to 9; got 12/);
    cells[0] = 5;
    cells[40] = 10;
    expectError(() => solver.search(cells, 1), RangeError, /cell 41 .* got 10/);
    expectError(() => solver.search(new Uint8Array(16), 1), RangeError, /9×9 Sudoku has 81 cells; got 16/);
    expectError(() => solver.search(null as never, 1), TypeError, /cells of a grid; got null/);
    expectError(() => solver.search(new Uint8Array(81), 0), RangeError, /limit must be at least 1; got 0/);
    expectError(() => solver.search(new Uint8Array(81), Number.NaN), RangeError, /limit/);
    expectError(() => solver.search(new Uint8Array(81), 1, new Uint8Array(3)), RangeError, /output .* 81 cells; got 3/);
    // The forced clues of a refused grid are undone: the solver still answers correctly.
    expect(solver.count(EMPTY_9, 2)).toBe(2);
    expect(solver.count(solver.solve(EMPTY_9)!, 2)).toBe(1);
  });

  it('a sparse array of rows is refused, not read as blank rows', () => {
    expectError(() => solveSudoku(new Array(9) as never), TypeError, /row 1 of a Sudoku grid must be a string; got undefined/);
  });

  it('formatSudoku refuses bad cells', () => {
    expectError(() => formatSudoku(null as never), TypeError, /formatSudoku needs an array of cells; got null/);
    expectError(() => formatSudoku([1, 2, 3]), RangeError, /16, 81, 256 or 625 cells; got 3/);
    expectError(() => formatSudoku(Array(16).fill(5)), RangeError, /cell 1 must be 0..4; got 5/);
  });
});
