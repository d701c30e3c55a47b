import { describeValue } from './errors.js';

/** The exact binomial coefficient C(n, k): the number of k-subsets of an n-set (0 when k > n). */
export function binomial(n: number, k: number): bigint {
  checkCount(n, 'n');
  checkCount(k, 'k');
  return exactBinomial(n, k);
}

/** C(n, k) for non-negative safe integers n and k, unchecked. @internal */
export function exactBinomial(n: number, k: number): bigint {
  if (k > n) return 0n;
  const m = Math.min(k, n - k);
  let result = 1n;
  // C(n - m + i, i) = C(n - m + i - 1, i - 1) * (n - m + i) / i stays an integer at every step.
  for (let i = 1; i <= m; i++) result = (result * BigInt(n - m + i)) / BigInt(i);
  return result;
}

/**
 * C(c, i) for 0 <= c <= maxN and 0 <= i <= maxK as doubles, in a flat table indexed `c * stride + i`. By Pascal's rule
 * every entry below 2^53 is exact (both its summands are), and every entry whose true value is 2^53 or more comes out
 * at least 2^53, so comparing an entry with a number below 2^53 is always right.
 * @internal
 */
export function binomialTable(maxN: number, maxK: number): { stride: number; values: Float64Array } {
  const stride = maxK + 1;
  const values = new Float64Array((maxN + 1) * stride);
  for (let c = 0; c <= maxN; c++) {
    values[c * stride] = 1;
    for (let i = 1; i <= maxK && i <= c; i++) values[c * stride + i] = values[(c - 1) * stride + i - 1]! + values[(c - 1) * stride + i]!;
  }
  return { stride, values };
}

function checkCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative safe integer; got ${describeValue(value)}`);
  }
}
