// Shards: a search split at its top levels into deterministic pieces. Whatever the number of shards, their counts,
// nodes and updates add up to one search's, their solutions are one search's solutions, each once, and the deepest
// level is one search's; on both engines, with colors, with a seed and with given options.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setWasmEnabled } from '../src/engine-wasm.js';
import { count, createSolver, defineProblem, formatShard, listShards, nQueensProblem, parseDlx, parseShard, pentominoProblem, solutions, type Problem, type SolveOptions } from '../src/index.js';
import { expectError, fuzzText, onlyOurErrors, problemArb, prop, type PlainProblem } from './reference.js';

/** A problem with colors on its secondary items, bigger than the brute-force ones (so that it splits deeper). */
const coloredArb: fc.Arbitrary<PlainProblem> = fc
  .record({
    primaryCount: fc.integer({ min: 1, max: 8 }),
    secondaryCount: fc.integer({ min: 1, max: 4 }),
    rows: fc.array(fc.uniqueArray(fc.tuple(fc.nat(11), fc.nat(2)), { minLength: 1, maxLength: 5, selector: ([k]) => k }), {
      minLength: 0,
      maxLength: 30,
    }),
  })
  .map(({ primaryCount, secondaryCount, rows }) => {
    const primary = Array.from({ length: primaryCount }, (_, k) => `p${k}`);
    const secondary = Array.from({ length: secondaryCount }, (_, k) => `s${k}`);
    const all = [...primary, ...secondary];
    const options = rows.map((row) => {
      const names = new Map<string, string>();
      for (const [k, color] of row) {
        const name = all[k % all.length]!;
        if (!names.has(name)) names.set(name, name.startsWith('s') && color > 0 ? `${name}:${'RB'[color - 1]}` : name);
      }
      return [...names.values()];
    });
    return { primary, secondary, options };
  });

type Totals = { solutions: number; nodes: number; updates: number; maxDepth: number };

/** The totals of `n` shards, and their solutions (sorted option lists), checking each shard completes. */
function shardTotals(problem: Problem<unknown>, n: number, options: SolveOptions = {}): Totals & { list: string[] } {
  const totals = { solutions: 0, nodes: 0, updates: 0, maxDepth: 0, list: [] as string[] };
  for (let index = 1; index <= n; index++) {
    const search = solutions(problem, { ...options, shard: { index, count: n } });
    for (const s of search) totals.list.push(s.options.join(' '));
    const stats = search.stats;
    expect(stats.complete).toBe(true);
    totals.solutions += stats.solutions;
    totals.nodes += stats.nodes;
    totals.updates += stats.updates;
    totals.maxDepth = Math.max(totals.maxDepth, stats.maxDepth);
  }
  totals.list.sort();
  return totals;
}

function whole(problem: Problem<unknown>, options: SolveOptions = {}): Totals & { list: string[] } {
  const search = solutions(problem, options);
  const list = [...search].map((s) => s.options.join(' ')).sort();
  const { solutions: found, nodes, updates, maxDepth } = search.stats;
  return { solutions: found, nodes, updates, maxDepth, list };
}

