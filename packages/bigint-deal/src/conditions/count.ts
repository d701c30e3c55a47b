// Exact counts of the deals that satisfy a constraint, by dynamic programming over the suits. Counts constraints on
// one or two seats (HCP ranges, suit-length ranges, shapes) with cards predealt to any seats: one seat by a DP over
// its hand (here), two seats by the two-seat DP of pair.ts, shapes (unions of suit-length patterns) on one or two seats
// by the DP of shape-count.ts; the other seats are dealt the remaining cards freely. Anything else is reported as not
// countable rather than counted wrongly.
import { binomial } from '../numbering/binomial.js';
import { rangeOf, predealMasks, type Constraint } from './constraint.js';
import { describeValue } from '../errors.js';
import { suitTables } from './evaluate.js';
import { pairCount, type PairPlan } from './pair.js';
import { pointsCount, type PointsPlan } from './points.js';
import { shapeCount, type ShapePlan } from './shape-count.js';
import { shapeCodes } from './shape.js';

/** An exact probability: `numerator / denominator` in lowest terms, and its value as a float. */
export interface Probability {
  /** The numerator, in lowest terms. */
  numerator: bigint;
  /** The denominator, in lowest terms. */
  denominator: bigint;
  /** The probability as a float. */
  value: number;
}

const DEAL_COUNT = 53644737765488792839237440000n;
const SEAT_KEYS = ['north', 'east', 'south', 'west'];
const SUIT_KEYS = ['spades', 'hearts', 'diamonds', 'clubs'];

/** Whether a constraint is the empty disjunction `{ or: [] }`, which no deal satisfies. @internal */
export function isNothing(constraint: Constraint): boolean {
  return typeof constraint === 'object' && constraint !== null && 'or' in constraint && Array.isArray(constraint.or) && constraint.or.length === 0;
}

/** Why a constraint is not countable, or undefined when `countDeals` can count it. */
export function whyNotCountable(constraint: Constraint): string | undefined {
  if (typeof constraint === 'function') return 'a predicate';
  if (typeof constraint !== 'object' || constraint === null) return undefined; // compileConstraint names it
  if (isNothing(constraint)) return undefined;
  if ('and' in constraint || 'or' in constraint || 'not' in constraint) return 'and/or/not';
  const seats = SEAT_KEYS.filter((key) => (constraint as Record<string, unknown>)[key] !== undefined);
  if (seats.length > 2) return `conditions on more than two seats (${seats.join(', ')})`;
  for (const seat of seats) {
    const fields = (constraint as Record<string, Record<string, unknown>>)[seat]!;
    for (const [key, value] of Object.entries(fields ?? {})) {
      if (value !== undefined && key !== 'hcp' && key !== 'shape' && !SUIT_KEYS.includes(key)) return `${seat}.${key}`;
    }
  }
  return undefined;
}

/** The one-seat DP: the seat, its fixed cards, ranges, and `stages[s][len * 38 + points]` after s suits. @internal */
export interface OneSeatCount {
  seat: number;
  fixed: Uint16Array;
  suitRanges: [number, number][];
  hcp: [number, number];
  stages: bigint[][];
  hands: bigint;
  /** Each suit's choices, made once on the first sample. */
  choices?: ReturnType<typeof suitChoices>[];
}

/** The two-seat DP for seats a and b, the other two seats and the number of ways to deal them the rest. @internal */
export interface TwoSeatCount {
  seats: [number, number];
  others: [number, number];
  /** The 16 fixed-card masks, seat-major. */
  fixed: Uint16Array;
  plan: PairPlan;
  /** Ways to deal the cards a and b do not hold to the other two seats. */
  rest: bigint;
}

