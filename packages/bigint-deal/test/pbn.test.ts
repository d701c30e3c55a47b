import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Deal, createDealNumbering, dealByNumber, formatPbn, parseDeal, parsePbn } from '../src/index.js';
import { ranksOfMask } from '../src/numbering/cards.js';
import {
  BRIDGE_PLAYERS,
  D,
  PAGE_1,
  PAGE_D,
  bridgeDealArb,
  bridgePageArb,
  expectError,
  fuzzText,
  mutated,
  onlyOurErrors,
  pbnClaims,
  referencePbn,
  seatArb,
  prop,
} from './reference.js';

const PBN_1 = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';

describe('formatPbn', () => {
  it('page 1 from North, and from every other seat', () => {
    expect(formatPbn(dealByNumber(1))).toBe(PBN_1);
    expect(dealByNumber(1).toPbn()).toBe(PBN_1);
    expect(formatPbn(dealByNumber(1), 'E')).toBe('E:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432...');
    expect(formatPbn(dealByNumber(1), 'w')).toBe('W:...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.');
    expect(formatPbn(dealByNumber(D), 'S')).toBe('S:.AKQJT98765432.. AKQJT98765432... ...AKQJT98765432 ..AKQJT98765432.');
  });

  prop([bridgeDealArb, seatArb])('lists each seat’s ranks by suit, ace first, from the first seat round', (text, first) => {
    const deal = parseDeal(text);
    expect(formatPbn(deal, first)).toBe(referencePbn(text, first));
    expect(deal.toPbn(first)).toBe(referencePbn(text, first));
  });

  it('refuses a first seat that is not N, E, S or W and deals that are not bridge deals', () => {
    expectError(() => formatPbn(dealByNumber(1), 'X'), RangeError, /^the first seat must be one of N, E, S, W; got 'X'$/);
    expectError(() => formatPbn(dealByNumber(1), 'NE'), RangeError, /^the first seat must be one of N, E, S, W; got 'NE'$/);
    expectError(() => formatPbn(dealByNumber(1), ''), RangeError, /^the first seat must be one of N, E, S, W; got ''$/);
    const small = createDealNumbering([1, 1, 1, 1]).dealByNumber(1);
    expectError(() => formatPbn(small), TypeError, /^PBN is for bridge deals .*; got hand sizes \[1, 1, 1, 1\]$/);
  });
});