describe('shards', () => {
  for (const engine of ['wasm', 'js'] as const) {
    prop([fc.oneof(problemArb, coloredArb), fc.integer({ min: 1, max: 40 }), fc.option(fc.string(), { nil: undefined })])(
      `add up to one search: solutions, nodes, updates, depth (random problems, ${engine} engine)`,
      (plain, n, seed) => {
        setWasmEnabled(engine === 'wasm');
        try {
          const problem = defineProblem(plain);
          const options = seed === undefined ? {} : { seed };
          expect(shardTotals(problem, n, options)).toEqual(whole(problem, options));
        } finally {
          setWasmEnabled(true);
        }
      },
    );
  }

  prop([fc.oneof(problemArb, coloredArb), fc.integer({ min: 1, max: 12 }), fc.array(fc.nat(40), { maxLength: 2 })])(
    'add up with given options, also conflicting ones',
    (plain, n, picks) => {
      const problem = defineProblem(plain);
      const given = picks.filter((k) => k < plain.options.length);
      expect(shardTotals(problem, n, { given })).toEqual(whole(problem, { given }));
    },
  );

  prop([fc.oneof(problemArb, coloredArb), fc.integer({ min: 1, max: 6 }), fc.array(fc.nat(40), { maxLength: 3 })])(
    'give each solution its options in ascending order, given and prefix options included',
    (plain, n, picks) => {
      const problem = defineProblem(plain);
      const given = picks.filter((k) => k < plain.options.length).reverse();
      for (const options of [{ given }, { given, shard: { index: 1 + (picks.length % n), count: n } }]) {
        for (const s of solutions(problem, options)) {
          expect(s.options.every((o, k) => k === 0 || s.options[k - 1]! < o)).toBe(true);
          for (const g of given) expect(s.options).toContain(g);
        }
      }
    },
  );

  it('add up on 8-queens, pentominoes 3×20 and a colored problem, whatever the number of shards', () => {
    const colored = parseDlx('p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\nq r y:A\nr x:B\n');
    for (const problem of [nQueensProblem(8), colored] as Problem<unknown>[]) {
      const one = whole(problem);
      for (const n of [1, 2, 7, 20]) expect(shardTotals(problem, n)).toEqual(one);
    }
    const packing = pentominoProblem(3, 20);
    const one = whole(packing);
    expect(one.solutions).toBe(8);
    for (const n of [1, 3, 10]) expect(shardTotals(packing, n)).toEqual(one);
  });

  it('are deterministic, and a shard with no piece is an empty, complete search', () => {
    const problem = nQueensProblem(6);
    const a = count(problem, { shard: { index: 3, count: 5 } });
    const b = createSolver(problem).count({ shard: { index: 3, count: 5 } });
    expect({ ...a, seconds: 0 }).toEqual({ ...b, seconds: 0 });
    const tiny = parseDlx('a\na\n');
    const last = count(tiny, { shard: { index: 4, count: 4 } });
    expect(last).toMatchObject({ solutions: 0, nodes: 0, complete: true });
    expect(count(tiny, { shard: { index: 1, count: 4 } }).solutions).toBe(1);
  });

  it('keep budgets and limits per shard', () => {
    const problem = nQueensProblem(8);
    const stats = count(problem, { shard: { index: 1, count: 4 }, limit: 3 });
    expect(stats).toMatchObject({ solutions: 3, complete: false, stoppedBy: 'limit' });
    expect(count(problem, { shard: { index: 2, count: 4 }, maxNodes: 10 })).toMatchObject({ complete: false, stoppedBy: 'nodes' });
  });

  it('listShards gives each shard its pieces (prefixes of options), every piece once', () => {
    const problem = nQueensProblem(8);
    const shards = listShards(problem, 5);
    expect(shards.map((s) => s.shard)).toEqual([1, 2, 3, 4, 5].map((index) => ({ index, count: 5 })));
    const all = shards.flatMap((s) => s.pieces.map((p) => p.join(' ')));
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(5 * 16);
    // Each piece is a consistent prefix: forcing it leaves a search (given) whose solutions extend it.
    for (const piece of shards[2]!.pieces.slice(0, 5)) {
      for (const s of solutions(problem, { given: [...piece] })) expect(piece.every((o) => s.options.includes(o))).toBe(true);
    }
  });

  it('bad shards are RangeErrors/TypeErrors naming the value', () => {
    const problem = nQueensProblem(4);
    expectError(() => count(problem, { shard: { index: 3, count: 2 } }), RangeError, /shard index must be an integer from 1 to 2; got 3/);
    expectError(() => count(problem, { shard: { index: 0, count: 0 } }), RangeError, /shard count must be a positive integer; got 0/);
    expectError(() => count(problem, { shard: { index: 1.5, count: 2 } }), RangeError, /shard index .* got 1\.5/);
    expectError(() => count(problem, { shard: '1/2' as never }), TypeError, /shard must be an object \{ index, count \}; got '1\/2'/);
    expectError(() => listShards(problem, 0), RangeError, /shard count must be a positive integer; got 0/);
  });
});

describe('parseShard and formatShard', () => {
  prop([fc.integer({ min: 1, max: 1e12 }).chain((count) => fc.tuple(fc.integer({ min: 1, max: count }), fc.constant(count)))])(
    'parseShard(formatShard(s)) is s, and formatShard(parseShard(t)) is t',
    ([index, count]) => {
      const text = formatShard({ index, count });
      expect(text).toBe(`${index}/${count}`);
      expect(parseShard(text)).toEqual({ index, count });
    },
  );

  prop([fuzzText('0123456789/ x-+.')])('arbitrary text: a valid shard i/N (1 ≤ i ≤ N) or a RangeError naming the text', (text) => {
    const shard = onlyOurErrors(() => parseShard(text));
    if (shard !== undefined) {
      expect(Number.isSafeInteger(shard.index) && shard.index >= 1 && shard.index <= shard.count).toBe(true);
      expect(formatShard(shard)).toBe(text.replace(/^0+(?=\d)|(?<=\/)0+(?=\d)/g, ''));
    }
  });

  it('refuses 3/2, 0/0, 1/0, x/2 and friends, naming the text', () => {
    for (const text of ['3/2', '0/0', '1/0', 'x/2', '0/3', '1/2/3', '', ' 1/2', '1.5/2', '-1/2', '1/1e3']) {
      expectError(() => parseShard(text), RangeError, new RegExp(`a shard must be i/N, the i-th of N pieces, i from 1 to N; got '${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}'`));
    }
    expectError(() => parseShard(12 as never), TypeError, /a shard must be a string i\/N; got 12/);
    expectError(() => formatShard({ index: 2, count: 1 }), RangeError, /shard index must be an integer from 1 to 1; got 2/);
  });
});
