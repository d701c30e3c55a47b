import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyzePuzzle,
  applyLightsOut,
  applyPresses,
  bitsOf,
  boardOf,
  countBits,
  createPuzzle,
  lightsOutPuzzle,
  lightsOutRank,
  randomLightsOutBoard,
  solveLightsOut,
  solvePuzzle,
} from '../src/index.js';
import { transpose32, transposeBoard } from '../src/lights-out.js';
import { backwardsLightsOut, expectError, pack, plainLightsOut, prop, toggled } from './reference.js';

const sizeArb = fc.record({ rows: fc.integer({ min: 1, max: 13 }), cols: fc.integer({ min: 1, max: 40 }) });

describe('light chasing', () => {
  it('reports 5×5 rank 23, nullity 2, and the n×n nullities for n = 1..19', () => {
    expect(lightsOutRank(5)).toEqual({ rank: 23, nullity: 2 });
    const nullities = Array.from({ length: 19 }, (_, i) => lightsOutRank(i + 1).nullity);
    expect(nullities).toEqual([0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16]);
    const empty = (n: number) => new Uint32Array(Math.ceil((n * n) / 32));
    const affine = Array.from({ length: 19 }, (_, i) => solveLightsOut(empty(i + 1), i + 1, i + 1, { method: 'affine' }).nullity);
    expect(affine).toEqual(nullities);
  });

  prop([sizeArb, fc.integer()])('applyLightsOut toggles each pressed cell and its neighbours, like the plain reference', ({ rows, cols }, seed) => {
    const presses = randomLightsOutBoard(rows, cols, { seed, solvable: false });
    const expected = toggled(plainLightsOut(rows, cols), bitsOf(presses));
    expect(applyLightsOut(new Uint32Array(presses.length), presses, rows, cols)).toEqual(pack(expected));
  });

  prop([sizeArb, fc.integer(), fc.boolean()])(
    'agrees with general elimination on classic boards: rank, nullity, solvability; presses verified',
    ({ rows, cols }, seed, solvable) => {
      const board = randomLightsOutBoard(rows, cols, { seed, solvable });
      const chased = solveLightsOut(board, rows, cols);
      // The two ways of building the bottom-edge system give the same answer.
      expect(solveLightsOut(board, rows, cols, { method: 'affine' })).toEqual(chased);
      const puzzle = lightsOutPuzzle(rows, cols);
      // Elimination, on the same game with its moves numbered backwards (so not handed to light chasing).
      const eliminated = solvePuzzle(createPuzzle(backwardsLightsOut(rows, cols)), board);
      const cells = rows * cols;
      const general = eliminated.solvable ? { ...eliminated, presses: eliminated.presses.map((k) => cells - 1 - k).sort((a, b) => a - b) } : eliminated;
      // solvePuzzle on the classic puzzle is light chasing, and agrees too.
      expect(solvePuzzle(puzzle, board)).toEqual({ solvable: chased.solvable, presses: chased.solvable ? bitsOf(chased.presses!) : null, minimal: chased.minimal, rank: chased.rank, nullity: chased.nullity });
      expect(chased.rank).toBe(general.rank);
      expect(chased.nullity).toBe(general.nullity);
      expect(chased.solvable).toBe(general.solvable);
      if (solvable) expect(chased.solvable).toBe(true);
      if (chased.solvable) {
        expect(chased.verified).toBe(true);
        expect(applyLightsOut(board, chased.presses!, rows, cols)).toEqual(new Uint32Array(board.length));
        expect(applyPresses(puzzle, board, bitsOf(chased.presses!))).toEqual(new Uint32Array(board.length));
        expect(chased.pressCount).toBe(countBits(chased.presses!));
        if (chased.nullity === 0) expect(bitsOf(chased.presses!)).toEqual(general.presses);
        // Both search the null space: the fewest presses agree.
        expect(chased.minimal).toBe(true);
        expect(chased.pressCount).toBe(general.presses!.length);
        const first = solveLightsOut(board, rows, cols, { maxWork: 0 });
        expect(first.minimal).toBe(chased.nullity === 0);
        expect(first.pressCount).toBeGreaterThanOrEqual(chased.pressCount);
        expect(applyLightsOut(board, first.presses!, rows, cols)).toEqual(new Uint32Array(board.length));
      } else {
        expect(chased).toMatchObject({ presses: null, verified: false, pressCount: 0, minimal: false });
      }
    },
  );

  it('solves larger boards, square and not, and finds unsolvable ones', () => {
    for (const [rows, cols] of [[64, 64], [33, 100], [100, 33], [1, 70], [70, 1], [19, 19]] as const) {
      const board = randomLightsOutBoard(rows, cols, { seed: `${rows}x${cols}` });
      const solution = solveLightsOut(board, rows, cols);
      expect(solution).toMatchObject({ rows, cols, solvable: true, verified: true });
      expect(applyLightsOut(board, solution.presses!, rows, cols)).toEqual(new Uint32Array(board.length));
    }
    // 19×19 has nullity 16: a single corner light is not solvable, as the general solver agrees.
    const corner = boardOf(19, 19, [0]);
    expect(solveLightsOut(corner, 19).solvable).toBe(false);
    expect(solvePuzzle(createPuzzle(backwardsLightsOut(19, 19)), corner, { maxNullity: 0 }).solvable).toBe(false);
    expect(analyzePuzzle(createPuzzle(backwardsLightsOut(19, 19))).nullity).toBe(16);
    expect(analyzePuzzle(lightsOutPuzzle(19)).nullity).toBe(16);
  });

  it('chases along the shorter side: wide boards are solved as their transpose (review regression)', () => {
    // Before: the bottom-edge system had cols unknowns, so 1 × 2^20 asked for a 2^20 × 2^15-word matrix and threw a
    // raw "Invalid typed array length"; and 2 × 20000 took seconds where 20000 × 2 takes milliseconds.
    expect(lightsOutRank(1, 2 ** 20)).toEqual({ rank: 2 ** 20, nullity: 0 }); // 1 × n: nullity 1 iff n ≡ 2 (mod 3)
    expect(lightsOutRank(1, 2 ** 20 + 1)).toEqual({ rank: 2 ** 20, nullity: 1 });
    expect(lightsOutRank(1, 5)).toEqual({ rank: 4, nullity: 1 });
    expect(lightsOutRank(4, 9)).toEqual(lightsOutRank(9, 4));
    const board = randomLightsOutBoard(1, 2 ** 20, { seed: 'wide' });
    const solution = solveLightsOut(board, 1, 2 ** 20);
    expect(solution).toMatchObject({ rows: 1, cols: 2 ** 20, solvable: true, verified: true, nullity: 0 });
    expect(applyLightsOut(board, solution.presses!, 1, 2 ** 20)).toEqual(new Uint32Array(board.length));
    for (const [rows, cols] of [[3, 70], [5, 33], [2, 5], [13, 40]] as const) {
      for (const solvable of [true, false]) {
        const wide = randomLightsOutBoard(rows, cols, { seed: `${rows}x${cols}`, solvable });
        const chased = solveLightsOut(wide, rows, cols);
        const general = solvePuzzle(createPuzzle(backwardsLightsOut(rows, cols)), wide);
        expect(chased).toMatchObject({ rows, cols, rank: general.rank, nullity: general.nullity, solvable: general.solvable });
        if (chased.solvable) {
          expect(chased.pressCount).toBe(general.presses!.length);
          expect(applyLightsOut(wide, chased.presses!, rows, cols)).toEqual(new Uint32Array(wide.length));
        }
      }
    }
  });

  prop([fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), fc.integer()])(
    'transposes boards by 32 × 32 blocks exactly as cell by cell (the wide-board path)',
    (rows, cols, seed) => {
      const board = randomLightsOutBoard(rows, cols, { seed, solvable: false });
      const on = new Set(bitsOf(board));
      const expected: number[] = [];
      for (let c = 0; c < cols; c++) for (let r = 0; r < rows; r++) if (on.has(r * cols + c)) expected.push(c * rows + r);
      const transposed = transposeBoard(board, rows, cols);
      expect(bitsOf(transposed)).toEqual(expected);
      expect(transposed.length).toBe(board.length);
      expect(transposeBoard(transposed, cols, rows)).toEqual(board);
    },
  );

  it('transpose32 swaps bit j of word i with bit i of word j', () => {
    const block = Uint32Array.from({ length: 32 }, (_, i) => Math.imul(i + 1, 2654435761) >>> 0);
    const copy = block.slice();
    transpose32(block);
    for (let i = 0; i < 32; i++) for (let j = 0; j < 32; j++) expect((block[i]! >>> j) & 1).toBe((copy[j]! >>> i) & 1);
  });

  it('makes reproducible random boards', () => {
    expect(randomLightsOutBoard(10, 10, { seed: 1 })).toEqual(randomLightsOutBoard(10, 10, { seed: 1 }));
    expect(randomLightsOutBoard(10, 10, { seed: 1 })).not.toEqual(randomLightsOutBoard(10, 10, { seed: 2 }));
  });

  it('rejects bad sizes and boards', () => {
    expectError(() => solveLightsOut(new Uint32Array(1), 0), RangeError, /rows must be an integer from 1 to 67108864; got 0/);
    expectError(() => solveLightsOut(new Uint32Array(1), 6), RangeError, /board must be a Uint32Array of 2 words for 36 cells; got 1 words/);
    expectError(() => applyLightsOut(new Uint32Array(1), new Uint32Array(2), 3), RangeError, /presses must be a Uint32Array of 1 words/);
    expectError(() => randomLightsOutBoard(3, 3, { solvable: 1 as never }), TypeError, /solvable must be a boolean; got 1/);
    expectError(() => solveLightsOut(new Uint32Array(1), 3, 3, { maxWork: -1 }), RangeError, /maxWork must be an integer from 0/);
    expectError(() => solveLightsOut(new Uint32Array(1), 3, 3, { method: 'fast' as never }), RangeError, /method must be 'kernel' or 'affine'; got 'fast'/);
  });
});
