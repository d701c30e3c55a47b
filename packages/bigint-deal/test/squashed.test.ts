import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { squashedRank, squashedUnrank } from '../src/index.js';
import { choose, colexCompare, colexRank, expectError, subsets, prop } from './reference.js';

/** A k (0 to 30) and an index among the k-subsets of {0, …, 199}. */
const kAndIndex = fc
  .integer({ min: 0, max: 30 })
  .chain((k) => fc.tuple(fc.constant(k), fc.bigInt({ min: 0n, max: choose(200, k) - 1n })));

/** A set of distinct non-negative integers, in arbitrary order. */
const set = fc.uniqueArray(fc.nat({ max: 5000 }), { maxLength: 30 });

describe('squashedRank and squashedUnrank', () => {
  it('the 3-subset at index 15 is {2, 3, 5}, and back', () => {
    expect(squashedUnrank(15, 3)).toEqual([2, 3, 5]);
    expect(squashedUnrank(15n, 3)).toEqual([2, 3, 5]);
    expect(squashedRank([2, 3, 5])).toBe(15n);
    expect(squashedRank([5, 2, 3])).toBe(15n);
  });

  it('the empty set is the only 0-subset, with rank 0', () => {
    expect(squashedRank([])).toBe(0n);
    expect(squashedUnrank(0, 0)).toEqual([]);
    expect(squashedUnrank(0n, 0)).toEqual([]);
  });

  it('all 3-subsets of {0..6} in squashed (colex) order have ranks 0, 1, 2, …', () => {
    const ordered = subsets(7, 3).sort(colexCompare);
    expect(ordered).toHaveLength(35);
    expect(ordered.slice(0, 5)).toEqual([[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3], [0, 1, 4]]);
    ordered.forEach((subset, i) => {
      expect(squashedRank(subset), `rank of {${subset}}`).toBe(BigInt(i));
      expect(squashedUnrank(i, 3), `subset ${i}`).toEqual(subset);
    });
  });

  it('indices 0 to C(n, k) - 1 are exactly the k-subsets of {0..n-1}, in colex order (n <= 9, k <= 5)', () => {
    for (let n = 0; n <= 9; n++) {
      for (let k = 0; k <= Math.min(n, 5); k++) {
        const ordered = subsets(n, k).sort(colexCompare);
        expect(ordered.length).toBe(Number(choose(n, k)));
        const unranked = ordered.map((_, i) => squashedUnrank(BigInt(i), k));
        expect(unranked, `n = ${n}, k = ${k}`).toEqual(ordered);
      }
    }
  });

  it('the k-subset right after all those inside {0..n-1} is {0, …, k-2, n}', () => {
    for (let n = 1; n <= 60; n++) {
      for (let k = 1; k <= n; k++) {
        const expected = [...Array.from({ length: k - 1 }, (_, i) => i), n];
        expect(squashedUnrank(choose(n, k), k), `index C(${n}, ${k})`).toEqual(expected);
      }
    }
  });

  prop([kAndIndex])('squashedRank(squashedUnrank(i, k)) = i, the subset has k sorted distinct elements', ([k, i]) => {
    const subset = squashedUnrank(i, k);
    expect(subset).toHaveLength(k);
    subset.forEach((c, j) => {
      expect(Number.isSafeInteger(c) && c >= 0).toBe(true);
      if (j > 0) expect(c).toBeGreaterThan(subset[j - 1]!);
    });
    expect(squashedRank(subset)).toBe(i);
  });

  prop([
    fc.integer({ min: 0, max: 30 }).chain((k) => {
      const max = choose(200, k) - 1n < 2n ** 53n - 1n ? choose(200, k) - 1n : 2n ** 53n - 1n;
      return fc.tuple(fc.constant(k), fc.bigInt({ min: 0n, max }));
    }),
  ])(
    'an index given as a number means the same as the bigint',
    ([k, i]) => {
      expect(squashedUnrank(Number(i), k)).toEqual(squashedUnrank(i, k));
    },
  );

  prop([set])('squashedRank is Σ C(cᵢ, i), and squashedUnrank(squashedRank(s), |s|) is s sorted', (s) => {
    const rank = squashedRank(s);
    expect(rank).toBe(colexRank(s));
    expect(squashedUnrank(rank, s.length)).toEqual([...s].sort((a, b) => a - b));
  });

  prop([fc.uniqueArray(fc.nat({ max: Number.MAX_SAFE_INTEGER }), { minLength: 1, maxLength: 6 })])(
    'squashedRank is exact for elements up to 2^53 - 1',
    (s) => {
      expect(squashedRank(s)).toBe(colexRank(s));
    },
  );

  prop([
    fc.integer({ min: 0, max: 10 }).chain((k) => {
      const sized = fc.uniqueArray(fc.nat({ max: 40 }), { minLength: k, maxLength: k });
      return fc.tuple(sized, sized);
    }),
  ])('rank order is colex order', ([a, b]) => {
    const sa = [...a].sort((x, y) => x - y);
    const sb = [...b].sort((x, y) => x - y);
    expect(Math.sign(Number(squashedRank(a) - squashedRank(b)))).toBe(Math.sign(colexCompare(sa, sb)));
  });

  it('squashedRank refuses duplicates, negatives, fractions and non-arrays', () => {
    expectError(() => squashedRank([1, 3, 3]), RangeError, /distinct; got 3 twice/);
    expectError(() => squashedRank([2, -1]), RangeError, /non-negative safe integers; got -1/);
    expectError(() => squashedRank([1.5]), RangeError, /non-negative safe integers; got 1\.5/);
    expectError(() => squashedRank([NaN]), RangeError, /non-negative safe integers; got NaN/);
    expectError(() => squashedRank([2 ** 53]), RangeError, /non-negative safe integers; got 9007199254740992/);
    expectError(() => squashedRank('123' as unknown as number[]), TypeError, /subset must be an array .*; got '123'/);
    expectError(() => squashedRank(null as unknown as number[]), TypeError, /subset must be an array .*; got null/);
  });

  it('squashedUnrank refuses bad indices and sizes', () => {
    expectError(() => squashedUnrank(1, 0), RangeError, /index must be 0 for the empty subset .*; got 1/);
    expectError(() => squashedUnrank(7n, 0), RangeError, /index must be 0 for the empty subset .*; got 7/);
    expectError(() => squashedUnrank(-1, 2), RangeError, /index must be a non-negative integer.*; got -1/);
    expectError(() => squashedUnrank(-1n, 2), RangeError, /index must be a non-negative integer.*; got -1/);
    expectError(() => squashedUnrank(1.5, 2), RangeError, /index must be a non-negative integer.*; got 1\.5/);
    expectError(() => squashedUnrank(NaN, 2), RangeError, /index must be a non-negative integer.*; got NaN/);
    expectError(() => squashedUnrank(2 ** 53, 2), RangeError, /index must be a non-negative integer.*; got 9007199254740992/);
    expectError(() => squashedUnrank('15' as unknown as number, 3), RangeError, /index must be a non-negative integer.*; got '15'/);
    expectError(() => squashedUnrank(3, -1), RangeError, /k must be a non-negative safe integer; got -1/);
    expectError(() => squashedUnrank(3, 1.5), RangeError, /k must be a non-negative safe integer; got 1\.5/);
    expectError(() => squashedUnrank(3, NaN), RangeError, /k must be a non-negative safe integer; got NaN/);
  });

  // A huge index with a small k names a subset whose largest element is huge: {c} for k = 1 has index c, {0, 2^40} for
  // k = 2 has index C(2^40, 2). The answer comes from a search, not one loop step per unit of an element, and an
  // element past 2^53 - 1 (which squashedRank refuses too) is a RangeError, never a rounded number.
  it('answers a huge index with a small k, or refuses it when an element would pass 2^53 - 1', () => {
    expect(squashedUnrank(BigInt(Number.MAX_SAFE_INTEGER), 1)).toEqual([Number.MAX_SAFE_INTEGER]);
    expect(squashedUnrank((2n ** 40n * (2n ** 40n - 1n)) / 2n, 2)).toEqual([0, 2 ** 40]);
    expect(squashedRank([0, 2 ** 40])).toBe((2n ** 40n * (2n ** 40n - 1n)) / 2n);
    expectError(() => squashedUnrank(2n ** 64n, 1), RangeError, /index 18446744073709551616 is too large .* would exceed 2\^53 - 1/);
    expectError(() => squashedUnrank(2n ** 120n, 2), RangeError, /too large for a 2-subset/);
  });
});
