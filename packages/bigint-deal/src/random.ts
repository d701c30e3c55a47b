import { bridgeNumbering, type EditionOptions } from './bridge.js';
import type { Deal } from './deal.js';
import { describeValue, optionsOf } from './errors.js';
import type { DealNumbering } from './numbering.js';

/** Options of `randomDeal`: a seed for a reproducible deal, or your own `random`; cryptographically random otherwise. */
export interface RandomDealOptions extends EditionOptions {
  /** Any number, bigint or string: the same seed gives the same deal on every platform. */
  readonly seed?: number | bigint | string;
  /** A source of uniform numbers in [0, 1), such as `Math.random`; used when no seed is given. */
  readonly random?: () => number;
  /** Deal from this numbering instead of the bridge book (other hand sizes, other players). */
  readonly numbering?: DealNumbering;
}

/** A random page and its deal, uniform over every deal of the book (no modulo bias): `{ page, deal }`. */
export function randomDeal(dealOptions?: RandomDealOptions): { page: bigint; deal: Deal } {
  const options = optionsOf(dealOptions, 'randomDeal');
  const numbering = options.numbering ?? bridgeNumbering(options.edition === undefined ? {} : { edition: options.edition });
  const page = randomBelow(numbering.count, wordSource(options)) + 1n;
  return { page, deal: numbering.dealByNumber(page) };
}

/** A uniform bigint in [0, bound), by rejection sampling on whole 32-bit words.*/
function randomBelow(bound: bigint, word: () => number): bigint {
  if (bound <= 1n) return 0n;
  const bits = (bound - 1n).toString(2).length;
  const words = Math.ceil(bits / 32);
  // Each draw lands below the bound with probability over 1/2, so a thousand misses in a row means a broken source.
  for (let attempt = 0; attempt < 1000; attempt++) {
    let value = 0n;
    for (let i = 0; i < words; i++) value = (value << 32n) | BigInt(word());
    value = BigInt.asUintN(bits, value);
    if (value < bound) return value;
  }
  throw new RangeError(`the random source gave 1000 draws in a row at or above ${bound}; it is not uniform (a constant?)`);
}

/** A generator of uniform 32-bit words from the options' seed, random, or the platform's crypto.*/
function wordSource(options: { seed?: number | bigint | string; random?: () => number }): () => number {
  if (options.seed !== undefined) {
    const seed = options.seed;
    if (!['number', 'bigint', 'string'].includes(typeof seed) || (typeof seed === 'number' && !Number.isFinite(seed))) {
      throw new TypeError(`seed must be a finite number, a bigint or a string; got ${describeValue(seed)}`);
    }
    return seededWords(String(seed));
  }
  if (options.random !== undefined) {
    const random = options.random;
    if (typeof random !== 'function') throw new TypeError(`random must be a function returning numbers in [0, 1); got ${describeValue(random)}`);
    return () => {
      const x = random();
      if (typeof x !== 'number' || !(x >= 0 && x < 1)) {
        throw new RangeError(`random() must return a number in [0, 1); got ${describeValue(x)}`);
      }
      return Math.floor(x * 2 ** 32);
    };
  }
  const buffer = new Uint32Array(64);
  let next = buffer.length;
  return () => {
    if (next === buffer.length) {
      globalThis.crypto.getRandomValues(buffer);
      next = 0;
    }
    return buffer[next++]!;
  };
}

/** sfc32 (Chris Doty-Humphrey's small fast counting generator) seeded from a 128-bit hash of the seed string. */
function seededWords(seed: string): () => number {
  // cyrb128: four independent 32-bit hashes of the string.
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  let a = (h1 ^ h2 ^ h3 ^ h4) >>> 0;
  let b = (h2 ^ h1) >>> 0;
  let c = (h3 ^ h1) >>> 0;
  let d = (h4 ^ h1) >>> 0;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next(); // let the state mix before the first word
  return next;
}
