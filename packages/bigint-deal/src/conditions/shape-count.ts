// Exact counts and rejection-free sampling for conditions with SHAPES on one or two seats (a, and b when there is a
// second seat): each seat's allowed suit-length patterns (a shape is a union of them: 'balanced' is the 28 orders of
// 4333, 4432 and 5332), with HCP ranges, suit-length ranges and cards fixed anywhere. Dynamic programming over suits
// in two halves (spades and hearts, diamonds and clubs), as pair.ts does for ranges, but keyed by lengths per suit:
//   - each suit is a table of every way to give its free cards to a, b or the other seats, grouped by (length of a,
//     length of b) and, inside a group, by (points of a, points of b), with its number of ways;
//   - each half joins its two suits into blocks keyed by what the join needs to know of each seat: the two suit
//     lengths of a seat with a shape (kept only when some allowed pattern starts, or ends, with them), the total
//     length of a seat without one; a block is a table over (points of a, points of b);
//   - the count joins the halves: for every block of the first half, the second-half blocks that complete both seats'
//     patterns (or hand sizes), summed, and for every (points of a, points of b) of the first block, the ways of that
//     sum with points completing both ranges (a 2D prefix sum).
// Numbers inside a half count ways to give at most 26 cards to a, b or neither (below 3^26 < 2^42), exact in
// doubles; the join multiplies them in 21-bit pieces and adds the pieces up as bigints. Sampling walks the same
// tables back.
import { below, bigBelow } from '@puzzles/kit/random';
import { suitTables } from './evaluate.js';
import { uniformBelow } from './pair.js';

/** Lengths 0–13 of one seat in one suit. */
const L = 14;
/** Points of one seat in one suit: 0–10 (AKQJ). */
const PS = 11;
/** Points of one seat in a half (two suits): 0–20. */
const P = 21;
/** Descriptors of a seat in a half: two lengths (x·14 + y) or a total. */
const D = L * L;
const TWO21 = 2097152;

/** What the shape DP needs: fixed cards, each seat's ranges and allowed length patterns. @internal */
export interface ShapeSpec {
  /** Cards fixed to a, per suit (masks, ace = bit 0). */
  fixedA: readonly number[];
  /** Cards fixed to b, per suit (all 0 without b). */
  fixedB: readonly number[];
  /** Cards fixed to any seat, per suit. */
  taken: readonly number[];
  /** Suit-length ranges of a and b, per suit. */
  suitsA: readonly (readonly [number, number])[];
  suitsB: readonly (readonly [number, number])[];
  /** HCP ranges of a and b. */
  hcpA: readonly [number, number];
  hcpB: readonly [number, number];
  /** The length codes (((♠·14 + ♥)·14 + ♦)·14 + ♣) a may have; undefined: any within its suit ranges. */
  shapeA?: ReadonlySet<number>;
  shapeB?: ReadonlySet<number>;
  /** Whether there is a second seat b (false: one seat; every card a does not hold goes to the other seats). */
  withB: boolean;
}

/** A suit's honor splits with a holding `ca` cards and b `cb` (fixed cards included), by points `pts[pa * PS + pb]`. */
interface HonorGroup {
  ca: number;
  cb: number;
  pts: Float64Array;
  /** The splits [a's mask, b's mask] behind each points entry, for sampling. */
  splits: Map<number, [number, number][]>;
}

/** One suit: its honor groups, its free spot cards, and each group's ways to add spots (ka to a, kb to b) in range. */
interface Suit {
  groups: HonorGroup[];
  spots: number[];
  /** Per group: [la, lb, ka, kb, ways] in fives, only lengths within the suit ranges. */
  lengths: number[][];
  /** Per group: the running totals of those ways. */
  running: number[][];
}

/** Two honor groups (one per suit of a half) and their joint points: `table[pa * P + pb]` and its nonzero entries. */
interface HonorPair {
  g0: number;
  g1: number;
  table: Float64Array;
  nz: Int32Array;
}

/** A block of a half: ways by (points of a, points of b), `table[pa * P + pb]`, and its spot ways per honor pair. */
interface Block {
  key: number;
  table: Float64Array;
  /** Ways to add spot cards for each honor pair (index into the half's pairs), nonzero only. */
  pairs: number[];
  spotWays: number[];
}

interface Half {
  suits: [Suit, Suit];
  pairs: HonorPair[];
  blocks: Map<number, Block>;
}

