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

/** The ranks (high to low) each seat holds in each suit, seat-major (`[q * 4 + suit]`), in one pass over the cards. */
function holdings(holders: Uint8Array): string[] {
  const ranks = ['', '', '', '', '', '', '', '', '', '', '', '', '', '', '', ''];
  for (let c = 0; c < 52; c++) ranks[holders[c]! * 4 + ((c / 13) | 0)] += RANKS[c % 13]!;
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
  const ranks = holdings(holders);
  return `n ${ranks[0]}.${ranks[1]}.${ranks[2]}.${ranks[3]} e ${ranks[4]}.${ranks[5]}.${ranks[6]}.${ranks[7]} s ${ranks[8]}.${ranks[9]}.${ranks[10]}.${ranks[11]} w ${ranks[12]}.${ranks[13]}.${ranks[14]}.${ranks[15]}`;
}

/** The PBN deal string of a bridge deal's holders, starting with seat `first`. @internal */
export function pbnOfHolders(holders: Uint8Array, first: string): string {
  const start = typeof first === 'string' && first.length === 1 ? SEATS.indexOf(first.toUpperCase()) : -1;
  if (start < 0) throw new RangeError(`the first seat must be one of N, E, S, W; got ${describeValue(first)}`);
  const ranks = holdings(holders);
  let text = `${SEATS[start]}:`;
  for (let i = 0; i < 4; i++) {
    const q = ((start + i) % 4) * 4;
    text += `${i === 0 ? '' : ' '}${ranks[q]}.${ranks[q + 1]}.${ranks[q + 2]}.${ranks[q + 3]}`;
  }
  return text;
}
