import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BRIDGE_HANDS,
  DEALS,
  Deal,
  RANKS,
  SEATS,
  SUITS,
  SUIT_SYMBOLS,
  bridgeHands,
  bridgeNumbering,
  cardName,
  createDealNumbering,
  dealByNumber,
  dealFromHands,
  joinIndex,
  numberOfDeal,
  parseDeal,
  splitIndex,
  type BridgeHands,
  type Edition,
  type PageInput,
  type Seat,
} from '../src/index.js';
import {
  BRIDGE_PLAYERS,
  BRIDGE_SIZES,
  D,
  EDITIONS,
  PAGE_1,
  PAGE_2,
  PAGE_D,
  RANK_ORDER,
  andrewsIndex,
  bridgeDealArb,
  bridgePageArb,
  choose,
  colexRank,
  expectError,
  factorial,
  fuzzText,
  lexicographicIndex,
  mutated,
  pbnClaims,
  onlyOurErrors,
  referencePbn,
  seatArb,
  prop,
} from './reference.js';

const editionArb = fc.constantFrom(...EDITIONS);
const C52 = choose(52, 13);
const C39 = choose(39, 13);
const C26 = choose(26, 13);

/** The hands of a deal string, worked out card by card: seat → suit → ranks from ace down. */
function referenceHands(deal: string): BridgeHands {
  const hands = {} as BridgeHands;
  for (const seat of BRIDGE_PLAYERS as Iterable<Seat>) {
    const [spades, hearts, diamonds, clubs] = [0, 1, 2, 3].map((s) =>
      [...RANK_ORDER].filter((_, r) => deal[s * 13 + r] === seat).join(''),
    ) as [string, string, string, string];
    hands[seat] = { spades, hearts, diamonds, clubs };
  }
  return hands;
}

describe('the bridge book', () => {
  it('has D = 52! / (13!)^4 = 53,644,737,765,488,792,839,237,440,000 pages', () => {
    expect(factorial(52) / factorial(13) ** 4n).toBe(D);
    expect(DEALS).toBe(D);
    expect(bridgeNumbering().count).toBe(D);
    expect(bridgeNumbering({ edition: 'pavlicek' }).count).toBe(D);
  });

  it('names its seats, suits and ranks in card order', () => {
    expect(SEATS).toBe('NESW');
    expect(SUITS).toEqual(['spades', 'hearts', 'diamonds', 'clubs']);
    expect(RANKS).toBe('AKQJT98765432');
    expect(SUIT_SYMBOLS).toBe('♠♥♦♣');
    expect(BRIDGE_HANDS).toEqual([13, 13, 13, 13]);
  });

  it('bridgeNumbering describes the bridge signature in the edition asked for (Andrews’ by default)', () => {
    for (const edition of EDITIONS) {
      const numbering = bridgeNumbering({ edition });
      expect(numbering.edition).toBe(edition);
      expect(numbering.handSizes).toEqual([13, 13, 13, 13]);
      expect(numbering.players).toBe('NESW');
      expect(numbering.cards).toBe(52);
    }
    expect(bridgeNumbering().edition).toBe('andrews');
  });

  it.each(EDITIONS)('pages 1, 2 and D in %s edition', (edition) => {
    expect(dealByNumber(1, { edition }).toString()).toBe(PAGE_1);
    expect(dealByNumber(2, { edition }).toString()).toBe(PAGE_2);
    expect(dealByNumber(D, { edition }).toString()).toBe(PAGE_D);
    expect(numberOfDeal(PAGE_1, { edition })).toBe(1n);
    expect(numberOfDeal(PAGE_2, { edition })).toBe(2n);
    expect(numberOfDeal(PAGE_D, { edition })).toBe(D);
  });

  it('the editions differ from page 3 on', () => {
    expect(dealByNumber(3).toString()).toBe('NNNNNNNNNNNNNEEEEEEEEEEEEESSSSSSSSSSSWSSWWWWWWWWWWWW');
    expect(dealByNumber(3, { edition: 'pavlicek' }).toString()).toBe('NNNNNNNNNNNNNEEEEEEEEEEEEESSSSSSSSSSSSWWSWWWWWWWWWWW');
  });

  prop([fc.array(fc.bigInt({ min: 3n, max: D }), { minLength: 20, maxLength: 20 })], { numRuns: 20 })(
    'the editions are different functions: a batch of pages from 3 on has a page where they differ',
    (pages) => {
      const differ = pages.filter((page) => !dealByNumber(page).equals(dealByNumber(page, { edition: 'pavlicek' })));
      expect(differ.length).toBeGreaterThan(0);
    },
  );

  it('Andrews’ edition is the default', () => {
    for (const page of [1n, 3n, 123_456_789_012_345_678_901_234_567n, D - 1n]) {
      expect(dealByNumber(page).equals(dealByNumber(page, { edition: 'andrews' }))).toBe(true);
      expect(numberOfDeal(dealByNumber(page))).toBe(page);
    }
  });
});