/** A first-half block with a nonzero share: the second-half blocks that complete it and their prefix sums. */
interface Join {
  block: Block;
  seconds: Block[];
  prefix: Float64Array;
  /** Its points with a nonzero share, and the running bigint totals of ways times share (made on first use). */
  points?: { entries: number[]; cumulative: bigint[] };
}

/** The shape DP's tables and the exact number of (hand of a, hand of b) pairs (hands of a alone without b). @internal */
export interface ShapePlan {
  spec: ShapeSpec;
  halves: [Half, Half];
  /** How each seat's lengths are tracked, for walking a block back to suit lengths. */
  seats: [SeatLengths, SeatLengths];
  joins: Join[];
  /** Running totals of the joins' shares, for sampling. */
  cumulative: bigint[];
  pairs: bigint;
}

/**
 * How a seat's lengths are tracked: `desc[half][x * 14 + y]`, the descriptor of suit lengths (x, y) in that half (-1
 * when no allowed hand has them); which second-half descriptors complete a first-half one; and per suit, the lengths
 * the seat may have there (bit n for length n).
 */
interface SeatLengths {
  desc: [Int32Array, Int32Array];
  completions(first: number): readonly number[];
  lengths: number[];
}

function seatLengths(shape: ReadonlySet<number> | undefined, ranges: readonly (readonly [number, number])[], hand: number): SeatLengths {
  const inRange = ranges.map(([lo, hi]) => ((1 << (hi + 1)) - 1) & ~((1 << lo) - 1));
  if (shape === undefined) {
    const totals = Array.from({ length: D }, (_, t) => (t <= hand ? [hand - t] : []));
    const desc = Int32Array.from({ length: D }, (_, d) => (Math.floor(d / L) + (d % L) <= hand ? Math.floor(d / L) + (d % L) : -1));
    return { desc: [desc, desc], completions: (t) => totals[t]!, lengths: inRange };
  }
  // Suit lengths (x, y) of spades and hearts that start an allowed pattern, with the (diamonds, clubs) that end it.
  const ends = new Map<number, number[]>();
  const lengths = [0, 0, 0, 0];
  for (const code of shape) {
    const c = code % L;
    const d = ((code - c) / L) % L;
    const h = ((code - c - d * L) / (L * L)) % L;
    const s = Math.floor(code / (L * L * L));
    const pattern = [s, h, d, c];
    if (pattern.some((n, i) => !((inRange[i]! >> n) & 1))) continue;
    pattern.forEach((n, i) => (lengths[i]! |= 1 << n));
    let list = ends.get(s * L + h);
    if (list === undefined) ends.set(s * L + h, (list = []));
    list.push(d * L + c);
  }
  // Starts with the same ends are one class, and so are ends that complete the same classes of starts: the join only
  // needs to know a seat's class in each half (a shape of many patterns has far fewer classes than patterns).
  const desc: [Int32Array, Int32Array] = [new Int32Array(D).fill(-1), new Int32Array(D).fill(-1)];
  const firstClass = new Map<string, number>();
  for (const [first, seconds] of ends) {
    const key = seconds.sort((x, y) => x - y).join();
    if (!firstClass.has(key)) firstClass.set(key, firstClass.size);
    desc[0][first] = firstClass.get(key)!;
  }
  const startsOf = new Map<number, Set<number>>();
  for (const [first, seconds] of ends) {
    for (const second of seconds) {
      let set = startsOf.get(second);
      if (set === undefined) startsOf.set(second, (set = new Set()));
      set.add(desc[0][first]!);
    }
  }
  const secondClass = new Map<string, number>();
  const completions: number[][] = Array.from({ length: firstClass.size }, () => []);
  for (const [second, starts] of startsOf) {
    const key = [...starts].sort((x, y) => x - y).join();
    let id = secondClass.get(key);
    if (id === undefined) {
      secondClass.set(key, (id = secondClass.size));
      for (const start of starts) completions[start]!.push(id);
    }
    desc[1][second] = id;
  }
  return { desc, completions: (first) => completions[first]!, lengths };
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

/** Suit s: every way to give its free honors to a, b or neither, grouped by the cards a and b then hold there. */
function suitOf(spec: ShapeSpec, s: number, a: SeatLengths, b: SeatLengths): Suit {
  const { length, hcp } = suitTables();
  const taken = spec.taken[s]!;
  const honors = [0, 1, 2, 3].filter((r) => !(taken & (1 << r)));
  const spots: number[] = [];
  for (let r = 4; r < 13; r++) if (!(taken & (1 << r))) spots.push(r);
  const free = spots.length;
  const byCards = new Map<number, HonorGroup>();
  const seats = spec.withB ? 3 : 2;
  for (let code = 0; code < seats ** honors.length; code++) {
    let ma = spec.fixedA[s]!;
    let mb = spec.fixedB[s]!;
    for (let i = 0, c = code; i < honors.length; i++, c = (c / seats) | 0) {
      if (c % seats === 1) ma |= 1 << honors[i]!;
      else if (c % seats === 2) mb |= 1 << honors[i]!;
    }
    const ca = length[ma]!;
    const cb = length[mb]!;
    let group = byCards.get(ca * L + cb);
    if (group === undefined) byCards.set(ca * L + cb, (group = { ca, cb, pts: new Float64Array(PS * PS), splits: new Map() }));
    const e = hcp[ma]! * PS + hcp[mb]!;
    group.pts[e]!++;
    let list = group.splits.get(e);
    if (list === undefined) group.splits.set(e, (list = []));
    list.push([ma, mb]);
  }
  const allowA = a.lengths[s]!;
  const allowB = b.lengths[s]!;
  const groups = [...byCards.values()];
  const lengths = groups.map(({ ca, cb }) => {
    const out: number[] = [];
    for (let ka = 0; ka <= free; ka++) {
      const la = ca + ka;
      if (!((allowA >> la) & 1)) continue;
      for (let kb = 0; ka + kb <= (spec.withB ? free : ka); kb++) {
        const lb = cb + kb;
        if (!((allowB >> lb) & 1)) continue;
        out.push(la, lb, ka, kb, choose(free, ka) * choose(free - ka, kb));
      }
    }
    return out;
  });
  const running = lengths.map((list) => {
    let total = 0;
    const out: number[] = [];
    for (let i = 4; i < list.length; i += 5) out.push((total += list[i]!));
    return out;
  });
  return { groups, spots, lengths, running };
}

/** The offset of one [la, lb, ka, kb, ways] entry of a group, drawn with probability proportional to its ways. */
function drawLengths(running: readonly number[], word: () => number): number {
  const r = uniformBelow(word, running[running.length - 1]!);
  let lo = 0;
  let hi = running.length - 1;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (running[m]! > r) hi = m;
    else lo = m + 1;
  }
  return lo * 5;
}

