// Independent, deliberately plain reference implementations (BigInt and factorials, no tables, no tricks) and shared
// test helpers. Nothing here imports the library, so the tests compare it against something it cannot share a bug with.
import fc from 'fast-check';

import { fuzzText as fuzzTextOver } from '@puzzles/testkit';

export { expectError, onlyOurErrors, prop } from '@puzzles/testkit';

/** Arbitrary text for fuzzing parsers (any UTF-16, code points, graphemes, and strings over `alphabet` up to 80 long). */
export const fuzzText = (alphabet: string) => fuzzTextOver(alphabet, 80);

const factorials: bigint[] = [1n];

/** n! */
export function factorial(n: number): bigint {
  for (let i = factorials.length; i <= n; i++) factorials.push(factorials[i - 1]! * BigInt(i));
  return factorials[n]!;
}

/** C(n, k) = n (n-1) … (n-k+1) / k!, 0 when k > n. */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let falling = 1n;
  for (let j = 0; j < k; j++) falling *= BigInt(n - j);
  return falling / factorial(k);
}

/** (Σ sizes)! / Π sizes!: the number of distinct deals with these hand sizes. */
export function multinomial(sizes: readonly number[]): bigint {
  const cards = sizes.reduce((a, b) => a + b, 0);
  return sizes.reduce((quotient, size) => quotient / factorial(size), factorial(cards));
}

/** The squashed (colex) rank of a set: Σ C(cᵢ, i) over its elements c₁ < c₂ < … (1-based i). */
export function colexRank(subset: readonly number[]): bigint {
  return [...subset].sort((a, b) => a - b).reduce((rank, c, i) => rank + choose(c, i + 1), 0n);
}

/** Compares two sorted k-sets in squashed (colex) order: the larger greatest element is later, ties go to the next. */
export function colexCompare(a: readonly number[], b: readonly number[]): number {
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Every k-subset of {0, …, n-1}, each sorted ascending, in no particular order. */
export function subsets(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  if (n < k) return [];
  // Those without n-1, then those with it.
  return [...subsets(n - 1, k), ...subsets(n - 1, k - 1).map((s) => [...s, n - 1])];
}

/**
 * Andrews' index (page − 1) of a deal string: hand by hand, the positions of the hand's cards among the cards not yet
 * dealt to earlier hands, ranked in squashed order, combined in mixed radix C(cards left, hand size).
 */
export function andrewsIndex(deal: string, handSizes: readonly number[], players: string): bigint {
  let left = Array.from({ length: deal.length }, (_, card) => card); // card numbers not yet dealt to an earlier hand, ascending
  let index = 0n;
  for (let j = 0; j < handSizes.length - 1; j++) {
    const player = players[j]!;
    const positions = left.flatMap((card, position) => (deal[card] === player ? [position] : []));
    index = index * choose(left.length, handSizes[j]!) + colexRank(positions);
    left = left.filter((card) => deal[card] !== player);
  }
  return index;
}

/**
 * The index of a deal string in lexicographic order of all deals (player order as in `players`), counted directly:
 * for each card, the deals that agree so far and give this card to an earlier player.
 */
export function lexicographicIndex(deal: string, handSizes: readonly number[], players: string): bigint {
  const left = [...handSizes];
  let index = 0n;
  for (const letter of deal) {
    const h = players.indexOf(letter);
    for (let q = 0; q < h; q++) {
      if (left[q] === 0) continue;
      left[q]!--;
      index += multinomial(left);
      left[q]!++;
    }
    left[h]!--;
  }
  return index;
}

/** Every deal string with these hand sizes (all distinct permutations of the multiset), in lexicographic order. */
export function allDeals(handSizes: readonly number[], players: string): string[] {
  const out: string[] = [];
  const left = [...handSizes];
  const cards = handSizes.reduce((a, b) => a + b, 0);
  const extend = (prefix: string): void => {
    if (prefix.length === cards) {
      out.push(prefix);
      return;
    }
    for (let q = 0; q < left.length; q++) {
      if (left[q] === 0) continue;
      left[q]!--;
      extend(prefix + players[q]!);
      left[q]!++;
    }
  };
  extend('');
  return out;
}

/** The deal string with each player's cards in one block: 'AAABBC' for [3, 2, 1]. */
export function blockDeal(handSizes: readonly number[], players: string): string {
  return handSizes.map((size, q) => players[q]!.repeat(size)).join('');
}

/** How many times each letter occurs in a string. */
export function letterCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  return counts;
}

