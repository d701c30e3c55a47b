import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCondition, countDeals, matches, sampleDeals, shapeOf, type Constraint } from '../src/index.js';
import { choose, expectError, prop } from './reference.js';

// Plain references for shapes: suit-length patterns enumerated one by one, multinomials by factorials, the honors of
// one seat enumerated as subsets of the 16. Nothing here knows how the library counts.

const SEATS = ['north', 'east', 'south', 'west'] as const;
const RUNS = process.env.CI ? 25 : 8;

/** Every suit-length pattern [♠, ♥, ♦, ♣] of a 13-card hand. */
const PATTERNS: number[][] = [];
for (let s = 0; s <= 13; s++) for (let h = 0; h <= 13 - s; h++) for (let d = 0; d <= 13 - s - h; d++) PATTERNS.push([s, h, d, 13 - s - h - d]);
const sorted = (p: readonly number[]): string => [...p].sort((x, y) => y - x).join('-');

/** The sorted shapes that dealer's shape syntax can name (every length below 10): '4-3-3-3', '5-4-3-1', … */
const SHAPES = [...new Set(PATTERNS.map(sorted))].filter((shape) => shape.split('-').every((n) => Number(n) <= 9));
/** A set of sorted shapes written as a shape pattern: 'any 4333 + any 5431'. */
const written = (shapes: readonly string[]): string => shapes.map((shape) => `any ${shape.replace(/-/g, '')}`).join(' + ');
/** The same set as a test on suit lengths. */
const allows = (shapes: readonly string[]) => (p: readonly number[]): boolean => shapes.includes(sorted(p));

/** For each way of holding honors (how many in each suit, 5^4 codes), the number of honor sets by their points. */
const HONORS: number[][] = (() => {
  const table = Array.from({ length: 625 }, () => new Array<number>(38).fill(0));
  for (let set = 0; set < 1 << 16; set++) {
    const perSuit = [0, 0, 0, 0];
    let points = 0;
    for (let i = 0; i < 16; i++) {
      if (!(set & (1 << i))) continue;
      perSuit[i >> 2]!++;
      points += 4 - (i & 3);
    }
    table[((perSuit[0]! * 5 + perSuit[1]!) * 5 + perSuit[2]!) * 5 + perSuit[3]!]![points]!++;
  }
  return table;
})();

const SMALL_C = Array.from({ length: 14 }, (_, n) => Array.from({ length: 14 }, (_, k) => Number(choose(n, k))));
const C = (n: number, k: number): number => (k < 0 || k > n ? 0 : SMALL_C[n]![k]!);

/**
 * Deals where seat a has a pattern that `shapeA` allows and HCP in `hcpA`, and (when `shapeB` is given) a second seat
 * has a pattern that `shapeB` allows, whatever its points: honors of a by their counts per suit, spots of a per suit,
 * then b's cards per suit from what a leaves, then the other seats.
 */
function referenceCount(shapeA: (p: readonly number[]) => boolean, [lo, hi]: [number, number], shapeB?: (p: readonly number[]) => boolean): bigint {
  const patternsA = PATTERNS.filter(shapeA);
  // For each pattern of a: the ways for b to take its pattern from the cards a leaves in each suit.
  const patternsB = shapeB === undefined ? [] : PATTERNS.filter(shapeB);
  const wayB = patternsA.map((a) =>
    shapeB === undefined ? 1 : patternsB.reduce((total, b) => total + b.reduce((ways, n, s) => ways * C(13 - a[s]!, n), 1), 0),
  );
  let total = 0n;
  for (let code = 0; code < 625; code++) {
    const honors = [Math.floor(code / 125), Math.floor(code / 25) % 5, Math.floor(code / 5) % 5, code % 5];
    let sets = 0;
    for (let p = lo; p <= hi; p++) sets += HONORS[code]![p]!;
    if (sets === 0) continue;
    patternsA.forEach((a, i) => {
      const spots = a.reduce((ways, n, s) => ways * C(9, n - honors[s]!), 1);
      if (spots !== 0) total += BigInt(sets * spots) * BigInt(wayB[i]!);
    });
  }
  return shapeB === undefined ? total * choose(39, 13) * choose(26, 13) : total * choose(26, 13);
}