function halfOf(spec: ShapeSpec, half: 0 | 1, a: SeatLengths, b: SeatLengths): Half {
  const suits: [Suit, Suit] = half === 0 ? [suitOf(spec, 0, a, b), suitOf(spec, 1, a, b)] : [suitOf(spec, 2, a, b), suitOf(spec, 3, a, b)];
  const descA = a.desc[half];
  const descB = b.desc[half];
  const maxA = Math.min(spec.hcpA[1], P - 1);
  const maxB = Math.min(spec.hcpB[1], P - 1);
  // 1. The honors: each pair of honor groups and their joint points (pruned at the HCP maxima).
  const pairs: HonorPair[] = [];
  suits[0].groups.forEach((h0, g0) => {
    suits[1].groups.forEach((h1, g1) => {
      const table = new Float64Array(P * P);
      for (let e0 = 0; e0 < PS * PS; e0++) {
        const w0 = h0.pts[e0]!;
        if (w0 === 0) continue;
        const pa0 = (e0 / PS) | 0;
        const pb0 = e0 % PS;
        for (let e1 = 0; e1 < PS * PS; e1++) {
          const w1 = h1.pts[e1]!;
          if (w1 === 0) continue;
          const pa = pa0 + ((e1 / PS) | 0);
          const pb = pb0 + (e1 % PS);
          if (pa <= maxA && pb <= maxB) table[pa * P + pb]! += w0 * w1;
        }
      }
      const nz: number[] = [];
      for (let e = 0; e < P * P; e++) if (table[e] !== 0) nz.push(e);
      if (nz.length > 0) pairs.push({ g0, g1, table, nz: Int32Array.from(nz) });
    });
  });
  // 2. The spots: for each honor pair, the ways to complete both suits' lengths, by the block they land in.
  const byKey: ({ ways: Float64Array; used: number[] } | undefined)[] = new Array(D * D);
  const keys: number[] = [];
  for (let h = 0; h < pairs.length; h++) {
    const l0 = suits[0].lengths[pairs[h]!.g0]!;
    const l1 = suits[1].lengths[pairs[h]!.g1]!;
    for (let i = 0; i < l0.length; i += 5) {
      const rowA = l0[i]! * L;
      const rowB = l0[i + 1]! * L;
      const w0 = l0[i + 4]!;
      for (let j = 0; j < l1.length; j += 5) {
        const dA = descA[rowA + l1[j]!]!;
        if (dA < 0) continue;
        const dB = descB[rowB + l1[j + 1]!]!;
        if (dB < 0) continue;
        const key = dA * D + dB;
        let spot = byKey[key];
        if (spot === undefined) {
          byKey[key] = spot = { ways: new Float64Array(pairs.length), used: [] };
          keys.push(key);
        }
        if (spot.ways[h] === 0) spot.used.push(h);
        spot.ways[h]! += w0 * l1[j + 4]!;
      }
    }
  }
  // 3. Each block's table: its spot ways times the honor pairs' points.
  const blocks = new Map<number, Block>();
  for (const key of keys) {
    const { ways, used } = byKey[key]!;
    const table = new Float64Array(P * P);
    const block: Block = { key, table, pairs: used, spotWays: [] };
    for (const h of used) {
      const w = ways[h]!;
      block.spotWays.push(w);
      const { table: points, nz } = pairs[h]!;
      for (let i = 0; i < nz.length; i++) {
        const e = nz[i]!;
        table[e]! += w * points[e]!;
      }
    }
    blocks.set(key, block);
  }
  return { suits, pairs, blocks };
}

