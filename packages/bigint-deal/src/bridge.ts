import { Deal } from './deal.js';
import { describeValue, optionsOf } from './errors.js';
import {
  createDealNumbering,
  joinIndexOf,
  splitIndexInto,
  type DealInput,
  type DealNumbering,
  type Edition,
  type PageInput,
} from './numbering.js';
import { UNASSIGNED, signatureOf, type Signature } from './signature.js';

/** The bridge hand sizes: four hands of 13. */
export const BRIDGE_HANDS: readonly number[] = Object.freeze([13, 13, 13, 13]);
/** The seats in hand order: North, East, South, West. */
export const SEATS = 'NESW';
/** The suits in card order: card 0 is the ace of spades, card 51 the two of clubs. */
export const SUITS = Object.freeze(['spades', 'hearts', 'diamonds', 'clubs'] as const);
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

/** @internal */
const bridgeSignature: Signature = signatureOf(BRIDGE_HANDS, SEATS);
let andrews: DealNumbering | undefined;
let pavlicek: DealNumbering | undefined;

/** D = 52! / (13!)^4 = 53,644,737,765,488,792,839,237,440,000: the number of bridge deals and the last page. */
export const DEALS: bigint = bridgeSignature.count;

/** Options naming the edition of the book. */
export interface EditionOptions {
  /** `'andrews'` (the default) or `'pavlicek'`. */
  readonly edition?: Edition;
}

/** The bridge numbering of one edition (Andrews' by default). */
export function bridgeNumbering(options?: EditionOptions): DealNumbering {
  const edition = optionsOf(options, 'the bridge numbering').edition ?? 'andrews';
  if (edition === 'andrews') return (andrews ??= createDealNumbering(BRIDGE_HANDS));
  if (edition === 'pavlicek') return (pavlicek ??= createDealNumbering(BRIDGE_HANDS, { edition }));
  throw new RangeError(`edition must be 'andrews' or 'pavlicek'; got ${describeValue(edition)}`);
}

/** The bridge deal on `page` (1 to `DEALS`) of the Impossible Book. */
export function dealByNumber(page: PageInput, options?: EditionOptions): Deal {
  return bridgeNumbering(options).dealByNumber(page);
}

/** The page (1 to `DEALS`) of a bridge deal: a `Deal`, a 52-character N/E/S/W string, or a PBN deal. */
export function numberOfDeal(deal: DealInput, options?: EditionOptions): bigint {
  return bridgeNumbering(options).numberOfDeal(deal);
}

/** The card's name, suit symbol first (`'♠A'` for card 0, `'♣2'` for card 51). */
export function cardName(card: number): string {
  if (!Number.isInteger(card) || card < 0 || card > 51) {
    throw new RangeError(`card must be an integer from 0 to 51; got ${describeValue(card)}`);
  }
  return SUIT_SYMBOLS[Math.floor(card / 13)]! + RANKS[card % 13]!;
}

/** A bridge deal's hands by seat and suit. */
export function bridgeHands(deal: Deal): BridgeHands {
  if (!(deal instanceof Deal) || !deal.signature.bridge) {
    throw new TypeError(`bridge hands need a bridge deal (four hands N, E, S, W of 13 cards); got ${describeHands(deal)}`);
  }
  const hands = {} as BridgeHands;
  for (let q = 0; q < 4; q++) {
    const hand = {} as BridgeHand;
    for (let s = 0; s < 4; s++) {
      let ranks = '';
      for (let r = 0; r < 13; r++) if (deal.holders[s * 13 + r] === q) ranks += RANKS[r];
      hand[SUITS[s]!] = ranks;
    }
    hands[SEATS[q] as Seat] = hand;
  }
  return hands;
}

/** The deal with these hands: the inverse of `deal.hands` (ranks in any order, upper or lower case, `T` or `10`). */
export function dealFromHands(hands: BridgeHands): Deal {
  if (typeof hands !== 'object' || hands === null) {
    throw new TypeError(`hands must be an object with seats N, E, S, W; got ${describeValue(hands)}`);
  }
  const holders = new Uint8Array(52).fill(UNASSIGNED);
  for (let q = 0; q < 4; q++) {
    const seat = SEATS[q] as Seat;
    const hand = hands[seat];
    if (typeof hand !== 'object' || hand === null) {
      throw new TypeError(`hands.${seat} must be an object with spades, hearts, diamonds and clubs; got ${describeValue(hand)}`);
    }
    for (let s = 0; s < 4; s++) {
      const suit = SUITS[s]!;
      const ranks = hand[suit];
      if (typeof ranks !== 'string') {
        throw new TypeError(`hands.${seat}.${suit} must be a string of ranks; got ${describeValue(ranks)}`);
      }
      placeSuit(holders, q, s, ranks, () => `hands.${seat}.${suit}`);
    }
  }
  return checkedBridgeDeal(holders, 'hands');
}

