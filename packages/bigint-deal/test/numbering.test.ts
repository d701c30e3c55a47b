import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Deal, createDealNumbering, parseDeal, type DealNumbering, type Edition } from '../src/index.js';
import {
  D,
  EDITIONS,
  allDeals,
  andrewsIndex,
  blockDeal,
  dealStringArb,
  expectError,
  letterCounts,
  lexicographicIndex,
  multinomial,
  prop,
} from './reference.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The reference index of a deal string in an edition: Andrews' mixed radix of colex ranks, or Pavlicek's order. */
function referenceIndex(edition: Edition, deal: string, sizes: readonly number[], players: string): bigint {
  return edition === 'andrews' ? andrewsIndex(deal, sizes, players) : lexicographicIndex(deal, sizes, players);
}

/** Every page of a numbering, as deal strings in page order. */
function everyPage(numbering: DealNumbering): string[] {
  const out: string[] = [];
  for (let page = 1n; page <= numbering.count; page++) out.push(numbering.dealByNumber(page).toString());
  return out;
}

/** Checks that a numbering is a bijection between 1..count and every deal of its signature, in its edition's order. */
function checkExhaustively(numbering: DealNumbering): void {
  const { handSizes, players, edition } = numbering;
  const expectedDeals = allDeals(handSizes, players);
  expect(numbering.count).toBe(BigInt(expectedDeals.length));
  const pages = everyPage(numbering);
  // Every deal exactly once: the same set as all distinct permutations of the multiset.
  expect(new Set(pages).size).toBe(pages.length);
  expect([...pages].sort()).toEqual([...expectedDeals].sort());
  // Right hand sizes (also implied by the set equality, but said directly).
  for (const deal of pages) {
    const counts = letterCounts(deal);
    expect(handSizes.map((_, q) => counts.get(players[q]!) ?? 0)).toEqual([...handSizes]);
  }
  // Round trips, as a Deal and as a string; and the order is the edition's.
  const pageNumbers = pages.map((_, i) => BigInt(i + 1));
  expect(pages.map((deal) => numbering.numberOfDeal(deal))).toEqual(pageNumbers);
  expect(pageNumbers.map((page) => numbering.numberOfDeal(numbering.dealByNumber(page)))).toEqual(pageNumbers);
  expect(pages.map((deal) => referenceIndex(edition, deal, handSizes, players) + 1n)).toEqual(pageNumbers);
}

/** 1 to 7 hands of 0 to 6 cards. */
const signatureArb = fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 });
const editionArb = fc.constantFrom(...EDITIONS);

describe('createDealNumbering: the numbering object', () => {
  it('describes its signature; bridge by default in Andrews’ edition', () => {
    const bridge = createDealNumbering([13, 13, 13, 13]);
    expect(bridge.handSizes).toEqual([13, 13, 13, 13]);
    expect(bridge.players).toBe('NESW');
    expect(bridge.cards).toBe(52);
    expect(bridge.count).toBe(D);
    expect(bridge.edition).toBe('andrews');
    expect(createDealNumbering([13, 13, 13, 13], { edition: 'pavlicek' }).edition).toBe('pavlicek');
  });

  it('names players NESW for four hands and A, B, C, … otherwise, unless told', () => {
    expect(createDealNumbering([1, 1, 1, 1]).players).toBe('NESW');
    expect(createDealNumbering([1, 2, 3]).players).toBe('ABC');
    expect(createDealNumbering([5]).players).toBe('A');
    expect(createDealNumbering(Array<number>(26).fill(0)).players).toBe(ALPHABET);
    const custom = createDealNumbering([2, 1, 1, 0], { players: 'xy07' });
    expect(custom.players).toBe('xy07');
    expect(custom.dealByNumber(1).toString()).toBe('xxy0');
    expect(custom.numberOfDeal('0yxx')).toBe(custom.count);
  });

  prop([signatureArb])('count is (Σ sizes)! / Π size!, and cards is Σ sizes', (sizes) => {
    const numbering = createDealNumbering(sizes);
    expect(numbering.count).toBe(multinomial(sizes));
    expect(numbering.cards).toBe(sizes.reduce((a, b) => a + b, 0));
    expect(numbering.handSizes).toEqual(sizes);
  });

  it('Skat [10, 10, 10, 2] has 2,753,294,408,504,640 deals', () => {
    for (const edition of EDITIONS) {
      const skat = createDealNumbering([10, 10, 10, 2], { edition });
      expect(skat.count).toBe(2_753_294_408_504_640n);
      expect(skat.dealByNumber(1).toString()).toBe('NNNNNNNNNNEEEEEEEEEESSSSSSSSSSWW');
      expect(skat.dealByNumber(skat.count).toString()).toBe('WWSSSSSSSSSSEEEEEEEEEENNNNNNNNNN');
      expect(skat.numberOfDeal('WWSSSSSSSSSSEEEEEEEEEENNNNNNNNNN')).toBe(skat.count);
    }
  });
});

