// Algorithm M: primary items with multiplicities u:v|name (Knuth's DLX3), against a brute-force counter that never
// imports the library, Knuth's own example, counts published elsewhere, and Algorithm X/C where all bounds are 1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine, FOUND } from '../src/engine.js';
import { EngineM } from '../src/engine-m.js';
import {
  Problem,
  count,
  createSolver,
  defineProblem,
  first,
  formatDlx,
  nQueensProblem,
  parseDlx,
  pentominoProblem,
  solutions,
  type SearchStats,
} from '../src/index.js';
import { compiledOf } from '../src/problem.js';
import { asyncProp, expectError, fuzzText, onlyOurErrors, problemArb, prop, queensByBacktracking, referenceX, smallProblemArb } from './reference.js';

/** Knuth's example in DLX3 ("A simple example of color controls", with item C covered two or three times). */
const KNUTH_DLX3 = `| A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
`;

/** A small problem with multiplicities in plain data: per primary item its bounds [u, v]. */
interface PlainM {
  primary: string[];
  bounds: [number, number][];
  secondary: string[];
  options: string[][];
}

const written = (p: PlainM): string[] => p.primary.map((name, k) => `${p.bounds[k]![0]}:${p.bounds[k]![1]}|${name}`);
const specOf = (p: PlainM) => ({ primary: written(p), secondary: p.secondary, options: p.options });

/**
 * Every solution by trying all subsets of options: each primary item covered from u to v times, each secondary item
 * at most once or always with one color; options without a primary item are never chosen (as in Knuth's algorithms),
 * except given ones. Sorted option-index lists, sorted.
 */
function bruteForceM(p: PlainM, given: readonly number[] = []): number[][] {
  const n = p.options.length;
  const out: number[][] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    const chosen: number[] = [];
    for (let k = 0; k < n; k++) if (mask & (1 << k)) chosen.push(k);
    if (!given.every((g) => chosen.includes(g))) continue;
    if (chosen.some((k) => !given.includes(k) && p.options[k]!.every((entry) => !p.primary.includes(entry)))) continue;
    const uses = new Map<string, string[]>();
    for (const k of chosen) {
      for (const entry of p.options[k]!) {
        const [name, color] = entry.split(':') as [string, string | undefined];
        uses.set(name, [...(uses.get(name) ?? []), color ?? '']);
      }
    }
    const ok =
      p.primary.every((item, k) => {
        const times = uses.get(item)?.length ?? 0;
        return times >= p.bounds[k]![0] && times <= p.bounds[k]![1];
      }) &&
      p.secondary.every((item) => {
        const list = uses.get(item) ?? [];
        return list.length <= 1 || list.every((c) => c !== '' && c === list[0]);
      });
    if (ok) out.push(chosen);
  }
  return out.sort((a, b) => String(a).localeCompare(String(b)));
}

/** Random small problems with bounds 0..3 (lower ≤ upper, upper ≥ 1), secondary items and colors sometimes. */
const mProblemArb: fc.Arbitrary<PlainM> = fc
  .record({
    bounds: fc.array(
      fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 3 })).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number]),
      { minLength: 1, maxLength: 4 },
    ),
    secondaryCount: fc.integer({ min: 0, max: 2 }),
    rows: fc.array(fc.array(fc.tuple(fc.nat(6), fc.integer({ min: 0, max: 2 })), { minLength: 1, maxLength: 4 }), { maxLength: 12 }),
  })
  .map(({ bounds, secondaryCount, rows }) => {
    const primary = bounds.map((_, k) => `p${k}`);
    const secondary = Array.from({ length: secondaryCount }, (_, k) => `s${k}`);
    const all = [...primary, ...secondary];
    const options = rows.map((row) => {
      const names = new Map<string, string>();
      for (const [item, color] of row) {
        const name = all[item % all.length]!;
        if (!names.has(name)) names.set(name, name.startsWith('s') && color > 0 ? `${name}:${color === 1 ? 'red' : 'blue'}` : name);
      }
      return [...names.values()];
    });
    return { primary, bounds, secondary, options };
  });