/** Puts the cards of one suit holding (`'AKT2'`, `'-'` or `''` for a void) into `holders`. @internal */
export function placeSuit(holders: Uint8Array, hand: number, suit: number, ranks: string, where: () => string): void {
  const text = ranks.toUpperCase().replaceAll('10', 'T');
  if (text === '-' || text === '—') return;
  for (const ch of text) {
    const r = RANKS.indexOf(ch);
    if (r < 0) {
      throw new RangeError(`${where()} must hold ranks from ${RANKS}; got ${describeValue(ch)} in ${describeValue(ranks)}`);
    }
    const card = suit * 13 + r;
    if (holders[card] !== UNASSIGNED) {
      throw new RangeError(
        `${cardName(card)} is dealt twice (${SEATS[holders[card]!]} and ${SEATS[hand]}) at ${where()}`,
      );
    }
    holders[card] = hand;
  }
}

/** Checks a filled bridge deal: every card dealt, 13 to each seat. @internal */
export function checkedBridgeDeal(holders: Uint8Array, what: string): Deal {
  const missing: string[] = [];
  const counts = [0, 0, 0, 0];
  for (let card = 0; card < 52; card++) {
    const q = holders[card]!;
    if (q === UNASSIGNED) missing.push(cardName(card));
    else counts[q]!++;
  }
  if (missing.length > 0) throw new RangeError(`${what} is missing ${missing.join(' ')}; a deal gives out all 52 cards`);
  for (let q = 0; q < 4; q++) {
    if (counts[q] !== 13) throw new RangeError(`${what} gives ${counts[q]} cards to ${SEATS[q]}; expected 13`);
  }
  return new Deal(bridgeSignature, holders);
}

/** Andrews' index split: page − 1 as the squashed-order ranks of the hands but the last (`[N, E, S]` for bridge). */
export function splitIndex(index: bigint, handSizes: readonly number[] = BRIDGE_HANDS): number[] {
  const signature = andrewsSignature(handSizes);
  if (typeof index !== 'bigint' || index < 0n || index >= signature.count) {
    throw new RangeError(`index must be a bigint from 0 to ${signature.count - 1n}; got ${describeValue(index)}`);
  }
  const ranks = new Float64Array(Math.max(0, signature.handSizes.length - 1));
  splitIndexInto(signature.bigRadices, index, ranks);
  return [...ranks];
}

/** Andrews' index join: the inverse of `splitIndex` (index = N·C(39,13)·C(26,13) + E·C(26,13) + S for bridge). */
export function joinIndex(ranks: readonly number[], handSizes: readonly number[] = BRIDGE_HANDS): bigint {
  const signature = andrewsSignature(handSizes);
  const expected = signature.handSizes.length - 1;
  if (!Array.isArray(ranks) || ranks.length !== expected) {
    throw new RangeError(`ranks must be an array of ${expected} ranks, one per hand but the last; got ${describeValue(ranks)}`);
  }
  ranks.forEach((rank, j) => {
    const radix = signature.radices[j]!;
    if (!Number.isSafeInteger(rank) || rank < 0 || rank >= radix) {
      throw new RangeError(`rank ${j + 1} must be an integer from 0 to ${radix - 1}; got ${describeValue(rank)}`);
    }
  });
  return joinIndexOf(signature.bigRadices, ranks);
}

function andrewsSignature(handSizes: readonly number[]): Signature {
  const signature = signatureOf(handSizes);
  if (signature.andrewsLimit !== null) {
    throw new RangeError(`Andrews' index needs exact ranks, but for hand sizes [${signature.handSizes.join(', ')}] ${signature.andrewsLimit}`);
  }
  return signature;
}

function describeHands(deal: unknown): string {
  return deal instanceof Deal ? `a deal with hand sizes [${deal.handSizes.join(', ')}] and players ${deal.players}` : describeValue(deal);
}
