import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEALS, countDeals, createDealNumbering, hcp, sampleDeals, type Constraint } from '../src/index.js';
import { pairCount } from '../src/conditions/pair.js';
import { choose, expectError, onlyOurErrors, prop } from './reference.js';

const REST = choose(26, 13);
const range = (max: number): fc.Arbitrary<[number, number]> =>
  fc.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max })).map(([x, y]) => [Math.min(x, y), Math.max(x, y)]);

/**
 * Every deal of a small signature (four suits of `suitSize` cards, card c = suit `c / suitSize`, rank `c % suitSize`,
 * ace first), hands A and B of `handSize` and the rest as one hand O, listed by the numbering: per deal, the suit
 * lengths and points of A and B and their masks.
 */
function smallDeals(suitSize: number, handSize: number) {
  const cards = 4 * suitSize;
  const numbering = createDealNumbering([handSize, handSize, cards - 2 * handSize], { players: 'ABO', edition: 'pavlicek' });
  const deals = [];
  for (let page = 1n; page <= numbering.count; page++) {
    const deal = numbering.dealByNumber(page);
    const lengths = [[0, 0, 0, 0], [0, 0, 0, 0]];
    const points = [0, 0];
    const masks = [[0, 0, 0, 0], [0, 0, 0, 0]];
    deal.holders.forEach((q, c) => {
      if (q > 1) return;
      const suit = Math.floor(c / suitSize);
      const rank = c % suitSize;
      lengths[q]![suit]!++;
      points[q]! += Math.max(0, 4 - rank);
      masks[q]![suit]! |= 1 << rank;
    });
    deals.push({ lengths, points, masks });
  }
  return deals;
}

const SMALL = [
  { suitSize: 4, handSize: 2, deals: smallDeals(4, 2) },
  { suitSize: 5, handSize: 2, deals: smallDeals(5, 2) },
  { suitSize: 4, handSize: 3, deals: smallDeals(4, 3) },
];

describe('two-seat counts', () => {
  prop([
    fc.constantFrom(0, 1, 2),
    range(16),
    range(16),
    fc.array(range(3), { minLength: 4, maxLength: 4 }),
    fc.array(range(3), { minLength: 4, maxLength: 4 }),
    fc.array(fc.constantFrom(-1, 0, 1, 2), { minLength: 20, maxLength: 20 }),
  ], { numRuns: 60 })('agree with brute force over every deal of small signatures (hcp, suit lengths, fixed cards)', (which, hcpA, hcpB, suitsA, suitsB, owners) => {
    const { suitSize, handSize, deals } = SMALL[which]!;
    // Fix a few cards: owner 0 = A, 1 = B, 2 = O, -1 = free (at most one card of each kind per suit, within hand sizes).
    const fixed = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
    const held = [0, 0, 0];
    owners.slice(0, 4 * suitSize).forEach((q, c) => {
      if (q < 0 || c % 3 !== 0 || held[q]! >= (q === 2 ? 4 * suitSize - 2 * handSize : handSize) - 1) return;
      fixed[q]![Math.floor(c / suitSize)]! |= 1 << c % suitSize;
      held[q]!++;
    });
    const plan = pairCount({
      suitSize,
      handSize,
      fixedA: fixed[0]!,
      fixedB: fixed[1]!,
      taken: [0, 1, 2, 3].map((s) => fixed[0]![s]! | fixed[1]![s]! | fixed[2]![s]!),
      suitsA,
      suitsB,
      hcpA,
      hcpB,
    });
    const within = (x: number, [lo, hi]: [number, number]): boolean => x >= lo && x <= hi;
    let expected = 0n;
    for (const { lengths, points, masks } of deals) {
      if (!within(points[0]!, hcpA) || !within(points[1]!, hcpB)) continue;
      if (!lengths[0]!.every((n, s) => within(n, suitsA[s]!)) || !lengths[1]!.every((n, s) => within(n, suitsB[s]!))) continue;
      if (![0, 1].every((q) => masks[q]!.every((m, s) => (m & fixed[q]![s]!) === fixed[q]![s]))) continue;
      if (![0, 1].every((q) => masks[q]!.every((m, s) => (m & fixed[1 - q]![s]!) === 0 && (m & fixed[2]![s]!) === 0))) continue;
      expected++;
    }
    expect(plan.pairs).toBe(expected);
  });

  it('closed forms: North all spades and South all hearts; North 37 HCP and South or East holding jacks; predeal', () => {
    expect(countDeals({ north: { spades: 13 }, south: { hearts: 13 } })).toBe(REST);
    // North's 37 points are the aces, kings, queens and one jack (4 hands); three jacks are left among 39 cards.
    expect(countDeals({ north: { hcp: 37 }, south: { hcp: [1, 37] } })).toBe(4n * (choose(39, 13) - choose(36, 13)) * REST);
    expect(countDeals({ north: { hcp: 37 }, east: { hcp: 0 } })).toBe(4n * choose(36, 13) * REST);
    expect(countDeals({ predeal: { N: 'AKQJT98765432...', E: '.AKQJT98765432..' } })).toBe(REST);
    expect(countDeals({ predeal: { N: 'A...', S: 'K...' } }) * 204n).toBe(DEALS * 13n); // 1/4 × 13/51
  });

  prop([range(37), range(13), fc.constantFrom('north', 'east', 'south', 'west'), fc.constantFrom('north', 'east', 'south', 'west')], { numRuns: 5 })(
    'a second seat with no condition, or the sum over its points, gives the one-seat count',
    (hcpRange, spades, seat, other) => {
      fc.pre(seat !== other);
      const one = countDeals({ [seat]: { hcp: hcpRange, spades } } as Constraint);
      expect(countDeals({ [seat]: { hcp: hcpRange, spades }, [other]: {} } as Constraint)).toBe(one);
      let sum = 0n;
      for (const points of [[0, 9], [10, 19], [20, 37]]) sum += countDeals({ [seat]: { hcp: hcpRange, spades }, [other]: { hcp: points } } as Constraint);
      expect(sum).toBe(one);
    },
  );

  it('is symmetric in the seats and in the suits', () => {
    const a = countDeals({ north: { hcp: [15, 17], spades: [5, 13] }, east: { hcp: [10, 12], hearts: [0, 2] } });
    expect(countDeals({ south: { hcp: [15, 17], spades: [5, 13] }, west: { hcp: [10, 12], hearts: [0, 2] } })).toBe(a);
    expect(countDeals({ north: { hcp: [15, 17], clubs: [5, 13] }, east: { hcp: [10, 12], diamonds: [0, 2] } })).toBe(a);
  });

  prop([fc.anything(), fc.anything(), fc.constantFrom('north', 'east', 'south', 'west')])('arbitrary second seats and predeals give only our errors', (value, predeal, seat) => {
    onlyOurErrors(() => countDeals({ north: { hcp: [20, 37] }, [seat]: value } as Constraint));
    onlyOurErrors(() => countDeals({ north: { hcp: [20, 37] }, south: { spades: [4, 13] }, predeal } as Constraint));
    onlyOurErrors(() => sampleDeals({ north: { hcp: [20, 37] }, [seat]: value } as Constraint, { count: 1, seed: 1, maxAttempts: 1000 }));
  });

  it('an impossible two-seat condition counts 0 and sampling says no deal satisfies it at once', () => {
    const impossible: Constraint = { north: { hcp: [30, 37] }, south: { hcp: [11, 37] } };
    expect(countDeals(impossible)).toBe(0n);
    expectError(() => sampleDeals(impossible, { count: 5, seed: 1 }), RangeError, /no deal satisfies/);
  });
});

