// dlx --workers, --shard and --list-shards, spawned from the built dist/ as a user runs them.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_TIMEOUT, expectOneLineErrors, fuzzCli, runBin, runShell } from '@puzzles/testkit/cli';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDlx, nQueensProblem, parseDlx, pentominoProblem } from '../src/index.js';

const dlx = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const run = (args: string[], input?: string) => runBin(dlx, args, input === undefined ? {} : { input });
const dir = mkdtempSync(join(tmpdir(), 'dlx-shards-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  if (!existsSync(path)) writeFileSync(path, text);
  return path;
};
const queens = (n: number) => file(`queens${n}.dlx`, formatDlx(nQueensProblem(n)));
const COLORED = 'p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\nq r y:A\nr x:B\n';
const totalsOf = (stdout: string) => {
  const { ms, ...rest } = JSON.parse(stdout) as Record<string, unknown>;
  expect(typeof ms).toBe('number');
  return rest;
};

beforeAll(() => {
  if (!existsSync(dlx)) throw new Error(`build the package first: ${dlx} is missing`);
});

describe('dlx --workers', () => {
  it('prints the totals of one thread', () => {
    for (const args of [[queens(9)], [file('colored.dlx', COLORED)], [queens(8), '--seed', '7']]) {
      const one = run([...args, '--json']);
      const two = run([...args, '--json', '--workers', '2']);
      expect(two.code).toBe(0);
      expect(two.stderr).toBe('');
      expect(totalsOf(two.stdout)).toEqual(totalsOf(one.stdout));
    }
    expect(run([queens(8), '--workers', '3']).stdout).toMatch(/^Altogether 92 solutions, 1,178 nodes, 18,324 updates, [\d.]+ ms\.\n$/);
    // One shard on workers: that shard's totals.
    const shard = totalsOf(run([queens(9), '--shard', '2/3', '--json']).stdout);
    expect(totalsOf(run([queens(9), '--shard', '2/3', '--json', '--workers', '2']).stdout)).toEqual(shard);
  });

  it('--print gives the solutions of one thread (in another order), then the same summary; JSON keys and types', () => {
    const one = run([queens(7), '--json', '--print']).stdout.trim().split('\n');
    const two = run([queens(7), '--json', '--print', '--workers', '2']).stdout.trim().split('\n');
    const solutions = (lines: string[]) => lines.slice(0, -1).sort();
    expect(solutions(two)).toEqual(solutions(one));
    for (const line of two.slice(0, -1)) {
      const json = JSON.parse(line) as Record<string, unknown>;
      expect(Object.keys(json)).toEqual(['options', 'names']);
      expect((json.options as unknown[]).every(Number.isInteger)).toBe(true);
      expect((json.names as unknown[]).every((n) => typeof n === 'string')).toBe(true);
    }
    const summary = (lines: string[]) => {
      const { ms, ...rest } = (JSON.parse(lines.at(-1)!) as { summary: Record<string, unknown> }).summary;
      return rest;
    };
    expect(summary(two)).toEqual(summary(one));
  });

  it('stops at once when the reader goes away, and on --timeout says what it did', () => {
    const piped = runShell(dlx, `BIN '${queens(20)}' --workers 2 --print | head -2`, { timeout: 30_000 });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^Solution 1:\n r/);
    // 20 queens cannot be counted in 300 ms: --timeout stops it, exit 124.
    const stopped = run([queens(20), '--workers', '2', '--timeout', '300ms']);
    expect(stopped.code).toBe(EXIT_TIMEOUT);
    expect(stopped.stdout).toMatch(/^Altogether [\d,]+ solutions?, /);
    expect(stopped.stderr).toMatch(/^dlx: stopped by --timeout 300ms after [\d,]+ solutions? and [\d,]+ nodes; there may be more\n$/);
  });
});

