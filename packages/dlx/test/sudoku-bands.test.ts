// The 9×9 search by bands (the default for 9×9 grids) against the dancing-links method, the general propagation
// search and plain backtracking: the same counts, valid solutions that keep the clues, contradictions found, budgets,
// signals and statistics as the other methods keep them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUDOKU_SYMBOLS, SudokuSolver, countSudokuSolutions, parseSudoku, solveSudoku } from '../src/index.js';
import { BandSearch } from '../src/sudoku-bands.js';
import { PropagationSearch, SOLVED } from '../src/sudoku-bitset.js';
import { asyncProp, isValidSolution, prop, sudokuCountByBacktracking } from './reference.js';

const text = (cells: ArrayLike<number>): string => Array.from(cells, (v) => (v === 0 ? '.' : SUDOKU_SYMBOLS[v - 1]!)).join('');

const bands = new SudokuSolver(9);
const dlx = new SudokuSolver(9, { method: 'dlx' });
const general = new PropagationSearch(3);

/** Count (up to limit) and first solution by the general propagation search, which 9×9 grids no longer use. */
function generalSearch(cells: Uint8Array, limit: number): { found: number; solution: string | null } {
  general.load(cells);
  const out = new Uint8Array(81);
  let found = 0;
  while (found < limit && general.run() === SOLVED) {
    if (found === 0) general.writeSolution(out);
    found++;
  }
  return { found, solution: found === 0 ? null : text(out) };
}

/** Count and first solution by one solver. */
function searchBy(solver: SudokuSolver, cells: Uint8Array, limit: number) {
  const out = new Uint8Array(81);
  const found = solver.search(cells, limit, out);
  return { found, solution: found === 0 ? null : text(out), stats: solver.lastStats };
}

/** Raw clues: any digit in any cell, clashes and all (search takes cells that parseSudoku would refuse). */
const rawCluesArb = (maxClues: number): fc.Arbitrary<Uint8Array> =>
  fc.array(fc.tuple(fc.nat(80), fc.integer({ min: 1, max: 9 })), { maxLength: maxClues }).map((draws) => {
    const cells = new Uint8Array(81);
    for (const [cell, digit] of draws) cells[cell] = digit;
    return cells;
  });

/** Clues that never repeat a digit in a row, column or box (most have many solutions, some none). */
const cluesArb = (maxClues: number): fc.Arbitrary<Uint8Array> =>
  rawCluesArb(maxClues).map((raw) => {
    const cells = new Uint8Array(81);
    for (let k = 0; k < 81; k++) {
      const v = raw[k]!;
      if (v === 0) continue;
      let clash = false;
      for (let q = 0; q < 81 && !clash; q++) {
        const sameRow = Math.floor(q / 9) === Math.floor(k / 9);
        const sameColumn = q % 9 === k % 9;
        const sameBox = Math.floor(q / 27) === Math.floor(k / 27) && Math.floor((q % 9) / 3) === Math.floor((k % 9) / 3);
        if (cells[q] === v && (sameRow || sameColumn || sameBox)) clash = true;
      }
      if (!clash) cells[k] = v;
    }
    return cells;
  });

/** A random solved grid (random clues completed by dancing links) with a random share of its cells blanked. */
const puzzleArb = (keepMin: number, keepMax: number) =>
  fc
    .record({
      clues: cluesArb(14),
      keep: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 81, maxLength: 81 }),
      share: fc.double({ min: keepMin, max: keepMax, noNaN: true }),
    })
    .map(({ clues, keep, share }) => {
      const grid = new Uint8Array(81);
      if (dlx.search(clues, 1, grid, { maxNodes: 100_000 }) === 0) grid.set(parseSudoku(solveSudoku('.'.repeat(81))!).cells);
      return { grid: text(grid), cells: grid.map((v, k) => (keep[k]! < share ? v : 0)) };
    });

