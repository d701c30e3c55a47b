// Searches on worker threads, through the built package (the worker is dist/worker.js, as users get it): the same
// counts, solutions and statistics as one thread; budgets, limits, signals and errors end every worker, and no thread
// keeps the process alive.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as dist from '../dist/index.js';
import type { ParallelOptions, SolveOptions } from '../dist/index.js';
import { asyncProp, problemArb, type PlainProblem } from './reference.js';

const { count, defineProblem, nQueensProblem, parseDlx, pentominoProblem, solutions } = dist;
type Problem = ReturnType<typeof defineProblem>;
const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const entryCjs = fileURLToPath(new URL('../dist/index.cjs', import.meta.url));

beforeAll(() => {
  if (!existsSync(fileURLToPath(new URL('../dist/worker.js', import.meta.url)))) throw new Error('build the package first: dist/worker.js is missing');
});

const withoutTime = (s: { seconds: number }) => ({ ...s, seconds: 0 });

/** Problems with colors (Algorithm C), as in shard.test.ts. */
const coloredArb: fc.Arbitrary<PlainProblem> = fc
  .record({
    primaryCount: fc.integer({ min: 1, max: 7 }),
    rows: fc.array(fc.uniqueArray(fc.tuple(fc.nat(9), fc.nat(2)), { minLength: 1, maxLength: 4, selector: ([k]) => k }), { maxLength: 24 }),
  })
  .map(({ primaryCount, rows }) => {
    const primary = Array.from({ length: primaryCount }, (_, k) => `p${k}`);
    const secondary = ['s0', 's1', 's2'];
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

/** Runs a script in a fresh Node process; it must end by itself (no thread left running) within 30 s. */
function runScript(code: string): { status: number | null; stdout: string; stderr: string; ms: number } {
  const start = performance.now();
  const file = join(mkdtempSync(join(tmpdir(), 'dlx-workers-')), 'script.mjs');
  writeFileSync(file, code);
  const result = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, ms: performance.now() - start };
}

describe('count and solutions with workers', () => {
  it('give the statistics of one thread on 8- and 10-queens, pentominoes 3×20 and a colored problem (1 to 4 workers)', async () => {
    const colored = parseDlx('p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\nq r y:A\nr x:B\n');
    const problems = [nQueensProblem(8), nQueensProblem(10), pentominoProblem(3, 20), colored] as Problem[];
    for (const problem of problems) {
      const one = withoutTime(count(problem));
      for (const workers of [1, 2, 3, 4]) expect(withoutTime(await count(problem, { workers }))).toEqual(one);
    }
  });

  asyncProp([fc.oneof(problemArb, coloredArb), fc.integer({ min: 1, max: 3 }), fc.option(fc.string(), { nil: undefined })], { numRuns: 15 })(
    'give the solutions and statistics of one thread on random problems, with a seed',
    async (plain, workers, seed) => {
      const problem = defineProblem(plain);
      const options = seed === undefined ? {} : { seed };
      const one = solutions(problem, options);
      const expected = [...one].map((s) => s.options.join(' ')).sort();
      const parallel = solutions(problem, { ...options, workers });
      const found: string[] = [];
      for await (const s of parallel) found.push(s.options.join(' '));
      expect(found.sort()).toEqual(expected);
      expect(withoutTime(parallel.stats)).toEqual(withoutTime(one.stats));
      expect(withoutTime(await count(problem, { ...options, workers }))).toEqual(withoutTime(count(problem, options)));
    },
  );

  it('search one shard on workers: the statistics of that shard on one thread, also for a shard without pieces', async () => {
    for (const problem of [nQueensProblem(9), parseDlx('a b\na\nb\n')] as Problem[]) {
      for (const index of [1, 2, 5]) {
        const shard = { index, count: 5 };
        expect(withoutTime(await count(problem, { workers: 2, shard }))).toEqual(withoutTime(count(problem, { shard })));
        const found: string[] = [];
        for await (const s of solutions(problem, { workers: 2, shard })) found.push(s.options.join(' '));
        expect(found.sort()).toEqual([...solutions(problem, { shard })].map((s) => s.options.join(' ')).sort());
      }
    }
  });

  it('take given options, and give solutions with their data', async () => {
    const problem = nQueensProblem(8);
    const given = [problem.options.findIndex((o) => o[0] === 'r0' && o[1] === 'c3')];
    expect(withoutTime(await count(problem, { workers: 2, given }))).toEqual(withoutTime(count(problem, { given })));
    for await (const s of solutions(problem, { workers: 2, given })) {
      expect(s.options).toContain(given[0]);
      expect(s.data).toHaveLength(8);
    }
  });

  it('solve problems with multiplicities (in one worker: they are not split)', async () => {
    const problem = parseDlx('2|a b\na\na\nb\na b\n');
    expect(withoutTime(await count(problem, { workers: 2 }))).toEqual(withoutTime(count(problem)));
  });

  it('stop at the limit: exactly `limit` solutions, stoppedBy limit', async () => {
    const problem = nQueensProblem(10);
    const found = [];
    const search = solutions(problem, { workers: 2, limit: 5 });
    for await (const s of search) found.push(s);
    expect(found).toHaveLength(5);
    expect(search.stats).toMatchObject({ solutions: 5, complete: false, stoppedBy: 'limit' });
    expect(await count(problem, { workers: 2, limit: 100 })).toMatchObject({ solutions: 100, complete: false, stoppedBy: 'limit' });
    expect(await count(problem, { workers: 2, limit: 724 })).toMatchObject({ solutions: 724 });
  });

  it('stop at the node budget, the timeout and the signal; report progress with the totals', async () => {
    const problem = nQueensProblem(12);
    expect(await count(problem, { workers: 2, maxNodes: 1000 })).toMatchObject({ complete: false, stoppedBy: 'nodes' });
    // 20 queens (39 billion solutions) cannot be counted: only the timeout or the signal ends these.
    expect(await count(nQueensProblem(20), { workers: 2, timeout: 200 })).toMatchObject({ complete: false, stoppedBy: 'time' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    expect(await count(nQueensProblem(20), { workers: 2, signal: controller.signal })).toMatchObject({ complete: false, stoppedBy: 'signal' });
    expect(await count(problem, { workers: 2, signal: AbortSignal.abort() })).toMatchObject({ complete: false, stoppedBy: 'signal' });
    const seen: number[] = [];
    const stats = await count(problem, { workers: 2, progressInterval: 50_000, onProgress: (p) => seen.push(p.nodes) });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.every((n, k) => n <= stats.nodes && (k === 0 || n > seen[k - 1]!))).toBe(true);
  });

  it('return() before the search starts starts no worker; a search runs once', async () => {
    const search = solutions(nQueensProblem(6), { workers: 2 });
    expect(await search.return()).toMatchObject({ done: true, value: { solutions: 0, stoppedBy: 'caller' } });
    expect(() => search[Symbol.asyncIterator]()).toThrow(/already been started or ended/);
    const once = solutions(nQueensProblem(6), { workers: 2 });
    expect((await once.drain()).solutions).toBe(4);
    await expect(once.drain()).rejects.toThrow(/already been started/);
  });

  it('take options typed as either kind (the result is then a count or a promise of one)', async () => {
    const options = (workers: number | undefined): SolveOptions | ParallelOptions => (workers === undefined ? {} : { workers });
    for (const workers of [undefined, 2]) {
      const stats = await count(nQueensProblem(6), options(workers));
      expect(stats.solutions).toBe(4);
      const found = [];
      for await (const s of solutions(nQueensProblem(6), options(workers))) found.push(s);
      expect(found).toHaveLength(4);
    }
  });

  it('bad options are RangeErrors/TypeErrors naming the value', async () => {
    const problem = nQueensProblem(4);
    await expect(count(problem, { workers: 0 })).rejects.toThrow(/workers must be an integer from 1 to 256; got 0/);
    await expect(count(problem, { workers: 1.5 })).rejects.toThrow(RangeError);
    await expect(count(problem, { workers: 'two' as never })).rejects.toThrow(TypeError);
    await expect(count(problem, { workers: 2, limit: 0 })).rejects.toThrow(/limit must be a positive integer/);
    await expect(count(problem, { workers: 2, shard: { index: 3, count: 2 } })).rejects.toThrow(/shard index must be an integer from 1 to 2; got 3/);
  });

  it('wait for a slow consumer: workers pause while thousands of their solutions are not taken', async () => {
    // 2^22 solutions at two nodes each: unchecked, two workers would send millions of solutions a second.
    const items = Array.from({ length: 22 }, (_, k) => `i${k}`);
    const problem = defineProblem({ primary: items, options: items.flatMap((item) => [[item], [item]]) });
    const search = solutions(problem, { workers: 2 });
    const iterator = search[Symbol.asyncIterator]();
    expect((await iterator.next()).done).toBe(false);
    // Half a second: unpaused, two workers would have sent a million solutions by then.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The workers report their nodes every 262,144; paused after about 10,000 solutions each (20,000 nodes), they never
    // got there: the nodes are the split's levels above the pieces.
    expect(search.stats.nodes).toBeLessThan(262_144);
    let more = 0;
    for (let r = await iterator.next(); r.done !== true && more < 50_000; r = await iterator.next()) more++;
    expect(more).toBe(50_000);
    await iterator.return!();
    expect(search.stats).toMatchObject({ complete: false, stoppedBy: 'caller' });
  });

  it('keep idle workers for the next search until endIdleWorkers()', async () => {
    const problem = nQueensProblem(7);
    expect((await count(problem, { workers: 3 })).solutions).toBe(40);
    expect((await count(problem, { workers: 3 })).solutions).toBe(40);
    await dist.endIdleWorkers();
    expect((await count(problem, { workers: 2 })).solutions).toBe(40);
    await dist.endIdleWorkers();
  });

  it('work from the CommonJS build too (the same worker script)', async () => {
    const cjs = createRequire(import.meta.url)(entryCjs) as typeof dist;
    const stats = await cjs.count(cjs.nQueensProblem(9), { workers: 2 });
    expect(withoutTime(stats)).toEqual(withoutTime(count(nQueensProblem(9))));
  });
});

describe('in a browser bundle', () => {
  it('count and solutions (with the workers option) bring no Node module, and start dist/worker.js as a module worker', async () => {
    const { build } = await import('esbuild');
    for (const file of [entry, fileURLToPath(new URL('../dist/worker.js', import.meta.url))]) {
      const result = await build({
        stdin: { contents: `export * from ${JSON.stringify(file)};`, resolveDir: process.cwd() },
        bundle: true,
        platform: 'browser',
        format: 'esm',
        write: false,
        logLevel: 'silent',
      });
      const code = result.outputFiles[0]!.text;
      expect(code).not.toMatch(/\bimport\s*\(?\s*["']node:|require\(\s*["']node:|from\s*["']node:/);
      if (file === entry) expect(code).toContain('new Worker(new URL("./worker.js", import.meta.url), { type: "module" })');
    }
  });
});

describe('no worker outlives its search', () => {
  const script = (body: string) => `import { count, solutions, nQueensProblem } from ${JSON.stringify(entry)};\n${body}`;

  it('after a complete count, a timeout, an abort and a break out of for await, the process ends by itself', () => {
    const run = runScript(
      script(`
        const a = await count(nQueensProblem(9), { workers: 3 });
        const b = await count(nQueensProblem(20), { workers: 2, timeout: 300 });
        const controller = new AbortController();
        setTimeout(() => controller.abort(), 300);
        const c = await count(nQueensProblem(20), { workers: 2, signal: controller.signal });
        let n = 0;
        for await (const s of solutions(nQueensProblem(17), { workers: 2 })) if (++n === 3) break;
        console.log(JSON.stringify([a.solutions, b.stoppedBy, c.stoppedBy, n]));`),
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([352, 'time', 'signal', 3]);
  });

  it('an error in onProgress rejects the search and ends the workers', () => {
    const run = runScript(
      script(`
        try {
          await count(nQueensProblem(17), { workers: 2, progressInterval: 10000, onProgress: () => { throw new Error('stop here'); } });
        } catch (error) {
          console.log(error.message);
        }`),
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('stop here\n');
  });
});
