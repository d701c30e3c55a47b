import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodeSpace, codeSpace } from '../src/index.js';
import { allCodes, expectError, naiveScore, prop } from './reference.js';

describe('codeSpace', () => {
  it('numbers the 1,296 codes of 4 × 6 in order, and its score table agrees with the naive scorer on every pair', () => {
    const space = codeSpace();
    const codes = allCodes(4, 6);
    expect(space.size).toBe(1296);
    expect(codes.map((_, i) => space.format(i))).toEqual(codes);
    for (let g = 0; g < space.size; g += 11) {
      const ours: number[] = [];
      const naive: number[] = [];
      for (let s = 0; s < space.size; s++) {
        const [black, white] = naiveScore(codes[s]!, codes[g]!);
        naive.push(black * 5 + white);
        ours.push(space.score(g, s));
      }
      expect(ours).toEqual(naive);
    }
    expect(space.win).toBe(20);
    expect(space.scoreCount).toBe(14);
  });

  const big = codeSpace({ pegs: 5, colors: 8 });
  const pick = fc.integer({ min: 0, max: big.size - 1 });
  prop([pick, pick])('5 × 8 (factorised tables, no full table) agrees with the naive scorer', (g, s) => {
    const [black, white] = naiveScore(big.format(s), big.format(g));
    expect(big.score(g, s)).toBe(black * 6 + white);
    const out = new Uint8Array(1);
    big.scoreRow(g, Int32Array.of(s), 1, out);
    expect(out[0]).toBe(black * 6 + white);
  });

  it('has 5,040 codes without repeats for 4 of 10 (Bulls and Cows), and 32,768 for 5 × 8', () => {
    const bulls = codeSpace({ pegs: 4, colors: 10, repeats: false });
    expect(bulls.size).toBe(5040);
    expect(bulls.format(0)).toBe('abcd');
    expect(bulls.parse('1234')).toBe(0);
    expect(big.size).toBe(32768);
    expect(codeSpace({ pegs: 5, colors: 8 })).toBe(big);
  });

  it('uses peg-by-peg scoring for very wide spaces and still agrees', () => {
    const wide = codeSpace({ pegs: 3, colors: 26, repeats: false });
    for (const [a, b] of [['abc', 'cab'], ['xyz', 'zya'], ['qrs', 'qrt']] as const) {
      const [black, white] = naiveScore(a, b);
      expect(wide.score(wide.parse(b), wide.parse(a))).toBe(black * 4 + white);
    }
  });

  it('refuses code numbers outside the space instead of returning undefined or garbage', () => {
    const space = codeSpace();
    expectError(() => space.score(1296, 0), RangeError, /guess must be a code number from 0 to 1295; got 1296/);
    expectError(() => space.score(0, -1), RangeError, /secret must be a code number from 0 to 1295; got -1/);
    expectError(() => space.score(0.5, 0), RangeError, /got 0.5/);
    expectError(() => space.score('1' as never, 0), TypeError, /got '1'/);
    expectError(() => big.score(0, 32768), RangeError, /from 0 to 32767; got 32768/);
    expectError(() => space.format(-1), RangeError, /code number must be a code number from 0 to 1295; got -1/);
    expectError(() => space.code(1296), RangeError, /got 1296/);
    const out = new Uint8Array(2);
    expectError(() => space.scoreRow(Number.NaN, Int32Array.of(0, 1), 2, out), RangeError, /guess must be a code number .* got NaN/);
    expectError(() => space.scoreRow(0, Int32Array.of(0, 1), 3, out), RangeError, /count must be an integer from 0 to 2 .*; got 3/);
    expectError(() => space.scoreRow(0, [0, 1] as never, 2, out), TypeError, /scoreRow needs an Int32Array/);
    space.scoreRow(0, Int32Array.of(0, 1), 2, out);
    expect([...out]).toEqual([space.score(0, 0), space.score(0, 1)]);
    expectError(() => new CodeSpace(Number.NaN, 6, true), RangeError, /pegs must be an integer from 1 to 10; got NaN/);
    expectError(() => new CodeSpace(5, 4, false), RangeError, /needs at least 5 colors; got 4/);
  });

  it('refuses spaces too large to enumerate', () => {
    expectError(() => codeSpace({ pegs: 10, colors: 10 }), RangeError, /make 10000000000 codes; the solvers enumerate at most 2097152/);
    expectError(() => codeSpace().parse('abcx'), RangeError, /unknown color 'x'/);
  });
});
