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

  it('stops on --timeout and lets the command say what it did', () => {
    const run = sh(`${node} --forever --timeout 300ms > /dev/null`);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('fixture: stopped by --timeout after some lines\n');
  });

  it('stops on Ctrl-C with status 130', () => {
    const run = sh(`${node} --forever > /dev/null & pid=$!; sleep 1.5; kill -INT $pid; wait $pid`);
    expect(run.code).toBe(130);
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
    const run = sh(`sleep 30 | ${node} --lines - --timeout 300ms`);
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: 'fixture: stopped by --timeout while reading\n' });
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
