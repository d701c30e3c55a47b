import { describe, expect, it } from 'vitest';
import {
  MAX_ELIMINATION_BITS,
  MAX_PUZZLE_BITS,
  StoppedError,
  analyzePuzzle,
  applyPresses,
  createPuzzle,
  lightsOutPuzzle,
  lightsOutRank,
  randomLightsOutBoard,
  solveLightsOut,
  solvePuzzle,
} from '../src/index.js';
import { backwardsLightsOut, expectError } from './reference.js';

/** Runs `work` and returns the StoppedError it throws (failing the test if it throws nothing or something else). */
function stopped(work: () => unknown): StoppedError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(StoppedError);
    return error as StoppedError;
  }
  throw new Error('expected a StoppedError; the call returned');
}

/** Options that abort the work from its own progress report, once `after` steps are done. */
function abortAfter(after: number) {
  const controller = new AbortController();
  const reports: number[] = [];
  return {
    reports,
    signal: controller.signal,
    onProgress: (done: number, total: number) => {
      reports.push(done);
      expect(done).toBeLessThanOrEqual(total);
      if (done >= after) controller.abort();
    },
  };
}

describe('classic Lights Out in the general API goes to light chasing', () => {
  // Regression: analyzePuzzle(lightsOutPuzzle(100)) eliminated 10,000 moves for 13 s (54 s on a loaded machine).
  it('analyzePuzzle(lightsOutPuzzle(100)) answers at once, and agrees with lightsOutRank', () => {
    const analysis = analyzePuzzle(lightsOutPuzzle(100));
    expect(analysis).toMatchObject({ cells: 10000, moves: 10000, rank: 10000, nullity: 0, allReachable: true, nullSpace: [] });
    const wide = analyzePuzzle(lightsOutPuzzle(30, 99));
    expect({ rank: wide.rank, nullity: wide.nullity }).toEqual(lightsOutRank(30, 99));
    expect(wide.nullSpace).toHaveLength(wide.nullity);
    for (const quiet of wide.nullSpace) {
      const presses = Array.from({ length: 30 * 99 }, (_, k) => k).filter((k) => (quiet[k >>> 5]! >>> (k & 31)) & 1);
      expect(presses.length).toBeGreaterThan(0);
      expect(applyPresses(lightsOutPuzzle(30, 99), new Uint32Array(quiet.length), presses)).toEqual(new Uint32Array(quiet.length));
    }
  }, 10_000);

  it('solvePuzzle on a 100 × 100 classic board is light chasing too, towards any goal', () => {
    const puzzle = createPuzzle({ rows: 100, cols: 100, moves: lightsOutPuzzle(100).moves, goal: [0, 5, 9999] });
    const board = randomLightsOutBoard(100, 100, { seed: 'goal' });
    const solution = solvePuzzle(puzzle, board);
    expect(solution).toMatchObject({ solvable: true, minimal: true, rank: 10000, nullity: 0 });
    expect(applyPresses(puzzle, board, solution.presses!)).toEqual(puzzle.goal);
  }, 10_000);
});