/** The shape DP for one or two seats (`seats`), and the number of ways to deal the other seats the rest. @internal */
export interface ShapeSeatsCount {
  /** The seat a, and b when two seats have conditions. */
  seats: number[];
  /** The 16 fixed-card masks, seat-major. */
  fixed: Uint16Array;
  plan: ShapePlan;
  /** Ways to deal the cards a (and b) do not hold to the other seats. */
  rest: bigint;
}

/**
 * The DP for a countable constraint: shapes on one or two seats; else one seat when only one seat is named (in
 * conditions or predeal), else two. @internal
 */
export function countPlan(constraint: Constraint): { one: OneSeatCount } | { two: TwoSeatCount } | { shape: ShapeSeatsCount } | { points: PointsPlan } {
  const why = whyNotCountable(constraint);
  if (why !== undefined) throw new TypeError(`countDeals cannot count ${why} yet; got ${describeValue(constraint)}`);
  if (typeof constraint !== 'object' || constraint === null || typeof constraint === 'function') {
    throw new TypeError(`a constraint must be an object or a function; got ${describeValue(constraint)}`);
  }
  const plain = constraint as Record<string, unknown>;
  checkKeys(plain);
  const fixed = predealMasks((plain.predeal ?? {}) as Record<string, string>);
  const named = [0, 1, 2, 3].filter((q) => plain[SEAT_KEYS[q]!] !== undefined || fixed.subarray(q * 4, q * 4 + 4).some((m) => m !== 0));
  const conditioned = [0, 1, 2, 3].filter((q) => plain[SEAT_KEYS[q]!] !== undefined);
  const shaped = conditioned.some((q) => {
    const fields = plain[SEAT_KEYS[q]!];
    return typeof fields === 'object' && fields !== null && (fields as Record<string, unknown>).shape !== undefined;
  });
  if (!shaped && named.length <= 1) return { one: oneSeatCount(constraint) };
  // Points alone on two seats, nothing predealt: counted by honors per rank (points.ts), much faster than by suits.
  const pointsOnly = conditioned.every((q) => {
    const fields = plain[SEAT_KEYS[q]!];
    return typeof fields === 'object' && fields !== null && Object.entries(fields).every(([key, value]) => key === 'hcp' || value === undefined);
  });
  if (pointsOnly && conditioned.length === 2 && fixed.every((m) => m === 0)) {
    const hcpOf = (q: number): [number, number] => {
      const value = (plain[SEAT_KEYS[q]!] as Record<string, unknown>).hcp;
      return value === undefined ? [0, 37] : rangeOf(value, `constraint.${SEAT_KEYS[q]}.hcp`, 37);
    };
    return { points: pointsCount([conditioned[0]!, conditioned[1]!], hcpOf(conditioned[0]!), hcpOf(conditioned[1]!)) };
  }
  let seats = conditioned;
  if (seats.length < 2 && !shaped) seats = [...seats, ...[0, 1, 2, 3].filter((q) => !seats.includes(q))].slice(0, 2);
  const [a, b] = seats as [number, number];
  const ranges = (q: number): { suits: [number, number][]; hcp: [number, number]; shape?: Set<number> } => {
    const fields = (plain[SEAT_KEYS[q]!] ?? {}) as Record<string, unknown>;
    if (typeof fields !== 'object' || fields === null) {
      throw new TypeError(`constraint.${SEAT_KEYS[q]} must be an object such as { hcp: [15, 17] }; got ${describeValue(fields)}`);
    }
    return {
      hcp: fields.hcp === undefined ? [0, 37] : rangeOf(fields.hcp, `constraint.${SEAT_KEYS[q]}.hcp`, 37),
      suits: SUIT_KEYS.map((suit) => (fields[suit] === undefined ? [0, 13] : rangeOf(fields[suit], `constraint.${SEAT_KEYS[q]}.${suit}`, 13))),
      ...(fields.shape === undefined ? {} : { shape: shapeCodes(fields.shape as string) }),
    };
  };
  const taken = [0, 1, 2, 3].map((s) => fixed[s]! | fixed[4 + s]! | fixed[8 + s]! | fixed[12 + s]!);
  const { length } = suitTables();
  const held = (q: number): number => [0, 1, 2, 3].reduce((n, s) => n + length[fixed[q * 4 + s]!]!, 0);
  if (shaped) {
    const ra = ranges(a);
    const withB = seats.length === 2;
    const rb = withB ? ranges(b) : { suits: SUIT_KEYS.map((): [number, number] => [0, 13]), hcp: [0, 37] as [number, number] };
    const plan = shapeCount({
      fixedA: [...fixed.subarray(a * 4, a * 4 + 4)],
      fixedB: withB ? [...fixed.subarray(b * 4, b * 4 + 4)] : [0, 0, 0, 0],
      taken,
      suitsA: ra.suits,
      suitsB: rb.suits,
      hcpA: ra.hcp,
      hcpB: rb.hcp,
      ...(ra.shape === undefined ? {} : { shapeA: ra.shape }),
      ...(rb.shape === undefined ? {} : { shapeB: rb.shape }),
      withB,
    });
    // The other seats share what a (and b) and the predeal leave: each takes its missing cards in turn.
    let left = 52 - 13 * seats.length;
    let rest = 1n;
    for (const q of [0, 1, 2, 3].filter((q) => !seats.includes(q))) left -= held(q);
    for (const q of [0, 1, 2, 3].filter((q) => !seats.includes(q))) {
      rest *= binomial(left, 13 - held(q));
      left -= 13 - held(q);
    }
    return { shape: { seats, fixed, plan, rest } };
  }
  const others = [0, 1, 2, 3].filter((q) => q !== a && q !== b) as [number, number];
  const ra = ranges(a);
  const rb = ranges(b);
  const plan = pairCount({
    suitSize: 13,
    handSize: 13,
    fixedA: [...fixed.subarray(a * 4, a * 4 + 4)],
    fixedB: [...fixed.subarray(b * 4, b * 4 + 4)],
    taken,
    suitsA: ra.suits,
    suitsB: rb.suits,
    hcpA: ra.hcp,
    hcpB: rb.hcp,
  });
  const [f1, f2] = [held(others[0]), held(others[1])];
  const rest = binomial(26 - f1 - f2, 13 - f1);
  return { two: { seats: [a, b], others, fixed, plan, rest } };
}

