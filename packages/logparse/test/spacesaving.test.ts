// Space-Saving against plain counting (a Map of every item): every item whose true count exceeds N/k is held, and a
// held item's true count lies in [count − error, count] with error ≤ N/k.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TopCounters } from '../src/index.js';

const RUNS = process.env.CI ? 200 : 50;

/** Counts the stream in k counters; items are keyed by a hash made from their number (distinct numbers, distinct keys). */
function sketch(stream: readonly number[], k: number): TopCounters {
  const t = new TopCounters(k);
  for (const item of stream) t.add(Math.imul(item, 0x9e3779b1) | 0, item, () => `item ${item}`, item % 7);
  return t;
}

function trueCounts(stream: readonly number[]): Map<string, { hits: number; weight: number }> {
  const m = new Map<string, { hits: number; weight: number }>();
  for (const item of stream) {
    const c = m.get(`item ${item}`) ?? { hits: 0, weight: 0 };
    c.hits++;
    c.weight += item % 7;
    m.set(`item ${item}`, c);
  }
  return m;
}

// Skewed streams: a few frequent items among many rare ones.
const stream = fc.array(fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 5 }) }, { weight: 2, arbitrary: fc.integer({ min: 0, max: 400 }) }), { maxLength: 600 });

describe('TopCounters (Space-Saving)', () => {
  it('holds every item whose true count exceeds N/k; each held count is within its error, and the error within N/k', () => {
    fc.assert(
      fc.property(stream, fc.integer({ min: 1, max: 40 }), (items, k) => {
        const t = sketch(items, k);
        const truth = trueCounts(items);
        const held = new Map(t.items().map((i) => [i.key, i]));
        const bound = items.length / k;
        expect(t.total).toBe(items.length);
        expect(t.size).toBe(Math.min(k, truth.size));
        for (const [key, c] of truth) if (c.hits > bound) expect(held.has(key), `${key} (${c.hits} of ${items.length}, k ${k})`).toBe(true);
        for (const i of t.items()) {
          const c = truth.get(i.key)!;
          expect(i.count - i.error).toBeLessThanOrEqual(c.hits);
          expect(c.hits).toBeLessThanOrEqual(i.count);
          expect(i.error).toBeLessThanOrEqual(bound);
          expect(i.error).toBeLessThanOrEqual(t.maxError);
          expect(i.weight).toBeLessThanOrEqual(c.weight);
        }
        // The counts add up to N: each hit went to exactly one counter (an evicted item's count stays in its counter).
        expect(t.items().reduce((a, i) => a + i.count, 0)).toBe(items.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('is exact while no counter was taken from another item: errors 0, counts and weights the true ones', () => {
    fc.assert(
      fc.property(stream, (items) => {
        const truth = trueCounts(items);
        const t = sketch(items, truth.size + 1);
        expect(t.maxError).toBe(0);
        expect(Object.fromEntries(t.items().map((i) => [i.key, { hits: i.count, weight: i.weight }]))).toEqual(Object.fromEntries(truth));
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps the heavy hitters of a long skewed stream in few counters (Zipf: item i comes 5000 / i times, shuffled)', () => {
    const items: number[] = [];
    for (let i = 1; i <= 2000; i++) for (let n = Math.floor(5000 / i); n > 0; n--) items.push(i);
    // A fixed shuffle (a linear congruential generator): the same stream on every run.
    let seed = 12345;
    for (let i = items.length - 1; i > 0; i--) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const j = seed % (i + 1);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    const t = sketch(items, 100);
    expect(t.items().slice(0, 5).map((i) => i.key)).toEqual(['item 1', 'item 2', 'item 3', 'item 4', 'item 5']);
    // Items 1 to 12 come more than N/k (~409) times: all held.
    const held = new Set(t.items().map((i) => i.key));
    for (let i = 1; i <= 12; i++) expect(held.has(`item ${i}`)).toBe(true);
  });

  it('finds, takes and drops items by their hash (64 bits: two halves), also with colliding first halves', () => {
    const t = new TopCounters(2);
    const a = t.add(5, 1, () => 'a');
    t.add(5, 1, () => 'never decoded again');
    const b = t.add(5, 2, () => 'b');
    expect(a).not.toBe(b);
    expect(t.find(5, 1)).toBe(a);
    expect(t.find(5, 2)).toBe(b);
    // A third item takes b's counter (the least count: 1) and inherits its count as its error.
    const c = t.add(6, 3, () => 'c');
    expect(c).toBe(b);
    expect(t.find(5, 2)).toBe(-1);
    expect(t.find(5, 1)).toBe(a);
    expect(t.items()).toEqual([
      { key: 'a', count: 2, error: 0, weight: 0, visitors: 0 },
      { key: 'c', count: 2, error: 1, weight: 0, visitors: 0 },
    ]);
    expect(() => new TopCounters(0)).toThrow(new RangeError('capacity must be an integer from 1 to 1048576; got 0'));
  });

  it('counts the distinct visitors of each held item from when it took its counter', () => {
    const t = new TopCounters(1, 8);
    const x = t.add(1, 1, () => 'x');
    for (let v = 0; v < 10; v++) t.visit(x, v * 7919, v);
    t.visit(x, 0, 0);
    expect(t.items()[0]!.visitors).toBe(10);
    const y = t.add(2, 2, () => 'y');
    t.visit(y, 1, 1);
    expect(t.items()[0]).toEqual({ key: 'y', count: 2, error: 1, weight: 0, visitors: 1 });
  });
});
