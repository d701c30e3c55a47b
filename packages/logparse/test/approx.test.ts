// The approximate report (HyperLogLog visitors, Space-Saving items): equal to the exact report while its sketches
// are exact (few visitors per item, fewer items than counters), within its stated bounds beyond, marked as
// approximate in its JSON and its page; refused where it cannot apply.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PANELS, collectDayPanels, collectPanelReport, collectPanels, compileApacheFormat, type PanelName, type PanelReport } from '../src/index.js';
import { collectPanelReport as collectFileReport } from '../src/node.js';
import { logFolder, runAll } from './cli-fixtures.js';

const RUNS = process.env.CI ? 200 : 50;
// At most 2 hosts × 2 days × 3 agents = 12 visitor keys: every item's visitors stay within the exact (sparse) range.
const IPS = ['10.0.0.1', '-'];
const REQUESTS = ['GET / HTTP/1.1', 'GET /a?x=1 HTTP/1.1', 'GET /style.css HTTP/1.1', 'POST /img/logo.png?v=2 HTTP/1.0', 'GET /missing HTTP/1.1', '-', 'GET /caf\\xc3\\xa9 HTTP/1.1', 'nonsense'];
const STATUSES = ['200', '304', '404', '403', '500', '-'];
const REFS = ['"-"', '"http://a.example/x"', '"https://B.example/"', '""', '"http://a.example/y"'];
const UAS = ['"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"', '"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"', '"-"'];

const line = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.constantFrom(...IPS), fc.integer({ min: 1, max: 2 }), fc.integer({ min: 0, max: 23 }), fc.constantFrom(...REQUESTS), fc.constantFrom(...STATUSES), fc.option(fc.integer({ min: 0, max: 100000 })), fc.constantFrom(...REFS), fc.constantFrom(...UAS))
      .map(([ip, day, hour, request, status, bytes, ref, ua]) => `${ip} - - [0${day}/Feb/2024:${String(hour).padStart(2, '0')}:15:00 +0000] "${request}" ${status} ${bytes ?? '-'} ${ref} ${ua}`),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => s.replace(/\n/g, ' ')) },
);

/** The report without what only an approximate report has. */
function plain(report: PanelReport): PanelReport {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(report)) {
    if (name === 'approximate') continue;
    out[name] = Array.isArray(value) ? value.map(({ hitsError: _, ...row }: { hitsError?: number }) => row) : value;
  }
  return out as PanelReport;
}

describe('collectPanelReport with approximate', () => {
  it('equals the exact report while its sketches are exact, for any panels and top; says what it estimates', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 60 }), fc.subarray([...PANELS] as PanelName[], { minLength: 1 }), fc.option(fc.nat(5), { nil: undefined }), async (lines, panels, top) => {
        const text = lines.map((l) => `${l}\n`).join('');
        const options = { panels, ...(top === undefined ? {} : { top }) };
        const { report } = await collectPanelReport([text], { ...options, approximate: true });
        expect(plain(report)).toEqual((await collectPanelReport([text], options)).report);
        expect(report.approximate).toMatchObject({ distinct: 'hyperloglog', precision: 14, items: 'space-saving', counters: 5000 });
        expect(Object.keys(report)[0]).toBe('approximate');
        for (const p of report.approximate!.sketched) for (const row of report[p as Exclude<PanelName, 'general'>] ?? []) expect(row.hitsError).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps at most `counters` items per long panel, with each one\'s true hits within [hits - hitsError, hits]', async () => {
    // 500 hosts: host i makes i % 50 + 1 requests; host 0.0.0.0 makes 2,000 (more than N / k).
    const lines: string[] = [];
    for (let i = 0; i < 500; i++) for (let n = 0; n <= i % 50; n++) lines.push(`10.${i >> 8}.${i & 255}.1 - - [01/Feb/2024:10:00:00 +0000] "GET /p${n} HTTP/1.1" 200 10 "-" "ua ${i % 3}"`);
    for (let n = 0; n < 2000; n++) lines.splice(n * 7, 0, `0.0.0.0 - - [01/Feb/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "ua"`);
    const text = `${lines.join('\n')}\n`;
    const exact = (await collectPanelReport([text], { panels: ['general', 'hosts'] })).report;
    const { report } = await collectPanelReport([text], { panels: ['general', 'hosts'], approximate: { counters: 20, precision: 10 } });
    expect(report.approximate).toMatchObject({ precision: 10, counters: 20, standardError: 0.0325 });
    const truth = new Map(exact.hosts!.map((r) => [r.key, r.hits]));
    expect(report.hosts).toHaveLength(20);
    expect(report.hosts![0]).toMatchObject({ key: '0.0.0.0', hitsError: 0 });
    expect(report.hosts![0]!.hits).toBe(truth.get('0.0.0.0'));
    const n = exact.general!.valid;
    for (const row of report.hosts!) {
      expect(row.hits - row.hitsError!).toBeLessThanOrEqual(truth.get(row.key)!);
      expect(truth.get(row.key)!).toBeLessThanOrEqual(row.hits);
      expect(row.hitsError!).toBeLessThanOrEqual(n / 20);
    }
    // Totals that are counted exactly stay exact; the 501 visitors are past the exact (sparse) range of precision 10
    // (64 values): an estimate within 4 standard errors.
    const { visitors, ...rest } = report.general!;
    const { visitors: trueVisitors, ...trueRest } = exact.general!;
    expect(rest).toEqual(trueRest);
    expect(Math.abs(visitors - trueVisitors) / trueVisitors).toBeLessThan(4 * 0.0325);
  });

  it('refuses what it cannot do, in our words', async () => {
    await expect(collectPanels(['x\n'], { approximate: true } as never)).rejects.toThrow(new TypeError('approximate counts make a report, not mergeable statistics: use collectPanelReport (collectPanels counts exactly)'));
    await expect(collectDayPanels(['x\n'], { approximate: {} } as never)).rejects.toThrow(/use collectPanelReport \(collectDayPanels counts exactly\)/);
    await expect(collectPanelReport(['x\n'], { approximate: { precision: 3 } })).rejects.toThrow(new RangeError('precision must be an integer from 4 to 18 (2^precision registers); got 3'));
    await expect(collectPanelReport(['x\n'], { approximate: { counters: 0.5 } })).rejects.toThrow(new RangeError('counters must be an integer from 1 to 1048576; got 0.5'));
    await expect(collectPanelReport(['x\n'], { approximate: 'yes' as never })).rejects.toThrow(new TypeError("approximate must be true, false or { precision, counters }; got 'yes'"));
    await expect(collectPanelReport(['x\n'], { approximate: true, format: compileApacheFormat('%h %t %>s') })).rejects.toThrow(/approximate counts read formats with a request field \(%r\): the format .* has none/);
    await expect(collectFileReport('access.log', { approximate: true, workers: 2 })).rejects.toThrow(new RangeError('approximate counts are read in one thread; got workers 2'));
    // `false` is the exact report.
    expect((await collectPanelReport(['x\n'], { approximate: false })).report.approximate).toBeUndefined();
  });
});

