// The most frequent items of a stream in bounded memory: Space-Saving (Metwally, Agrawal, El Abbadi 2005). k counters;
// an item not held takes the counter of the least count, inheriting that count as its possible error. Every item
// whose true count exceeds N/k is held, and a held item's count exceeds its true count by at most its error ≤ N/k.
// Items are keyed by a 64-bit hash (two 32-bit halves); their names are kept only while they are held.
import { describeValue } from './errors.js';
import { HyperLogLog } from './hyperloglog.js';

/** The least number of counters of a `TopCounters`. */
export const MIN_COUNTERS = 1;
/** The greatest number of counters of a `TopCounters`. */
export const MAX_COUNTERS = 1 << 20;

/** Checks a number of counters. @internal */
export function checkCounters(counters: unknown, name = 'counters'): number {
  if (typeof counters !== 'number' || !Number.isInteger(counters) || counters < MIN_COUNTERS || counters > MAX_COUNTERS) {
    throw new RangeError(`${name} must be an integer from ${MIN_COUNTERS} to ${MAX_COUNTERS}; got ${describeValue(counters)}`);
  }
  return counters;
}

/** One held item of a `TopCounters`. */
export interface TopItem {
  /** The item's name as given when it was last taken in. */
  readonly key: string;
  /** Its count: at least its true count, at most `error` more. */
  readonly count: number;
  /** The count it inherited when it took its counter: the most its count can exceed its true count. */
  readonly error: number;
  /** The weight (bytes) added while it was held: at most its true weight. */
  readonly weight: number;
  /** Distinct visitors among the hits counted while it was held (a HyperLogLog estimate), when visitors are kept. */
  readonly visitors: number;
}

/** Space-Saving counters of the most frequent items, each with a weight and (optionally) a distinct count. */
export class TopCounters {
  /** The number of counters (k). */
  readonly capacity: number;
  /** The total count of every item added (N). */
  total = 0;
  readonly #h1: Int32Array;
  readonly #h2: Int32Array;
  readonly #names: string[] = [];
  readonly #counts: Float64Array;
  readonly #errors: Float64Array;
  readonly #weights: Float64Array;
  readonly #visitors: HyperLogLog[] | null;
  readonly #visitorPrecision: number;
  // A min-heap of counters by count, and each counter's place in it.
  readonly #heap: Int32Array;
  readonly #place: Int32Array;
  // Open addressing by h1: counter + 1, 0 empty.
  readonly #table: Int32Array;
  readonly #mask: number;
  #size = 0;

  /** `visitorPrecision`: keep each held item's distinct visitors in a HyperLogLog of that precision (0: none). */
  constructor(capacity: number, visitorPrecision = 0) {
    this.capacity = checkCounters(capacity, 'capacity');
    this.#h1 = new Int32Array(capacity);
    this.#h2 = new Int32Array(capacity);
    this.#counts = new Float64Array(capacity);
    this.#errors = new Float64Array(capacity);
    this.#weights = new Float64Array(capacity);
    this.#heap = new Int32Array(capacity);
    this.#place = new Int32Array(capacity);
    let size = 4;
    while (size < capacity * 2) size *= 2;
    this.#table = new Int32Array(size);
    this.#mask = size - 1;
    this.#visitors = visitorPrecision > 0 ? [] : null;
    this.#visitorPrecision = visitorPrecision;
  }

  /** How many counters hold an item. */
  get size(): number {
    return this.#size;
  }

  /** The greatest error any held count can have: the least count once every counter is taken, else 0. */
  get maxError(): number {
    return this.#size < this.capacity ? 0 : this.#counts[this.#heap[0]!]!;
  }

  /** The counter holding the item hashed (h1, h2), or -1. */
  find(h1: number, h2: number): number {
    const table = this.#table;
    const mask = this.#mask;
    for (let slot = h1 & mask; ; slot = (slot + 1) & mask) {
      const entry = table[slot]!;
      if (entry === 0) return -1;
      const c = entry - 1;
      if (this.#h1[c] === h1 && this.#h2[c] === h2) return c;
    }
  }

  /**
   * The counter for an item not held (`find` gave -1): a free one, or the one of the least count, whose item is
   * dropped (its count stays, as the new item's error). `name` is the new item's name.
   */
  take(h1: number, h2: number, name: string): number {
    let c: number;
    if (this.#size < this.capacity) {
      c = this.#size++;
      this.#counts[c] = 0;
      // A count of 0 is the least: the new counter goes up to the heap's root.
      const heap = this.#heap;
      const place = this.#place;
      let i = c;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        heap[i] = heap[parent]!;
        place[heap[i]!] = i;
        i = parent;
      }
      heap[0] = c;
      place[c] = 0;
      this.#errors[c] = 0;
      this.#names.push(name);
      if (this.#visitors !== null) this.#visitors.push(new HyperLogLog(this.#visitorPrecision));
    } else {
      c = this.#heap[0]!;
      this.#remove(c);
      this.#errors[c] = this.#counts[c]!;
      this.#names[c] = name;
      this.#visitors?.[c]!.clear();
    }
    this.#weights[c] = 0;
    this.#h1[c] = h1;
    this.#h2[c] = h2;
    const table = this.#table;
    const mask = this.#mask;
    let slot = h1 & mask;
    while (table[slot] !== 0) slot = (slot + 1) & mask;
    table[slot] = c + 1;
    return c;
  }

  /** Counts one more of counter c's item, with its weight. */
  hit(c: number, weight: number): void {
    this.total++;
    this.#counts[c]!++;
    this.#weights[c]! += weight;
    // The count grew: sift down the min-heap.
    const heap = this.#heap;
    const place = this.#place;
    const counts = this.#counts;
    const n = this.#size;
    let i = place[c]!;
    const count = counts[c]!;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const child = r < n && counts[heap[r]!]! < counts[heap[l]!]! ? r : l;
      const cc = heap[child]!;
      if (counts[cc]! >= count) break;
      heap[i] = cc;
      place[cc] = i;
      i = child;
    }
    heap[i] = c;
    place[c] = i;
  }

  /** Counts a visitor (a hash) of counter c's item. */
  visit(c: number, v1: number, v2: number): void {
    this.#visitors![c]!.add(v1, v2);
  }

  /** Counts one of the item hashed (h1, h2), named by `name()` only when it is taken in. */
  add(h1: number, h2: number, name: () => string, weight = 0): number {
    let c = this.find(h1, h2);
    if (c < 0) c = this.take(h1, h2, name());
    this.hit(c, weight);
    return c;
  }

  /** Drops counter c's key from the table (backward-shift deletion, so that no probe chain is broken). */
  #remove(c: number): void {
    const table = this.#table;
    const mask = this.#mask;
    let i = this.#h1[c]! & mask;
    while (table[i] !== c + 1) i = (i + 1) & mask;
    for (let j = (i + 1) & mask; table[j] !== 0; j = (j + 1) & mask) {
      const home = this.#h1[table[j]! - 1]! & mask;
      // Move j's entry into the hole at i when its home is not in the cyclic range (i, j].
      const between = i <= j ? home > i && home <= j : home > i || home <= j;
      if (!between) {
        table[i] = table[j]!;
        i = j;
      }
    }
    table[i] = 0;
  }

  /** The held items, most counted first (ties by name). */
  items(): TopItem[] {
    const out: TopItem[] = [];
    for (let c = 0; c < this.#size; c++) {
      out.push({ key: this.#names[c]!, count: this.#counts[c]!, error: this.#errors[c]!, weight: this.#weights[c]!, visitors: this.#visitors === null ? 0 : this.#visitors[c]!.estimate() });
    }
    return out.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
