// A range of days picked in the HTML page: its figures, added up from the per-day partials, equal a run of the fast
// path over only that range's lines.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectPanels, panelReport, parseLine, type PanelReport, type PanelStats } from '../src/index.js';
import { dayData, rangeReport } from '../src/htmlrange.js';

const RUNS = process.env.CI ? 200 : 50;
const IPS = ['10.0.0.1', '10.0.0.2', '2001:db8::1', '-'];
const REQUESTS = ['GET / HTTP/1.1', 'GET /a?x=1 HTTP/1.1', 'GET /style.css HTTP/1.1', 'POST /img/logo.png?v=2 HTTP/1.0', 'GET /missing HTTP/1.1', '-', 'GET /caf\\xc3\\xa9 HTTP/1.1'];
const STATUSES = ['200', '200', '304', '404', '403', '500', '-'];
const REFS = ['"-"', '"http://a.example/x"', '"https://B.example/"', '"http://a.example/y?q"', '""'];
const UAS = ['"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"', '"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"', '"-"', '"curl/8.5.0"'];

/** A combined line on one of four days (out of order), or something that is not a log line. */
const line = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.constantFrom(...IPS), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 23 }), fc.constantFrom(...REQUESTS), fc.constantFrom(...STATUSES), fc.option(fc.integer({ min: 0, max: 100000 })), fc.constantFrom(...REFS), fc.constantFrom(...UAS), fc.boolean())
      .map(([ip, day, hour, request, status, bytes, ref, ua, crlf]) => `${ip} - - [0${day}/Feb/2024:${String(hour).padStart(2, '0')}:15:00 +0000] "${request}" ${status} ${bytes ?? '-'} ${ref} ${ua}${crlf ? '\r' : ''}`),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => s.replace(/\n/g, ' ')) },
);

/** The day of a line (`YYYY-MM-DD`), or null for a line that is not a record or has no time. */
function dayOf(line: string): string | null {
  const r = parseLine(line.replace(/\r$/, ''));
  if ('reason' in r || r.day === null) return null;
  return `${String(r.day).slice(0, 4)}-${String(r.day).slice(4, 6)}-${String(r.day).slice(6)}`;
}

/** Each day's panels, from a run over that day's lines alone (logSize: the bytes of its lines). */
async function perDay(lines: readonly string[]): Promise<Map<string, PanelStats>> {
  const days = new Map<string, PanelStats>();
  for (const day of new Set(lines.map(dayOf))) {
    if (day === null) continue;
    const text = lines.filter((l) => dayOf(l) === day).map((l) => `${l}\n`).join('');
    const stats = await collectPanels([text]);
    stats.logSize = Buffer.byteLength(text);
    days.set(day, stats);
  }
  return days;
}

/** The report of a run over only the lines whose day is in [first, last] (as a user would cut them out of the log). */
async function runOver(lines: readonly string[], first: string, last: string): Promise<PanelReport> {
  const kept = lines.filter((l) => {
    const day = dayOf(l);
    return day !== null && day >= first && day <= last;
  });
  const stats = await collectPanels([kept.map((l) => `${l}\n`).join('')]);
  stats.logSize = Buffer.byteLength(kept.map((l) => `${l}\n`).join(''));
  return panelReport(stats);
}

describe('rangeReport', () => {
  it('equals a run over only the range’s lines, for every range of days', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 60 }), fc.nat(), fc.nat(), async (lines, a, b) => {
        const data = dayData(await perDay(lines));
        if (data.d.length === 0) return;
        const from = Math.min(a % data.d.length, b % data.d.length);
        const to = Math.max(a % data.d.length, b % data.d.length);
        expect(rangeReport(data, from, to)).toEqual(await runOver(lines, data.d[from]!, data.d[to]!));
      }),
      { numRuns: RUNS },
    );
  });

  it('leaves out what has no day (the `-` key)', async () => {
    const lines = ['10.0.0.1 - - [01/Feb/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "curl/8"', '10.0.0.1 - - [03/Feb/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 7 "-" "curl/8"'];
    const days = await perDay(lines);
    days.set('-', await collectPanels(['not a log line\n']));
    const data = dayData(days);
    expect(data.d).toEqual(['2024-02-01', '2024-02-03']);
    expect(rangeReport(data, 0, 1)).toEqual(await runOver(lines, '2024-02-01', '2024-02-03'));
  });

  it('counts a visitor of two days twice, as a run over those days does (a visitor is an IP, a day and an agent)', async () => {
    const lines = ['10.0.0.1 - - [01/Feb/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "curl/8"', '10.0.0.1 - - [02/Feb/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "curl/8"'];
    const range = rangeReport(dayData(await perDay(lines)), 0, 1);
    expect(range.general?.visitors).toBe(2);
    expect(range.requests).toEqual([{ key: '/', hits: 2, visitors: 2, bytes: 10 }]);
  });
});
