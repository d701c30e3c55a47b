// Counting a file in several threads (the library's `workers`): the same panels, whole and day by day, as one thread.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// The built package: its worker threads run dist/worker.js (build first, as for the CLI tests).
import { PANELS, collectDayPanels, collectPanels, panelReport, panelsOfDays } from '../dist/node.js';
import { cutRanges } from '../src/workers.js';

const dir = mkdtempSync(join(tmpdir(), 'logparse-workers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 600 lines over five days, several clients and agents, a few that are not log lines. */
function log(): string {
  const agents = ['"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"', '"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"', '"curl/8.5.0"', '"-"'];
  const lines: string[] = [];
  for (let i = 0; i < 600; i++) {
    if (i % 97 === 13) lines.push(`garbage ${i}`);
    else lines.push(`10.0.${i % 7}.${i % 11} - - [0${1 + Math.floor(i / 120)}/Feb/2024:${String(i % 24).padStart(2, '0')}:15:00 +0000] "GET /p${i % 13}${i % 5 === 0 ? '.css' : ''} HTTP/1.1" ${i % 9 === 0 ? 404 : 200} ${i * 7} "http://r${i % 3}.example/" ${agents[i % 4]}`);
  }
  return `${lines.join('\n')}\n`;
}

describe('collectPanels and collectDayPanels with workers', () => {
  it('give what one thread gives, whole and day by day, for any number of threads (merge trees of one to three levels)', async () => {
    const file = join(dir, 'five-days.log');
    writeFileSync(file, log());
    const one = panelReport(await collectPanels(file));
    const days = (await collectDayPanels(file)).days;
    for (const workers of [2, 4, 9]) {
      expect(panelReport(await collectPanels(file, { workers }))).toEqual(one);
      const split = (await collectDayPanels(file, { workers })).days;
      expect([...split.keys()]).toEqual([...days.keys()]);
      for (const [day, stats] of days) expect(panelReport(split.get(day)!)).toEqual(panelReport(stats));
      expect(panelReport(panelsOfDays(split))).toEqual(one);
    }
  });

  it('add up the days\' reports in threads as one thread does, visitors that span the cuts counted once', async () => {
    // Three clients and two agents on every day, in lines of all days mixed: every day is in every range, and most
    // visitors are met in several ranges.
    const file = join(dir, 'shared.log');
    const lines: string[] = [];
    for (let i = 0; i < 900; i++) {
      if (i % 211 === 5) lines.push(`garbage ${i}`);
      else lines.push(`10.0.0.${i % 3} - - [0${1 + (i % 5)}/Feb/2024:${String(i % 24).padStart(2, '0')}:15:00 +0000] "GET /p${i % 17}${i % 4 === 0 ? '.png' : ''} HTTP/1.1" ${i % 13 === 0 ? 404 : 200} ${i} "http://r${i % 5}.example/" "${i % 2 === 0 ? 'curl/8.5.0' : 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0'}"`);
    }
    writeFileSync(file, `${lines.join('\n')}\n`);
    // The internal entry the CLI uses (built, like the worker script it starts).
    const { collectDaySums } = (await import('../dist/threads.js' as string)) as typeof import('../src/threads.js');
    const one = (await collectDaySums(file, {})).sums;
    const whole = panelReport(panelsOfDays((await collectDayPanels(file)).days));
    expect(one.report(PANELS, Infinity)).toEqual(whole);
    for (const workers of [2, 3, 6]) {
      // (With three threads, lean: the workers collect their garbage between the days they hand on, as under the CLI.)
      const { sums } = await collectDaySums(file, { workers, lean: workers === 3 });
      expect(sums.report(PANELS, Infinity)).toEqual(whole);
      expect(sums.data()).toEqual(one.data());
      expect(sums.pairs()).toEqual(one.pairs());
    }
  });

  it('cut a file at line starts only, into non-empty ranges that cover it', () => {
    const file = join(dir, 'cut.log');
    const text = log();
    writeFileSync(file, text);
    for (const parts of [1, 2, 7, 64]) {
      const ranges = cutRanges(file, 0, text.length, parts);
      expect(ranges[0]![0]).toBe(0);
      expect(ranges[ranges.length - 1]![1]).toBe(text.length);
      for (let i = 0; i < ranges.length; i++) {
        expect(ranges[i]![1]).toBeGreaterThan(ranges[i]![0]);
        if (i > 0) expect(ranges[i]![0]).toBe(ranges[i - 1]![1]);
        expect(ranges[i]![0] === 0 || text[ranges[i]![0] - 1] === '\n').toBe(true);
      }
    }
  });

  it('refuse a number of workers out of range, naming it', async () => {
    for (const workers of [0, 65, 1.5, Number.NaN]) await expect(collectPanels(join(dir, 'five-days.log'), { workers })).rejects.toThrow(/workers must be an integer from 1 to 64; got/);
  });
});