/** Per-point 2D prefix sums of a table: prefix[(pa + 1) * (P + 1) + pb + 1]. */
function prefixSums(table: Float64Array): Float64Array {
  const Q = P + 1;
  const prefix = new Float64Array(Q * Q);
  for (let pa = 0; pa < P; pa++) {
    let row = 0;
    for (let pb = 0; pb < P; pb++) {
      row += table[pa * P + pb]!;
      prefix[(pa + 1) * Q + pb + 1] = prefix[pa * Q + pb + 1]! + row;
    }
  }
  return prefix;
}

/** The ways of a prefix-summed table with points of a in [x0, x1] and of b in [y0, y1]. */
function rangeSum(prefix: Float64Array, x0: number, x1: number, y0: number, y1: number): number {
  x0 = Math.max(x0, 0);
  y0 = Math.max(y0, 0);
  x1 = Math.min(x1, P - 1);
  y1 = Math.min(y1, P - 1);
  if (x0 > x1 || y0 > y1) return 0;
  const Q = P + 1;
  return prefix[(x1 + 1) * Q + y1 + 1]! - prefix[x0 * Q + y1 + 1]! - prefix[(x1 + 1) * Q + y0]! + prefix[x0 * Q + y0]!;
}

/** The second-half ways that complete first-half points (pa, pb) within both HCP ranges. */
function shareOf(spec: ShapeSpec, prefix: Float64Array, pa: number, pb: number): number {
  return rangeSum(prefix, spec.hcpA[0] - pa, spec.hcpA[1] - pa, spec.hcpB[0] - pb, spec.hcpB[1] - pb);
}

/** Builds the shape DP's tables and counts the hands (pairs of hands with b) that satisfy the spec. @internal */
export function shapeCount(spec: ShapeSpec): ShapePlan {
  const a = seatLengths(spec.shapeA, spec.suitsA, 13);
  const b = seatLengths(spec.withB ? spec.shapeB : undefined, spec.suitsB, spec.withB ? 13 : 0);
  const halves: [Half, Half] = [halfOf(spec, 0, a, b), halfOf(spec, 1, a, b)];
  const joins: Join[] = [];
  const cumulative: bigint[] = [];
  let pairs = 0n;
  const sum = new Float64Array(P * P);
  for (const block of halves[0].blocks.values()) {
    const dA = Math.floor(block.key / D);
    const dB = block.key % D;
    const seconds: Block[] = [];
    for (const a2 of a.completions(dA)) {
      for (const b2 of b.completions(dB)) {
        const second = halves[1].blocks.get(a2 * D + b2);
        if (second !== undefined) seconds.push(second);
      }
    }
    if (seconds.length === 0) continue;
    sum.fill(0);
    for (const second of seconds) for (let i = 0; i < P * P; i++) sum[i]! += second.table[i]!;
    const prefix = prefixSums(sum);
    // Exact sum of products below 2^84: each factor split at 2^21, partial sums flushed to a bigint every 1024 terms.
    let hh = 0;
    let mid = 0;
    let ll = 0;
    let terms = 0;
    let share = 0n;
    const flush = (): void => {
      share += (BigInt(hh) << 42n) + (BigInt(mid) << 21n) + BigInt(ll);
      hh = mid = ll = terms = 0;
    };
    for (let e = 0; e < P * P; e++) {
      const w = block.table[e]!;
      if (w === 0) continue;
      const r = shareOf(spec, prefix, (e / P) | 0, e % P);
      if (r === 0) continue;
      const wh = Math.floor(w / TWO21);
      const wl = w - wh * TWO21;
      const rh = Math.floor(r / TWO21);
      const rl = r - rh * TWO21;
      hh += wh * rh;
      mid += wh * rl + wl * rh;
      ll += wl * rl;
      if (++terms === 1024) flush();
    }
    flush();
    if (share === 0n) continue;
    pairs += share;
    joins.push({ block, seconds, prefix });
    cumulative.push(pairs);
  }
  return { spec, halves, seats: [a, b], joins, cumulative, pairs };
}

