// The clause-learning search (SudokuSolver's default for 25×25 grids) against the search per cell without learning,
// dancing links and plain backtracking on 4×4, 9×9 and 16×16 grids, where both finish at once; and the published
// 25×25 puzzles that the search without learning could not prove unique.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUDOKU_SYMBOLS, SudokuSolver, parseSudoku, solveSudoku } from '../src/index.js';
import { DONE, PAUSED, PropagationSearch, SOLVED } from '../src/sudoku-bitset.js';
import { LearningSearch } from '../src/sudoku-learning.js';
import { asyncProp, isValidSolution, prop, solvedGrid, sudokuCountByBacktracking } from './reference.js';

const text = (cells: ArrayLike<number>): string => Array.from(cells, (v) => (v === 0 ? '.' : SUDOKU_SYMBOLS[v - 1]!)).join('');

const learning = new Map<number, LearningSearch>();
const plain = new Map<number, PropagationSearch>();
const learningOf = (box: number) => learning.get(box) ?? (learning.set(box, new LearningSearch(box)), learning.get(box)!);
const plainOf = (box: number) => plain.get(box) ?? (plain.set(box, new PropagationSearch(box)), plain.get(box)!);

/** Up to `limit` solutions of a search: how many, all of them as strings. */
function solutionsOf(search: LearningSearch | PropagationSearch, cells: Uint8Array, limit: number): string[] {
  search.load(cells);
  const out = new Uint8Array(cells.length);
  const found: string[] = [];
  while (found.length < limit && search.run() === SOLVED) {
    search.writeSolution(out);
    found.push(text(out));
  }
  return found;
}

/** Random clues: each drawn clue kept only when its digit is not yet in its row, column or box. */
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

/** A puzzle from a solved grid (a pattern grid with its digits, rows and columns relabelled) with a share of its cells kept. */
function puzzleArb(box: number, keepMin: number, keepMax: number) {
  const n = box * box;
  return fc
    .record({
      digits: fc.shuffledSubarray(
        Array.from({ length: n }, (_, k) => k),
        { minLength: n, maxLength: n },
      ),
      rowSwap: fc.nat(box - 1),
      colSwap: fc.nat(box - 1),
      keep: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n * n, maxLength: n * n }),
      share: fc.double({ min: keepMin, max: keepMax, noNaN: true }),
    })
    .map(({ digits, rowSwap, colSwap, keep, share }) => {
      const grid = Uint8Array.from(solvedGrid(box, digits, rowSwap, colSwap));
      const cells = grid.map((v, k) => (keep[k]! < share ? v : 0));
      return { grid: text(grid), cells };
    });
}

/** Solves with one search and fills a share of the solution's cells: a puzzle with a known solution and many shapes. */
function solvedPuzzleArb(box: number, maxClues: number, keepMin: number, keepMax: number) {
  const n = box * box;
  return fc
    .record({
      clues: cluesArb(box, maxClues),
      keep: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n * n, maxLength: n * n }),
      share: fc.double({ min: keepMin, max: keepMax, noNaN: true }),
    })
    .map(({ clues, keep, share }) => {
      const grid = new Uint8Array(n * n);
      const dlx = new SudokuSolver(n, { method: 'dlx' });
      if (dlx.search(clues, 1, grid, { maxNodes: 200_000 }) === 0) return null;
      return { grid: text(grid), cells: grid.map((v, k) => (keep[k]! < share ? v : 0)) };
    })
    .filter((p) => p !== null)
    .map((p) => p!);
}

describe('the clause-learning search', () => {
  for (const box of [2, 3, 4]) {
    const n = box * box;
    prop([fc.oneof(puzzleArb(box, 0.3, 0.8), solvedPuzzleArb(box, n, 0.3, 0.8))], { numRuns: box === 4 ? 20 : 60 })(
      `${n}×${n} puzzles: counts capped at 2 as the search without learning, valid and distinct solutions, the grid when unique`,
      ({ grid, cells }) => {
        const ours = solutionsOf(learningOf(box), cells, 2);
        const theirs = solutionsOf(plainOf(box), cells, 2);
        expect(ours.length).toBe(theirs.length);
        expect(ours.length).toBeGreaterThan(0);
        for (const s of ours) expect(isValidSolution(text(cells), s)).toBe(true);
        expect(new Set(ours).size).toBe(ours.length);
        if (ours.length === 1) expect(ours[0]).toBe(grid);
      },
    );
  }

  prop([cluesArb(3, 30)])('random 9×9 clues (often none or many solutions): counts capped at 2 as dancing links', (cells) => {
    const dlx = new SudokuSolver(9, { method: 'dlx' }).search(cells, 2);
    expect(solutionsOf(learningOf(3), cells, 2).length).toBe(dlx);
  });

  prop([cluesArb(2, 8), fc.integer({ min: 1, max: 300 })])('4×4: every solution once, as many as plain backtracking counts, any limit', (cells, limit) => {
    const found = solutionsOf(learningOf(2), cells, limit);
    expect(found.length).toBe(sudokuCountByBacktracking([...cells], limit));
    expect(new Set(found).size).toBe(found.length);
    for (const s of found) expect(isValidSolution(text(cells), s)).toBe(true);
  });

  prop([puzzleArb(3, 0.4, 0.7)], { numRuns: 30 })('9×9 puzzles: counts up to 20 agree with plain backtracking', ({ cells }) => {
    expect(solutionsOf(learningOf(3), cells, 20).length).toBe(sudokuCountByBacktracking([...cells], 20));
  });

  it('the empty 4×4 grid: all 288 solutions, then DONE', () => {
    const search = learningOf(2);
    expect(solutionsOf(search, new Uint8Array(16), 1000)).toHaveLength(288);
    expect(search.run()).toBe(DONE);
  });

  it('clues the rules contradict (no two equal in a unit, yet no solution) give none', () => {
    // Row 1 needs its 9 in column 9, which already has one.
    const cells = parseSudoku(`12345678.${'........9'}${'.'.repeat(63)}`).cells.slice();
    expect(solutionsOf(learningOf(3), cells, 2)).toEqual([]);
    expect(learningOf(3).run()).toBe(DONE);
  });

  it('pauses when onCheck asks and goes on to the same answer', () => {
    const search = learningOf(4);
    const cells = new Uint8Array(256);
    search.load(cells);
    let checks = 0;
    search.checkAt = 5;
    search.onCheck = () => {
      checks++;
      search.checkAt = search.nodes + 5;
      return checks <= 3;
    };
    let result: number;
    let pauses = 0;
    while ((result = search.run()) === PAUSED) pauses++;
    search.onCheck = null;
    search.checkAt = Infinity;
    expect(pauses).toBe(3);
    expect(result).toBe(SOLVED);
    const out = new Uint8Array(256);
    search.writeSolution(out);
    expect(isValidSolution('.'.repeat(256), text(out))).toBe(true);
  });
});

