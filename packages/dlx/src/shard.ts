// Shards: one of N deterministic pieces of a search (the `shard` option, `listShards`, `dlx --shard i/N`), as data
// and as text.
import { seededWords, shuffleInPlace } from '@puzzles/kit/random';
import { describeValue } from './errors.js';

/** One of `count` pieces of a search (`index` from 1 to `count`), for running a search on many machines. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Checks a shard option; null when there is none. @internal */
export function shardOf(shard: unknown): Shard | null {
  if (shard === undefined) return null;
  if (typeof shard !== 'object' || shard === null) {
    throw new TypeError(`shard must be an object { index, count }; got ${describeValue(shard)}`);
  }
  const { index, count } = shard as { index?: unknown; count?: unknown };
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    throw new RangeError(`shard count must be a positive integer; got ${describeValue(count)}`);
  }
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 1 || index > count) {
    throw new RangeError(`shard index must be an integer from 1 to ${count}; got ${describeValue(index)}`);
  }
  return { index, count };
}

/** Reads a shard written `i/N` (1 ≤ i ≤ N, decimal): RangeError naming the text otherwise (`3/2`, `0/0`, `x/2`). */
export function parseShard(text: string): Shard {
  if (typeof text !== 'string') throw new TypeError(`a shard must be a string i/N; got ${describeValue(text)}`);
  const match = /^(\d{1,15})\/(\d{1,15})$/u.exec(text);
  const index = match === null ? NaN : Number(match[1]);
  const count = match === null ? NaN : Number(match[2]);
  if (match === null || count < 1 || index < 1 || index > count) {
    throw new RangeError(`a shard must be i/N, the i-th of N pieces, i from 1 to N; got ${describeValue(text)}`);
  }
  return { index, count };
}

/** A shard as text, `i/N`. */
export function formatShard(shard: Shard): string {
  const s = shardOf(shard)!;
  return `${s.index}/${s.count}`;
}

/**
 * The pieces of one shard: the pieces are dealt to the shards in a fixed pseudo-random order (the same in every
 * process), one each in turn, and each shard keeps its own in search order. Dealing them in order (every N-th piece)
 * would follow the regular structure of the tree: with 2 shards of pentominoes 6×10, one got 57% of the nodes. @internal
 */
export function piecesOfShard<P>(pieces: readonly P[], shard: Shard): P[] {
  const order = shuffleInPlace(
    Array.from({ length: pieces.length }, (_, k) => k),
    seededWords('dlx shards'),
  );
  const mine = order.filter((_, j) => j % shard.count === shard.index - 1).sort((a, b) => a - b);
  return mine.map((k) => pieces[k]!);
}
