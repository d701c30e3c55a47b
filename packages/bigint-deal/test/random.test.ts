import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Deal, createDealNumbering, dealByNumber, randomDeal, type Edition } from '../src/index.js';
import { D, EDITIONS, expectError, prop } from './reference.js';

/** A small seeded generator of numbers in [0, 1) (mulberry32), standing in for a user's own `random`. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A `random` that replays a fixed list of numbers over and over, counting the calls. */
function replay(values: readonly number[]): { random: () => number; calls: () => number } {
  let i = 0;
  return { random: () => values[i++ % values.length]!, calls: () => i };
}

const built = fileURLToPath(new URL('../dist/index.js', import.meta.url));

const seedArb = fc.oneof(fc.integer(), fc.bigInt(), fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }));

describe('randomDeal', () => {
  prop([seedArb])('the same seed gives the same page and deal; the deal is the one on that page', (seed) => {
    const first = randomDeal({ seed });
    const again = randomDeal({ seed });
    expect(again.page).toBe(first.page);
    expect(again.deal.equals(first.deal)).toBe(true);
    expect(first.page >= 1n && first.page <= D).toBe(true);
    expect(first.deal).toBeInstanceOf(Deal);
    expect(first.deal.equals(dealByNumber(first.page))).toBe(true);
  });

  prop([seedArb, seedArb])('different seeds give different deals', (a, b) => {
    fc.pre(String(a) !== String(b));
    expect(randomDeal({ seed: a }).page).not.toBe(randomDeal({ seed: b }).page);
  });

  it('a seed names the same deal in every run: 7, 7n and \'7\' agree, and a process of its own finds it too', () => {
    const page = randomDeal({ seed: 2026 }).page;
    expect(randomDeal({ seed: 2026n }).page).toBe(page);
    expect(randomDeal({ seed: '2026' }).page).toBe(page);
    const other = spawnSync(process.execPath, ['--input-type=module', '-e', `import { randomDeal } from ${JSON.stringify(built)}; console.log(String(randomDeal({ seed: 2026 }).page))`], { encoding: 'utf8' });
    expect(other.stdout.trim()).toBe(String(page));
  });

  // Seeded pages split into 8 equal ranges of the book: 4000 seeds should land about 500 in each; a chi-square
  // statistic with 7 degrees of freedom above 40 has probability below 1e-5 for uniform pages. Deterministic seeds.
  it('seeded pages are spread uniformly over the whole book', () => {
    const counts = new Array<number>(8).fill(0);
    for (let i = 0; i < 4000; i++) counts[Number(((randomDeal({ seed: `spread ${i}` }).page - 1n) * 8n) / D)]!++;
    const chiSquare = counts.reduce((sum, n) => sum + (n - 500) ** 2 / 500, 0);
    expect(chiSquare).toBeLessThan(40);
  });

  prop([seedArb, fc.constantFrom<Edition>(...EDITIONS)])('the edition picks the deal on the page from that edition', (seed, edition) => {
    const { page, deal } = randomDeal({ seed, edition });
    expect(deal.equals(dealByNumber(page, { edition }))).toBe(true);
  });

  it('without a seed or random, two deals differ (all but certainly) and both are valid', () => {
    const a = randomDeal();
    const b = randomDeal({});
    expect(a.page).not.toBe(b.page);
    for (const { page, deal } of [a, b]) {
      expect(page >= 1n && page <= D).toBe(true);
      expect(deal.equals(dealByNumber(page))).toBe(true);
    }
  });

  prop([fc.integer()])('an injected random makes the deal reproducible, and is used', (seed) => {
    const a = randomDeal({ random: mulberry32(seed) });
    const b = randomDeal({ random: mulberry32(seed) });
    const c = randomDeal({ random: mulberry32(seed + 1) });
    expect(b.page).toBe(a.page);
    expect(c.page).not.toBe(a.page);
    expect(a.deal.equals(dealByNumber(a.page))).toBe(true);
  });

  it('a fixed sequence of numbers gives a fixed deal', () => {
    const values = [0.1, 0.7, 0.3, 0.999, 0, 0.5];
    const one = replay(values);
    const two = replay(values);
    const a = randomDeal({ random: one.random });
    const b = randomDeal({ random: two.random });
    expect(b.page).toBe(a.page);
    expect(one.calls()).toBeGreaterThan(0);
    // Constants low enough to be accepted at the first draw: a constant above D's share of 2^96 would be rejected forever.
    expect(randomDeal({ random: replay([0.25]).random }).page).not.toBe(randomDeal({ random: replay([0.5]).random }).page);
  });

  it('a seed wins over random', () => {
    const random = (): number => {
      throw new Error('random must not be called when a seed is given');
    };
    expect(randomDeal({ seed: 'x', random }).page).toBe(randomDeal({ seed: 'x' }).page);
  });

  it('deals from another numbering', () => {
    const skat = createDealNumbering([10, 10, 10, 2], { players: 'FMHS' });
    for (let seed = 0; seed < 20; seed++) {
      const { page, deal } = randomDeal({ numbering: skat, seed });
      expect(page >= 1n && page <= skat.count).toBe(true);
      expect(deal.handSizes).toEqual([10, 10, 10, 2]);
      expect(deal.players).toBe('FMHS');
      expect(deal.equals(skat.dealByNumber(page))).toBe(true);
    }
    const single = createDealNumbering([5]);
    expect(randomDeal({ numbering: single, seed: 1 }).page).toBe(1n);
    expect(randomDeal({ numbering: single }).deal.toString()).toBe('AAAAA');
  });

  // [1, 1, 1] has 6 deals. 6000 seeded draws should land about 1000 on each; a chi-square statistic with 5 degrees of
  // freedom above 40 has probability below 1e-6 for a uniform draw, while dealing (3-bit word mod 6), which favours two
  // deals 2:1, gives about 500. The seeds are fixed, so this is deterministic.
  it('is roughly uniform over a tiny book (no modulo bias)', () => {
    const numbering = createDealNumbering([1, 1, 1]);
    for (const draw of [(i: number) => randomDeal({ numbering, seed: `u${i}` }), (i: number) => randomDeal({ numbering, random: mulberry32(i) })]) {
      const counts = new Map<bigint, number>();
      for (let i = 0; i < 6000; i++) {
        const { page } = draw(i);
        counts.set(page, (counts.get(page) ?? 0) + 1);
      }
      expect([...counts.keys()].sort()).toEqual([1n, 2n, 3n, 4n, 5n, 6n]);
      const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - 1000) ** 2 / 1000, 0);
      expect(chiSquare).toBeLessThan(40);
    }
  });

  it('refuses bad seeds, random functions and editions', () => {
    expectError(() => randomDeal({ seed: NaN }), TypeError, /^seed must be a finite number, a bigint or a string; got NaN$/);
    expectError(() => randomDeal({ seed: Infinity }), TypeError, /^seed must be a finite number, a bigint or a string; got Infinity$/);
    expectError(() => randomDeal({ seed: {} as unknown as string }), TypeError, /^seed must be a finite number, a bigint or a string; got an object$/);
    expectError(() => randomDeal({ random: 0.5 as unknown as () => number }), TypeError, /^random must be a function returning numbers in \[0, 1\); got 0\.5$/);
    expectError(() => randomDeal({ random: () => 1 }), RangeError, /^random\(\) must return a number in \[0, 1\); got 1$/);
    expectError(() => randomDeal({ random: () => -0.25 }), RangeError, /^random\(\) must return a number in \[0, 1\); got -0\.25$/);
    expectError(() => randomDeal({ random: () => NaN }), RangeError, /^random\(\) must return a number in \[0, 1\); got NaN$/);
    expectError(() => randomDeal({ random: () => '0.5' as unknown as number }), RangeError, /^random\(\) must return a number in \[0, 1\); got '0\.5'$/);
    expectError(() => randomDeal({ seed: 1, edition: 'foo' as Edition }), RangeError, /^edition must be 'andrews' or 'pavlicek'; got 'foo'$/);
    expectError(() => randomDeal(null as unknown as object), TypeError, /^the options of randomDeal must be an object; got null$/);
  });

  it('gives up with a clear error on a random source that never lands below the number of deals', () => {
    // 0.75 · 2^96 is above D on every draw: a uniform source misses with probability under 1/2 each time.
    expectError(() => randomDeal({ random: () => 0.75 }), RangeError, /1000 draws in a row at or above 53644737765488792839237440000/);
  });
});
