import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Problem, Solution, count, createSolver, defineProblem, first, solutions, type SearchStats } from '../src/index.js';
import { bruteForceSolutions, expectError, prop, smallProblemArb } from './reference.js';

// Knuth's example from TAOCP 7.2.2.1 (the one in the DLX paper): items a..g, exactly one solution {1, 3, 5}... in his
// numbering the options (a d), (b g), (c e f) — here indices 0, 3, 4.
const KNUTH = {
  primary: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
  options: [
    ['c', 'e'],
    ['a', 'd', 'g'],
    ['b', 'c', 'f'],
    ['a', 'd', 'f'],
    ['b', 'g'],
    ['d', 'e', 'g'],
  ],
};

// Knuth's DLX2 example: primary p q r, secondary x y with colors.
const COLORED = {
  primary: ['p', 'q', 'r'],
  secondary: ['x', 'y'],
  options: [['p', 'q', 'x', 'y:A'], ['p', 'r', 'x:A', 'y'], ['p', 'x:B'], ['q', 'x:A'], ['r', 'y:B']],
};

const sortedSolutions = (problem: Parameters<typeof solutions>[0], options = {}): number[][] =>
  [...solutions(problem, options)].map((s) => [...s.options]).sort((a, b) => String(a).localeCompare(String(b)));