function checkKeys(plain: Record<string, unknown>): void {
  for (const key of Object.keys(plain)) {
    if (!SEAT_KEYS.includes(key) && key !== 'predeal') {
      throw new RangeError(`constraint may have north, east, south, west, predeal, and, or, not; got ${describeValue(key)}`);
    }
  }
}

/** Runs the one-seat DP over suits (throws a TypeError naming what is not countable). @internal */
export function oneSeatCount(constraint: Constraint): OneSeatCount {
  const why = whyNotCountable(constraint);
  if (why !== undefined) throw new TypeError(`countDeals cannot count ${why} yet; got ${describeValue(constraint)}`);
  if (typeof constraint !== 'object' || constraint === null || typeof constraint === 'function') {
    throw new TypeError(`a constraint must be an object or a function; got ${describeValue(constraint)}`);
  }
  const plain = constraint as Record<string, unknown>;
  checkKeys(plain);
  const fixedAll = predealMasks((plain.predeal ?? {}) as Record<string, string>);
  let q = SEAT_KEYS.findIndex((key) => plain[key] !== undefined);
  if (q < 0) q = [0, 1, 2, 3].find((seat) => fixedAll.subarray(seat * 4, seat * 4 + 4).some((m) => m !== 0)) ?? 0;
  const fields = (plain[SEAT_KEYS[q]!] ?? {}) as Record<string, unknown>;
  if (typeof fields !== 'object' || fields === null) {
    throw new TypeError(`constraint.${SEAT_KEYS[q]} must be an object such as { hcp: [15, 17] }; got ${describeValue(fields)}`);
  }
  const hcpRange = fields.hcp === undefined ? ([0, 37] as [number, number]) : rangeOf(fields.hcp, `constraint.${SEAT_KEYS[q]}.hcp`, 37);
  const suitRanges = SUIT_KEYS.map((suit) =>
    fields[suit] === undefined ? ([0, 13] as [number, number]) : rangeOf(fields[suit], `constraint.${SEAT_KEYS[q]}.${suit}`, 13),
  );
  const fixed = fixedAll.slice(q * 4, q * 4 + 4);
  const stages: bigint[][] = [];
  // ways[len * 38 + points]: ways for the seat to hold `len` cards worth `points` from the suits so far.
  let ways: bigint[] = new Array<bigint>(14 * 38).fill(0n);
  ways[0] = 1n;
  stages.push(ways);
  for (let s = 0; s < 4; s++) {
    const next: bigint[] = new Array<bigint>(14 * 38).fill(0n);
    for (const { len, points, weight } of suitChoices(fixed[s]!, suitRanges[s]!)) {
      for (let l = 0; l + len <= 13; l++) {
        for (let p = 0; p + points <= 37; p++) {
          const w = ways[l * 38 + p]!;
          if (w !== 0n) next[(l + len) * 38 + p + points]! += w * weight;
        }
      }
    }
    ways = next;
    stages.push(ways);
  }
  let hands = 0n;
  for (let p = hcpRange[0]; p <= hcpRange[1]; p++) hands += ways[13 * 38 + p]!;
  return { seat: q, fixed, suitRanges, hcp: hcpRange, stages, hands };
}

