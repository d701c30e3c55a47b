// Day reports added up (DaySums) and the report of a day counted in parts (partsReport): the same figures as the
// days' mergeable statistics merged, for the whole log, any range of days, the page's partials and the graph's pairs.
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PANELS, collectDayPanels, createPanels, cutDays, mergePanels, panelReport, panelsOfDays, type PanelStats } from '../src/index.js';
import { compactPanels } from '../src/compact.js';
import { DaySums } from '../src/daysum.js';
import { pageHtml } from '../src/html.js';
import { dayData } from '../src/htmlrange.js';
import { PanelCounter, collectDayPanelsWith, countDays } from '../src/panelscan.js';
import { partsReport } from '../src/partsreport.js';
import { NODE_READER } from '../src/source.js';
import { collectDaySums, familiesOf } from '../src/threads.js';

const RUNS = process.env.CI ? 150 : 40;
const IPS = ['10.0.0.1', '10.0.0.2', '2001:db8::1', '-'];
const REQUESTS = ['GET / HTTP/1.1', 'GET /a?x=1 HTTP/1.1', 'GET /style.css HTTP/1.1', 'POST /img/logo.png?v=2 HTTP/1.0', 'GET /missing HTTP/1.1', '-'];
const STATUSES = ['200', '200', '304', '404', '403', '500', '-'];
const REFS = ['"-"', '"http://a.example/x"', '"https://B.example/"', '""'];
const UAS = ['"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"', '"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"', '"-"', '"curl/8.5.0"'];

/**
 * A combined line on one of seven days, in any order (more days than are counted at once, so that a day's counter is
 * finished and the day met again later), or without a time, or something that is not a log line.
 */
const line = fc.oneof(
  {
    weight: 10,
    arbitrary: fc
      .tuple(fc.constantFrom(...IPS), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 23 }), fc.constantFrom(...REQUESTS), fc.constantFrom(...STATUSES), fc.option(fc.integer({ min: 0, max: 100000 })), fc.constantFrom(...REFS), fc.constantFrom(...UAS))
      .map(([ip, day, hour, request, status, bytes, ref, ua]) => `${ip} - - [0${day}/Feb/2024:${String(hour).padStart(2, '0')}:15:00 +0000] "${request}" ${status} ${bytes ?? '-'} ${ref} ${ua}`),
  },
  { weight: 1, arbitrary: fc.constantFrom(...IPS).map((ip) => `${ip} - - [-] "GET / HTTP/1.1" 200 5 "-" "curl/8.5.0"`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => s.replace(/\n/g, ' ')) },
);

/** A combined line of one of 40 clients asking for one of 40 paths: panels of more items than a page shows. */
const many = fc
  .tuple(fc.nat({ max: 39 }), fc.integer({ min: 1, max: 3 }), fc.nat({ max: 39 }), fc.constantFrom(...STATUSES), fc.nat({ max: 5000 }), fc.constantFrom(...UAS))
  .map(([ip, day, path, status, bytes, ua]) => `10.1.0.${ip} - - [0${day}/Feb/2024:10:15:00 +0000] "GET /p${path}${path % 3 === 0 ? '.png' : ''} HTTP/1.1" ${status} ${bytes} "http://r${path % 13}.example/" ${ua}`);

const text = (lines: readonly string[]): string => lines.map((l) => `${l}\n`).join('');

/** The days' statistics added into sums as their reports (what the CLI's page gets from its counters). */
function sumsOf(days: Map<string, PanelStats>): DaySums {
  const sums = new DaySums();
  for (const [day, stats] of days) sums.add(day, panelReport(stats), stats.pairs);
  return sums;
}