describe('logparse --approximate', () => {
  const { dir, file } = logFolder('logparse-approx-');

  it('prints the approximate report as JSON and as a page that says so; refuses bad values and options in one line', async () => {
    const page = join(dir, 'approx.html');
    const [json, html, hosts, exact, asText, ...bad] = await runAll([
      [file, '--approximate', '--json'],
      [file, '--approximate', '--html', page, '--json', '--quiet'],
      [file, '--approximate', '--report', 'referrerUrls', '--counters', '2', '--precision', '4', '--json'],
      [file, '--report', 'all', '--json'],
      [file, '--approximate', '--report', 'referrerUrls', '--counters', '1', '--quiet'],
      [file, '--approximate', '--precision', '3'],
      [file, '--approximate', '--counters', '0'],
      [file, '--precision', '12'],
      [file, '--approximate', '--state', join(dir, 'x.state')],
      [file, '--approximate', '--workers', '2'],
      [file, file, '--approximate'],
      [file, '--approximate', '--from', '2006-01-28'],
      [file, '--approximate', '--report', 'days'],
      ['merge', 'a.state', '--approximate'],
    ]);
    expect(json!.code, json!.stderr).toBe(0);
    const report = JSON.parse(json!.stdout) as PanelReport;
    expect(report.approximate).toMatchObject({ distinct: 'hyperloglog', standardError: 0.00813, sketched: ['requests', 'static', 'notFound', 'hosts', 'referringSites', 'referrerUrls'] });
    expect(plain(report)).toEqual(JSON.parse(exact!.stdout));
    expect(html!.code, html!.stderr).toBe(0);
    expect(JSON.parse(html!.stdout)).toEqual(report);
    const text = readFileSync(page, 'utf8');
    expect(text).toContain('Approximate access log report');
    expect(text).toMatch(/<strong>Approximate report\.<\/strong> Visitors and the counts of distinct items are HyperLogLog estimates \(standard error 0\.81% for the totals\)/);
    expect(hosts!.code, hosts!.stderr).toBe(0);
    const two = JSON.parse(hosts!.stdout) as PanelReport;
    expect(two.referrerUrls).toHaveLength(2);
    expect(two.approximate).toMatchObject({ precision: 4, counters: 2 });
    // As text, a row whose hits may be over says by how much (4 referrer URLs through 1 counter: 3 evictions).
    expect(asText!.code, asText!.stderr).toBe(0);
    expect(asText!.stdout).toMatch(/^approximate\n[^]*\nreferrerUrls\n +\d+ +\d+ +\d+ +'http:\/\/[^']+' +\(hits at most [1-9]\d* over\)\n$/);
    const messages = [
      "--precision must be an integer from 4 to 18; got '3'",
      "--counters must be an integer from 1 to 1048576; got '0'",
      '--precision goes with --approximate',
      '--approximate takes no --state: its estimates cannot be merged exactly with later runs or other logs (count exactly to keep a state)',
      '--approximate reads in one thread; --workers 2 and --approximate disagree (use one)',
      '--approximate reads one log (a file or - for standard input); got 2 files',
      '--approximate reports the whole log: it takes no --from, --to or --keep-last (its estimates are not kept day by day)',
      '--approximate goes with the panels (--report all, or a panel such as status); --report days is one of the per-day tables, which take no --approximate',
      '--approximate counts logs; merge reads states that are counted already',
    ];
    bad.forEach((r, i) => {
      expect(r.code, messages[i]).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toEqual([`logparse: ${messages[i]}; run 'logparse --help' for usage`]);
    });
  });
});
