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

  it('C(1,000,000, 500,000) comes at once and exactly: Pascal\'s rule and symmetry hold at that size', () => {
    const middle = binomial(1_000_000, 500_000);
    expect(middle.toString().length).toBe(301_027);
    expect(binomial(999_999, 499_999) + binomial(999_999, 500_000)).toBe(middle);
    expect(binomial(999_999, 499_999)).toBe(binomial(999_999, 500_000));
    // C(n, k) · (n − k) = C(n, k + 1) · (k + 1)
    expect(binomial(1_000_000, 400_000) * 600_000n).toBe(binomial(1_000_000, 400_001) * 400_001n);
  });

  it('both large-n methods agree: Pascal\'s rule across the sieve limit 2^24, and for n near 2^53', () => {
    for (const m of [65, 5000]) {
      const n = 2 ** 24 + 1; // above the sieve limit: the product formula; n − 1 below it: prime powers
      expect(binomial(n, m), `C(2^24 + 1, ${m})`).toBe(binomial(n - 1, m - 1) + binomial(n - 1, m));
    }
    const n = Number.MAX_SAFE_INTEGER;
    expect(binomial(n, 100)).toBe(choose(n, 100));
    expect(binomial(n, n - 100)).toBe(binomial(n, 100));
    expect(binomial(n, 1)).toBe(BigInt(n));
    expect(binomial(n, n)).toBe(1n);
  });

  it('refuses results beyond 1,000,000 decimal digits with a RangeError naming the limit and the size', () => {
    expectError(() => binomial(4_000_000, 2_000_000), RangeError, /^binomial computes results of up to 1,000,000 decimal digits; C\(4000000, 2000000\) has about 1,204,117$/);
    expectError(() => binomial(2 ** 53 - 1, 2 ** 52), RangeError, /up to 1,000,000 decimal digits; C\(9007199254740991, 4503599627370496\) has about [\d,]+$/);
    expectError(() => binomial(2 ** 53 - 1, 100_000), RangeError, /up to 1,000,000 decimal digits/);
    // Just below the limit on both sides of the sieve: computed, not refused.
    expect(binomial(3_300_000, 1_650_000).toString(16).length).toBeGreaterThan(800_000);
    expect(binomial(2 ** 53 - 1, 80_000) > 0n).toBe(true);
  });

  it('a non-number argument is refused, not coerced', () => {
    expectError(() => binomial('5' as unknown as number, 2), RangeError, /n must be .*; got '5'/);
    expectError(() => binomial(5, 2n as unknown as number), RangeError, /k must be .*; got 2/);
  });
});
