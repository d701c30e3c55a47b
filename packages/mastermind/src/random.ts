// Randomness comes from the shared seeded generator (@puzzles/kit/random, inlined at build time); only the public
// type of a seed is declared here.

/** A seed for reproducible randomness: any finite number, bigint or string (7, 7n and '7' give the same draws). */
export type Seed = number | bigint | string;
