// Probing (both sides of every pair tried between branches; on by default for 25×25 grids) against dancing links and
// the same search without it. Switched on for 9×9 and 16×16 grids here, where puzzles that need branching are cheap.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUDOKU_SYMBOLS, SudokuSolver, parseSudoku, solveSudoku } from '../src/index.js';
import { PropagationSearch, SOLVED, propagationFor } from '../src/sudoku-bitset.js';
import { isValidSolution, prop } from './reference.js';

const text = (cells: ArrayLike<number>): string => Array.from(cells, (v) => (v === 0 ? '.' : SUDOKU_SYMBOLS[v - 1]!)).join('');

const PROBING = { locked: true, digitBranches: true, probing: true };
const NOT_PROBING = { locked: true, digitBranches: true, probing: false };

const searches = new Map<string, PropagationSearch>();
function searchOf(box: number, probing: boolean): PropagationSearch {
  const key = `${box} ${probing}`;
  let search = searches.get(key);
  if (search === undefined) {
    search = new PropagationSearch(box, probing ? PROBING : NOT_PROBING);
    searches.set(key, search);
  }
  return search;
}

/** Count up to limit and first solution; `firstOnly` as the solver sets it for a limit of 1. */
function run(search: PropagationSearch, cells: Uint8Array, limit: number, firstOnly = limit === 1) {
  search.firstOnly = firstOnly;
  search.load(cells);
  const out = new Uint8Array(cells.length);
  let found = 0;
  while (found < limit && search.run() === SOLVED) {
    if (found === 0) search.writeSolution(out);
    found++;
  }
  return { found, solution: found === 0 ? null : text(out), nodes: search.nodes };
}

/** A random solved grid (random clues completed by dancing links) with a random share of its cells kept. */
function puzzleArb(box: number, keepMin: number, keepMax: number) {
  const n = box * box;
  const dlx = new SudokuSolver(n, { method: 'dlx' });
  const fallback = parseSudoku(solveSudoku('.'.repeat(n * n))!).cells;
  return fc
    .record({
      clues: fc.array(fc.tuple(fc.nat(n * n - 1), fc.integer({ min: 1, max: n })), { maxLength: box === 3 ? 10 : 20 }),
      keep: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n * n, maxLength: n * n }),
      share: fc.double({ min: keepMin, max: keepMax, noNaN: true }),
    })
    .map(({ clues, keep, share }) => {
      const start = new Uint8Array(n * n);
      for (const [cell, digit] of clues) {
        start[cell] = digit;
        // Keep a clue only while the clues still have a solution (and a quick one).
        if (dlx.search(start, 1, undefined, { maxNodes: 20_000 }) === 0 || !dlx.lastStats.complete) start[cell] = 0;
      }
      const grid = new Uint8Array(n * n);
      if (dlx.search(start, 1, grid, { maxNodes: 200_000 }) === 0) grid.set(fallback);
      return { grid: text(grid), cells: grid.map((v, k) => (keep[k]! < share ? v : 0)), dlx };
    });
}

/** A unique puzzle with few clues: a random solved grid's cells blanked in a random order while one solution remains. */
function minimalArb(box: number) {
  const n = box * box;
  return puzzleArb(box, 1, 1).chain(({ grid, dlx }) =>
    fc
      .shuffledSubarray(
        Array.from({ length: n * n }, (_, k) => k),
        { minLength: n * n, maxLength: n * n },
      )
      .map((order) => {
        const cells = parseSudoku(grid).cells.slice();
        for (const k of order) {
          const v = cells[k]!;
          cells[k] = 0;
          if (dlx.search(cells, 2, undefined, { maxNodes: 50_000 }) !== 1 || !dlx.lastStats.complete) cells[k] = v;
        }
        return { grid, cells, dlx };
      }),
  );
}

