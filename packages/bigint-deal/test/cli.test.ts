import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEALS, dealByNumber, numberOfDeal } from '../src/index.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const PAGE_1 = 'NNNNNNNNNNNNNEEEEEEEEEEEEESSSSSSSSSSSSSWWWWWWWWWWWWW';
const PBN_1 = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing (pnpm test builds it)`);
});

describe('a closed pipe', () => {
  it('stops quietly when the reader of its output goes away (no EPIPE stack trace)', () => {
    const result = spawnSync('sh', ['-c', `"${process.execPath}" "${cli}" --random --seed 1 --count 100000 --format string | head -n 1`], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(result.stdout.split('\n').length).toBe(2);
    expect(result.stderr).toBe('');
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
  });

  it('deals reproducible random deals with --random --seed', () => {
    const first = run(['--random', '--seed', '2026', '--json']);
    const second = run(['--random', '--seed', '2026', '--json']);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(second.stdout);
    const { page, deal } = JSON.parse(first.stdout) as { page: string; deal: string };
    expect(dealByNumber(page).toString()).toBe(deal);
    expect(run(['--random', '--seed', '2027', '--json']).stdout).not.toBe(first.stdout);
    const many = run(['--random', '--seed', 'x', '--count', '3', '--format', 'string']).stdout.trim().split('\n');
    expect(new Set(many).size).toBe(3);
  });

  it('reads pages from standard input and reports bad lines with their line number', () => {
    const { code, stdout, stderr } = run(['-', '--format', 'string'], '1\n\n12abc\n2\n');
    expect(code).toBe(1);
    expect(stdout).toBe(`${PAGE_1}\n${dealByNumber(2n).toString()}\n`);
    expect(stderr).toBe("bigint-deal: stdin line 3: page must be an integer from 1 to 53644737765488792839237440000 in decimal digits; got '12abc'\n");
  });

  it('rejects bad pages and deals with exit code 1 and one clear line', () => {
    for (const [args, message] of [
      [['0'], /page must be an integer from 1 to 53644737765488792839237440000; got '0'/],
      [[(DEALS + 1n).toString()], /got '53644737765488792839237440001'/],
      [['--of', PAGE_1.slice(1)], /52 characters.*got 51/],
      [['--of', `${PBN_1.slice(0, -1)}A`], /dealt twice/],
    ] as const) {
      const { code, stdout, stderr } = run([...args]);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('answers usage errors with exit code 2', () => {
    for (const args of [[], ['--bogus'], ['1', '--format', 'xml'], ['1', '--edition', 'knuth'], ['1', '--random'], ['1', '--seed', '3'], ['--random', '--count', '0'], ['1', '--json', '--format', 'pbn']]) {
      const { code, stderr } = run(args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toContain("Run 'bigint-deal --help' for usage.");
    }
  });

  it('has --help with examples and --version', () => {
    const help = run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: bigint-deal');
    expect(help.stdout).toContain('Examples:');
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(run(['--version']).stdout).toBe(`${version}\n`);
  });
});
