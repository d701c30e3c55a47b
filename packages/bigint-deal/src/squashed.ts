import { exactBinomial } from './binomial.js';
import { describeValue } from './errors.js';

/**
 * The index of a k-subset of {0, 1, 2, …} in squashed (colex) order: Σ C(cᵢ, i) over its elements c₁ < … < c_k.
 * The subset may be given in any order; its elements must be distinct non-negative safe integers.
 */
export function squashedRank(subset: readonly number[]): bigint {
  if (!Array.isArray(subset)) {
    throw new TypeError(`subset must be an array of distinct non-negative integers; got ${describeValue(subset)}`);
  }
  for (const element of subset) {
    if (!Number.isSafeInteger(element) || element < 0) {
      throw new RangeError(`subset elements must be non-negative safe integers; got ${describeValue(element)}`);
    }
  }
  const sorted = [...subset].sort((a, b) => a - b);
  let rank = 0n;
  for (let i = 0; i < sorted.length; i++) {
    const c = sorted[i]!;
    if (i > 0 && c === sorted[i - 1]) {
      throw new RangeError(`subset elements must be distinct; got ${c} twice`);
    }
    rank += exactBinomial(c, i + 1);
  }
  return rank;
}

/** The k-subset at `index` (counting from 0) in squashed (colex) order, smallest element first: the inverse of `squashedRank`. */
export function squashedUnrank(index: bigint | number, k: number): number[] {
  if (!Number.isSafeInteger(k) || k < 0) {
    throw new RangeError(`k must be a non-negative safe integer; got ${describeValue(k)}`);
  }
  let rest = toIndex(index);
  if (k === 0) {
    if (rest !== 0n) throw new RangeError(`index must be 0 for the empty subset (k = 0); got ${rest}`);
    return [];
  }
  const subset = new Array<number>(k);
  // Largest element first: the largest c with C(c, k) <= index, found by walking up from c = k - 1.
  let c = k - 1;
  let value = 0n; // C(c, k)
  let next = 1n; // C(c + 1, k)
  while (next <= rest) {
    c++;
    value = next;
    next = (next * BigInt(c + 1)) / BigInt(c + 1 - k);
  }
  for (let i = k; i >= 1; i--) {
    // Invariant: value = C(c, i) <= rest < C(c + 1, i); walk c down while C(c, i) > rest.
    while (value > rest) {
      value = (value * BigInt(c - i)) / BigInt(c);
      c--;
    }
    subset[i - 1] = c;
    rest -= value;
    if (i > 1) {
      // Move from C(c, i) to C(c - 1, i - 1) = C(c, i) * i / c, the next element's starting point below c.
      value = c === 0 ? 0n : (value * BigInt(i)) / BigInt(c);
      c--;
    }
  }
  return subset;
}

function toIndex(index: bigint | number): bigint {
  if (typeof index === 'bigint') {
    if (index < 0n) throw new RangeError(`index must be a non-negative integer; got ${index}`);
    return index;
  }
  if (typeof index === 'number' && Number.isSafeInteger(index) && index >= 0) return BigInt(index);
  throw new RangeError(
    `index must be a non-negative integer (a bigint, or a number up to 2^53 - 1); got ${describeValue(index)}`,
  );
}
