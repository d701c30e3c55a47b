// Helpers for testing a built CLI as a user runs it: spawn it, pipe it into `head`, point it at /dev/full, fuzz it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { expect, it } from 'vitest';

/** What a finished run of a CLI gave. */
export interface CliRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a built CLI (`dist/cli.js`) with arguments and optional stdin; colors off unless `env` says otherwise. */
export function runBin(
  bin: string,
  args: readonly string[],
  options: { input?: string; env?: NodeJS.ProcessEnv; timeout?: number; cwd?: string } = {},
): CliRun {
  const result = spawnSync(process.execPath, [bin, ...args], {
    input: options.input ?? '',
    cwd: options.cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...options.env },
    timeout: options.timeout ?? 60_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: result.status, signal: result.signal, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/** Runs a shell pipeline (`"$BIN" … | head -1`, `… > /dev/full`) with BIN set to `node <bin>`; returns its run and wall time. */
export function runShell(bin: string, script: string, options: { input?: string; timeout?: number } = {}): CliRun & { ms: number } {
  const start = performance.now();
  const result = spawnSync('bash', ['-c', `set -o pipefail; BIN() { "${process.execPath}" "${bin}" "$@"; }; ${script}`], {
    input: options.input ?? '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: options.timeout ?? 60_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: result.status, signal: result.signal, stdout: result.stdout ?? '', stderr: result.stderr ?? '', ms: performance.now() - start };
}

/** Runs a CLI and samples its peak resident memory (Linux /proc), for "memory stays bounded" checks; stdout is discarded. */
export async function peakMemory(
  bin: string,
  args: readonly string[],
  { limitMs = 30_000, nodeArgs = [], slowReaderMs = 0 }: { limitMs?: number; nodeArgs?: readonly string[]; slowReaderMs?: number } = {},
): Promise<{ code: number | null; peakMB: number }> {
  const child = spawn(process.execPath, [...nodeArgs, bin, ...args], { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, NO_COLOR: '1' } });
  // A reader that starts late makes the output pile up unless the writer waits for it.
  setTimeout(() => child.stdout.resume(), slowReaderMs);
  let peak = 0;
  const timer = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
      if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
    } catch {
      // The process has ended.
    }
  }, 20);
  const killer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  clearInterval(timer);
  clearTimeout(killer);
  return { code, peakMB: peak };
}

/** The family's exit status for a run that --timeout stopped (as timeout(1) has it). */
export const EXIT_TIMEOUT = 124;