describe('DaySums', () => {
  it('reports the whole log, any range of days, the page partials and the pairs as the days merged do', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 80 }), fc.nat(), fc.nat(), fc.option(fc.nat({ max: 4 })), async (lines, a, b, top) => {
        const { days } = await collectDayPanels([text(lines)]);
        const whole = panelsOfDays(days);
        // From the counters (one thread), and from the days' statistics.
        const { sums } = await collectDaySums([text(lines)], {});
        for (const s of [sums, sumsOf(days)]) {
          expect(s.report(PANELS, top ?? Infinity)).toEqual(panelReport(whole, { top: top ?? Infinity }));
          expect(s.pairs()).toEqual(whole.pairs);
          expect(s.logSize()).toBe(whole.logSize);
          expect(s.days).toEqual([...days.keys()].filter((d) => d !== '-'));
          if (s.days.length === 0) continue;
          const from = Math.min(a % s.days.length, b % s.days.length);
          const to = Math.max(a % s.days.length, b % s.days.length);
          const range = { from: s.days[from]!, to: s.days[to]! };
          expect(s.span(range)).toEqual([from, to]);
          expect(s.report(['status', 'general', 'hosts'], Infinity, from, to, false)).toEqual(panelReport(panelsOfDays(days, range), { panels: ['status', 'general', 'hosts'] }));
          expect(s.pairs(from, to, false)).toEqual(panelsOfDays(days, range).pairs);
          expect(s.data(from, to)).toEqual(dayData(cutDays(days, range)));
          // The JSON of the partials in pieces, as the page gzips it.
          expect([...s.json(from, to)].join('')).toBe(JSON.stringify(s.data(from, to)));
          expect([...s.json()].join('')).toBe(JSON.stringify(s.data()));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('makes the same page from a table\'s first rows and the whole lists\' counts and sums as from every row', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(many, { minLength: 1, maxLength: 120 }), fc.integer({ min: 1, max: 4 }), async (lines, shown) => {
        const { sums } = await collectDaySums([text(lines)], {});
        const wholes = {};
        // The page's table shows `shown` rows and its chart the first 10: the report keeps 10 more than shown.
        const first = sums.report(PANELS, 10 + shown, 0, sums.days.length - 1, true, wholes);
        for (const name of PANELS) if (name !== 'general' && !['visitors', 'hours', 'status'].includes(name)) expect(first[name]!.length).toBeLessThanOrEqual(10 + shown);
        const all = sums.report(PANELS, Infinity);
        expect(pageHtml(first, { maxRows: shown }, sums.data(), wholes)).toBe(pageHtml(all, { maxRows: shown }, sums.data()));
        // The partials gzip'd ahead (as the CLI streams them) make the page that gzips them itself.
        const gz = gzipSync([...sums.json()].join(''));
        expect(pageHtml(all, {}, { d: sums.days, gz64: gz.toString('base64') })).toBe(pageHtml(all, { gzip: gzipSync }, sums.data()));
      }),
      { numRuns: RUNS },
    );
  });

  it('puts the bytes not read as lines into what has no day, and refuses days out of order', () => {
    const sums = new DaySums();
    sums.addUndatedSize(0);
    expect(sums.logSize()).toBe(0);
    sums.addUndatedSize(40);
    expect(sums.logSize()).toBe(40);
    expect(sums.report(['general'], Infinity).general).toMatchObject({ logSize: 40, requests: 0, visitors: 0 });
    const day = panelReport(createPanels());
    sums.add('2024-02-02', day, []);
    expect(() => sums.add('2024-02-01', day, [])).toThrow(/days are added in ascending order, each once; got 2024-02-01 after 2024-02-02/);
    expect(() => sums.add('-', day, [])).toThrow(/added once/);
    expect(sums.span({ from: '2024-03-01' })).toBeNull();
  });
});

describe('PanelCounter.compact', () => {
  it('gives the compact form of its statistics, made without them (agents classified or not)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 80 }), fc.boolean(), async (lines, byAgent) => {
        const { counters } = await countDays(NODE_READER, [text(lines)], {}, byAgent, 'collectDayPanels');
        for (const [, part] of counters.parts()) {
          if (part instanceof PanelCounter) expect(part.compact(byAgent)).toEqual(compactPanels(part.result(byAgent), true));
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('partsReport', () => {
  it('counts once each of thousands of visitors seen in both parts', async () => {
    // 3,000 clients on one day, each in the first half and again in the second.
    const half = Array.from({ length: 3000 }, (_, i) => `10.${i >> 8}.${i & 255}.1 - - [01/Feb/2024:10:15:00 +0000] "GET /p${i % 7} HTTP/1.1" 200 ${i} "-" "curl/8.5.0"`);
    const first = (await collectDayPanels([text(half)])).days.get('2024-02-01')!;
    const second = (await collectDayPanelsWith(NODE_READER, [text(half)], {}, true)).days.get('2024-02-01')!;
    const made = partsReport([compactPanels(first, true), compactPanels(second, true)], [false, true]);
    expect(made.report.general!.visitors).toBe(3000);
    expect(made.report).toEqual(panelReport(mergePanels(mergePanels(createPanels(), first), familiesOf(second))));
  });

  it('reports a day counted in two parts as the parts merged, visitors seen in both counted once (agents classified or not)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 80 }), fc.nat(), fc.boolean(), async (lines, at, byAgent) => {
        const cut = at % (lines.length + 1);
        const first = (await collectDayPanels([text(lines.slice(0, cut))])).days;
        // The second part as a worker thread counts it: its os list keyed by agent when `byAgent`.
        const second = (await collectDayPanelsWith(NODE_READER, [text(lines.slice(cut))], {}, byAgent)).days;
        for (const day of new Set([...first.keys(), ...second.keys()])) {
          const parts = [first.get(day), second.get(day)];
          const kinds = [false, byAgent];
          const present = [0, 1].filter((i) => parts[i] !== undefined);
          const made = partsReport(
            present.map((i) => compactPanels(parts[i]!, true)),
            present.map((i) => kinds[i]!),
          );
          const merged = createPanels();
          for (const i of present) mergePanels(merged, kinds[i] ? familiesOf(parts[i]!) : parts[i]!);
          expect(made.report).toEqual(panelReport(merged));
          expect(made.pairs).toEqual(merged.pairs);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