/** The 25×25 puzzles of michael404/SudokuSolver's test data that the search without learning did not prove unique. */
const PUBLISHED = (
  JSON.parse(readFileSync(new URL('fixtures/sudoku-25x25.json', import.meta.url), 'utf8')) as {
    cases: Array<{ name: string; puzzle: string; solution: string }>;
  }
).cases;

describe('published 25×25 puzzles', () => {
  for (const { name, puzzle, solution } of PUBLISHED) {
    it(`${name}: unique (SudokuSolver, limit 2), the published solution (also solveSudoku, limit 1)`, () => {
      const solver = new SudokuSolver(25);
      const out = new Uint8Array(625);
      expect(solver.search(parseSudoku(puzzle).cells, 2, out)).toBe(1);
      expect(solver.lastStats).toMatchObject({ solutions: 1, complete: true, stoppedBy: null });
      expect(text(out)).toBe(solution);
      expect(solveSudoku(puzzle)).toBe(solution);
    });
  }

  it('a published solution with a deadly rectangle blanked has exactly two solutions, by search and searchAsync', async () => {
    // Two rows of one band and two columns of different stacks whose four cells read x y / y x: the digits can swap.
    const n = 25;
    const grid = parseSudoku(PUBLISHED[0]!.solution).cells;
    let rectangle: number[] | null = null;
    for (let r1 = 0; r1 < n && rectangle === null; r1++) {
      for (let r2 = r1 + 1; r2 < r1 - (r1 % 5) + 5 && rectangle === null; r2++) {
        for (let c1 = 0; c1 < n && rectangle === null; c1++) {
          for (let c2 = c1 - (c1 % 5) + 5; c2 < n && rectangle === null; c2++) {
            if (grid[r1 * n + c1] === grid[r2 * n + c2] && grid[r1 * n + c2] === grid[r2 * n + c1]) {
              rectangle = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
            }
          }
        }
      }
    }
    expect(rectangle).not.toBeNull();
    const cells = grid.slice();
    for (const k of rectangle!) cells[k] = 0;
    const solver = new SudokuSolver(25);
    expect(solver.search(cells, 3)).toBe(2);
    expect(solver.lastStats.complete).toBe(true);
    expect(await solver.searchAsync(cells, 2)).toBe(2);
    cells[rectangle![0]!] = grid[rectangle![0]!]!;
    expect(solver.search(cells, 2)).toBe(1);
  });

  it('keeps its budgets on an empty grid: a node budget stops it and says so, a count goes on past one solution', () => {
    const solver = new SudokuSolver(25);
    const found = solver.search(new Uint8Array(625), 1e6, undefined, { maxNodes: 50 });
    expect(solver.lastStats).toMatchObject({ solutions: found, complete: false, stoppedBy: 'nodes' });
    expect(solver.search(new Uint8Array(625), 3, undefined, { maxNodes: 100_000 })).toBe(3);
  });

  asyncProp([fc.integer({ min: 1, max: 3 })], { numRuns: 3 })('searchAsync and search agree on a published puzzle with clues taken away', async (drop) => {
    const cells = parseSudoku(PUBLISHED[1]!.puzzle).cells.slice();
    let left = drop;
    for (let k = 0; k < cells.length && left > 0; k++) {
      if (cells[k] !== 0) {
        cells[k] = 0;
        left--;
      }
    }
    const solver = new SudokuSolver(25);
    const sync = solver.search(cells, 2);
    expect(await solver.searchAsync(cells, 2)).toBe(sync);
  });
});
