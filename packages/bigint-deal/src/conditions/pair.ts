// Exact counts and rejection-free sampling for conditions on TWO seats (call them a and b): per-seat HCP ranges,
// per-seat suit-length ranges and cards fixed anywhere. Dynamic programming over suits, split in two halves:
//   - each half (two suits) is a product of items: a suit where a or b has a length range is one item (every way to
//     give its free cards to a, b or the other seats, grouped by the key (length of a, length of b, points of a,
//     points of b) with its number of ways); any other suit gives an item of its honors alone, and the spot cards of
//     those suits form one pool item (any ka of them to a, kb to b);
//   - the count joins the halves: for every key of the first half, the ways of the second half that complete a and b
//     to a full hand with points in range (a 2D prefix sum over points).
// Numbers inside a half count ways to give at most 26 cards to a, b or neither, so they stay below 3^26 < 2^42 and
// are exact in doubles; only the join multiplies them, split into 21-bit pieces so every partial sum is still exact,
// then added up as bigints. Sampling walks the same tables back.
import { below, bigBelow } from '@puzzles/kit/random';
import { suitTables } from './evaluate.js';

/** Points within a half (two suits) go up to 20 (AKQJ twice): 21 values. */
const P = 21;
const TWO21 = 2097152;

/** What the two-seat DP needs: suit and hand sizes (13 and 13 for bridge), fixed cards, ranges. @internal */
export interface PairSpec {
  /** Cards per suit (ace = bit 0; bits 0–3 are the honors). */
  suitSize: number;
  /** Cards per hand of a and b. */
  handSize: number;
  /** Cards fixed to a, per suit (masks). */
  fixedA: readonly number[];
  /** Cards fixed to b, per suit. */
  fixedB: readonly number[];
  /** Cards fixed to any seat (a, b and the others), per suit. */
  taken: readonly number[];
  /** Suit-length ranges of a and of b, per suit. */
  suitsA: readonly (readonly [number, number])[];
  suitsB: readonly (readonly [number, number])[];
  /** HCP ranges of a and b. */
  hcpA: readonly [number, number];
  hcpB: readonly [number, number];
}

/** The two-seat DP's tables and the exact number of (hand of a, hand of b) pairs. @internal */
export interface PairPlan {
  spec: PairSpec;
  halves: [Half, Half];
  halfA: Float64Array;
  halfB: Float64Array;
  prefixB: Float64Array;
  pairs: bigint;
  /** Keys of the first half with a nonzero share, and the running bigint totals of their shares (built on first sample). */
  picks?: { keys: number[]; cumulative: bigint[] };
}

function sizes(spec: PairSpec): { L: number; size: number } {
  const L = spec.handSize + 1;
  return { L, size: L * L * P * P };
}

function keyOf(L: number, la: number, lb: number, pa: number, pb: number): number {
  return ((la * L + lb) * P + pa) * P + pb;
}

