import { formatWithOptions, inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Deal, createDealNumbering, dealByNumber, numberOfDeal, parseDeal } from '../src/index.js';
import {
  D,
  PAGE_1,
  PAGE_D,
  bridgeDealArb,
  bridgePageArb,
  dealStringArb,
  expectError,
  fuzzText,
  mutated,
  onlyOurErrors,
  prop,
} from './reference.js';

describe('how a Deal shows itself', () => {
  it('util.inspect and console.log show a bridge deal as its hands by seat, not its internals', () => {
    const deal = dealByNumber(12345678901234567890123456789n);
    const shown = "Deal { N: 'Q843.98654.32.A6', E: 'K9.AQ7.QJ98.Q542', S: 'AJ6.K2.AKT654.K7', W: 'T752.JT3.7.JT983' }";
    expect(inspect(deal)).toBe(shown);
    expect(inspect([deal])).toBe(`[\n  ${shown}\n]`);
    expect(formatWithOptions({ colors: false }, '%o', deal)).toBe(shown);
    expect(inspect(deal, { colors: true })).toContain("\u001b[32m'Q843.98654.32.A6'\u001b[39m");
    expect(inspect(deal)).not.toMatch(/signature|playerOfCode|Int8Array|holders/);
  });

  it('vitest shows a deal as its PBN hands in snapshots and diffs (its toJSON)', () => {
    expect(dealByNumber(1n)).toMatchInlineSnapshot(`"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"`);
  });

  it('any other deal shows its string, players and hand sizes', () => {
    const skat = createDealNumbering([10, 10, 10, 2], { players: 'FMHS' }).dealByNumber(1n);
    expect(inspect(skat)).toBe("Deal { deal: 'FFFFFFFFFFMMMMMMMMMMHHHHHHHHHHSS', players: 'FMHS', handSizes: [10, 10, 10, 2] }");
    expect(JSON.stringify(skat)).toBe('"FFFFFFFFFFMMMMMMMMMMHHHHHHHHHHSS"');
  });
});

