import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GOAL,
  MOVES,
  analyzePuzzle,
  applyPresses,
  boardOf,
  createPuzzle,
  flipperPuzzle,
  isSolvable,
  lightsOutPuzzle,
  merlinPuzzle,
  solve,
  solvePuzzle,
} from '../src/index.js';
import { backwardsLightsOut, bruteForce, expectError, pack, plainLightsOut, plainRank, prop, smallPuzzleArb, toggled, unpack } from './reference.js';

describe('presets', () => {
  it('the flipper: rank 9, every position solvable, the same answers as solve()', () => {
    const puzzle = flipperPuzzle();
    expect(puzzle.moves.map((m) => m[0])).toEqual(MOVES);
    expect(Array.from(puzzle.goal)).toEqual([GOAL]);
    expect(analyzePuzzle(puzzle)).toMatchObject({ cells: 9, moves: 9, rank: 9, nullity: 0, allReachable: true, nullSpace: [] });
    for (let p = 0; p < 512; p++) {
      const solution = solvePuzzle(puzzle, Uint32Array.of(p));
      expect(solution.solvable && solution.minimal).toBe(true);
      expect(solution.presses!.map((k) => k + 1)).toEqual(solve(p));
    }
  });

  it("Merlin's magic square: the centre toggles the plus 2,4,5,6,8, corners their 2×2 block, edges their side", () => {
    const puzzle = merlinPuzzle();
    const squares = puzzle.moves.map((m) => unpack(m, 9).flatMap((on, s) => (on ? [s + 1] : [])));
    expect(squares).toEqual([[1, 2, 4, 5], [1, 2, 3], [2, 3, 5, 6], [1, 4, 7], [2, 4, 5, 6, 8], [3, 6, 9], [4, 5, 7, 8], [7, 8, 9], [5, 6, 8, 9]]);
    expect(analyzePuzzle(puzzle)).toMatchObject({ rank: 9, nullity: 0, allReachable: true });
    const all = bruteForce({ cells: 9, moves: puzzle.moves.map((m) => unpack(m, 9).flatMap((on, s) => (on ? [s] : []))) });
    for (let p = 0; p < 512; p++) {
      const solution = solvePuzzle(puzzle, Uint32Array.of(p));
      expect(Array.from(applyPresses(puzzle, Uint32Array.of(p), solution.presses!))).toEqual([GOAL]);
      expect(solution.presses!.length).toBe(all.get(unpack(Uint32Array.of(p ^ GOAL), 9).join('')));
    }
  });

  it('classic Lights Out 5×5 has rank 23 and nullity 2; its null space clears nothing', () => {
    const puzzle = lightsOutPuzzle(5);
    const analysis = analyzePuzzle(puzzle);
    expect(analysis).toMatchObject({ cells: 25, moves: 25, rank: 23, nullity: 2, allReachable: false });
    const empty = new Uint32Array(1);
    for (const quiet of analysis.nullSpace) {
      const presses = unpack(quiet, 25).flatMap((on, k) => (on ? [k] : []));
      expect(presses.length).toBeGreaterThan(0);
      expect(applyPresses(puzzle, empty, presses)).toEqual(empty);
    }
    // One light in a corner cannot be put out; the centre alone can.
    expect(isSolvable(puzzle, boardOf(5, 5, [0]))).toBe(false);
    expect(isSolvable(puzzle, boardOf(5, 5, [12]))).toBe(true);
  });

  it('classic Lights Out n×n nullity for n = 1..19, computed: 0,0,0,4,2,0,0,0,8,0,6,0,0,4,0,8,2,0,16', () => {
    const nullities = Array.from({ length: 19 }, (_, i) => analyzePuzzle(lightsOutPuzzle(i + 1)).nullity);
    expect(nullities).toEqual([0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16]);
    // By elimination too: the same games with their moves numbered backwards are not handed to light chasing.
    const eliminated = Array.from({ length: 19 }, (_, i) => analyzePuzzle(createPuzzle(backwardsLightsOut(i + 1, i + 1))).nullity);
    expect(eliminated).toEqual(nullities);
    // The plain reference agrees on the small ones.
    for (let n = 1; n <= 6; n++) expect(nullities[n - 1]).toBe(n * n - plainRank(plainLightsOut(n, n).moves.map((move) => toggled({ cells: n * n, moves: [move] }, [0]))));
  });

  it('finds the fewest presses on 5×5: a solvable board has 4 solutions and the minimal one is returned', () => {
    const puzzle = lightsOutPuzzle(5);
    const all = bruteForceLightsOut5();
    for (let seed = 0; seed < 30; seed++) {
      const presses = unpack(Uint32Array.of((seed * 2654435761) >>> 7), 25).flatMap((on, k) => (on ? [k] : []));
      const board = applyPresses(puzzle, new Uint32Array(1), presses);
      const solution = solvePuzzle(puzzle, board);
      expect(solution).toMatchObject({ solvable: true, minimal: true, rank: 23, nullity: 2 });
      expect(applyPresses(puzzle, board, solution.presses!)).toEqual(new Uint32Array(1));
      expect(solution.presses!.length).toBe(all(board));
      const unsearched = solvePuzzle(puzzle, board, { maxNullity: 1 });
      expect(unsearched.minimal).toBe(false);
      expect(applyPresses(puzzle, board, unsearched.presses!)).toEqual(new Uint32Array(1));
    }
  });
});

