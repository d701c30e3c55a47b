import { bigBelow, wordSource } from '@puzzles/kit/random';
import { bridgeNumbering, type EditionOptions } from '../numbering/bridge.js';
import type { Deal } from '../numbering/deal.js';
import { optionsOf } from '../errors.js';
import type { DealNumbering } from '../numbering/numbering.js';

/** Options of `randomDeal`: a seed for a reproducible deal, or your own `random`; cryptographically random otherwise. */
export interface RandomDealOptions extends EditionOptions {
  /** Any number, bigint or string: the same seed gives the same deal on every platform. */
  readonly seed?: number | bigint | string;
  /** A source of uniform numbers in [0, 1), such as `Math.random`; used when no seed is given. */
  readonly random?: () => number;
  /** Deal from this numbering instead of the bridge book (other hand sizes, other players). */
  readonly numbering?: DealNumbering;
}

/** A random page and its deal, uniform over every deal of the book (no modulo bias): `{ page, deal }`. */
export function randomDeal(dealOptions?: RandomDealOptions): { page: bigint; deal: Deal } {
  const options = optionsOf(dealOptions, 'randomDeal');
  const numbering = options.numbering ?? bridgeNumbering(options.edition === undefined ? {} : { edition: options.edition });
  const page = bigBelow(wordSource(options), numbering.count) + 1n;
  return { page, deal: numbering.dealByNumber(page) };
}