const hcpRange = fc
  .tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }))
  .map(([x, y]) => [Math.min(x, y), Math.max(x, y)] as [number, number]);
const shapeSet = fc.subarray(SHAPES, { minLength: 1, maxLength: 5 });
const seatPair = fc.subarray([...SEATS], { minLength: 2, maxLength: 2 });

describe('counting shapes', () => {
  it('balanced and semi-balanced hands of one seat, with points, agree with the plain count; 15–17 balanced is a known figure', () => {
    const balanced = allows(['4-3-3-3', '4-4-3-2', '5-3-3-2']);
    expect(countDeals({ north: { shape: 'balanced', hcp: [15, 17] } })).toBe(referenceCount(balanced, [15, 17]));
    const semi = allows(['4-3-3-3', '4-4-3-2', '5-3-3-2', '5-4-2-2', '6-3-2-2']);
    expect(countDeals({ west: { shape: 'semibalanced', hcp: [0, 37] } })).toBe(referenceCount(semi, [0, 37]));
    // 47.6% of hands are balanced (4333 10.5%, 4432 21.6%, 5332 15.5%).
    const share = Number(countDeals({ south: { shape: 'balanced' } }) * 10000n / countDeals({})) / 10000;
    expect(share).toBeCloseTo(0.4761, 3);
  });

  prop([shapeSet, hcpRange, fc.constantFrom(...SEATS)], { numRuns: RUNS })('one seat: shapes and points agree with enumerating patterns and honors', (shapes, hcp, seat) => {
    expect(countDeals({ [seat]: { shape: written(shapes), hcp } } as Constraint)).toBe(referenceCount(allows(shapes), hcp));
  });

  prop([shapeSet, shapeSet, hcpRange, seatPair], { numRuns: RUNS })('two seats: shapes on both and points on one agree with enumerating patterns', (shapesA, shapesB, hcp, [a, b]) => {
    const constraint = { [a!]: { shape: written(shapesA), hcp }, [b!]: { shape: written(shapesB) } } as Constraint;
    expect(countDeals(constraint)).toBe(referenceCount(allows(shapesA), hcp, allows(shapesB)));
  });

  prop([shapeSet, hcpRange, hcpRange, fc.boolean(), seatPair], { numRuns: RUNS })(
    'a shape and its complement add up to the count without shape (points on both seats, counted by the range DP)',
    (shapes, hcpA, hcpB, onB, [a, b]) => {
      const shape = written(shapes);
      const complement = `xxxx - ${shape.replace(/\+/g, '-')}`;
      const other = onB ? { hcp: hcpB, shape: 'semibalanced' } : { hcp: hcpB };
      const withShape = (s: string): Constraint => ({ [a!]: { hcp: hcpA, shape: s }, [b!]: other }) as Constraint;
      const whole = onB ? countDeals(withShape('xxxx')) : countDeals({ [a!]: { hcp: hcpA }, [b!]: other } as Constraint);
      expect(countDeals(withShape(shape)) + countDeals(withShape(complement))).toBe(whole);
    },
  );

  it('a union of disjoint shapes counts as the sum of its parts; suit lengths narrow a shape', () => {
    const north = (shape: string, extra: object = {}): bigint => countDeals({ north: { shape, hcp: [12, 14], ...extra }, south: { hcp: [6, 9] } });
    expect(north('balanced')).toBe(north('any 4333') + north('any 4432') + north('any 5332'));
    expect(north('any 5431', { spades: 5 })).toBe(north('5431 + 5413 + 5341 + 5314 + 5143 + 5134'));
    expect(north('balanced', { hearts: [0, 2] })).toBe(north('any 4432 - x4xx - x3xx + any 5332 - x5xx - x3xx'));
  });

  it('with cards predealt: to a seat with a shape, and to a seat without a condition', () => {
    const both = { north: { shape: 'balanced', hcp: [15, 17] }, south: { shape: 'any 5xxx' } } as const;
    const withFive = SHAPES.filter((shape) => shape.split('-').includes('5'));
    for (const predeal of [{ west: 'AK.Q..' }, { north: 'A..K.', east: '..A.' }]) {
      const whole = countDeals({ ...both, predeal });
      expect(whole).toBeGreaterThan(0n);
      expect(whole).toBe(withFive.reduce((t, shape) => t + countDeals({ ...both, south: { shape: written([shape]) }, predeal }), 0n));
    }
    // North holds ♠AKQJ ♥AKQJ (20 points): a 4333 is impossible, a 20-point 4432 has only spots in the minors.
    const honors = { north: 'AKQJ.AKQJ..' };
    expect(countDeals({ north: { shape: 'any 4333', hcp: 20 }, predeal: honors })).toBe(0n);
    expect(countDeals({ north: { shape: 'any 4432', hcp: 20 }, predeal: honors })).toBe(2n * choose(9, 3) * choose(9, 2) * choose(39, 13) * choose(26, 13));
  });

  it('a condition written as text counts like its constraint; what no deal satisfies counts 0', () => {
    const text = compileCondition('hcp(north) == 15 && balanced(north)');
    expect(text.isData).toBe(true);
    expect(countDeals(text.constraint)).toBe(countDeals({ north: { hcp: 15, shape: 'balanced' } }));
    const two = compileCondition('hcp(north) >= 15 and hcp(north) <= 17 and balanced(north) and semibalanced(south) and hcp(south) >= 8');
    expect(countDeals(two.constraint)).toBe(countDeals({ north: { hcp: [15, 17], shape: 'balanced' }, south: { hcp: [8, 37], shape: 'semibalanced' } }));
    expect(countDeals({ north: { shape: '7xxx', spades: [0, 6] } })).toBe(0n);
    // 37 points are 13 honors, four in one suit and three in each other: 4333 only.
    expect(countDeals({ north: { shape: 'any 4432', hcp: 37 } })).toBe(0n);
    expect(countDeals({ north: { shape: 'balanced', hcp: 37 } })).toBe(countDeals({ north: { hcp: 37 } }));
  });

  it('a bad shape is a RangeError naming it; three seats are still not countable', () => {
    expectError(() => countDeals({ north: { shape: '4442' } }), RangeError, /'4442'/);
    expectError(() => countDeals({ north: { shape: 7 as unknown as string } }), TypeError, /shape must be a string/);
    expectError(() => countDeals({ north: { shape: 'balanced' }, south: { hcp: 3 }, east: { hcp: 4 } }), TypeError, /more than two seats/);
  });
});

