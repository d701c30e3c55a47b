import { exactBinomial } from './binomial.js';
import { describeValue } from '../errors.js';

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
  // Element i (largest first) is the largest c with C(c, i) <= the index still unplaced. For the largest element,
  // gallop up to bracket it; every later element lies below the one before, since the rest is then < C(previous, i).
  let above = -1; // an exclusive upper bound for the next element once known
  for (let i = k; i >= 1; i--) {
    let low = i - 1; // C(i - 1, i) = 0 <= rest always
    let high: number;
    if (above < 0) {
      high = Math.max(1, 2 * low);
      while (exactBinomial(high, i) <= rest) {
        low = high;
        if (high === Number.MAX_SAFE_INTEGER) {
          // The element is 2^53 - 1 itself, unless the index reaches C(2^53, i) and the element lies above it.
          if (exactBinomial(high + 1, i) <= rest) {
            throw new RangeError(
              `index ${rest} is too large for a ${k}-subset of safe integers: its largest element would exceed 2^53 - 1`,
            );
          }
          high += 1;
          break;
        }
        high = Math.min(2 * high, Number.MAX_SAFE_INTEGER);
      }
    } else {
      high = above;
    }
    // Invariant: C(low, i) <= rest < C(high, i).
    while (high - low > 1) {
      const middle = low + Math.floor((high - low) / 2);
      if (exactBinomial(middle, i) <= rest) low = middle;
      else high = middle;
    }
    subset[i - 1] = low;
    rest -= exactBinomial(low, i);
    above = low;
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
