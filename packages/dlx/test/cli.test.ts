// The dlx CLI, spawned from the built dist/ as a user runs it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_TIMEOUT, expectOneLineErrors, fuzzCli, peakMemory, pipelinePeakMemory, runBin, runHeldOpen, runShell } from '@puzzles/testkit/cli';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDlx, nQueensProblem, pentominoProblem } from '../src/index.js';
import { hasScript, onTerminalUntil } from './process.js';

const dlx = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
const run = (args: string[], input?: string) => runBin(dlx, args, input === undefined ? {} : { input });

const KNUTH = 'a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n';
const dir = mkdtempSync(join(tmpdir(), 'dlx-cli-'));
const queens = (n: number): string => {
  const file = join(dir, `queens${n}.dlx`);
  if (!existsSync(file)) writeFileSync(file, formatDlx(nQueensProblem(n)));
  return file;
};

/** The keys and types of the totals, in `dlx --json` and in the summary line of `--json --print`. */
function expectTotals(json: Record<string, unknown>, complete: boolean): void {
  expect(Object.keys(json)).toEqual(['solutions', 'nodes', 'updates', 'maxDepth', 'ms', 'complete', 'stoppedBy']);
  for (const key of ['solutions', 'nodes', 'updates', 'maxDepth']) expect(Number.isSafeInteger(json[key]), key).toBe(true);
  // Milliseconds: whole from 100 up, one decimal below (no float noise such as 0.8898660830000001).
  const ms = json.ms as number;
  expect(typeof ms).toBe('number');
  expect(ms >= 100 ? Number.isInteger(ms) : Number.isInteger(Math.round(ms * 10)) && String(ms).length <= 5).toBe(true);
  expect(json.complete).toBe(complete);
  expect(json.stoppedBy === null || typeof json.stoppedBy === 'string').toBe(true);
}

beforeAll(() => {
  if (!existsSync(dlx)) throw new Error(`build the package first: ${dlx} is missing`);
});

