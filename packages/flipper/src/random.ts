// Where randomness comes from: the family's one seeded generator (xmur3 → sfc32), an injected `random`, or crypto.
import { below, randomSource, seededRandom as seededNumbers, wordSource as words } from '@puzzles/kit/random';

/** Where randomness comes from: a `seed` (reproducible everywhere) or your own `random`; crypto otherwise. */
export interface RandomOptions {
  /** Any number or string: the same seed gives the same result on every platform. */
  readonly seed?: number | string;
  /** A source of uniform numbers in [0, 1), such as `Math.random`; used when no seed is given. */
  readonly random?: () => number;
}

/** A seeded source of uniform numbers in [0, 1), for passing one stream through several calls. */
export function seededRandom(seed: number | string): () => number {
  return seededNumbers(seed);
}

/** A generator of uniform 32-bit words from the options' seed, random (checked), or the platform's crypto. @internal */
export function wordSource(options: RandomOptions): () => number {
  return words(options);
}

/**
 * A source of uniform integers in [0, bound) (bound ≤ 2^32): without bias on seeded or crypto words, and as
 * floor(random() · bound) on an injected random, so that random: () => 0.999… gives the last value. @internal
 */
export function integerSource(options: RandomOptions): (bound: number) => number {
  if (options.seed === undefined && options.random !== undefined) {
    const random = randomSource(options);
    return (bound) => Math.floor(random() * bound);
  }
  const word = words(options);
  return (bound) => below(word, bound);
}