describe('the 9×9 search by bands', () => {
  prop([cluesArb(30), fc.integer({ min: 1, max: 3 })])('random clues: the same count as dancing links and the general search, valid solutions', (cells, limit) => {
    const ours = searchBy(bands, cells, limit);
    expect(ours.found).toBe(searchBy(dlx, cells, limit).found);
    expect(ours.found).toBe(generalSearch(cells, limit).found);
    if (ours.solution !== null) expect(isValidSolution(text(cells), ours.solution)).toBe(true);
    expect(ours.stats.complete).toBe(ours.found < limit);
  });

  prop([puzzleArb(0.2, 0.6)])('random puzzles: uniqueness as dancing links says it, and the grid itself when unique', ({ grid, cells }) => {
    const ours = searchBy(bands, cells, 2);
    const theirs = searchBy(dlx, cells, 2);
    expect(ours.found).toBe(theirs.found);
    expect(ours.found).toBeGreaterThan(0);
    expect(isValidSolution(text(cells), ours.solution!)).toBe(true);
    if (ours.found === 1) {
      expect(ours.solution).toBe(grid);
      expect(ours.solution).toBe(theirs.solution);
    }
  });

  prop([puzzleArb(0.45, 0.75)], { numRuns: 40 })('random puzzles: counts up to 3 agree with plain backtracking', ({ cells }) => {
    expect(searchBy(bands, cells, 3).found).toBe(sudokuCountByBacktracking([...cells], 3));
  });

  prop([rawCluesArb(40)])('clues that clash or leave no solution: none found, the search complete, as dancing links says', (cells) => {
    const ours = searchBy(bands, cells, 2);
    expect(ours.found).toBe(searchBy(dlx, cells, 2).found);
    if (ours.found === 0) expect(ours.stats).toMatchObject({ solutions: 0, complete: true, stoppedBy: null });
  });

  it('finds contradictions the clues do not show by themselves', () => {
    // Two equal clues in a row, in a column and in a box (parseSudoku refuses these; search answers none).
    for (const pair of [
      [0, 8],
      [0, 72],
      [0, 20],
    ]) {
      const cells = new Uint8Array(81);
      for (const k of pair) cells[k] = 5;
      expect(bands.search(cells, 2), String(pair)).toBe(0);
      expect(bands.lastStats).toMatchObject({ solutions: 0, nodes: 1, complete: true });
    }
    // Row 1 needs its 9 in column 9, which already has one.
    expect(bands.count(`12345678.${'........9'}${'.'.repeat(63)}`)).toBe(0);
    // Row 1 has 2-9 and column 1 has 4-9, so the corner can only be 1, which box 1 already has: no two clues clash.
    const corner = `.23456789${'4........'}${'5.1......'}${'6........'}${'7........'}${'8........'}${'9........'}${'.'.repeat(18)}`;
    expect(() => parseSudoku(corner)).not.toThrow();
    expect(bands.count(corner)).toBe(0);
    expect(dlx.count(corner)).toBe(0);
  });

  it('counts solutions of nearly empty grids up to the limit, as dancing links does', () => {
    for (const limit of [1, 2, 100, 1000]) {
      expect(bands.search(new Uint8Array(81), limit)).toBe(limit);
      expect(bands.lastStats).toMatchObject({ solutions: limit, complete: false, stoppedBy: 'limit' });
    }
    // 8 blank cells of a solved grid forming two rectangles: counts as dancing links has them.
    const solved = parseSudoku(solveSudoku('.'.repeat(81))!).cells;
    const cells = solved.slice();
    for (const k of [0, 1, 9, 10, 30, 31, 39, 40]) cells[k] = 0;
    expect(bands.search(cells, 100)).toBe(dlx.search(cells, 100));
  });

  prop([puzzleArb(0.2, 0.5)], { numRuns: 30 })('statistics: nodes at least 1, and each solution found has had 648 candidates removed on its way', ({ cells }) => {
    const found = bands.search(cells, 1);
    const stats = bands.lastStats;
    expect(found).toBe(1);
    expect(stats.nodes).toBeGreaterThanOrEqual(1);
    // 729 candidates, 81 left in a solved grid; failed branches remove more.
    expect(stats.updates).toBeGreaterThanOrEqual(648);
    if (stats.nodes === 1) expect(stats.updates).toBe(648);
  });

  it('enters far fewer nodes than dancing links on hard puzzles', () => {
    for (const line of [
      '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
      '000000010400000000020000000000050407008000300001090000300400200050100000000806000',
      '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..',
    ]) {
      const cells = parseSudoku(line).cells.slice();
      const ours = searchBy(bands, cells, 2);
      const theirs = searchBy(dlx, cells, 2);
      expect(ours.found).toBe(1);
      expect(ours.solution).toBe(theirs.solution);
      expect(ours.stats.nodes * 3, line).toBeLessThan(theirs.stats.nodes);
    }
  });

  it('a node budget stops it there and says so; the next search starts afresh', () => {
    const empty = new Uint8Array(81);
    for (const maxNodes of [0, 1, 2, 37]) {
      const found = bands.search(empty, 1e9, undefined, { maxNodes });
      expect(bands.lastStats).toMatchObject({ solutions: found, nodes: maxNodes, complete: false, stoppedBy: 'nodes' });
    }
    const hard = parseSudoku('8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..').cells.slice();
    expect(bands.search(hard, 2, undefined, { maxNodes: 1 })).toBe(0);
    expect(bands.lastStats.stoppedBy).toBe('nodes');
    expect(bands.search(hard, 2)).toBe(1);
    expect(bands.lastStats).toMatchObject({ solutions: 1, complete: true, stoppedBy: null });
  });

  it('a signal aborted from onProgress stops it, and a timeout does', () => {
    const controller = new AbortController();
    const seen: number[] = [];
    bands.search(new Uint8Array(81), 1e9, undefined, {
      signal: controller.signal,
      progressInterval: 500,
      onProgress: (p) => {
        seen.push(p.nodes);
        if (seen.length === 2) controller.abort();
      },
    });
    expect(seen).toEqual([500, 1000]);
    expect(bands.lastStats).toMatchObject({ nodes: 1000, complete: false, stoppedBy: 'signal' });
    bands.search(new Uint8Array(81), 1e9, undefined, { timeout: 5 });
    expect(bands.lastStats).toMatchObject({ complete: false, stoppedBy: 'time' });
  });

  asyncProp([puzzleArb(0.25, 0.5)], { numRuns: 10 })('searchAsync gives what search gives, with the same statistics', async ({ cells }) => {
    const out = new Uint8Array(81);
    const found = await bands.searchAsync(cells, 2, out);
    const stats = bands.lastStats;
    const again = new Uint8Array(81);
    expect(bands.search(cells, 2, again)).toBe(found);
    expect(bands.lastStats).toEqual(stats);
    expect(text(out)).toBe(text(again));
  });

  it('the search object keeps the engine protocol: pauses on onCheck and goes on', () => {
    const search = new BandSearch();
    search.load(new Uint8Array(81));
    let checks = 0;
    search.checkAt = 3;
    search.onCheck = () => {
      checks++;
      search.checkAt = Infinity;
      return true;
    };
    expect(search.run()).not.toBe(SOLVED);
    expect(search.nodes).toBe(3);
    expect(search.run()).toBe(SOLVED);
    expect(checks).toBe(1);
    const out = new Uint8Array(81);
    search.writeSolution(out);
    expect(isValidSolution('.'.repeat(81), text(out))).toBe(true);
  });
});
