// States of different machines and days: written, read back and merged in any order, they report as one run over all
// the logs; `logparse merge` does so from the command line, and refuses what it cannot trust in one line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { collectDayPanels, collectPanels, mergeDays, panelReport, panelsOfDays, readState, writeState, type DayPanels } from '../src/node.js';
import { BLOG_LINE } from './reference.js';
import { run, runAll } from './cli-fixtures.js';

const RUNS = process.env.CI ? 100 : 25;
const dir = mkdtempSync(join(tmpdir(), 'logparse-merge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const AGENTS = ['Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0'];
const line = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 9 }), fc.constantFrom('/', '/a', '/b.css', '/c?x=1'), fc.constantFrom(200, 304, 404), fc.constantFrom(...AGENTS), fc.constantFrom('-', 'http://r.example/'))
  .map(([day, host, path, status, agent, ref]) => `10.0.0.${host} - - [0${day}/Mar/2024:1${day}:00:00 +0000] "GET ${path} HTTP/1.1" ${status} ${host * 10} "${ref}" "${agent}"`);

describe('state files with days', () => {
  it('a log split into random pieces, each kept as a state, merged in random order, reports as the whole log', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 40 }).chain((lines) => fc.tuple(fc.constant(lines), fc.uniqueArray(fc.integer({ min: 1, max: lines.length }), { maxLength: 4 }), fc.func(fc.integer()))),
        async ([lines, cuts, order]) => {
          const at = [0, ...[...cuts].sort((a, b) => a - b), lines.length];
          const files: string[] = [];
          for (let i = 0; i + 1 < at.length; i++) {
            const file = join(dir, `piece-${n++}.state`);
            const text = lines.slice(at[i], at[i + 1]).map((l) => `${l}\n`).join('');
            writeState(file, { format: 'combined', days: (await collectDayPanels([text])).days });
            files.push(file);
          }
          files.sort((a, b) => order(a) - order(b));
          const merged = files.reduce((all, file) => mergeDays(all, readState(file)!.days), new Map() as DayPanels);
          expect(panelReport(panelsOfDays(merged))).toEqual(panelReport(await collectPanels([lines.map((l) => `${l}\n`).join('')])));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('keeps the format, and the offset and head only for the state of one log', () => {
    const file = join(dir, 'merged.state');
    writeState(file, { format: 'common', days: new Map() });
    const back = readState(file)!;
    expect(back.format).toBe('common');
    expect(back.offset).toBeUndefined();
    expect(() => writeState(file, { days: new Map() } as never)).toThrow(/writeState takes \{ format, offset\?, head\?, days \}/);
  });
});

