import { describeValue } from '../errors.js';

/** The bridge hand sizes: four hands of 13. */
export const BRIDGE_HANDS: readonly number[] = /* @__PURE__ */ Object.freeze([13, 13, 13, 13]);
/** The seats in hand order: North, East, South, West. */
export const SEATS = 'NESW';
/** The suits in card order: card 0 is the ace of spades, card 51 the two of clubs. */
export const SUITS = /* @__PURE__ */ Object.freeze(['spades', 'hearts', 'diamonds', 'clubs'] as const);
/** The ranks in card order within a suit, ten as `T`. */
export const RANKS = 'AKQJT98765432';
/** The suit symbols in suit order. */
export const SUIT_SYMBOLS = '♠♥♦♣';

/** A bridge seat. */
export type Seat = 'N' | 'E' | 'S' | 'W';
/** A suit name. */
export type Suit = (typeof SUITS)[number];
/** One hand by suit, ranks as in PBN from high to low (`'AKT2'`); `''` for a void. */
export type BridgeHand = Record<Suit, string>;
/** The four hands of a bridge deal by seat. */
export type BridgeHands = Record<Seat, BridgeHand>;

/** The card's name, suit symbol first (`'♠A'` for card 0, `'♣2'` for card 51). */
export function cardName(card: number): string {
  if (!Number.isInteger(card) || card < 0 || card > 51) {
    throw new RangeError(`card must be an integer from 0 to 51; got ${describeValue(card)}`);
  }
  return SUIT_SYMBOLS[Math.floor(card / 13)]! + RANKS[card % 13]!;
}

// A deal's text is made from 16 masks (a bit per rank, ace = bit 0, for each seat and suit) in one pass over the cards,
// and each mask's ranks from two small tables of texts (the ranks A–8 of its low 7 bits, 7–2 of its high 6): a suit is
// one concatenation, not one per card.

/** The texts of the rank masks of A K Q J T 9 8 (bits 0–6) and of 7 6 5 4 3 2 (bits 7–12), made at first use. */
let highRanks: string[] | undefined;
let lowRanks: string[] | undefined;

/** The texts of the 2^bits rank masks of `bits` ranks from `from` on, each its lowest rank's letter before the rest's. */
function ranksTable(from: number, bits: number): string[] {
  const table = [''];
  for (let m = 1; m < 1 << bits; m++) table.push(RANKS[from + 31 - Math.clz32(m & -m)]! + table[m & (m - 1)]!);
  return table;
}

/** The text of a rank mask of one suit (bit 0 = ace), high to low: `'AKT2'`; `''` for a void. @internal */
export function ranksOfMask(mask: number): string {
  if (highRanks === undefined) {
    highRanks = ranksTable(0, 7);
    lowRanks = ranksTable(7, 6);
  }
  return highRanks[mask & 127]! + lowRanks![mask >> 7]!;
}

/** The masks of the last deal read (each call fills them before they are read). */
const MASKS = /* @__PURE__ */ new Int32Array(16);

/**
 * The rank masks each seat holds in each suit, seat-major (`[q * 4 + suit]`), in one pass over the cards: a suit's four
 * masks are gathered in locals and stored once (a store a card is most of the cost before V8 optimizes this).
 */
function masksOf(holders: Uint8Array): Int32Array {
  const masks = MASKS;
  for (let s = 0, c = 0; s < 4; s++) {
    let n = 0;
    let e = 0;
    let so = 0;
    let w = 0;
    for (let bit = 1; bit < 8192; bit <<= 1, c++) {
      const q = holders[c];
      if (q === 0) n |= bit;
      else if (q === 1) e |= bit;
      else if (q === 2) so |= bit;
      else w |= bit;
    }
    masks[s] = n;
    masks[4 + s] = e;
    masks[8 + s] = so;
    masks[12 + s] = w;
  }
  return masks;
}

/** The ranks (high to low) each seat holds in each suit, seat-major (`[q * 4 + suit]`), in one pass over the cards. */
function holdings(holders: Uint8Array): string[] {
  const masks = masksOf(holders);
  const ranks: string[] = [];
  for (let i = 0; i < 16; i++) ranks.push(ranksOfMask(masks[i]!));
  return ranks;
}

/** The hands by seat and suit of a bridge deal's holders (52 cards, seats 0–3). @internal */
export function handsOfHolders(holders: Uint8Array): BridgeHands {
  const hands = {} as BridgeHands;
  const ranks = holdings(holders);
  for (let q = 0; q < 4; q++) {
    const hand = {} as BridgeHand;
    for (let s = 0; s < 4; s++) hand[SUITS[s]!] = ranks[q * 4 + s]!;
    hands[SEATS[q] as Seat] = hand;
  }
  return hands;
}

/** dealer's one-line form of a bridge deal's holders: `n AKQ.… e … s … w …`, made in one pass. @internal */
export function oneLineOfHolders(holders: Uint8Array): string {
  const m = masksOf(holders);
  const t = ranksOfMask;
  return `n ${t(m[0]!)}.${t(m[1]!)}.${t(m[2]!)}.${t(m[3]!)} e ${t(m[4]!)}.${t(m[5]!)}.${t(m[6]!)}.${t(m[7]!)} s ${t(m[8]!)}.${t(m[9]!)}.${t(m[10]!)}.${t(m[11]!)} w ${t(m[12]!)}.${t(m[13]!)}.${t(m[14]!)}.${t(m[15]!)}`;
}

/** The PBN deal string of a bridge deal's holders, starting with seat `first`. @internal */
export function pbnOfHolders(holders: Uint8Array, first: string): string {
  const start = first === 'N' ? 0 : typeof first === 'string' && first.length === 1 ? SEATS.indexOf(first.toUpperCase()) : -1;
  if (start < 0) throw new RangeError(`the first seat must be one of N, E, S, W; got ${describeValue(first)}`);
  const m = masksOf(holders);
  const t = ranksOfMask;
  let text = `${SEATS[start]}:`;
  for (let i = 0; i < 4; i++) {
    const q = ((start + i) % 4) * 4;
    text += `${i === 0 ? '' : ' '}${t(m[q]!)}.${t(m[q + 1]!)}.${t(m[q + 2]!)}.${t(m[q + 3]!)}`;
  }
  return text;
}
