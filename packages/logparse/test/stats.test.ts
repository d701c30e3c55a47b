import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LogLineError,
  collectStats,
  collectStatsFromSources,
  compileFormat,
  dotString,
  formatCsv,
  formatReport,
  hitsPerDay,
  isReject,
  mergeWww,
  parseLog,
  reportCsv,
  reportJson,
  toDot,
  topPairs,
  topReferrers,
  type LogRecord,
} from '../src/node.js';
import { FRAGMENTS, QUIRKS, BLOG_LINE, chunked, combinedArb, combinedLine, expectThrows, lineOf, prop } from './reference.js';

/** A small blog log in the blog post's format (hand-written). */
function blogLog(): string {
  const line = (day: string, request: string, status: number, referrer: string, method = 'GET') =>
    combinedLine({ ip: '10.0.0.1', user: '-', time: `${day}/Jan/2006:12:00:00 +0000`, request: `${method} ${request} HTTP/1.1`, status, bytes: 100, referrer, agent: 'UA' });
  return [
    line('27', '/blogs/lisp', 200, 'http://planet.lisp.org/'),
    line('28', '/blogs/lisp?id=4', 200, 'http://planet.lisp.org/'),
    line('28', '/blogs/lisp?id=4', 200, 'http://planet.lisp.org/'),
    line('28', '/blogs/lisp', 200, 'http://www.example.com/'),
    line('28', '/blogs/lisp', 200, 'http://example.com/'),
    line('28', '/static-files/pieces.gif', 200, 'http://www.example.com/blogs/lisp'),
    line('28', '/favicon.ico', 200, '-'),
    line('28', '/blogs/lisp', 304, 'http://planet.lisp.org/'),
    line('28', '/blogs/lisp', 200, 'http://planet.lisp.org/', 'POST'),
    line('26', '/', 200, '-'),
    FRAGMENTS[0]!,
    FRAGMENTS[1]!,
  ].join('\n');
}

const BLOG_FILTER = { status: [200], methods: ['GET'], exclude: /static-files|favicon\.ico|flipper-linux\.jpg/ } as const;

