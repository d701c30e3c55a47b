// Positions for the double-dummy search: the hands (a whole deal, or an ending with fewer cards in every hand), the
// strain, and the cards already played, checked card by card (held by the seat to play, following suit when it can).
import { Deal } from '../numbering/deal.js';
import { describeValue } from '../errors.js';
import type { DdSeat, Strain } from './table.js';

/** A card as the double-dummy functions write it: suit letter then rank, 'SA', 'HT', 'C2'. */
export type CardText = string;

const SUIT_LETTERS = 'SHDC';
const RANK_LETTERS = '23456789TJQKA';
const SEAT_LETTERS = 'NESW';

/** The hands of a position: masks[seat * 4 + suit], bit 12 the ace, and the number of cards in each hand. @internal */
export interface Hands {
  masks: Int32Array;
  size: number;
}

/** A position in play: the hands left, the trick in progress, whose turn it is and the tricks each side has won. @internal */
export interface PlayState {
  masks: Int32Array;
  strain: number;
  /** Cards of the trick in progress per suit (masks). */
  inTrick: Int32Array;
  /** 0-3: how many cards of the trick in progress are on the table. */
  position: number;
  seat: number;
  leadSuit: number;
  winSeat: number;
  winCard: number;
  /** Tricks still to finish, the one in progress included. */
  left: number;
  /** Tricks won so far by North-South and East-West. */
  won: [number, number];
}

/** The seat number (0 North … 3 West) of a seat letter; throws naming the value. @internal */
export function seatOf(seat: unknown, what: string): number {
  const at = typeof seat === 'string' && seat.length === 1 ? SEAT_LETTERS.indexOf(seat.toUpperCase()) : -1;
  if (at < 0) throw new RangeError(`${what} must be one of N, E, S, W; got ${describeValue(seat)}`);
  return at;
}

/** The search's strain number (0 spades … 3 clubs, 4 notrump) of a strain; throws naming the value. @internal */
export function strainOf(strain: unknown): number {
  if (typeof strain === 'string') {
    const text = strain.toUpperCase();
    if (text === 'NT' || text === 'N') return 4;
    if (text.length === 1 && SUIT_LETTERS.includes(text)) return SUIT_LETTERS.indexOf(text);
  }
  throw new RangeError(`strain must be one of C, D, H, S, NT; got ${describeValue(strain)}`);
}

/** A card's text ('SA') from its suit and rank bit. @internal */
export function cardText(suit: number, rank: number): CardText {
  return SUIT_LETTERS[suit]! + RANK_LETTERS[rank]!;
}

/** Reads a card ('SA', 'h10', '♠A' is not accepted): its suit << 4 | rank, or throws naming it. @internal */
export function parseCard(text: unknown, what: string): number {
  if (typeof text === 'string') {
    const match = /^([SHDC])(10|[2-9TJQKA])$/i.exec(text);
    if (match !== null) {
      const rank = match[2] === '10' ? 8 : RANK_LETTERS.indexOf(match[2]!.toUpperCase());
      return (SUIT_LETTERS.indexOf(match[1]!.toUpperCase()) << 4) | rank;
    }
  }
  throw new RangeError(`${what} must be a card such as 'SA', 'HT' or 'C2' (suit S H D C, then rank); got ${describeValue(text)}`);
}

/**
 * The hands of a Deal, or of a PBN-style text `"N:AKQ.… … … …"` whose four hands hold the same number of cards (13 for a
 * deal, fewer for an ending), every card at most once.
 */
