// Exact counts and rejection-free sampling for conditions on the POINTS alone of two seats (a and b), with no suit
// length, shape or predealt card: points depend only on how many aces, kings, queens and jacks each seat holds, so the
// deals are counted by those numbers (for each rank, na to a and nb to b: 15 ways, 15^4 in all), each with its number
// of ways to choose the suits of those honors, then the spot cards by binomials. Much less work than the suit-by-suit
// DP of pair.ts, which this agrees with; a command that deals such a condition starts at once.
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
  /** The running totals and `pairs` as exact Numbers in two parts (the total above 2^32, and below): no BigInt a deal. */
  split: SplitTotals;
}

/**
 * Running totals below 2^85 as two exact Numbers each, `high` (the total divided by 2^32, rounded down) and `low` (the
 * rest), with what a uniform draw below the last total takes: `bits` of `words` 32-bit words. @internal
 */
export interface SplitTotals {
  high: Float64Array;
  low: Float64Array;
  /** The bits of the largest value below the last total, and the 32-bit words that hold them. */
  bits: number;
  words: number;
}

/** Totals in two exact Numbers each (undefined when one is 2^85 or more, which two hands never reach). @internal */
export function splitTotals(totals: readonly bigint[]): SplitTotals | undefined {
  const high = new Float64Array(totals.length);
  const low = new Float64Array(totals.length);
  for (let i = 0; i < totals.length; i++) {
    const total = totals[i]!;
    if (total < 0n || total >= 1n << 85n) return undefined;
    high[i] = Number(total >> 32n);
    low[i] = Number(total & 0xffffffffn);
  }
  const last = totals.length > 0 ? totals[totals.length - 1]! : 0n;
  const bits = last <= 1n ? 0 : (last - 1n).toString(2).length;
  return { high, low, bits, words: Math.ceil(bits / 32) };
}

/** A uniform integer below `bound` (1 to 2^32) by rejection on whole words: the kit's `below` without its checks. */
function wordBelow(word: () => number, bound: number): number {
  const limit = 4294967296 - (4294967296 % bound);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const w = word();
    if (w < limit) return w % bound;
  }
  throw new RangeError('the random source gave 1000 words in a row that a uniform source almost never gives; is it a constant?');
}

/** Throws what the kit's bigBelow throws for a source that never draws below the bound (its message made out of line). */
function notUniform(boundHigh: number, boundLow: number): never {
  throw new RangeError(`the random source gave 1000 draws in a row at or above ${BigInt(boundHigh) * 4294967296n + BigInt(boundLow)}; it is not uniform (a constant?)`);
}

/**
 * The index of the first running total above a uniform draw below the last one: the same words and the same draw as
 * the kit's bigBelow (the top word cut to `bits`, rejection while at or above the total), with Numbers only. @internal
 */
export function pickSplit(split: SplitTotals, word: () => number): number {
  const { high, low, bits, words } = split;
  const last = high.length - 1;
  let th = 0;
  let tl = 0;
  if (words > 0) {
    const top = bits - 32 * (words - 1);
    const mask = top === 32 ? 0xffffffff : 2 ** top - 1;
    const boundHigh = high[last]!;
    const boundLow = low[last]!;
    for (let attempt = 0; ; attempt++) {
      if (attempt === 1000) notUniform(boundHigh, boundLow);
      const first = (word() & mask) >>> 0;
      // words is 1, 2 or 3: the value is first, or first and one word, or first and two words (high part first).
      if (words === 1) {
        th = 0;
        tl = first;
      } else if (words === 2) {
        th = first;
        tl = word();
      } else {
        th = first * 4294967296 + word();
        tl = word();
      }
      if (th < boundHigh || (th === boundHigh && tl < boundLow)) break;
    }
  }
  let lo = 0;
  let hi = last;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (high[m]! > th || (high[m] === th && low[m]! > tl)) hi = m;
    else lo = m + 1;
  }
  return lo;
}

/** Ways to give n of 4 cards to a and m to b: 4! / (n! m! (4 - n - m)!). */
const SPLIT = [
  [1, 4, 6, 4, 1],
  [4, 12, 12, 4, 0],
  [6, 12, 6, 0, 0],
  [4, 4, 0, 0, 0],
  [1, 0, 0, 0, 0],
];

