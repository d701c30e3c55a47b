import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEALS, countDeals, dealProbability, whyNotCountable, type Constraint } from '../src/index.js';
import { expectError, onlyOurErrors, prop } from './reference.js';

// Plain references: binomials by Pascal's rule, hands of one seat enumerated by their honor subsets.
const C = (() => {
  const rows: bigint[][] = [];
  for (let n = 0; n <= 52; n++) {
    rows.push([]);
    for (let k = 0; k <= n; k++) rows[n]![k] = k === 0 || k === n ? 1n : rows[n - 1]![k - 1]! + rows[n - 1]![k]!;
  }
  return (n: number, k: number): bigint => (k < 0 || k > n ? 0n : rows[n]![k]!);
})();
const REST = C(39, 13) * C(26, 13);

/** Hands with HCP in [lo, hi] and spade length in [slo, shi]: every subset of the 16 honors, then spots. */
function refHands([lo, hi]: [number, number], [slo, shi]: [number, number]): bigint {
  let total = 0n;
  for (let set = 0; set < 1 << 16; set++) {
    let points = 0;
    let size = 0;
    let spadeHonors = 0;
    for (let i = 0; i < 16; i++) {
      if (!(set & (1 << i))) continue;
      points += 4 - (i % 4);
      size++;
      if (i < 4) spadeHonors++;
    }
    if (size > 13 || points < lo || points > hi) continue;
    for (let k = 0; k <= 9 && size + k <= 13; k++) {
      const spades = spadeHonors + k;
      if (spades < slo || spades > shi) continue;
      total += C(9, k) * C(27, 13 - size - k);
    }
  }
  return total;
}

describe('countDeals', () => {
  it('closed forms: North holds all 13 spades; North holds 37 HCP; a given 13-card hand; no condition', () => {
    expect(countDeals({ north: { spades: 13 } })).toBe(REST);
    expect(countDeals({ north: { hcp: 37 } })).toBe(4n * REST); // all honors but three jacks: 4 hands
    expect(countDeals({ predeal: { north: 'AKQJT98765432...' } })).toBe(REST);
    expect(countDeals({ south: { hcp: [0, 37] } })).toBe(DEALS);
    expect(countDeals({})).toBe(DEALS);
  });

  it('an impossible condition counts 0', () => {
    expect(countDeals({ north: { spades: 13, hearts: 1 } })).toBe(0n);
    expect(countDeals({ north: { hcp: 36, spades: 0, hearts: 0 } })).toBe(0n);
    expect(dealProbability({ north: { spades: 13, hearts: 1 } })).toEqual({ numerator: 0n, denominator: 1n, value: 0 });
  });

  prop([
    fc.tuple(fc.integer({ min: 0, max: 37 }), fc.integer({ min: 0, max: 37 })).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number]),
    fc.tuple(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 13 })).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number]),
    fc.constantFrom('north', 'east', 'south', 'west'),
  ], { numRuns: 15 })('HCP and spade-length ranges of one seat agree with enumerating its hands', (hcp, spades, seat) => {
    expect(countDeals({ [seat]: { hcp, spades } } as Constraint)).toBe(refHands(hcp, spades) * REST);
  });

  it('predealt cards: North holding the spade ace has a quarter of the deals; a probability in lowest terms', () => {
    expect(countDeals({ predeal: { N: 'A...' } }) * 4n).toBe(DEALS);
    expect(dealProbability({ predeal: { N: 'A...' } })).toEqual({ numerator: 1n, denominator: 4n, value: 0.25 });
    expect(countDeals({ north: { hcp: [4, 4] }, predeal: { N: 'A...' } })).toBe(C(36, 12) * REST);
  });

  it('what it cannot count yet is a TypeError naming it, never a wrong count', () => {
    expectError(() => countDeals((d) => d !== undefined), TypeError, /cannot count a predicate/);
    expectError(() => countDeals({ north: { hcp: 10 }, south: { hcp: 10 }, east: { hcp: 10 } }), TypeError, /more than two seats \(north, east, south\)/);
    expectError(() => countDeals({ north: { controls: [3, 5] } }), TypeError, /north\.controls/);
    expectError(() => countDeals({ or: [{ north: { hcp: 3 } }] }), TypeError, /and\/or\/not/);
    expect(countDeals({ or: [] })).toBe(0n); // an empty or: no deal satisfies it
    expectError(() => countDeals({ north: { hcp: [3, 40] } }), RangeError, /\[3, 40\]/);
    expect(whyNotCountable({ north: { losers: 7 } })).toBe('north.losers');
    expect(whyNotCountable({ west: { hcp: 7, clubs: [5, 13] } })).toBeUndefined();
  });

  prop([fc.anything()])('arbitrary values give only our errors', (value) => {
    onlyOurErrors(() => countDeals(value as Constraint));
    onlyOurErrors(() => countDeals({ north: value } as Constraint));
  });
});
