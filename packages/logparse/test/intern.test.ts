// The id tables of the fast path: pairs of ids numbered (PairTable) and sets of pairs (PairSet), both growing from a
// small first size, checked against Maps and Sets of the same pairs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PairSet, PairTable } from '../src/intern.js';

const RUNS = process.env.CI ? 200 : 50;
/** Pairs with many repeats, and enough distinct ones (up to 3,000) to make the tables grow several times. */
const pairs = fc.array(fc.tuple(fc.nat({ max: 60 }), fc.integer({ min: -1, max: 80 })), { maxLength: 3000 });

describe('PairSet', () => {
  it('holds each pair once, counts them per first id and lists them, as a Set of the pairs does', () => {
    fc.assert(
      fc.property(pairs, (list) => {
        const set = new PairSet();
        const plain = new Set<string>();
        for (const [a, b] of list) {
          set.add(a, b);
          plain.add(`${a},${b}`);
        }
        expect(set.size).toBe(plain.size);
        const counts = new Int32Array(61);
        set.countFirsts(counts);
        const expected = new Int32Array(61);
        for (const key of plain) expected[Number(key.split(',')[0])]!++;
        expect(counts).toEqual(expected);
        const [firsts, seconds] = set.lists();
        expect(new Set(Array.from(firsts, (a, i) => `${a},${seconds[i]}`))).toEqual(plain);
      }),
      { numRuns: RUNS },
    );
  });

  it('holds the same pairs when room is made at once for more (reserve) at any point, as when it grows by doubling', () => {
    fc.assert(
      fc.property(pairs, fc.nat(), fc.nat({ max: 5000 }), (list, at, more) => {
        const set = new PairSet();
        const plain = new Set<string>();
        list.forEach(([a, b], i) => {
          if (i === at % (list.length + 1)) set.reserve(more);
          set.add(a, b);
          plain.add(`${a},${b}`);
        });
        if (at % (list.length + 1) === list.length) set.reserve(more);
        expect(set.size).toBe(plain.size);
        const [firsts, seconds] = set.lists();
        expect(new Set(Array.from(firsts, (a, i) => `${a},${seconds[i]}`))).toEqual(plain);
      }),
      { numRuns: RUNS },
    );
  });

  it('grows past its first table (thousands of distinct pairs)', () => {
    const set = new PairSet();
    for (let i = 0; i < 5000; i++) set.add(i % 97, i);
    for (let i = 0; i < 5000; i++) set.add(i % 97, i);
    expect(set.size).toBe(5000);
  });
});

describe('PairTable', () => {
  it('numbers each distinct pair once, in order of first appearance', () => {
    fc.assert(
      fc.property(pairs, (list) => {
        const table = new PairTable();
        const plain = new Map<string, number>();
        for (const [a, b] of list) {
          const id = table.id(a, b);
          const key = `${a},${b}`;
          if (!plain.has(key)) plain.set(key, plain.size);
          expect(id).toBe(plain.get(key));
          expect([table.firsts[id], table.seconds[id]]).toEqual([a, b]);
        }
        expect(table.size).toBe(plain.size);
      }),
      { numRuns: RUNS },
    );
  });

  it('numbers the same when room is made at once for more pairs (reserve) at any point', () => {
    fc.assert(
      fc.property(pairs, fc.nat(), fc.nat({ max: 5000 }), (list, at, more) => {
        const table = new PairTable();
        const plain = new PairTable();
        list.forEach(([a, b], i) => {
          if (i === at % list.length) table.reserve(more);
          expect(table.id(a, b)).toBe(plain.id(a, b));
        });
        expect(table.size).toBe(plain.size);
        expect(Array.from(table.firsts.subarray(0, table.size))).toEqual(Array.from(plain.firsts.subarray(0, plain.size)));
      }),
      { numRuns: RUNS },
    );
  });
});
