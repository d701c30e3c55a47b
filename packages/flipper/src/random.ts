import { describeValue } from './errors.js';

/** Where randomness comes from: a `seed` (reproducible everywhere) or your own `random`; crypto otherwise. */
export interface RandomOptions {
  /** Any number or string: the same seed gives the same result on every platform. */
  readonly seed?: number | string;
  /** A source of uniform numbers in [0, 1), such as `Math.random`; used when no seed is given. */
  readonly random?: () => number;
}

/** A generator of uniform 32-bit words from the options' seed, random, or the platform's crypto. @internal */
export function wordSource(options: RandomOptions): () => number {
  if (options.seed !== undefined) {
    const seed = options.seed;
    if ((typeof seed !== 'number' && typeof seed !== 'string') || (typeof seed === 'number' && !Number.isFinite(seed))) {
      throw new TypeError(`seed must be a finite number or a string; got ${describeValue(seed)}`);
    }
    return seededWords(String(seed));
  }
  if (options.random !== undefined) {
    const random = options.random;
    if (typeof random !== 'function') {
      throw new TypeError(`random must be a function returning numbers in [0, 1); got ${describeValue(random)}`);
    }
    return () => {
      const x = random();
      if (typeof x !== 'number' || !(x >= 0 && x < 1)) {
        throw new RangeError(`random() must return a number in [0, 1); got ${describeValue(x)}`);
      }
      return Math.floor(x * 2 ** 32) >>> 0;
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

/** A seeded source of uniform numbers in [0, 1), for passing one stream through several calls. */
export function seededRandom(seed: number | string): () => number {
  const words = wordSource({ seed });
  return () => words() / 2 ** 32;
}

/** sfc32 (small fast counting generator) seeded from a 128-bit cyrb128 hash of the seed string. @internal */
export function seededWords(seed: string): () => number {
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
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** A source of uniform integers in [0, bound) (bound ≤ 2^32): rejection on seeded/crypto words, floor(random() · bound) on an injected random. @internal */
export function integerSource(options: RandomOptions): (bound: number) => number {
  const word = wordSource(options);
  if (options.seed === undefined && options.random !== undefined) return (bound) => Math.floor((word() / 2 ** 32) * bound);
  return (bound) => {
    const bucket = Math.floor(2 ** 32 / bound);
    const limit = bucket * bound;
    for (let attempt = 0; attempt < 1000; attempt++) {
      const x = word();
      if (x < limit) return Math.floor(x / bucket);
    }
    throw new RangeError(`the random source gave 1000 draws in a row at or above ${limit}; it is not uniform (a constant?)`);
  };
}
