import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeSpace } from '../src/index.js';
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

  it('refuses spaces too large to enumerate', () => {
    expectError(() => codeSpace({ pegs: 10, colors: 10 }), RangeError, /make 10000000000 codes; the solvers enumerate at most 2097152/);
    expectError(() => codeSpace().parse('abcx'), RangeError, /unknown color 'x'/);
  });
});