describe('probing', () => {
  it('is on by default for 25×25 grids only', () => {
    expect(propagationFor(3).probing).toBe(false);
    expect(propagationFor(4).probing).toBe(false);
    expect(propagationFor(5).probing).toBe(true);
    expect(new PropagationSearch(5).propagation.probing).toBe(true);
  });

  prop([puzzleArb(3, 0.15, 0.5), fc.integer({ min: 1, max: 3 })], { numRuns: 60 })(
    '9×9: the same counts as dancing links and as the search without probing; valid solutions, the grid when unique',
    ({ grid, cells, dlx }, limit) => {
      const probed = run(searchOf(3, true), cells, limit);
      const plain = run(searchOf(3, false), cells, limit);
      expect(probed.found).toBe(dlx.search(cells, limit));
      expect(probed.found).toBe(plain.found);
      expect(probed.found).toBeGreaterThan(0);
      expect(isValidSolution(text(cells), probed.solution!)).toBe(true);
      if (dlx.search(cells, 2) === 1) expect(probed.solution).toBe(grid);
    },
  );

  prop([puzzleArb(3, 0.1, 0.4)], { numRuns: 40 })('9×9: filling cells from both sides of a pair finds the same first solution when it is unique', ({ grid, cells, dlx }) => {
    const filling = run(searchOf(3, true), cells, 1, true);
    const trying = run(searchOf(3, true), cells, 1, false);
    expect(filling.found).toBe(1);
    expect(trying.found).toBe(1);
    expect(isValidSolution(text(cells), filling.solution!)).toBe(true);
    expect(isValidSolution(text(cells), trying.solution!)).toBe(true);
    if (dlx.search(cells, 2) === 1) expect([filling.solution, trying.solution]).toEqual([grid, grid]);
  });

  prop([puzzleArb(4, 0.3, 0.5)], { numRuns: 8 })('16×16: the same uniqueness as the search without probing, valid solutions', ({ grid, cells }) => {
    const probed = run(searchOf(4, true), cells, 2);
    const plain = run(searchOf(4, false), cells, 2);
    expect(probed.found).toBe(plain.found);
    expect(isValidSolution(text(cells), probed.solution!)).toBe(true);
    if (probed.found === 1) expect(probed.solution).toBe(grid);
  });

  prop([minimalArb(3), fc.integer({ min: 1, max: 2 })], { numRuns: 40 })('9×9 puzzles with few clues: the one solution, both ways of probing', ({ grid, cells }, limit) => {
    const filling = run(searchOf(3, true), cells, limit, true);
    const trying = run(searchOf(3, true), cells, limit, false);
    expect([filling.found, filling.solution]).toEqual([1, grid]);
    expect([trying.found, trying.solution]).toEqual([1, grid]);
  });

  it('hard 9×9 puzzles: fewer branches than without probing, each side tried counted as a node', () => {
    for (const line of [
      '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
      '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..',
    ]) {
      const cells = parseSudoku(line).cells.slice();
      const probed = run(searchOf(3, true), cells, 2);
      const plain = run(searchOf(3, false), cells, 2);
      expect(probed.found).toBe(1);
      expect(probed.solution).toBe(plain.solution);
      // Trials count as nodes: more nodes than branches.
      expect(probed.nodes).toBeGreaterThan(1);
    }
  });

  it('a 25×25 search keeps its budgets: a node budget stops it and says so', () => {
    const solver = new SudokuSolver(25);
    const found = solver.search(new Uint8Array(625), 1e6, undefined, { maxNodes: 50 });
    expect(solver.lastStats).toMatchObject({ solutions: found, complete: false, stoppedBy: 'nodes' });
    expect(solver.lastStats.nodes).toBeGreaterThanOrEqual(50);
    const grid = solveSudoku('.'.repeat(625))!;
    expect(isValidSolution('.'.repeat(625), grid)).toBe(true);
    expect(solver.count(grid.slice(0, 600) + '.'.repeat(25))).toBe(1);
  });
});