describe('createDealNumbering: exhaustive bijections on small signatures', () => {
  it.each(EDITIONS)('[2, 2, 2, 2] in %s edition: all 2520 pages are the 2520 deals of NNEESSWW, in order', (edition) => {
    const numbering = createDealNumbering([2, 2, 2, 2], { edition });
    expect(numbering.count).toBe(2520n);
    expect(numbering.players).toBe('NESW');
    checkExhaustively(numbering);
  });

  it('[2, 2, 2, 2]: both editions start and end alike and differ from page 3 on', () => {
    const andrews = everyPage(createDealNumbering([2, 2, 2, 2]));
    const pavlicek = everyPage(createDealNumbering([2, 2, 2, 2], { edition: 'pavlicek' }));
    expect(andrews.slice(0, 2)).toEqual(['NNEESSWW', 'NNEESWSW']);
    expect(pavlicek.slice(0, 2)).toEqual(['NNEESSWW', 'NNEESWSW']);
    expect(andrews.at(-1)).toBe('WWSSEENN');
    expect(pavlicek.at(-1)).toBe('WWSSEENN');
    expect(andrews[2]).not.toBe(pavlicek[2]);
  });

  const small: number[][] = [
    [1, 2, 3],
    [3, 0, 2],
    [5],
    [0],
    [0, 0],
    [1, 1, 1],
    [2, 3],
    [0, 4, 0, 1],
    [1, 1, 1, 1, 1],
    [2, 1, 0, 1, 2],
    [1, 2, 1, 1, 1, 1],
    [3, 3, 3],
  ];
  for (const sizes of small) {
    it.each(EDITIONS)(`[${sizes.join(', ')}] in %s edition`, (edition) => {
      const numbering = createDealNumbering(sizes, { edition });
      expect(numbering.players).toBe(sizes.length === 4 ? 'NESW' : ALPHABET.slice(0, sizes.length));
      checkExhaustively(numbering);
    });
  }

  it('a signature with no cards has exactly one, empty, deal', () => {
    for (const edition of EDITIONS) {
      const numbering = createDealNumbering([0, 0], { edition });
      expect(numbering.count).toBe(1n);
      expect(numbering.dealByNumber(1).toString()).toBe('');
      expect(numbering.numberOfDeal('')).toBe(1n);
    }
  });
});