describe('Andrews’ and Pavlicek’s editions against the references', () => {
  prop([bridgePageArb])('Andrews: page − 1 = N·C(39,13)·C(26,13) + E·C(26,13) + S of the deal on that page', (page) => {
    expect(andrewsIndex(dealByNumber(page).toString(), BRIDGE_SIZES, BRIDGE_PLAYERS) + 1n).toBe(page);
  });

  prop([bridgeDealArb])('Andrews: the page of a deal is the reference page', (deal) => {
    expect(numberOfDeal(deal)).toBe(andrewsIndex(deal, BRIDGE_SIZES, BRIDGE_PLAYERS) + 1n);
  });

  prop([bridgePageArb])('Pavlicek: the deal on page p is the p-th deal in lexicographic (N < E < S < W) order', (page) => {
    const deal = dealByNumber(page, { edition: 'pavlicek' }).toString();
    expect(lexicographicIndex(deal, BRIDGE_SIZES, BRIDGE_PLAYERS) + 1n).toBe(page);
  });

  prop([bridgeDealArb])('Pavlicek: the page of a deal is its lexicographic rank', (deal) => {
    expect(numberOfDeal(deal, { edition: 'pavlicek' })).toBe(lexicographicIndex(deal, BRIDGE_SIZES, BRIDGE_PLAYERS) + 1n);
  });
});

