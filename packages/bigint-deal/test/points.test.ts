import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEALS, countDeals, hcp, matches, sampleDeals, type Constraint } from '../src/index.js';
import { choose, prop } from './reference.js';

// Points alone on two seats are counted by honors per rank; the suit-by-suit DP (tested against every deal of small
// signatures in pair.test.ts) counts the same conditions when a suit range that changes nothing is added.
const RUNS = process.env.CI ? 40 : 10;
const range = fc
  .tuple(fc.integer({ min: 0, max: 37 }), fc.integer({ min: 0, max: 37 }))
  .map(([x, y]) => [Math.min(x, y), Math.max(x, y)] as [number, number]);
const seats = fc.subarray(['north', 'east', 'south', 'west'], { minLength: 2, maxLength: 2 });

describe('points on two seats', () => {
  prop([range, range, seats], { numRuns: RUNS })('count like the suit-by-suit DP', (a, b, [x, y]) => {
    const points = { [x!]: { hcp: a }, [y!]: { hcp: b } } as Constraint;
    const bySuits = { [x!]: { hcp: a, spades: [0, 13] }, [y!]: { hcp: b } } as Constraint;
    expect(countDeals(points)).toBe(countDeals(bySuits));
  });

  it('known figures: no condition is every deal; beside 37 points, the other seats share three jacks', () => {
    expect(countDeals({ north: { hcp: [0, 37] }, south: { hcp: [0, 37] } })).toBe(DEALS);
    // North holds every honor but three jacks (4 ways): South has 0 to 3 points, never 4.
    const north37 = countDeals({ north: { hcp: 37 } });
    expect(countDeals({ north: { hcp: 37 }, south: { hcp: [0, 3] } })).toBe(north37);
    expect(countDeals({ north: { hcp: 37 }, east: { hcp: [4, 37] } })).toBe(0n);
    // East holds the three other jacks: 4 ways for North's jack, East's 10 spots of 36, then South's 13 of 26.
    expect(countDeals({ north: { hcp: 37 }, east: { hcp: 3 } })).toBe(4n * choose(36, 10) * choose(26, 13));
    expect(countDeals({ north: { hcp: [33, 37] }, south: { hcp: [8, 37] } })).toBe(0n); // 41 of the 40 points
  });

  prop([range, range, seats, fc.integer()], { numRuns: RUNS })('draw deals that satisfy them, without rejection, the same for the same seed', (a, b, [x, y], seed) => {
    const constraint = { [x!]: { hcp: a }, [y!]: { hcp: b } } as Constraint;
    if (countDeals(constraint) === 0n) return;
    const first = sampleDeals(constraint, { count: 10, seed });
    expect(first.method).toBe('exact');
    for (const { deal } of first.deals) {
      expect(matches(deal, constraint)).toBe(true);
      expect(hcp(deal, x!)).toBeGreaterThanOrEqual(a[0]);
    }
    const again = sampleDeals(constraint, { count: 10, seed });
    expect(again.deals.map(({ deal }) => deal.toPbn())).toEqual(first.deals.map(({ deal }) => deal.toPbn()));
  });

  it('every card can go anywhere: over many deals each seat holds some card of every rank and suit', () => {
    const { deals } = sampleDeals({ north: { hcp: [10, 14] }, west: { hcp: [0, 37] } }, { count: 400, seed: 11 });
    const seen = new Set<string>();
    for (const { deal } of deals) for (let card = 0; card < 52; card++) seen.add(`${card}${deal.holderOf(card)}`);
    expect(seen.size).toBe(208);
  });
});