/** Picks one of `weights`' indices with probability proportional to its (exact, integer) weight. */
function pickIndex(weights: readonly number[], word: () => number): number {
  let total = 0;
  for (const w of weights) total += w;
  let r = uniformBelow(word, total);
  for (let i = 0; i < weights.length; i++) {
    if (r < weights[i]!) return i;
    r -= weights[i]!;
  }
  throw new Error('pickIndex: weights changed while picking');
}

/** Picks a position by exact integer weights (their sum below 2^53), read from `weight(i)` for i below n. */
function pickBy(n: number, weight: (i: number) => number, total: number, word: () => number): number {
  let r = uniformBelow(word, total);
  for (let i = 0; i < n; i++) {
    const w = weight(i);
    if (r < w) return i;
    r -= w;
  }
  throw new Error('pickBy: the weights do not add up');
}

/**
 * A uniform way to make a block's points (pa, pb) from its half's two suits: for each suit, a's and b's masks (honors
 * and fixed cards) and how many free spots go to a and to b.
 */
function pickInHalf(plan: ShapePlan, half: 0 | 1, block: Block, pa: number, pb: number, word: () => number): number[][] {
  const { suits, pairs } = plan.halves[half];
  const [a, b] = plan.seats;
  const e = pa * P + pb;
  // The honor pair, weighted by its spot ways times its ways to make the points.
  const i = pickBy(block.pairs.length, (j) => block.spotWays[j]! * pairs[block.pairs[j]!]!.table[e]!, block.table[e]!, word);
  const { g0, g1 } = pairs[block.pairs[i]!]!;
  // The spot counts, among those landing in this block.
  const l0 = suits[0].lengths[g0]!;
  const l1 = suits[1].lengths[g1]!;
  const dA = Math.floor(block.key / D);
  const dB = block.key % D;
  const descA = a.desc[half];
  const descB = b.desc[half];
  // The spot counts among those landing in this block: drawn from both suits independently (each by its ways) until
  // they land here, which is exact; after 64 misses, by listing those that land here.
  let x = -1;
  let y = -1;
  for (let tries = 0; tries < 64 && x < 0; tries++) {
    const u = drawLengths(suits[0].running[g0]!, word);
    const v = drawLengths(suits[1].running[g1]!, word);
    if (descA[l0[u]! * L + l1[v]!] === dA && descB[l0[u + 1]! * L + l1[v + 1]!] === dB) [x, y] = [u, v];
  }
  if (x < 0) {
    const at: number[] = [];
    const ways: number[] = [];
    for (let u = 0; u < l0.length; u += 5) {
      for (let v = 0; v < l1.length; v += 5) {
        if (descA[l0[u]! * L + l1[v]!] !== dA || descB[l0[u + 1]! * L + l1[v + 1]!] !== dB) continue;
        at.push(u, v);
        ways.push(l0[u + 4]! * l1[v + 4]!);
      }
    }
    const f = pickBy(ways.length, (j) => ways[j]!, block.spotWays[i]!, word);
    [x, y] = [at[f * 2]!, at[f * 2 + 1]!];
  }
  // The honors of each suit, making the points between them.
  const h0 = suits[0].groups[g0]!;
  const h1 = suits[1].groups[g1]!;
  const entries: number[] = [];
  for (let e0 = 0; e0 < PS * PS; e0++) {
    if (h0.pts[e0] === 0) continue;
    const xa = pa - ((e0 / PS) | 0);
    const xb = pb - (e0 % PS);
    if (xa >= 0 && xb >= 0 && xa < PS && xb < PS && h1.pts[xa * PS + xb] !== 0) entries.push(e0, xa * PS + xb);
  }
  const k = pickBy(entries.length / 2, (j) => h0.pts[entries[j * 2]!]! * h1.pts[entries[j * 2 + 1]!]!, pairs[block.pairs[i]!]!.table[e]!, word);
  const split0 = h0.splits.get(entries[k * 2]!)!;
  const split1 = h1.splits.get(entries[k * 2 + 1]!)!;
  const [ma0, mb0] = split0[below(word, split0.length)]!;
  const [ma1, mb1] = split1[below(word, split1.length)]!;
  return [
    [ma0, mb0, l0[x + 2]!, l0[x + 3]!],
    [ma1, mb1, l1[y + 2]!, l1[y + 3]!],
  ];
}

