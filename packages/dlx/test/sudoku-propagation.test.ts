// The propagation search (SudokuSolver's default method) against the dancing-links one ('dlx') and plain
// backtracking: the same counts, valid solutions that keep the clues, the same solution when it is unique.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUDOKU_SYMBOLS, SudokuSolver, countSudokuSolutions, parseSudoku, solveSudoku } from '../src/index.js';
import { expectError, isValidSolution, prop, solvedGrid, sudokuCountByBacktracking } from './reference.js';

const text = (cells: ArrayLike<number>): string => Array.from(cells, (v) => (v === 0 ? '.' : SUDOKU_SYMBOLS[v - 1]!)).join('');

const solvers = new Map<string, SudokuSolver>();
function solverOf(size: number, method: 'propagation' | 'dlx'): SudokuSolver {
  const key = `${size} ${method}`;
  let solver = solvers.get(key);
  if (solver === undefined) {
    solver = new SudokuSolver(size, { method });
    solvers.set(key, solver);
  }
  return solver;
}

/** Count (up to limit) and first solution by one method. */
function searchBy(method: 'propagation' | 'dlx', cells: Uint8Array, limit: number) {
  const n = Math.round(Math.sqrt(cells.length));
  const solver = solverOf(n, method);
  const out = new Uint8Array(cells.length);
  const found = solver.search(cells, limit, out);
  return { found, solution: found === 0 ? null : text(out), stats: solver.lastStats };
}

/** Random clues: cells and digits drawn at random, each kept only when its digit is not yet in its row, column or box. */
function cluesArb(box: number, maxClues: number): fc.Arbitrary<Uint8Array> {
  const n = box * box;
  return fc.array(fc.record({ cell: fc.nat(n * n - 1), digit: fc.integer({ min: 1, max: n }) }), { maxLength: maxClues }).map((draws) => {
    const cells = new Uint8Array(n * n);
    for (const { cell, digit } of draws) {
      const r = Math.floor(cell / n);
      const c = cell % n;
      let clash = cells[cell] !== 0;
      for (let k = 0; k < n * n && !clash; k++) {
        const kr = Math.floor(k / n);
        const kc = k % n;
        const sameBox = Math.floor(kr / box) === Math.floor(r / box) && Math.floor(kc / box) === Math.floor(c / box);
        if (cells[k] === digit && (kr === r || kc === c || sameBox)) clash = true;
      }
      if (!clash) cells[cell] = digit;
    }
    return cells;
  });
}

/**
 * A puzzle with a known solution: random clues solved by the dancing-links path (falling back to a relabelled
 * pattern grid when they have no solution), then a random share of the solution's cells kept as clues.
 */
function puzzleArb(box: number, keepMin: number, keepMax: number) {
  const n = box * box;
  return fc
    .record({
      clues: cluesArb(box, box === 3 ? 12 : n),
      digits: fc.shuffledSubarray(
        Array.from({ length: n }, (_, k) => k),
        { minLength: n, maxLength: n },
      ),
      keep: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n * n, maxLength: n * n }),
      share: fc.double({ min: keepMin, max: keepMax, noNaN: true }),
    })
    .map(({ clues, digits, keep, share }) => {
      const grid = new Uint8Array(n * n);
      if (solverOf(n, 'dlx').search(clues, 1, grid, { maxNodes: 200_000 }) === 0) grid.set(solvedGrid(box, digits, 1, 2));
      const cells = grid.map((v, k) => (keep[k]! < share ? v : 0));
      return { grid: text(grid), cells };
    });
}

