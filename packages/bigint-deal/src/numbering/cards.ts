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

/** The ranks (high to low) that `seat` holds in suit `suit`, from a bridge deal's holders. @internal */
function holding(holders: Uint8Array, seat: number, suit: number): string {
  let ranks = '';
  for (let r = 0; r < 13; r++) if (holders[suit * 13 + r] === seat) ranks += RANKS[r];
  return ranks;
}

/** The hands by seat and suit of a bridge deal's holders (52 cards, seats 0–3). @internal */
export function handsOfHolders(holders: Uint8Array): BridgeHands {
  const hands = {} as BridgeHands;
  for (let q = 0; q < 4; q++) {
    const hand = {} as BridgeHand;
    for (let s = 0; s < 4; s++) hand[SUITS[s]!] = holding(holders, q, s);
    hands[SEATS[q] as Seat] = hand;
  }
  return hands;
}

/** The PBN deal string of a bridge deal's holders, starting with seat `first`. @internal */
export function pbnOfHolders(holders: Uint8Array, first: string): string {
  const start = typeof first === 'string' && first.length === 1 ? SEATS.indexOf(first.toUpperCase()) : -1;
  if (start < 0) throw new RangeError(`the first seat must be one of N, E, S, W; got ${describeValue(first)}`);
  const hands: string[] = [];
  for (let i = 0; i < 4; i++) {
    const seat = (start + i) % 4;
    const suits: string[] = [];
    for (let s = 0; s < 4; s++) suits.push(holding(holders, seat, s));
    hands.push(suits.join('.'));
  }
  return `${SEATS[start]}:${hands.join(' ')}`;
}
