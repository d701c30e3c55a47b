import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  controls,
  createPointCount,
  dealByNumber,
  hasShape,
  hcp,
  losers,
  parseDeal,
  quickTricks,
  shapeOf,
  suitLength,
  suitLengths,
  topHonors,
  type BridgeHand,
} from '../src/index.js';
import { bridgeDealArb, expectError, fuzzText, onlyOurErrors, prop } from './reference.js';

// Plain references over the hand's rank strings (never the library's tables).
const SUIT_NAMES = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
const suitsOf = (hand: BridgeHand): string[] => SUIT_NAMES.map((s) => hand[s]);
const refPoints = (hand: BridgeHand, values: number[]): number =>
  suitsOf(hand).join('').split('').reduce((total, r) => total + (values['AKQJT98765432'.indexOf(r)] ?? 0), 0);
const refLosers = (hand: BridgeHand): number =>
  suitsOf(hand).reduce((total, ranks) => {
    if (ranks.length === 0) return total;
    if (ranks.length === 1) return total + (ranks === 'A' ? 0 : 1);
    if (ranks.length === 2) return total + 2 - (ranks.includes('A') ? 1 : 0) - (ranks.includes('K') ? 1 : 0);
    return total + 3 - ['A', 'K', 'Q'].filter((r) => ranks.includes(r)).length;
  }, 0);
const refControls = (hand: BridgeHand): number => suitsOf(hand).join('').split('').reduce((t, r) => t + (r === 'A' ? 2 : r === 'K' ? 1 : 0), 0);
const refQuick = (hand: BridgeHand): number =>
  suitsOf(hand).reduce((t, ranks) => {
    const has = (r: string): boolean => ranks.includes(r);
    if (has('A') && has('K')) return t + 2;
    if (has('A') && has('Q')) return t + 1.5;
    if (has('A')) return t + 1;
    if (has('K') && has('Q')) return t + 1;
    if (has('K') && ranks.length >= 2) return t + 0.5;
    return t;
  }, 0);

const dealArb = bridgeDealArb.map((text) => parseDeal(text));
const seatArb = fc.constantFrom('N', 'E', 'S', 'W', 'north', 'South') ;
const letter = (seat: string): 'N' | 'E' | 'S' | 'W' => seat[0]!.toUpperCase() as 'N' | 'E' | 'S' | 'W';

describe('hand evaluation agrees with plain references', () => {
  prop([dealArb, seatArb])('hcp, losers, controls, quick tricks, lengths of a deal seat and of its hand', (deal, seat) => {
    const hand = deal.hands[letter(seat)];
    expect(hcp(deal, seat)).toBe(refPoints(hand, [4, 3, 2, 1]));
    expect(hcp(hand)).toBe(refPoints(hand, [4, 3, 2, 1]));
    expect(losers(deal, seat)).toBe(refLosers(hand));
    expect(controls(deal, seat)).toBe(refControls(hand));
    expect(quickTricks(deal, seat)).toBe(refQuick(hand));
    expect(suitLengths(deal, seat)).toEqual(suitsOf(hand).map((r) => r.length));
    expect(suitLength('hearts', deal, seat)).toBe(hand.hearts.length);
    expect(topHonors('spades', 3, deal, seat)).toBe(['A', 'K', 'Q'].filter((r) => hand.spades.includes(r)).length);
    const pbn = suitsOf(hand).join('.');
    expect(hcp(pbn)).toBe(hcp(hand));
  });

  prop([dealArb, fc.array(fc.integer({ min: 0, max: 19 }), { maxLength: 13 })])('a custom point count', (deal, values) => {
    const count = createPointCount(values);
    for (const seat of 'NESW') expect(count(deal, seat)).toBe(refPoints(deal.hands[seat as 'N'], values));
  });

  it('the four hands share the 40 HCP, 12 controls and 52 cards', () => {
    const deal = dealByNumber(12345678901234567890123456789n);
    expect([...'NESW'].reduce((t, s) => t + hcp(deal, s), 0)).toBe(40);
    expect([...'NESW'].reduce((t, s) => t + controls(deal, s), 0)).toBe(12);
    expect(hcp('AKQJ.AKQJ.AKQJ.A')).toBe(34);
    expect(losers('AKQ.AKQ.AKQ.AKQJ')).toBe(0);
    expect(losers('5432.5432.5432.5')).toBe(10);
  });
});

describe('shapes', () => {
  const refShape = (lengths: number[], pattern: string): boolean =>
    pattern.split('+').some((part) => {
      const p = part.trim();
      const sorted = [...lengths].sort((a, b) => b - a).join('');
      if (p === 'balanced') return ['4333', '4432', '5332'].includes(sorted);
      if (p === 'semibalanced') return ['4333', '4432', '5332', '5422', '6322'].includes(sorted);
      if (p.startsWith('any ')) return [...p.slice(4)].sort().reverse().join('') === sorted;
      return [...p].every((ch, i) => ch === 'x' || Number(ch) === lengths[i]);
    });
  prop([dealArb, fc.constantFrom('4333', 'any 4333', 'any 5431 + any 4432', '5xxx', 'x5x4', 'balanced', 'semibalanced', '4432 + 3433')])(
    'hasShape agrees with a plain pattern check',
    (deal, pattern) => {
      const lengths = suitsOf(deal.hands.N).map((r) => r.length);
      expect(hasShape(deal, 'N', pattern)).toBe(refShape(lengths, pattern));
      expect(shapeOf(deal, 'N')).toBe([...lengths].sort((a, b) => b - a).join(''));
    },
  );

  prop([dealArb])("dealer's '-' takes shapes out again and ',' joins like '+'", (deal) => {
    const lengths = suitsOf(deal.hands.N).map((r) => r.length);
    const balancedNoFiveMajor = refShape(lengths, 'balanced') && lengths[0] !== 5 && lengths[1] !== 5;
    expect(hasShape(deal, 'N', 'any 4333 + any 4432 + any 5332 - 5xxx - x5xx')).toBe(balancedNoFiveMajor);
    expect(hasShape(deal, 'N', 'any 4333, any 4432')).toBe(refShape(lengths, 'any 4333 + any 4432'));
    expect(hasShape(deal, 'N', 'xxxx - any 0xxx')).toBe(!lengths.includes(0));
  });

  it('bad shapes, seats and hands are RangeErrors naming the value', () => {
    const deal = dealByNumber(1n);
    expectError(() => hasShape(deal, 'N', '4442'), RangeError, /add up to 13; got '4442'/);
    expectError(() => hasShape(deal, 'N', 'any 43x'), RangeError, /got 'any 43x'/);
    expectError(() => hcp(deal, 'northeast'), RangeError, /seat must be one of .*got 'northeast'/);
    expectError(() => hcp('AKK.2.3.4'), RangeError, /distinct ranks.*'AKK.2.3.4'/);
    expectError(() => hcp('AKQ'), RangeError, /four suits.*'AKQ'/);
    expectError(() => createPointCount([4, 3, -2]), RangeError, /point values/);
    expectError(() => topHonors('spades', 0, deal, 'N'), RangeError, /got 0/);
  });

  prop([fuzzText('AKQJT9x2.+ any43balnced')])('arbitrary shape and hand strings give only our errors', (text) => {
    onlyOurErrors(() => hasShape('AKQJ.AKQ.AKQ.AKQ', undefined, text));
    onlyOurErrors(() => hcp(text));
  });
});
