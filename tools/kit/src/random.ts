// The one seeded generator of the @puzzles packages: a seed's text hashed by xmur3 into sfc32's 128-bit state.
// The same seed gives the same words on every platform (32-bit integer arithmetic only).
import { describeValue } from './describe.js';

/** A seed: any finite number, bigint or string. Numbers and bigints seed as their decimal text (7, 7n and '7' agree). */
export type Seed = number | bigint | string;

/** Where randomness comes from: a seed, a function returning numbers in [0, 1), or (neither) the platform's crypto. */
export interface RandomSource {
  readonly seed?: Seed | undefined;
  readonly random?: (() => number) | undefined;
}

/** A seed's text, after checking that it is one. */
function seedText(seed: unknown): string {
  if (typeof seed === 'string') return seed;
  if (typeof seed === 'bigint') return seed.toString();
  if (typeof seed === 'number' && Number.isFinite(seed)) return String(seed);
  throw new TypeError(`seed must be a finite number, a bigint or a string; got ${describeValue(seed)}`);
}

/** 32-bit unsigned words determined by the seed (xmur3 hash of its text into sfc32). */
export function seededWords(seed: Seed): () => number {
  const text = seedText(seed);
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  const mix = (): number => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return (h ^= h >>> 16) >>> 0;
  };
  const a = mix();
  const b = mix();
  const c = mix();
  return sfc32(a, b, c, mix());
}

/** sfc32's 32-bit unsigned words from a 128-bit state of four words (the first twelve discarded). */
export function sfc32(a0: number, b0: number, c0: number, d0: number): () => number {
  let a = a0 | 0;
  let b = b0 | 0;
  let c = c0 | 0;
  let d = d0 | 0;
  const word = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Discard the first words, as sfc32's author recommends, so that similar seeds diverge.
  for (let i = 0; i < 12; i++) word();
  return word;
}

/** Numbers in [0, 1) determined by the seed. */
export function seededRandom(seed: Seed): () => number {
  const word = seededWords(seed);
  return () => word() / 4294967296;
}

/** 32-bit words from a function returning numbers in [0, 1), checking every number it returns. */
function wordsOfRandom(random: unknown): () => number {
  if (typeof random !== 'function') {
    throw new TypeError(`random must be a function returning numbers in [0, 1); got ${describeValue(random)}`);
  }
  return () => {
    const x: unknown = random();
    if (typeof x !== 'number' || !(x >= 0 && x < 1)) {
      throw new RangeError(`random() must return a number in [0, 1); got ${describeValue(x)}`);
    }
    return Math.floor(x * 4294967296) >>> 0;
  };
}

/** 32-bit words from the platform's cryptographic generator (`globalThis.crypto`), fetched 64 at a time. */
function cryptoWords(): () => number {
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

/** 32-bit words from the options: the seed when given, else `random`, else the platform's crypto. */
export function wordSource(options: RandomSource): () => number {
  if (options.seed !== undefined) return seededWords(options.seed);
  if (options.random !== undefined) return wordsOfRandom(options.random);
  return cryptoWords();
}

/** Numbers in [0, 1) from the options: the seed when given, else `random` (checked), else the platform's crypto. */
export function randomSource(options: RandomSource): () => number {
  if (options.seed !== undefined) return seededRandom(options.seed);
  if (options.random !== undefined) {
    const words = wordsOfRandom(options.random);
    return () => words() / 4294967296;
  }
  const words = cryptoWords();
  return () => words() / 4294967296;
}

/** A uniform integer in [0, bound) for 1 <= bound <= 2^32, by rejection on whole words (no modulo bias). */
export function below(word: () => number, bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > 4294967296) {
    throw new RangeError(`bound must be an integer from 1 to 4294967296; got ${describeValue(bound)}`);
  }
  const limit = 4294967296 - (4294967296 % bound);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const w = word();
    if (w < limit) return w % bound;
  }
  throw new RangeError('the random source gave 1000 words in a row that a uniform source almost never gives; is it a constant?');
}

/** A uniform bigint in [0, bound), by rejection on whole 32-bit words (no modulo bias). */
export function bigBelow(word: () => number, bound: bigint): bigint {
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

/** Shuffles `items` in place, uniformly (Fisher–Yates), and returns it. */
export function shuffleInPlace<T>(items: T[], word: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = below(word, i + 1);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
  return items;
}