function decode(L: number, key: number): [number, number, number, number] {
  const pb = key % P;
  const pa = ((key - pb) / P) % P;
  const rest = (key - pb - pa * P) / (P * P);
  return [(rest / L) | 0, rest % L, pa, pb];
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

/** One way to give an item's cards: masks added to a and b in `suit`, spot counts, its key and number of ways. */
interface Choice {
  suit: number;
  ma: number;
  mb: number;
  ka: number;
  kb: number;
  key: number;
  weight: number;
}

/**
 * A step of the DP: a whole suit (when a or b has a length range there: honors and spots together), the honors of a
 * suit, or the pooled spot cards of the suits without length ranges (choices not listed: any `ka` of them to a, `kb` to b).
 */
interface Item {
  keys: number[];
  /** The ways for each key, in the order of `keys`. */
  weights: number[];
  choices: Choice[];
  /** The keys' digits (la, lb, pa, pb) and the choices by key, for sampling (made on first use). */
  digits?: Int32Array;
  byKey?: Map<number, Choice[]>;
  /** For the spot pool: its cards as [suit, rank]. */
  pool?: [number, number][];
}

/** The DP of one half (two suits): its items and the state after each (dense tables, with their nonzero keys). */
interface Half {
  items: Item[];
  states: Float64Array[];
  final: Float64Array;
  finalKeys: number[];
}

function addChoice(item: Item, index: Map<number, number>, choice: Choice): void {
  const j = index.get(choice.key);
  if (j === undefined) {
    index.set(choice.key, item.keys.length);
    item.keys.push(choice.key);
    item.weights.push(choice.weight);
  } else {
    item.weights[j]! += choice.weight;
  }
  item.choices.push(choice);
}

/** The free honors and free spots of a suit, and a's and b's fixed cards there. */
function suitCards(spec: PairSpec, s: number): { honors: number[]; spots: number[]; fa: number; fb: number } {
  const taken = spec.taken[s]!;
  const honors = [0, 1, 2, 3].filter((r) => r < spec.suitSize && !(taken & (1 << r)));
  const spots: number[] = [];
  for (let r = 4; r < spec.suitSize; r++) if (!(taken & (1 << r))) spots.push(r);
  return { honors, spots, fa: spec.fixedA[s]!, fb: spec.fixedB[s]! };
}

/** Each way to give a suit's free honors to a, b or neither, as [a's mask, b's mask] with the fixed cards. */
function honorSplits(honors: number[], fa: number, fb: number): [number, number][] {
  const splits: [number, number][] = [];
  for (let code = 0; code < 3 ** honors.length; code++) {
    let ma = fa;
    let mb = fb;
    for (let i = 0, c = code; i < honors.length; i++, c = (c / 3) | 0) {
      if (c % 3 === 0) ma |= 1 << honors[i]!;
      else if (c % 3 === 1) mb |= 1 << honors[i]!;
    }
    splits.push([ma, mb]);
  }
  return splits;
}

function isFree([lo, hi]: readonly [number, number], handSize: number): boolean {
  return lo === 0 && hi >= handSize;
}

/** The items of the half made of suits `pair`: whole suits with length ranges, else honors, then one spot pool. */
function itemsOf(spec: PairSpec, pair: number[], L: number): Item[] {
  const { length, hcp } = suitTables();
  const items: Item[] = [];
  const pool: [number, number][] = [];
  const newItem = (): Item => ({ keys: [], weights: [], choices: [] });
  for (const s of pair) {
    const { honors, spots, fa, fb } = suitCards(spec, s);
    const [loA, hiA] = spec.suitsA[s]!;
    const [loB, hiB] = spec.suitsB[s]!;
    const item = newItem();
    const index = new Map<number, number>();
    if (isFree(spec.suitsA[s]!, spec.handSize) && isFree(spec.suitsB[s]!, spec.handSize)) {
      for (const [ma, mb] of honorSplits(honors, fa, fb)) {
        const la = length[ma]!;
        const lb = length[mb]!;
        if (la >= L || lb >= L) continue;
        addChoice(item, index, { suit: s, ma, mb, ka: 0, kb: 0, key: keyOf(L, la, lb, hcp[ma]!, hcp[mb]!), weight: 1 });
      }
      for (const r of spots) pool.push([s, r]);
    } else {
      const free = spots.length;
      for (const [ma, mb] of honorSplits(honors, fa, fb)) {
        for (let ka = 0; ka <= free; ka++) {
          const la = length[ma]! + ka;
          if (la < loA || la > hiA || la >= L) continue;
          for (let kb = 0; ka + kb <= free; kb++) {
            const lb = length[mb]! + kb;
            if (lb < loB || lb > hiB || lb >= L) continue;
            const weight = choose(free, ka) * choose(free - ka, kb);
            addChoice(item, index, { suit: s, ma, mb, ka, kb, key: keyOf(L, la, lb, hcp[ma]!, hcp[mb]!), weight });
          }
        }
      }
    }
    items.push(item);
  }
  if (pool.length > 0) {
    const item: Item = { ...newItem(), pool };
    for (let ka = 0; ka < L && ka <= pool.length; ka++) {
      for (let kb = 0; kb < L && ka + kb <= pool.length; kb++) {
        item.keys.push(keyOf(L, ka, kb, 0, 0));
        item.weights.push(choose(pool.length, ka) * choose(pool.length - ka, kb));
      }
    }
    items.push(item);
  }
  return items;
}

/** state ⊛ item, keeping a and b within their hand size and points within their upper bounds. */
function convolve(state: Float64Array, stateKeys: number[], item: Item, spec: PairSpec, L: number): { table: Float64Array; keys: number[] } {
  const table = new Float64Array(state.length);
  const keys: number[] = [];
  const n = item.keys.length;
  const iKey = new Int32Array(n);
  const iLa = new Int32Array(n);
  const iLb = new Int32Array(n);
  const iPa = new Int32Array(n);
  const iPb = new Int32Array(n);
  const iW = new Float64Array(n);
  item.keys.forEach((k, j) => {
    [iLa[j], iLb[j], iPa[j], iPb[j]] = decode(L, k);
    iKey[j] = k;
    iW[j] = item.weights[j]!;
  });
  const maxA = spec.hcpA[1];
  const maxB = spec.hcpB[1];
  for (const k of stateKeys) {
    const [la, lb, pa, pb] = decode(L, k);
    const w = state[k]!;
    for (let j = 0; j < n; j++) {
      if (la + iLa[j]! >= L || lb + iLb[j]! >= L || pa + iPa[j]! > maxA || pb + iPb[j]! > maxB) continue;
      const key = k + iKey[j]!;
      if (table[key] === 0) keys.push(key);
      table[key]! += w * iW[j]!;
    }
  }
  return { table, keys };
}

function halfOf(spec: PairSpec, pair: number[], size: number): Half {
  const { L } = sizes(spec);
  const items = itemsOf(spec, pair, L);
  // Convolve the biggest item last, so it meets the fewest states.
  items.sort((x, y) => x.keys.length - y.keys.length);
  let state: Float64Array = new Float64Array(size);
  state[0] = 1;
  let keys = [0];
  const states = [state];
  for (const item of items) {
    ({ table: state, keys } = convolve(state, keys, item, spec, L));
    states.push(state);
  }
  return { items, states, final: state, finalKeys: keys };
}

/** Per (la, lb) block, the 2D prefix sums over points: prefix[block][(pa + 1) * (P + 1) + pb + 1]. */
function prefixSums(half: Float64Array, L: number): Float64Array {
  const Q = P + 1;
  const prefix = new Float64Array(L * L * Q * Q);
  for (let block = 0; block < L * L; block++) {
    const base = block * Q * Q;
    for (let pa = 0; pa < P; pa++) {
      let row = 0;
      for (let pb = 0; pb < P; pb++) {
        row += half[block * P * P + pa * P + pb]!;
        prefix[base + (pa + 1) * Q + pb + 1] = prefix[base + pa * Q + pb + 1]! + row;
      }
    }
  }
  return prefix;
}

/** The ways in block (la, lb) with points of a in [x0, x1] and of b in [y0, y1]. */
function rangeSum(prefix: Float64Array, L: number, la: number, lb: number, x0: number, x1: number, y0: number, y1: number): number {
  x0 = Math.max(x0, 0);
  y0 = Math.max(y0, 0);
  x1 = Math.min(x1, P - 1);
  y1 = Math.min(y1, P - 1);
  if (x0 > x1 || y0 > y1 || la < 0 || lb < 0 || la >= L || lb >= L) return 0;
  const Q = P + 1;
  const base = (la * L + lb) * Q * Q;
  return prefix[base + (x1 + 1) * Q + y1 + 1]! - prefix[base + x0 * Q + y1 + 1]! - prefix[base + (x1 + 1) * Q + y0]! + prefix[base + x0 * Q + y0]!;
}

/** The share of a first-half key: the second-half ways that complete it. */
function shareOf(plan: PairPlan, L: number, key: number): number {
  const { handSize: H, hcpA, hcpB } = plan.spec;
  const [la, lb, pa, pb] = decode(L, key);
  return rangeSum(plan.prefixB, L, H - la, H - lb, hcpA[0] - pa, hcpA[1] - pa, hcpB[0] - pb, hcpB[1] - pb);
}

/** Builds the two-seat tables and counts the pairs of hands of a and b that satisfy the spec. @internal */
export function pairCount(spec: PairSpec): PairPlan {
  const { L, size } = sizes(spec);
  // Suits with length ranges are the costly items: together in one half, so the other half is cheap.
  const ranged = [0, 1, 2, 3].filter((s) => !isFree(spec.suitsA[s]!, spec.handSize) || !isFree(spec.suitsB[s]!, spec.handSize));
  const order = [...ranged, ...[0, 1, 2, 3].filter((s) => !ranged.includes(s))];
  const halves: [Half, Half] = [halfOf(spec, [order[0]!, order[1]!], size), halfOf(spec, [order[2]!, order[3]!], size)];
  const halfA = halves[0].final;
  const halfB = halves[1].final;
  const prefixB = prefixSums(halfB, L);
  const plan: PairPlan = { spec, halves, halfA, halfB, prefixB, pairs: 0n };
  // Exact sum of products below 2^84: each factor split at 2^21, partial sums flushed to bigints every 1024 terms.
  let hh = 0;
  let mid = 0;
  let ll = 0;
  let terms = 0;
  let pairs = 0n;
  const flush = (): void => {
    pairs += (BigInt(hh) << 42n) + (BigInt(mid) << 21n) + BigInt(ll);
    hh = mid = ll = terms = 0;
  };
  for (const key of halves[0].finalKeys) {
    const a = halfA[key]!;
    const r = shareOf(plan, L, key);
    if (r === 0) continue;
    const ah = Math.floor(a / TWO21);
    const al = a - ah * TWO21;
    const rh = Math.floor(r / TWO21);
    const rl = r - rh * TWO21;
    hh += ah * rh;
    mid += ah * rl + al * rh;
    ll += al * rl;
    if (++terms === 1024) flush();
  }
  flush();
  plan.pairs = pairs;
  return plan;
}

const TWO53 = 9007199254740992;

/** A uniform integer in [0, n) for an exact integer n below 2^53: 53 random bits, rejecting the biased top (no BigInt). @internal */
export function uniformBelow(word: () => number, n: number): number {
  if (n <= 4294967296) return below(word, n);
  const limit = TWO53 - (TWO53 % n);
  for (;;) {
    const x = (word() >>> 5) * 67108864 + (word() >>> 6);
    if (x < limit) return x % n;
  }
}

/** Picks one item by exact integer weights (their sum below 2^53). */
function pickWeighted<T>(items: T[], weights: number[], word: () => number): T {
  let total = 0;
  for (const w of weights) total += w;
  let r = uniformBelow(word, total);
  for (let i = 0; i < items.length; i++) {
    if (r < weights[i]!) return items[i]!;
    r -= weights[i]!;
  }
  throw new Error('pickWeighted: weights changed while picking');
}

/**
 * A uniform pair of hands for a and b among those the plan counts (plan.pairs > 0): their suit masks, a's in
 * `masks[0..3]`, b's in `masks[4..7]`. @internal
 */
export function samplePair(plan: PairPlan, word: () => number): number[] {
  const { spec } = plan;
  const { L } = sizes(spec);
  const H = spec.handSize;
  if (plan.picks === undefined) {
    const keys: number[] = [];
    const cumulative: bigint[] = [];
    let total = 0n;
    for (const key of plan.halves[0].finalKeys) {
      const a = plan.halfA[key]!;
      const r = shareOf(plan, L, key);
      if (r === 0) continue;
      total += BigInt(a) * BigInt(r);
      keys.push(key);
      cumulative.push(total);
    }
    plan.picks = { keys, cumulative };
  }
  const { keys, cumulative } = plan.picks;
  // 1. The first half's key, weighted by its ways times its share.
  const pick = bigBelow(word, plan.pairs);
  let lo = 0;
  let hi = keys.length - 1;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (cumulative[m]! > pick) hi = m;
    else lo = m + 1;
  }
  const keyA = keys[lo]!;
  // 2. The second half's key among those that complete it.
  const [la, lb, pa, pb] = decode(L, keyA);
  let r2 = uniformBelow(word, shareOf(plan, L, keyA));
  let keyB = -1;
  scan: for (let xa = Math.max(0, spec.hcpA[0] - pa); xa <= Math.min(P - 1, spec.hcpA[1] - pa); xa++) {
    for (let xb = Math.max(0, spec.hcpB[0] - pb); xb <= Math.min(P - 1, spec.hcpB[1] - pb); xb++) {
      const key = keyOf(L, H - la, H - lb, xa, xb);
      const w = plan.halfB[key]!;
      if (r2 < w) {
        keyB = key;
        break scan;
      }
      r2 -= w;
    }
  }
  // 3. Each half's key walked back through its items; 4. each item's cards.
  const masks = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const [half, last] of [[plan.halves[0], keyA], [plan.halves[1], keyB]] as const) {
    let key = last;
    for (let i = half.items.length - 1; i >= 0; i--) {
      const item = half.items[i]!;
      const before = half.states[i]!;
      const [ta, tb, qa, qb] = decode(L, key);
      if (item.digits === undefined) {
        item.digits = new Int32Array(item.keys.length * 4);
        item.keys.forEach((k, j) => item.digits!.set(decode(L, k), j * 4));
      }
      const d = item.digits;
      const ks = item.keys;
      const ws = item.weights;
      // Two passes, no arrays: the total of the parts that fit, then the part where a uniform draw below it falls.
      let total = 0;
      for (let j = 0; j < ks.length; j++) {
        if (d[j * 4]! > ta || d[j * 4 + 1]! > tb || d[j * 4 + 2]! > qa || d[j * 4 + 3]! > qb) continue;
        total += before[key - ks[j]!]! * ws[j]!;
      }
      let r = uniformBelow(word, total);
      let k = -1;
      for (let j = 0; j < ks.length; j++) {
        if (d[j * 4]! > ta || d[j * 4 + 1]! > tb || d[j * 4 + 2]! > qa || d[j * 4 + 3]! > qb) continue;
        const w = before[key - ks[j]!]! * ws[j]!;
        if (r < w) {
          k = ks[j]!;
          break;
        }
        r -= w;
      }
      key -= k;
      if (item.pool !== undefined) {
        const [ka, kb] = decode(L, k);
        const pool = item.pool.slice();
        for (let j = 0; j < ka + kb; j++) {
          const r = j + below(word, pool.length - j);
          [pool[j], pool[r]] = [pool[r]!, pool[j]!];
          const [s, rank] = pool[j]!;
          masks[(j < ka ? 0 : 4) + s]! |= 1 << rank;
        }
        continue;
      }
      if (item.byKey === undefined) {
        item.byKey = new Map();
        for (const c of item.choices) {
          const list = item.byKey.get(c.key);
          if (list === undefined) item.byKey.set(c.key, [c]);
          else list.push(c);
        }
      }
      const fitting = item.byKey.get(k)!;
      const choice = fitting.length === 1 ? fitting[0]! : pickWeighted(fitting, fitting.map((c) => c.weight), word);
      if (choice.ka + choice.kb === 0) {
        masks[choice.suit]! |= choice.ma;
        masks[4 + choice.suit]! |= choice.mb;
        continue;
      }
      const { spots } = suitCards(spec, choice.suit);
      for (let j = 0; j < choice.ka + choice.kb; j++) {
        const r = j + below(word, spots.length - j);
        [spots[j], spots[r]] = [spots[r]!, spots[j]!];
      }
      let ma = choice.ma;
      let mb = choice.mb;
      for (let j = 0; j < choice.ka; j++) ma |= 1 << spots[j]!;
      for (let j = choice.ka; j < choice.ka + choice.kb; j++) mb |= 1 << spots[j]!;
      masks[choice.suit]! |= ma;
      masks[4 + choice.suit]! |= mb;
    }
  }
  return masks;
}
