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
 * C(c, i) for 0 <= c <= maxN and 0 <= i <= maxK, as doubles in a flat table indexed `c * (maxK + 1) + i`.
 * Pascal's rule keeps every entry exact while it stays below 2^53; callers check `exact` first.
 * @internal
 */
export interface BinomialTable {
  readonly maxN: number;
  readonly maxK: number;
  readonly stride: number;
  readonly values: Float64Array;
  /** Whether every entry is an exact integer (all below 2^53). */
  readonly exact: boolean;
}

/** @internal */
export function binomialTable(maxN: number, maxK: number): BinomialTable {
  const stride = maxK + 1;
  const values = new Float64Array((maxN + 1) * stride);
  let exact = true;
  for (let c = 0; c <= maxN; c++) {
    values[c * stride] = 1;
    for (let i = 1; i <= maxK && i <= c; i++) {
      const v = values[(c - 1) * stride + i - 1]! + values[(c - 1) * stride + i]!;
      if (v > Number.MAX_SAFE_INTEGER) exact = false;
      values[c * stride + i] = v;
    }
  }
  return { maxN, maxK, stride, values, exact };
}

function checkCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative safe integer; got ${describeValue(value)}`);
  }
}
