// Distinct counts in bounded memory: HyperLogLog (Flajolet, Fusy, Gandouet, Meunier 2007) over 64-bit hashes given
// as two 32-bit halves, with the bias-corrected estimator and linear counting for small ranges, and a sparse start
// (the exact set of hashes until it holds m/16 of them, as HyperLogLog++ keeps one) so that small counts are exact.
import { describeValue } from './errors.js';

/** The least precision: 2^4 registers. */
export const MIN_PRECISION = 4;
/** The greatest precision: 2^18 registers, 256 KiB. */
export const MAX_PRECISION = 18;

/** The relative standard error of a HyperLogLog estimate with 2^precision registers: 1.04 / sqrt(2^precision). */
export function standardError(precision: number): number {
  return 1.04 / Math.sqrt(2 ** precision);
}

/** Checks a precision option. @internal */
export function checkPrecision(precision: unknown, name = 'precision'): number {
  if (typeof precision !== 'number' || !Number.isInteger(precision) || precision < MIN_PRECISION || precision > MAX_PRECISION) {
    throw new RangeError(`${name} must be an integer from ${MIN_PRECISION} to ${MAX_PRECISION} (2^${name} registers); got ${describeValue(precision)}`);
  }
  return precision;
}

/** 32-bit finaliser of MurmurHash3: every input bit flips each output bit with probability about 1/2. @internal */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * A 64-bit hash of `buf[s, e)` as two 32-bit halves written to `out[0]` and `out[1]`: two lanes over the same
 * four-byte words with different mixing (MurmurHash3's for the first), each finalised with `fmix32`. @internal
 */
export function hashBytes(buf: Uint8Array, s: number, e: number, out: Int32Array): void {
  const len = e - s;
  let h1 = 0x3c6ef372 ^ len;
  let h2 = (0x9e3779b9 + Math.imul(len, 0x27d4eb2f)) | 0;
  let p = s;
  for (; p + 3 < e; p += 4) {
    let k = buf[p]! | (buf[p + 1]! << 8) | (buf[p + 2]! << 16) | (buf[p + 3]! << 24);
    h2 = Math.imul(h2 ^ k, 0x01000193) + (h2 >>> 19);
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h1 ^= Math.imul(k, 0x1b873593);
    h1 = (h1 << 13) | (h1 >>> 19);
    h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  for (let shift = 0; p < e; p++, shift += 8) k |= buf[p]! << shift;
  h2 = Math.imul(h2 ^ k, 0x01000193) + (h2 >>> 19);
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  h1 ^= Math.imul(k, 0x1b873593);
  out[0] = fmix32(h1);
  out[1] = fmix32(h2 ^ Math.imul(h1, 0x9e3779b1));
}

/** A HyperLogLog counter of distinct 64-bit hashes (given as two 32-bit halves). */
export class HyperLogLog {
  /** The precision: the counter has 2^precision registers once dense. */
  readonly precision: number;
  // Dense: one register per bucket, the greatest rank seen.
  #registers: Uint8Array | null = null;
  // Sparse: the distinct hashes seen, in an open-addressing table of pairs ((0, 0) is an empty slot).
  #sparse: Int32Array | null = new Int32Array(16);
  #sparseSize = 0;
  readonly #sparseLimit: number;

  constructor(precision = 14) {
    this.precision = checkPrecision(precision);
    this.#sparseLimit = Math.max(1, (1 << precision) >>> 4);
  }

  /** True while the counter still holds the exact set of hashes (its estimate is then exact). */
  get exact(): boolean {
    return this.#registers === null;
  }

  /** Bytes the counter holds (registers or the sparse table). */
  get bytes(): number {
    return this.#registers === null ? this.#sparse!.byteLength : this.#registers.byteLength;
  }

  /** Counts the hash (h1, h2): h1's high bits pick the register, h2 gives the rank. */
  add(h1: number, h2: number): void {
    const r = this.#registers;
    if (r !== null) {
      const at = h1 >>> (32 - this.precision);
      const rank = Math.clz32(h2) + 1;
      if (rank > r[at]!) r[at] = rank;
      return;
    }
    this.#addSparse(h1 | 0, h2 | 0);
  }

  #addSparse(h1: number, h2: number): void {
    if (h1 === 0 && h2 === 0) h2 = 1;
    const table = this.#sparse!;
    const mask = (table.length >>> 1) - 1;
    let slot = (h1 ^ h2) & mask;
    for (;;) {
      const a = table[2 * slot]!;
      const b = table[2 * slot + 1]!;
      if (a === 0 && b === 0) break;
      if (a === h1 && b === h2) return;
      slot = (slot + 1) & mask;
    }
    table[2 * slot] = h1;
    table[2 * slot + 1] = h2;
    this.#sparseSize++;
    if (this.#sparseSize > this.#sparseLimit) this.#densify();
    else if (this.#sparseSize * 2 > mask) this.#resize(table.length * 2);
  }

  #resize(length: number): void {
    const old = this.#sparse!;
    this.#sparse = new Int32Array(length);
    this.#sparseSize = 0;
    for (let i = 0; i < old.length; i += 2) if (old[i] !== 0 || old[i + 1] !== 0) this.#addSparse(old[i]!, old[i + 1]!);
  }

  #densify(): void {
    const old = this.#sparse!;
    this.#sparse = null;
    this.#sparseSize = 0;
    this.#registers = new Uint8Array(1 << this.precision);
    for (let i = 0; i < old.length; i += 2) if (old[i] !== 0 || old[i + 1] !== 0) this.add(old[i]!, old[i + 1]!);
  }

  /** Forgets every hash (the counter starts sparse again). */
  clear(): void {
    this.#registers = null;
    // (The smallest sparse table is kept: Space-Saving clears a counter's visitors at every eviction.)
    if (this.#sparse !== null && this.#sparse.length === 16) this.#sparse.fill(0);
    else this.#sparse = new Int32Array(16);
    this.#sparseSize = 0;
  }

  /** Adds every hash counted by `other` (of the same precision): registers by their maximum. */
  merge(other: HyperLogLog): void {
    if (!(other instanceof HyperLogLog) || other.precision !== this.precision) {
      throw new RangeError(`a HyperLogLog merges a HyperLogLog of its precision (${this.precision}); got ${describeValue(other)}`);
    }
    const theirs = other.#registers;
    if (theirs === null) {
      const t = other.#sparse!;
      for (let i = 0; i < t.length; i += 2) if (t[i] !== 0 || t[i + 1] !== 0) this.add(t[i]!, t[i + 1]!);
      return;
    }
    if (this.#registers === null) this.#densify();
    const r = this.#registers!;
    for (let i = 0; i < r.length; i++) if (theirs[i]! > r[i]!) r[i] = theirs[i]!;
  }

  /** The estimated number of distinct hashes counted (exact while sparse), rounded to an integer. */
  estimate(): number {
    const r = this.#registers;
    if (r === null) return this.#sparseSize;
    const m = r.length;
    let sum = 0;
    let zeros = 0;
    for (let i = 0; i < m; i++) {
      const v = r[i]!;
      sum += 2 ** -v;
      if (v === 0) zeros++;
    }
    const alpha = m === 16 ? 0.673 : m === 32 ? 0.697 : m === 64 ? 0.709 : 0.7213 / (1 + 1.079 / m);
    const raw = (alpha * m * m) / sum;
    // Linear counting while many registers are empty (the raw estimate is biased there).
    if (raw <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
    return Math.round(raw);
  }
}