describe('parsePbn', () => {
  prop([bridgePageArb, seatArb])('parsePbn(formatPbn(deal, first)) equals the deal, for every first seat', (page, first) => {
    const deal = dealByNumber(page);
    const back = parsePbn(formatPbn(deal, first));
    expect(back).toBeInstanceOf(Deal);
    expect(back.equals(deal)).toBe(true);
    expect(back.toString()).toBe(deal.toString());
  });

  prop([bridgeDealArb, seatArb])('formatPbn(parsePbn(pbn)) = pbn for a PBN deal from any first seat', (text, first) => {
    const pbn = referencePbn(text, first);
    expect(formatPbn(parsePbn(pbn), first)).toBe(pbn);
    expect(parsePbn(pbn).toString()).toBe(text);
  });

  it('page 1', () => {
    expect(parsePbn(PBN_1).toString()).toBe(PAGE_1);
    expect(parsePbn('W:...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.').toString()).toBe(PAGE_1);
  });

  prop([bridgeDealArb, seatArb, fc.constantFrom('[Deal "%"]', '[deal "%"]', '[Deal  " % " ]', '  %  ', '%\n')])(
    'takes the [Deal "…"] tag, any case of the keyword and surrounding white space',
    (text, first, wrapper) => {
      expect(parsePbn(wrapper.replace('%', referencePbn(text, first))).toString()).toBe(text);
    },
  );

  prop([bridgeDealArb, seatArb])('takes lower case, 10 for T, ranks in any order and extra spaces', (text, first) => {
    const hands = referencePbn(text, first)
      .slice(2)
      .split(' ')
      .map((hand) => hand.split('.').map((suit) => [...suit].reverse().join('')).join('.'));
    const scrambled = `${first.toLowerCase()} : ${hands.join('   ').toLowerCase().replaceAll('t', '10')}`;
    expect(parsePbn(scrambled).toString()).toBe(text);
  });

  prop([bridgeDealArb, seatArb, fc.integer({ min: 0, max: 3 })])(
    'one hand given as - gets the cards the other three do not hold',
    (text, first, unknown) => {
      const hands = referencePbn(text, first).slice(2).split(' ');
      hands[unknown] = '-';
      expect(parsePbn(`${first}:${hands.join(' ')}`).toString()).toBe(text);
    },
  );

  it('takes - or — for a void suit', () => {
    expect(parsePbn('N:AKQJT98765432.-.-.- -.AKQJT98765432.—.- ..AKQJT98765432. ...AKQJT98765432').toString()).toBe(PAGE_1);
  });

  const bad: Array<[string, unknown, typeof RangeError | typeof TypeError, RegExp]> = [
    ['a card twice', 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. A..AKQJT9876543.', RangeError, /^♠A is dealt twice \(N and W\) at W's spades in the PBN deal$/],
    ['a card twice in one hand', 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765433', RangeError, /^♣3 is dealt twice \(W and W\) at W's clubs in the PBN deal$/],
    ['a card missing', 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543', RangeError, /^the PBN deal 'N:.*' is missing ♣2; a deal gives out all 52 cards$/],
    ['a hand too long', 'N:AKQJT98765432..2. .AKQJT98765432.. ..AKQJT9876543. ...AKQJT98765432', RangeError, /^the PBN deal 'N:.*' gives 14 cards to N; expected 13$/],
    ['three hands', 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.', RangeError, /^a PBN deal has four hands separated by spaces; got 3 in 'N:/],
    ['five hands', `${PBN_1} ...`, RangeError, /^a PBN deal has four hands separated by spaces; got 5 in 'N:/],
    ['no hands', 'N:', RangeError, /^a PBN deal has four hands separated by spaces; got 1 in 'N:'$/],
    ['three suits', 'N:AKQJT98765432.. .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', RangeError, /^a PBN hand has four suits separated by dots \(spades\.hearts\.diamonds\.clubs\); got 'AKQJT98765432\.\.' for N$/],
    ['five suits', 'N:AKQJT98765432.... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', RangeError, /^a PBN hand has four suits .*; got 'AKQJT98765432\.\.\.\.' for N$/],
    ['a bad rank', 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJX98765432. ...AKQJT98765432', RangeError, /^S's diamonds in the PBN deal must hold ranks from AKQJT98765432; got 'X' in 'AKQJX98765432'$/],
    ['a 1 that is not 10', 'N:AKQJ198765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', RangeError, /^N's spades in the PBN deal must hold ranks from AKQJT98765432; got '1'/],
    ['two unknown hands', 'N:AKQJT98765432... - - ...AKQJT98765432', RangeError, /^a PBN deal may leave at most one hand unknown \('-'\); got 'N:/],
    ['no first seat', 'AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432', RangeError, /^a PBN deal starts with a seat N, E, S or W and a colon \('N:AKQ\.…'\); got 'AKQ/],
    ['a bad first seat', PBN_1.replace('N:', 'X:'), RangeError, /^a PBN deal starts with a seat N, E, S or W and a colon .*; got 'X:AKQ/],
    ['the empty string', '', RangeError, /^a PBN deal starts with a seat .*; got ''$/],
    ['a 52-character deal string', PAGE_1, RangeError, /^a PBN deal starts with a seat/],
    ['an unclosed tag', `[Deal "${PBN_1}"`, RangeError, /^a PBN deal starts with a seat/],
    ['a number', 7, TypeError, /^a PBN deal must be a string; got 7$/],
    ['null', null, TypeError, /^a PBN deal must be a string; got null$/],
  ];

  it.each(bad)('refuses %s', (_, text, type, message) => {
    expectError(() => parsePbn(text as string), type, message);
  });

  const pbnAlphabet = 'AKQJT98765432akqjt10.- NESWnesw:[]"Deal\nX';

  prop([fc.oneof(fuzzText(pbnAlphabet), mutated(bridgeDealArb.map((d) => referencePbn(d)), 'AKQJT98765432.- NESW10:'))])(
    'on arbitrary text: a deal holding exactly the cards the text gives each seat, or a RangeError/TypeError',
    (text) => {
      const deal = onlyOurErrors(() => parsePbn(text));
      if (deal === undefined) return;
      expect(deal.toString()).toMatch(/^[NESW]{52}$/);
      for (const seat of BRIDGE_PLAYERS) expect(deal.cardsOf(seat)).toHaveLength(13);
      for (const [card, seat] of pbnClaims(text)) expect(deal.holderOf(card)).toBe(seat);
    },
  );

  prop([fc.anything()])('on arbitrary values: only RangeError/TypeError', (value) => {
    const deal = onlyOurErrors(() => parsePbn(value as string));
    if (deal !== undefined) expect(typeof value).toBe('string');
  });

  it('a PBN deal names the same page as its deal string', () => {
    const deal = parsePbn(PBN_1);
    expect(deal.toString()).toBe(PAGE_1);
    expect(parsePbn(formatPbn(dealByNumber(D))).toString()).toBe(PAGE_D);
  });
});

describe('ranksOfMask (the text of one suit of a hand)', () => {
  it('gives every one of the 8,192 rank masks its ranks high to low, ace first', () => {
    for (let mask = 0; mask < 1 << 13; mask++) {
      let plain = '';
      for (let r = 0; r < 13; r++) if (mask & (1 << r)) plain += 'AKQJT98765432'[r];
      expect(ranksOfMask(mask)).toBe(plain);
    }
  });
});
