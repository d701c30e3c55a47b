import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectStats, csvField, formatCsv, formatDay, formatReport, parseCsv, reportCsv, reportJson, reportLines, reportRows } from '../src/node.js';
import { FRAGMENTS, BLOG_LINE, prop } from './reference.js';

const log = [
  BLOG_LINE,
  BLOG_LINE.replace('08/Jan', '09/Jan'),
  BLOG_LINE.replace('08/Jan', '09/Jan').replace('planet.lisp.org', 'lemonodor.com'),
  BLOG_LINE.replace('08/Jan', '09/Jan').replace('"http://planet.lisp.org/"', '"http://x.example/a,b \\"q\\""'),
  FRAGMENTS[1]!,
].join('\n');

describe('reports', () => {
  it('gives the JSON lines of the CLI: one per day (YYYY-MM-DD) or per item, then a summary line', async () => {
    const stats = await collectStats([log], { status: [200], methods: ['GET'] });
    const summary = { summary: { read: 5, parsed: 4, kept: 4, rejected: 1, truncated: 0 } };
    expect([...reportJson(stats, 'days')]).toEqual([{ day: '2006-01-09', hits: 3 }, { day: '2006-01-08', hits: 1 }, summary]);
    expect([...reportJson(stats, 'referrers', { top: 1 })]).toEqual([
      { day: '2006-01-09', referrers: [{ referrer: 'http://lemonodor.com/', hits: 1 }] },
      { day: '2006-01-08', referrers: [{ referrer: 'http://planet.lisp.org/', hits: 1 }] },
      summary,
    ]);
    expect([...reportJson(stats, 'pairs', { overall: true, top: 1 })]).toEqual([{ referrer: 'http://planet.lisp.org/', request: '/blog.ucw?entry-id=2', hits: 2 }, summary]);
    expect([...reportJson(stats, 'days', { overall: true })]).toEqual([{ hits: 4 }, summary]);
    expect([...reportJson(stats, 'summary')]).toEqual([
      {
        ...summary.summary,
        rejects: [{ line: 5, reason: "expected ' [' after the user (%u); got ' 12054' (last line, no newline at the end: truncated?)" }],
      },
    ]);
    // Arguments are checked when the function is called, not when its lines are first read.
    expect(() => reportJson(stats, 'weekly' as never)).toThrow(/report must be one of days, referrers, pairs, summary; got 'weekly'/);
    expect(() => reportJson(stats, 'pairs', { top: 1.5 })).toThrow(RangeError);
    expect(() => reportLines(stats, 'pairs', { top: -1 })).toThrow(RangeError);
    expect(() => reportRows({} as never, 'pairs')).toThrow(TypeError);
  });

  it('prints text tables like printstats', async () => {
    const stats = await collectStats([log]);
    expect(formatReport(stats, 'days')).toBe('day         hits\n2006-01-09     3\n2006-01-08     1\n');
    expect(formatReport(stats, 'referrers', { top: 1 })).toBe('2006-01-09:\n     1  http://lemonodor.com/\n\n2006-01-08:\n     1  http://planet.lisp.org/\n');
    expect(formatReport(stats, 'pairs', { overall: true, top: 1 })).toBe('overall:\n     2  http://planet.lisp.org/ => /blog.ucw?entry-id=2\n');
    expect(formatReport(stats, 'summary')).toMatch(/^read 5, parsed 4, kept 4, rejected 1\n {2}line 5: expected/);
    expect(`${[...reportLines(stats, 'days')].join('\n')}\n`).toBe(formatReport(stats, 'days'));
  });

  it('writes days as YYYY-MM-DD', () => {
    expect([20060128, 19991231, 500301, 101].map(formatDay)).toEqual(['2006-01-28', '1999-12-31', '0050-03-01', '0000-01-01']);
    for (const bad of [0, 100, 2006012.5, 100000000, Number.NaN, '20060128']) expect(() => formatDay(bad as never)).toThrow(RangeError);
  });

  it('writes CSV with correct quoting', async () => {
    const stats = await collectStats([log]);
    const csv = reportCsv(stats, 'referrers');
    expect(csv.split('\r\n')[0]).toBe('day,referrer,hits');
    expect(csv).toContain('2006-01-09,"http://x.example/a,b ""q""",1\r\n');
    expect(parseCsv(reportCsv(stats, 'pairs', { overall: true }))[0]).toEqual(['referrer', 'request', 'hits']);
    expect(reportCsv(stats, 'days')).toBe('day,hits\r\n2006-01-09,3\r\n2006-01-08,1\r\n');
    expect(formatCsv([...reportRows(stats, 'summary')])).toBe('read,parsed,kept,rejected,truncated\r\n5,4,4,1,0\r\n');
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a"b')).toBe('"a""b"');
    expect(csvField(' lead')).toBe('" lead"');
    expect(() => parseCsv('"a"b')).toThrow(/text after a closing quote/);
    expect(() => parseCsv('"open')).toThrow(/unterminated/);
  });

  const field = fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(',', '"', '\r', '\n', ' ', 'a', 'é') }), fc.nat().map(String));
  prop([fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { maxLength: 6 })])('parseCsv(formatCsv(rows)) gives the rows back', (rows) => {
    expect(parseCsv(formatCsv(rows))).toEqual(rows);
  });

  prop([field])('a CSV field is quoted exactly when it must be, and never breaks a row', (text) => {
    const out = csvField(text);
    const needs = /[",\r\n]/.test(text);
    if (needs) expect(out.startsWith('"') && out.endsWith('"')).toBe(true);
    expect(parseCsv(`${out},x\r\n`)).toEqual([[text, 'x']]);
  });
});