export const EDITIONS = ['andrews', 'pavlicek'] as const;
export const BRIDGE_SIZES = [13, 13, 13, 13] as const;
export const BRIDGE_PLAYERS = 'NESW';
/** D = 52! / (13!)^4, written out. */
export const D = 53_644_737_765_488_792_839_237_440_000n;
export const PAGE_1 = 'NNNNNNNNNNNNNEEEEEEEEEEEEESSSSSSSSSSSSSWWWWWWWWWWWWW';
export const PAGE_2 = 'NNNNNNNNNNNNNEEEEEEEEEEEEESSSSSSSSSSSSWSWWWWWWWWWWWW';
export const PAGE_D = 'WWWWWWWWWWWWWSSSSSSSSSSSSSEEEEEEEEEEEEENNNNNNNNNNNNN';
export const RANK_ORDER = 'AKQJT98765432';

/**
 * A deal string with these hand sizes: uniformly shuffled, or (as often) a shuffled start followed by the remaining
 * cards in ascending or descending player order: the first or last deal with that start, where page boundaries lie.
 */
export function dealStringArb(handSizes: readonly number[] = BRIDGE_SIZES, players = BRIDGE_PLAYERS): fc.Arbitrary<string> {
  const letters = [...blockDeal(handSizes, players)];
  const shuffled = fc
    .shuffledSubarray(letters, { minLength: letters.length, maxLength: letters.length })
    .map((a) => a.join(''));
  const boundary = fc.tuple(shuffled, fc.nat(), fc.boolean()).map(([deal, cut, ascending]) => {
    const k = cut % (deal.length + 1);
    const rest = [...deal.slice(k)].sort((a, b) => players.indexOf(a) - players.indexOf(b));
    if (!ascending) rest.reverse();
    return deal.slice(0, k) + rest.join('');
  });
  return fc.oneof(shuffled, boundary);
}

/** A bridge deal string. */
export const bridgeDealArb = dealStringArb();

/** A bridge page, 1 to D: anywhere, or near either end. */
export const bridgePageArb = fc.oneof(
  { arbitrary: fc.bigInt({ min: 1n, max: D }), weight: 3 },
  fc.bigInt({ min: 1n, max: 100_000n }),
  fc.bigInt({ min: D - 100_000n, max: D }),
);

/** A seat letter. */
export const seatArb = fc.constantFrom('N', 'E', 'S', 'W');

/** PBN of a bridge deal string, built from scratch: for each seat from `first`, the ranks it holds in each suit. */
export function referencePbn(deal: string, first = 'N'): string {
  const start = BRIDGE_PLAYERS.indexOf(first);
  const hands: string[] = [];
  for (let i = 0; i < 4; i++) {
    const seat = BRIDGE_PLAYERS[(start + i) % 4]!;
    const suits: string[] = [];
    for (let s = 0; s < 4; s++) {
      suits.push([...RANK_ORDER].filter((_, r) => deal[s * 13 + r] === seat).join(''));
    }
    hands.push(suits.join('.'));
  }
  return `${first}:${hands.join(' ')}`;
}

/**
 * The (card, seat) pairs a PBN deal states, read loosely from text a parser has already accepted: the optional
 * [Deal "…"] tag, the first seat, then per hand (unless '-') four dot-separated suits of ranks, 10 for T, any case.
 */
export function pbnClaims(text: string): Array<[number, string]> {
  let body = text.trim();
  const tag = /^\[\s*deal\s+"(.*)"\s*\]$/is.exec(body);
  if (tag) body = tag[1]!.trim();
  const colon = body.indexOf(':');
  const start = BRIDGE_PLAYERS.indexOf(body.slice(0, colon).trim().toUpperCase());
  const claims: Array<[number, string]> = [];
  body
    .slice(colon + 1)
    .trim()
    .split(/\s+/)
    .forEach((hand, i) => {
      if (hand === '-') return;
      const seat = BRIDGE_PLAYERS[(start + i) % 4]!;
      hand.split('.').forEach((ranks, s) => {
        for (const rank of ranks.toUpperCase().replaceAll('10', 'T')) {
          if (RANK_ORDER.includes(rank)) claims.push([s * 13 + RANK_ORDER.indexOf(rank), seat]);
        }
      });
    });
  return claims;
}

/** A valid string with a few random edits: characters replaced, deleted, inserted or case-flipped. */
export function mutated(valid: fc.Arbitrary<string>, alphabet: string): fc.Arbitrary<string> {
  const edit = fc.record({
    kind: fc.constantFrom('replace', 'delete', 'insert', 'case'),
    at: fc.nat(),
    ch: fc.constantFrom(...alphabet),
  });
  return fc.tuple(valid, fc.array(edit, { minLength: 0, maxLength: 3 })).map(([text, edits]) => {
    let out = text;
    for (const { kind, at, ch } of edits) {
      const i = out.length === 0 ? 0 : at % out.length;
      if (kind === 'replace') out = out.slice(0, i) + ch + out.slice(i + 1);
      else if (kind === 'delete') out = out.slice(0, i) + out.slice(i + 1);
      else if (kind === 'insert') out = out.slice(0, i) + ch + out.slice(i);
      else out = out.toLowerCase();
    }
    return out;
  });
}

