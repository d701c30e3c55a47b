// Reproducible randomness from a seed: the family's one seeded generator (xmur3 into sfc32), and the option shuffle.
import { seededRandom as kitSeededRandom, seededWords, shuffleInPlace } from '@puzzles/kit/random';

/** A seed: any finite number or any string (a number seeds as its decimal text: 7 and '7' agree). */
export type Seed = number | string;

/** A generator of numbers in [0, 1) determined by `seed`; anything but a finite number or a string is a TypeError. */
export function seededRandom(seed: Seed): () => number {
  return kitSeededRandom(seed);
}

/** The indices 0..n-1 shuffled uniformly (Fisher–Yates) by the generator `seed` determines. @internal */
export function shuffledOrder(n: number, seed: Seed): Int32Array {
  const order = Array.from({ length: n }, (_, i) => i);
  return Int32Array.from(shuffleInPlace(order, seededWords(seed)));
}
