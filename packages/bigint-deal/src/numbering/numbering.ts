import { binomialTable } from './binomial.js';
import { Deal, holdersFromString } from './deal.js';
import { describeValue, optionsOf } from '../errors.js';
import { parsePbn } from './pbn.js';
import { toPage } from './page.js';
import { signatureOf, type Signature } from './signature.js';

/**
 * How pages are assigned to deals. `'andrews'`: hands in order, each hand's cards ranked in squashed (colex) order among
 * the cards left, combined in mixed radix (the Impossible Book). `'pavlicek'`: Richard Pavlicek's sequential K·N/C method.
 */
export type Edition = 'andrews' | 'pavlicek';

/** Options of `createDealNumbering`. */
export interface NumberingOptions {
  /** Which numbering; `'andrews'` by default. */
  readonly edition?: Edition;
  /** One letter (or digit) per hand; `'NESW'` for four hands, `'ABC…'` otherwise. */
  readonly players?: string;
}

/** A deal as numbering functions take it: a `Deal`, a deal string (one player letter per card), or for bridge a PBN deal. */
export type DealInput = Deal | string;

/** A page as numbering functions take it: a bigint, a safe integer, or a decimal string. */
export type PageInput = bigint | number | string;

/** A bijection between pages 1..count and the deals of one signature. */
export interface DealNumbering {
  /** How many cards each hand gets, in hand order. */
  readonly handSizes: readonly number[];
  /** The player letters, one per hand. */
  readonly players: string;
  /** The deck size. */
  readonly cards: number;
  /** The number of distinct deals, which is also the last page. */
  readonly count: bigint;
  /** The numbering in use. */
  readonly edition: Edition;
  /** The deal on `page` (1 to `count`). */
  dealByNumber(page: PageInput): Deal;
  /** The page of `deal`: the exact inverse of `dealByNumber`. */
  numberOfDeal(deal: DealInput): bigint;
}

const BIG = /* @__PURE__ */ Array.from({ length: 257 }, (_, i) => BigInt(i));

/** A numbering of all deals with these hand sizes (`[13, 13, 13, 13]` is bridge, `[10, 10, 10, 2]` Skat). */
export function createDealNumbering(handSizes: readonly number[], numberingOptions?: NumberingOptions): DealNumbering {
  const options = optionsOf(numberingOptions, 'createDealNumbering');
  const edition = options.edition ?? 'andrews';
  if (edition !== 'andrews' && edition !== 'pavlicek') {
    throw new RangeError(`edition must be 'andrews' or 'pavlicek'; got ${describeValue(edition)}`);
  }
  const signature = signatureOf(handSizes, options.players);
  if (edition === 'andrews' && signature.andrewsLimit !== null) {
    throw new RangeError(
      `Andrews' edition ranks each hand with exact doubles, but for hand sizes [${signature.handSizes.join(', ')}] ${signature.andrewsLimit}; use { edition: 'pavlicek' }`,
    );
  }
  const { decode, encode } = edition === 'andrews' ? andrewsCodec(signature) : pavlicekCodec(signature);
  return Object.freeze({
    handSizes: signature.handSizes,
    players: signature.players,
    cards: signature.cards,
    count: signature.count,
    edition,
    dealByNumber(page: PageInput): Deal {
      const index = toPage(page, signature.count) - 1n;
      const holders = new Uint8Array(signature.cards);
      decode(index, holders);
      return new Deal(signature, holders);
    },
    numberOfDeal(deal: DealInput): bigint {
      return encode(holdersOf(signature, deal)) + 1n;
    },
  });
}

function holdersOf(signature: Signature, deal: DealInput): Uint8Array {
  if (deal instanceof Deal) {
    if (deal.signature !== signature && deal.signature.handSizes.join() !== signature.handSizes.join()) {
      throw new RangeError(
        `this numbering is for hand sizes [${signature.handSizes.join(', ')}]; got a deal with hand sizes [${deal.handSizes.join(', ')}]`,
      );
    }
    return deal.holders;
  }
  if (typeof deal !== 'string') {
    throw new TypeError(`a deal must be a Deal, a deal string or a PBN deal; got ${describeValue(deal)}`);
  }
  const text = deal.trim();
  if (text.includes(':') || text.startsWith('[')) {
    if (!signature.bridge) {
      throw new RangeError(`PBN deals are bridge deals; this numbering is for hand sizes [${signature.handSizes.join(', ')}]`);
    }
    return parsePbn(text).holders;
  }
  return holdersFromString(signature, text);
}