describe('dealByNumber and numberOfDeal', () => {
  prop([bridgePageArb, editionArb])('numberOfDeal(dealByNumber(p)) = p, with the deal as Deal, string and PBN', (page, edition) => {
    const deal = dealByNumber(page, { edition });
    expect(deal).toBeInstanceOf(Deal);
    expect(numberOfDeal(deal, { edition })).toBe(page);
    expect(numberOfDeal(deal.toString(), { edition })).toBe(page);
    expect(numberOfDeal(deal.toPbn(), { edition })).toBe(page);
  });

  prop([bridgeDealArb, editionArb, seatArb])(
    'dealByNumber(numberOfDeal(d)) = d, with d as Deal, 52-character string and PBN from any seat',
    (text, edition, first) => {
      const page = numberOfDeal(text, { edition });
      expect(page >= 1n && page <= D).toBe(true);
      expect(dealByNumber(page, { edition }).toString()).toBe(text);
      expect(numberOfDeal(parseDeal(text), { edition })).toBe(page);
      expect(numberOfDeal(referencePbn(text, first), { edition })).toBe(page);
      expect(numberOfDeal(`[Deal "${referencePbn(text, first)}"]`, { edition })).toBe(page);
    },
  );

  prop([fc.bigInt({ min: 1n, max: BigInt(Number.MAX_SAFE_INTEGER) }), editionArb])(
    'a page as bigint, safe-integer number and decimal string names the same deal',
    (page, edition) => {
      const deal = dealByNumber(page, { edition });
      expect(dealByNumber(Number(page), { edition }).equals(deal)).toBe(true);
      expect(dealByNumber(page.toString(), { edition }).equals(deal)).toBe(true);
    },
  );

  prop([bridgePageArb, editionArb])('a page as a decimal string names the same deal as the bigint, up to D', (page, edition) => {
    expect(dealByNumber(page.toString(), { edition }).equals(dealByNumber(page, { edition }))).toBe(true);
  });

  it('round-trips the pages at the edges', () => {
    const pages = [1n, 2n, 3n, 2n ** 32n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 2n ** 64n, D / 2n, D - 2n, D - 1n, D];
    for (const edition of EDITIONS) {
      expect(pages.map((page) => numberOfDeal(dealByNumber(page, { edition }), { edition }))).toEqual(pages);
    }
    expect(dealByNumber(Number.MAX_SAFE_INTEGER).equals(dealByNumber(2n ** 53n - 1n))).toBe(true);
    expect(dealByNumber(D.toString()).toString()).toBe(PAGE_D);
  });

  it('takes lower-case and surrounding space in a deal string', () => {
    expect(numberOfDeal(PAGE_2.toLowerCase())).toBe(2n);
    expect(numberOfDeal(` ${PAGE_2}\n`)).toBe(2n);
  });

  const badPages: Array<[string, unknown, typeof RangeError | typeof TypeError, RegExp]> = [
    ['0', 0, RangeError, /^page must be an integer from 1 to 53644737765488792839237440000; got 0$/],
    ['D + 1', D + 1n, RangeError, /from 1 to 53644737765488792839237440000; got 53644737765488792839237440001$/],
    ['D + 1 as a string', (D + 1n).toString(), RangeError, /from 1 to 53644737765488792839237440000; got '53644737765488792839237440001'$/],
    ['-1', -1, RangeError, /from 1 to 53644737765488792839237440000; got -1$/],
    ['-1n', -1n, RangeError, /from 1 to 53644737765488792839237440000; got -1$/],
    ["'0'", '0', RangeError, /from 1 to 53644737765488792839237440000; got '0'$/],
    ['1.5', 1.5, RangeError, /page must be an integer .*; got 1\.5$/],
    ['NaN', NaN, RangeError, /page must be an integer .*; got NaN$/],
    ['Infinity', Infinity, RangeError, /page must be an integer .*; got Infinity$/],
    ['-Infinity', -Infinity, RangeError, /page must be an integer .*; got -Infinity$/],
    ['2 ** 60', 2 ** 60, RangeError, /page must be an integer .*; got 1152921504606847000 .*bigint or a decimal string/],
    ['2 ** 53', 2 ** 53, RangeError, /page must be an integer .*; got 9007199254740992 .*bigint or a decimal string/],
    ["'12abc'", '12abc', RangeError, /page must be an integer from 1 to 53644737765488792839237440000 in decimal digits \(no sign, spaces or leading zeros\); got '12abc'$/],
    ["''", '', RangeError, /in decimal digits \(no sign, spaces or leading zeros\); got ''$/],
    ["'1.0'", '1.0', RangeError, /in decimal digits \(no sign, spaces or leading zeros\); got '1\.0'$/],
    ["'1e3'", '1e3', RangeError, /in decimal digits \(no sign, spaces or leading zeros\); got '1e3'$/],
    ["'0x10'", '0x10', RangeError, /in decimal digits \(no sign, spaces or leading zeros\); got '0x10'$/],
    ["' 5'", ' 5', RangeError, /in decimal digits \(no sign, spaces or leading zeros\); got ' 5'$/],
    ["'5 '", '5 ', RangeError, /in decimal digits .*; got '5 '$/],
    ["'+5'", '+5', RangeError, /in decimal digits .*; got '\+5'$/],
    ["'-5'", '-5', RangeError, /in decimal digits .*; got '-5'$/],
    ["'05'", '05', RangeError, /in decimal digits .*leading zeros\); got '05'$/],
    ["'00'", '00', RangeError, /in decimal digits .*; got '00'$/],
    ["'5e3'", '5e3', RangeError, /in decimal digits .*; got '5e3'$/],
    ["'5\\n'", '5\n', RangeError, /in decimal digits .*; got '5\\n'$/],
    ["'５' (full-width)", '５', RangeError, /in decimal digits .*; got '５'$/],
    ['a 100,000-digit string', '9'.repeat(100_000), RangeError, /^page must be an integer from 1 to 53644737765488792839237440000; got '9{57}\.\.\.' \(100000 characters\)$/],
    ['null', null, TypeError, /^page must be a bigint, a number or a decimal string; got null$/],
    ['undefined', undefined, TypeError, /^page must be a bigint, a number or a decimal string; got undefined$/],
    ['an object', { page: 1 }, TypeError, /^page must be a bigint, a number or a decimal string; got an object$/],
    ['an array', [1], TypeError, /^page must be a bigint, a number or a decimal string; got an array of 1$/],
    ['a boolean', true, TypeError, /^page must be a bigint, a number or a decimal string; got boolean$/],
  ];

  it.each(badPages)('dealByNumber refuses page %s', (_, page, type, message) => {
    for (const edition of EDITIONS) expectError(() => dealByNumber(page as PageInput, { edition }), type, message);
  });

  const badDeals: Array<[string, unknown, typeof RangeError | typeof TypeError, RegExp]> = [
    ['51 characters', PAGE_1.slice(1), RangeError, /a deal string must have 52 characters, one of N, E, S, W per card; got 51 characters: 'N{12}E/],
    ['53 characters', `${PAGE_1}W`, RangeError, /a deal string must have 52 characters.*; got 53 characters/],
    ['the empty string', '', RangeError, /a deal string must have 52 characters.*; got 0 characters: ''/],
    ['14 N', `N${PAGE_1.slice(0, 51)}`, RangeError, /a deal must give 13 cards to N; got 14 in 'N{14}/],
    ['an unknown letter', `X${PAGE_1.slice(1)}`, RangeError, /a deal string may only hold N, E, S, W; got 'X' at position 1 of 'XN{12}E/],
    ['a non-ASCII letter', `${PAGE_1.slice(0, 51)}Ŵ`, RangeError, /a deal string may only hold N, E, S, W; got 'Ŵ' at position 52/],
    ['a PBN deal with a card twice', 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. A..AKQJT9876543.', RangeError, /♠A is dealt twice \(N and W\)/],
    ['a PBN deal with a card missing', 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543', RangeError, /is missing ♣2/],
    ['a number', 12, TypeError, /a deal must be a Deal, a deal string or a PBN deal; got 12$/],
    ['null', null, TypeError, /a deal must be a Deal, a deal string or a PBN deal; got null$/],
    ['a Skat deal', createDealNumbering([10, 10, 10, 2]).dealByNumber(1), RangeError, /for hand sizes \[13, 13, 13, 13\]; got a deal with hand sizes \[10, 10, 10, 2\]/],
  ];

  it.each(badDeals)('numberOfDeal refuses %s', (_, deal, type, message) => {
    for (const edition of EDITIONS) expectError(() => numberOfDeal(deal as string, { edition }), type, message);
  });

  it("refuses an edition other than 'andrews' or 'pavlicek'", () => {
    const foo = { edition: 'foo' as Edition };
    expectError(() => dealByNumber(1, foo), RangeError, /^edition must be 'andrews' or 'pavlicek'; got 'foo'$/);
    expectError(() => numberOfDeal(PAGE_1, foo), RangeError, /^edition must be 'andrews' or 'pavlicek'; got 'foo'$/);
    expectError(() => bridgeNumbering(foo), RangeError, /^edition must be 'andrews' or 'pavlicek'; got 'foo'$/);
  });

  it('refuses options that are not an object', () => {
    expectError(() => dealByNumber(1, null as unknown as object), TypeError, /options .* must be an object; got null/);
    expectError(() => numberOfDeal(PAGE_1, 'pavlicek' as unknown as object), TypeError, /options .* must be an object; got 'pavlicek'/);
  });

  const fuzzAlphabet = 'NESWnesw AKQJT98765432.:-[]"Deal10X';

  prop([fc.oneof(fuzzText(fuzzAlphabet), mutated(bridgeDealArb, 'NESWnesw X\n'), mutated(bridgeDealArb.map((d) => referencePbn(d)), 'AKQJT98765432.- NESW10'))])(
    'numberOfDeal on arbitrary text returns a valid page of exactly that deal or throws RangeError/TypeError',
    (text) => {
      for (const edition of EDITIONS) {
        const page = onlyOurErrors(() => numberOfDeal(text, { edition }));
        if (page === undefined) continue;
        expect(page >= 1n && page <= D).toBe(true);
        const deal = dealByNumber(page, { edition });
        const trimmed = text.trim();
        if (trimmed.includes(':') || trimmed.startsWith('[')) {
          // A PBN deal: every card the text gives to a seat is that seat's in the deal on the page.
          for (const [card, seat] of pbnClaims(text)) expect(deal.holderOf(card)).toBe(seat);
        } else {
          expect(deal.toString()).toBe(trimmed.toUpperCase());
        }
      }
    },
  );

  prop([fc.anything()])('numberOfDeal on arbitrary values throws RangeError/TypeError unless given a deal', (value) => {
    const page = onlyOurErrors(() => numberOfDeal(value as string));
    if (page !== undefined) expect(typeof value === 'string' || value instanceof Deal).toBe(true);
  });

  prop([fc.oneof(fuzzText('0123456789 +-.eExn'), fc.anything())])(
    'dealByNumber on arbitrary input returns a deal or throws RangeError/TypeError',
    (input) => {
      const deal = onlyOurErrors(() => dealByNumber(input as PageInput));
      if (deal !== undefined) {
        expect(deal).toBeInstanceOf(Deal);
        expect(deal.toString()).toMatch(/^[NESW]{52}$/);
      }
    },
  );
});

describe('splitIndex and joinIndex', () => {
  it('split index 0 and D - 1 into the smallest and largest ranks', () => {
    expect(splitIndex(0n)).toEqual([0, 0, 0]);
    expect(splitIndex(1n)).toEqual([0, 0, 1]);
    expect(splitIndex(C26)).toEqual([0, 1, 0]);
    expect(splitIndex(D - 1n)).toEqual([Number(C52 - 1n), Number(C39 - 1n), Number(C26 - 1n)]);
    expect(joinIndex([Number(C52 - 1n), Number(C39 - 1n), Number(C26 - 1n)])).toBe(D - 1n);
    expect(joinIndex([0, 0, 0])).toBe(0n);
  });

  const ranksArb = fc.tuple(
    fc.integer({ min: 0, max: Number(C52 - 1n) }),
    fc.integer({ min: 0, max: Number(C39 - 1n) }),
    fc.integer({ min: 0, max: Number(C26 - 1n) }),
  );

  prop([ranksArb])('joinIndex([N, E, S]) = N·C(39,13)·C(26,13) + E·C(26,13) + S, and splitIndex undoes it', (ranks) => {
    const [n, e, s] = ranks;
    const index = joinIndex(ranks);
    expect(index).toBe(BigInt(n) * C39 * C26 + BigInt(e) * C26 + BigInt(s));
    expect(splitIndex(index)).toEqual(ranks);
  });

  prop([fc.bigInt({ min: 0n, max: D - 1n })])('joinIndex(splitIndex(i)) = i', (index) => {
    const ranks = splitIndex(index);
    expect(ranks).toHaveLength(3);
    expect(joinIndex(ranks)).toBe(index);
  });

  prop([bridgeDealArb])('splitIndex(page − 1) are the squashed ranks of N among 52, E among 39, S among 26', (deal) => {
    const north = [...deal].flatMap((seat, card) => (seat === 'N' ? [card] : []));
    const rest1 = [...deal].filter((seat) => seat !== 'N');
    const east = rest1.flatMap((seat, position) => (seat === 'E' ? [position] : []));
    const rest2 = rest1.filter((seat) => seat !== 'E');
    const south = rest2.flatMap((seat, position) => (seat === 'S' ? [position] : []));
    expect(splitIndex(numberOfDeal(deal) - 1n)).toEqual([north, east, south].map((s) => Number(colexRank(s))));
  });

  prop([fc.bigInt({ min: 0n, max: 2_753_294_408_504_639n })])('other hand sizes: Skat [10, 10, 10, 2]', (index) => {
    const ranks = splitIndex(index, [10, 10, 10, 2]);
    expect(ranks).toHaveLength(3);
    expect(ranks[0]).toBeLessThan(Number(choose(32, 10)));
    expect(ranks[1]).toBeLessThan(Number(choose(22, 10)));
    expect(ranks[2]).toBeLessThan(Number(choose(12, 10)));
    expect(joinIndex(ranks, [10, 10, 10, 2])).toBe(index);
    expect(andrewsIndex(createDealNumbering([10, 10, 10, 2]).dealByNumber(index + 1n).toString(), [10, 10, 10, 2], 'NESW')).toBe(index);
  });

  it('refuses indices out of range and ranks of the wrong shape', () => {
    expectError(() => splitIndex(D), RangeError, /^index must be a bigint from 0 to 53644737765488792839237439999; got 53644737765488792839237440000$/);
    expectError(() => splitIndex(-1n), RangeError, /index must be a bigint from 0 to .*; got -1$/);
    expectError(() => splitIndex(5 as unknown as bigint), RangeError, /index must be a bigint .*; got 5$/);
    expectError(() => splitIndex(12n, [2, 2]), RangeError, /index must be a bigint from 0 to 5; got 12$/);
    expectError(() => joinIndex([Number(C52), 0, 0]), RangeError, /^rank 1 must be an integer from 0 to 635013559599; got 635013559600$/);
    expectError(() => joinIndex([0, Number(C39), 0]), RangeError, /^rank 2 must be an integer from 0 to 8122425443; got 8122425444$/);
    expectError(() => joinIndex([0, 0, -1]), RangeError, /^rank 3 must be an integer from 0 to 10400599; got -1$/);
    expectError(() => joinIndex([0, 0.5, 0]), RangeError, /^rank 2 must be an integer .*; got 0\.5$/);
    expectError(() => joinIndex([0, 0]), RangeError, /ranks must be an array of 3 ranks, one per hand but the last; got an array of 2/);
    expectError(() => joinIndex([0, 0, 0, 0]), RangeError, /ranks must be an array of 3 ranks.*; got an array of 4/);
    expectError(() => splitIndex(0n, [30, 30]), RangeError, /Andrews' index needs exact ranks, but for hand sizes \[30, 30\]/);
    expectError(() => joinIndex([0], [30, 30]), RangeError, /Andrews' index needs exact ranks/);
  });
});

describe('hands, dealFromHands and cardName', () => {
  it('page 1: North holds the spades, East the hearts, South the diamonds, West the clubs', () => {
    const hands = dealByNumber(1).hands;
    expect(hands.N).toEqual({ spades: 'AKQJT98765432', hearts: '', diamonds: '', clubs: '' });
    expect(hands.E).toEqual({ spades: '', hearts: 'AKQJT98765432', diamonds: '', clubs: '' });
    expect(hands.S).toEqual({ spades: '', hearts: '', diamonds: 'AKQJT98765432', clubs: '' });
    expect(hands.W).toEqual({ spades: '', hearts: '', diamonds: '', clubs: 'AKQJT98765432' });
    expect(dealByNumber(D).hands.W.spades).toBe('AKQJT98765432');
    expect(dealByNumber(D).hands.N.clubs).toBe('AKQJT98765432');
    expect(bridgeHands(dealByNumber(1))).toEqual(hands);
  });

  prop([bridgeDealArb])('deal.hands lists each seat’s cards by suit, ace first', (text) => {
    expect(parseDeal(text).hands).toEqual(referenceHands(text));
  });

  prop([bridgePageArb, editionArb])('dealFromHands(deal.hands) equals the deal', (page, edition) => {
    const deal = dealByNumber(page, { edition });
    const back = dealFromHands(deal.hands);
    expect(back.equals(deal)).toBe(true);
    expect(back.toString()).toBe(deal.toString());
  });

  prop([bridgeDealArb, fc.infiniteStream(fc.boolean())])(
    'dealFromHands takes ranks in any order, in lower case and with 10 for T',
    (text, flips) => {
      const hands = referenceHands(text);
      const coin = flips[Symbol.iterator]();
      const scramble = (ranks: string): string => {
        let out = [...ranks].reverse().join('');
        if (coin.next().value) out = out.toLowerCase();
        if (coin.next().value) out = out.replace('T', '10').replace('t', '10');
        return out;
      };
      const scrambled = {} as BridgeHands;
      for (const seat of BRIDGE_PLAYERS as Iterable<Seat>) {
        const h = hands[seat];
        scrambled[seat] = { spades: scramble(h.spades), hearts: scramble(h.hearts), diamonds: scramble(h.diamonds), clubs: scramble(h.clubs) };
      }
      expect(dealFromHands(scrambled).toString()).toBe(text);
    },
  );

  it('dealFromHands refuses cards dealt twice or missing, wrong hand sizes and bad ranks', () => {
    const hands = (): BridgeHands => structuredClone(dealByNumber(1).hands);
    const twice = hands();
    twice.W.spades = 'A';
    twice.W.clubs = 'KQJT98765432';
    expectError(() => dealFromHands(twice), RangeError, /♠A is dealt twice \(N and W\) at hands\.W\.spades/);
    const missing = hands();
    missing.S.diamonds = 'AKQJT9876543';
    expectError(() => dealFromHands(missing), RangeError, /^hands is missing ♦2; a deal gives out all 52 cards$/);
    const uneven = hands();
    uneven.N.spades = 'AKQJT9876543';
    uneven.E.spades = '2';
    expectError(() => dealFromHands(uneven), RangeError, /^hands gives 12 cards to N; expected 13$/);
    const badRank = hands();
    badRank.E.hearts = 'AKQJT9876543X';
    expectError(() => dealFromHands(badRank), RangeError, /hands\.E\.hearts must hold ranks from AKQJT98765432; got 'X' in 'AKQJT9876543X'/);
    const sameTwice = hands();
    sameTwice.N.spades = 'AKQJT98765422';
    expectError(() => dealFromHands(sameTwice), RangeError, /♠2 is dealt twice \(N and N\)/);
  });

  it('dealFromHands refuses things that are not hands', () => {
    expectError(() => dealFromHands(null as unknown as BridgeHands), TypeError, /^hands must be an object with seats N, E, S, W; got null$/);
    expectError(() => dealFromHands('N:AKQ' as unknown as BridgeHands), TypeError, /hands must be an object .*; got 'N:AKQ'$/);
    const noEast = { ...dealByNumber(1).hands, E: undefined } as unknown as BridgeHands;
    expectError(() => dealFromHands(noEast), TypeError, /^hands\.E must be an object with spades, hearts, diamonds and clubs; got undefined$/);
    const hands = structuredClone(dealByNumber(1).hands) as unknown as Record<Seat, Record<string, unknown>>;
    hands.S.clubs = 5;
    expectError(() => dealFromHands(hands as unknown as BridgeHands), TypeError, /^hands\.S\.clubs must be a string of ranks; got 5$/);
  });

  it('bridgeHands refuses a deal that is not a bridge deal', () => {
    expectError(() => bridgeHands(createDealNumbering([1, 1, 1, 1]).dealByNumber(1)), TypeError, /bridge hands need a bridge deal .*; got a deal with hand sizes \[1, 1, 1, 1\] and players NESW/);
    expectError(() => bridgeHands(PAGE_1 as unknown as Deal), TypeError, /bridge hands need a bridge deal/);
  });

  it('cardName: suit symbol and rank, card 0 the ace of spades, card 51 the two of clubs', () => {
    expect([0, 1, 4, 12, 13, 25, 26, 39, 51].map(cardName)).toEqual(['♠A', '♠K', '♠T', '♠2', '♥A', '♥2', '♦A', '♣A', '♣2']);
    const all = Array.from({ length: 52 }, (_, card) => cardName(card));
    expect(new Set(all).size).toBe(52);
    expect(all.join('')).toBe([...'♠♥♦♣'].map((suit) => [...RANK_ORDER].map((rank) => suit + rank).join('')).join(''));
  });

  it.each([
    [-1, /^card must be an integer from 0 to 51; got -1$/],
    [52, /^card must be an integer from 0 to 51; got 52$/],
    [1.5, /^card must be an integer from 0 to 51; got 1\.5$/],
    [NaN, /^card must be an integer from 0 to 51; got NaN$/],
    ['3', /^card must be an integer from 0 to 51; got '3'$/],
  ])('cardName(%s) throws a RangeError', (card, message) => {
    expectError(() => cardName(card as number), RangeError, message);
  });
});