describe('SudokuSolver methods', () => {
  it("searches by propagation unless told 'dlx', and refuses other methods", () => {
    expect(new SudokuSolver().method).toBe('propagation');
    expect(new SudokuSolver(9, {}).method).toBe('propagation');
    expect(new SudokuSolver(4, { method: 'dlx' }).method).toBe('dlx');
    expectError(() => new SudokuSolver(9, { method: 'fast' as never }), RangeError, /method must be 'propagation' or 'dlx'; got 'fast'/);
    expectError(() => new SudokuSolver(9, 'dlx' as never), TypeError, /options of a SudokuSolver must be an object; got 'dlx'/);
  });

  prop([cluesArb(3, 30), fc.integer({ min: 1, max: 4 })])('random 9×9 clues: the same count as dancing links, and valid solutions', (cells, limit) => {
    const ours = searchBy('propagation', cells, limit);
    const dlx = searchBy('dlx', cells, limit);
    expect(ours.found).toBe(dlx.found);
    expect(ours.stats.complete).toBe(dlx.stats.complete);
    if (ours.solution !== null) expect(isValidSolution(text(cells), ours.solution)).toBe(true);
  });

  prop([puzzleArb(3, 0.25, 0.6)])('9×9 puzzles: uniqueness as dancing links says, and the same solution when unique', ({ grid, cells }) => {
    const ours = searchBy('propagation', cells, 2);
    const dlx = searchBy('dlx', cells, 2);
    expect(ours.found).toBe(dlx.found);
    expect(ours.found).toBeGreaterThan(0);
    expect(isValidSolution(text(cells), ours.solution!)).toBe(true);
    if (ours.found === 1) {
      expect(ours.solution).toBe(dlx.solution);
      expect(ours.solution).toBe(grid);
    }
  });

  prop([puzzleArb(3, 0.4, 0.7)], { numRuns: 40 })('9×9 puzzles: counts up to 20 agree with plain backtracking', ({ cells }) => {
    expect(searchBy('propagation', cells, 20).found).toBe(sudokuCountByBacktracking([...cells], 20));
  });

  prop([cluesArb(2, 8), fc.integer({ min: 1, max: 300 })])('4×4: counts agree with plain backtracking, any limit', (cells, limit) => {
    expect(searchBy('propagation', cells, limit).found).toBe(sudokuCountByBacktracking([...cells], limit));
  });

  prop([puzzleArb(4, 0.45, 0.8)], { numRuns: 15 })('16×16 puzzles: the same uniqueness as dancing links, valid solutions', ({ grid, cells }) => {
    const ours = searchBy('propagation', cells, 2);
    const dlx = solverOf(16, 'dlx').search(cells, 2, undefined, { maxNodes: 500_000 });
    if (solverOf(16, 'dlx').lastStats.complete || dlx === 2) expect(ours.found).toBe(dlx);
    expect(isValidSolution(text(cells), ours.solution!)).toBe(true);
    if (ours.found === 1) expect(ours.solution).toBe(grid);
  });

  prop([puzzleArb(5, 0.5, 0.8)], { numRuns: 4 })('25×25 puzzles (symbols 1-9, A-P): solved, valid, unique when the grid says so', ({ grid, cells }) => {
    const ours = searchBy('propagation', cells, 2);
    expect(ours.found).toBeGreaterThan(0);
    expect(isValidSolution(text(cells), ours.solution!)).toBe(true);
    if (ours.found === 1) expect(ours.solution).toBe(grid);
    else expect(countSudokuSolutions(text(cells), 2)).toBe(2);
  });

  it('clues that contradict each other give no solution, and the solver goes on', () => {
    const solver = new SudokuSolver(9);
    const cells = new Uint8Array(81);
    cells[0] = 1;
    cells[1] = 1;
    expect(solver.search(cells, 2)).toBe(0);
    expect(solver.lastStats).toMatchObject({ solutions: 0, complete: true, stoppedBy: null });
    // Row 1 needs its 9 in column 9, which already has one: no two clues clash, yet there is no solution.
    expect(solver.count(`12345678.${'........9'}${'.'.repeat(63)}`)).toBe(0);
    expect(solver.count(solveSudoku('.'.repeat(81))!)).toBe(1);
  });

  it('propagation enters far fewer nodes than dancing links on hard puzzles, with the same answers', () => {
    const hard = [
      '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
      '000000010400000000020000000000050407008000300001090000300400200050100000000806000',
      '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..',
    ];
    for (const line of hard) {
      const cells = parseSudoku(line).cells.slice();
      const ours = searchBy('propagation', cells, 2);
      const dlx = searchBy('dlx', cells, 2);
      expect(ours.found).toBe(1);
      expect(ours.solution).toBe(dlx.solution);
      expect(ours.stats.nodes * 3, line).toBeLessThan(dlx.stats.nodes);
    }
  });

  it('the dancing-links method keeps its budgets, statistics and async form', async () => {
    const solver = new SudokuSolver(9, { method: 'dlx' });
    const empty = new Uint8Array(81);
    const found = solver.search(empty, 1e8, undefined, { maxNodes: 5000 });
    expect(solver.lastStats).toMatchObject({ solutions: found, nodes: 5000, complete: false, stoppedBy: 'nodes' });
    const textbook = parseSudoku('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79').cells.slice();
    const out = new Uint8Array(81);
    expect(await solver.searchAsync(textbook, 2, out)).toBe(1);
    const stats = { ...solver.lastStats };
    expect(solver.search(textbook, 2)).toBe(1);
    expect(solver.lastStats).toEqual(stats);
    expect(isValidSolution(text(textbook), text(out))).toBe(true);
  });
});
