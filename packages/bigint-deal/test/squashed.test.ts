import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { squashedRank, squashedUnrank } from '../src/index.js';
import { choose, colexCompare, colexRank, expectError, subsets } from './reference.js';

/** A k (0 to 30) and an index among the k-subsets of {0, …, 199}. */
const kAndIndex = fc
  .integer({ min: 0, max: 30 })
  .chain((k) => fc.tuple(fc.constant(k), fc.bigInt({ min: 0n, max: choose(200, k) - 1n })));

/** A set of distinct non-negative integers, in arbitrary order. */
const set = fc.uniqueArray(fc.nat({ max: 5000 }), { maxLength: 30 });

describe('squashedRank and squashedUnrank', () => {
  test('the 3-subset at index 15 is {2, 3, 5}, and back', () => {
    expect(squashedUnrank(15, 3)).toEqual([2, 3, 5]);
    expect(squashedUnrank(15n, 3)).toEqual([2, 3, 5]);
    expect(squashedRank([2, 3, 5])).toBe(15n);
    expect(squashedRank([5, 2, 3])).toBe(15n);
  });

  test('the empty set is the only 0-subset, with rank 0', () => {
    expect(squashedRank([])).toBe(0n);
    expect(squashedUnrank(0, 0)).toEqual([]);
    expect(squashedUnrank(0n, 0)).toEqual([]);
  });

  test('all 3-subsets of {0..6} in squashed (colex) order have ranks 0, 1, 2, …', () => {
    const ordered = subsets(7, 3).sort(colexCompare);
    expect(ordered).toHaveLength(35);
    expect(ordered.slice(0, 5)).toEqual([[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3], [0, 1, 4]]);
    ordered.forEach((subset, i) => {
      expect(squashedRank(subset), `rank of {${subset}}`).toBe(BigInt(i));
      expect(squashedUnrank(i, 3), `subset ${i}`).toEqual(subset);
    });
  });

  test('indices 0 to C(n, k) - 1 are exactly the k-subsets of {0..n-1}, in colex order (n <= 9, k <= 5)', () => {
    for (let n = 0; n <= 9; n++) {
      for (let k = 0; k <= Math.min(n, 5); k++) {
        const ordered = subsets(n, k).sort(colexCompare);
        expect(ordered.length).toBe(Number(choose(n, k)));
        const unranked = ordered.map((_, i) => squashedUnrank(BigInt(i), k));
        expect(unranked, `n = ${n}, k = ${k}`).toEqual(ordered);
      }
    }
  });

  test('the k-subset right after all those inside {0..n-1} is {0, …, k-2, n}', () => {
    for (let n = 1; n <= 60; n++) {
      for (let k = 1; k <= n; k++) {
        const expected = [...Array.from({ length: k - 1 }, (_, i) => i), n];
        expect(squashedUnrank(choose(n, k), k), `index C(${n}, ${k})`).toEqual(expected);
      }
    }
  });

  test.prop([kAndIndex])('squashedRank(squashedUnrank(i, k)) = i, the subset has k sorted distinct elements', ([k, i]) => {
    const subset = squashedUnrank(i, k);
    expect(subset).toHaveLength(k);
    subset.forEach((c, j) => {
      expect(Number.isSafeInteger(c) && c >= 0).toBe(true);
      if (j > 0) expect(c).toBeGreaterThan(subset[j - 1]!);
    });
    expect(squashedRank(subset)).toBe(i);
  });

  test.prop([kAndIndex.filter(([, i]) => i <= BigInt(Number.MAX_SAFE_INTEGER))])(
    'an index given as a number means the same as the bigint',
    ([k, i]) => {
      expect(squashedUnrank(Number(i), k)).toEqual(squashedUnrank(i, k));
    },
  );

  test.prop([set])('squashedRank is Σ C(cᵢ, i), and squashedUnrank(squashedRank(s), |s|) is s sorted', (s) => {
    const rank = squashedRank(s);
    expect(rank).toBe(colexRank(s));
    expect(squashedUnrank(rank, s.length)).toEqual([...s].sort((a, b) => a - b));
  });

  test.prop([fc.uniqueArray(fc.nat({ max: Number.MAX_SAFE_INTEGER }), { minLength: 1, maxLength: 6 })])(
    'squashedRank is exact for elements up to 2^53 - 1',
    (s) => {
      expect(squashedRank(s)).toBe(colexRank(s));
    },
  );

  test.prop([set, set])('rank order is colex order', (a, b) => {
    fc.pre(a.length === b.length);
    const sa = [...a].sort((x, y) => x - y);
    const sb = [...b].sort((x, y) => x - y);
    expect(Math.sign(Number(squashedRank(a) - squashedRank(b)))).toBe(Math.sign(colexCompare(sa, sb)));
  });

  test('squashedRank refuses duplicates, negatives, fractions and non-arrays', () => {
    expectError(() => squashedRank([1, 3, 3]), RangeError, /distinct; got 3 twice/);
    expectError(() => squashedRank([2, -1]), RangeError, /non-negative safe integers; got -1/);
    expectError(() => squashedRank([1.5]), RangeError, /non-negative safe integers; got 1\.5/);
    expectError(() => squashedRank([NaN]), RangeError, /non-negative safe integers; got NaN/);
    expectError(() => squashedRank([2 ** 53]), RangeError, /non-negative safe integers; got 9007199254740992/);
    expectError(() => squashedRank('123' as unknown as number[]), TypeError, /subset must be an array .*; got '123'/);
    expectError(() => squashedRank(null as unknown as number[]), TypeError, /subset must be an array .*; got null/);
  });

  test('squashedUnrank refuses bad indices and sizes', () => {
    expectError(() => squashedUnrank(1, 0), RangeError, /index must be 0 for the empty subset .*; got 1/);
    expectError(() => squashedUnrank(7n, 0), RangeError, /index must be 0 for the empty subset .*; got 7/);
    expectError(() => squashedUnrank(-1, 2), RangeError, /index must be a non-negative integer.*; got -1/);
    expectError(() => squashedUnrank(-1n, 2), RangeError, /index must be a non-negative integer.*; got -1/);
    expectError(() => squashedUnrank(1.5, 2), RangeError, /index must be a non-negative integer.*; got 1\.5/);
    expectError(() => squashedUnrank(NaN, 2), RangeError, /index must be a non-negative integer.*; got NaN/);
    expectError(() => squashedUnrank(2 ** 53, 2), RangeError, /index must be a non-negative integer.*; got 9007199254740992/);
    expectError(() => squashedUnrank('15' as unknown as number, 3), RangeError, /index must be a non-negative integer.*; got '15'/);
    expectError(() => squashedUnrank(3, -1), RangeError, /k must be a non-negative safe integer; got -1/);
    expectError(() => squashedUnrank(3, 1.5), RangeError, /k must be a non-negative safe integer; got 1\.5/);
    expectError(() => squashedUnrank(3, NaN), RangeError, /k must be a non-negative safe integer; got NaN/);
  });

  // A huge index with a small k names a subset whose largest element is huge: {c} for k = 1 has index c. The answer
  // must come at once (or a RangeError when an element would pass 2^53 - 1, as squashedRank refuses such elements).
  // This runs in a child process with a generous time limit because the call is synchronous: if it loops once per
  // unit of the index, it would otherwise hang the test run.
  test('a huge index with a small k is answered or refused at once, not walked to one step at a time', () => {
    const source = fileURLToPath(new URL('../src/index.ts', import.meta.url));
    const script = `
      import { squashedUnrank } from ${JSON.stringify(source)};
      const attempt = (index, k) => { try { return squashedUnrank(index, k); } catch (e) { return e.constructor.name; } };
      console.log(JSON.stringify([
        attempt(BigInt(Number.MAX_SAFE_INTEGER), 1),
        attempt(2n ** 64n, 1),
        attempt(2n ** 120n, 2),
      ]));
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
      timeout: 5000,
    });
    expect(child.signal, 'squashedUnrank did not finish within 5 s (killed)').toBeNull();
    expect(child.status, child.stderr).toBe(0);
    expect(JSON.parse(child.stdout)).toEqual([[Number.MAX_SAFE_INTEGER], 'RangeError', 'RangeError']);
  }, 10_000);
});
