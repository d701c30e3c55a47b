import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binomial } from '../src/index.js';
import { choose, expectError, prop } from './reference.js';

describe('binomial', () => {
  it('known values, as bigints', () => {
    expect(binomial(52, 13)).toBe(635_013_559_600n);
    expect(binomial(39, 13)).toBe(8_122_425_444n);
    expect(binomial(26, 13)).toBe(10_400_600n);
    expect(binomial(3, 3)).toBe(1n);
    expect(binomial(2, 3)).toBe(0n);
    expect(binomial(0, 0)).toBe(1n);
    expect(binomial(0, 1)).toBe(0n);
    expect(binomial(7, 0)).toBe(1n);
    expect(binomial(7, 1)).toBe(7n);
    expect(typeof binomial(52, 13)).toBe('bigint');
  });

  it('beyond 2^53 it stays exact', () => {
    expect(binomial(100, 50)).toBe(100_891_344_545_564_193_334_812_497_256n);
    expect(binomial(1000, 500)).toBe(choose(1000, 500));
  });

  it('agrees with n(n-1)…(n-k+1) / k! and 0 for k > n, for every n, k up to 70', () => {
    for (let n = 0; n <= 70; n++) {
      for (let k = 0; k <= 72; k++) expect(binomial(n, k), `C(${n}, ${k})`).toBe(choose(n, k));
    }
  });

  it("Pascal's rule C(n, k) = C(n-1, k-1) + C(n-1, k) and the row sums 2^n", () => {
    for (let n = 1; n <= 80; n++) {
      let sum = 0n;
      for (let k = 0; k <= n; k++) {
        const below = k === 0 ? 0n : binomial(n - 1, k - 1);
        expect(binomial(n, k), `C(${n}, ${k})`).toBe(below + binomial(n - 1, k));
        sum += binomial(n, k);
      }
      expect(sum).toBe(2n ** BigInt(n));
    }
  });

  prop([fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 420 })])(
    'the product formula and symmetry C(n, k) = C(n, n-k) for larger n',
    (n, k) => {
      expect(binomial(n, k)).toBe(choose(n, k));
      if (k <= n) expect(binomial(n, n - k)).toBe(binomial(n, k));
    },
  );

  it.each([
    ['n', -1, 3, /n must be a non-negative safe integer; got -1/],
    ['k', 5, -2, /k must be a non-negative safe integer; got -2/],
    ['n', 2.5, 1, /n must be a non-negative safe integer; got 2\.5/],
    ['k', 5, 0.5, /k must be a non-negative safe integer; got 0\.5/],
    ['n', NaN, 1, /n must be a non-negative safe integer; got NaN/],
    ['k', 5, NaN, /k must be a non-negative safe integer; got NaN/],
    ['n', Infinity, 1, /n must be a non-negative safe integer; got Infinity/],
    ['n', 2 ** 53, 1, /n must be a non-negative safe integer; got 9007199254740992/],
  ])('bad %s: binomial(%s, %s) throws a RangeError naming it', (_, n, k, message) => {
    expectError(() => binomial(n, k), RangeError, message);
  });

  it('a non-number argument is refused, not coerced', () => {
    expectError(() => binomial('5' as unknown as number, 2), RangeError, /n must be .*; got '5'/);
    expectError(() => binomial(5, 2n as unknown as number), RangeError, /k must be .*; got 2/);
  });
});
