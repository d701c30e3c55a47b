import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMatcher, dealByNumber, matches, parseDeal, sampleDeals, type BridgeHand, type Constraint } from '../src/index.js';
import { bridgeDealArb, expectError, onlyOurErrors, prop } from './reference.js';

// Plain references over rank strings, never the library's evaluation.
const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
const refHcp = (hand: BridgeHand): number =>
  SUITS.map((s) => hand[s]).join('').split('').reduce((t, r) => t + ({ A: 4, K: 3, Q: 2, J: 1 }[r] ?? 0), 0);
const inRange = (n: number, [lo, hi]: [number, number]): boolean => n >= lo && n <= hi;

const dealArb = bridgeDealArb.map((text) => parseDeal(text));
const rangeArb = (max: number) =>
  fc.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max })).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number]);

describe('matches', () => {
  prop([dealArb, rangeArb(37), rangeArb(13), rangeArb(13)])('seat ranges of hcp and suit lengths, and/or/not', (deal, h, sp, he) => {
    const { N, S } = deal.hands;
    const north = inRange(refHcp(N), h);
    const south = inRange(S.spades.length, sp) && inRange(S.hearts.length, he);
    expect(matches(deal, { north: { hcp: h } })).toBe(north);
    expect(matches(deal, { north: { hcp: h }, south: { spades: sp, hearts: he } })).toBe(north && south);
    expect(matches(deal, { or: [{ north: { hcp: h } }, { south: { spades: sp, hearts: he } }] })).toBe(north || south);
    expect(matches(deal, { not: { north: { hcp: h } } })).toBe(!north);
    expect(matches(deal, { and: [{ north: { hcp: h } }, (d) => d.hands.W.clubs.length > 3] })).toBe(north && deal.hands.W.clubs.length > 3);
  });

  prop([dealArb])('shape and predeal', (deal) => {
    const { N } = deal.hands;
    const sorted = SUITS.map((s) => N[s].length).sort((a, b) => b - a).join('');
    expect(matches(deal, { north: { shape: 'balanced' } })).toBe(['4333', '4432', '5332'].includes(sorted));
    const pbn = SUITS.map((s) => N[s]).join('.');
    expect(matches(deal, { predeal: { north: pbn } })).toBe(true);
    expect(matches(deal, { predeal: { south: pbn } })).toBe(false);
    const firstSpade = N.spades.slice(0, 1);
    expect(matches(deal, { predeal: { N: `${firstSpade}...` } })).toBe(true);
  });

  it('one exact value counts as a range, and a matcher compiles once', () => {
    const deal = dealByNumber(1n); // North holds every spade
    expect(matches(deal, { north: { spades: 13, hcp: 10 } })).toBe(true);
    const is = createMatcher({ north: { hcp: [10, 10] } });
    expect(is(deal)).toBe(true);
    expect(is(dealByNumber(12345678901234567890123456789n))).toBe(false); // North has 6 HCP
  });

  it('bad constraints are RangeErrors or TypeErrors naming the value', () => {
    const deal = dealByNumber(1n);
    expectError(() => matches(deal, { north: { hcp: [17, 15] } }), RangeError, /constraint\.north\.hcp .*got \[17, 15\]/);
    expectError(() => matches(deal, { north: { hcp: [0, 38] } }), RangeError, /from 0 to 37.*got \[0, 38\]/);
    expectError(() => matches(deal, { northeast: {} } as unknown as Constraint), RangeError, /got 'northeast'/);
    expectError(() => matches(deal, { north: { points: 3 } } as unknown as Constraint), RangeError, /got 'points'/);
    expectError(() => matches(deal, { north: { shape: '4442' } }), RangeError, /'4442'/);
    expectError(() => matches(deal, { predeal: { N: 'A...', S: 'A...' } }), RangeError, /two seats/);
    expectError(() => matches(deal, { predeal: { N: 'AKQJT98765432.A..' } }), RangeError, /more than 13/);
    expectError(() => matches(deal, { and: 3 } as unknown as Constraint), TypeError, /got 3/);
  });

  prop([fc.anything()])('arbitrary values as constraints give only our errors', (value) => {
    onlyOurErrors(() => matches(dealByNumber(5n), value as Constraint));
    onlyOurErrors(() => matches(dealByNumber(5n), { north: value } as Constraint));
  });
});

describe('constraints nested too deeply', () => {
  it('a constraint nested past 1,000 levels, or one that contains itself, is a RangeError, never an engine message', () => {
    const deal = dealByNumber(1n);
    let deep: Constraint = { north: { hcp: [0, 37] } };
    for (let k = 0; k < 20_000; k++) deep = k % 2 === 0 ? { not: deep } : { and: [deep] };
    expectError(() => matches(deal, deep), RangeError, /a constraint may nest and\/or\/not at most 1,000 levels deep \(does it contain itself\?\); got more at constraint\.(not|and\[0\])/);
    expectError(() => sampleDeals(deep, { count: 1, seed: 1 }), RangeError, /at most 1,000 levels deep/);
    const cyclic: { or: Constraint[] } = { or: [] };
    cyclic.or.push(cyclic);
    expectError(() => matches(deal, cyclic), RangeError, /at most 1,000 levels deep/);
    let fine: Constraint = { north: { hcp: [0, 37] } };
    for (let k = 0; k < 500; k++) fine = { not: { not: fine } };
    expect(matches(deal, fine)).toBe(true);
  });
});