/** The seat's choices in one suit: which free honors (`mask`), how many free spots (`spots`), and their weight. @internal */
export function suitChoices(fixed: number, [lo, hi]: [number, number]): { mask: number; spots: number; len: number; points: number; weight: bigint }[] {
  const { length, hcp } = suitTables();
  const freeHonors = [0, 1, 2, 3].filter((r) => !(fixed & (1 << r)));
  const freeSpots = 9 - length[fixed & ~15 & 0x1fff]!;
  const choices = [];
  for (let subset = 0; subset < 1 << freeHonors.length; subset++) {
    let mask = fixed;
    freeHonors.forEach((r, i) => {
      if (subset & (1 << i)) mask |= 1 << r;
    });
    for (let k = 0; k <= freeSpots; k++) {
      const len = length[mask]! + k;
      if (len < lo || len > hi) continue;
      choices.push({ mask, spots: k, len, points: hcp[mask]!, weight: binomial(freeSpots, k) });
    }
  }
  return choices;
}

/**
 * The exact number of bridge deals that satisfy a constraint. Counts conditions on the HCP ranges, suit lengths and
 * shapes of one or two seats, with cards predealt to any seats (and `{ or: [] }`, which no deal satisfies, as 0);
 * throws a TypeError naming what it cannot count (predicates, and/or/not, three or four seats, losers, controls).
 */
export function countDeals(constraint: Constraint): bigint {
  if (isNothing(constraint)) return 0n;
  const plan = countPlan(constraint);
  if ('one' in plan) return plan.one.hands * binomial(39, 13) * binomial(26, 13);
  if ('shape' in plan) return plan.shape.plan.pairs * plan.shape.rest;
  if ('points' in plan) return plan.points.pairs * binomial(26, 13);
  return plan.two.plan.pairs * plan.two.rest;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** The exact probability that a random deal satisfies a countable constraint, in lowest terms and as a float. */
export function dealProbability(constraint: Constraint): Probability {
  const count = countDeals(constraint);
  const g = count === 0n ? DEAL_COUNT : gcd(count, DEAL_COUNT);
  const numerator = count / g;
  const denominator = DEAL_COUNT / g;
  return { numerator, denominator, value: Number(numerator) / Number(denominator) };
}
