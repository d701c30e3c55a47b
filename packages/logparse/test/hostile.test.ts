// The CLI and the state files on hostile input: doctored or impossible state files, endless and over-long streams on
// every source, and --timeout on input that cannot finish. Each case spawns the built CLI once or twice; what is logic
// rather than the process (the state checks, collectPanels' start) is tested in-process.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { runBin, runShell } from '@puzzles/testkit/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_LINE } from './reference.js';
import { MAX_STATE_BYTES, StateError, collectPanels, createPanels, isLineStart, readState, writeState } from '../src/node.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'logparse-hostile-'));
const OVERLONG = 'line longer than 65536 bytes (maxLineLength)';

/** A line per visitor (the client address varies), so that a line read from its second byte changes the count. */
const visitorLine = (i: number) => BLOG_LINE.replace(/^\S+/, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
const lines = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => `${visitorLine(from + k)}\n`).join('');

/** Stderr as lines; each must be one of the CLI's own (no stack trace, no blank line). */
function stderrLines(stderr: string): string[] {
  const out = stderr.split('\n').slice(0, -1);
  for (const line of out) expect(line.startsWith('logparse: '), line).toBe(true);
  expect(stderr.endsWith('\n') || stderr === '').toBe(true);
  return out;
}

// Peak memory of a run, read by the process itself from /proc/self/status (VmHWM) as it exits, so that no short peak
// is missed between samples.
const peakFile = join(dir, 'peak');
const preload = join(dir, 'peak.mjs');
const MiB = 1 << 20;
/** Bytes of zeros in the over-long line: more than the 150 MB allowed, so that a run holding them cannot pass. */
const ZEROS = 160 * MiB;

