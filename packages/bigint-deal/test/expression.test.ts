import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCondition, countDeals, dealProbability, matches, parseDeal, sampleDeals } from '../src/index.js';
import { bridgeDealArb, expectError, fuzzText, onlyOurErrors, prop } from './reference.js';

const hcpOf = (hand: Record<string, string>): number =>
  Object.values(hand).join('').split('').reduce((t, r) => t + ({ A: 4, K: 3, Q: 2, J: 1 }[r] ?? 0), 0);
const dealArb = bridgeDealArb.map((text) => parseDeal(text));

describe('compileCondition', () => {
  it('a conjunction of simple comparisons becomes constraint data (countable)', () => {
    const { constraint, isData } = compileCondition('hcp(north) >= 15 && hcp(north) <= 17 and 5 <= spades(north)');
    expect(isData).toBe(true);
    expect(constraint).toEqual({ north: { hcp: [15, 17], spades: [5, 13] } });
    expect(countDeals(constraint)).toBe(countDeals({ north: { hcp: [15, 17], spades: [5, 13] } }));
    expect(compileCondition('balanced(south) && shape(north, "any 4333")').constraint).toEqual({ south: { shape: 'balanced' }, north: { shape: 'any 4333' } });
  });

  prop([dealArb])('the predicate and the data agree with plain evaluation', (deal) => {
    const { N, S } = deal.hands;
    const cases: [string, boolean][] = [
      ['hcp(north) >= 10 && hcp(north) <= 14', hcpOf(N) >= 10 && hcpOf(N) <= 14],
      ['hcp(north) + hcp(south) >= 25 || not spades(s) > 3', hcpOf(N) + hcpOf(S) >= 25 || !(S.spades.length > 3)],
      ['!(hearts(n) == 4) and (clubs(south) * 2 - 1 < 7)', N.hearts.length !== 4 && S.clubs.length * 2 - 1 < 7],
      ['hcp(north) > 40', false],
    ];
    for (const [text, expected] of cases) expect(matches(deal, compileCondition(text).constraint), text).toBe(expected);
  });

  it('a parse error names the position and the construct', () => {
    expectError(() => compileCondition('hcp(north) >= '), RangeError, /position 15 \(the condition ends too soon\)/);
    expectError(() => compileCondition('points(north) > 3'), RangeError, /position 1 \(unknown function 'points'/);
    expectError(() => compileCondition('hcp(middle) > 3'), RangeError, /position 5 \(expected a seat/);
    expectError(() => compileCondition('hcp(north) > 3 $'), RangeError, /position 16 \(unexpected character '\$'\)/);
    expectError(() => compileCondition('shape(north, "4442")'), RangeError, /position 14 .*add up to 13/);
    expectError(() => compileCondition('(hcp(north) > 3'), RangeError, /expected '\)'/);
  });

  prop([fuzzText('hcp(north)south spades"any 4333",<>=!&|+-*/ 0123andornot')])('arbitrary strings give only our errors', (text) => {
    const compiled = onlyOurErrors(() => compileCondition(text));
    if (compiled !== undefined) onlyOurErrors(() => matches(parseDeal('N'.repeat(13) + 'E'.repeat(13) + 'S'.repeat(13) + 'W'.repeat(13)), compiled.constraint));
  });

  prop([fc.string()])('arbitrary unicode gives only our errors', (text) => {
    onlyOurErrors(() => compileCondition(text));
  });

  it('contradictory ranges are impossible at once: count 0, and sampling says no deal satisfies them', () => {
    const compiled = compileCondition('hcp(north) > 30 && hcp(north) < 20 && hcp(south) >= 3');
    expect(compiled).toMatchObject({ constraint: { or: [] }, isData: true, impossible: 'north.hcp would have to be from 31 to 19' });
    expect(countDeals(compiled.constraint)).toBe(0n);
    expect(dealProbability(compiled.constraint).value).toBe(0);
    expectError(() => sampleDeals(compiled.constraint, { count: 1, seed: 1 }), RangeError, /no deal satisfies/);
  });
});
