// Hand evaluation: points, lengths, shape, losers, controls, quick tricks. Each suit holding is a 13-bit mask (bit r set
// when the hand holds rank r, ace = bit 0), and every per-suit measure is a lookup in a table of 8192 entries, built on
// first use (no top-level work, so importing one function costs nothing until it runs).
import { RANKS, SEATS, SUITS, type BridgeHand, type Suit } from '../numbering/cards.js';
import { Deal } from '../numbering/deal.js';
import { describeValue } from '../errors.js';

/** A seat as a letter (`'N'`) or a word (`'north'`), any case. */
export type SeatName = 'N' | 'E' | 'S' | 'W' | 'north' | 'east' | 'south' | 'west' | (string & {});

/** A hand to evaluate: a bridge hand by suit (`deal.hands.N`, or `{ spades: 'AKQ', … }`) or a PBN hand `'AKQ.T98..765432'`. */
export type HandInput = BridgeHand | string;

const SIZE = 1 << 13;
const SEAT_WORDS = ['north', 'east', 'south', 'west'];

interface Tables {
  length: Uint8Array;
  hcp: Uint8Array;
  losers: Uint8Array;
  controls: Uint8Array;
  /** Quick tricks doubled (so 1½ is 3). */
  quickTricks: Uint8Array;
}

let cached: Tables | undefined;

/** The per-suit tables, built once on first use. @internal */
export function suitTables(): Tables {
  if (cached !== undefined) return cached;
  // Every measure depends on the four honor bits (A K Q J: the low 4 bits) and the length: the tables are built as 512
  // blocks of 16 holdings (one block per set of spot cards), each copied from one of 10 precomputed blocks (by how many
  // spots), so a short run does little work before its first deal.
  const tables = { length: new Uint8Array(SIZE), hcp: new Uint8Array(SIZE), losers: new Uint8Array(SIZE), controls: new Uint8Array(SIZE), quickTricks: new Uint8Array(SIZE) };
  const blocks: Record<keyof Tables, Uint8Array>[] = [];
  for (let spots = 0; spots <= 9; spots++) {
    const block = { length: new Uint8Array(16), hcp: new Uint8Array(16), losers: new Uint8Array(16), controls: new Uint8Array(16), quickTricks: new Uint8Array(16) };
    for (let m = 0; m < 16; m++) {
      const a = m & 1;
      const k = (m >> 1) & 1;
      const q = (m >> 2) & 1;
      const j = (m >> 3) & 1;
      const n = a + k + q + j + spots;
      block.length[m] = n;
      block.hcp[m] = 4 * a + 3 * k + 2 * q + j;
      block.losers[m] = Math.min(n, 3) - (a + (n >= 2 ? k : 0) + (n >= 3 ? q : 0));
      block.controls[m] = 2 * a + k;
      block.quickTricks[m] = a && k ? 4 : a && q ? 3 : a ? 2 : k && q ? 2 : k && n >= 2 ? 1 : 0;
    }
    blocks.push(block);
  }
  for (let high = 0; high < SIZE >> 4; high++) {
    // The number of spot cards in this block: one more than the block without its lowest spot.
    const spots = high === 0 ? 0 : tables.length[(high & (high - 1)) << 4]! + 1;
    const block = blocks[spots]!;
    const at = high << 4;
    tables.length.set(block.length, at);
    tables.hcp.set(block.hcp, at);
    tables.losers.set(block.losers, at);
    tables.controls.set(block.controls, at);
    tables.quickTricks.set(block.quickTricks, at);
  }
  cached = tables;
  return cached;
}

/** A table of points per suit holding from points per rank (ace first). @internal */
export function pointTable(values: readonly number[]): Uint8Array {
  const table = new Uint8Array(SIZE);
  for (let m = 1; m < SIZE; m++) {
    const low = 31 - Math.clz32(m & -m);
    table[m] = table[m & (m - 1)]! + (values[low] ?? 0);
  }
  return table;
}

/** The seat index (0–3) of a seat letter or word. @internal */
export function seatIndex(seat: unknown): number {
  if (typeof seat === 'string') {
    const text = seat.toLowerCase();
    const q = text.length === 1 ? SEATS.indexOf(text.toUpperCase()) : SEAT_WORDS.indexOf(text);
    if (q >= 0) return q;
  }
  throw new RangeError(`seat must be one of N, E, S, W or north, east, south, west; got ${describeValue(seat)}`);
}

/** The suit index (0–3) of a suit name. @internal */
export function suitIndex(suit: unknown): number {
  const s = typeof suit === 'string' ? SUITS.indexOf(suit.toLowerCase() as Suit) : -1;
  if (s < 0) throw new RangeError(`suit must be one of spades, hearts, diamonds, clubs; got ${describeValue(suit)}`);
  return s;
}