/**
 * Andrews' index split: writes index = ((r₀·R₁ + r₁)·R₂ + r₂)… into ranks r₀, r₁, … given the radices R_j (one per
 * hand but the last). @internal
 */
export function splitIndexInto(radices: readonly bigint[], index: bigint, ranks: Float64Array): void {
  let rest = index;
  for (let j = radices.length - 1; j > 0; j--) {
    const radix = radices[j]!;
    ranks[j] = Number(rest % radix);
    rest /= radix;
  }
  if (radices.length > 0) ranks[0] = Number(rest);
}

/** Andrews' index join, the inverse of `splitIndexInto`. @internal */
export function joinIndexOf(radices: readonly bigint[], ranks: ArrayLike<number>): bigint {
  if (radices.length === 0) return 0n;
  let index = BigInt(ranks[0]!);
  for (let j = 1; j < radices.length; j++) index = index * radices[j]! + BigInt(ranks[j]!);
  return index;
}

interface Codec {
  decode(index: bigint, holders: Uint8Array): void;
  encode(holders: Uint8Array): bigint;
}

/**
 * Andrews' numbering for one signature. The hot loops close over their tables and scratch arrays as constants,
 * which lets the engine keep them in registers.
 */
function andrewsCodec(signature: Signature): Codec {
  const { cards, bigRadices } = signature;
  // C(c, i) for every hand size i, the last hand's too, so that encoding needs no special case for it.
  const { values, stride } = binomialTable(cards, Math.max(0, ...signature.handSizes));
  const sizes = Int32Array.from(signature.handSizes);
  const hands = sizes.length;
  const last = hands - 1;
  const region = cards + 1;
  // Hand j's marks are marks[j * region + position]; at least three regions, so that up to four hands take one
  // branch-free path (unused regions stay zero).
  const marks = new Uint8Array(Math.max(3, last) * region);
  const ranks = new Float64Array(hands);
  const position = new Int32Array(hands);
  const counts = new Int32Array(hands);

  // Where each hand's positions end: the cards left for hand j are positions 0 … left[j] - 1 of its region.
  const left = new Int32Array(Math.max(3, last));
  for (let j = 0, rest = cards; j < last; rest -= sizes[j]!, j++) left[j] = rest;

  function decode(index: bigint, holders: Uint8Array): void {
    splitIndexInto(bigRadices, index, ranks);
    // Unrank each hand's squashed-order rank into marks over the positions left for it. Walking the positions c from
    // the top with i elements still to place, c is an element exactly when C(c, i) <= the rank still unplaced. The
    // walk has no branches on the data, and up to three hands walk side by side, as independent chains.
    if (last <= 3) {
      const [left0, left1, left2] = left as unknown as [number, number, number];
      let rank0 = ranks[0] ?? 0;
      let rank1 = ranks[1] ?? 0;
      let rank2 = ranks[2] ?? 0;
      let i0 = sizes[0] ?? 0;
      let i1 = last > 1 ? sizes[1]! : 0;
      let i2 = last > 2 ? sizes[2]! : 0;
      for (let c = left0 - 1; c >= 0; c--) {
        const row = c * stride;
        const v0 = values[row + i0]!;
        const t0 = +(v0 <= rank0);
        rank0 -= t0 * v0;
        i0 -= t0;
        marks[c] = t0;
        if (c < left1) {
          const v1 = values[row + i1]!;
          const t1 = +(v1 <= rank1);
          rank1 -= t1 * v1;
          i1 -= t1;
          marks[region + c] = t1;
          if (c < left2) {
            const v2 = values[row + i2]!;
            const t2 = +(v2 <= rank2);
            rank2 -= t2 * v2;
            i2 -= t2;
            marks[2 * region + c] = t2;
          }
        }
      }
      // One pass over the cards without branches on the data. A card not taken by hands before j is at position p_j
      // among the cards left for hand j, and goes to the first hand whose mark is set there. Regions of hands that
      // do not exist stay zero, and min() folds their hand number into the last.
      let p1 = 0;
      let p2 = 0;
      for (let card = 0; card < cards; card++) {
        const a = marks[card]!;
        const b = (a ^ 1) & marks[region + p1]!;
        p1 += a ^ 1;
        const rest = (a | b) ^ 1;
        const c = rest & marks[2 * region + p2]!;
        p2 += rest;
        holders[card] = Math.min(3 - 3 * a - 2 * b - c, last);
      }
      return;
    }
    for (let j = 0; j < last; j++) {
      const base = j * region;
      let rank = ranks[j]!;
      let i = sizes[j]!;
      for (let c = left[j]! - 1; c >= 0; c--) {
        const value = values[c * stride + i]!;
        const taken = +(value <= rank);
        rank -= taken * value;
        i -= taken;
        marks[base + c] = taken;
      }
    }
    position.fill(0);
    for (let card = 0; card < cards; card++) {
      let alive = 1;
      let holder = 0;
      for (let j = 0; j < last; j++) {
        const taken = alive & marks[j * region + position[j]!]!;
        position[j]! += alive;
        alive &= taken ^ 1;
        holder += alive;
      }
      holders[card] = holder;
    }
  }

  function encode(holders: Uint8Array): bigint {
    ranks.fill(0);
    // A card adds C(its position among the cards left for its hand, how many of its hand's cards so far) to its
    // hand's rank. The last hand's term is always C(k - 1, k) = 0 and its rank is never read.
    if (hands <= 4) {
      // Up to four hands: the counts so far packed a byte each into one integer (at most 255 cards); the cards
      // held by hands before h are the byte sum of the fields below h's.
      let packed = 0;
      for (let card = 0; card < cards; card++) {
        const h = holders[card]!;
        const shift = h << 3;
        const before = Math.imul(packed & ((1 << shift) - 1), 0x01010101) >>> 24;
        const k = ((packed >>> shift) & 255) + 1;
        packed += 1 << shift;
        ranks[h]! += values[(card - before) * stride + k]!;
      }
      return joinIndexOf(bigRadices, ranks);
    }
    const seen = counts.fill(0);
    const sofar = position.fill(0); // cards so far that were left for each hand
    for (let card = 0; card < cards; card++) {
      const h = holders[card]!;
      ranks[h]! += values[sofar[h]! * stride + ++seen[h]!]!;
      for (let q = 0; q <= h; q++) sofar[q]!++;
    }
    return joinIndexOf(bigRadices, ranks);
  }

  return { decode, encode };
}

