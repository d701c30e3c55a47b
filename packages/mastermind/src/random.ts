import { describeValue } from './errors.js';

/** A seed for reproducible randomness: any finite number or any string. */
export type Seed = number | string;

/** A source of uniform numbers in [0, 1): from a seed (reproducible), a given function, or Math.random. @internal */
export function randomSource(options: { seed?: Seed | undefined; random?: (() => number) | undefined }): () => number {
  if (options.seed !== undefined) {
    const seed = options.seed;
    if (!(typeof seed === 'string' || (typeof seed === 'number' && Number.isFinite(seed)))) {
      throw new TypeError(`seed must be a finite number or a string; got ${describeValue(seed)}`);
    }
    return seededRandom(String(seed));
  }
  if (options.random !== undefined) {
    const random = options.random;
    if (typeof random !== 'function') throw new TypeError(`random must be a function returning numbers in [0, 1); got ${describeValue(random)}`);
    return () => {
      const x = random();
      if (typeof x !== 'number' || !(x >= 0 && x < 1)) throw new RangeError(`random() must return a number in [0, 1); got ${describeValue(x)}`);
      return x;
    };
  }
  return Math.random;
}

/** A uniform integer in [0, bound) from a source of numbers in [0, 1). @internal */
export function randomBelow(random: () => number, bound: number): number {
  return Math.min(bound - 1, Math.floor(random() * bound));
}

/** Mulberry32 seeded from an FNV-1a hash of the seed text: the same seed gives the same numbers everywhere. */
function seededRandom(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let state = h >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = 0; i < 4; i++) next();
  return next;
}