describe('Deal', () => {
  it('page 1: its string, JSON, players, hand sizes and holders', () => {
    const deal = dealByNumber(1);
    expect(deal.toString()).toBe(PAGE_1);
    expect(String(deal)).toBe(PAGE_1);
    expect(`${deal}`).toBe(PAGE_1);
    expect(JSON.stringify({ deal })).toBe('{"deal":"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"}');
    expect(deal.players).toBe('NESW');
    expect(deal.handSizes).toEqual([13, 13, 13, 13]);
    expect(deal.holderOf(0)).toBe('N');
    expect(deal.holderOf(13)).toBe('E');
    expect(deal.holderOf(38)).toBe('S');
    expect(deal.holderOf(51)).toBe('W');
    expect(deal.cardsOf('N')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(deal.cardsOf('W')).toEqual([39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51]);
    expect([...deal.holders]).toEqual([...PAGE_1].map((seat) => 'NESW'.indexOf(seat)));
  });

  prop([bridgePageArb])('toString has 52 letters, 13 of each seat; holderOf and cardsOf agree with it', (page) => {
    const deal = dealByNumber(page);
    const text = deal.toString();
    expect(text).toMatch(/^[NESW]{52}$/);
    expect([...text].map((_, card) => deal.holderOf(card)).join('')).toBe(text);
    for (const seat of 'NESW') {
      const cards = deal.cardsOf(seat);
      expect(cards).toHaveLength(13);
      expect(cards).toEqual([...text].flatMap((s, card) => (s === seat ? [card] : [])));
    }
    expect(JSON.parse(JSON.stringify(deal))).toBe(deal.toPbn());
    expect(numberOfDeal(JSON.parse(JSON.stringify(deal)) as string)).toBe(page);
  });

  prop([bridgePageArb, bridgePageArb])('equals: same cards to the same players', (p, q) => {
    const a = dealByNumber(p);
    expect(a.equals(dealByNumber(p))).toBe(true);
    expect(a.equals(parseDeal(a.toString()))).toBe(true);
    expect(a.equals(dealByNumber(q))).toBe(p === q);
  });

  it('equals: deals of another signature or not deals at all are never equal', () => {
    const small = createDealNumbering([1, 1, 1, 1]).dealByNumber(1);
    const other = parseDeal('ABCD', [1, 1, 1, 1], 'ABCD');
    expect(small.toString()).toBe('NESW');
    expect([...other.holders]).toEqual([...small.holders]);
    expect(small.equals(parseDeal('NESW', [1, 1, 1, 1]))).toBe(true);
    expect(small.equals(other)).toBe(false);
    expect(small.equals(dealByNumber(1))).toBe(false);
    expect(small.equals(PAGE_1 as unknown as Deal)).toBe(false);
    expect(small.equals(null as unknown as Deal)).toBe(false);
  });

  it('the same page in both editions is the same Deal value on pages 1 and D, another from page 3', () => {
    expect(dealByNumber(1).equals(dealByNumber(1, { edition: 'pavlicek' }))).toBe(true);
    expect(dealByNumber(D).equals(dealByNumber(D, { edition: 'pavlicek' }))).toBe(true);
    expect(dealByNumber(3).equals(dealByNumber(3, { edition: 'pavlicek' }))).toBe(false);
  });

  it('deals of other signatures have their own players and sizes', () => {
    const skat = createDealNumbering([10, 10, 10, 2]).dealByNumber(7);
    expect(skat.players).toBe('NESW');
    expect(skat.handSizes).toEqual([10, 10, 10, 2]);
    expect(skat.toString()).toHaveLength(32);
    expect(skat.cardsOf('W')).toHaveLength(2);
    const custom = createDealNumbering([2, 1], { players: 'xy' }).dealByNumber(3);
    expect(custom.toString()).toBe('yxx');
    expect(custom.holderOf(0)).toBe('y');
    expect(custom.cardsOf('x')).toEqual([1, 2]);
  });

  it('holderOf and cardsOf refuse cards and players that are not there', () => {
    const deal = dealByNumber(1);
    expectError(() => deal.holderOf(-1), RangeError, /^card must be an integer from 0 to 51; got -1$/);
    expectError(() => deal.holderOf(52), RangeError, /^card must be an integer from 0 to 51; got 52$/);
    expectError(() => deal.holderOf(0.5), RangeError, /^card must be an integer from 0 to 51; got 0\.5$/);
    expectError(() => deal.cardsOf('X'), RangeError, /^player must be one of N, E, S, W; got 'X'$/);
    expectError(() => deal.cardsOf('NE'), RangeError, /^player must be one of N, E, S, W; got 'NE'$/);
    expectError(() => deal.cardsOf(''), RangeError, /^player must be one of N, E, S, W; got ''$/);
    const small = createDealNumbering([1, 2]).dealByNumber(1);
    expectError(() => small.holderOf(3), RangeError, /^card must be an integer from 0 to 2; got 3$/);
    expectError(() => small.cardsOf('N'), RangeError, /^player must be one of A, B; got 'N'$/);
  });

  it('hands and toPbn are for bridge deals only', () => {
    const small = createDealNumbering([1, 1, 1, 1]).dealByNumber(1);
    expectError(() => small.hands, TypeError, /bridge hands need a bridge deal/);
    expectError(() => small.toPbn(), TypeError, /PBN is for bridge deals .*; got hand sizes \[1, 1, 1, 1\]/);
  });
});

describe('parseDeal', () => {
  prop([bridgeDealArb])('parseDeal(text).toString() = text, and its page names the same deal', (text) => {
    const deal = parseDeal(text);
    expect(deal).toBeInstanceOf(Deal);
    expect(deal.toString()).toBe(text);
    expect(parseDeal(deal.toString()).equals(deal)).toBe(true);
  });

  prop([bridgePageArb])('parseDeal(deal.toString()) equals the deal', (page) => {
    const deal = dealByNumber(page);
    expect(parseDeal(deal.toString()).equals(deal)).toBe(true);
  });

  const otherSignature = fc
    .array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 6 })
    .chain((sizes) => {
      const players = sizes.length === 4 ? 'NESW' : 'ABCDEF';
      return fc.tuple(fc.constant(sizes), dealStringArb(sizes, players));
    });

  prop([otherSignature])('other signatures: parse and format round-trip', ([sizes, text]) => {
    const deal = parseDeal(text, sizes);
    expect(deal.toString()).toBe(text);
    expect(deal.handSizes).toEqual(sizes);
    expect(deal.equals(createDealNumbering(sizes).dealByNumber(createDealNumbering(sizes).numberOfDeal(text)))).toBe(true);
  });

  it('takes lower case and surrounding white space, and custom players', () => {
    expect(parseDeal(`  ${PAGE_D.toLowerCase()}\n`).toString()).toBe(PAGE_D);
    const deal = parseDeal('xyzzy', [1, 2, 2], 'xyz');
    expect(deal.toString()).toBe('xyzzy');
    expect(deal.players).toBe('xyz');
    expect(deal.cardsOf('z')).toEqual([2, 3]);
  });

  it('refuses text that is not a deal of the signature', () => {
    expectError(() => parseDeal(42 as unknown as string), TypeError, /^a deal string must be a string; got 42$/);
    expectError(() => parseDeal(undefined as unknown as string), TypeError, /^a deal string must be a string; got undefined$/);
    expectError(() => parseDeal(PAGE_1.slice(0, 51)), RangeError, /must have 52 characters, one of N, E, S, W per card; got 51 characters/);
    expectError(() => parseDeal(`NN${PAGE_1.slice(0, 50)}`), RangeError, /^a deal must give 13 cards to N; got 15 in 'N{15}/);
    expectError(() => parseDeal(`${PAGE_1.slice(0, 51)}?`), RangeError, /may only hold N, E, S, W; got '\?' at position 52/);
    expectError(() => parseDeal('ABBC', [1, 2]), RangeError, /must have 3 characters, one of A, B per card; got 4 characters: 'ABBC'/);
    expectError(() => parseDeal('AAB', [1, 2]), RangeError, /^a deal must give 1 cards to A; got 2 in 'AAB'$/);
    expectError(() => parseDeal('AB', [1, -1]), RangeError, /hand sizes must be non-negative integers; got -1/);
    expectError(() => parseDeal('AB', []), TypeError, /hand sizes must be a non-empty array/);
    expectError(() => parseDeal('AB', [1, 1], 'AA'), RangeError, /players must be distinct; got 'AA'/);
    expectError(() => parseDeal('AB', [1, 1], 'ABC'), RangeError, /players must be 2 distinct letters or digits, one per hand; got 'ABC'/);
  });

  prop([fc.oneof(fuzzText('NESWnesw XAB \n'), mutated(bridgeDealArb, 'NESWnesw X \n'))])(
    'on arbitrary text: a deal spelling exactly that text, or a RangeError/TypeError',
    (text) => {
      const deal = onlyOurErrors(() => parseDeal(text));
      if (deal !== undefined) expect(deal.toString()).toBe(text.trim().toUpperCase());
      const small = onlyOurErrors(() => parseDeal(text, [1, 2, 3]));
      if (small !== undefined) expect(small.toString()).toBe(text.trim().toUpperCase());
    },
  );

  prop([fc.anything(), fc.anything(), fc.anything()])('on arbitrary arguments: only RangeError/TypeError', (text, sizes, players) => {
    onlyOurErrors(() => parseDeal(text as string, sizes as number[], players as string));
    onlyOurErrors(() => parseDeal(text as string));
  });
});
