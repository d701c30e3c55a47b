import { BRIDGE_HANDS } from './cards.js';
import type { Deal } from './deal.js';
import { describeValue, optionsOf } from '../errors.js';
import {
  createDealNumbering,
  joinIndexOf,
  splitIndexInto,
  type DealInput,
  type DealNumbering,
  type Edition,
  type PageInput,
} from './numbering.js';
import { signatureOf, type Signature } from './signature.js';

let andrews: DealNumbering | undefined;
let pavlicek: DealNumbering | undefined;

/** D = 52! / (13!)^4 = 53,644,737,765,488,792,839,237,440,000: the number of bridge deals and the last page. */
export const DEALS: bigint = 53644737765488792839237440000n;

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