describe('dlx --shard and --list-shards', () => {
  it('--list-shards N prints 1/N … N/N; with --json each shard and its pieces', () => {
    expect(run([queens(8), '--list-shards', '3'])).toMatchObject({ code: 0, stdout: '1/3\n2/3\n3/3\n', stderr: '' });
    const lines = run([queens(8), '--list-shards', '4', '--json']).stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    lines.forEach((line, k) => {
      const json = JSON.parse(line) as { shard: unknown; pieces: unknown };
      expect(Object.keys(json)).toEqual(['shard', 'pieces']);
      expect(json.shard).toBe(`${k + 1}/4`);
      expect(Array.isArray(json.pieces) && (json.pieces as unknown[]).every((p) => Array.isArray(p) && p.every(Number.isInteger))).toBe(true);
    });
  });

  it("the shards' counts, nodes and updates add up to the whole search's", () => {
    for (const [path, n] of [
      [queens(9), 3],
      [file('colored.dlx', COLORED), 3],
      [file('pentominoes3x20.dlx', formatDlx(pentominoProblem(3, 20))), 4],
    ] as const) {
      const whole = totalsOf(run([path, '--json']).stdout);
      const shards = run([path, '--list-shards', String(n)]).stdout.trim().split('\n');
      expect(shards).toHaveLength(n);
      const sum = { solutions: 0, nodes: 0, updates: 0 };
      for (const shard of shards) {
        const t = totalsOf(run([path, '--shard', shard, '--json']).stdout) as typeof sum;
        for (const key of ['solutions', 'nodes', 'updates'] as const) sum[key] += t[key];
      }
      expect(sum).toEqual({ solutions: whole.solutions, nodes: whole.nodes, updates: whole.updates });
    }
  });

  it("the README's GNU parallel recipe, run as parallel would run it: the shards' counts add up to the whole count", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const block = /```sh\n(pnpm exec dlx \S+ --list-shards[\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const [list, parallel, add] = block!.trim().split('\n') as [string, string, string];
    expect(list).toMatch(/^pnpm exec dlx pentominoes\.dlx --list-shards \d+ > shards\.txt$/);
    expect(parallel).toMatch(/^parallel (.*) < shards\.txt > counts\.ndjson$/);
    expect(add).toMatch(/^jq /);
    file('pentominoes.dlx', formatDlx(pentominoProblem(6, 10, { breakSymmetry: true })));
    // What `parallel COMMAND < shards.txt` runs: COMMAND with {} replaced by each line (fewer shards, to keep it short).
    const command = /^parallel (.*) < shards\.txt/.exec(parallel)![1]!.replace('{}', '"$shard"');
    const bin = (line: string) => line.replace(/^pnpm exec dlx /, 'BIN ');
    const script = [
      `cd '${dir}'`,
      bin(list).replace(/--list-shards \d+/, '--list-shards 4'),
      `while read -r shard; do ${bin(command)}; done < shards.txt > counts.ndjson`,
      add,
    ].join(' && ');
    const result = runShell(dlx, script, { timeout: 120_000 });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('2339\n');
  });

  it('bad shard specs and counts are usage errors (exit 2, one line)', () => {
    for (const spec of ['3/2', '0/0', '1/0', 'x/2', '0/3', '1/2/3', '', '1.5/2', ' 1/2']) {
      const result = run([queens(4), '--shard', spec]);
      expect(result.code, spec).toBe(2);
      expect(result.stderr, spec).toMatch(/^dlx: --shard: a shard must be i\/N, the i-th of N pieces, i from 1 to N; got '.*'; run 'dlx --help' for usage\n$/);
    }
    expect(run([queens(4), '--list-shards', '0'])).toMatchObject({ code: 2 });
    // A count that would not fit in memory (it was an engine error, 'Invalid array length') is a usage error naming the range.
    expect(run([queens(4), '--list-shards', '9007199254740991']).stderr).toBe("dlx: --list-shards must be an integer from 1 to 1000000; got '9007199254740991'; run 'dlx --help' for usage\n");
    expect(run([queens(4), '--workers', '0']).stderr).toBe("dlx: --workers must be an integer from 1 to 256; got '0'; run 'dlx --help' for usage\n");
    expect(run([queens(4), '--list-shards', '2', '--print']).code).toBe(2);
    expectOneLineErrors(run([queens(4), '--shard', '9/8']), 'dlx');
  });

  it('a problem with multiplicities runs as one shard (shard 1 has it all) and on one worker', () => {
    const path = file('multi.dlx', '2|a b\na\na\nb\na b\n');
    const whole = totalsOf(run([path, '--json']).stdout);
    expect(parseDlx('2|a b\na\na\nb\na b\n').bounds[0]).toEqual([2, 2]);
    expect(totalsOf(run([path, '--json', '--shard', '1/2']).stdout)).toEqual(whole);
    expect(totalsOf(run([path, '--json', '--shard', '2/2']).stdout)).toMatchObject({ solutions: 0, nodes: 0 });
    expect(totalsOf(run([path, '--json', '--workers', '2']).stdout)).toEqual(whole);
  });

  fuzzCli('dlx', dlx, {
    words: ['-', '--print', '--json', '--limit', '3', '--workers', '2', '--shard', '1/2', '2/2', '3/2', '0/0', '--list-shards', '4', '--timeout', '1s', queens(6)],
    stdin: fc.oneof(fc.constant(COLORED), fc.constant(formatDlx(nQueensProblem(5))), fc.string({ unit: 'binary', maxLength: 200 })),
    // Each run is a process: a few here, more in CI (CI=true).
    numRuns: process.env.CI ? 20 : 8,
  });
});