describe('solutions', () => {
  it("finds the one solution of Knuth's example", () => {
    const all = [...solutions(KNUTH)];
    expect(all).toHaveLength(1);
    expect(all[0]!.options).toEqual([0, 3, 4]);
    expect(all[0]!.names).toEqual(['c e', 'a d f', 'b g']);
    expect(all[0]!.data).toEqual([['c', 'e'], ['a', 'd', 'f'], ['b', 'g']]);
  });

  it("finds the one solution of Knuth's colored example (Algorithm C)", () => {
    expect(sortedSolutions(COLORED)).toEqual([[1, 3]]);
    // Without the colors, x would be covered twice: no solution.
    expect(count({ ...COLORED, options: COLORED.options.map((o) => o.map((e) => e.split(':')[0]!)) }).solutions).toBe(0);
  });

  it('gives each solution its data', () => {
    const problem = defineProblem({ primary: ['a', 'b'], options: [['a'], ['b'], ['a', 'b']], data: ['A', 'B', 'AB'] });
    const data = [...solutions(problem)].map((s) => s.data.join('+')).sort();
    expect(data).toEqual(['A+B', 'AB']);
  });

  prop([smallProblemArb])('agrees with trying every subset of options', (plain) => {
    expect(sortedSolutions(plain)).toEqual(
      bruteForceSolutions(plain)
        .map((s) => [...s])
        .sort((a, b) => String(a).localeCompare(String(b))),
    );
  });

  // One option per (item, choice), shuffled: every solution takes one option per item, so the solutions are known.
  // Up to 300 options for one item make the lists of options much longer than the solutions (read another way).
  prop([fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 300 }), fc.integer()])(
    'lists each solution ascending, with few or many options beside it',
    (counts, extra, seed) => {
      const perItem = [counts[0]! + extra, ...counts.slice(1)];
      const owner = perItem.flatMap((n, item) => Array<number>(n).fill(item));
      // A seeded shuffle of the options (a permutation by sorting on pseudo-random keys).
      const order = owner.map((_, k) => [Math.sin(seed + k * 7919), k] as const).sort((a, b) => a[0] - b[0]).map(([, k]) => k);
      const items = perItem.map((_, item) => `i${item}`);
      const problem = defineProblem({ primary: items, options: order.map((k) => [items[owner[k]!]!]) });
      const listed: string[] = [];
      for (const solution of solutions(problem)) {
        const options = [...solution.options];
        expect(options).toEqual([...options].sort((a, b) => a - b));
        expect(options.map((o) => owner[order[o]!]!).sort()).toEqual(perItem.map((_, item) => item));
        listed.push(options.join(' '));
      }
      expect(new Set(listed).size).toBe(perItem.reduce((a, b) => a * b, 1));
      const called: string[] = [];
      solutions(problem).forEach((solution) => void called.push(solution.options.join(' ')));
      expect(called).toEqual(listed);
    },
  );

  prop([smallProblemArb, fc.oneof(fc.integer(), fc.string())])('finds the same solutions whatever the shuffling seed', (plain, seed) => {
    expect(sortedSolutions(plain, { seed })).toEqual(sortedSolutions(plain));
  });

  prop([smallProblemArb])('count agrees with solutions and its stats are consistent', (plain) => {
    const stats = count(plain);
    expect(stats.solutions).toBe([...solutions(plain)].length);
    expect(stats.complete).toBe(true);
    expect(stats.stoppedBy).toBeNull();
    expect(stats.nodes).toBeGreaterThanOrEqual(1);
    expect(stats.maxDepth).toBeLessThanOrEqual(plain.primary.length);
  });

  prop([smallProblemArb, fc.integer({ min: 1, max: 4 })])('limit stops after that many solutions', (plain, limit) => {
    const total = bruteForceSolutions(plain).length;
    const search = solutions(plain, { limit });
    const got = [...search];
    expect(got).toHaveLength(Math.min(limit, total));
    expect(search.stats.solutions).toBe(Math.min(limit, total));
    if (total >= limit) expect(search.stats).toMatchObject({ complete: false, stoppedBy: 'limit' });
    else expect(search.stats).toMatchObject({ complete: true, stoppedBy: null });
    expect(count(plain, { limit }).solutions).toBe(Math.min(limit, total));
  });

  prop([smallProblemArb, fc.array(fc.nat(11), { maxLength: 3 })])('given options: exactly the solutions that contain them', (plain, picks) => {
    const given = picks.filter((g) => g < plain.options.length);
    const expected = bruteForceSolutions(plain, [...new Set(given)]);
    expect(sortedSolutions(plain, { given })).toEqual(expected.sort((a, b) => String(a).localeCompare(String(b))));
  });

  it('a primary item that no option covers means no solution; no primary items means one empty solution', () => {
    expect(count({ primary: ['a', 'b'], options: [['a']] }).solutions).toBe(0);
    expect(count({ primary: ['a'], options: [] })).toMatchObject({ solutions: 0, complete: true });
    const empty = [...solutions({ primary: [], secondary: ['x'], options: [['x']] })];
    expect(empty.map((s) => s.options)).toEqual([[]]);
  });

  it('first returns the first solution or null', () => {
    expect(first(KNUTH)?.options).toEqual([0, 3, 4]);
    expect(first({ primary: ['a'], options: [['a'], ['a']] })).toBeInstanceOf(Solution);
    expect(first({ primary: ['a', 'b'], options: [['a']] })).toBeNull();
  });

  it('lazy: solutions come one at a time, and the final value of next() is the statistics', () => {
    const problem = { primary: ['a', 'b'], options: [['a'], ['b'], ['a', 'b'], ['a'], ['b']] };
    const search = solutions(problem);
    expect(search.stats.solutions).toBe(0);
    const one = search.next();
    expect(one.done).toBe(false);
    expect(search.stats.solutions).toBe(1);
    let result = search.next();
    while (result.done !== true) result = search.next();
    const stats: SearchStats = result.value;
    expect(stats).toMatchObject({ solutions: 5, complete: true });
    expect(search.next()).toEqual({ done: true, value: stats });
  });

  it('breaking out of for…of stops the search (stoppedBy caller) and the solver can search again', () => {
    const solver = createSolver({ primary: ['a'], options: [['a'], ['a'], ['a']] });
    const search = solver.solutions();
    for (const _ of search) break;
    expect(search.stats).toMatchObject({ solutions: 1, complete: false, stoppedBy: 'caller' });
    expect(solver.count().solutions).toBe(3);
    expect(solver.count().solutions).toBe(3);
  });

  it('forEach: the same solutions as for…of in the same order, through one reused Solution; false stops it', () => {
    fc.assert(
      fc.property(smallProblemArb, (spec) => {
        const expected = [...solutions(spec)].map((s) => [...s.options]);
        const seen: number[][] = [];
        const objects = new Set<Solution>();
        const stats = solutions(spec).forEach((s) => {
          objects.add(s);
          seen.push([...s.options]);
        });
        expect(seen).toEqual(expected);
        expect(objects.size).toBeLessThanOrEqual(1);
        expect(stats).toMatchObject({ solutions: expected.length, complete: true });
        const counted = count(spec);
        expect([stats.nodes, stats.updates]).toEqual([counted.nodes, counted.updates]);
      }),
      { numRuns: 100 },
    );
    const solver = createSolver({ primary: ['a'], options: [['a'], ['a'], ['a']] });
    let calls = 0;
    const stopped = solver.solutions().forEach(() => ++calls < 2);
    expect(calls).toBe(2);
    expect(stopped).toMatchObject({ solutions: 2, complete: false, stoppedBy: 'caller' });
    expect(solver.solutions({ limit: 2 }).forEach(() => undefined)).toMatchObject({ solutions: 2, stoppedBy: 'limit' });
    expect(() =>
      solver.solutions().forEach(() => {
        throw new Error('from the callback');
      }),
    ).toThrow('from the callback');
    // The solver is free again after a throw, and a bad callback is a TypeError naming it.
    expect(solver.count().solutions).toBe(3);
    expectError(() => solver.solutions().forEach(5 as never), TypeError, /forEach needs a function; got 5/);
  });

  it('one search at a time per solver', () => {
    const solver = createSolver({ primary: ['a'], options: [['a'], ['a']] });
    const search = solver.solutions();
    search.next();
    expect(() => solver.count()).toThrow(/already running a search/);
    search.return();
    expect(solver.count().solutions).toBe(2);
  });

  it('a solver reused with different given options resets cleanly', () => {
    const solver = createSolver(KNUTH);
    for (let round = 0; round < 3; round++) {
      expect(solver.count({ given: [3] }).solutions).toBe(1);
      expect(solver.count({ given: [1] }).solutions).toBe(0);
      expect(solver.count({ given: [0, 1] }).solutions).toBe(0); // 0 and 1 are compatible, but lead nowhere
      expect(solver.count({ given: [3, 5] }).solutions).toBe(0); // 3 and 5 share d: they conflict
      expect(solver.count().solutions).toBe(1);
    }
    expect(solver.first({ given: [0, 0, 4] })?.options).toEqual([0, 3, 4]);
  });
});

