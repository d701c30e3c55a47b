// Runs of the built CLI that do not block, so that independent runs go side by side (each is a process; most of a
// CLI test's time is spent starting them): `await inParallel(items, (item) => runAsync(...))`.
import { spawn } from 'node:child_process';
import type { CliRun } from '@puzzles/testkit/cli';

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