const sorted = (list: readonly (readonly number[])[]): number[][] =>
  list.map((s) => [...s]).sort((a, b) => String(a).localeCompare(String(b)));

const core = (s: SearchStats) => ({ solutions: s.solutions, nodes: s.nodes, updates: s.updates, maxDepth: s.maxDepth, complete: s.complete });

/** Algorithm M's engine on any problem (bounds 1:1 when it has none): solutions in order, nodes, updates, depth. */
function runM(problem: Problem<unknown>, given: readonly number[] = []) {
  const compiled = compiledOf(problem);
  const ones = new Int32Array(compiled.primaryCount).fill(1);
  const lower = Int32Array.from(problem.bounds, (b) => b[0]);
  const upper = Int32Array.from(problem.bounds, (b) => b[1]);
  const engine = problem.bounds.length === 0 ? new EngineM(compiled, { lower: ones, upper: ones }) : new EngineM(compiled, { lower, upper });
  return drive(engine, given);
}

function drive(engine: Engine | EngineM, given: readonly number[] = []) {
  engine.resetStats();
  const list: number[][] = [];
  if (given.every((g) => engine.force(g))) {
    while (engine.run() === FOUND) {
      const options = [...engine.forcedOptions()];
      for (let l = 0; l < engine.level; l++) {
        const o = engine.optionAt(l);
        if (o >= 0) options.push(o);
      }
      list.push(options.sort((a, b) => a - b));
    }
  }
  const result = { list, nodes: engine.nodes, updates: engine.updates, maxDepth: engine.maxLevel };
  engine.reset();
  return result;
}

describe("Knuth's DLX3 example", () => {
  it('has exactly one solution: A C X:1 Y:1, B X:1, C Y:1', () => {
    const problem = parseDlx(KNUTH_DLX3);
    expect(problem.primary).toEqual(['A', 'B', 'C']);
    expect(problem.bounds).toEqual([
      [1, 1],
      [1, 1],
      [2, 3],
    ]);
    const all = [...solutions(problem)];
    expect(all.map((s) => s.names)).toEqual([['A C X:1 Y:1', 'B X:1', 'C Y:1']]);
    expect(count(problem)).toMatchObject({ solutions: 1, complete: true, stoppedBy: null });
    expect(bruteForceM({ primary: ['A', 'B', 'C'], bounds: [[1, 1], [1, 1], [2, 3]], secondary: ['X', 'Y'], options: [...problem.options].map((o) => [...o]) })).toEqual([[1, 3, 4]]);
  });

  it('defineProblem takes the same notation', () => {
    const problem = defineProblem({ primary: ['A', 'B', '2:3|C'], secondary: ['X', 'Y'], options: parseDlx(KNUTH_DLX3).options });
    expect(first(problem)?.options).toEqual([1, 3, 4]);
  });
});

describe('Algorithm M against a brute-force counter', () => {
  prop([mProblemArb], { numRuns: 300 })('the same solution sets, and count agrees', (p) => {
    const expected = bruteForceM(p);
    expect(sorted([...solutions(specOf(p))].map((s) => s.options))).toEqual(expected);
    expect(count(specOf(p))).toMatchObject({ solutions: expected.length, complete: true, stoppedBy: null });
  });

  prop([mProblemArb, fc.array(fc.nat(11), { maxLength: 3 })])('given options: exactly the solutions that contain them', (p, picks) => {
    const given = [...new Set(picks.filter((g) => g < p.options.length))];
    expect(sorted([...solutions(specOf(p), { given })].map((s) => s.options))).toEqual(bruteForceM(p, given));
  });

  prop([mProblemArb, fc.nat()])('a reused solver: with a given option, then without, then with it again', (p, pick) => {
    fc.pre(p.options.length > 0);
    const g = pick % p.options.length;
    const solver = createSolver(specOf(p));
    for (const given of [[g], [], [g]]) expect(sorted([...solver.solutions({ given })].map((s) => s.options))).toEqual(bruteForceM(p, given));
  });

  prop([mProblemArb, fc.string({ maxLength: 6 })])('a seed changes the order, not the solutions', (p, seed) => {
    expect(sorted([...solutions(specOf(p), { seed })].map((s) => s.options))).toEqual(bruteForceM(p));
  });

  prop([mProblemArb, fc.integer({ min: 1, max: 3 })])('limit stops after that many solutions', (p, limit) => {
    const total = bruteForceM(p).length;
    const search = solutions(specOf(p), { limit });
    expect([...search]).toHaveLength(Math.min(total, limit));
    expect(search.stats.complete).toBe(total < limit);
  });

  asyncProp([mProblemArb], { numRuns: 40 })('for await and drainAsync agree with the sync forms', async (p) => {
    const lazy: number[][] = [];
    for await (const s of solutions(specOf(p))) lazy.push([...s.options]);
    expect(lazy).toEqual([...solutions(specOf(p))].map((s) => [...s.options]));
    expect(core(await solutions(specOf(p)).drainAsync())).toEqual(core(count(specOf(p))));
  });

  it('every subset when nothing is required: 0:v bounds at least the number of options', () => {
    const options = [['a'], ['a', 'b'], ['b'], ['a', 'b'], ['a']];
    expect(count({ primary: ['0:5|a', '0:5|b'], options }).solutions).toBe(2 ** options.length);
    // The empty set is a solution too.
    expect([...solutions({ primary: ['0:1|a'], options: [['a']] })].map((s) => s.options)).toEqual([[0], []]);
  });
});

