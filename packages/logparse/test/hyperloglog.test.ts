// HyperLogLog: estimates within a few standard errors on fixed sets of known size, exact while sparse, merges as a
// union. The hash is deterministic, so every verdict here is the same on every run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HyperLogLog, MAX_PRECISION, MIN_PRECISION, standardError } from '../src/index.js';
import { hashBytes } from '../src/hyperloglog.js';

const RUNS = process.env.CI ? 200 : 50;
const encoder = new TextEncoder();
const out = new Int32Array(2);
const scratch = new Uint8Array(4096);

/** Adds the text's 64-bit hash. */
function addText(h: HyperLogLog, text: string): void {
  const { written } = encoder.encodeInto(text, scratch);
  hashBytes(scratch, 0, written, out);
  h.add(out[0]!, out[1]!);
}

describe('HyperLogLog', () => {
  it('estimates sets of known size within 4 standard errors (fixed inputs: client addresses, paths, visitor keys)', () => {
    const kinds = [(i: number) => `${i >>> 16}.${(i >>> 8) & 255}.${i & 255}.7`, (i: number) => `/blog/${i}?page=${i % 7}`, (i: number) => `10.0.${i % 250}.${i % 199}\u0000Mozilla/5.0 (${i})`];
    for (const precision of [8, 12, 14]) {
      for (const n of precision === 14 ? [3_000, 30_000, 150_000] : [3_000, 30_000]) {
        for (const kind of kinds) {
          const h = new HyperLogLog(precision);
          // Each value twice: repeats change nothing.
          for (let i = 0; i < n; i++) addText(h, kind(i));
          for (let i = 0; i < n; i += 3) addText(h, kind(i));
          const error = Math.abs(h.estimate() - n) / n;
          expect(error, `precision ${precision}, ${n} values like ${kind(1)}: estimate ${h.estimate()}`).toBeLessThan(4 * standardError(precision));
        }
      }
    }
  });

  it('has no bias over many sets: the mean error of 24 sets of 10,000 is within 3 standard errors of the mean', () => {
    const errors: number[] = [];
    for (let s = 0; s < 24; s++) {
      const h = new HyperLogLog(10);
      for (let i = 0; i < 10_000; i++) addText(h, `set${s}-${i}`);
      errors.push(h.estimate() / 10_000 - 1);
    }
    const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
    expect(Math.abs(mean)).toBeLessThan(standardError(10) / Math.sqrt(24) * 3);
    // And the spread is about the stated standard error (between half and twice it).
    const sd = Math.sqrt(errors.reduce((a, b) => a + (b - mean) ** 2, 0) / (errors.length - 1));
    expect(sd).toBeGreaterThan(standardError(10) / 2);
    expect(sd).toBeLessThan(standardError(10) * 2);
  });

  it('is exact while it holds at most 2^precision / 16 distinct values (sparse), and stays exact under repeats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 14 }), fc.array(fc.string({ maxLength: 12 }), { maxLength: 300 }), (precision, values) => {
        const h = new HyperLogLog(precision);
        for (const v of values) addText(h, v);
        for (const v of values) addText(h, v);
        const distinct = new Set(values).size;
        if (distinct <= (1 << precision) / 16) {
          expect(h.exact).toBe(true);
          expect(h.estimate()).toBe(distinct);
        } else expect(h.exact).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it('counts small sets exactly with the default precision (1 to 1,024 values)', () => {
    const h = new HyperLogLog();
    for (let i = 1; i <= 1024; i++) {
      addText(h, `visitor ${i}`);
      if (i % 97 === 0 || i === 1024) expect(h.estimate()).toBe(i);
    }
    addText(h, 'visitor 1025');
    expect(h.exact).toBe(false);
    expect(Math.abs(h.estimate() - 1025)).toBeLessThan(1025 * 4 * standardError(14));
  });

  it('merges as a union: the merge of two counters is the counter of both sets (sparse or dense, either side)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 }), (a, b, shared) => {
        const left = new HyperLogLog(8);
        const right = new HyperLogLog(8);
        const both = new HyperLogLog(8);
        for (let i = 0; i < a; i++) [left, both].forEach((h) => addText(h, `a${i}`));
        for (let i = 0; i < b; i++) [right, both].forEach((h) => addText(h, `b${i}`));
        for (let i = 0; i < shared; i += 37) [left, right, both].forEach((h) => addText(h, `s${i}`));
        left.merge(right);
        expect(left.estimate()).toBe(both.estimate());
      }),
      { numRuns: Math.ceil(RUNS / 5) },
    );
  });

  it('starts empty, forgets on clear, and refuses bad precisions and merges in our words', () => {
    const h = new HyperLogLog(12);
    expect(h.estimate()).toBe(0);
    for (let i = 0; i < 5000; i++) addText(h, String(i));
    expect(h.bytes).toBe(4096);
    h.clear();
    expect(h.estimate()).toBe(0);
    expect(h.exact).toBe(true);
    for (const bad of [MIN_PRECISION - 1, MAX_PRECISION + 1, 10.5, Number.NaN, '12']) {
      expect(() => new HyperLogLog(bad as number)).toThrow(new RangeError(`precision must be an integer from 4 to 18 (2^precision registers); got ${typeof bad === 'string' ? "'12'" : String(bad)}`));
    }
    expect(() => h.merge(new HyperLogLog(13))).toThrow(/a HyperLogLog merges a HyperLogLog of its precision \(12\); got/);
    expect(standardError(14)).toBeCloseTo(0.008125, 6);
  });
});