export function handsOf(deal: unknown): Hands {
  // A Deal of this copy of the package, or of another (its CommonJS build, or another version): read by its shape.
  const like = deal as { signature?: { bridge?: unknown; players?: unknown; handSizes?: unknown }; holders?: unknown } | null;
  if (deal instanceof Deal || (typeof like === 'object' && like !== null && like.holders instanceof Uint8Array && typeof like.signature === 'object')) {
    const holders = like!.holders as Uint8Array;
    if (like!.signature?.bridge !== true || holders.length !== 52) {
      const sizes = Array.isArray(like!.signature?.handSizes) ? (like!.signature.handSizes as number[]) : [];
      throw new TypeError(`deal must be a bridge deal (four hands of 13 cards); got ${sizes.length} hands of ${sizes.join(', ')} cards for players ${describeValue(like!.signature?.players)}: ${describeValue(String(deal))}`);
    }
    const masks = new Int32Array(16);
    for (let card = 0; card < 52; card++) {
      masks[(holders[card]! & 3) * 4 + ((card / 13) | 0)]! |= 1 << (12 - (card % 13));
    }
    return { masks, size: 13 };
  }
  if (typeof deal !== 'string') {
    throw new TypeError(`deal must be a bridge Deal or a PBN deal string ("N:AKQ.… … … …"); got ${describeValue(deal)}`);
  }
  const match = /^\s*([NESWnesw]):(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/.exec(deal);
  if (match === null) {
    throw new RangeError(`deal must be PBN: a seat letter, a colon and four hands "spades.hearts.diamonds.clubs" separated by spaces; got ${describeValue(deal)}`);
  }
  const first = SEAT_LETTERS.indexOf(match[1]!.toUpperCase());
  const masks = new Int32Array(16);
  const seen = new Int32Array(4);
  let size = -1;
  for (let k = 0; k < 4; k++) {
    const seat = (first + k) & 3;
    const text = match[k + 2]!;
    const suits = text.split('.');
    if (suits.length !== 4) {
      throw new RangeError(`${SEAT_LETTERS[seat]}'s hand must have four suits separated by dots (spades.hearts.diamonds.clubs); got ${describeValue(text)} in ${describeValue(deal)}`);
    }
    let count = 0;
    for (let suit = 0; suit < 4; suit++) {
      for (const letter of suits[suit]!.toUpperCase()) {
        const rank = RANK_LETTERS.indexOf(letter);
        if (rank < 0) throw new RangeError(`${describeValue(letter)} is not a rank (AKQJT98765432) in ${SEAT_LETTERS[seat]}'s hand of ${describeValue(deal)}`);
        const bit = 1 << rank;
        if ((seen[suit]! & bit) !== 0) {
          throw new RangeError(`${cardText(suit, rank)} is dealt twice in ${describeValue(deal)}`);
        }
        seen[suit]! |= bit;
        masks[seat * 4 + suit]! |= bit;
        count++;
      }
    }
    if (size < 0) size = count;
    else if (count !== size) {
      throw new RangeError(`every hand must hold the same number of cards: ${SEAT_LETTERS[first]} holds ${size}, ${SEAT_LETTERS[seat]} ${count}, in ${describeValue(deal)}`);
    }
  }
  if (size < 1 || size > 13) throw new RangeError(`every hand must hold 1 to 13 cards; got ${size} in ${describeValue(deal)}`);
  return { masks, size };
}

/** The position after `played` (cards in order, from the opening lead by `leader`), checked card by card. @internal */
export function playOut(hands: Hands, strain: Strain | string, leader: DdSeat | string, played: readonly unknown[]): PlayState {
  const state: PlayState = {
    masks: Int32Array.from(hands.masks),
    strain: strainOf(strain),
    inTrick: new Int32Array(4),
    position: 0,
    seat: seatOf(leader, 'leader'),
    leadSuit: 0,
    winSeat: 0,
    winCard: 0,
    left: hands.size,
    won: [0, 0],
  };
  if (!Array.isArray(played)) throw new TypeError(`played must be an array of cards such as ['SA', 'S2']; got ${describeValue(played)}`);
  played.forEach((text, index) => {
    const card = parseCard(text, `played[${index}]`);
    const suit = card >> 4;
    const bit = 1 << (card & 15);
    const seatName = SEAT_LETTERS[state.seat]!;
    if (state.left === 0) throw new RangeError(`played[${index}] (${cardText(suit, card & 15)}) comes after the last trick`);
    if ((state.masks[state.seat * 4 + suit]! & bit) === 0) {
      throw new RangeError(`played[${index}]: ${seatName} does not hold ${cardText(suit, card & 15)} (it is ${seatName}'s turn)`);
    }
    if (state.position > 0 && suit !== state.leadSuit && state.masks[state.seat * 4 + state.leadSuit]! !== 0) {
      throw new RangeError(`played[${index}]: ${seatName} must follow ${'SHDC'[state.leadSuit]} and cannot play ${cardText(suit, card & 15)}`);
    }
    advance(state, card);
  });
  return state;
}

/** Plays one legal card in a position. @internal */
export function advance(state: PlayState, card: number): void {
  const suit = card >> 4;
  const bit = 1 << (card & 15);
  state.masks[state.seat * 4 + suit]! ^= bit;
  if (state.position === 0) {
    state.leadSuit = suit;
    state.winSeat = state.seat;
    state.winCard = card;
  } else {
    const winSuit = state.winCard >> 4;
    if ((suit === winSuit && (card & 15) > (state.winCard & 15)) || (suit === state.strain && winSuit !== state.strain)) {
      state.winSeat = state.seat;
      state.winCard = card;
    }
  }
  if (state.position === 3) {
    state.won[state.winSeat & 1]!++;
    state.left--;
    state.inTrick.fill(0);
    state.position = 0;
    state.seat = state.winSeat;
  } else {
    state.inTrick[suit]! |= bit;
    state.position++;
    state.seat = (state.seat + 1) & 3;
  }
}