describe('Algorithm M on problems whose bounds are all 1', () => {
  prop([problemArb])('the engine gives the solutions of Algorithm X in the same order, with the same nodes and updates', (plain) => {
    const expected = referenceX(plain);
    const got = runM(defineProblem(plain));
    expect(got.list).toEqual(expected.list);
    expect({ nodes: got.nodes, updates: got.updates }).toEqual({ nodes: expected.nodes, updates: expected.updates });
  });

  prop([smallProblemArb, fc.array(fc.nat(11), { maxLength: 2 })])('and those of Algorithm C (colors, given options), with the same statistics', (plain, picks) => {
    const problem = defineProblem(plain);
    const given = [...new Set(picks.filter((g) => g < plain.options.length))];
    expect(runM(problem, given)).toEqual(drive(new Engine(compiledOf(problem)), given));
  });

  it('8-queens and the 6×10 pentomino box in part: the same as Algorithm X', () => {
    const queens = nQueensProblem(8);
    expect(runM(queens)).toEqual(drive(new Engine(compiledOf(queens))));
    const box = pentominoProblem(6, 10);
    const m = new EngineM(compiledOf(box), { lower: new Int32Array(box.primary.length).fill(1), upper: new Int32Array(box.primary.length).fill(1) });
    const x = new Engine(compiledOf(box));
    for (const engine of [m, x]) engine.checkAt = 20_000;
    const stopAt = (engine: Engine | EngineM) => {
      engine.onCheck = () => true;
      let found = 0;
      while (engine.run() === FOUND) found++;
      return { found, nodes: engine.nodes, updates: engine.updates, level: engine.level };
    };
    expect(stopAt(m)).toEqual(stopAt(x));
  });
});