describe('createDealNumbering: generated signatures', () => {
  const withPage = fc
    .tuple(signatureArb, editionArb)
    .chain(([sizes, edition]) =>
      fc.tuple(fc.constant(sizes), fc.constant(edition), fc.bigInt({ min: 1n, max: multinomial(sizes) })),
    );

  prop([withPage])('numberOfDeal(dealByNumber(p)) = p, and p is the reference page', ([sizes, edition, page]) => {
    const numbering = createDealNumbering(sizes, { edition });
    const deal = numbering.dealByNumber(page);
    expect(deal).toBeInstanceOf(Deal);
    expect(deal.handSizes).toEqual(sizes);
    expect(numbering.numberOfDeal(deal)).toBe(page);
    expect(numbering.numberOfDeal(deal.toString())).toBe(page);
    expect(referenceIndex(edition, deal.toString(), sizes, numbering.players) + 1n).toBe(page);
  });

  const withDeal = fc
    .tuple(signatureArb, editionArb)
    .chain(([sizes, edition]) =>
      fc.tuple(fc.constant(sizes), fc.constant(edition), dealStringArb(sizes, sizes.length === 4 ? 'NESW' : ALPHABET)),
    );

  prop([withDeal])('dealByNumber(numberOfDeal(d)) = d, and the page is the reference page', ([sizes, edition, deal]) => {
    const numbering = createDealNumbering(sizes, { edition });
    const page = numbering.numberOfDeal(deal);
    expect(page).toBeGreaterThanOrEqual(1n);
    expect(page).toBeLessThanOrEqual(numbering.count);
    expect(page).toBe(referenceIndex(edition, deal, sizes, numbering.players) + 1n);
    expect(numbering.dealByNumber(page).toString()).toBe(deal);
    expect(numbering.numberOfDeal(parseDeal(deal, sizes))).toBe(page);
  });

  const largeSizes = fc.constantFrom([30, 30], [20, 20, 20, 20, 20], [1, 60, 1], [100, 3, 100, 2, 50]);
  const largeWithPage = largeSizes.chain((sizes) =>
    fc.tuple(fc.constant(sizes), fc.bigInt({ min: 1n, max: multinomial(sizes) })),
  );

  prop([largeWithPage], { numRuns: 50 })(
    'Pavlicek’s edition numbers large signatures (counts far beyond 2^53) exactly',
    ([sizes, page]) => {
      const numbering = createDealNumbering(sizes, { edition: 'pavlicek' });
      const deal = numbering.dealByNumber(page);
      expect(numbering.numberOfDeal(deal)).toBe(page);
      expect(lexicographicIndex(deal.toString(), sizes, numbering.players) + 1n).toBe(page);
    },
  );

  const bigAndrews = fc
    .constantFrom([250, 5], [5, 250], [1, 200, 1], [3, 3, 3, 3, 3, 3, 3, 3, 3, 3])
    .chain((sizes) => fc.tuple(fc.constant(sizes), fc.bigInt({ min: 1n, max: multinomial(sizes) })));

  prop([bigAndrews], { numRuns: 50 })(
    'Andrews’ edition works whenever each hand’s radix fits in a double',
    ([sizes, page]) => {
      const numbering = createDealNumbering(sizes);
      const deal = numbering.dealByNumber(page);
      expect(numbering.numberOfDeal(deal)).toBe(page);
      expect(andrewsIndex(deal.toString(), sizes, numbering.players) + 1n).toBe(page);
    },
  );

  it('Andrews’ edition refuses a signature it cannot number exactly and points to Pavlicek’s', () => {
    expectError(() => createDealNumbering([30, 30]), RangeError, /\[30, 30\] C\(60, 30\) = 118264581564861424 is above 2\^53 - 1; use \{ edition: 'pavlicek' \}/);
    expect(createDealNumbering([30, 30], { edition: 'pavlicek' }).count).toBe(118_264_581_564_861_424n);
  });

  it('decks up to 255 cards, more than 26 hands with named players', () => {
    expect(createDealNumbering([255]).count).toBe(1n);
    expect(createDealNumbering([254, 1]).count).toBe(255n);
    expect(createDealNumbering([254, 1]).numberOfDeal(`${'A'.repeat(100)}B${'A'.repeat(154)}`)).toBe(155n);
    const players = `${ALPHABET}0123`;
    const thirty = createDealNumbering(Array<number>(30).fill(1), { players, edition: 'pavlicek' });
    expect(thirty.count).toBe(multinomial(Array<number>(30).fill(1)));
    expect(thirty.dealByNumber(thirty.count).toString()).toBe([...players].reverse().join(''));
    expect(thirty.numberOfDeal([...players].reverse().join(''))).toBe(thirty.count);
  });
});