/** Where each count of aces (or kings…) for a starts in the list of the 15 ways (na, nb), na * 5 + nb in order. */
const FIRST_OF = [0, 5, 9, 12, 14];

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
        // The jacks: only the counts that land both seats in their ranges, in the list's order (na, then nb).
        const naHi = Math.min(4, hiA - pa2);
        for (let na = Math.max(0, loA - pa2); na <= naHi; na++) {
          const nbHi = Math.min(4 - na, hiB - pb2);
          for (let nb = Math.max(0, loB - pb2); nb <= nbHi; nb++) {
            const i3 = FIRST_OF[na]! + nb;
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
  // Two hands are at most C(52, 13) × C(39, 13) < 2^73 pairs: the totals always split.
  return { seats, others, buckets, cumulative, pairs: total, split: splitTotals(cumulative)! };
}

/** An index drawn with probability proportional to its share of running totals (their sum at most 2^32). */
function pick(running: readonly number[], word: () => number): number {
  const r = wordBelow(word, running[running.length - 1]!);
  let lo = 0;
  let hi = running.length - 1;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (running[m]! > r) hi = m;
    else lo = m + 1;
  }
  return lo;
}

/** Scratch arrays of samplePoints, reused from deal to deal (each is filled before it is read). */
const SUIT_ORDER = /* @__PURE__ */ new Uint8Array(4);
const LEFT = /* @__PURE__ */ new Uint8Array(26);
const SPOTS = /* @__PURE__ */ new Uint8Array(36);
/** The 36 spot cards (ranks 10 to 2 of each suit), in card order. */
const SPOT_CARDS = /* @__PURE__ */ Uint8Array.from({ length: 36 }, (_, i) => ((i / 9) | 0) * 13 + 4 + (i % 9));

/**
 * A uniform deal among those the plan counts (plan.pairs > 0), as the holder (0–3) of each card, suit-major.
 *
 * Its small draws (below 4, 36 and 26) take 10 bits of a 32-bit word each, three a word, each unbiased by Lemire's
 * multiply with rejection (as a deck is shuffled in sample.ts). They are written out in each loop rather than called:
 * a short run deals most of its deals before V8 optimizes this function, and a call a draw is most of the cost there.
 * @internal
 */
export function samplePoints(plan: PointsPlan, word: () => number): Uint8Array {
  // (Indexes, not destructuring: an array pattern runs the iterator protocol, costly before V8 optimizes.)
  const a = plan.seats[0];
  const b = plan.seats[1];
  const o1 = plan.others[0];
  const o2 = plan.others[1];
  // 1. How many honors each seat holds, weighted by its deals.
  const bucket = plan.buckets[pickSplit(plan.split, word)]!;
  // 2. How many of each rank, weighted by its ways; 3. the suits of those honors, at random. The cards a and b do not
  // get are gathered in `left` for the other two seats.
  let combo = bucket.combos[pick(bucket.running, word)]!;
  const holders = new Uint8Array(52);
  const left = LEFT;
  let n = 0;
  const suits = SUIT_ORDER;
  suits[0] = 0;
  suits[1] = 1;
  suits[2] = 2;
  suits[3] = 3;
  // The draws' word and how many 10-bit draws are left in it.
  let bits = 0;
  let unused = 0;
  let m = 0;
  for (let r = 0; r < 4; r++, combo = (combo / 25) | 0) {
    const na = ((combo % 25) / 5) | 0;
    const given = na + (combo % 5);
    for (let j = 0; j < given; j++) {
      const bound = 4 - j;
      do {
        if (unused === 0) {
          bits = word();
          unused = 3;
        }
        m = (bits & 1023) * bound;
        bits >>>= 10;
        unused--;
      } while ((m & 1023) < 1024 % bound);
      const k = j + (m >> 10);
      const t = suits[j]!;
      suits[j] = suits[k]!;
      suits[k] = t;
      holders[suits[j]! * 13 + r] = j < na ? a : b;
    }
    for (let j = given; j < 4; j++) left[n++] = suits[j]! * 13 + r;
  }
  // 4. The spot cards of a and b, then the other seats' 26 cards, each a uniform choice (partial Fisher–Yates).
  const spots = SPOTS;
  spots.set(SPOT_CARDS);
  const given = 26 - bucket.ha - bucket.hb;
  const toA = 13 - bucket.ha;
  for (let j = 0; j < given; j++) {
    const bound = 36 - j;
    do {
      if (unused === 0) {
        bits = word();
        unused = 3;
      }
      m = (bits & 1023) * bound;
      bits >>>= 10;
      unused--;
    } while ((m & 1023) < 1024 % bound);
    const k = j + (m >> 10);
    const t = spots[k]!;
    spots[k] = spots[j]!;
    holders[t] = j < toA ? a : b;
  }
  for (let j = given; j < 36; j++) left[n++] = spots[j]!;
  for (let j = 0; j < 13; j++) {
    const bound = 26 - j;
    do {
      if (unused === 0) {
        bits = word();
        unused = 3;
      }
      m = (bits & 1023) * bound;
      bits >>>= 10;
      unused--;
    } while ((m & 1023) < 1024 % bound);
    const k = j + (m >> 10);
    const t = left[k]!;
    left[k] = left[j]!;
    holders[t] = o1;
  }
  for (let j = 13; j < 26; j++) holders[left[j]!] = o2;
  return holders;
}