/** On 5×5 Lights Out, the fewest presses for a board: the minimum over x + the four combinations of quiet patterns. */
function bruteForceLightsOut5(): (board: Uint32Array) => number {
  const plain = plainLightsOut(5, 5);
  // Enumerate all 2^25 press sets is too slow for a unit test; instead enumerate the first row (2^5) and chase.
  return (board) => {
    const lights = unpack(board, 25);
    let best = Infinity;
    for (let first = 0; first < 32; first++) {
      const presses: number[] = [];
      for (let c = 0; c < 5; c++) if ((first >>> c) & 1) presses.push(c);
      for (let r = 1; r < 5; r++) {
        const now = toggled(plain, presses).map((x, i) => x ^ lights[i]!);
        for (let c = 0; c < 5; c++) if (now[(r - 1) * 5 + c]) presses.push(r * 5 + c);
      }
      const after = toggled(plain, presses).map((x, i) => x ^ lights[i]!);
      if (after.every((x) => x === 0)) best = Math.min(best, presses.length);
    }
    return best;
  };
}

describe('solvePuzzle on random puzzles', () => {
  prop([smallPuzzleArb, fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 16, maxLength: 16 })])(
    'solvable iff the position is in the column space; solutions verified and as few as brute force',
    ({ rows, cols, moves }, bits) => {
      const cells = rows * cols;
      const puzzle = createPuzzle({ rows, cols, moves });
      const position = pack(bits.slice(0, cells));
      const fewest = bruteForce({ cells, moves });
      const solution = solvePuzzle(puzzle, position);
      const needed = fewest.get(bits.slice(0, cells).join(''));
      expect(solution.solvable).toBe(needed !== undefined);
      expect(isSolvable(puzzle, position)).toBe(needed !== undefined);
      const analysis = analyzePuzzle(puzzle);
      expect(analysis.rank).toBe(plainRank(moves.map((move) => toggled({ cells, moves: [move] }, [0]))));
      expect(analysis.nullity).toBe(moves.length - analysis.rank);
      expect(fewest.size).toBe(2 ** analysis.rank);
      if (solution.solvable) {
        expect(applyPresses(puzzle, position, solution.presses)).toEqual(puzzle.goal);
        expect(solution.minimal).toBe(true);
        expect(solution.presses.length).toBe(needed);
      }
    },
  );

  prop([
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 150 }),
    fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  ])('random boards of random sizes with random move sets: every solution clears the board', (rows, cols, m, seed) => {
    let state = seed | 1;
    const next = () => (state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) ^ (state << 7)) >>> 0;
    const cells = rows * cols;
    const moves = Array.from({ length: m }, () => {
      const mask = new Uint32Array(Math.ceil(cells / 32));
      for (let c = 0; c < cells; c++) if (next() % 5 === 0) mask[c >>> 5]! |= 1 << (c & 31);
      return mask;
    });
    const puzzle = createPuzzle({ rows, cols, moves });
    const reachable = new Uint32Array(Math.ceil(cells / 32));
    const chosen: number[] = [];
    for (let k = 0; k < m; k++) if (next() & 1) chosen.push(k);
    const position = applyPresses(puzzle, reachable, chosen); // the goal (all off) is reachable from here
    const solution = solvePuzzle(puzzle, position, { maxNullity: 12 });
    expect(solution.solvable).toBe(true);
    expect(applyPresses(puzzle, position, solution.presses!)).toEqual(reachable);
    if (solution.minimal) expect(solution.presses!.length).toBeLessThanOrEqual(chosen.length);
    expect(solution.minimal).toBe(solution.nullity <= 12);
    const { rank, nullity } = analyzePuzzle(puzzle);
    expect(rank + nullity).toBe(m);
    expect(rank).toBeLessThanOrEqual(Math.min(m, cells));
  });

  it('can solve towards any given position', () => {
    const puzzle = lightsOutPuzzle(3);
    const from = boardOf(3, 3, [0, 4]);
    const to = boardOf(3, 3, [8]);
    const solution = solvePuzzle(puzzle, from, { to });
    expect(applyPresses(puzzle, from, solution.presses!)).toEqual(to);
    expect(isSolvable(puzzle, from, to)).toBe(true);
  });

  it('rejects bad puzzles and positions', () => {
    expectError(() => createPuzzle({ rows: 2, cols: 2, moves: [] }), RangeError, /number of moves must be an integer from 1/);
    expectError(() => createPuzzle({ rows: 2, cols: 2, moves: [[4]] }), RangeError, /a cell must be an integer from 0 to 3; got 4/);
    expectError(() => createPuzzle({ rows: 2, cols: 2, moves: [Uint32Array.of(16)] }), RangeError, /move 0 has bits set past its last cell/);
    expectError(() => createPuzzle({ rows: 2, cols: 2, moves: ['x' as never] }), TypeError, /move 0 must be a Uint32Array mask or an array of cells; got 'x'/);
    expectError(() => createPuzzle(null as never), TypeError, /a puzzle spec must be an object/);
    const puzzle = lightsOutPuzzle(2);
    expectError(() => solvePuzzle(puzzle, new Uint32Array(2)), RangeError, /position must be a Uint32Array of 1 words for 4 cells; got 2 words/);
    expectError(() => solvePuzzle(puzzle, new Uint32Array(1), { maxNullity: 31 }), RangeError, /maxNullity must be an integer from 0 to 30; got 31/);
    expectError(() => applyPresses(puzzle, new Uint32Array(1), [4]), RangeError, /a press \(0-based move\) must be an integer from 0 to 3; got 4/);
    expectError(() => solvePuzzle({} as never, new Uint32Array(1)), TypeError, /puzzle must be a Puzzle from createPuzzle/);
    // review regressions: a half-built puzzle, a cell listed twice in a move, a name that is not a string, presses not iterable
    expectError(() => solvePuzzle({ moves: [] } as never, new Uint32Array(1)), TypeError, /puzzle must be a Puzzle from createPuzzle/);
    expect(Array.from(createPuzzle({ rows: 2, cols: 2, moves: [[1, 1]] }).moves[0]!)).toEqual([0b10]);
    expectError(() => createPuzzle({ rows: 2, cols: 2, moves: [[1]], name: 5 as never }), TypeError, /name must be a string; got 5/);
    expectError(() => applyPresses(puzzle, new Uint32Array(1), null as never), TypeError, /presses must be an iterable of move numbers; got null/);
  });
});