describe('dlx', () => {
  it('counts the solutions of a file and prints statistics', () => {
    const { code, stdout, stderr } = run([queens(8)]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Altogether 92 solutions, [\d,]+ nodes, [\d,]+ updates, [\d.]+ ms\.\n$/);
  });

  it('reads standard input (also by default) and prints solutions with --print', () => {
    const { code, stdout } = run(['-', '--print'], KNUTH);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Solution 1:\n c e\n a d f\n b g\nAltogether 1 solution, /);
    expect(run(['--print'], KNUTH).stdout.replace(/[\d.]+ ms/, 'T')).toBe(stdout.replace(/[\d.]+ ms/, 'T'));
  });

  it('--json: one object with the library statistics, time in ms', () => {
    const { code, stdout } = run(['--json'], KNUTH);
    expect(code).toBe(0);
    expect(stdout.split('\n')).toHaveLength(2);
    const json = JSON.parse(stdout) as Record<string, unknown>;
    expectTotals(json, true);
    expect(json).toMatchObject({ solutions: 1, maxDepth: 3, stoppedBy: null });
  });

  it('--json --print: NDJSON, one {options, names} line per solution, then the totals as {summary}', () => {
    const { code, stdout } = run(['--json', '--print'], 'a b\na\nb\na b\n');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines.slice(0, 2)).toEqual([
      { options: [0, 1], names: ['a', 'b'] },
      { options: [2], names: ['a b'] },
    ]);
    expect(Object.keys(lines[2]!)).toEqual(['summary']);
    expectTotals(lines[2]!.summary as Record<string, unknown>, true);
  });

  it('stops at --limit or --max-nodes and says so on stderr', () => {
    const limited = run(['--limit', '2', '--json'], formatDlx(nQueensProblem(6)));
    expect(limited.code).toBe(0);
    expect(JSON.parse(limited.stdout)).toMatchObject({ solutions: 2, complete: false, stoppedBy: 'limit' });
    expect(limited.stderr).toMatch(/^dlx: stopped by --limit 2 after 2 solutions and [\d,]+ nodes; there may be more\n$/);
    const budget = run(['--max-nodes', '3', '--json'], formatDlx(nQueensProblem(8)));
    expect(JSON.parse(budget.stdout)).toMatchObject({ nodes: 3, complete: false, stoppedBy: 'nodes' });
    expect(budget.stderr).toMatch(/stopped by the node budget \(--max-nodes\)/);
  });

  it('--seed gives the same count', () => {
    expect(JSON.parse(run(['--seed', 'x', '--json'], formatDlx(nQueensProblem(7))).stdout).solutions).toBe(40);
  });

  it('--print streams: 20 queens piped into head -3 prints 3 lines and ends', () => {
    const result = runShell(dlx, `BIN ${queens(20)} --print | head -3`, { timeout: 30_000 });
    expect(result.signal).toBeNull();
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Solution 1:\n r\d+ c\d+ a\d+ b\d+\n r\d+ c\d+ a\d+ b\d+\n$/);
    expect(result.stderr).toBe('');
    const json = runShell(dlx, `BIN ${queens(20)} --print --json | head -3`, { timeout: 30_000 });
    expect(json.stdout.trimEnd().split('\n').map((line) => (JSON.parse(line) as { names: string[] }).names.length)).toEqual([20, 20, 20]);
  });

  it('--print keeps memory bounded: 20 queens (39 billion solutions, never printed in full) stops at --timeout, exit 124', async () => {
    const { code, peakMB } = await peakMemory(dlx, [queens(20), '--print', '--timeout', '1500ms']);
    expect(code).toBe(EXIT_TIMEOUT);
    expect(peakMB).toBeGreaterThan(0);
    expect(peakMB).toBeLessThan(150);
  });

  it('--timeout stops a count that cannot finish (20 queens), says what was done, exit 124', () => {
    const { code, stdout, stderr } = run([queens(20), '--timeout', '500ms', '--json']);
    expect(code).toBe(EXIT_TIMEOUT);
    const json = JSON.parse(stdout) as Record<string, unknown>;
    expectTotals(json, false);
    expect(json.stoppedBy).toMatch(/^(time|signal)$/);
    expect(stderr).toMatch(/^dlx: stopped by --timeout 500ms after [\d,]+ solutions? and [\d,]+ nodes; there may be more\n$/);
  });

  it('endless standard input (yes, /dev/zero) is refused once 32 MiB have come in: one line, exit 1, memory bounded', async () => {
    for (const script of ['yes | BIN - --timeout 2s', 'BIN - < /dev/zero']) {
      const { code, peakMB, stderr } = await pipelinePeakMemory(dlx, script);
      expect(code, script).toBe(1);
      expect(stderr, script).toBe('dlx: cannot read standard input: it is larger than 32 MiB\n');
      expect(peakMB, script).toBeGreaterThan(0);
      expect(peakMB, script).toBeLessThan(150);
    }
  });

  it('--timeout stops a read that waits on standard input held open: says so, exit 124', async () => {
    // A start of a problem, and then nothing: the writer never ends.
    const { code, stdout, stderr } = await runHeldOpen(dlx, ['-', '--timeout', '300ms'], { input: 'a b\na\n' });
    expect(code).toBe(EXIT_TIMEOUT);
    expect(stdout).toBe('');
    expect(stderr).toBe('dlx: stopped by --timeout 300ms while reading standard input, before the search\n');
  });

  it('Ctrl-C during a search that cannot finish: says what was done, exit 130', async () => {
    const child = spawn(process.execPath, [dlx, queens(20), '--print'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    // The first solution printed shows the run is under way (its Ctrl-C handler in place): only then is Ctrl-C sent.
    child.stdout.setEncoding('utf8').once('data', () => child.kill('SIGINT'));
    child.stdout.on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const safety = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', (status) => resolve(status)));
    clearTimeout(safety);
    expect(code).toBe(130);
    expect(stdout).toMatch(/^Solution 1:\n/);
    expect(stdout).toMatch(/\nAltogether [\d,]+ solutions?, [\d,]+ nodes, [\d,]+ updates, [\d.]+ ms\.\n$/);
    expect(stderr).toMatch(/^dlx: stopped by Ctrl-C after [\d,]+ solutions? and [\d,]+ nodes; there may be more\n$/);
  });

  it.skipIf(!hasScript)('draws a progress line on a terminal once a search that cannot finish has run a second', async () => {
    // Stopped by Ctrl-C once the line shows: no timer decides the verdict.
    const result = await onTerminalUntil(`'${process.execPath}' '${dlx}' '${queens(20)}'`, /\rdlx: [\d,]+ nodes · [\d,]+\/s\u001b\[K/);
    expect(result.seen, result.output).toBe(true);
    expect(result.code).toBe(130);
    expect(result.output).toMatch(/dlx: stopped by Ctrl-C after/);
  });

  it('bad input: exit 1 with one line naming the place', () => {
    const { code, stdout, stderr } = run(['-'], 'a b\na z\n');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe("dlx: standard input: line 2: unknown item 'z' in option 'a z'\n");
    expect(run([join(dir, 'missing.dlx')])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^dlx: cannot read '.*missing\.dlx': no such file\n$/) });
    expect(run([dir])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^dlx: cannot read .*: it is a directory\n$/) });
    const escaped = run(['-'], 'a b\na \u001b[2J\n');
    expect(escaped.code).toBe(1);
    expect(escaped.stderr).toContain('\\u001b[2J');
    expectOneLineErrors(escaped, 'dlx');
  });

  it('a failed write (a full disk) is one line on stderr and exit 1', () => {
    for (const args of ['', '--print', '--json --print']) {
      const result = runShell(dlx, `BIN ${queens(8)} ${args} > /dev/full`);
      expect(result.code, args).toBe(1);
      expect(result.stderr, args).toBe('dlx: cannot write to standard output: no space left on the device (ENOSPC)\n');
    }
  });

  it('usage errors: exit 2 with a pointer to --help', () => {
    expect(run(['--limit', 'x'], KNUTH)).toMatchObject({ code: 2, stderr: expect.stringMatching(/--limit must be a positive integer; got 'x'/) });
    expect(run(['--limit', '99999999999999999999'], KNUTH)).toMatchObject({ code: 2, stderr: expect.stringMatching(/--limit must be a positive integer/) });
    expect(run(['--timeout', '5x'], KNUTH)).toMatchObject({ code: 2, stderr: expect.stringMatching(/--timeout must be a duration/) });
    expect(run(['--prnit'], KNUTH)).toMatchObject({ code: 2, stderr: "dlx: unknown option '--prnit' (did you mean --print?); run 'dlx --help' for usage\n" });
    expect(run(['a', 'b']).code).toBe(2);
  });

  it('--help and --version', () => {
    const help = run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: dlx [\s\S]*Examples:/);
    expect(run(['--version']).stdout).toBe(`${pkg.version}\n`);
  });

  it('every example of --help runs', () => {
    writeFileSync(join(dir, 'queens8.dlx'), formatDlx(nQueensProblem(8)));
    writeFileSync(join(dir, 'pentominoes.dlx'), formatDlx(pentominoProblem(6, 10, { breakSymmetry: true })));
    const help = run(['--help']).stdout;
    const examples = help.split('Examples:\n')[1]!.split('\n\n')[0]!.split('\n').map((line) => line.trim());
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const example of examples) {
      const script = example.replace(/(^|\| )dlx /g, '$1BIN ');
      const result = runShell(dlx, `cd '${dir}' && ${script}`, { timeout: 30_000 });
      // --max-nodes 1000000 stops the pentomino search (exit 0) well before its --timeout 10s on an idle machine; on
      // a loaded one the clock may come first (exit 124, and stderr says so): either way the totals are printed.
      if (result.code === 124) expect(result.stderr, example).toMatch(/^dlx: stopped by --timeout 10s after [\d,]+ solutions and [\d,]+ nodes/);
      else expect(result.code, `${example}: ${result.stderr}`).toBe(0);
      expect(result.stdout, example).toMatch(/Altogether|summary/);
    }
  });

  fuzzCli('dlx', dlx, {
    words: ['-', '--print', '--json', '--limit', '3', '--max-nodes', '100', '--timeout', '2s', '--seed', 'x', '--help', '--version', queens(6)],
    stdin: fc.oneof(fc.constant(KNUTH), fc.constant(formatDlx(nQueensProblem(5))), fc.string({ unit: 'binary', maxLength: 200 })),
    // Each run is a process: a few here, more in CI (CI=true).
    numRuns: process.env.CI ? 25 : 10,
  });
});