describe('createDealNumbering: bad input', () => {
  it('refuses bad hand sizes', () => {
    expectError(() => createDealNumbering([]), TypeError, /hand sizes must be a non-empty array of non-negative integers; got an array of 0/);
    expectError(() => createDealNumbering('13' as unknown as number[]), TypeError, /hand sizes must be a non-empty array .*; got '13'/);
    expectError(() => createDealNumbering([13, -1]), RangeError, /hand sizes must be non-negative integers; got -1 in \[13, -1\]/);
    expectError(() => createDealNumbering([1.5, 2]), RangeError, /hand sizes must be non-negative integers; got 1\.5/);
    expectError(() => createDealNumbering([NaN]), RangeError, /hand sizes must be non-negative integers; got NaN/);
    expectError(() => createDealNumbering([200, 56]), RangeError, /at most 255 cards.*got 256 cards in \[200, 56\]/);
    expectError(() => createDealNumbering(Array<number>(27).fill(1)), RangeError, /name the players .* more than 26 hands; got 27 hands/);
  });

  it('refuses players of the wrong length, duplicates and other characters', () => {
    expectError(() => createDealNumbering([1, 1, 1, 1], { players: 'NES' }), RangeError, /players must be 4 distinct letters or digits, one per hand; got 'NES'/);
    expectError(() => createDealNumbering([1, 1], { players: 'ABC' }), RangeError, /players must be 2 distinct .*; got 'ABC'/);
    expectError(() => createDealNumbering([1, 1, 1, 1], { players: 'NNSW' }), RangeError, /players must be distinct; got 'NNSW'/);
    expectError(() => createDealNumbering([1, 1, 1, 1], { players: 'N-SW' }), RangeError, /players must be 4 distinct letters or digits.*; got 'N-SW'/);
    expectError(() => createDealNumbering([1, 1], { players: 'A\u00e9' }), RangeError, /players must be 2 distinct letters or digits.*; got 'Aé'/);
    expectError(() => createDealNumbering([1], { players: 7 as unknown as string }), TypeError, /players must be a string of 1 letters or digits; got 7/);
    expectError(() => createDealNumbering([1], { players: Object.create(null) as string }), TypeError, /players must be a string .*; got an object/);
  });

  it("refuses an edition other than 'andrews' or 'pavlicek'", () => {
    expectError(() => createDealNumbering([1, 1], { edition: 'foo' as Edition }), RangeError, /edition must be 'andrews' or 'pavlicek'; got 'foo'/);
    expectError(() => createDealNumbering([1, 1], { edition: 'Andrews' as Edition }), RangeError, /got 'Andrews'/);
  });

  it('refuses pages outside 1..count, naming the count', () => {
    const numbering = createDealNumbering([1, 2, 3]);
    expectError(() => numbering.dealByNumber(0), RangeError, /page must be an integer from 1 to 60; got 0/);
    expectError(() => numbering.dealByNumber(61n), RangeError, /page must be an integer from 1 to 60; got 61/);
    expectError(() => numbering.dealByNumber('61'), RangeError, /page must be an integer from 1 to 60; got '61'/);
    expectError(() => numbering.dealByNumber(2.5), RangeError, /page must be an integer from 1 to 60; got 2\.5/);
    expectError(() => numbering.dealByNumber(null as unknown as number), TypeError, /page must be a bigint, a number or a decimal string; got null/);
  });

  it('refuses deals of another signature, strings of the wrong shape and PBN for non-bridge numberings', () => {
    const numbering = createDealNumbering([1, 2, 3]);
    const bridgeDeal = createDealNumbering([13, 13, 13, 13]).dealByNumber(1);
    expectError(() => numbering.numberOfDeal(bridgeDeal), RangeError, /this numbering is for hand sizes \[1, 2, 3\]; got a deal with hand sizes \[13, 13, 13, 13\]/);
    expectError(() => numbering.numberOfDeal('ABBCC'), RangeError, /a deal string must have 6 characters, one of A, B, C per card; got 5 characters: 'ABBCC'/);
    expectError(() => numbering.numberOfDeal('ABBCCD'), RangeError, /a deal string may only hold A, B, C; got 'D' at position 6 of 'ABBCCD'/);
    expectError(() => numbering.numberOfDeal('AABCCC'), RangeError, /a deal must give 1 cards to A; got 2 in 'AABCCC'/);
    expectError(() => numbering.numberOfDeal('N:A.B.C.D - - -'), RangeError, /PBN deals are bridge deals; this numbering is for hand sizes \[1, 2, 3\]/);
    expectError(() => numbering.numberOfDeal(42 as unknown as string), TypeError, /a deal must be a Deal, a deal string or a PBN deal; got 42/);
    expectError(() => numbering.numberOfDeal(undefined as unknown as string), TypeError, /a deal must be a Deal, .*; got undefined/);
  });

  it('a numbering answers only for its own signature: the block deal of another signature is refused', () => {
    const numbering = createDealNumbering([2, 2]);
    expectError(() => numbering.numberOfDeal(blockDeal([3, 1], 'AB')), RangeError, /a deal must give 2 cards to A; got 3/);
  });
});

describe('many signatures', () => {
  it('bridge deals stay bridge deals after hundreds of other signatures were numbered', () => {
    const before = createDealNumbering([13, 13, 13, 13]).dealByNumber(12345n);
    for (let a = 0; a < 20; a++) for (let b = 0; b < 15; b++) createDealNumbering([a, b, 1]);
    const after = createDealNumbering([13, 13, 13, 13]).dealByNumber(12345n);
    expect(after.equals(before)).toBe(true);
    expect(after.hands).toEqual(before.hands);
    expect(after.toPbn()).toBe(before.toPbn());
    expect(createDealNumbering([13, 13, 13, 13], { edition: 'pavlicek' }).numberOfDeal(before.toPbn())).toBe(
      createDealNumbering([13, 13, 13, 13], { edition: 'pavlicek' }).numberOfDeal(after),
    );
  });
});