describe('reuse and reproducibility', () => {
  prop([
    smallProblemArb,
    fc.array(fc.record({ maxNodes: fc.nat(12), limit: fc.integer({ min: 1, max: 3 }), given: fc.nat(11), take: fc.nat(3) }), { maxLength: 5 }),
  ])('a solver stopped anywhere (budget, limit, return) resets to the same answers', (plain, runs) => {
    const solver = createSolver(plain);
    const expected = bruteForceSolutions(plain).length;
    for (const run of runs) {
      const given = run.given < plain.options.length ? [run.given] : [];
      solver.count({ maxNodes: run.maxNodes, given });
      const search = solver.solutions({ limit: run.limit, given });
      for (let k = 0; k < run.take; k++) search.next();
      search.return();
      expect(solver.count().solutions).toBe(expected);
    }
    expect(solver.count()).toMatchObject({ solutions: expected, complete: true });
  });

  prop([smallProblemArb, fc.oneof(fc.integer(), fc.string())])('the same seed gives the same solutions in the same order', (plain, seed) => {
    const order = (s: typeof seed) => [...solutions(plain, { seed: s })].map((x) => x.options.join(','));
    expect(order(seed)).toEqual(order(seed));
  });

  it('a seed changes the order in which solutions come', () => {
    const problem = { primary: ['a', 'b', 'c', 'd'], options: [['a'], ['b'], ['c'], ['d'], ['a', 'b'], ['c', 'd'], ['a', 'c'], ['b', 'd']] };
    const orders = new Set<string>();
    for (let seed = 0; seed < 20; seed++) orders.add([...solutions(problem, { seed })].map((x) => x.options.join(',')).join(' '));
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('budgets, signal and progress', () => {
  // 8 items, every 2-element subset an option: a big search tree with many solutions (7·5·3·1 = 105).
  const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  const pairs = items.flatMap((x, i) => items.slice(i + 1).map((y) => [x, y]));
  const PAIRS = { primary: items, options: pairs };

  it('counts the pairings', () => {
    expect(count(PAIRS)).toMatchObject({ solutions: 105, complete: true });
  });

  it('maxNodes stops the search there, flagged incomplete', () => {
    const stats = count(PAIRS, { maxNodes: 10 });
    expect(stats).toMatchObject({ nodes: 10, complete: false, stoppedBy: 'nodes' });
    expect(stats.solutions).toBeLessThan(105);
    expect(count(PAIRS, { maxNodes: 0 })).toMatchObject({ nodes: 0, solutions: 0, stoppedBy: 'nodes' });
  });

  it('an aborted signal stops before the search; aborting from onProgress stops it there', () => {
    const controller = new AbortController();
    controller.abort();
    expect(count(PAIRS, { signal: controller.signal })).toMatchObject({ nodes: 0, complete: false, stoppedBy: 'signal' });
    const later = new AbortController();
    const stats = count(PAIRS, {
      signal: later.signal,
      progressInterval: 5,
      onProgress: (p) => {
        if (p.nodes >= 20) later.abort();
      },
    });
    expect(stats).toMatchObject({ nodes: 20, stoppedBy: 'signal', complete: false });
  });

  it('a timeout of 0 stops at once', () => {
    expect(count(PAIRS, { timeout: 0 })).toMatchObject({ complete: false, stoppedBy: 'time', solutions: 0 });
  });

  it('onProgress reports every N nodes with nodes, updates, depth and solutions', () => {
    const seen: Array<{ nodes: number; updates: number; depth: number; solutions: number }> = [];
    const stats = count(PAIRS, { progressInterval: 50, onProgress: (p) => seen.push(p) });
    expect(seen.map((p) => p.nodes)).toEqual(Array.from({ length: Math.floor((stats.nodes - 1) / 50) }, (_, k) => 50 * (k + 1)));
    for (const p of seen) {
      expect(p.depth).toBeGreaterThanOrEqual(0);
      expect(p.depth).toBeLessThanOrEqual(4);
      expect(p.solutions).toBeLessThanOrEqual(105);
      expect(p.updates).toBeGreaterThan(0);
    }
    expect(seen.at(-1)!.solutions).toBeGreaterThan(0);
  });

  it('an error thrown by onProgress ends that search and leaves the solver usable', () => {
    const solver = createSolver(PAIRS);
    const stop = () => {
      throw new Error('stop here');
    };
    expect(() => solver.count({ progressInterval: 10, onProgress: stop })).toThrow('stop here');
    expect(solver.count()).toMatchObject({ solutions: 105, complete: true });
    const search = solver.solutions({ progressInterval: 10, onProgress: stop });
    expect(() => [...search]).toThrow('stop here');
    expect(search.stats).toMatchObject({ complete: false, stoppedBy: 'caller' });
    expect(solver.count()).toMatchObject({ solutions: 105, complete: true });
  });

  it('checks its options', () => {
    expectError(() => count(PAIRS, { limit: 0 }), RangeError, /limit must be a positive integer or Infinity; got 0/);
    expectError(() => count(PAIRS, { limit: 1.5 }), RangeError, /limit/);
    expectError(() => count(PAIRS, { maxNodes: -1 }), RangeError, /maxNodes must be at least 0; got -1/);
    expectError(() => count(PAIRS, { timeout: Number.NaN }), TypeError, /timeout must be a number/);
    expectError(() => count(PAIRS, { given: [99] }), RangeError, /given option must be an option index from 0 to 27; got 99/);
    expectError(() => count(PAIRS, { seed: Number.NaN }), TypeError, /seed must be a finite number.* or a string; got NaN/);
    expectError(() => count(PAIRS, 'fast' as never), TypeError, /options of count must be an object/);
    expectError(() => count(PAIRS, { onProgress: 3 as never }), TypeError, /onProgress must be a function/);
  });
});

describe('defineProblem', () => {
  it('keeps items, options and data', () => {
    const problem = defineProblem(COLORED);
    expect(problem).toBeInstanceOf(Problem);
    expect(problem.items).toEqual(['p', 'q', 'r', 'x', 'y']);
    expect(problem.itemIndex('x')).toBe(3);
    expect(problem.itemIndex('zz')).toBe(-1);
    expect(problem.optionCount).toBe(5);
    expect(problem.optionText(0)).toBe('p q x y:A');
    expect(problem.data[4]).toEqual(['r', 'y:B']);
  });

  it('refuses bad problems with clear errors', () => {
    expectError(() => defineProblem({ primary: ['a', 'a'], options: [] }), RangeError, /item 'a' is listed twice/);
    expectError(() => defineProblem({ primary: ['a'], secondary: ['a'], options: [] }), RangeError, /listed twice/);
    expectError(() => defineProblem({ primary: ['a b'], options: [] }), RangeError, /'a b' is not a valid name/);
    expectError(() => defineProblem({ primary: [''], options: [] }), RangeError, /not a valid name/);
    expectError(() => defineProblem({ primary: ['a'], options: [[]] }), RangeError, /option 0 is empty/);
    expectError(() => defineProblem({ primary: ['a'], options: [['a', 'z']] }), RangeError, /option 0 \(a z\) names an unknown item 'z'/);
    expectError(() => defineProblem({ primary: ['a'], options: [['a'], ['a', 'a']] }), RangeError, /option 1 \(a a\) names item 'a' twice/);
    expectError(() => defineProblem({ primary: ['a'], options: [['a:red']] }), RangeError, /primary item 'a' a color/);
    expectError(() => defineProblem({ primary: ['a'], secondary: ['x'], options: [['a', 'x:']] }), RangeError, /color in option 0/);
    expectError(() => defineProblem({ primary: ['a'], secondary: ['x'], options: [['x', 'x:1']] }), RangeError, /twice/);
    expectError(() => defineProblem({ primary: ['a'], options: [['a']], data: [] }), RangeError, /one entry per option \(1\); got 0/);
    expectError(() => defineProblem({ primary: 'a' as never, options: [] }), TypeError, /primary items must be an array/);
    expectError(() => defineProblem({ primary: ['a'], options: ['a'] as never }), TypeError, /option 0 must be an array/);
    expectError(() => defineProblem(null as never), TypeError, /a problem must be an object/);
  });
});
