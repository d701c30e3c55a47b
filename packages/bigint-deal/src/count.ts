// Exact counts of the deals that satisfy a constraint, by dynamic programming over the suits. This release counts
// constraints on ONE seat (HCP range, suit-length ranges, cards predealt to that seat); the other three seats are dealt
// the remaining 39 cards freely. Anything else is reported as not countable rather than counted wrongly.
import { binomial } from './binomial.js';
import { rangeOf, predealMasks, type Constraint } from './constraint.js';
import { describeValue } from './errors.js';
import { suitTables } from './evaluate.js';

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

/** Why a constraint is not countable, or undefined when `countDeals` can count it. */
export function whyNotCountable(constraint: Constraint): string | undefined {
  if (typeof constraint === 'function') return 'a predicate';
  if (typeof constraint !== 'object' || constraint === null) return undefined; // compileConstraint names it
  if ('and' in constraint || 'or' in constraint || 'not' in constraint) return 'and/or/not';
  const seats = SEAT_KEYS.filter((key) => (constraint as Record<string, unknown>)[key] !== undefined);
  const predeal = (constraint as { predeal?: Record<string, unknown> }).predeal ?? {};
  const predealSeats = new Set(Object.keys(predeal).map((key) => SEAT_KEYS[['N', 'E', 'S', 'W'].indexOf(key)] ?? key.toLowerCase()));
  const all = new Set([...seats, ...predealSeats]);
  if (all.size > 1) return `conditions on more than one seat (${[...all].join(', ')})`;
  for (const seat of seats) {
    const fields = (constraint as Record<string, Record<string, unknown>>)[seat]!;
    for (const [key, value] of Object.entries(fields ?? {})) {
      if (value !== undefined && key !== 'hcp' && !SUIT_KEYS.includes(key)) return `${seat}.${key}`;
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
}

/** Runs the DP over suits for a countable constraint (throws a TypeError naming what is not countable). @internal */
export function oneSeatCount(constraint: Constraint): OneSeatCount {
  const why = whyNotCountable(constraint);
  if (why !== undefined) throw new TypeError(`countDeals cannot count ${why} yet; got ${describeValue(constraint)}`);
  if (typeof constraint !== 'object' || constraint === null || typeof constraint === 'function') {
    throw new TypeError(`a constraint must be an object or a function; got ${describeValue(constraint)}`);
  }
  const plain = constraint as Record<string, unknown>;
  for (const key of Object.keys(plain)) {
    if (!SEAT_KEYS.includes(key) && key !== 'predeal') {
      throw new RangeError(`constraint may have north, east, south, west, predeal, and, or, not; got ${describeValue(key)}`);
    }
  }
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
 * The exact number of bridge deals that satisfy a constraint. Counts conditions on one seat's HCP range, suit lengths
 * and predealt cards; throws a TypeError naming what it cannot count (predicates, and/or/not, several seats, shape…).
 */
export function countDeals(constraint: Constraint): bigint {
  return oneSeatCount(constraint).hands * binomial(39, 13) * binomial(26, 13);
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
