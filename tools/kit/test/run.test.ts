import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { peakMemory } from '@puzzles/testkit/cli';
import { colorEnabled } from '../src/run.js';

const fixture = fileURLToPath(new URL('./fixture-cli.ts', import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const node = `"${process.execPath}" --import "${tsx}" "${fixture}"`;

function sh(script: string, input = '') {
  const result = spawnSync('bash', ['-c', `set -o pipefail; ${script}`], { input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, signal: result.signal };
}

describe('runCli', () => {
  it('prints, then exits 0', () => {
    const run = sh(`${node} --count 2`);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.split('\n')).toHaveLength(3);
  });

  it('stops quietly when the reader goes away, even when the output never ends', () => {
    const run = sh(`${node} --forever | head -n 1; echo "status \${PIPESTATUS[0]}"`);
    expect(run.signal).toBeNull();
    expect(run.stdout).toMatch(/^line 1 x+\nstatus 0\n$/);
    expect(run.stderr).toBe('');
  });

  it('keeps memory bounded while a slow reader takes a large output', async () => {
    const { code, peakMB } = await peakMemory(fixture, ['--count', '2000000'], { nodeArgs: ['--import', tsx], slowReaderMs: 500 });
    expect(code).toBe(0);
    expect(peakMB).toBeGreaterThan(0);
    expect(peakMB).toBeLessThan(150);
  });

  it('says in one line that a write failed, and exits 1', () => {
    for (const count of ['1', '200000']) {
      const run = sh(`${node} --count ${count} > /dev/full`);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('fixture: cannot write to standard output: no space left on the device (ENOSPC)\n');
    }
  });

  it('gives usage errors one line and status 2, bad input status 1, and a bug status 1 with "internal error"', () => {
    expect(sh(`${node} --bogus`)).toMatchObject({ code: 2, stdout: '', stderr: "fixture: unknown option '--bogus'; run 'fixture --help' for usage\n" });
    expect(sh(`${node} --count 0`)).toMatchObject({ code: 2, stderr: "fixture: --count must be a positive integer; got '0'; run 'fixture --help' for usage\n" });
    expect(sh(`${node} --range`)).toMatchObject({ code: 1, stderr: 'fixture: count must be positive; got -1\n' });
    const bug = sh(`${node} --internal`);
    expect(bug.code).toBe(1);
    expect(bug.stderr).toMatch(/^fixture: internal error \(please report it\): Error: a bug/);
  });

  it('prints help and the version on stdout', () => {
    expect(sh(`${node} --help`)).toMatchObject({ code: 0, stdout: 'Usage: fixture [--count N] [--forever] [--lines FILE] [--text FILE]\n' });
    expect(sh(`${node} -v`)).toMatchObject({ code: 0, stdout: '0.0.0\n' });
    // Even with operands the command does not take.
    expect(sh(`${node} extra --help`)).toMatchObject({ code: 0, stdout: 'Usage: fixture [--count N] [--forever] [--lines FILE] [--text FILE]\n' });
  });

  it('stops on --timeout, lets the command say what it did, and exits 124', () => {
    const run = sh(`${node} --forever --timeout 300ms > /dev/null`);
    expect(run.code).toBe(124);
    expect(run.stderr).toBe('fixture: stopped by --timeout after some lines\n');
  });

  it('stops on Ctrl-C with status 130', () => {
    // Ctrl-C is sent once the command has written, so its handler is surely in place (not after a guessed delay).
    const out = join(mkdtempSync(join(tmpdir(), 'kit-int-')), 'out');
    const run = sh(`${node} --forever > ${out} & pid=$!; while [ ! -s ${out} ]; do sleep 0.05; done; kill -INT $pid; wait $pid`);
    expect(run.code).toBe(130);
    expect(run.signal).toBeNull();
  });
});

describe('reading input', () => {
  it('shows a prompt while the command waits for input', async () => {
    const child = spawn(process.execPath, ['--import', tsx, fixture, '--prompt'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    // The child cannot end before its input does, so the prompt can only arrive here if it was sent while waiting.
    await new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk), stdout.includes('guess? ') && resolve())));
    child.stdin.end('crane\n');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stdout).toBe('guess? got crane\n');
  });

  it('ends a read from an idle pipe on --timeout', () => {
    const run = sh(`{ sleep 30 2>/dev/null & } | ${node} --lines - --timeout 300ms`);
    expect(run).toMatchObject({ code: 124, stdout: '', stderr: 'fixture: stopped by --timeout while reading\n' });
  });

  it('ends a whole read (readAll) from an idle pipe on --timeout', () => {
    const run = sh(`{ sleep 30 2>/dev/null & } | ${node} --all - --timeout 300ms`);
    expect(run).toMatchObject({ code: 124, stdout: '', stderr: 'fixture: stopped by --timeout while reading\n' });
  });

  it('reads a whole file or stdin up to a bound, and refuses more in one line', () => {
    const file = join(dir, 'whole.txt');
    writeFileSync(file, 'é'.repeat(1000));
    for (const how of ['--text', '--all']) {
      expect(sh(`${node} ${how} ${file}`)).toMatchObject({ code: 0, stdout: '1000 characters\n' });
      expect(sh(`${node} ${how} - < ${file}`)).toMatchObject({ code: 0, stdout: '1000 characters\n' });
      expect(sh(`cat ${file} | ${node} ${how} -`)).toMatchObject({ code: 0, stdout: '1000 characters\n' });
      // 2,000 bytes of UTF-8: a regular file over the bound is refused before it is read, a pipe once the bound is passed.
      expect(sh(`${node} ${how} ${file} --max-bytes 1999`)).toMatchObject({ code: 1, stdout: '', stderr: `fixture: cannot read '${file}': it is larger than 1,999 bytes\n` });
      expect(sh(`cat ${file} | ${node} ${how} - --max-bytes 1024`)).toMatchObject({ code: 1, stderr: 'fixture: cannot read standard input: it is larger than 1 KiB\n' });
    }
  });

  it('refuses an endless source read whole with bounded memory (yes, /dev/zero)', async () => {
    for (const how of ['--text', '--all']) {
      expect(sh(`yes | ${node} ${how} -`)).toMatchObject({ code: 1, stdout: '', stderr: 'fixture: cannot read standard input: it is larger than 32 MiB\n' });
      expect(sh(`${node} ${how} /dev/zero`)).toMatchObject({ code: 1, stdout: '', stderr: "fixture: cannot read '/dev/zero': it is larger than 32 MiB\n" });
      const { code, peakMB } = await peakMemory(fixture, [how, '/dev/zero'], { nodeArgs: ['--import', tsx] });
      expect(code).toBe(1);
      expect(peakMB).toBeLessThan(150);
    }
  });

  it('says the first five bad lines, counts the rest in one line, and exits 1 with every good line read', () => {
    const input = Array.from({ length: 1000 }, (_, i) => (i % 2 === 0 ? 'ok' : 'bad')).join('\n');
    const run = sh(`${node} --checked -`, input);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('500 good lines\n');
    expect(run.stderr.split('\n')).toEqual([
      ...[2, 4, 6, 8, 10].map((n) => `fixture: line ${n}: expected 'ok'`),
      'fixture: … and 495 more bad lines',
      '',
    ]);
    expect(sh(`${node} --checked -`, 'ok\nno\n')).toMatchObject({ code: 1, stdout: '1 good lines\n', stderr: "fixture: line 2: expected 'ok'\n" });
  });

  it('holds --timeout on an endless flood of bad lines, with a bounded stderr', () => {
    const run = sh(`yes | ${node} --checked - --timeout 500ms`);
    // Bad input outranks the stop: status 1, and the stop is said.
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[5]).toBe('fixture: stopped by --timeout after 0 good lines');
    expect(lines[6]).toMatch(/^fixture: … and [\d,]+ more bad lines$/);
  });

  const dir = mkdtempSync(join(tmpdir(), 'kit-'));

  it('reads lines of a file or stdin, with numbers, without a BOM or CR', () => {
    const file = join(dir, 'a.txt');
    writeFileSync(file, '\ufeffone\r\ntwo\n\nfour');
    expect(sh(`${node} --lines ${file}`).stdout).toBe('1: one\n2: two\n3: \n4: four\n');
    expect(sh(`${node} --lines -`, 'x\ny\n').stdout).toBe('1: x\n2: y\n');
  });

  it('names a missing file, a directory and an over-long line', () => {
    expect(sh(`${node} --lines ${join(dir, 'none')}`)).toMatchObject({ code: 1, stderr: `fixture: cannot read '${join(dir, 'none')}': no such file\n` });
    expect(sh(`${node} --lines - < /`)).toMatchObject({ code: 1, stderr: 'fixture: cannot read standard input: it is a directory\n' });
    expect(sh(`${node} --text - < /`)).toMatchObject({ code: 1, stderr: 'fixture: cannot read standard input: it is a directory\n' });
    expect(sh(`${node} --text ${dir}`)).toMatchObject({ code: 1, stderr: `fixture: cannot read '${dir}': it is a directory\n` });
    const long = sh(`${node} --lines -`, `ok\n${'z'.repeat(5000)}\n`);
    expect(long).toMatchObject({ code: 1, stdout: '1: ok\n', stderr: 'fixture: standard input line 2: the line is longer than 100 characters\n' });
  });
});

describe('colorEnabled', () => {
  it('follows the terminal, NO_COLOR and FORCE_COLOR', () => {
    expect(colorEnabled({ isTTY: true }, {})).toBe(true);
    expect(colorEnabled({ isTTY: false }, {})).toBe(false);
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: '' })).toBe(true);
    expect(colorEnabled({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorEnabled({ isTTY: true }, { FORCE_COLOR: '0' })).toBe(false);
  });
});