/** What the family's CLIs may print on stderr when they fail: lines that start with the command's name, no stack trace. */
export function expectOneLineErrors(run: CliRun, name: string): void {
  expect([0, 1, 2, EXIT_TIMEOUT], `exit status of ${name} (stderr: ${run.stderr.slice(0, 300)})`).toContain(run.code);
  expect(run.stderr).not.toMatch(/internal error|\n\s+at |Error: |TypeError|ReferenceError|node:internal/);
  for (const line of run.stderr.split('\n').filter((l) => l.length > 0)) {
    // Progress lines are drawn only on a terminal, so every stderr line here is a message.
    expect(line.startsWith(`${name}: `), `stderr line of ${name}: ${line.slice(0, 200)}`).toBe(true);
    expect(line.length, `stderr line of ${name} too long`).toBeLessThan(600);
  }
  // No raw escape sequence from input reaches the terminal.
  // eslint-disable-next-line no-control-regex
  expect(run.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
}

/** The arguments a fuzzer draws from: the CLI's own options and words, and hostile text. */
export interface CliFuzzSpec {
  /** Subcommands, option names (`--count`), and values worth trying (`10`, `-`, `json`). */
  readonly words: readonly string[];
  /** Text for stdin, or undefined to fuzz stdin with arbitrary text. */
  readonly stdin?: fc.Arbitrary<string>;
  /** Runs (each spawns a process: keep it small). */
  readonly numRuns?: number;
  /** Milliseconds one run may take before it counts as a hang (a long job must take --timeout). */
  readonly timeout?: number;
  /** Arguments put after every drawn argv (say `--timeout 5s`, so a draw that is honestly slow stays bounded). */
  readonly append?: readonly string[];
}

/** A fuzz test: arbitrary argv and stdin give only one-line errors and exit statuses 0, 1, 2 or 124, never a hang. */
export function fuzzCli(name: string, bin: string, spec: CliFuzzSpec): void {
  const hostile = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.constantFrom('\u001b[2J', '-', '--', '---', '-1', '0', '1e999', 'NaN', ' 5', '+5', '/', '/dev/null', '\u0000'),
  );
  const arg = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...spec.words) }, { weight: 1, arbitrary: hostile });
  const stdin = spec.stdin ?? fc.string({ unit: 'binary', maxLength: 200 });
  it(`${name}: arbitrary arguments and input give one-line errors and exit 0, 1, 2 or 124`, () => {
    // Each run starts in an empty scratch folder, so an output file named by a drawn word (`--html 2s`) lands there,
    // never in the repository.
    const scratch = mkdtempSync(join(tmpdir(), 'puzzles-fuzz-'));
    try {
      fc.assert(
        fc.property(fc.array(arg, { maxLength: 5 }), stdin, (args, input) => {
          const argv = [...args.filter((a) => !a.includes('\u0000')), ...(spec.append ?? [])];
          const run = runBin(bin, argv, { input, timeout: spec.timeout ?? 20_000, cwd: scratch });
          expect(run.signal, `${name} ${JSON.stringify(args)} was killed (a hang?)`).toBeNull();
          expectOneLineErrors(run, name);
        }),
        { numRuns: spec.numRuns ?? 40 },
      );
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
}

// Runs that do not block, so that independent runs go side by side (each is a process; most of a CLI test's time is
// spent starting them): `await inParallel(items, (item) => runAsync(...))`.

/** runBin's run (arguments, optional stdin, colors off, extra environment), without blocking. */
export function runAsync(bin: string, args: readonly string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  return collect(spawn(process.execPath, [bin, ...args], { env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...options.env } }), options.input);
}

/** runShell's run of a bash line (`BIN` is the built CLI), without blocking. */
export function runShellAsync(bin: string, script: string, options: { input?: string } = {}): Promise<CliRun> {
  const line = `set -o pipefail; BIN() { "${process.execPath}" "${bin}" "$@"; }; ${script}`;
  return collect(spawn('bash', ['-c', line], { env: { ...process.env, NO_COLOR: '1' } }), options.input);
}

function collect(child: ReturnType<typeof spawn>, input: string | undefined): Promise<CliRun> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin!.on('error', () => {});
    child.stdin!.end(input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** `work` on every item, three at a time; the results in the items' order. */
export async function inParallel<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return results;
}

/**
 * Runs `script` in bash with `BIN` standing for the CLI, samples the CLI's peak resident memory (Linux /proc) and
 * returns it with the pipeline's exit status and stderr. `BIN` must appear once.
 */
export async function pipelinePeakMemory(bin: string, script: string, limitMs = 30_000): Promise<{ code: number | null; peakMB: number; stderr: string }> {
  const pidFile = join(mkdtempSync(join(tmpdir(), 'puzzles-peak-')), 'pid');
  // `0<&0`: a job started with & in a script reads /dev/null unless its standard input is named.
  const command = `{ "${process.execPath}" "${bin}" "$@" 0<&0 & echo $! > '${pidFile}'; wait $!; }`;
  const child = spawn('bash', ['-c', `set -o pipefail; BIN() ${command}; ${script}`], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let peak = 0;
  const timer = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${readFileSync(pidFile, 'utf8').trim()}/status`, 'utf8');
      peak = Math.max(peak, Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      // Not started yet, or ended.
    }
  }, 20);
  const killer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(timer);
  clearTimeout(killer);
  return { code, peakMB: peak, stderr };
}

/**
 * A module to preload into a spawned CLI (`NODE_OPTIONS=--import=<FAST_CLOCK>`) where its --timeout must fire whatever
 * the machine's speed: every reading of the clock is a quarter of a second later than the one before.
 */
export const FAST_CLOCK = fileURLToPath(new URL('./fast-clock.mjs', import.meta.url));

/**
 * Runs a built CLI with `input` on a standard input that then stays open and silent until the process has ended (a
 * writer that never finishes): only the CLI's own --timeout, or the 60 s safety kill, can end such a wait.
 */
export function runHeldOpen(bin: string, args: readonly string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...options.env } });
  child.stdin.on('error', () => {});
  if (options.input !== undefined) child.stdin.write(options.input);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const safety = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(safety);
      child.stdin.destroy();
      resolve({ code, signal, stdout, stderr });
    }),
  );
}