describe('counts published for problems with multiplicities', () => {
  /** n×n 0-1 matrices with k ones in every row and column: row and column items k|r, k|c; one option per cell. */
  const matrices = (n: number, k: number) => {
    const rows = Array.from({ length: n }, (_, r) => `r${r}`);
    const cols = Array.from({ length: n }, (_, c) => `c${c}`);
    return defineProblem({
      primary: [...rows, ...cols].map((name) => `${k}|${name}`),
      options: rows.flatMap((r) => cols.map((c) => [r, c])),
    });
  };

  it('0-1 matrices with two 1s in every row and column (OEIS A001499: 1, 6, 90, 2040, 67950)', () => {
    expect([2, 3, 4, 5, 6].map((n) => count(matrices(n, 2)).solutions)).toEqual([1, 6, 90, 2040, 67950]);
  });

  it('0-1 matrices with three 1s in every row and column (OEIS A001501: 1, 24, 2040)', () => {
    expect([3, 4, 5].map((n) => count(matrices(n, 3)).solutions)).toEqual([1, 24, 2040]);
  });

  it("n-queens with the diagonals as primary items 0:1|d (Knuth's remark on [0..1] bounds): the n-queens counts", () => {
    for (const n of [4, 5, 6, 7, 8]) {
      const queens = nQueensProblem(n);
      const problem = defineProblem({
        primary: [...queens.primary, ...queens.secondary.map((d) => `0:1|${d}`)],
        options: queens.options,
      });
      expect(problem.bounds.some(([u]) => u === 0)).toBe(true);
      expect(count(problem).solutions).toBe(queensByBacktracking(n));
    }
  });

  /** Sets of `k` queens that attack or occupy every square of an n×n board: squares 1:k|s, and k|# in every option. */
  const domination = (n: number, k: number) => {
    const squares: string[] = [];
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) squares.push(`${r}_${c}`);
    const options = squares.map((_, q) => {
      const [r, c] = [Math.floor(q / n), q % n];
      const seen = squares.filter((_, s) => {
        const [r2, c2] = [Math.floor(s / n), s % n];
        return r2 === r || c2 === c || r2 - c2 === r - c || r2 + c2 === r + c;
      });
      return ['#', ...seen];
    });
    return defineProblem({ primary: [`${k}|#`, ...squares.map((s) => `1:${k}|${s}`)], options });
  };

  /** The same count by trying every set of k squares. */
  const dominationByBruteForce = (n: number, k: number): number => {
    const cells = n * n;
    const attacks = (a: number, b: number) => {
      const [r, c, r2, c2] = [Math.floor(a / n), a % n, Math.floor(b / n), b % n];
      return r === r2 || c === c2 || r - c === r2 - c2 || r + c === r2 + c2;
    };
    let found = 0;
    const pick = (from: number, chosen: number[]): void => {
      if (chosen.length === k) {
        for (let s = 0; s < cells; s++) if (!chosen.some((q) => attacks(q, s))) return;
        found++;
        return;
      }
      for (let q = from; q < cells; q++) pick(q + 1, [...chosen, q]);
    };
    pick(0, []);
    return found;
  };

  // The 4,860 ways for 5 queens on 8×8 take half a minute: bench/multiplicity.bench.ts counts them.
  it('queen domination: 2 queens on 4×4, 3 on 5×5 and 6×6, as by brute force', () => {
    for (const [n, k] of [
      [4, 2],
      [5, 3],
      [6, 3],
    ] as const) {
      expect(count(domination(n, k)).solutions).toBe(dominationByBruteForce(n, k));
    }
  });
});

describe('budgets, progress and statistics with multiplicities', () => {
  const big = (n = 6) => {
    const rows = Array.from({ length: n }, (_, r) => `r${r}`);
    const cols = Array.from({ length: n }, (_, c) => `c${c}`);
    return defineProblem({ primary: [...rows, ...cols].map((name) => `2|${name}`), options: rows.flatMap((r) => cols.map((c) => [r, c])) });
  };

  it('maxNodes stops the search at that many nodes; the stats say why', () => {
    const stats = count(big(), { maxNodes: 500 });
    expect(stats).toMatchObject({ complete: false, stoppedBy: 'nodes', nodes: 500 });
  });

  it('onProgress reports every progressInterval nodes with the depth; an abort from it stops the search', () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const stats = count(big(), {
      progressInterval: 1000,
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p.nodes);
        expect(p.depth).toBeGreaterThan(0);
        if (seen.length === 3) controller.abort();
      },
    });
    expect(seen).toEqual([1000, 2000, 3000]);
    expect(stats).toMatchObject({ complete: false, stoppedBy: 'signal' });
  });

  it('a timeout stops a long search; an aborted signal stops it at once', async () => {
    // 10×10 0-1 matrices with two 1s per row and column: 1,371,785,398,200 solutions, a count no machine finishes.
    const stats = await solutions(big(10), { timeout: 30 }).drainAsync();
    expect(stats).toMatchObject({ complete: false, stoppedBy: 'time' });
    expect(count(big(), { signal: AbortSignal.abort() })).toMatchObject({ solutions: 0, complete: false, stoppedBy: 'signal' });
  });

  it('statistics: levels count null moves too; a solver is reusable after an early stop', () => {
    const problem = parseDlx(KNUTH_DLX3);
    const stats = count(problem);
    expect(stats.maxDepth).toBeGreaterThanOrEqual(3);
    const solver = createSolver(big());
    const search = solver.solutions();
    search.next();
    search.return();
    expect(solver.count().solutions).toBe(67950);
  });
});

