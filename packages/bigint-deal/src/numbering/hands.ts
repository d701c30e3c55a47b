import { BRIDGE_HANDS, RANKS, SEATS, SUITS, cardName, type BridgeHands, type Seat } from './cards.js';
import { Deal, describeDeal } from './deal.js';
import { describeValue } from '../errors.js';
import { UNASSIGNED, signatureOf, type Signature } from './signature.js';

/** The bridge signature: four hands N, E, S, W of 13 cards (made on first use, so that importing costs nothing). @internal */
export function bridgeSignature(): Signature {
  return signatureOf(BRIDGE_HANDS, SEATS);
}

/** A bridge deal's hands by seat and suit. */
export function bridgeHands(deal: Deal): BridgeHands {
  if (!(deal instanceof Deal)) {
    throw new TypeError(`bridge hands need a bridge deal (four hands N, E, S, W of 13 cards); got ${describeDeal(deal)}`);
  }
  return deal.hands;
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
      throw new RangeError(`${cardName(card)} is dealt twice (${SEATS[holders[card]!]} and ${SEATS[hand]}) at ${where()}`);
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
  return new Deal(bridgeSignature(), holders);
}
