// Exact counts and rejection-free sampling for conditions on the POINTS alone of two seats (a and b), with no suit
// length, shape or predealt card: points depend only on how many aces, kings, queens and jacks each seat holds, so the
// deals are counted by those numbers (for each rank, na to a and nb to b: 15 ways, 15^4 in all), each with its number
// of ways to choose the suits of those honors, then the spot cards by binomials. Much less work than the suit-by-suit
// DP of pair.ts, which this agrees with; a command that deals such a condition starts at once.
import { below, bigBelow } from '@puzzles/kit/random';
import { binomial } from '../numbering/binomial.js';

/** The honors of a and b grouped by how many each holds: the rank counts and their ways, and the deals they make. @internal */
interface Bucket {
  /** Honors held by a and by b. */
  ha: number;
  hb: number;
  /** Each rank count as four (na, nb) codes, na * 5 + nb, for A K Q J, packed in base 25. */
  combos: number[];
  /** Running totals of the combos' ways (exact: all ways together are below 3^16). */
  running: number[];
}

/** The counts of a two-seat points condition, by how many honors each seat holds. @internal */
export interface PointsPlan {
  /** Seats a and b, and the two others. */
  seats: [number, number];
  others: [number, number];
  buckets: Bucket[];
  /** Running totals of the buckets' deals (pairs of hands of a and b). */
  cumulative: bigint[];
  /** The number of pairs of hands of a and b. */
  pairs: bigint;
}

/** Ways to give n of 4 cards to a and m to b: 4! / (n! m! (4 - n - m)!). */
const SPLIT = [
  [1, 4, 6, 4, 1],
  [4, 12, 12, 4, 0],
  [6, 12, 6, 0, 0],
  [4, 4, 0, 0, 0],
  [1, 0, 0, 0, 0],
];

/** Counts the pairs of hands of seats a and b with points in `hcpA` and `hcpB` (no other condition). @internal */
export function pointsCount(seats: [number, number], hcpA: readonly [number, number], hcpB: readonly [number, number]): PointsPlan {
  const byHonors = new Map<number, Bucket>();
  // For each rank, the 15 ways (na to a, nb to b): their code na * 5 + nb and their number of suit choices.
  const NA: number[] = [];
  const NB: number[] = [];
  const WAYS: number[] = [];
  const CODE: number[] = [];
  for (let na = 0; na <= 4; na++) {
    for (let nb = 0; na + nb <= 4; nb++) {
      NA.push(na);
      NB.push(nb);
      CODE.push(na * 5 + nb);
      WAYS.push(SPLIT[na]![nb]!);
    }
  }
  const [loA, hiA] = hcpA;
  const [loB, hiB] = hcpB;
  // Aces (4 points) outermost, jacks (1 point) innermost. Points only grow inward, so a maximum passed ends a branch,
  // and so does a minimum out of reach: the ranks left hold 4 × (3 + 2 + 1), 4 × (2 + 1) or 4 × 1 points for a and b.
  const out = (pa: number, pb: number, left: number): boolean =>
    pa > hiA || pb > hiB || pa + left < loA || pb + left < loB || pa + pb + left < loA + loB;
  for (let i0 = 0; i0 < 15; i0++) {
    const pa0 = 4 * NA[i0]!;
    const pb0 = 4 * NB[i0]!;
    if (out(pa0, pb0, 24)) continue;
    for (let i1 = 0; i1 < 15; i1++) {
      const pa1 = pa0 + 3 * NA[i1]!;
      const pb1 = pb0 + 3 * NB[i1]!;
      if (out(pa1, pb1, 12)) continue;
      const w1 = WAYS[i0]! * WAYS[i1]!;
      for (let i2 = 0; i2 < 15; i2++) {
        const pa2 = pa1 + 2 * NA[i2]!;
        const pb2 = pb1 + 2 * NB[i2]!;
        if (out(pa2, pb2, 4)) continue;
        const w2 = w1 * WAYS[i2]!;
        for (let i3 = 0; i3 < 15; i3++) {
          const pa = pa2 + NA[i3]!;
          const pb = pb2 + NB[i3]!;
          if (pa < loA || pa > hiA || pb < loB || pb > hiB) continue;
          const ha = NA[i0]! + NA[i1]! + NA[i2]! + NA[i3]!;
          const hb = NB[i0]! + NB[i1]! + NB[i2]! + NB[i3]!;
          if (ha > 13 || hb > 13) continue;
          const key = ha * 17 + hb;
          let bucket = byHonors.get(key);
          if (bucket === undefined) byHonors.set(key, (bucket = { ha, hb, combos: [], running: [] }));
          bucket.combos.push(CODE[i0]! + 25 * (CODE[i1]! + 25 * (CODE[i2]! + 25 * CODE[i3]!)));
          const { running } = bucket;
          running.push((running.length > 0 ? running[running.length - 1]! : 0) + w2 * WAYS[i3]!);
        }
      }
    }
  }
  const buckets = [...byHonors.values()];
  const cumulative: bigint[] = [];
  let total = 0n;
  for (const { ha, hb, running } of buckets) {
    // a takes 13 - ha of the 36 spot cards, b 13 - hb of the 23 + ha left.
    total += BigInt(running.at(-1)!) * binomial(36, 13 - ha) * binomial(23 + ha, 13 - hb);
    cumulative.push(total);
  }
  const others = [0, 1, 2, 3].filter((q) => q !== seats[0] && q !== seats[1]) as [number, number];
  return { seats, others, buckets, cumulative, pairs: total };
}