describe('sampling shapes without rejection', () => {
  prop([shapeSet, hcpRange, fc.option(shapeSet, { nil: undefined }), hcpRange, seatPair, fc.integer()], { numRuns: RUNS })(
    'every deal drawn satisfies the condition, and the same seed draws the same deals',
    (shapesA, hcpA, shapesB, hcpB, [a, b], seed) => {
      const constraint = {
        [a!]: { shape: written(shapesA), hcp: hcpA },
        [b!]: shapesB === undefined ? { hcp: hcpB } : { shape: written(shapesB), hcp: hcpB },
      } as Constraint;
      if (countDeals(constraint) === 0n) {
        expectError(() => sampleDeals(constraint), RangeError, /no deal satisfies/);
        return;
      }
      const first = sampleDeals(constraint, { count: 8, seed });
      expect(first.method).toBe('exact');
      expect(first.attempts).toBe(0);
      for (const { deal } of first.deals) {
        expect(matches(deal, constraint)).toBe(true);
        expect(shapesA).toContain(shapeOf(deal, a!.toUpperCase()[0] as 'N').split('').join('-'));
      }
      const again = sampleDeals(constraint, { count: 8, seed });
      expect(again.deals.map(({ deal }) => deal.toPbn())).toEqual(first.deals.map(({ deal }) => deal.toPbn()));
    },
  );

  it('one seat with a shape, predealt cards kept where they were put, and the other seats dealt the rest', () => {
    const constraint: Constraint = { south: { shape: '4333', hcp: [10, 12] }, predeal: { south: 'A...', west: '..KQ.' } };
    const { deals, method } = sampleDeals(constraint, { count: 40, seed: 7 });
    expect(method).toBe('exact');
    for (const { deal } of deals) {
      expect(matches(deal, constraint)).toBe(true);
      expect(deal.hands.S.spades).toMatch(/^A/);
      expect(deal.hands.W.diamonds).toMatch(/KQ/);
      expect([deal.hands.N, deal.hands.E, deal.hands.S, deal.hands.W].map((h) => Object.values(h).join('').length)).toEqual([13, 13, 13, 13]);
    }
  });
});
