import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GOAL, applyMoves, formatPosition, hint, isSolved, reachable, singleSquareToggles, solve } from '../src/index.js';
import { allSquares, bfsDistances, expectError, prop } from './reference.js';

const positionArb = fc.integer({ min: 0, max: 511 });

describe('solve', () => {
  const distance = bfsDistances();

  it('reaches the goal from all 512 positions in the fewest moves a breadth-first search finds', () => {
    expect(distance.size).toBe(512);
    const counts = new Array<number>(10).fill(0);
    for (let p = 0; p < 512; p++) {
      const moves = solve(p);
      expect(isSolved(applyMoves(p, moves)), formatPosition(p)).toBe(true);
      expect(moves.length, formatPosition(p)).toBe(distance.get(formatPosition(p)));
      expect(moves).toEqual([...new Set(moves)].sort((a, b) => a - b));
      counts[moves.length]!++;
    }
    expect(counts).toEqual([1, 9, 36, 84, 126, 126, 84, 36, 9, 1]);
  });

  it('is unique as a set: the 512 sets of moves give 512 different positions', () => {
    const bySet = new Map<string, number>();
    for (const subset of allSquares(9)) {
      const moves = subset.flatMap((on, k) => (on ? [k + 1] : []));
      const position = applyMoves(GOAL, moves); // the position these moves solve
      expect(bySet.has(formatPosition(position))).toBe(false);
      bySet.set(formatPosition(position), 1);
      expect(solve(position)).toEqual(moves);
    }
    expect(bySet.size).toBe(512);
  });

  it('solves the examples of the flipper blog posts', () => {
    expect(solve(GOAL)).toEqual([]);
    expect(solve(0b111111111)).toEqual([1, 3, 5, 7, 9]);
    expect(solve(0b101_110_011)).toEqual([2, 3, 4, 6, 8]); // ' 1 1 0 / 0 1 1 / 1 0 1': the blog post played 3 2 4 6 8
  });

  prop([positionArb, positionArb])('solve(from, to) takes from to to; reachable is true for every pair', (from, to) => {
    expect(applyMoves(from, solve(from, to))).toBe(to);
    expect(reachable(from, to)).toBe(true);
  });

  it('finds the moves that toggle one square, by elimination (top-left: 5, 6, 8, 9)', () => {
    const table = singleSquareToggles();
    expect(table[0]).toEqual([5, 6, 8, 9]);
    // The blog post's final table, as sets: (8 6 9 5) (7 2 9 4 6) (8 7 4 5) (2 9 4 3 8) (7 3 9 1 5) (2 7 1 6 8) (3 6 2 5) (8 3 4 6 1) (5 1 2 4)
    const seed = [[8, 6, 9, 5], [7, 2, 9, 4, 6], [8, 7, 4, 5], [2, 9, 4, 3, 8], [7, 3, 9, 1, 5], [2, 7, 1, 6, 8], [3, 6, 2, 5], [8, 3, 4, 6, 1], [5, 1, 2, 4]];
    expect(table).toEqual(seed.map((moves) => [...moves].sort((a, b) => a - b)));
    table.forEach((moves, s) => expect(applyMoves(0, moves)).toBe(1 << s));
    table[0]!.push(1); // a copy: changing it does not change the next answer
    expect(singleSquareToggles()[0]).toEqual([5, 6, 8, 9]);
  });

  it('hints the first move of the solution, null at the goal', () => {
    expect(hint(GOAL)).toBeNull();
    expect(hint(0b111111111)).toBe(1);
    for (let p = 0; p < 512; p++) {
      if (p === GOAL) continue;
      const move = hint(p)!;
      expect(solve(applyMoves(p, [move])).length).toBe(solve(p).length - 1);
    }
  });

  it('rejects bad positions', () => {
    expectError(() => solve(-1), RangeError, /position \(a 9-bit integer\) must be an integer from 0 to 511; got -1/);
    expectError(() => solve(0, 600), RangeError, /to \(a 9-bit integer\)/);
    expectError(() => reachable(0, NaN), TypeError, /to \(a 9-bit integer\) .*got NaN/);
  });
});
