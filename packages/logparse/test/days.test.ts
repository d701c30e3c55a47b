// Panels day by day: the days of any pieces of a log, merged in any order, are the days of the whole log; a range of
// days is a run over that range's lines.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectDayPanels, collectPanels, cutDays, datedDays, isDay, lastDays, mergeDays, panelReport, panelsOfDays, parseLine, type DayPanels } from '../src/index.js';

const RUNS = process.env.CI ? 200 : 50;
const IPS = ['10.0.0.1', '10.0.0.2', '2001:db8::1', '-'];
const REQUESTS = ['GET / HTTP/1.1', 'GET /a?x=1 HTTP/1.1', 'GET /style.css HTTP/1.1', 'POST /img/logo.png?v=2 HTTP/1.0', 'GET /missing HTTP/1.1', '-'];
const STATUSES = ['200', '304', '404', '500', '-'];
const REFS = ['"-"', '"http://a.example/x"', '"https://B.example/"', '""'];
const UAS = ['"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"', '"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"', '"-"', '"curl/8.5.0"'];

/** A combined line on one of six days (out of order), or something that is not a log line. */
const line = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.constantFrom(...IPS), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 23 }), fc.constantFrom(...REQUESTS), fc.constantFrom(...STATUSES), fc.option(fc.integer({ min: 0, max: 100000 })), fc.constantFrom(...REFS), fc.constantFrom(...UAS), fc.boolean())
      .map(([ip, day, hour, request, status, bytes, ref, ua, crlf]) => `${ip} - - [0${day}/Feb/2024:${String(hour).padStart(2, '0')}:15:00 +0000] "${request}" ${status} ${bytes ?? '-'} ${ref} ${ua}${crlf ? '\r' : ''}`),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => s.replace(/\n/g, ' ')) },
);

const text = (lines: readonly string[]): string => lines.map((l) => `${l}\n`).join('');

/** The day of a line (`YYYY-MM-DD`), or null for a line that is not a record or has no time. */
function dayOf(l: string): string | null {
  const r = parseLine(l.replace(/\r$/, ''));
  if ('reason' in r || r.day === null) return null;
  return `${String(r.day).slice(0, 4)}-${String(r.day).slice(4, 6)}-${String(r.day).slice(6)}`;
}

/** The lines cut into pieces at the given points, and an order to merge them in. */
const pieces = fc.array(line, { minLength: 1, maxLength: 60 }).chain((lines) =>
  fc.tuple(fc.constant(lines), fc.uniqueArray(fc.integer({ min: 1, max: lines.length }), { maxLength: 5 }), fc.func(fc.integer())),
);

describe('collectDayPanels and mergeDays', () => {
  it('pieces of a log counted day by day and merged in any order report as the whole log', async () => {
    await fc.assert(
      fc.asyncProperty(pieces, async ([lines, cuts, order]) => {
        const at = [0, ...[...cuts].sort((a, b) => a - b), lines.length];
        const parts: DayPanels[] = [];
        for (let i = 0; i + 1 < at.length; i++) parts.push((await collectDayPanels([text(lines.slice(at[i], at[i + 1]))])).days);
        parts.sort((a, b) => order(parts.indexOf(a)) - order(parts.indexOf(b)));
        const merged = parts.reduce((all, part) => mergeDays(all, part), new Map() as DayPanels);
        const whole = await collectPanels([text(lines)]);
        expect(panelReport(panelsOfDays(merged))).toEqual(panelReport(whole));
        // The day by day count of the whole log, merged, is the same too.
        expect(panelReport(panelsOfDays((await collectDayPanels([text(lines)])).days))).toEqual(panelReport(whole));
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });

  it('a range of days reports as a run over only that range’s lines (log size included); cutDays keeps that range', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), async (lines, a, b) => {
        const { days } = await collectDayPanels([text(lines)]);
        const from = `2024-02-0${Math.min(a, b)}`;
        const to = `2024-02-0${Math.max(a, b)}`;
        const kept = lines.filter((l) => {
          const d = dayOf(l);
          return d !== null && d >= from && d <= to;
        });
        const run = await collectPanels([text(kept)]);
        expect(panelReport(panelsOfDays(days, { from, to }))).toEqual(panelReport(run));
        expect(panelReport(panelsOfDays(cutDays(days, { from, to })))).toEqual(panelReport(run));
        expect(datedDays(cutDays(days, { from, to })).every((d) => d >= from && d <= to)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps lines without a day, failed lines and the rest of the bytes under -, and the bytes of each day’s lines under the day', async () => {
    const lines = ['10.0.0.1 - - [01/Feb/2024:10:15:00 +0000] "GET / HTTP/1.1" 200 5 "-" "x"\r', 'not a log line', '10.0.0.2 - - [02/Feb/2024:10:15:00 +0000] "GET /a HTTP/1.1" 200 5 "-" "x"'];
    const { days } = await collectDayPanels([text(lines)]);
    expect([...days.keys()]).toEqual(['-', '2024-02-01', '2024-02-02']);
    expect(days.get('2024-02-01')!.logSize).toBe(lines[0]!.length + 1);
    expect(days.get('2024-02-02')!.logSize).toBe(lines[2]!.length + 1);
    expect(days.get('-')!).toMatchObject({ failed: 1, valid: 0, logSize: lines[1]!.length + 1 });
  });

  it('lastDays counts calendar days back from the last day; bad ranges and days are RangeErrors naming them', async () => {
    const { days } = await collectDayPanels([text(['10.0.0.1 - - [28/Feb/2024:10:15:00 +0000] "GET / HTTP/1.1" 200 5', '10.0.0.1 - - [02/Mar/2024:10:15:00 +0000] "GET / HTTP/1.1" 200 5'])]);
    expect(lastDays(days, 3)).toEqual({ from: '2024-02-29', to: '2024-03-02' });
    expect(lastDays(days, 1)).toEqual({ from: '2024-03-02', to: '2024-03-02' });
    expect(() => lastDays(days, 0)).toThrow(/positive integer; got 0/);
    expect(() => lastDays(new Map(), 2)).toThrow(RangeError);
    expect(() => panelsOfDays(days, { from: '2024-03-02', to: '2024-02-01' })).toThrow(/empty: from 2024-03-02 is after to 2024-02-01/);
    expect(() => cutDays(days, { from: '2024-02-30' })).toThrow(/from must be a day written YYYY-MM-DD.*2024-02-30/);
    expect(() => panelsOfDays({} as DayPanels)).toThrow(TypeError);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2023-02-29')).toBe(false);
    expect(isDay('2024-13-01')).toBe(false);
  });

  it('isDay and the range checks take any string without throwing anything but RangeErrors', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(typeof isDay(s)).toBe('boolean');
        try {
          cutDays(new Map(), { from: s });
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
          expect((error as Error).message).toContain('YYYY-MM-DD');
        }
      }),
      { numRuns: RUNS },
    );
  });
});
