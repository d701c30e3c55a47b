import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectOneLineErrors, FAST_CLOCK, peakMemory, runShell, type CliRun } from '@puzzles/testkit/cli';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUIRKS, BLOG_LINE } from './reference.js';
import { cli, day, logFolder, run, runAll } from './cli-fixtures.js';

// The per-day tables (and what every run does: usage, errors, output, --timeout, --help); the panels are in
// cli-panels.test.ts and the fuzzing in cli-fuzz.test.ts, so that the three run side by side.
const { dir, file } = logFolder('logparse-cli-');
const many = join(dir, 'many.log');

beforeAll(() => {
  writeFileSync(many, Array.from({ length: 30000 }, (_, i) => day('28', `/page/${i}/${'x'.repeat(40)}`, 'http://planet.lisp.org/')).join('\n'));
});

describe('logparse CLI', () => {
  it('prints hits per day by default (200 GETs), with a summary on stderr', () => {
    const { code, stdout, stderr } = run([file]);
    expect(code).toBe(0);
    expect(stdout).toBe('day         hits\n2006-01-28     4\n2006-01-27     1\n');
    expect(stderr).toContain('logparse: read 8 lines, parsed 6, kept 5, rejected 2\n');
    expect(stderr).toContain('logparse: line 7: unterminated quoted request');
  });

  it('prints each --json output in the family shape: NDJSON, days as YYYY-MM-DD, a last {summary} line with ms', () => {
    const lines = (args: string[]) =>
      run([file, '--json', ...args])
        .stdout.trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const summaryLine = (value: Record<string, unknown>) => {
      expect(Object.keys(value)).toEqual(['summary']);
      const s = value['summary'] as Record<string, unknown>;
      expect(Object.keys(s).sort()).toEqual(['kept', 'ms', 'parsed', 'read', 'rejected', 'truncated']);
      for (const key of Object.keys(s)) expect(typeof s[key], key).toBe('number');
      expect(s).toMatchObject({ read: 8, parsed: 6, rejected: 2 });
    };
    const days = lines([]);
    expect(days.slice(0, -1)).toEqual([
      { day: '2006-01-28', hits: 4 },
      { day: '2006-01-27', hits: 1 },
    ]);
    summaryLine(days.at(-1)!);
    const overallDays = lines(['--overall']);
    expect(overallDays[0]).toEqual({ hits: 5 });
    summaryLine(overallDays[1]!);
    const refs = lines(['--report', 'referrers', '--top', '1', '--exclude', 'static-files']);
    expect(refs.slice(0, -1)).toEqual([
      { day: '2006-01-28', referrers: [{ referrer: 'http://planet.lisp.org/', hits: 2 }] },
      { day: '2006-01-27', referrers: [{ referrer: 'http://planet.lisp.org/', hits: 1 }] },
    ]);
    summaryLine(refs.at(-1)!);
    const overallRefs = lines(['--report', 'referrers', '--overall']);
    for (const r of overallRefs.slice(0, -1)) {
      expect(Object.keys(r)).toEqual(['referrer', 'hits']);
      expect([typeof r['referrer'], typeof r['hits']]).toEqual(['string', 'number']);
    }
    const pairs = lines(['--report', 'pairs', '--overall', '--top', '1', '--host', 'http://www.example.com', '--merge-www']);
    expect(pairs[0]).toEqual({ referrer: 'http://planet.lisp.org/', request: 'http://example.com/blogs/lisp', hits: 2 });
    summaryLine(pairs[1]!);
    const dayPairs = lines(['--report', 'pairs', '--top', '1']);
    expect(Object.keys(dayPairs[0]!)).toEqual(['day', 'pairs']);
    expect(dayPairs[0]!['day']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys((dayPairs[0]!['pairs'] as object[])[0]!)).toEqual(['referrer', 'request', 'hits']);
    const summary = lines(['--report', 'summary']);
    expect(summary).toHaveLength(1);
    const { ms, ...rest } = summary[0]!;
    expect(typeof ms).toBe('number');
    expect(rest).toEqual({
      read: 8,
      parsed: 6,
      kept: 5,
      rejected: 2,
      truncated: 0,
      // Each reject names its source (the library's field name), which tells files apart when there are several.
      rejects: [
        { source: file, line: 7, reason: `unterminated quoted request (%r): no closing '"' before the line end` },
        { source: file, line: 8, reason: "expected ' [' after the user (%u); got ' 12054'" },
      ],
    });
  });

  it('reads .gz files and stdin, with status/method any and CSV', () => {
    const gz = run([join(dir, 'access.log.gz'), '--status', 'any', '--method', 'any', '--report', 'referrers', '--overall', '--csv']);
    expect(gz.code).toBe(0);
    expect(gz.stdout.split('\r\n')).toEqual(['referrer,hits', 'http://planet.lisp.org/,3', 'http://example.com/,1', 'http://lemonodor.com/,1', 'http://www.example.com/,1', '']);
    expect(run([file, '--csv']).stdout).toBe('day,hits\r\n2006-01-28,4\r\n2006-01-27,1\r\n');
    const stdin = run(['-', '--format', 'common', '--status', 'any', '--report', 'summary', '--json'], `${QUIRKS.noProtocol}\n${QUIRKS.ipv6}\n`);
    expect(JSON.parse(stdin.stdout)).toMatchObject({ read: 2, parsed: 2, kept: 2, rejected: 0 });
    const apache = run(['-', '--format', '%h %l %u %t "%r" %>s %b', '--quiet'], `${QUIRKS.noProtocol}\n`);
    expect(apache.stdout).toBe('day         hits\n2006-01-09     1\n');
    const nginx = run(['-', '--nginx-format', '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent', '--quiet'], `${QUIRKS.noProtocol}\n`);
    expect(nginx.stdout).toBe('day         hits\n2006-01-09     1\n');
  });

  it('writes DOT and SVG graphs', () => {
    const dotFile = join(dir, 'graph.dot');
    const svgFile = join(dir, 'graph.svg');
    const { code } = run([file, '--dot', dotFile, '--svg', svgFile, '--quiet', '--host', 'http://www.example.com']);
    expect(code).toBe(0);
    const dot = readFileSync(dotFile, 'utf8');
    expect(dot).toContain('n0 [label="http://planet.lisp.org/"];');
    expect(dot).toContain('n0 -> n');
    expect(readFileSync(svgFile, 'utf8')).toContain('</svg>');
    expect(run([file, '--dot', '-', '--report', 'summary', '--quiet']).stdout).toContain('digraph "referrers"');
    const unwritable = run([file, '--dot', join(dir, 'no-such-dir', 'graph.dot'), '--quiet']);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toMatch(/^logparse: cannot write '.*graph\.dot': ENOENT\n$/);
  });

  it('says in one line which package --svg needs when @viz-js/viz is not installed', () => {
    // A module hook makes importing @viz-js/viz fail as it does where the optional peer dependency is missing.
    const hooks = join(dir, 'no-viz-hooks.mjs');
    writeFileSync(
      hooks,
      `export async function resolve(specifier, context, next) {
        if (specifier === '@viz-js/viz') throw Object.assign(new Error("Cannot find package '@viz-js/viz'"), { code: 'ERR_MODULE_NOT_FOUND' });
        return next(specifier, context);
      }`,
    );
    const register = join(dir, 'no-viz.mjs');
    writeFileSync(register, `import { register } from 'node:module'; register(${JSON.stringify(`file://${hooks}`)});`);
    const result = spawnSync(process.execPath, ['--import', register, cli, file, '--svg', join(dir, 'x.svg'), '--quiet'], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('logparse: --svg needs the optional package @viz-js/viz, which is not installed: npm install @viz-js/viz\n');
    expect(existsSync(join(dir, 'x.svg'))).toBe(false);
  });

  it('stops at the first reject with --strict (exit 1)', () => {
    const { code, stderr } = run([file, '--strict']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/access\.log: line 7: unterminated quoted request/);
  });

  it("matches --exclude in linear time (review regression: '(a+)+$' on 32 a's and a '!' backtracked for hours)", () => {
    const input = `${day('28', `/${'a'.repeat(32)}!`, 'http://x/')}\n${day('28', '/aaa', 'http://x/')}\n`;
    const { code, stdout } = run(['-', '--exclude', '(a+)+$', '--report', 'pairs', '--overall', '--quiet'], input);
    expect(code).toBe(0);
    expect(stdout).toContain(`/${'a'.repeat(32)}!`);
    expect(stdout).not.toContain('/aaa\n');
  });

  it('exits 2 on usage errors and 1 on unreadable input, always with one line', async () => {
    const usage: Array<[string[], RegExp]> = [
      [[file, '--exclude', '('], /--exclude: not a valid regular expression: '\('/],
      [[file, '--exclude', '(a)\\1'], /--exclude: the pattern .* uses a backreference/],
      [[file, '--format', '%h %Q'], /unsupported Apache directive '%Q'/],
      [[file, '--format', 'weird'], /--format must be combined, common or an Apache LogFormat/],
      [[file, '--nginx-format', '$nope'], /unsupported nginx variable '\$nope'/],
      [[file, '--report', 'weekly'], /--report must be one of days, referrers, pairs, summary; got 'weekly'/],
      // Found before any reading, not after counting the whole log (and, with --state, after saving the state).
      [[file, '--report', 'days', '--workers', '1'], /--workers goes with the panels .*--report days is one of the per-day tables/],
      [[file, '--report', 'pairs', '--html', join(dir, 'never.html')], /--html goes with the panels/],
      [[file, '--report', 'summary', '--state', join(dir, 'never.state')], /--state goes with the panels/],
      [[file, '--report', 'weekly', '--workers', '2'], /--report must be one of all, general, visitors, requests … \(13 names, listed by --help\); got 'weekly'/],
      [[file, '--top', '0'], /--top must be a positive integer; got '0'/],
      [[file, '--status', 'ok'], /--status takes status codes/],
      [[file, '--json', '--csv'], /--json and --csv disagree/],
      [[file, '--host', 'example'], /--host must be a site address/],
      [[file, '--timeout', 'soon'], /--timeout must be a duration/],
      [[file, '--bogus'], /unknown option '--bogus'/],
      [[file, '--repotr', 'days'], /unknown option '--repotr' \(did you mean --report\?\)/],
      // Review regressions: '' excluded every request; a raised limit over ~512 MB ended in a raw string-length trace.
      [[file, '--exclude', ''], /--exclude needs a pattern/],
      [[file, '--max-line-length', '600000000'], /--max-line-length must be an integer from 1 to 100000000; got '600000000'/],
    ];
    const runs = await runAll([...usage.map(([args]) => args), [join(dir, 'nope.log')], [dir]]);
    for (const [k, [args, message]] of usage.entries()) {
      const result = runs[k]!;
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain("run 'logparse --help' for usage");
      expectOneLineErrors(result, 'logparse');
      expect(result.stderr.split('\n')).toHaveLength(2);
    }
    expect(existsSync(join(dir, 'never.html')) || existsSync(join(dir, 'never.state'))).toBe(false);
    const [missing, directory] = runs.slice(usage.length) as [CliRun, CliRun];
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^logparse: cannot read '.*nope\.log': no such file\n$/);
    expect(directory.code).toBe(1);
    expect(directory.stderr).toMatch(/^logparse: cannot read '.*': is a directory\n$/);
  });

  it('refuses a directory as standard input (review regression: read as an empty log)', () => {
    const result = runShell(cli, `BIN - --report summary < "${dir}"`);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("logparse: cannot read 'stdin': is a directory\n");
  });

  it('escapes control characters from the input and the command line in its messages', () => {
    const result = run(['-', '--status', 'any'], `\u001b[2Jhello\n${BLOG_LINE}\n`);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('line 1: ');
    expectOneLineErrors(result, 'logparse');
    const named = run([join(dir, 'bad\u001b[31mname.log')]);
    expect(named.code).toBe(1);
    expectOneLineErrors(named, 'logparse');
    const format = run([file, '--format', '%h \u001b[2J %Q']);
    expect(format.code).toBe(2);
    expectOneLineErrors(format, 'logparse');
  });

  it('stops at once when the reader of its output goes away, stays small, and says so in one line when a write fails', async () => {
    const head = runShell(cli, `BIN "${many}" --report pairs --overall --quiet | head -1`, { timeout: 30_000 });
    expect(head.code).toBe(0);
    expect(head.stdout).toBe('overall:\n');
    expect(head.stderr).toBe('');
    const memory = await peakMemory(cli, [many, '--report', 'pairs', '--overall', '--quiet']);
    expect(memory.code).toBe(0);
    expect(memory.peakMB).toBeLessThan(150);
    const full = runShell(cli, `BIN "${file}" --report pairs --quiet > /dev/full`);
    expect(full.code).toBe(1);
    expect(full.stderr).toBe('logparse: cannot write to standard output: no space left on the device (ENOSPC)\n');
  });

  it('stops reading at --timeout, reports what it read until then and exits 124 (input that never ends)', () => {
    // (yes ends on SIGPIPE when logparse has stopped: the status checked is logparse's.)
    const result = runShell(cli, `yes '${BLOG_LINE}' | BIN - --timeout 1s --report summary --json; exit \${PIPESTATUS[1]}`, { timeout: 30_000 });
    expect(result.code).toBe(124);
    const summary = JSON.parse(result.stdout) as { read: number; stopped: string };
    expect(summary.stopped).toBe('timeout');
    expect(summary.read).toBeGreaterThan(0);
    expect(result.stderr).toMatch(/^logparse: read \d+ lines, parsed \d+, kept \d+, rejected 0\nlogparse: stopped after 1s \(--timeout\): the report covers the \d+ lines read until then\n$/);
  });

  it('draws a progress line of the bytes read on a terminal once the reading has taken a second', () => {
    // `script` gives the run a terminal; 2 MB through a pipe come in many reads, and on a clock that runs a quarter
    // second a reading (the testkit's FAST_CLOCK) the reading lasts over a second whatever the machine's speed.
    const big = join(dir, 'progress.log');
    writeFileSync(big, `${BLOG_LINE}\n`.repeat(Math.ceil(2_000_000 / (BLOG_LINE.length + 1))));
    const result = spawnSync('script', ['-qec', `bash -c "cat '${big}' | '${process.execPath}' '${cli}' - --quiet > /dev/null"`, '/dev/null'], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, NODE_OPTIONS: `--import=${FAST_CLOCK}` },
    });
    if (result.error !== undefined) return; // no `script` here: nothing to check
    expect(result.stdout).toMatch(/\rreading: \d[\d,]* bytes/);
    // The line is cleared at the end.
    expect(result.stdout).toMatch(/\r\u001b\[K$/);
  });

  it('asks for a file when given none and standard input is a terminal', () => {
    const result = spawnSync('script', ['-qec', `'${process.execPath}' '${cli}'; echo "exit $?"`, '/dev/null'], { encoding: 'utf8', timeout: 30_000 });
    if (result.error !== undefined) return; // no `script` here: nothing to check
    expect(result.stdout.replace(/\r/g, '')).toBe("logparse: give one or more log files, or - to read standard input; run 'logparse --help' for usage\nexit 2\n");
  });

  it('runs every example of its --help', async () => {
    const help = run(['--help']).stdout;
    const examples = help
      .slice(help.indexOf('Examples:'))
      .split('\n')
      .slice(1)
      .filter((l) => l.startsWith('  ') && /\blogparse\b/.test(l))
      .map((l) => l.trim());
    expect(examples.length).toBeGreaterThanOrEqual(8);
    // Each example writes files of its own (graph.dot, report.html, access.state): they can run side by side.
    const work = logFolder('logparse-examples-').dir;
    // The states the merge examples read: two servers' logs (here the same log twice).
    for (const server of ['web1', 'web2']) expect(run([join(work, 'access.log'), '--report', 'general', '--quiet', '--state', join(work, `${server}.state`)]).code).toBe(0);
    const runs = await runAll(examples.map((example) => `cd "${work}" && logparse() { BIN "$@"; }; ${example}`));
    for (const [k, example] of examples.entries()) {
      const result = runs[k]!;
      expect(result.code, `${example}\n${result.stderr}`).toBe(0);
      expect(result.stdout.length + (example.includes('--dot graph.dot') || example.includes('--html report.html') ? 1 : 0), example).toBeGreaterThan(0);
    }
    expect(readFileSync(join(work, 'graph.svg'), 'utf8')).toContain('</svg>');
    expect(readFileSync(join(work, 'report.html'), 'utf8')).toContain('</html>');
  });

  it('prints --help and --version', () => {
    const help = run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: logparse <file>...');
    expect(help.stdout).toContain('124 when\n--timeout stopped the reading');
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(run(['--version']).stdout).toBe(`${pkg.version}\n`);
  });
});
