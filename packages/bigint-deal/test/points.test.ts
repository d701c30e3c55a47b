import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEALS, countDeals, hcp, matches, sampleDeals, type Constraint } from '../src/index.js';
import { pickSplit, splitTotals } from '../src/conditions/points.js';
import { choose, expectError, prop } from './reference.js';

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

describe('pickSplit (the honors draw in Numbers, no BigInt a deal)', () => {
  /** The plain draw it replaces: the first total above a value below the last one, read as the fewest 32-bit words
   * (high first) that hold its bits, the top word cut to them, drawn again while at or above the last total. */
  function reference(totals: bigint[], words: number[]): { index: number; used: number } {
    const bound = totals.at(-1)!;
    let used = 0;
    let value = 0n;
    if (bound > 1n) {
      const bits = (bound - 1n).toString(2).length;
      for (;;) {
        value = 0n;
        for (let i = 0; i < Math.ceil(bits / 32); i++) value = (value << 32n) | BigInt(words[used++]!);
        value &= (1n << BigInt(bits)) - 1n;
        if (value < bound) break;
      }
    }
    return { index: totals.findIndex((t) => t > value), used };
  }
  const totals = fc
    // Small steps too, so that draws fall on the totals themselves (the edges of the search).
    .array(fc.oneof(fc.bigInt({ min: 0n, max: 3n }), fc.bigInt({ min: 0n, max: (1n << 84n) / 16n })), { minLength: 1, maxLength: 12 })
    .map((steps) => steps.reduce<bigint[]>((run, step) => [...run, (run.at(-1) ?? 0n) + step], []))
    .filter((run) => run.at(-1)! > 0n);
  const word = fc.integer({ min: 0, max: 0xffffffff });
  prop([totals, fc.array(word, { minLength: 600, maxLength: 600 })], { numRuns: RUNS * 10 })('draws the index the plain BigInt draw gives, from the same words', (run, words) => {
    const split = splitTotals(run)!;
    let used = 0;
    const index = pickSplit(split, () => words[used++ % words.length]!);
    const expected = reference(run, [...words, ...words, ...words]);
    expect(index).toBe(expected.index);
    expect(used).toBe(expected.used);
  });

  it('reads totals of every size up to 2^85 and no larger; two hands are far below', () => {
    expect(splitTotals([1n << 84n, (1n << 85n) - 1n])).toBeDefined();
    expect(splitTotals([1n << 85n])).toBeUndefined();
    const split = splitTotals([3n, 1n << 64n, (1n << 72n) + 5n])!;
    expect([split.bits, split.words]).toEqual([73, 3]);
    expect(Array.from(split.high)).toEqual([0, 2 ** 32, 2 ** 40]);
    expect(Array.from(split.low)).toEqual([3, 0, 5]);
    // A single deal: nothing to draw, no word read.
    expect(pickSplit(splitTotals([1n])!, () => expect.unreachable())).toBe(0);
    // A constant source at the top is a broken one: our error, not a hang.
    expectError(() => pickSplit(splitTotals([5n, (1n << 64n) + 1n])!, () => 0xffffffff), RangeError, /1000 draws in a row at or above 18446744073709551617/);
  });
});
