// Bit-packed sets: bit i of a mask is bit (i & 31) of word (i >>> 5) of a Uint32Array.
import { checkInteger, describeValue } from './errors.js';

function checkMask(mask: unknown): Uint32Array {
  if (!(mask instanceof Uint32Array)) throw new TypeError(`mask must be a Uint32Array; got ${describeValue(mask)}`);
  return mask;
}

/** The number of set bits of a 32-bit word. @internal */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The number of 32-bit words that hold `bits` bits. */
export function wordsFor(bits: number): number {
  checkInteger(bits, 0, Number.MAX_SAFE_INTEGER, 'bits');
  return Math.ceil(bits / 32);
}

/** The number of set bits in a bit-packed mask. */
export function countBits(mask: Uint32Array): number {
  checkMask(mask);
  let count = 0;
  for (let i = 0; i < mask.length; i++) count += popcount32(mask[i]!);
  return count;
}

/** Whether bit `i` of a bit-packed mask is set. */
export function hasBit(mask: Uint32Array, i: number): boolean {
  checkInteger(i, 0, checkMask(mask).length * 32 - 1, 'bit index');
  return ((mask[i >>> 5]! >>> (i & 31)) & 1) === 1;
}

/** The indices of the set bits of a bit-packed mask, ascending. */
export function bitsOf(mask: Uint32Array): number[] {
  checkMask(mask);
  const out: number[] = [];
  for (let w = 0; w < mask.length; w++) {
    let word = mask[w]!;
    while (word !== 0) {
      const low = word & -word;
      out.push(w * 32 + 31 - Math.clz32(low));
      word ^= low;
    }
  }
  return out;
}
