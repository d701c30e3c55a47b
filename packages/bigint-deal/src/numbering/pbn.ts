import { SEATS, SUITS } from './cards.js';
import { Deal } from './deal.js';
import { checkedBridgeDeal, placeSuit } from './hands.js';
import { describeValue } from '../errors.js';
import { quote } from '@puzzles/kit/describe';
import { UNASSIGNED } from './signature.js';

/**
 * Parses a PBN deal (`'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432'`), any first seat,
 * optionally wrapped as a `[Deal "…"]` tag. One hand may be `-` when the other three are complete: it gets the rest.
 */
export function parsePbn(text: string): Deal {
  if (typeof text !== 'string') throw new TypeError(`a PBN deal must be a string; got ${describeValue(text)}`);
  let body = text.trim();
  const tag = /^\[\s*Deal\s+"([^"]*)"\s*\]$/i.exec(body);
  if (tag) body = tag[1]!.trim();
  const match = /^([NESWnesw])\s*:\s*(.*)$/s.exec(body);
  if (!match) {
    throw new RangeError(`a PBN deal starts with a seat N, E, S or W and a colon ('N:AKQ.…'); got ${describeValue(text)}`);
  }
  const first = SEATS.indexOf(match[1]!.toUpperCase());
  const hands = match[2]!.trim().split(/\s+/);
  if (hands.length !== 4) {
    throw new RangeError(`a PBN deal has four hands separated by spaces; got ${hands.length} in ${shownPbn(text)}`);
  }
  const holders = new Uint8Array(52).fill(UNASSIGNED);
  let unknown = -1;
  hands.forEach((hand, i) => {
    const seat = (first + i) % 4;
    if (hand === '-') {
      if (unknown >= 0) throw new RangeError(`a PBN deal may leave at most one hand unknown ('-'); got ${shownPbn(text)}`);
      unknown = seat;
      return;
    }
    const suits = hand.split('.');
    if (suits.length !== 4) {
      throw new RangeError(
        `a PBN hand has four suits separated by dots (spades.hearts.diamonds.clubs); got ${describeValue(hand)} for ${SEATS[seat]}`,
      );
    }
    suits.forEach((ranks, s) => placeSuit(holders, seat, s, ranks, () => `${SEATS[seat]}'s ${SUITS[s]} in the PBN deal`));
  });
  if (unknown >= 0) {
    for (let card = 0; card < 52; card++) if (holders[card] === UNASSIGNED) holders[card] = unknown;
  }
  return checkedBridgeDeal(holders, `the PBN deal ${shownPbn(text)}`);
}

/** Formats a bridge deal as a PBN deal string starting with seat `first` (`N` by default). */
export function formatPbn(deal: Deal, first: string = 'N'): string {
  if (!(deal instanceof Deal)) throw new TypeError(`formatPbn needs a Deal; got ${describeValue(deal)}`);
  return deal.toPbn(first);
}

/** A PBN deal quoted whole in a message (it is about 70 characters; the usual cut is shorter). */
function shownPbn(text: string): string {
  return quote(text, 120);
}
