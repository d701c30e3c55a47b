import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dealArbitrary,
  handArbitrary,
  handsArbitrary,
  pageArbitrary,
  pbnArbitrary,
  signatureArbitrary,
} from '../src/arbitraries.js';
import {
  Deal,
  bridgeHands,
  createDealNumbering,
  dealByNumber,
  dealFromHands,
  formatPbn,
  numberOfDeal,
  parseDeal,
  parsePbn,
} from '../src/index.js';
import { D, EDITIONS, PAGE_1, expectError, multinomial, prop } from './reference.js';

/** The counterexample fast-check ends with after shrinking a failing property. */
function shrunk<T>(arbitrary: fc.Arbitrary<T>, holds: (value: T) => boolean): T {
  const details = fc.check(fc.property(arbitrary, holds), { numRuns: 200 });
  expect(details.failed).toBe(true);
  return details.counterexample![0];
}

describe('pageArbitrary', () => {
  prop([pageArbitrary(), fc.constantFrom(...EDITIONS)])('pages are 1 to D and round-trip through their deal', (page, edition) => {
    expect(page >= 1n && page <= D).toBe(true);
    expect(numberOfDeal(dealByNumber(page, { edition }), { edition })).toBe(page);
  });

  it('shrinks toward page 1: the smallest failing page is found', () => {
    expect(shrunk(pageArbitrary(), () => false)).toBe(1n);
    expect(shrunk(pageArbitrary(), (page) => page < 10n ** 20n)).toBe(10n ** 20n);
  });

  it('draws pages of another numbering, over its whole range', () => {
    const small = createDealNumbering([1, 1, 1]);
    const pages = new Set(fc.sample(pageArbitrary({ numbering: small }), 300));
    expect([...pages].sort()).toEqual([1n, 2n, 3n, 4n, 5n, 6n]);
  });
});

describe('dealArbitrary', () => {
  prop([dealArbitrary(), fc.constantFrom(...EDITIONS)])('deals round-trip through their page and their string', (deal, edition) => {
    expect(deal).toBeInstanceOf(Deal);
    expect(dealByNumber(numberOfDeal(deal, { edition }), { edition }).equals(deal)).toBe(true);
    expect(parseDeal(deal.toString()).equals(deal)).toBe(true);
  });

  it('shrinks toward the deal on page 1 of its edition', () => {
    expect(shrunk(dealArbitrary(), () => false).toString()).toBe(PAGE_1);
    expect(shrunk(dealArbitrary({ edition: 'pavlicek' }), () => false).equals(dealByNumber(1n, { edition: 'pavlicek' }))).toBe(true);
  });

  prop([signatureArbitrary().chain((signature) => {
    const numbering = createDealNumbering(signature.handSizes, { players: signature.players, edition: signature.edition });
    return dealArbitrary({ numbering }).map((deal) => ({ numbering, deal }));
  })])('deals of any numbering round-trip', ({ numbering, deal }) => {
    expect(deal.handSizes).toEqual(numbering.handSizes);
    expect(numbering.dealByNumber(numbering.numberOfDeal(deal)).equals(deal)).toBe(true);
    expect(numbering.numberOfDeal(deal.toString())).toBe(numbering.numberOfDeal(deal));
  });
});

describe('pbnArbitrary, handsArbitrary, handArbitrary', () => {
  prop([pbnArbitrary()])('PBN deals parse and format back to themselves, from any first seat', (pbn) => {
    expect(pbn).toMatch(/^[NESW]:(?:[AKQJT2-9]*\.){3}[AKQJT2-9]*(?: (?:[AKQJT2-9]*\.){3}[AKQJT2-9]*){3}$/);
    expect(formatPbn(parsePbn(pbn), pbn[0])).toBe(pbn);
  });

  it('uses every first seat, or the one asked for', () => {
    expect(new Set(fc.sample(pbnArbitrary(), 100).map((pbn) => pbn[0]))).toEqual(new Set(['N', 'E', 'S', 'W']));
    expect(new Set(fc.sample(pbnArbitrary({ first: 'E' }), 30).map((pbn) => pbn[0]))).toEqual(new Set(['E']));
  });

  prop([handsArbitrary()])('hands round-trip through dealFromHands', (hands) => {
    expect(bridgeHands(dealFromHands(hands))).toEqual(hands);
  });

  prop([handArbitrary()])('one hand holds 13 cards, ranks high to low in each suit', (hand) => {
    expect(Object.keys(hand)).toEqual(['spades', 'hearts', 'diamonds', 'clubs']);
    expect(Object.values(hand).join('').length).toBe(13);
    for (const ranks of Object.values(hand)) expect([...ranks].sort((a, b) => 'AKQJT98765432'.indexOf(a) - 'AKQJT98765432'.indexOf(b)).join('')).toBe(ranks);
  });
});

describe('signatureArbitrary', () => {
  prop([signatureArbitrary()])('signatures suit createDealNumbering, with as many deals as the multinomial says', (signature) => {
    const { handSizes, players, edition } = signature;
    expect(handSizes.length).toBeGreaterThanOrEqual(1);
    expect(handSizes.length).toBeLessThanOrEqual(5);
    expect(handSizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(20);
    expect(new Set(players).size).toBe(handSizes.length);
    const numbering = createDealNumbering(handSizes, { players, edition });
    expect(numbering.count).toBe(multinomial(handSizes));
    expect(numbering.edition).toBe(edition);
  });

  it('takes its limits and edition', () => {
    for (const signature of fc.sample(signatureArbitrary({ maxHands: 26, maxCards: 56, edition: 'andrews' }), 100)) {
      expect(signature.edition).toBe('andrews');
      expect(signature.handSizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(56);
      expect(() => createDealNumbering(signature.handSizes, signature)).not.toThrow();
    }
    expect(new Set(fc.sample(signatureArbitrary(), 100).map((s) => s.edition))).toEqual(new Set(EDITIONS));
    expect(shrunk(signatureArbitrary(), () => false)).toMatchObject({ handSizes: [0], players: expect.stringMatching(/^[A-Z]$/), edition: 'andrews' });
  });

  it('refuses limits out of range', () => {
    expectError(() => signatureArbitrary({ maxHands: 0 }), RangeError, /^maxHands must be an integer from 1 to 26; got 0$/);
    expectError(() => signatureArbitrary({ maxCards: 57 }), RangeError, /^maxCards must be an integer from 0 to 56; got 57$/);
    expectError(() => signatureArbitrary({ edition: 'knuth' as never }), RangeError, /^edition must be 'andrews' or 'pavlicek'; got 'knuth'$/);
    expectError(() => dealArbitrary(null as never), TypeError, /^the options of dealArbitrary must be an object; got null$/);
  });
});
