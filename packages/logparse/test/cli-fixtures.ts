// What the CLI test files share: the built binary, a runner, and the small log they read (written once per file).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { runBin, type CliRun } from '@puzzles/testkit/cli';
import { FRAGMENTS, QUIRKS, BLOG_LINE } from './reference.js';

export const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

export function run(args: string[], input?: string, env?: NodeJS.ProcessEnv) {
  return runBin(cli, args, { ...(input === undefined ? {} : { input }), ...(env === undefined ? {} : { env }) });
}

/** The blog post's line on another day, with another request, referrer or status. */
export const day = (d: string, request: string, referrer: string, status = 200) =>
  BLOG_LINE.replace('08/Jan', `${d}/Jan`).replace('/blog.ucw?entry-id=2', request).replace('http://planet.lisp.org/', referrer).replace('" 200 ', `" ${status} `);

/** Six records over two days and two rejects (lines 7 and 8). */
export const log = [
  day('27', '/blogs/lisp', 'http://planet.lisp.org/'),
  day('28', '/blogs/lisp', 'http://planet.lisp.org/'),
  day('28', '/blogs/lisp?id=4', 'http://planet.lisp.org/'),
  day('28', '/blogs/lisp', 'http://www.example.com/'),
  day('28', '/static-files/pieces.gif', 'http://example.com/'),
  day('28', '/blogs/lisp', 'http://lemonodor.com/', 404),
  FRAGMENTS[0]!,
  FRAGMENTS[1]!,
  '',
].join('\n');

/** A scratch folder holding `access.log` (the log above), `access.log.gz` and `old.log.gz`; `file` is the first. */
export function logFolder(prefix: string): { dir: string; file: string } {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing`);
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, 'access.log'), log);
  writeFileSync(join(dir, 'access.log.gz'), gzipSync(log));
  writeFileSync(join(dir, 'old.log.gz'), gzipSync(`${QUIRKS.noProtocol}\n`));
  return { dir, file: join(dir, 'access.log') };
}

/**
 * Runs the CLI once per argument list (or, for a string, a bash script with `BIN` standing for it, as `runShell`
 * runs one), a few at a time, and gives the runs in order: independent runs wait for each other less.
 */
export async function runAll(jobs: ReadonlyArray<readonly string[] | string>, concurrency = 3): Promise<CliRun[]> {
  const runs: CliRun[] = new Array<CliRun>(jobs.length);
  let next = 0;
  const one = (job: readonly string[] | string): Promise<CliRun> =>
    new Promise((resolve, reject) => {
      const [command, args] =
        typeof job === 'string' ? ['bash', ['-c', `set -o pipefail; BIN() { "${process.execPath}" "${cli}" "$@"; }; ${job}`]] : [process.execPath, [cli, ...job]];
      const child = spawn(command, args, { env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
      child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
      child.on('error', reject);
      child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    });
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const at = next++;
      runs[at] = await one(jobs[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return runs;
}
