// fast-check arbitraries for property tests of code that uses bridge deals: `@puzzles/bigint-deal/arbitraries`.
// fast-check is an optional peer dependency: install it (as a devDependency) to use this entry point.
import { array, bigInt, constant, constantFrom, integer, shuffledSubarray, type Arbitrary } from 'fast-check';
import { bridgeNumbering } from './numbering/bridge.js';
import type { BridgeHand, BridgeHands, Seat } from './numbering/cards.js';
import type { Deal } from './numbering/deal.js';
import { describeValue, optionsOf } from './errors.js';
import type { DealNumbering, Edition } from './numbering/numbering.js';

/** Options of `pageArbitrary`: the numbering whose pages to draw (the bridge book by default). */
export interface PageArbitraryOptions {
  /** Draw pages 1 to `numbering.count` of this numbering instead of 1 to `DEALS`. */
  readonly numbering?: DealNumbering;
}

/** Options of `dealArbitrary`: which book the deals come from, and so which way they shrink. */
export interface DealArbitraryOptions {
  /** The edition whose page 1 the deals shrink toward (`'andrews'` by default); every deal is drawn either way. */
  readonly edition?: Edition;
  /** Deals of this numbering (other hand sizes, other players) instead of bridge deals. */
  readonly numbering?: DealNumbering;
}

/** Options of the bridge arbitraries (`handsArbitrary`, `handArbitrary`, `pbnArbitrary`). */
export interface BridgeArbitraryOptions {
  /** The edition whose page 1 the deals shrink toward (`'andrews'` by default). */
  readonly edition?: Edition;
}

/** Options of `pbnArbitrary`. */
export interface PbnArbitraryOptions extends BridgeArbitraryOptions {
  /** The seat each PBN deal starts with; any seat when left out. */
  readonly first?: Seat;
}

/** A deal signature for `createDealNumbering(handSizes, { players, edition })`. */
export interface DealSignature {
  /** How many cards each hand gets, in hand order (at least one hand). */
  readonly handSizes: readonly number[];
  /** One distinct letter or digit per hand. */
  readonly players: string;
  /** The numbering to use with it. */
  readonly edition: Edition;
}

/** Options of `signatureArbitrary`. */
export interface SignatureArbitraryOptions {
  /** The most hands (1 to 26; 5 by default). */
  readonly maxHands?: number;
  /** The largest deck (0 to 56, where Andrews' edition is exact; 20 by default, small enough for exhaustive checks). */
  readonly maxCards?: number;
  /** Only this edition; both by default. */
  readonly edition?: Edition;
}

const PLAYER_NAMES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function numberingOf(options: DealArbitraryOptions): DealNumbering {
  return options.numbering ?? bridgeNumbering(options.edition === undefined ? {} : { edition: options.edition });
}

/** Pages 1 to `DEALS` (or to `numbering.count`) as bigints, shrinking toward page 1. */
export function pageArbitrary(options?: PageArbitraryOptions): Arbitrary<bigint> {
  const { numbering } = optionsOf(options, 'pageArbitrary');
  return bigInt({ min: 1n, max: (numbering ?? bridgeNumbering()).count });
}

/** Deals, every one of the book possible, shrinking toward the deal on page 1 (bridge deals by default). */
export function dealArbitrary(options?: DealArbitraryOptions): Arbitrary<Deal> {
  const numbering = numberingOf(optionsOf(options, 'dealArbitrary'));
  return pageArbitrary({ numbering }).map((page) => numbering.dealByNumber(page));
}

/** PBN deal strings (`'N:AKQ.… … … …'`) of bridge deals, from any first seat unless one is given. */
export function pbnArbitrary(options?: PbnArbitraryOptions): Arbitrary<string> {
  const { edition, first } = optionsOf(options, 'pbnArbitrary');
  const deals = dealArbitrary(edition === undefined ? {} : { edition });
  const seats = first === undefined ? constantFrom<Seat>('N', 'E', 'S', 'W') : constant(first);
  return deals.chain((deal) => seats.map((seat) => deal.toPbn(seat)));
}

/** The four hands of bridge deals by seat and suit (`{ N: { spades: 'AK2', … }, E, S, W }`), as `dealFromHands` takes. */
export function handsArbitrary(options?: BridgeArbitraryOptions): Arbitrary<BridgeHands> {
  const { edition } = optionsOf(options, 'handsArbitrary');
  return dealArbitrary(edition === undefined ? {} : { edition }).map((deal) => deal.hands);
}

/** One bridge hand of 13 cards by suit (`{ spades: 'AK2', hearts, diamonds, clubs }`), any of the C(52, 13). */
export function handArbitrary(options?: BridgeArbitraryOptions): Arbitrary<BridgeHand> {
  return handsArbitrary(optionsOf(options, 'handArbitrary')).map((hands) => hands.N);
}

/** Deal signatures (hand sizes, distinct players, an edition) to try `createDealNumbering` on; they shrink toward one small hand. */
export function signatureArbitrary(options?: SignatureArbitraryOptions): Arbitrary<DealSignature> {
  const { maxHands = 5, maxCards = 20, edition } = optionsOf(options, 'signatureArbitrary');
  if (!Number.isInteger(maxHands) || maxHands < 1 || maxHands > 26) {
    throw new RangeError(`maxHands must be an integer from 1 to 26; got ${describeValue(maxHands)}`);
  }
  if (!Number.isInteger(maxCards) || maxCards < 0 || maxCards > 56) {
    throw new RangeError(`maxCards must be an integer from 0 to 56; got ${describeValue(maxCards)}`);
  }
  if (edition !== undefined && edition !== 'andrews' && edition !== 'pavlicek') {
    throw new RangeError(`edition must be 'andrews' or 'pavlicek'; got ${describeValue(edition)}`);
  }
  const editions = edition === undefined ? constantFrom<Edition>('andrews', 'pavlicek') : constant(edition);
  return array(integer({ min: 0, max: maxCards }), { minLength: 1, maxLength: maxHands })
    .map((sizes) => {
      // Keep the deck within maxCards: cut the sizes from the last hand back.
      let room = maxCards;
      return sizes.map((size) => {
        const kept = Math.min(size, room);
        room -= kept;
        return kept;
      });
    })
    .chain((handSizes) =>
      shuffledSubarray(PLAYER_NAMES.split(''), { minLength: handSizes.length, maxLength: handSizes.length }).chain((players) =>
        editions.map((chosen): DealSignature => ({ handSizes, players: players.join(''), edition: chosen })),
      ),
    );
}
