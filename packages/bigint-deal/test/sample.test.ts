import { describe, expect, it } from 'vitest';
import { countDeals, dealByNumber, matches, sampleDeals, type Constraint } from '../src/index.js';
import { expectError } from './reference.js';

const hcpOf = (hand: Record<string, string>): number =>
  Object.values(hand).join('').split('').reduce((t, r) => t + ({ A: 4, K: 3, Q: 2, J: 1 }[r] ?? 0), 0);

/** Pearson's chi-square of observed counts against expected probabilities. */
function chiSquare(observed: number[], probabilities: number[], n: number): number {
  return observed.reduce((t, o, i) => t + (o - n * probabilities[i]!) ** 2 / (n * probabilities[i]!), 0);
}

describe('sampleDeals', () => {
  it('exact sampling: every deal satisfies the constraint, and frequencies agree with exact counts (chi-square, fixed seed)', () => {
    const constraint: Constraint = { north: { hcp: [15, 17], spades: [0, 4] } };
    const n = 3000;
    const { deals, method, attempts } = sampleDeals(constraint, { count: n, seed: 18 });
    expect(method).toBe('exact');
    expect(attempts).toBe(0);
    expect(deals).toHaveLength(n);
    const total = countDeals(constraint);
    const cells: [number, number][] = [];
    for (let h = 15; h <= 17; h++) for (let s = 0; s <= 4; s++) cells.push([h, s]);
    const probabilities = cells.map(([h, s]) => Number(countDeals({ north: { hcp: h, spades: s } })) / Number(total));
    const observed = cells.map(() => 0);
    for (const { deal } of deals) {
      expect(matches(deal, constraint)).toBe(true);
      const h = hcpOf(deal.hands.N);
      const s = deal.hands.N.spades.length;
      observed[cells.findIndex(([a, b]) => a === h && b === s)]!++;
    }
    // 14 degrees of freedom: 36.1 is the 0.001 critical value.
    expect(chiSquare(observed, probabilities, n)).toBeLessThan(36.1);
  });

  it('exact sampling spreads the other 39 cards uniformly: East holds a given card a third of the time', () => {
    const { deals } = sampleDeals({ north: { hcp: 37 } }, { count: 900, seed: 2 });
    const east = deals.filter(({ deal }) => deal.holderOf(51) === 'E').length;
    expect(chiSquare([east, 900 - east], [1 / 3, 2 / 3], 900)).toBeLessThan(10.8);
    for (const { deal } of deals) expect(hcpOf(deal.hands.N)).toBe(37);
  });

  it('the same seed gives the same deals; pages on request', () => {
    const a = sampleDeals({ south: { hearts: [6, 13] } }, { count: 5, seed: 'x', pages: true });
    const b = sampleDeals({ south: { hearts: [6, 13] } }, { count: 5, seed: 'x', pages: true });
    expect(a.deals.map(({ deal }) => deal.toPbn())).toEqual(b.deals.map(({ deal }) => deal.toPbn()));
    for (const { deal, page, pavlicekPage } of a.deals) {
      expect(dealByNumber(page!).equals(deal)).toBe(true);
      expect(dealByNumber(pavlicekPage!, { edition: 'pavlicek' }).equals(deal)).toBe(true);
    }
  });

  it('rejection sampling for what is not countable: every deal satisfies it, attempts counted, budget reported', () => {
    const constraint: Constraint = { north: { losers: [5, 7], hcp: [15, 17] }, south: { hcp: [8, 37] } };
    const result = sampleDeals(constraint, { count: 20, seed: 1 });
    expect(result.method).toBe('rejection');
    expect(result.attempts).toBeGreaterThanOrEqual(20);
    for (const { deal } of result.deals) expect(matches(deal, constraint)).toBe(true);
    const cut = sampleDeals(constraint, { count: 1000, seed: 1, maxAttempts: 500 });
    expect(cut.stopped).toBe('maxAttempts');
    expect(cut.attempts).toBe(500);
    const aborted = sampleDeals(constraint, { count: 1000, seed: 1, signal: AbortSignal.abort() });
    expect(aborted.stopped).toBe('aborted');
  });

  it('an impossible condition is a clear error, never a hang', () => {
    expectError(() => sampleDeals({ north: { spades: 13, hearts: 1 } }), RangeError, /no deal satisfies/);
    expectError(() => sampleDeals(() => false, { maxAttempts: 1000 }), RangeError, /no deal satisfies .* in 1,000 random deals/);
    expectError(() => sampleDeals({ north: { hcp: 3 } }, { count: -1 }), RangeError, /count .*got -1/);
  });

  it('rejection sampling deals uniformly: where two cards go (16 cells) and a shape-condition frequency agree with exact odds', () => {
    const n = 4000;
    const { deals } = sampleDeals({ or: [{ north: { hcp: [0, 37] } }] }, { count: n, seed: 3 });
    const observed = new Array<number>(16).fill(0);
    for (const { deal } of deals) observed['NESW'.indexOf(deal.holderOf(0)) * 4 + 'NESW'.indexOf(deal.holderOf(51))]!++;
    // Same seat 12/51 of a quarter, each other seat 13/51 of a quarter. 15 degrees of freedom: 37.7 at 0.001.
    const probabilities = observed.map((_, i) => ((i >> 2) === (i & 3) ? 12 : 13) / 51 / 4);
    expect(chiSquare(observed, probabilities, n)).toBeLessThan(37.7);
    // North's spade length, by rejection with a predicate, against the exact one-seat counts.
    const m = 3000;
    const byPredicate = sampleDeals((deal) => deal.hands.N.hearts.length >= 0, { count: m, seed: 4 });
    expect(byPredicate.method).toBe('rejection');
    const lengths = [0, 0, 0, 0, 0, 0, 0];
    for (const { deal } of byPredicate.deals) lengths[Math.min(6, deal.hands.N.spades.length)]!++;
    const exact = [0, 1, 2, 3, 4, 5].map((k) => Number(countDeals({ north: { spades: k } })) / Number(countDeals({})));
    exact.push(1 - exact.reduce((a, b) => a + b, 0));
    // 6 degrees of freedom: 22.5 at 0.001.
    expect(chiSquare(lengths, exact, m)).toBeLessThan(22.5);
  });

  it('rejection sampling deals around predealt cards (never rejecting for them) and checks they fit', () => {
    const hand = 'AKQJT98765432...';
    const noSpades = (deal: import('../src/index.js').Deal): boolean => deal.hands.S.spades.length === 0;
    const result = sampleDeals({ and: [{ predeal: { N: hand, E: '.A..' } }, { west: { hcp: [8, 37] } }, noSpades] }, { count: 20, seed: 5, maxAttempts: 1_000_000 });
    expect(result.method).toBe('rejection');
    for (const { deal } of result.deals) {
      expect(deal.hands.N.spades).toBe('AKQJT98765432');
      expect(deal.hands.E.hearts).toContain('A');
    }
    // Without dealing around them, 13 fixed spades would be found about once in 635 billion deals.
    expect(result.attempts).toBeLessThan(20_000);
    expectError(() => sampleDeals({ and: [{ predeal: { N: 'A...' } }, { predeal: { S: 'A...' } }] }), RangeError, /two seats/);
  });
});