/**
 * A uniform hand for a (and b) among those the plan counts (plan.pairs > 0): suit masks, a's in `masks[0..3]`, b's in
 * `masks[4..7]` (0 without b). @internal
 */
export function sampleShapes(plan: ShapePlan, word: () => number): number[] {
  const { spec, joins, cumulative } = plan;
  // 1. The first-half block, weighted by its share.
  const pick = bigBelow(word, plan.pairs);
  let lo = 0;
  let hi = joins.length - 1;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (cumulative[m]! > pick) hi = m;
    else lo = m + 1;
  }
  const join = joins[lo]!;
  // 2. Its points, each weighted by its ways times the second-half ways that complete them.
  if (join.points === undefined) {
    const entries: number[] = [];
    const running: bigint[] = [];
    let total = 0n;
    for (let e = 0; e < P * P; e++) {
      const w = join.block.table[e]!;
      if (w === 0) continue;
      const share = shareOf(spec, join.prefix, (e / P) | 0, e % P);
      if (share === 0) continue;
      total += BigInt(w) * BigInt(share);
      entries.push(e);
      running.push(total);
    }
    join.points = { entries, cumulative: running };
  }
  const r = pick - (lo > 0 ? cumulative[lo - 1]! : 0n);
  const { entries, cumulative: running } = join.points;
  let p = 0;
  let q = entries.length - 1;
  while (p < q) {
    const m = (p + q) >> 1;
    if (running[m]! > r) q = m;
    else p = m + 1;
  }
  const pa = (entries[p]! / P) | 0;
  const pb = entries[p]! % P;
  const share = shareOf(spec, join.prefix, pa, pb);
  // 3. The second-half block and points among those that complete them.
  let r2 = uniformBelow(word, share);
  let second: Block | undefined;
  let qa = -1;
  let qb = -1;
  scan: for (const block of join.seconds) {
    for (let xa = Math.max(0, spec.hcpA[0] - pa); xa <= Math.min(P - 1, spec.hcpA[1] - pa); xa++) {
      for (let xb = Math.max(0, spec.hcpB[0] - pb); xb <= Math.min(P - 1, spec.hcpB[1] - pb); xb++) {
        const w = block.table[xa * P + xb]!;
        if (r2 < w) {
          second = block;
          qa = xa;
          qb = xb;
          break scan;
        }
        r2 -= w;
      }
    }
  }
  // 4. Each suit's honors and spot counts, then its spots.
  const picked = [...pickInHalf(plan, 0, join.block, pa, pb, word), ...pickInHalf(plan, 1, second!, qa, qb, word)];
  const masks = [0, 0, 0, 0, 0, 0, 0, 0];
  for (let s = 0; s < 4; s++) {
    let [ma, mb, ka, kb] = picked[s]! as [number, number, number, number];
    if (ka + kb > 0) {
      const spots = plan.halves[(s >> 1) as 0 | 1].suits[(s & 1) as 0 | 1].spots.slice();
      for (let j = 0; j < ka + kb; j++) {
        const k = j + below(word, spots.length - j);
        [spots[j], spots[k]] = [spots[k]!, spots[j]!];
        if (j < ka) ma |= 1 << spots[j]!;
        else mb |= 1 << spots[j]!;
      }
    }
    masks[s] = ma;
    masks[4 + s] = mb;
  }
  return masks;
}