describe('multiplicities with shards', () => {
  prop([mProblemArb, fc.integer({ min: 1, max: 4 })], { numRuns: 60 })('the shards of a problem with multiplicities add up to its count', (p, shards) => {
    const whole = count(specOf(p));
    let total = 0;
    for (let index = 1; index <= shards; index++) total += count(specOf(p), { shard: { index, count: shards } }).solutions;
    expect(total).toBe(whole.solutions);
  });
});

describe('multiplicities in the text format and in defineProblem', () => {
  it('reads u:v|name and v|name on the item line; formatDlx writes them back', () => {
    const problem = parseDlx('2:3|a 2|b c 1:1|d 0:1|e | x\na b\nb c\na d x\ne\n');
    expect(problem.primary).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(problem.bounds).toEqual([
      [2, 3],
      [2, 2],
      [1, 1],
      [1, 1],
      [0, 1],
    ]);
    expect(formatDlx(problem)).toBe('2:3|a 2|b c d 0:1|e | x\na b\nb c\na d x\ne\n');
  });

  prop([mProblemArb])('round-trips: parseDlx(formatDlx(p)) has the same items, bounds and options', (p) => {
    const problem = defineProblem(specOf(p));
    const again = parseDlx(formatDlx(problem));
    expect([again.primary, again.bounds, again.secondary, again.options]).toEqual([problem.primary, problem.bounds, problem.secondary, problem.options]);
  });

  it('bad bounds are errors naming the line and the item', () => {
    expectError(() => parseDlx('a 3:2|x\nx\n'), RangeError, /^line 1: bad multiplicity in '3:2\|x': the lower bound 3 is above the upper bound 2/);
    expectError(() => parseDlx('\n| items\nx:2|y\ny\n'), RangeError, /^line 3: bad multiplicity in 'x:2\|y': write u:v\|name or v\|name/);
    expectError(() => parseDlx('0|y\ny\n'), RangeError, /^line 1: bad multiplicity in '0\|y': the upper bound must be at least 1/);
    expectError(() => parseDlx('1:|y\ny\n'), RangeError, /^line 1: bad multiplicity in '1:\|y'/);
    expectError(() => parseDlx('2:3|\n'), RangeError, /^line 1: '2:3\|' is not a valid item name/);
    expectError(() => parseDlx('2|y:z\n'), RangeError, /^line 1: '2\|y:z' is not a valid item name/);
    expectError(() => parseDlx('a | 2|x\na\n'), RangeError, /^line 1: secondary item '2\|x' has a multiplicity/);
    expectError(() => parseDlx('a 2|a\na\n'), RangeError, /^line 1: item 'a' is listed twice/);
    expectError(() => parseDlx('99999999999|a\na\n'), RangeError, /at most 2147483647/);
    expectError(() => defineProblem({ primary: ['3:2|x'], options: [] }), RangeError, /lower bound 3 is above the upper bound 2/);
    expectError(() => defineProblem({ primary: ['x:2|y'], options: [] }), RangeError, /bad multiplicity in 'x:2\|y'/);
    expectError(() => defineProblem({ primary: ['a'], secondary: ['2|x'], options: [] }), RangeError, /secondary item '2\|x' has a multiplicity/);
    expectError(() => defineProblem({ primary: ['2|'], options: [] }), RangeError, /not a valid name/);
  });

  prop([fuzzText('ab|: \n0123x:AB\t')])('arbitrary text with bounds: a problem or one of our errors', (text) => {
    onlyOurErrors(() => {
      const problem = parseDlx(text);
      for (const [u, v] of problem.bounds) expect(Number.isInteger(u) && u >= 0 && u <= v && v >= 1).toBe(true);
      count(problem, { maxNodes: 1000 });
    });
  });
});