describe('a way out of long work: signal, timeout, progress, limits', () => {
  const general = () => createPuzzle(backwardsLightsOut(40, 40)); // 1,600 moves by elimination: a few hundred ms

  it('a signal aborted before the call stops it at once', () => {
    const controller = new AbortController();
    controller.abort();
    const error = stopped(() => analyzePuzzle(general(), { signal: controller.signal }));
    expect(error).toMatchObject({ reason: 'aborted', done: 0, total: 1600, unit: 'cells' });
    expect(error.message).toBe('aborted while eliminating the 1,600 moves of 40×40 puzzle with 1600 moves: 0 of 1,600 cells done');
    expect(stopped(() => solveLightsOut(new Uint32Array(1), 5, 5, { signal: controller.signal })).reason).toBe('aborted');
    expect(stopped(() => lightsOutRank(5, 5, { signal: controller.signal })).reason).toBe('aborted');
    const board = new Uint32Array(Math.ceil(1600 / 32));
    expect(stopped(() => solvePuzzle(general(), board, { signal: controller.signal })).unit).toBe('cells');
    expect(stopped(() => solvePuzzle(lightsOutPuzzle(40), board, { signal: controller.signal })).unit).toBe('first-row unknowns');
    expect(stopped(() => analyzePuzzle(lightsOutPuzzle(40), { signal: controller.signal })).task).toBe('analysing lights out 40×40 by light chasing');
  });

  it('elimination reports progress and stops part-way when aborted, and is not cached half done', () => {
    const puzzle = general();
    const options = abortAfter(100);
    const error = stopped(() => analyzePuzzle(puzzle, options));
    expect(error.done).toBeGreaterThanOrEqual(100);
    expect(error.done).toBeLessThan(1600);
    expect(options.reports.length).toBeGreaterThan(1);
    expect(options.reports).toEqual([...options.reports].sort((a, b) => a - b));
    // Run again without a way out: the full answer (the stopped run left nothing behind).
    expect(analyzePuzzle(puzzle)).toMatchObject({ rank: 1600, nullity: 0 });
  });

  it('a timeout stops elimination and light chasing with reason "timeout"', () => {
    const error = stopped(() => analyzePuzzle(general(), { timeout: 1 }));
    expect(error.reason).toBe('timeout');
    expect(error.message).toMatch(/^the time limit was reached while eliminating the 1,600 moves of .*: [\d,]+ of 1,600 cells done$/);
    const board = randomLightsOutBoard(3000, 3000, { seed: 1 });
    const chased = stopped(() => solveLightsOut(board, 3000, 3000, { timeout: 1 }));
    expect(chased).toMatchObject({ reason: 'timeout', total: 3000, unit: 'first-row unknowns' });
    expect(chased.message).toMatch(/^the time limit was reached while solving Lights Out 3000×3000 by light chasing: [\d,]+ of 3,000 first-row unknowns done$/);
  });

  it('light chasing reports progress through the elimination of the first row and can be aborted from it', () => {
    const board = randomLightsOutBoard(2000, 2000, { seed: 2 });
    const options = abortAfter(500);
    const error = stopped(() => solveLightsOut(board, 2000, 2000, options));
    expect(error.done).toBeGreaterThanOrEqual(500);
    expect(error.done).toBeLessThan(2000);
    // Without being stopped, progress reaches the end and the answer is the same as without options.
    const reports: number[] = [];
    const solution = solveLightsOut(board, 2000, 2000, { onProgress: (done) => reports.push(done), timeout: 60_000 });
    expect(reports.at(-1)).toBe(2000);
    expect(solution).toEqual(solveLightsOut(board, 2000, 2000));
  });

  it('the search for the fewest presses stops too (2^30 solutions of a general puzzle)', () => {
    // 31 moves that all toggle cell 0: nullity 30, so maxNullity 30 searches 2^30 combinations.
    const puzzle = createPuzzle({ rows: 1, cols: 1, moves: Array.from({ length: 31 }, () => [0]) });
    const error = stopped(() => solvePuzzle(puzzle, Uint32Array.of(1), { maxNullity: 30, timeout: 50 }));
    expect(error).toMatchObject({ reason: 'timeout', total: 2 ** 30, unit: 'solutions' });
    expect(solvePuzzle(puzzle, Uint32Array.of(1), { maxNullity: 5 })).toMatchObject({ solvable: true, minimal: false, nullity: 30 });
  });

  it('refuses elimination over MAX_ELIMINATION_BITS with a RangeError naming the limit', () => {
    expect(MAX_ELIMINATION_BITS).toBe(2 ** 31);
    const puzzle = createPuzzle({ rows: 1, cols: 1, moves: Array.from({ length: 50_000 }, () => [0]) });
    expectError(() => analyzePuzzle(puzzle), RangeError, /too large to eliminate: 50,000 moves × \(1 cells \+ 50,000 moves\) is 2,500,050,000 bits; at most MAX_ELIMINATION_BITS = 2,147,483,648/);
    expectError(() => solvePuzzle(puzzle, Uint32Array.of(1)), RangeError, /MAX_ELIMINATION_BITS/);
  });

  it('refuses puzzles whose move masks would take over MAX_PUZZLE_BITS (lightsOutPuzzle(1000) ran out of memory)', () => {
    expect(MAX_PUZZLE_BITS).toBe(2 ** 31);
    expectError(
      () => lightsOutPuzzle(1000),
      RangeError,
      /^a puzzle's moves may take at most MAX_PUZZLE_BITS = 2,147,483,648 bits \(moves × cells\); got 1,000,000 moves × 1,000,000 cells \(1000×1000\); solve big classic Lights Out boards with solveLightsOut$/,
    );
    expectError(() => lightsOutPuzzle(216), RangeError, /MAX_PUZZLE_BITS/);
    expectError(() => createPuzzle({ rows: 1, cols: 2 ** 26, moves: Array.from({ length: 64 }, () => [0]) }), RangeError, /64 moves × 67,108,864 cells/);
    expect(lightsOutPuzzle(215, 10).cells).toBe(2150);
  });

  it('rejects bad stop options', () => {
    expectError(() => analyzePuzzle(general(), { timeout: -1 }), RangeError, /timeout must be a positive number of milliseconds; got -1/);
    expectError(() => solveLightsOut(new Uint32Array(1), 5, 5, { signal: 'x' as never }), TypeError, /signal must be an AbortSignal; got 'x'/);
    expectError(() => lightsOutRank(5, 5, { onProgress: 3 as never }), TypeError, /onProgress must be a function; got 3/);
    expectError(() => analyzePuzzle(general(), 3 as never), TypeError, /options of analyzePuzzle must be an object; got 3/);
    expectError(() => lightsOutRank(5, 5, 'x' as never), TypeError, /options of lightsOutRank must be an object/);
  });
});