describe('collectStats', () => {
  it("counts the blog post's way: 200 GETs per day, referrers, pairs, static files left out", async () => {
    const stats = await collectStats([blogLog()], { ...BLOG_FILTER, host: 'http://www.example.com/' });
    expect([stats.read, stats.parsed, stats.kept, stats.rejected]).toEqual([12, 10, 6, 2]);
    expect(hitsPerDay(stats)).toEqual([
      { day: 20060128, hits: 4 },
      { day: 20060127, hits: 1 },
      { day: 20060126, hits: 1 },
    ]);
    expect(topReferrers(stats, 2, 20060128)).toEqual([
      { referrer: 'http://planet.lisp.org/', hits: 2 },
      { referrer: 'http://example.com/', hits: 1 },
    ]);
    expect(topPairs(stats, 1, 20060128)).toEqual([{ referrer: 'http://planet.lisp.org/', request: 'http://www.example.com/blogs/lisp?id=4', hits: 2 }]);
    expect(stats.overall.referrers).toEqual([
      { referrer: 'http://planet.lisp.org/', hits: 3 },
      { referrer: '-', hits: 1 },
      { referrer: 'http://example.com/', hits: 1 },
      { referrer: 'http://www.example.com/', hits: 1 },
    ]);
    expect(stats.rejects.map((r) => r.line)).toEqual([11, 12]);
    expect(topReferrers(stats, 0)).toEqual([]);
    expect(topPairs(stats, undefined, 19990101)).toEqual([]);
  });

  it('merges www. with mergeWww, in referrers and in the host prefix', async () => {
    const stats = await collectStats([blogLog()], { ...BLOG_FILTER, host: 'http://www.example.com', mergeWww: true });
    expect(topReferrers(stats, 2, 20060128)).toEqual([
      { referrer: 'http://example.com/', hits: 2 },
      { referrer: 'http://planet.lisp.org/', hits: 2 },
    ]);
    expect(topPairs(stats, 3, 20060128)).toContainEqual({ referrer: 'http://example.com/', request: 'http://example.com/blogs/lisp', hits: 2 });
    expect(mergeWww('https://www.a.example/www.b')).toBe('https://a.example/www.b');
    expect(mergeWww('http://www.com/')).toBe('http://www.com/');
    expect(mergeWww('-')).toBe('-');
  });

  it('keeps everything by default, and counts the same from records as from the source', async () => {
    const fromSource = await collectStats([blogLog()]);
    expect(fromSource.kept).toBe(10);
    const records: LogRecord[] = [];
    for await (const r of parseLog([blogLog()])) records.push(r);
    const fromRecords = await collectStats(records);
    expect(fromRecords.overall).toEqual(fromSource.overall);
    expect(fromRecords.days).toEqual(fromSource.days);
    expect(fromRecords.kept).toBe(10);
    const fromIterator = await collectStats(parseLog([blogLog()]), BLOG_FILTER);
    expect(fromIterator.days).toEqual((await collectStats([blogLog()], BLOG_FILTER)).days);
    expect((await collectStats([])).overall).toEqual({ hits: 0, referrers: [], pairs: [] });
  });

  it('counts the rejects of parseLog when given its records (review regression: they were dropped silently)', async () => {
    const fromSource = await collectStats([blogLog()]);
    const fromParseLog = await collectStats(parseLog([blogLog()]));
    expect([fromParseLog.read, fromParseLog.parsed, fromParseLog.rejected]).toEqual([12, 10, 2]);
    expect(fromParseLog.rejects.map((r) => [r.line, r.reason])).toEqual(fromSource.rejects.map((r) => [r.line, r.reason]));
    // Every line rejected: the iterator ends at once, with only its summary.
    const none = await collectStats(parseLog([FRAGMENTS.join('\n')]), { keepRejects: 1 });
    expect([none.read, none.parsed, none.rejected, none.rejects.map((r) => r.line)]).toEqual([2, 0, 2, [1]]);
  });

  it('counts quirky lines with status any and method any (no method: the raw request)', async () => {
    const stats = await collectStats([Object.values(QUIRKS).join('\n')], { status: 'any', methods: 'any', exclude: 'six' });
    expect(stats.kept).toBe(Object.values(QUIRKS).length - 1);
    expect(stats.truncated).toBe(1);
    const requests = stats.overall.pairs.map((p) => p.request);
    expect(requests).toEqual(expect.arrayContaining(['/old/page.html', '-', '', 'XYZZY_PROBE', '\u0016\u0003\u0001\u0002', '/with some spaces']));
    expect(requests).not.toContain('/six');
  });

  it('refuses bad options with clear errors', async () => {
    await expectThrows(() => collectStats([''], { status: [2000] }), RangeError, /status code must be an integer from 100 to 999; got 2000/);
    await expectThrows(() => collectStats([''], { methods: ['get'] }), RangeError, /upper-case name such as 'GET'; got 'get'/);
    await expectThrows(() => collectStats([''], { exclude: '(' }), TypeError, /not a valid regular expression: '\('/);
    // Review regression: an empty pattern left out every request.
    await expectThrows(() => collectStats([blogLog()], { exclude: '' }), RangeError, /exclude must not be empty/);
    await expectThrows(() => collectStats([''], { host: 5 as never }), TypeError, /host must be a string/);
    await expectThrows(() => collectStats(42 as never), TypeError, /collectStats takes records/);
    await expectThrows(() => collectStats([{ nope: 1 }] as never), TypeError, /expected records/);
    await expectThrows(() => collectStats([blogLog()], { strict: true }), LogLineError, /^line 11: unterminated/);
    expect(() => topPairs({ overall: { hits: 0, referrers: [], pairs: [] }, days: [] } as never, -1)).toThrow(/top must be a non-negative integer; got -1/);
  });

  it('stops at its signal or timeout and returns the counts of what it read, with the reason', async () => {
    // A source that never ends: only the stop can end the collection.
    async function* endless() {
      for (;;) {
        yield `${BLOG_LINE}\n`;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
    const timed = await collectStats(endless(), { timeout: 50 });
    expect(timed.stopped).toBe('timeout');
    expect(timed.read).toBeGreaterThan(0);
    expect(timed.parsed).toBe(timed.read);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const aborted = await collectStatsFromSources([endless(), endless()], { signal: controller.signal });
    expect(aborted.stopped).toBe('aborted');
    // A stalled source is not waited for.
    async function* stalling() {
      yield `${BLOG_LINE}\n`;
      await new Promise(() => {});
    }
    const stalled = await collectStats(stalling(), { timeout: 50 });
    expect([stalled.stopped, stalled.read]).toEqual(['timeout', 1]);
    // An already aborted signal stops before the first chunk; without a stop there is no `stopped`.
    expect((await collectStats([blogLog()], { signal: AbortSignal.abort() })).read).toBe(0);
    expect((await collectStats([blogLog()])).stopped).toBeUndefined();
    await expectThrows(() => collectStats([blogLog()], { timeout: 0 }), RangeError, /timeout must be a number of milliseconds from 1 to 2147483647; got 0/);
    await expectThrows(() => collectStats([blogLog()], { signal: 'now' as never }), TypeError, /signal must be an AbortSignal; got 'now'/);
  });

  it("counts a status written '-' as no status: kept without a status filter, left out by one, on both paths", async () => {
    const line = (status: string, request: string) => combinedLine({ ip: '1.1.1.1', user: '-', time: '08/Jan/2006:00:00:00 +0000', request: `GET ${request} HTTP/1.1`, status: status as never, bytes: 0, referrer: 'http://r/', agent: 'UA' });
    const text = [line('-', '/dash'), line('200', '/ok')].join('\n');
    for (const options of [{}, { status: [200] }] as const) {
      const fast = await collectStats([text], options);
      const records = await collectStats(parseLog([text]), options);
      expect(fast).toEqual(records);
      expect(fast.rejected).toBe(0);
      expect(fast.overall.pairs.map((p) => p.request).sort()).toEqual('status' in options ? ['/ok'] : ['/dash', '/ok']);
    }
  });

  it('counts referrers that differ only in undecodable bytes apart, on both paths (review regression: merged)', async () => {
    const line = (ref: string) => combinedLine({ ip: '1.1.1.1', user: '-', time: '08/Jan/2006:00:00:00 +0000', request: 'GET / HTTP/1.1', status: 200, bytes: 0, referrer: ref, agent: 'UA' });
    const text = [line('http://x/\\xff'), line('http://x/\\xfe'), line('http://x/\\xfe')].join('\n');
    const expected = [
      { referrer: 'http://x/\\xfe', hits: 2 },
      { referrer: 'http://x/\\xff', hits: 1 },
    ];
    expect((await collectStats([text])).overall.referrers).toEqual(expected);
    expect((await collectStats(parseLog([text]))).overall.referrers).toEqual(expected);
    // Raw (unescaped) invalid bytes are kept apart the same way.
    const rawLine = (b: number) =>
      Buffer.concat([Buffer.from('1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "GET / HTTP/1.1" 200 0 "http://x/'), Buffer.from([b]), Buffer.from('" "UA"\n')]);
    const raw = Buffer.concat([rawLine(0xff), rawLine(0xfe)]);
    expect((await collectStats([raw])).overall.referrers.map((r) => r.referrer).sort()).toEqual(['http://x/\\xfe', 'http://x/\\xff']);
    expect((await collectStats(parseLog([raw]))).overall.referrers.map((r) => r.referrer).sort()).toEqual(['http://x/\\xfe', 'http://x/\\xff']);
  });

  it('reports progress per source, with its index (review regression: a progress bar over several files restarted)', async () => {
    const calls: Array<[number, number]> = [];
    await collectStatsFromSources([[blogLog()] as never, [FRAGMENTS[1]!] as never], { onProgress: (bytes, source) => calls.push([bytes, source]) });
    expect(calls).toEqual([
      [Buffer.byteLength(blogLog()), 0],
      [Buffer.byteLength(FRAGMENTS[1]!), 1],
    ]);
    await expectThrows(() => collectStats([''], { onProgress: 5 as never }), TypeError, /onProgress must be a function; got 5/);
  });

  it('refuses values of the wrong type with TypeErrors that name them (review regression: raw JavaScript errors)', async () => {
    const stats = await collectStats([blogLog()]);
    const wrong: Array<[() => unknown, RegExp]> = [
      [() => hitsPerDay(null as never), /hitsPerDay takes the statistics from collectStats; got null/],
      [() => topReferrers({} as never), /topReferrers takes the statistics from collectStats; got an object/],
      [() => topPairs(undefined as never, 3), /topPairs takes the statistics from collectStats; got undefined/],
      [() => formatReport(null as never, 'days'), /a report takes the statistics from collectStats; got null/],
      [() => reportJson(5 as never, 'days'), /a report takes the statistics from collectStats; got 5/],
      [() => reportCsv('x' as never, 'days'), /a report takes the statistics from collectStats; got 'x'/],
      [() => toDot(null as never), /toDot takes the statistics from collectStats; got null/],
      [() => toDot(stats, { name: 5 as never }), /the graph's name must be a string; got 5/],
      [() => dotString(null as never), /dotString takes a string; got null/],
      [() => mergeWww(5 as never), /mergeWww takes a URL string; got 5/],
      [() => formatCsv(null as never), /formatCsv takes an array of rows/],
      [() => formatCsv(['a,b'] as never), /formatCsv takes an array of rows/],
      [() => isReject(null as never), /isReject takes a record or a reject; got null/],
      [() => compileFormat({ fields: 1, literals: 2 } as never), /format must be 'combined', 'common', \{ apache \} or \{ nginx \}; got an object/],
      [() => collectStats([{ line: 1, referrer: null }] as never), /collectStats expected records/],
    ];
    for (const [fn, message] of wrong) await expectThrows(fn, TypeError, message);
  });

  it('reads several sources with their own line numbers', async () => {
    const stats = await collectStatsFromSources([[blogLog()] as never, [FRAGMENTS[1]!] as never]);
    expect(stats.rejects.map((r) => [r.source, r.line])).toEqual([
      ['input', 11],
      ['input', 12],
      ['input', 1],
    ]);
  });

  prop([fc.array(combinedArb, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 6 }), fc.boolean()])(
    'the fast path from bytes agrees with a plain count over parsed records, however the input is chunked',
    async (parts, cuts, merge) => {
      const text = [...parts.map(lineOf), QUIRKS.hexQuote, FRAGMENTS[0]!].join('\n');
      const options = { status: [200, 304], methods: ['GET', 'HEAD'], exclude: /a\.|%/, host: 'http://www.site.example', mergeWww: merge };
      const stats = await collectStats(chunked(Buffer.from(text), cuts), options);
      // Reference: count the generated parts directly.
      const expectedPairs = new Map<string, number>();
      const days = new Map<number, number>();
      let kept = 0;
      for (const p of [...parts, { status: 200, method: 'GET', path: '/', referrer: null, instant: Date.UTC(2006, 0, 9, 9, 0, 2), offset: 60 }]) {
        if (!options.status.includes(p.status) || !options.methods.includes(p.method) || options.exclude.test(p.path)) continue;
        kept++;
        const local = new Date(p.instant + p.offset * 60000);
        const day = local.getUTCFullYear() * 10000 + (local.getUTCMonth() + 1) * 100 + local.getUTCDate();
        days.set(day, (days.get(day) ?? 0) + 1);
        const referrer = p.referrer === null ? '-' : merge ? p.referrer.replace('://www.', '://') : p.referrer;
        const request = merge ? `http://site.example${p.path}` : `http://www.site.example${p.path}`;
        const key = `${referrer} => ${request}`;
        expectedPairs.set(key, (expectedPairs.get(key) ?? 0) + 1);
      }
      expect(stats.kept).toBe(kept);
      expect([stats.read, stats.rejected]).toEqual([parts.length + 2, 1]);
      expect(new Map(stats.overall.pairs.map((p) => [`${p.referrer} => ${p.request}`, p.hits]))).toEqual(expectedPairs);
      expect(new Map(stats.days.map((d) => [d.day, d.hits]))).toEqual(days);
      for (const d of stats.days) {
        expect(d.referrers.reduce((a, r) => a + r.hits, 0)).toBe(d.hits);
        for (let i = 1; i < d.pairs.length; i++) expect(d.pairs[i - 1]!.hits).toBeGreaterThanOrEqual(d.pairs[i]!.hits);
      }
      expect(stats.days.map((d) => d.day)).toEqual([...days.keys()].sort((a, b) => b - a));
      // And the record path gives the same.
      const viaRecords = await collectStats(parseLog([text]), options);
      expect(viaRecords.days).toEqual(stats.days);
    },
  );
});