describe('logparse merge', () => {
  const day = (d: number, host: number, path = '/blog') => BLOG_LINE.replace('08/Jan', `0${d}/Jan`).replace('222.153.17.71', `10.0.0.${host}`).replace('/blog.ucw?entry-id=2', path);
  const server1 = [day(1, 1), day(2, 2), day(2, 3, '/x.css'), day(3, 1)];
  const server2 = [day(2, 2), day(3, 4), day(4, 5, '/y'), 'not a log line'];
  const write = (name: string, lines: string[]): string => {
    const file = join(dir, name);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };
  const log1 = write('web1.log', server1);
  const log2 = write('web2.log', server2);
  const both = write('both.log', [...server1, ...server2]);
  const s1 = join(dir, 'web1.state');
  const s2 = join(dir, 'web2.state');

  it('merges states in any order into one run over all their logs; --state keeps the merge; --from/--to/--keep-last cut it', async () => {
    const made = await runAll([
      [log1, '--report', 'general', '--quiet', '--state', s1],
      [log2, '--report', 'general', '--quiet', '--state', s2],
    ]);
    for (const r of made) expect(r.code, r.stderr).toBe(0);
    const kept = join(dir, 'kept.state');
    const [whole, ab, ba, keep, range, last, wholeRange, wholeLast] = await runAll([
      [both, '--report', 'all', '--json'],
      ['merge', s1, s2, '--report', 'all', '--json'],
      ['merge', s2, s1, '--report', 'all', '--json', '--state', kept],
      ['merge', s1, s2, '--from', '2006-01-02', '--to', '2006-01-03', '--state', join(dir, 'cut.state')],
      ['merge', s1, s2, '--from', '2006-01-02', '--to', '2006-01-03', '--report', 'all', '--json'],
      ['merge', s2, s1, '--keep-last', '2', '--report', 'all', '--json'],
      [both, '--report', 'all', '--json', '--from', '2006-01-02', '--to', '2006-01-03'],
      [both, '--report', 'all', '--json', '--keep-last', '2'],
    ]);
    for (const r of [whole, ab, ba, keep, range, last, wholeRange, wholeLast]) expect(r!.code, r!.stderr).toBe(0);
    expect(JSON.parse(ab!.stdout)).toEqual(JSON.parse(whole!.stdout));
    expect(JSON.parse(ba!.stdout)).toEqual(JSON.parse(whole!.stdout));
    expect(keep!.stdout).toBe('');
    // The cut is a run over the lines of those days only.
    const lines = [...server1, ...server2];
    const only = (days: string[]) => write(`only-${days.join('')}.log`, lines.filter((l) => days.some((d) => l.includes(`[${d}/Jan`))));
    const [twoThree, threeFour] = await runAll([[only(['02', '03']), '--report', 'all', '--json'], [only(['03', '04']), '--report', 'all', '--json']]);
    const { general: _g1, ...rangeRest } = JSON.parse(range!.stdout) as Record<string, unknown>;
    const { general: _g2, ...runRest } = JSON.parse(twoThree!.stdout) as Record<string, unknown>;
    expect(rangeRest).toEqual(runRest);
    expect(JSON.parse(wholeRange!.stdout)).toEqual(JSON.parse(range!.stdout));
    expect(JSON.parse(last!.stdout)).toEqual(JSON.parse(wholeLast!.stdout));
    expect((JSON.parse(last!.stdout) as { visitors: Array<{ key: string }> }).visitors.map((v) => v.key)).toEqual(['2006-01-03', '2006-01-04']);
    expect((JSON.parse(threeFour!.stdout) as { visitors: unknown }).visitors).toEqual((JSON.parse(last!.stdout) as { visitors: unknown }).visitors);
    // The kept merge and the kept cut are states like any other.
    const [again, cutAgain] = await runAll([
      ['merge', kept, '--report', 'all', '--json'],
      ['merge', join(dir, 'cut.state'), '--report', 'all', '--json'],
    ]);
    expect(JSON.parse(again!.stdout)).toEqual(JSON.parse(whole!.stdout));
    expect(JSON.parse(cutAgain!.stdout)).toEqual(JSON.parse(range!.stdout));
  });

  it('cuts the state of one log into itself as a rolling window that incremental runs go on from (GoAccess\'s --keep-last)', async () => {
    const log = write('rolling.log', server1);
    const state = join(dir, 'rolling.state');
    expect(run([log, '--report', 'general', '--quiet', '--state', state]).code).toBe(0);
    expect(run(['merge', state, '--keep-last', '2', '--state', state]).code).toBe(0);
    writeFileSync(log, `${[...server1, day(4, 6)].join('\n')}\n`);
    const kept = [...server1.filter((l) => !l.includes('[01/Jan')), day(4, 6)];
    const [rolled, only] = await runAll([
      [log, '--report', 'all', '--json', '--state', state],
      [write('rolling-only.log', kept), '--report', 'all', '--json'],
    ]);
    expect(rolled!.code, rolled!.stderr).toBe(0);
    expect(JSON.parse(rolled!.stdout)).toEqual(JSON.parse(only!.stdout));
  });

  it('refuses truncated, foreign, other-version and other-format states, empty ranges and ranges outside the logs, in one line, writing nothing', async () => {
    const good = readFileSync(s1, 'utf8');
    const truncated = write('truncated.state', [good.slice(0, good.length / 2)]);
    const foreign = write('foreign.state', ['{"kind":"something else"}']);
    const old = write('old.state', ['{"kind":"logparse-state","version":2,"offset":0,"head":"' + '0'.repeat(64) + '","panels":{}}']);
    const common = write('common.state', [good.replace('"format":"combined"', '"format":"common"')]);
    const out = join(dir, 'never.state');
    const html = join(dir, 'never.html');
    const cases: Array<[string[], RegExp]> = [
      [['merge', s1, truncated, '--state', out], /state file '.*truncated\.state' is not a logparse state \(damaged or cut short: not JSON\)/],
      [['merge', foreign, s1, '--state', out], /foreign\.state' is not a logparse state \(foreign/],
      [['merge', s1, old, '--html', html], /old\.state' has layout 2, written by another version of logparse/],
      [['merge', s1, common, '--state', out], /common\.state' holds a log of format 'common', '.*web1\.state' one of 'combined': states of different log formats do not merge/],
      [['merge', s1, s2, '--from', '2006-01-03', '--to', '2006-01-02', '--state', out], /the date range is empty: --from 2006-01-03 is after --to 2006-01-02/],
      [['merge', s1, s2, '--from', '2007-01-01', '--state', out], /no day of the states falls in 2007-01-01 to its end: it covers 2006-01-01 to 2006-01-04/],
      [[log1, '--report', 'all', '--to', '2005-12-31', '--html', html], /no day of '.*web1\.log' falls in its start to 2005-12-31: it covers 2006-01-01 to 2006-01-03/],
      [['merge', join(dir, 'absent.state')], /cannot read the state file '.*absent\.state': ENOENT/],
    ];
    const runs = await runAll(cases.map(([args]) => args));
    for (const [k, [args, message]] of cases.entries()) {
      const r = runs[k]!;
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
    }
    expect(() => readFileSync(out)).toThrow();
    expect(() => readFileSync(html)).toThrow();
    // A merged state is not the state of one log.
    const merged = join(dir, 'merged-not-local.state');
    expect(run(['merge', s1, s2, '--state', merged]).code).toBe(0);
    const refused = run([log1, '--report', 'all', '--state', merged]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is a merge of states \(logparse merge\), not the state of one log/);
  });

  it('takes usage errors as usage errors (exit 2)', async () => {
    const runs = await runAll([['merge'], ['merge', s1, '--workers', '2'], ['merge', s1, '--from', '6 Jan'], ['merge', s1, '--keep-last', '2', '--from', '2006-01-01'], ['merge', s1, '--report', 'days']]);
    for (const r of runs) expect(r.code, r.stderr).toBe(2);
    expect(runs[0]!.stderr).toMatch(/merge takes one or more state files/);
    expect(runs[2]!.stderr).toMatch(/--from takes a day written YYYY-MM-DD such as 2015-05-17; got '6 Jan'/);
  });
});