/** Pearson's chi-square of observed counts against expected probabilities. */
function chiSquare(observed: number[], probabilities: number[], n: number): number {
  return observed.reduce((t, o, i) => t + (o - n * probabilities[i]!) ** 2 / (n * probabilities[i]!), 0);
}

describe('two-seat sampling', () => {
  it('exact: every deal satisfies the condition and the points of both seats follow the exact counts (chi-square, fixed seed)', () => {
    const constraint: Constraint = { north: { hcp: [20, 22] }, south: { hcp: [10, 11], hearts: [0, 3] } };
    const n = 3000;
    const { deals, method } = sampleDeals(constraint, { count: n, seed: 7 });
    expect(method).toBe('exact');
    const total = Number(countDeals(constraint));
    const cells: [number, number][] = [];
    for (let a = 20; a <= 22; a++) for (let b = 10; b <= 11; b++) cells.push([a, b]);
    const probabilities = cells.map(([a, b]) => Number(countDeals({ north: { hcp: a }, south: { hcp: b, hearts: [0, 3] } })) / total);
    const observed = cells.map(() => 0);
    let east = 0;
    let others = 0;
    for (const { deal } of deals) {
      expect(deal.hands.S.hearts.length).toBeLessThanOrEqual(3);
      observed[cells.findIndex(([a, b]) => a === hcp(deal, 'N') && b === hcp(deal, 'S'))]!++;
      const holder = deal.holderOf(51);
      if (holder === 'E') east++;
      if (holder === 'E' || holder === 'W') others++;
    }
    // 5 degrees of freedom: 20.5 is the 0.001 critical value; East and West share the cards North and South leave.
    expect(chiSquare(observed, probabilities, n)).toBeLessThan(20.5);
    expect(chiSquare([east, others - east], [0.5, 0.5], others)).toBeLessThan(10.8);
  });

  it('predealt cards stay where they were put, and the same seed gives the same deals', () => {
    const constraint: Constraint = { north: { hcp: [12, 14] }, south: { spades: [4, 13] }, predeal: { E: 'A.K..', W: '..AKQ.' } };
    const a = sampleDeals(constraint, { count: 50, seed: 'p' });
    const b = sampleDeals(constraint, { count: 50, seed: 'p' });
    expect(a.deals.map(({ deal }) => deal.toPbn())).toEqual(b.deals.map(({ deal }) => deal.toPbn()));
    for (const { deal } of a.deals) {
      expect(deal.hands.E.spades).toContain('A');
      expect(deal.hands.E.hearts).toContain('K');
      expect(deal.hands.W.diamonds).toContain('AKQ');
      expect(hcp(deal, 'N')).toBeGreaterThanOrEqual(12);
      expect(deal.hands.S.spades.length).toBeGreaterThanOrEqual(4);
    }
  });
});
