import { seededRandom as kitSeededRandom } from '@puzzles/kit/random';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidName, seededRandom } from '../src/index.js';
import { expectError, prop } from './reference.js';

describe('seededRandom', () => {
  prop([fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string())])(
    'is reproducible and stays in [0, 1)',
    (seed) => {
      const a = seededRandom(seed);
      const b = seededRandom(seed);
      for (let k = 0; k < 20; k++) {
        const x = a();
        expect(b()).toBe(x);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThan(1);
      }
    },
  );

  it('different seeds give different sequences; a number seeds as its decimal text (1 and "1" agree)', () => {
    const first = (seed: number | string) => seededRandom(seed)();
    expect(new Set([0, 1, 2, 3, 'a', 'b'].map(first)).size).toBe(6);
    expect(first(1)).toBe(first('1'));
  });

  it('is the family generator: the same sequence as @puzzles/kit/random for the same seed', () => {
    const ours = seededRandom('dlx');
    const kit = kitSeededRandom('dlx');
    for (let k = 0; k < 10; k++) expect(ours()).toBe(kit());
  });

  it('looks uniform enough: 10,000 draws fill 10 bins evenly', () => {
    const random = seededRandom('bins');
    const bins = Array<number>(10).fill(0);
    for (let k = 0; k < 10_000; k++) bins[Math.floor(random() * 10)]!++;
    for (const count of bins) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });

  it('refuses seeds that are not finite numbers or strings', () => {
    expectError(() => seededRandom(Number.NaN), TypeError, /seed must be a finite number.* or a string; got NaN/);
    expectError(() => seededRandom(Infinity), TypeError, /got Infinity/);
    expectError(() => seededRandom({} as never), TypeError, /got an object/);
  });
});

describe('isValidName', () => {
  it('accepts names without whitespace, colon or bar', () => {
    for (const name of ['a', 'r0c1', '#1', 'Ä', '12345678901']) expect(isValidName(name)).toBe(true);
    for (const name of ['', 'a b', 'a:b', 'a|b', '\t', 3]) expect(isValidName(name)).toBe(false);
  });
});