/** An index drawn with probability proportional to its share of running totals (their sum at most 2^32). */
function pick(running: readonly number[], word: () => number): number {
  const r = below(word, running[running.length - 1]!);
  let lo = 0;
  let hi = running.length - 1;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (running[m]! > r) hi = m;
    else lo = m + 1;
  }
  return lo;
}

/**
 * Uniform draws below small bounds (up to 1,024) from 32-bit words, three 10-bit draws a word, each unbiased by
 * Lemire's multiply with rejection (as a deck is shuffled in sample.ts): fewer words than one draw a word.
 */
function smallDraws(word: () => number): (bound: number) => number {
  let bits = 0;
  let left = 0;
  return (bound) => {
    const threshold = 1024 % bound;
    for (;;) {
      if (left === 0) {
        bits = word();
        left = 3;
      }
      const m = (bits & 1023) * bound;
      bits >>>= 10;
      left--;
      if ((m & 1023) >= threshold) return m >> 10;
    }
  };
}

/** A uniform deal among those the plan counts (plan.pairs > 0), as the holder (0–3) of each card, suit-major. @internal */
export function samplePoints(plan: PointsPlan, word: () => number): Uint8Array {
  const draw = smallDraws(word);
  const [a, b] = plan.seats;
  const [o1, o2] = plan.others;
  // 1. How many honors each seat holds, weighted by its deals.
  const target = bigBelow(word, plan.pairs);
  let lo = 0;
  let hi = plan.cumulative.length - 1;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (plan.cumulative[m]! > target) hi = m;
    else lo = m + 1;
  }
  const bucket = plan.buckets[lo]!;
  // 2. How many of each rank, weighted by its ways; 3. the suits of those honors, at random. The cards a and b do not
  // get are gathered in `left` for the other two seats.
  let combo = bucket.combos[pick(bucket.running, word)]!;
  const holders = new Uint8Array(52);
  const left = new Uint8Array(26);
  let n = 0;
  const suits = [0, 1, 2, 3];
  for (let r = 0; r < 4; r++, combo = (combo / 25) | 0) {
    const na = ((combo % 25) / 5) | 0;
    const nb = combo % 5;
    for (let j = 0; j < 4; j++) {
      if (j < na + nb) {
        const k = j + draw(4 - j);
        const t = suits[j]!;
        suits[j] = suits[k]!;
        suits[k] = t;
        holders[suits[j]! * 13 + r] = j < na ? a : b;
      } else {
        left[n++] = suits[j]! * 13 + r;
      }
    }
  }
  // 4. The spot cards of a and b, then the other seats' 26 cards, each a uniform choice (partial Fisher–Yates).
  const spots = new Uint8Array(36);
  for (let s = 0, i = 0; s < 4; s++) for (let rank = 4; rank < 13; rank++) spots[i++] = s * 13 + rank;
  const given = 26 - bucket.ha - bucket.hb;
  for (let j = 0; j < 36; j++) {
    if (j < given) {
      const k = j + draw(36 - j);
      const t = spots[j]!;
      spots[j] = spots[k]!;
      spots[k] = t;
      holders[spots[j]!] = j < 13 - bucket.ha ? a : b;
    } else {
      left[n++] = spots[j]!;
    }
  }
  for (let j = 0; j < 26; j++) {
    if (j < 13) {
      const k = j + draw(26 - j);
      const t = left[j]!;
      left[j] = left[k]!;
      left[k] = t;
    }
    holders[left[j]!] = j < 13 ? o1 : o2;
  }
  return holders;
}
