// Reproducible randomness from a seed (a number or any text): a string hash feeding sfc32.
import { describeValue } from './errors.js';

/** A seed: any finite number or any string. */
export type Seed = number | string;

/** A generator of numbers in [0, 1) determined by the seed. */
export function seededRandom(seed: Seed): () => number {
  if (typeof seed !== 'string' && (typeof seed !== 'number' || !Number.isFinite(seed))) {
    throw new TypeError(`a seed must be a finite number or a string; got ${describeValue(seed)}`);
  }
  const text = typeof seed === 'number' ? `#${seed}` : seed;
  // xmur3 string hash, four times, for sfc32's 128-bit state.
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  const next = (): number => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return (h ^= h >>> 16) >>> 0;
  };
  let a = next();
  let b = next();
  let c = next();
  let d = next();
  const random = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) random();
  return random;
}

/** The indices 0..n-1 shuffled by Fisher–Yates with the seeded generator. */
export function shuffledOrder(n: number, seed: Seed): Int32Array {
  const random = seededRandom(seed);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  return order;
}