/** The 16 suit masks of a bridge deal, seat-major (`masks[seat * 4 + suit]`). @internal */
export function dealMasks(deal: Deal, masks: Uint16Array = new Uint16Array(16)): Uint16Array {
  if (!(deal instanceof Deal) || !deal.signature.bridge) {
    throw new TypeError(`hand evaluation needs a bridge deal; got ${describeValue(deal)}`);
  }
  masks.fill(0);
  const holders = deal.holders;
  for (let c = 0; c < 52; c++) {
    const suit = (c / 13) | 0;
    masks[holders[c]! * 4 + suit]! |= 1 << (c - suit * 13);
  }
  return masks;
}

/** The mask of a holding's ranks (`'AKT2'`), checked. @internal */
function maskOfRanks(ranks: string, shown: unknown): number {
  let mask = 0;
  for (const ch of ranks.toUpperCase()) {
    const r = RANKS.indexOf(ch === '1' ? 'T' : ch);
    if (r < 0 || mask & (1 << r)) {
      throw new RangeError(`a hand must list distinct ranks of AKQJT98765432 per suit; got ${describeValue(shown)}`);
    }
    mask |= 1 << r;
  }
  return mask;
}

/** The four suit masks of a hand input. @internal */
export function handMasks(hand: HandInput): number[] {
  if (typeof hand === 'string') {
    const parts = hand.trim().split('.');
    if (parts.length !== 4) {
      throw new RangeError(`a PBN hand has four suits separated by dots ('AKQ.T98..765432'); got ${describeValue(hand)}`);
    }
    return parts.map((part) => maskOfRanks(part, hand));
  }
  if (typeof hand !== 'object' || hand === null) {
    throw new TypeError(`a hand must be a PBN hand string or { spades, hearts, diamonds, clubs }; got ${describeValue(hand)}`);
  }
  return SUITS.map((suit) => {
    const ranks = (hand as Record<string, unknown>)[suit];
    if (typeof ranks !== 'string') {
      throw new TypeError(`a hand must give ${suit} as a string of ranks; got ${describeValue(ranks)}`);
    }
    return maskOfRanks(ranks, ranks);
  });
}

/** The four suit masks of a deal's seat, or of a hand. */
function masksOf(source: Deal | HandInput, seat: SeatName | undefined): ArrayLike<number> {
  if (source instanceof Deal) {
    const q = seatIndex(seat);
    return dealMasks(source).subarray(q * 4, q * 4 + 4);
  }
  return handMasks(source);
}

function sum(table: Uint8Array, masks: ArrayLike<number>): number {
  return table[masks[0]!]! + table[masks[1]!]! + table[masks[2]!]! + table[masks[3]!]!;
}

/** High-card points (ace 4, king 3, queen 2, jack 1) of a deal's seat, or of a hand. */
export function hcp(source: Deal | HandInput, seat?: SeatName): number {
  return sum(suitTables().hcp, masksOf(source, seat));
}

/** A point count with custom values per rank, ace first (`[4, 3, 2, 1]` is HCP; dealer's `pointcount`). */
export function createPointCount(values: readonly number[]): (source: Deal | HandInput, seat?: SeatName) => number {
  if (!Array.isArray(values) || values.length > 13 || !values.every((v) => Number.isInteger(v) && v >= 0 && v <= 19)) {
    throw new RangeError(`point values must be up to 13 integers from 0 to 19, ace first; got ${describeValue(values)}`);
  }
  const table = pointTable(values);
  return (source, seat) => sum(table, masksOf(source, seat));
}

/** The suit lengths (spades, hearts, diamonds, clubs) of a deal's seat, or of a hand. */
export function suitLengths(source: Deal | HandInput, seat?: SeatName): [number, number, number, number] {
  const masks = masksOf(source, seat);
  const { length } = suitTables();
  return [length[masks[0]!]!, length[masks[1]!]!, length[masks[2]!]!, length[masks[3]!]!];
}

/** The length of one suit of a deal's seat, or of a hand. */
export function suitLength(suit: Suit, source: Deal | HandInput, seat?: SeatName): number {
  const s = suitIndex(suit);
  return suitTables().length[masksOf(source, seat)[s]!]!;
}

/** The losing-trick count: per suit, the top min(length, 3) places minus the ace, king, queen held there. */
export function losers(source: Deal | HandInput, seat?: SeatName): number {
  return sum(suitTables().losers, masksOf(source, seat));
}

/** Controls: ace 2, king 1. */
export function controls(source: Deal | HandInput, seat?: SeatName): number {
  return sum(suitTables().controls, masksOf(source, seat));
}

/** Quick tricks per suit: AK 2, AQ 1½, A 1, KQ 1, K with another card ½. */
export function quickTricks(source: Deal | HandInput, seat?: SeatName): number {
  return sum(suitTables().quickTricks, masksOf(source, seat)) / 2;
}

/** How many of the top `n` ranks of `suit` (top 3 = A, K, Q) a deal's seat, or a hand, holds. */
export function topHonors(suit: Suit, n: number, source: Deal | HandInput, seat?: SeatName): number {
  if (!Number.isInteger(n) || n < 1 || n > 13) throw new RangeError(`top honors count must be an integer from 1 to 13; got ${describeValue(n)}`);
  const mask = masksOf(source, seat)[suitIndex(suit)]! & ((1 << n) - 1);
  return suitTables().length[mask]!;
}