function pavlicekCodec(signature: Signature): Codec {
  const { cards, count } = signature;
  const sizes = Int32Array.from(signature.handSizes);
  const hands = sizes.length;
  const remaining = new Int32Array(hands);
  // Exact in BigInt while the deals left are many; in doubles once deals · (largest hand) stays below 2^53.
  const limit = BigInt(Math.floor(Number.MAX_SAFE_INTEGER / Math.max(1, ...sizes)));

  function decode(index: bigint, holders: Uint8Array): void {
    remaining.set(sizes);
    let rest = index;
    let deals = count;
    let card = 0;
    for (; card < cards && deals > limit; card++) {
      const left = BIG[cards - card]!;
      for (let q = 0; q < hands; q++) {
        const need = remaining[q]!;
        if (need === 0) continue;
        const share = (deals * BIG[need]!) / left;
        if (rest < share) {
          holders[card] = q;
          remaining[q] = need - 1;
          deals = share;
          break;
        }
        rest -= share;
      }
    }
    let restN = Number(rest);
    let dealsN = Number(deals);
    for (; card < cards; card++) {
      const left = cards - card;
      for (let q = 0; q < hands; q++) {
        const need = remaining[q]!;
        if (need === 0) continue;
        const share = (dealsN * need) / left;
        if (restN < share) {
          holders[card] = q;
          remaining[q] = need - 1;
          dealsN = share;
          break;
        }
        restN -= share;
      }
    }
  }

  function encode(holders: Uint8Array): bigint {
    remaining.set(sizes);
    let index = 0n;
    let deals = count;
    let card = 0;
    for (; card < cards && deals > limit; card++) {
      const left = BIG[cards - card]!;
      const h = holders[card]!;
      for (let q = 0; q < h; q++) {
        const need = remaining[q]!;
        if (need !== 0) index += (deals * BIG[need]!) / left;
      }
      deals = (deals * BIG[remaining[h]!]!) / left;
      remaining[h]!--;
    }
    let indexN = 0;
    let dealsN = Number(deals);
    for (; card < cards; card++) {
      const left = cards - card;
      const h = holders[card]!;
      for (let q = 0; q < h; q++) {
        const need = remaining[q]!;
        if (need !== 0) indexN += (dealsN * need) / left;
      }
      dealsN = (dealsN * remaining[h]!) / left;
      remaining[h]!--;
    }
    return index + BigInt(indexN);
  }

  return { decode, encode };
}
