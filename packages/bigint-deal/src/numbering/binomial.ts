import { describeValue } from '../errors.js';

/** @internal The largest result `binomial` computes, in decimal digits: C(1,000,000, 500,000) has 301,027; larger results are refused. */
export const BINOMIAL_DIGITS_LIMIT = 1_000_000;

/** Up to this n, `binomial` multiplies the prime powers of C(n, k) (Legendre's formula) over a sieve of n bytes. */
const SIEVE_LIMIT = 1 << 24;

/**
 * The exact binomial coefficient C(n, k): the number of k-subsets of an n-set (0 when k > n). Results of up to
 * 1,000,000 decimal digits take well under a few seconds; larger ones are a RangeError.
 */
export function binomial(n: number, k: number): bigint {
  checkCount(n, 'n');
  checkCount(k, 'k');
  if (k > n) return 0n;
  const m = Math.min(k, n - k);
  if (m <= 64) return exactBinomial(n, m);
  const digits = log10Binomial(n, m);
  if (digits > BINOMIAL_DIGITS_LIMIT) {
    throw new RangeError(
      `binomial computes results of up to ${BINOMIAL_DIGITS_LIMIT.toLocaleString('en-US')} decimal digits; C(${n}, ${k}) has about ${Math.ceil(digits).toLocaleString('en-US')}`,
    );
  }
  return n <= SIEVE_LIMIT ? primePowerBinomial(n, m) : productOf(n - m + 1, n) / productOf(1, m);
}

/** C(n, k) for non-negative safe integers n and small k (or small results), unchecked. @internal */
export function exactBinomial(n: number, k: number): bigint {
  if (k > n) return 0n;
  const m = Math.min(k, n - k);
  let result = 1n;
  // C(n - m + i, i) = C(n - m + i - 1, i - 1) * (n - m + i) / i stays an integer at every step.
  for (let i = 1; i <= m; i++) result = (result * BigInt(n - m + i)) / BigInt(i);
  return result;
}

/** log10 C(n, m) from Stirling's series for ln x! (accurate to far better than a digit here). */
function log10Binomial(n: number, m: number): number {
  return (lnFactorial(n) - lnFactorial(m) - lnFactorial(n - m)) / Math.LN10;
}

function lnFactorial(x: number): number {
  if (x < 2) return 0;
  return x * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI * x) + 1 / (12 * x);
}

/** lo · (lo + 1) · … · hi as a bigint, by a balanced product tree (fast multiplication of like-sized factors). */
function productOf(lo: number, hi: number): bigint {
  if (hi - lo < 24) {
    let result = 1n;
    let run = 1;
    for (let i = lo; i <= hi; i++) {
      if (run * i > Number.MAX_SAFE_INTEGER) {
        result *= BigInt(run);
        run = 1;
      }
      run *= i;
    }
    return result * BigInt(run);
  }
  const middle = lo + Math.floor((hi - lo) / 2);
  return productOf(lo, middle) * productOf(middle + 1, hi);
}

/** C(n, m) as the product of its prime powers: p appears Σ ⌊n/pⁱ⌋ − ⌊m/pⁱ⌋ − ⌊(n−m)/pⁱ⌋ times (Legendre). */
function primePowerBinomial(n: number, m: number): bigint {
  const composite = new Uint8Array(n + 1);
  const powers: bigint[] = [];
  let run = 1;
  for (let p = 2; p <= n; p++) {
    if (composite[p] === 1) continue;
    if (p <= n / p) for (let j = p * p; j <= n; j += p) composite[j] = 1;
    let exponent = 0;
    for (let q = p; q <= n; q *= p) exponent += Math.floor(n / q) - Math.floor(m / q) - Math.floor((n - m) / q);
    for (; exponent > 0; exponent--) {
      if (run * p > Number.MAX_SAFE_INTEGER) {
        powers.push(BigInt(run));
        run = 1;
      }
      run *= p;
    }
  }
  powers.push(BigInt(run));
  return productTree(powers, 0, powers.length);
}

function productTree(values: readonly bigint[], lo: number, hi: number): bigint {
  if (hi - lo === 1) return values[lo]!;
  const middle = (lo + hi) >>> 1;
  return productTree(values, lo, middle) * productTree(values, middle, hi);
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