function peakMB(): number {
  return Number(readFileSync(peakFile, 'utf8')) / 1024;
}

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing`);
  writeFileSync(
    preload,
    `import { readFileSync, writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(${JSON.stringify(peakFile)}, /VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]));`,
  );
  // ZEROS bytes of zeros as concatenated gzip members of 1 MiB each (read as one stream, as gzip does).
  const member = gzipSync(Buffer.alloc(MiB), { level: 1 });
  writeFileSync(join(dir, 'zeros.gz'), Buffer.concat(Array.from({ length: ZEROS / MiB }, () => member)));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `BIN …` in bash with the peak-memory hook; `input` is a shell command whose output is piped in. */
function measured(args: string, input?: string) {
  rmSync(peakFile, { force: true });
  const bin = `NODE_OPTIONS="--import ${preload}" BIN ${args}`;
  return runShell(cli, input === undefined ? bin : `${input} | ${bin}`, { timeout: 60_000 });
}

describe('--state refuses what it cannot trust, in one line, and leaves the state file as it is', () => {
  it('refuses a state whose offset is not a line start (review regression: 1,338 visitors instead of 1,337)', () => {
    const log = join(dir, 'c.log');
    const state = join(dir, 'c.state');
    // Over 64 KB, so that the head fingerprint does not cover the offset and only the line-start check can tell.
    writeFileSync(log, lines(0, 5000));
    expect(runBin(cli, [log, '--report', 'general', '--json', '--state', state]).code).toBe(0);
    appendFileSync(log, lines(5000, 6000));
    const saved = JSON.parse(readFileSync(state, 'utf8')) as { offset: number };
    const doctored = Buffer.from(JSON.stringify({ ...saved, offset: saved.offset + 1 }));
    writeFileSync(state, doctored);
    const run = runBin(cli, [log, '--report', 'general', '--json', '--state', state]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(stderrLines(run.stderr)).toEqual([
      `logparse: state file '${state}' is damaged: its offset ${saved.offset + 1} is not a line start of '${log}' (expected 0 or an offset just after a line end); remove it or name another with --state`,
    ]);
    expect(readFileSync(state).equals(doctored)).toBe(true);
  });

  it('refuses a device as the state without reading it (review regression: /dev/zero read whole, then bad_alloc)', () => {
    const log = join(dir, 'small.log');
    writeFileSync(log, lines(0, 3));
    for (const device of ['/dev/zero', '/dev/full']) {
      const run = runBin(cli, [log, '--report', 'general', '--json', '--state', device], { timeout: 30_000 });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toBe('');
      expect(stderrLines(run.stderr)).toEqual([`logparse: state file '${device}' is a device, not a regular file; name a file with --state`]);
    }
    expect(readdirSync('/dev').filter((name) => name.endsWith('.tmp'))).toEqual([]);
    // A state that cannot be written (its folder does not exist) is one line too, and leaves nothing behind.
    const nowhere = join(dir, 'no-such-dir', 'x.state');
    const unwritable = runBin(cli, [log, '--report', 'general', '--json', '--state', nowhere]);
    expect(unwritable.code).toBe(1);
    expect(stderrLines(unwritable.stderr)).toEqual([`logparse: cannot write the state '${nowhere}': ENOENT`]);
  });

  it('checks state files in the library: line starts, kinds of file, sizes, and writes that fail', async () => {
    const log = join(dir, 'lib.log');
    writeFileSync(log, 'ab\ncd\n');
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((at) => isLineStart(log, at))).toEqual([true, false, false, true, false, false, true, false]);
    expect(() => isLineStart(log, -1)).toThrow(new RangeError('offset must be a non-negative integer; got -1'));
    // collectPanels counts from a line start only.
    {
      await expect(collectPanels(log, { start: 1 })).rejects.toThrow(new RangeError(`start must be a line start of '${log}' (0, or just after a line end); got 1`));
      expect((await collectPanels(log, { start: 3 })).failed).toBe(1);

      // A FIFO is refused without waiting for a writer; a directory and a huge file before a byte is read.
      const fifo = join(dir, 'state.fifo');
      expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
      expect(() => readState(fifo)).toThrow(new StateError(`state file '${fifo}' is a FIFO, not a regular file; name a file with --state`));
      expect(() => readState(dir)).toThrow(/is a directory, not a regular file/);
      const huge = join(dir, 'huge.state');
      writeFileSync(huge, '');
      truncateSync(huge, MAX_STATE_BYTES + 1); // sparse: no disk used
      expect(() => readState(huge)).toThrow(
        new StateError(`state file '${huge}' has ${MAX_STATE_BYTES + 1} bytes, more than a logparse state can have (at most ${MAX_STATE_BYTES}); remove it or name another with --state`),
      );
      expect(readState(join(dir, 'absent.state'))).toBeUndefined();

      // Writing: a device is refused before anything is written (no temporary file beside it); a failed write leaves
      // no temporary file.
      const state = { format: 'combined', offset: 0, head: '0'.repeat(64), days: new Map([['2006-01-08', createPanels()]]) };
      expect(() => writeState('/dev/full', state)).toThrow(new StateError("state file '/dev/full' is a device, not a regular file; name a file with --state"));
      expect(() => writeState(fifo, state)).toThrow(/is a FIFO, not a regular file/);
      expect(readdirSync('/dev').filter((name) => name.endsWith('.tmp'))).toEqual([]);
      expect(() => writeState(join(dir, 'no-such-dir', 'x.state'), state)).toThrow(/ENOENT/);
      writeState(join(dir, 'ok.state'), state);
      expect(readState(join(dir, 'ok.state'))).toMatchObject({ offset: 0, head: '0'.repeat(64) });
      expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    }
  });
});

describe('an over-long line is skipped as it streams, on every source', () => {
  const summaryOf = (stdout: string) => JSON.parse(stdout) as { read: number; rejected: number; rejects: Array<{ line: number; reason: string }> };

  it('standard input: one reject, memory flat (review regression: 600 MB of zeros ended in a segmentation fault)', () => {
    const run = measured('- --report summary --json', `head -c ${ZEROS} /dev/zero`);
    expect(run.code, run.stderr).toBe(0);
    expect(summaryOf(run.stdout)).toMatchObject({ read: 1, rejected: 1, rejects: [{ line: 1, reason: OVERLONG }] });
    expect(stderrLines(run.stderr)).toContain(`logparse: line 1: ${OVERLONG}`);
    expect(peakMB()).toBeLessThan(150);
  });

  it('gzip: one reject, memory flat (review regression: 1.2 MB of gzip peaked at 319 MB)', () => {
    const run = measured(`"${join(dir, 'zeros.gz')}" --report summary --json`);
    expect(run.code, run.stderr).toBe(0);
    expect(summaryOf(run.stdout)).toMatchObject({ read: 1, rejected: 1, rejects: [{ line: 1, reason: OVERLONG }] });
    expect(stderrLines(run.stderr)).toContain(`logparse: line 1: ${OVERLONG}`);
    expect(peakMB()).toBeLessThan(150);
  });

  it('gzip through a FIFO, counted as panels: one failed line, memory flat', () => {
    const fifo = join(dir, 'zeros.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const run = measured(`"${fifo}" --report general --json & cat "${join(dir, 'zeros.gz')}" > "${fifo}"; wait $!`);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ general: { requests: 1, valid: 0, failed: 1 } });
    expect(run.stderr).toBe('');
    expect(peakMB()).toBeLessThan(150);
  });
});

describe('--timeout on input that never ends: what was read, one line saying so, exit 124', () => {
  it('stops the panels too (review regression: --report all ignored --timeout and read an endless stream forever)', () => {
    // (yes ends on SIGPIPE when logparse has stopped: the status checked is logparse's.)
    const run = runShell(cli, `yes '${BLOG_LINE}' | BIN - --timeout 300ms --report general --json; exit \${PIPESTATUS[1]}`, { timeout: 30_000 });
    expect(run.code, run.stderr).toBe(124);
    const { general } = JSON.parse(run.stdout) as { general: { requests: number; failed: number } };
    expect(general.requests).toBeGreaterThan(0);
    expect(general.failed).toBe(0);
    expect(stderrLines(run.stderr)).toEqual([`logparse: stopped after 300ms (--timeout): the panels cover the ${general.requests} lines read until then`]);
  });

  it('refuses --timeout with --workers above 1 (workers cannot hand back what they read before the stop)', () => {
    const run = runBin(cli, [join(dir, 'any.log'), '--report', 'all', '--timeout', '5s', '--workers', '2']);
    expect(run.code).toBe(2);
    expect(stderrLines(run.stderr)).toEqual([
      "logparse: --timeout reads the panels in one thread; --workers 2 and --timeout disagree (use one); run 'logparse --help' for usage",
    ]);
  });
});
