import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { below, bigBelow, randomSource, seededRandom, seededWords, sfc32, shuffleInPlace, wordSource } from '../src/random.js';

/** sfc32 from a given state, written again with BigInt arithmetic (the first twelve words discarded). */
function referenceSfc32(state: readonly bigint[], count: number): number[] {
  const M = 0xffffffffn;
  const u = (x: bigint) => x & M;
  const rotl = (x: bigint, r: bigint) => u((x << r) | (x >> (32n - r)));
  let [a, b, c, d] = state.map(u) as [bigint, bigint, bigint, bigint];
  const next = () => {
    const t = u(a + b + d);
    d = u(d + 1n);
    a = b ^ (b >> 9n);
    b = u(c + (c << 3n));
    c = rotl(c, 21n);
    c = u(c + t);
    return Number(t);
  };
  for (let i = 0; i < 12; i++) next();
  return Array.from({ length: count }, next);
}

/** xmur3 and sfc32 written again with BigInt arithmetic, as plain as their published descriptions. */
function referenceWords(text: string, count: number): number[] {
  const M = 0xffffffffn;
  const u = (x: bigint) => x & M;
  const mul = (a: bigint, b: bigint) => u(a * b);
  const rotl = (x: bigint, r: bigint) => u((x << r) | (x >> (32n - r)));
  let h = u(1779033703n ^ BigInt(text.length));
  for (const ch of text.split('').map((c) => BigInt(c.charCodeAt(0)))) {
    h = rotl(mul(h ^ ch, 3432918353n), 13n);
  }
  const mix = () => {
    h = mul(h ^ (h >> 16n), 2246822507n);
    h = mul(h ^ (h >> 13n), 3266489909n);
    h = h ^ (h >> 16n);
    return h;
  };
  return referenceSfc32([mix(), mix(), mix(), mix()], count);
}

describe('sfc32', () => {
  it('gives the words an independent BigInt version computes from the same four-word state', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffffffff }), { minLength: 4, maxLength: 4 }), (state) => {
        const words = sfc32(state[0]!, state[1]!, state[2]!, state[3]!);
        expect(Array.from({ length: 20 }, words)).toEqual(referenceSfc32(state.map(BigInt), 20));
      }),
      { numRuns: 50 },
    );
  });
});

describe('seededWords', () => {
  it('gives the words of xmur3 + sfc32 as an independent BigInt version computes them', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const words = seededWords(text);
        expect(Array.from({ length: 20 }, words)).toEqual(referenceWords(text, 20));
      }),
      { numRuns: 50 },
    );
  });

  it('seeds numbers and bigints by their decimal text', () => {
    const first = (seed: number | bigint | string) => seededWords(seed)();
    expect(first(7)).toBe(first('7'));
    expect(first(7n)).toBe(first('7'));
    expect(first(7)).not.toBe(first(8));
  });

  it('refuses what is not a seed, naming it', () => {
    expect(() => seededWords(NaN)).toThrow(new TypeError('seed must be a finite number, a bigint or a string; got NaN'));
    expect(() => seededWords({} as never)).toThrow(/got an object/);
  });

  it('gives numbers in [0, 1) from seededRandom', () => {
    const random = seededRandom('x');
    for (let i = 0; i < 1000; i++) {
      const x = random();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});

describe('wordSource and randomSource', () => {
  it('use the seed when there is one, else the given random, else crypto', () => {
    expect(wordSource({ seed: 'a' })()).toBe(seededWords('a')());
    expect(wordSource({ random: () => 0.5 })()).toBe(2 ** 31);
    expect(randomSource({ random: () => 0.25 })()).toBe(0.25);
    const crypto = wordSource({});
    const words = new Set(Array.from({ length: 100 }, crypto));
    expect(words.size).toBeGreaterThan(90);
  });

  it('check what the given random returns', () => {
    expect(() => wordSource({ random: () => 1 })()).toThrow(new RangeError('random() must return a number in [0, 1); got 1'));
    expect(() => randomSource({ random: 'x' as never })).toThrow(/random must be a function/);
  });
});

describe('below and bigBelow', () => {
  it('stay below the bound', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 2 ** 32 }), (seed, bound) => {
        const x = below(seededWords(seed), bound);
        expect(Number.isInteger(x) && x >= 0 && x < bound).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string(), fc.bigInt({ min: 1n, max: 2n ** 100n }), (seed, bound) => {
        const x = bigBelow(seededWords(seed), bound);
        expect(x >= 0n && x < bound).toBe(true);
      }),
    );
  });

  it('are uniform (chi-square over 6 cells with a fixed seed)', () => {
    const word = seededWords('uniform');
    const counts = new Array<number>(6).fill(0);
    const n = 60_000;
    for (let i = 0; i < n; i++) counts[below(word, 6)]!++;
    const chi = counts.reduce((sum, c) => sum + (c - n / 6) ** 2 / (n / 6), 0);
    expect(chi).toBeLessThan(20.5); // p = 0.001 for 5 degrees of freedom
  });

  it('refuse a bad bound and a constant source', () => {
    expect(() => below(() => 0, 0)).toThrow(/bound must be an integer from 1 to 4294967296; got 0/);
    expect(() => below(() => 4294967295, 3)).toThrow(/constant/);
  });
});

describe('shuffleInPlace', () => {
  it('permutes the items', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.string(), (items, seed) => {
        const shuffled = shuffleInPlace([...items], seededWords(seed));
        expect([...shuffled].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
      }),
    );
  });
});
