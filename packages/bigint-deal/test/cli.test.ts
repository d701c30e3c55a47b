import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { expectOneLineErrors, fuzzCli, peakMemory, runBin, runShell } from '@puzzles/testkit/cli';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEALS, compileCondition, countDeals, dealByNumber, formatScriptAction, numberOfDeal, parseDealerScript, randomDeal, sampleDeals } from '../src/index.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const PAGE_1 = 'NNNNNNNNNNNNNEEEEEEEEEEEEESSSSSSSSSSSSSWWWWWWWWWWWWW';
const PBN_1 = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';

const run = (args: string[], input?: string) => runBin(cli, args, input === undefined ? {} : { input });

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing (pnpm test builds it)`);
});

describe('output that streams', () => {
  it('stops at once when the reader goes away, even from an all but endless --count', () => {
    for (const script of [
      'BIN --random --count 100000000 --format string | head -1',
      'BIN --random --seed 1 --count 100000000 --json | head -1',
      'yes 7 | BIN - --format pbn | head -1',
    ]) {
      const result = runShell(cli, script, { timeout: 30_000 });
      expect(result.signal, script).toBeNull();
      expect(result.stdout.split('\n'), script).toHaveLength(2);
      expect(result.stderr, script).toBe('');
    }
  });

  it('keeps its memory bounded while a large run is read', async () => {
    const { code, peakMB } = await peakMemory(cli, ['--random', '--count', '300000', '--format', 'pbn']);
    expect(code).toBe(0);
    expect(peakMB).toBeGreaterThan(0);
    expect(peakMB).toBeLessThan(150);
  });

  it('says in one line that a write failed, and exits 1', () => {
    const result = runShell(cli, 'BIN 1 > /dev/full');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('bigint-deal: cannot write to standard output: no space left on the device (ENOSPC)\n');
  });

  it('stops at --timeout on endless input, says on stderr how many deals it printed, and exits 124', () => {
    const result = runShell(cli, '(yes 12345 || true) | BIN - --format string --timeout 300ms | wc -l', { timeout: 30_000 });
    expect(result.code).toBe(124);
    const match = /^bigint-deal: stopped after 300ms \(--timeout\): ([\d,]+) deals? printed\n$/.exec(result.stderr);
    expect(match, result.stderr).not.toBeNull();
    expect(Number(result.stdout.trim())).toBe(Number(match![1]!.replaceAll(',', '')));
    expect(run(['1', '--timeout', 'soon']).stderr).toMatch(/--timeout must be a duration .* got 'soon'/);
  });

  /** Runs the CLI with a standard input that stays open and idle after `input`; `onOutput` may signal it. */
  function idleInput(args: string[], input: string, onOutput?: (child: ChildProcess) => void): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [cli, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        onOutput?.(child);
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // A safety net only: a run that does not stop by itself is killed, and the test fails on its exit status.
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('exit', (code) => {
        clearTimeout(killer);
        child.stdin.destroy();
        resolve({ code, stdout, stderr });
      });
      child.stdin.write(input);
    });
  }

  it('shows each result at once, and stops at --timeout and on Ctrl-C, while it waits for standard input that never comes', async () => {
    const timed = await idleInput(['-', '--format', 'string', '--timeout', '300ms'], '1\n');
    expect(timed).toEqual({ code: 124, stdout: `${PAGE_1}\n`, stderr: 'bigint-deal: stopped after 300ms (--timeout): 1 deal printed\n' });
    const script = await idleInput(['--script', '-', '--timeout', '300ms'], 'produce 1\n');
    expect(script).toEqual({ code: 124, stdout: '', stderr: 'bigint-deal: stopped after 300ms (--timeout): the script was not read to its end; no deal produced\n' });
    const interrupted = await idleInput(['--of', '-'], `${PBN_1}\n`, (child) => child.kill('SIGINT'));
    expect(interrupted).toEqual({ code: 130, stdout: '1\n', stderr: 'bigint-deal: interrupted: 1 page printed\n' });
  });

  it('draws a progress line for a long --count on a terminal only', () => {
    const script = `"${process.execPath}" "${cli}" --random --count 100000000 --format string --timeout 1500ms > /dev/null`;
    const tty = spawnSync('script', ['-qec', script, '/dev/null'], { encoding: 'utf8', timeout: 30_000 });
    expect(tty.stdout).toMatch(/dealing: [\d,]+\/100,000,000 deals/);
    // Not on a pipe: the --timeout test above sees nothing on stderr but the line that says where it stopped.
  });
});

describe('bigint-deal CLI', () => {
  it('prints the diagram of a page by default', () => {
    const { code, stdout, stderr } = run(['12345678901234567890123456789']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain("Page 12345678901234567890123456789 (Andrews' edition)");
    const hands = dealByNumber(12345678901234567890123456789n).hands;
    for (const line of ['North', 'South', `♠ ${hands.N.spades}`, `♦ ${hands.S.diamonds}`]) expect(stdout).toContain(line);
    expect(stdout).toMatch(/^West +East$/m);
  });

  it('prints strings, PBN and JSON', () => {
    expect(run(['1', '2', '--format', 'string']).stdout).toBe(`${PAGE_1}\n${dealByNumber(2n).toString()}\n`);
    expect(run(['1', '--format', 'pbn']).stdout).toBe(`${PBN_1}\n`);
    const json = JSON.parse(run([DEALS.toString(), '--json']).stdout) as Record<string, string>;
    expect(json).toEqual({ page: DEALS.toString(), deal: dealByNumber(DEALS).toString(), pbn: dealByNumber(DEALS).toPbn() });
  });

  it('--json follows the family convention: one compact object per deal, the page as a decimal string', () => {
    for (const args of [['53644737765488792839237440000', '1', '--json'], ['--of', PBN_1, '--json'], ['--random', '--count', '3', '--json']]) {
      const { code, stdout } = run(args);
      expect(code).toBe(0);
      const lines = stdout.split('\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line).not.toMatch(/\s/u.test(line.replace(/"[^"]*"/g, '')) ? /./ : /^$/);
        const value = JSON.parse(line) as Record<string, unknown>;
        expect(Object.keys(value)).toEqual(['page', 'deal', 'pbn']);
        expect(value.page).toMatch(/^[1-9]\d*$/);
        expect(typeof value.deal).toBe('string');
        expect(value.deal).toMatch(/^[NESW]{52}$/);
        expect(value.pbn).toMatch(/^N:/);
        expect(numberOfDeal(value.deal as string)).toBe(BigInt(value.page as string));
        expect(numberOfDeal(value.pbn as string)).toBe(BigInt(value.page as string));
      }
    }
  });

  it('uses the edition asked for', () => {
    const andrews = run(['3', '--format', 'string']).stdout.trim();
    const pavlicek = run(['3', '--format', 'string', '--edition', 'pavlicek']).stdout.trim();
    expect(andrews).toBe(dealByNumber(3n).toString());
    expect(pavlicek).toBe(dealByNumber(3n, { edition: 'pavlicek' }).toString());
    expect(pavlicek).not.toBe(andrews);
  });

  it('prints the page of a deal string or a PBN deal with --of', () => {
    expect(run(['--of', PAGE_1])).toMatchObject({ code: 0, stdout: '1\n' });
    expect(run(['--of', PBN_1])).toMatchObject({ code: 0, stdout: '1\n' });
    const deal = dealByNumber(98765432109876543210n);
    expect(run(['--of', deal.toPbn('E')]).stdout).toBe('98765432109876543210\n');
    expect(run(['--of', deal.toString(), '--edition', 'pavlicek']).stdout).toBe(`${numberOfDeal(deal, { edition: 'pavlicek' })}\n`);
    expect(JSON.parse(run(['--of', PAGE_1, '--json']).stdout)).toEqual({ page: '1', deal: PAGE_1, pbn: PBN_1 });
    expect(run(['--of', '-'], `${PAGE_1}\n\n${PBN_1}\n`)).toMatchObject({ code: 0, stdout: '1\n1\n' });
  });

  it('deals reproducible random deals with --random --seed, one stream for the whole --count', () => {
    const first = run(['--random', '--seed', '2026', '--json']);
    const second = run(['--random', '--seed', '2026', '--json']);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(second.stdout);
    const { page, deal } = JSON.parse(first.stdout) as { page: string; deal: string };
    expect(dealByNumber(page).toString()).toBe(deal);
    expect(page).toBe(randomDeal({ seed: '2026' }).page.toString());
    expect(run(['--random', '--seed', '2027', '--json']).stdout).not.toBe(first.stdout);
    const many = run(['--random', '--seed', 'x', '--count', '3', '--format', 'string']).stdout.trim().split('\n');
    expect(new Set(many).size).toBe(3);
    expect(many[0]).toBe(randomDeal({ seed: 'x' }).deal.toString());
    expect(run(['--random', '--seed', 'x', '--count', '3', '--format', 'string']).stdout.trim().split('\n')).toEqual(many);
  });

  it('reads pages from standard input and reports bad lines with their line number', () => {
    const { code, stdout, stderr } = run(['-', '--format', 'string'], '1\n\n12abc\n2\n');
    expect(code).toBe(1);
    expect(stdout).toBe(`${PAGE_1}\n${dealByNumber(2n).toString()}\n`);
    expect(stderr).toMatch(/^bigint-deal: standard input line 3: page must be .*from 1 to 53644737765488792839237440000.*; got '12abc'\n$/);
    const spaced = run(['-', '--format', 'string'], '1\n 5\n5 \n2\n');
    expect(spaced.code).toBe(1);
    expect(spaced.stdout).toBe(`${PAGE_1}\n${dealByNumber(2n).toString()}\n`);
    expect(spaced.stderr.split('\n')).toEqual([
      "bigint-deal: standard input line 2: page must be an integer from 1 to 53644737765488792839237440000 in decimal digits (no sign, spaces or leading zeros); got ' 5'",
      "bigint-deal: standard input line 3: page must be an integer from 1 to 53644737765488792839237440000 in decimal digits (no sign, spaces or leading zeros); got '5 '",
      '',
    ]);
  });

  it('rejects bad pages and deals with exit code 1 and one clear line', () => {
    for (const [args, message] of [
      [['0'], /page must be an integer from 1 to 53644737765488792839237440000; got '0'/],
      [[(DEALS + 1n).toString()], /got '53644737765488792839237440001'/],
      [[' 5'], /page must be an integer from 1 to 53644737765488792839237440000 in decimal digits \(no sign, spaces or leading zeros\); got ' 5'$/m],
      [['+5'], /leading zeros\); got '\+5'$/m],
      [['05'], /leading zeros\); got '05'$/m],
      [['0x5'], /got '0x5'$/m],
      [['5e3'], /got '5e3'$/m],
      [['--of', PAGE_1.slice(1)], /52 characters.*got 51/],
      [['--of', `${PBN_1.slice(0, -1)}A`], /dealt twice/],
    ] as const) {
      const result = run([...args]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
      expectOneLineErrors(result, 'bigint-deal');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('answers a directory as standard input with one line and exit 1, not empty output', () => {
    const result = runShell(cli, 'BIN - < /');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('bigint-deal: cannot read standard input: it is a directory\n');
  });

  it('escapes terminal escape sequences from bad input, and does not echo a 10 MB line', () => {
    const escape = run(['\u001b[2J5']);
    expect(escape.code).toBe(1);
    expect(escape.stderr).toContain("'\\u001b[2J5'");
    expectOneLineErrors(escape, 'bigint-deal');
    const fromStdin = run(['--of', '-'], '\u001b]0;title\u0007NNN\n');
    expect(fromStdin.stderr).not.toContain('\u001b');
    expectOneLineErrors(fromStdin, 'bigint-deal');
    for (const args of [['-'], ['--of', '-']]) {
      const long = run(args, `${'9'.repeat(10_000_000)}\n`);
      expect(long.code).toBe(1);
      expect(long.stderr.length).toBeLessThan(300);
      expectOneLineErrors(long, 'bigint-deal');
    }
    const longArgument = run(['5'.repeat(100_000)]);
    expect(longArgument.code).toBe(1);
    expect(longArgument.stderr.length).toBeLessThan(300);
  });

  it('answers usage errors with exit code 2 and one line', () => {
    for (const args of [[], ['--bogus'], ['1', '--format', 'xml'], ['1', '--edition', 'knuth'], ['1', '--random'], ['1', '--seed', '3'], ['--random', '--count', '0'], ['1', '--json', '--format', 'pbn']]) {
      const result = run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^bigint-deal: .*; run 'bigint-deal --help' for usage\n$/);
    }
    expect(run(['--bogus']).stderr).toContain("unknown option '--bogus'");
    expect(run(['1', '--formt', 'pbn']).stderr).toContain("unknown option '--formt' (did you mean --format?)");
  });

  it('has --help with examples and --version', () => {
    const help = run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: bigint-deal');
    expect(help.stdout).toContain('Examples:');
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(run(['--version']).stdout).toBe(`${version}\n`);
  });

  it('runs every example of --help', () => {
    const help = run(['--help']).stdout;
    const examples = help.split('Examples:\n')[1]!.split('\n\n')[0]!.split('\n').map((line) => line.trim()).filter(Boolean);
    expect(examples.length).toBeGreaterThan(5);
    for (const example of examples) {
      const result = runShell(cli, example.replaceAll('bigint-deal', 'BIN'), { timeout: 30_000 });
      expect(result.stdout.length, example).toBeGreaterThan(0);
      // An example with --timeout may finish in time (0, nothing on stderr) or be stopped (124, one line saying so).
      if (result.code === 124 && example.includes('--timeout')) expect(result.stderr, example).toMatch(/^bigint-deal: stopped after .*\n$/);
      else {
        expect(result.code, example).toBe(0);
        expect(result.stderr, example).toBe('');
      }
    }
  });
});

describe('deals to a condition (--where)', () => {
  it('prints deals that satisfy the condition, reproducibly, with their pages; --json keys and types', () => {
    const args = ['--where', 'hcp(north) >= 15 && hcp(north) <= 17 && hearts(north) >= 5', '--count', '5', '--seed', '7', '--json'];
    const first = run(args);
    expect(first.code, first.stderr).toBe(0);
    expect(run(args).stdout).toBe(first.stdout);
    const lines = first.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['page', 'deal', 'pbn']);
      const deal = dealByNumber(BigInt(line.page as string));
      const north = deal.hands.N;
      const points = Object.values(north).join('').split('').reduce((t, r) => t + ({ A: 4, K: 3, Q: 2, J: 1 }[r] ?? 0), 0);
      expect(points).toBeGreaterThanOrEqual(15);
      expect(points).toBeLessThanOrEqual(17);
      expect(north.hearts.length).toBeGreaterThanOrEqual(5);
    }
  });

  it('prints deals dealt exactly in batches: every deal of the library’s stream, in order, none lost across batches', () => {
    // 2,500 deals are some 170 KB of PBN (batches of 16 KB); the script's printoneline lines are longer still.
    const condition = 'hcp(north) >= 22 and hcp(south) >= 10';
    const { constraint } = compileCondition(condition);
    const deals = sampleDeals(constraint, { count: 2500, seed: 'batches' }).deals.map(({ deal }) => deal);
    const where = run(['--where', condition, '--count', '2500', '--seed', 'batches', '--format', 'pbn']);
    expect(where.code, where.stderr).toBe(0);
    expect(where.stdout).toBe(deals.map((deal) => `${deal.toPbn()}\n`).join(''));
    const script = run(['--script', '-', '--seed', 'batches', '--count', '2500'], `condition ${condition}\naction printoneline\n`);
    expect(script.code, script.stderr).toBe(0);
    const oneLine = parseDealerScript('action printoneline\n').actions[0]!;
    const lines = deals.map((deal, k) => formatScriptAction(oneLine, deal, k + 1));
    expect(script.stdout).toBe(`${lines.join('\n')}\nProduced 2500 hands, dealt exactly (none rejected)\n`);
  });

  it('--count-only prints the exact count and probability (text and --json)', () => {
    const text = run(['--where', 'spades(north) == 13', '--count-only']);
    expect(text.stdout).toBe('84478098072866400 deals; probability 1/635013559600 ≈ 1.57477e-12\n'); // C(39,13)·C(26,13) of C(52,13)·…
    const json = JSON.parse(run(['--where', 'spades(north) == 13', '--count-only', '--json']).stdout) as Record<string, unknown>;
    expect(json).toEqual({ deals: '84478098072866400', numerator: '1', denominator: '635013559600', probability: 1 / 635013559600 });
  });

  it('a bad condition is one line naming the position; misused options are usage errors', () => {
    const bad = run(['--where', 'hcp(north >= 22']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^bigint-deal: cannot read the condition at position 11 .*\n$/);
    expect(run(['--count-only']).code).toBe(2);
    expect(run(['--where', 'hcp(north) > 3', '--random']).code).toBe(2);
    expect(run(['--where', 'hcp(north) > 30 and hcp(north) < 20', '--count-only']).stdout).toBe('0 deals; probability 0/1 ≈ 0.00000\n');
    const impossible = run(['--where', 'hcp(north) > 30 and hcp(north) < 20']);
    expect(impossible.code).toBe(1);
    expect(impossible.stderr).toBe('bigint-deal: no deal satisfies the condition: north.hcp would have to be from 31 to 19\n');
    const two = JSON.parse(run(['--where', 'hcp(north) >= 22 and hcp(south) >= 10', '--count-only', '--json']).stdout) as Record<string, string>;
    expect(two.deals).toBe(countDeals({ north: { hcp: [22, 37] }, south: { hcp: [10, 37] } }).toString());
    const shapes = JSON.parse(run(['--where', 'hcp(north) == 15 && balanced(north) && semibalanced(south)', '--count-only', '--json']).stdout) as Record<string, string>;
    expect(shapes.deals).toBe(countDeals({ north: { hcp: 15, shape: 'balanced' }, south: { shape: 'semibalanced' } }).toString());
    const uncountable = run(['--where', 'hcp(north) > 3 || hcp(south) > 3', '--count-only']);
    expect(uncountable.code).toBe(1);
    expect(uncountable.stderr).toMatch(/cannot count/);
  });
});

describe('dealer scripts (--script)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bigint-deal-script-'));
  const file = (name: string, text: string): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('prints deals as the actions say, then the statistics and counts; reproducible; from a file or stdin', () => {
    const path = file('nt.dl', '# 1NT\nnt = hcp(north) >= 15 && hcp(north) <= 17\ncondition nt\nproduce 4\naction printoneline, average "hcp" hcp(north)\n');
    const first = run(['--script', path, '--seed', '9']);
    expect(first.code, first.stderr).toBe(0);
    const lines = first.stdout.trim().split('\n');
    expect(lines).toHaveLength(6);
    for (const line of lines.slice(0, 4)) {
      expect(line).toMatch(/^n \S+ e \S+ s \S+ w \S+$/);
      const north = line.split(' ')[1]!;
      const hcp = [...north].reduce((t, r) => t + ({ A: 4, K: 3, Q: 2, J: 1 }[r] ?? 0), 0);
      expect(hcp).toBeGreaterThanOrEqual(15);
      expect(hcp).toBeLessThanOrEqual(17);
    }
    expect(lines[4]).toMatch(/^hcp: 1[567](\.\d+)?$/);
    expect(lines[5]).toBe('Produced 4 hands, dealt exactly (none rejected)');
    expect(run(['--script', path, '--seed', '9']).stdout).toBe(first.stdout);
    expect(run(['--script', '-', '--seed', '9'], readFileSync(path, 'utf8')).stdout).toBe(first.stdout);
    expect(run(['--script', path, '--seed', '9', '--count', '2']).stdout.trim().split('\n')).toHaveLength(4);
    // print(seats) prints its pages after the deals, before the counts.
    const pages = run(['--script', file('pages.dl', 'produce 3\naction printoneline, print(east)\n'), '--seed', '2']).stdout;
    expect(pages).toMatch(/^(n .*\n){3}\n\nEast hands:\n\n\n\n   1\.                  2\.                  3\.\n(.*\n){4}\n\fProduced 3 hands, dealt exactly \(none rejected\)\n$/);
  });

  it('--json: one object per deal, then a summary with averages and frequencies keyed by value', () => {
    const path = file('stats.dl', 'condition shape(north, any 4333 + any 4432) or hcp(south) > 20\nproduce 20\naction average "sp" spades(north), frequency "h" (hearts(north), 2, 4)\n');
    const result = run(['--script', path, '--seed', '1', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(21);
    for (const line of lines.slice(0, 20)) {
      expect(Object.keys(line)).toEqual(['page', 'deal', 'pbn']);
      expect(dealByNumber(BigInt(line.page as string)).toString()).toBe(line.deal);
    }
    const { summary } = lines[20] as { summary: Record<string, unknown> };
    expect(Object.keys(summary)).toEqual(['generated', 'produced', 'method', 'averages', 'frequencies']);
    expect(summary.produced).toBe(20);
    expect(summary.method).toBe('rejection');
    expect(typeof summary.generated).toBe('number');
    expect(typeof (summary.averages as Record<string, number>).sp).toBe('number');
    const h = (summary.frequencies as Record<string, Record<string, number>>).h!;
    for (const [key, n] of Object.entries(h)) {
      expect(['low', '2', '3', '4', 'high']).toContain(key);
      expect(Number.isInteger(n)).toBe(true);
    }
    expect(Object.values(h).reduce((a, b) => a + b, 0)).toBe(20);
    // Repeated labels stay apart.
    const twice = run(['--script', file('twice.dl', 'produce 3\naction average "S " spades(north), average "S " spades(south)\n'), '--json']);
    const averages = (JSON.parse(twice.stdout.trim().split('\n').at(-1)!) as { summary: { averages: Record<string, number> } }).summary.averages;
    expect(Object.keys(averages)).toEqual(['S ', 'S  #2']);
  });

  it('a script it cannot read is one line naming the file, the line and the construct; impossible is said at once', () => {
    const bad = run(['--script', file('bad.dl', 'produce 3\n\ncondition tricks(north, sans) >= 10\n')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^bigint-deal: '.*bad\.dl': cannot read the script at line 3: expected a strain \(clubs, diamonds, hearts, spades or notrumps\) in tricks\(…\), found 'sans'\n$/);
    const impossible = run(['--script', file('no.dl', 'condition spades(north) == 13 and hearts(south) == 13 and hcp(north) > 10\n')]);
    expect(impossible.code).toBe(1);
    expect(impossible.stderr).toMatch(/^bigint-deal: no deal satisfies/);
    expect(run(['--script', join(dir, 'missing.dl')]).stderr).toMatch(/^bigint-deal: cannot read '.*missing\.dl': no such file\n$/);
    expect(run(['--script', file('x.dl', ''), '--format', 'pbn']).code).toBe(2);
  });
});

describe('hostile input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bigint-deal-hostile-'));
  const file = (name: string, text: string): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  /** One line on stderr that starts with the command's name and matches `message`, and the exit status `code`. */
  const oneLine = (result: { code: number | null; stderr: string }, code: number, message: RegExp): void => {
    expect(result.code, result.stderr).toBe(code);
    expect(result.stderr.split('\n')).toHaveLength(2);
    expect(result.stderr).toMatch(/^bigint-deal: /);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/Maximum call stack|Invalid array length|\n\s+at /);
  };

  it('a divisor that is zero for every deal is refused, in --where (counting or dealing) and in scripts alike', () => {
    for (const extra of [[], ['--count-only']]) {
      oneLine(run(['--where', 'hcp(north)/0 >= 0', ...extra]), 1, /position 11 \(division by zero in 'hcp\(north\)\/0'; a divisor must not be 0 for every deal\)/);
    }
    oneLine(run(['--where', 'hcp(north) % (1 - 1) < 1']), 1, /remainder of a division by zero in 'hcp\(north\) % \(1 - 1\)'/);
    oneLine(run(['--script', file('zero.dl', 'condition hcp(north) / 0 > 1\n')]), 1, /line 1: division by zero in 'hcp\(north\) \/ 0'/);
    // Zero for some deals only: 0 there, and such a condition is dealt, not counted.
    const some = run(['--where', 'hcp(north) / spades(north) == 0 && hcp(north) > 5', '--count', '3', '--seed', '1', '--format', 'string']);
    expect(some.code).toBe(0);
    expect(some.stdout.trim().split('\n')).toHaveLength(3);
    oneLine(run(['--where', 'hcp(north) / spades(north) == 0', '--count-only']), 1, /cannot count a predicate/);
  });

  it('nesting too deep is one line naming the position or line, never an engine message', () => {
    oneLine(run(['--where', `${'!'.repeat(9000)}(hcp(north)>=1)`]), 1, /position 101 \('!' nested too deeply: more than 100 levels of parentheses and unary operators\)/);
    oneLine(run([`--where=${'-'.repeat(9000)}(hcp(north)>=1)`]), 1, /position 101 \('-' nested too deeply/);
    oneLine(run(['--where', `${'1+'.repeat(4900)}1 > 0`, '--count-only']), 1, /nested too deeply: more than 1,000 levels of operators/);
    oneLine(run(['--script', file('deep.dl', `condition ${'1 + '.repeat(100_000)}1 > 0\n`)]), 1, /line 1: the expression is nested too deeply: more than 1,000 levels/);
    oneLine(run(['--script', file('bang.dl', `condition ${'!'.repeat(9000)}1\n`)]), 1, /line 1: the expression is nested too deeply: more than 200 levels/);
    const doubling = `a0 = hcp(north)\n${Array.from({ length: 60 }, (_, k) => `a${k + 1} = a${k} + a${k}`).join('\n')}\ncondition a60 > 0\n`;
    oneLine(run(['--script', file('doubling.dl', doubling)]), 1, /line 17: the expression is too large: more than 100,000 operations/);
  });

  it('an impossible union of countable parts counts 0 and is refused at once', () => {
    const where = 'hcp(north) > 37 || balanced(north) && hcp(north) > 40';
    oneLine(run(['--where', where, '--count', '1']), 1, /no deal satisfies the condition: no alternative can hold \(north\.hcp would have to be from 38 to 37; north\.hcp would have to be from 41 to 37\)/);
    expect(run(['--where', where, '--count-only'])).toMatchObject({ code: 0, stdout: '0 deals; probability 0/1 ≈ 0.00000\n', stderr: '' });
    oneLine(run(['--where', '1 > 2']), 1, /no deal satisfies the condition: it is always false/);
  });

  it('a search that finds nothing says so once, then --timeout stops it with exit 124', () => {
    // The delay before the notice is 0 here (an internal setting), so the verdict does not depend on the machine's speed.
    const env = { BIGINT_DEAL_NO_MATCH_MS: '0' };
    const where = runBin(cli, ['--where', 'hcp(north) + hcp(south) > 80', '--timeout', '300ms'], { env });
    expect(where.code).toBe(124);
    expect(where.stdout).toBe('');
    expect(where.stderr).toMatch(
      /^bigint-deal: no deal satisfies the condition in the first 256 random deals tried; it may be impossible: it stops at --timeout 300ms\nbigint-deal: stopped after 300ms \(--timeout\): 0 of 1 deal printed \([\d,]+ random deals tried\)\n$/,
    );
    const script = runBin(cli, ['--script', file('never.dl', 'condition hcp(north) + hcp(south) > 80\nproduce 1\n'), '--timeout', '300ms'], { env });
    expect(script.code).toBe(124);
    expect(script.stderr).toMatch(/^bigint-deal: no deal satisfies the condition in the first 256 random deals tried; it may be impossible: it stops at --timeout 300ms\nbigint-deal: stopped after 300ms \(--timeout\): 0 of 1 deal produced\n$/);
    // Without --timeout the notice suggests it (the script's generate ends this run).
    const bounded = runBin(cli, ['--script', file('bounded.dl', 'generate 3000\ncondition hcp(north) + hcp(south) > 80\nproduce 1\n')], { env });
    expect(bounded.code).toBe(1);
    expect(bounded.stderr.split('\n')[0]).toBe("bigint-deal: no deal satisfies the condition in the first 256 random deals tried; it may be impossible: give --timeout to bound the search (the script's generate bounds it too)");
  });

  it('bad lines: the first five said, the rest counted in one last line; every good line still printed; exit 1', () => {
    const input = `1\n${'y\n'.repeat(20_000)}2\n`;
    const result = run(['-', '--format', 'string'], input);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(`${PAGE_1}\n${dealByNumber(2n).toString()}\n`);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(6);
    for (let k = 0; k < 5; k++) expect(lines[k]).toMatch(new RegExp(`^bigint-deal: standard input line ${k + 2}: page must be .*; got 'y'$`));
    expect(lines[5]).toBe('bigint-deal: … and 19,995 more bad lines');
    const args = run(['0', '0', '0', '0', '0', '0', '0', '1', '--format', 'string']);
    expect(args.code).toBe(1);
    expect(args.stdout).toBe(`${PAGE_1}\n`);
    expect(args.stderr.trim().split('\n').at(-1)).toBe('bigint-deal: … and 2 more bad arguments');
  });

  it('endless bad input ends at --timeout with bounded stderr and bounded memory, even when stderr is read late', async () => {
    // yes | bigint-deal - --timeout 500ms 2>&1 | (sleep 2; cat): the reader of stderr starts late, so messages that piled
    // up in memory would show in the peak; the subshell writes its pid and becomes the CLI, so its memory can be read.
    const pidFile = join(dir, 'pid');
    const script = `set -o pipefail; yes | (echo $BASHPID > '${pidFile}'; exec "${process.execPath}" "${cli}" - --timeout 500ms) 2>&1 >/dev/null | (sleep 2; cat)`;
    const child = spawn('bash', ['-c', script], { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let peakMB = 0;
    const sampler = setInterval(() => {
      try {
        const pid = readFileSync(pidFile, 'utf8').trim();
        const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (hwm) peakMB = Math.max(peakMB, Number(hwm[1]) / 1024);
      } catch {
        // Not started yet, or ended.
      }
    }, 20);
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearInterval(sampler);
    clearTimeout(killer);
    expect(code).toBe(1); // bad input outranks the stop
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[5]).toBe('bigint-deal: stopped after 500ms (--timeout): 0 deals printed');
    expect(lines[6]).toMatch(/^bigint-deal: … and [\d,]+ more bad lines$/);
    expect(peakMB).toBeGreaterThan(0);
    expect(peakMB).toBeLessThan(150);
  });

  it('a script that never ends (/dev/zero, yes) is one line in bounded memory; print(seats) bounds the deals it keeps', async () => {
    oneLine(run(['--script', '/dev/zero']), 1, /^bigint-deal: cannot read '\/dev\/zero': it is larger than 1 MiB\n$/);
    oneLine(runShell(cli, '(yes || true) | BIN --script -', { timeout: 30_000 }), 1, /^bigint-deal: cannot read standard input: it is larger than 1 MiB\n$/);
    const { code, peakMB } = await peakMemory(cli, ['--script', '/dev/zero']);
    expect(code).toBe(1);
    expect(peakMB).toBeGreaterThan(0);
    expect(peakMB).toBeLessThan(150);
    oneLine(run(['--script', file('pages.dl', 'produce 200000\naction print(north)\n')]), 1, /print\(…\) at line 2 keeps every deal until the end of the run: produce must be at most 100,000 with it; got 200,000/);
    oneLine(run(['--script', file('pages2.dl', 'action print(north)\n'), '--count', '100001']), 1, /produce must be at most 100,000 with it; got 100,001/);
  });
});

fuzzCli('bigint-deal', fileURLToPath(new URL('../dist/cli.js', import.meta.url)), {
  words: [
    '1', '2', '53644737765488792839237440000', '53644737765488792839237440001', '-', '--of', PAGE_1, PBN_1, '--random',
    '--seed', 'x', '--count', '3', '--format', 'string', 'pbn', 'json', 'diagram', '--json', '--edition', 'pavlicek',
    '--ascii', '--timeout', '1s', '05', '+5', ' 5', '--where', 'hcp(north) > 20', 'hcp(north) >', '--count-only',
    '--script', 'hcp(north) > 20 and hcp(south) > 8',
  ],
  stdin: fc.oneof(fc.string(), fc.constantFrom('condition hcp(north) > 30\nproduce 2\naction printpbn', 'action frequency (hcp(north), 0', 'predeal north SA\nproduce 1')),
  // Each run is a process: a few here, more in CI (CI=true).
  numRuns: process.env.CI ? 30 : 10,
});
