import { exactBinomial } from './binomial.js';
import { describeValue } from '../errors.js';

/** Marks a card that no hand holds yet. @internal */
export const UNASSIGNED = 255;

/**
 * Everything a numbering needs to know about one deal signature (hand sizes and player letters), computed once.
 * @internal
 */
export interface Signature {
  readonly handSizes: readonly number[];
  readonly players: string;
  /** Deck size: the sum of the hand sizes. */
  readonly cards: number;
  /** The number of distinct deals: cards! / Π handSize!. */
  readonly count: bigint;
  /** For Andrews' index: radix j = C(cards left for hand j, size of hand j), as number and bigint (hands 0..p-2). */
  readonly radices: readonly number[];
  readonly bigRadices: readonly bigint[];
  /** Whether this is bridge: four hands N, E, S, W of 13 cards. */
  readonly bridge: boolean;
  /** Why Andrews' edition cannot number this signature exactly with doubles, or null if it can. */
  readonly andrewsLimit: string | null;
  /** Player index for each UTF-16 code below 128, or -1. */
  readonly playerOfCode: Int8Array;
  /** Scratch counts per hand, reused by the deal parsers (which never run re-entrantly). */
  readonly counts: Int32Array;
}

const cache = new Map<string, Signature>();

/** The signature for these hand sizes and players, checked and cached. @internal */
export function signatureOf(handSizes: readonly number[], players?: string): Signature {
  if (!Array.isArray(handSizes) || handSizes.length === 0) {
    throw new TypeError(`hand sizes must be a non-empty array of non-negative integers; got ${describeValue(handSizes)}`);
  }
  const sizes = handSizes.map((size) => {
    if (!Number.isSafeInteger(size) || size < 0) {
      throw new RangeError(`hand sizes must be non-negative integers; got ${describeValue(size)} in [${handSizes.map(describeValue).join(', ')}]`);
    }
    return size;
  });
  const cards = sizes.reduce((a, b) => a + b, 0);
  if (cards > 255) throw new RangeError(`a deck of at most 255 cards can be numbered; got ${cards} cards in [${sizes.join(', ')}]`);
  if (players !== undefined && typeof players !== 'string') {
    throw new TypeError(`players must be a string of ${sizes.length} letters or digits; got ${describeValue(players)}`);
  }
  const names = players ?? defaultPlayers(sizes.length);
  const key = `${sizes.join(',')}/${names}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const playerOfCode = playerLookup(names, sizes.length);

  let count = 1n;
  let left = cards;
  const radices: number[] = [];
  const bigRadices: bigint[] = [];
  let andrewsLimit: string | null = null;
  for (let j = 0; j < sizes.length; j++) {
    const radix = exactBinomial(left, sizes[j]!);
    count *= radix;
    if (j < sizes.length - 1) {
      if (radix > BigInt(Number.MAX_SAFE_INTEGER) && andrewsLimit === null) {
        andrewsLimit = `C(${left}, ${sizes[j]}) = ${radix} is above 2^53 - 1`;
      }
      radices.push(Number(radix));
      bigRadices.push(radix);
    }
    left -= sizes[j]!;
  }
  const signature: Signature = {
    handSizes: Object.freeze(sizes),
    players: names,
    cards,
    count,
    radices,
    bigRadices,
    bridge: names === 'NESW' && sizes.join() === '13,13,13,13',
    andrewsLimit,
    playerOfCode,
    counts: new Int32Array(sizes.length),
  };
  if (cache.size >= 256) cache.clear(); // bounded: signatures are cheap to rebuild
  cache.set(key, signature);
  return signature;
}

function defaultPlayers(hands: number): string {
  if (hands === 4) return 'NESW';
  if (hands > 26) throw new RangeError(`name the players (the players option) for more than 26 hands; got ${hands} hands`);
  return 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.slice(0, hands);
}

function playerLookup(players: string, hands: number): Int8Array {
  if (typeof players !== 'string' || players.length !== hands || !/^[A-Za-z0-9]*$/.test(players)) {
    throw new RangeError(
      `players must be ${hands} distinct letters or digits, one per hand; got ${describeValue(players)}`,
    );
  }
  const lookup = new Int8Array(128).fill(-1);
  for (let q = 0; q < hands; q++) {
    const code = players.charCodeAt(q);
    if (lookup[code] !== -1) throw new RangeError(`players must be distinct; got ${describeValue(players)}`);
    lookup[code] = q;
  }
  // Letters are also accepted in the other case, unless that case names another player.
  for (let q = 0; q < hands; q++) {
    const ch = players[q]!;
    const other = ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase();
    const code = other.charCodeAt(0);
    if (other !== ch && code < 128 && lookup[code] === -1) lookup[code] = q;
  }
  return lookup;
}
