import { describeValue } from './errors.js';

/** Options for anything random: a `seed` for reproducible results, or your own `random`; crypto-random otherwise. */
export interface RandomOptions {
  /** Any finite number or string: the same seed gives the same result on every platform. */
  readonly seed?: number | string;
  /** A source of uniform numbers in [0, 1), such as `Math.random`; used when no seed is given. */
  readonly random?: () => number;
}

/** A uniform integer in [0, bound) from the options' seed, random, or the platform's crypto. @internal */
export function randomIndex(options: RandomOptions, bound: number): number {
  if (options.seed !== undefined) {
    const seed = options.seed;
    if (!(typeof seed === 'string' || (typeof seed === 'number' && Number.isFinite(seed)))) {
      throw new TypeError(`seed must be a finite number or a string; got ${describeValue(seed)}`);
    }
    return below(seededWords(String(seed)), bound);
  }
  if (options.random !== undefined) {
    const random = options.random;
    if (typeof random !== 'function') throw new TypeError(`random must be a function returning numbers in [0, 1); got ${describeValue(random)}`);
    const x = random();
    if (typeof x !== 'number' || !(x >= 0 && x < 1)) throw new RangeError(`random() must return a number in [0, 1); got ${describeValue(x)}`);
    return Math.floor(x * bound);
  }
  const buffer = new Uint32Array(8);
  let next = 0;
  return below(() => {
    if (next === 0) globalThis.crypto.getRandomValues(buffer);
    const word = buffer[next]!;
    next = (next + 1) % buffer.length;
    return word;
  }, bound);
}

/** A uniform integer below `bound` (< 2^32) from 32-bit words, by rejection (no modulo bias). */
function below(word: () => number, bound: number): number {
  const limit = 2 ** 32 - (2 ** 32 % bound);
  for (;;) {
    const w = word();
    if (w < limit) return w % bound;
  }
}

/** sfc32 seeded with cyrb128, a 128-bit hash of the seed string: the same words on every platform. */
function seededWords(seed: string): () => number {
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