describe('sampleDeals: a search that finds nothing', () => {
  const never: Constraint = (deal) => deal.hands.N.spades.length > 13;

  it('calls onNoMatch once, with the deals tried, when rejection has found nothing for noMatchAfter ms', () => {
    const calls: number[] = [];
    expectError(() => sampleDeals(never, { count: 1, seed: 1, maxAttempts: 3000, noMatchAfter: 0, onNoMatch: (n) => calls.push(n) }), RangeError, /no deal satisfies .* in 3,000 random deals/);
    expect(calls).toEqual([256]);
  });

  it('does not call it before the time is up, nor once a deal was found', () => {
    const calls: number[] = [];
    expectError(() => sampleDeals(never, { count: 1, seed: 1, maxAttempts: 3000, noMatchAfter: 1e9, onNoMatch: (n) => calls.push(n) }), RangeError, /no deal satisfies/);
    const rare: Constraint = (deal) => hcpOf(deal.hands.N) >= 10;
    const { deals } = sampleDeals(rare, { count: 2000, seed: 1, noMatchAfter: 0, onNoMatch: (n) => calls.push(n) });
    expect(deals).toHaveLength(2000);
    expect(calls).toEqual([]);
  });

  it('refuses a bad onNoMatch or noMatchAfter', () => {
    expectError(() => sampleDeals(never, { onNoMatch: 'x' as unknown as () => void }), TypeError, /onNoMatch must be a function; got 'x'/);
    expectError(() => sampleDeals(never, { noMatchAfter: -1 }), RangeError, /noMatchAfter must be a number of milliseconds, 0 or more; got -1/);
  });
});
