import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addFailed, addRecord, classifyAgent, createPanels, isReject, mergePanels, panelReport, panelsFromJson, panelsToJson, parseLine, parseLog, referringSite, type LogRecord } from '../src/index.js';

const IPS = ['10.0.0.1', '10.0.0.2', '2001:db8::1'];
const PATHS = ['/', '/a?x=1', '/style.css', '/img/logo.png', '/missing', '/blog/'];
const STATUSES = [200, 200, 304, 404, 500, 301];
const REFS = ['-', 'http://a.example/x', 'https://B.example/', 'http://a.example/y?q', 'android-app://x'];
const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  '-',
];

/** One generated request: the fields the line is written from (the reference counts these, not parsed records). */
interface Hit {
  ip: string;
  day: number;
  hour: number;
  path: string;
  status: number;
  bytes: number | null;
  ref: string;
  ua: string;
}

const hit = fc.record({
  ip: fc.constantFrom(...IPS),
  day: fc.integer({ min: 1, max: 3 }),
  hour: fc.integer({ min: 0, max: 23 }),
  path: fc.constantFrom(...PATHS),
  status: fc.constantFrom(...STATUSES),
  bytes: fc.option(fc.integer({ min: 0, max: 100000 })),
  ref: fc.constantFrom(...REFS),
  ua: fc.constantFrom(...UAS),
});

function lineOf(h: Hit): string {
  const hh = String(h.hour).padStart(2, '0');
  return `${h.ip} - - [0${h.day}/Feb/2024:${hh}:15:00 +0000] "GET ${h.path} HTTP/1.1" ${h.status} ${h.bytes ?? '-'} "${h.ref}" "${h.ua}"`;
}

function records(hits: Hit[]): LogRecord[] {
  return hits.map((h) => {
    const r = parseLine(lineOf(h));
    if (isReject(r)) throw new Error(r.reason);
    return r;
  });
}

/** A plain reference: hits, distinct visitors and bytes grouped by a key function. */
function reference(hits: Hit[], key: (h: Hit) => string | null) {
  const groups = new Map<string, { hits: number; visitors: Set<string>; bytes: number }>();
  for (const h of hits) {
    const k = key(h);
    if (k === null) continue;
    const g = groups.get(k) ?? { hits: 0, visitors: new Set<string>(), bytes: 0 };
    g.hits++;
    if (h.status < 400 || h.status >= 500) g.visitors.add(`${h.ip} 2024-02-0${h.day} ${h.ua}`);
    g.bytes += h.bytes ?? 0;
    groups.set(k, g);
  }
  return Object.fromEntries([...groups].map(([k, g]) => [k, { hits: g.hits, visitors: g.visitors.size, bytes: g.bytes }]));
}

function asObject(rows: Array<{ key: string; hits: number; visitors: number; bytes: number }> | undefined) {
  return Object.fromEntries((rows ?? []).map((r) => [r.key, { hits: r.hits, visitors: r.visitors, bytes: r.bytes }]));
}

const isStatic = (p: string) => /\.(css|png)$/.test(p.split('?')[0]!);

describe('panels', () => {
  it('count hits, visitors (IP + day + user agent) and bytes as a plain reference does', () => {
    fc.assert(
      fc.property(fc.array(hit, { maxLength: 60 }), (hits) => {
        const stats = createPanels();
        for (const r of records(hits)) addRecord(stats, r);
        addFailed(stats, 2);
        const report = panelReport(stats);
        expect(asObject(report.visitors)).toEqual(reference(hits, (h) => `2024-02-0${h.day}`));
        expect(asObject(report.requests)).toEqual(reference(hits, (h) => (h.status !== 404 && !isStatic(h.path) ? h.path : null)));
        expect(asObject(report.static)).toEqual(reference(hits, (h) => (h.status !== 404 && isStatic(h.path) ? h.path : null)));
        expect(asObject(report.notFound)).toEqual(reference(hits, (h) => (h.status === 404 ? h.path : null)));
        expect(asObject(report.hosts)).toEqual(reference(hits, (h) => h.ip));
        expect(asObject(report.hours)).toEqual(reference(hits, (h) => String(h.hour).padStart(2, '0')));
        expect(asObject(report.status)).toEqual(reference(hits, (h) => `${String(h.status)[0]}xx`));
        expect(asObject(report.referrerUrls)).toEqual(reference(hits, (h) => (h.ref === '-' ? null : h.ref)));
        expect(asObject(report.referringSites)).toEqual(reference(hits, (h) => (h.ref === '-' ? null : new URL(h.ref).host.toLowerCase())));
        expect(asObject(report.browsers)).toEqual(reference(hits, (h) => classifyAgent(h.ua === '-' ? null : h.ua).browser));
        const all = reference(hits, () => 'all')['all'];
        expect(report.general).toEqual({
          requests: hits.length + 2,
          valid: hits.length,
          failed: 2,
          visitors: all?.visitors ?? 0,
          files: new Set(hits.filter((h) => h.status !== 404).map((h) => h.path)).size,
          referrers: new Set(hits.filter((h) => h.ref !== '-').map((h) => h.ref)).size,
          notFound: new Set(hits.filter((h) => h.status === 404).map((h) => h.path)).size,
          staticFiles: new Set(hits.filter((h) => h.status !== 404 && isStatic(h.path)).map((h) => h.path)).size,
          logSize: 0,
          bytes: all?.bytes ?? 0,
        });
      }),
      { numRuns: 60 },
    );
  });

  it('merge partial results exactly as one pass over all records', () => {
    fc.assert(
      fc.property(fc.array(hit, { maxLength: 40 }), fc.nat(), (hits, cut) => {
        const recs = records(hits);
        const at = recs.length === 0 ? 0 : cut % (recs.length + 1);
        const whole = createPanels();
        for (const r of recs) addRecord(whole, r);
        const a = createPanels();
        const b = createPanels();
        for (const r of recs.slice(0, at)) addRecord(a, r);
        for (const r of recs.slice(at)) addRecord(b, r);
        expect(panelReport(mergePanels(a, b))).toEqual(panelReport(whole));
      }),
      { numRuns: 60 },
    );
  });

  it('reads records from parseLog and limits rows with top', async () => {
    const hits: Hit[] = PATHS.map((path, i) => ({ ip: IPS[0]!, day: 1, hour: i, path, status: 200, bytes: 10, ref: '-', ua: UAS[0]! }));
    const stats = createPanels();
    for await (const r of parseLog([hits.map(lineOf).join('\n')])) addRecord(stats, r);
    const report = panelReport(stats, { panels: ['requests', 'hours'], top: 2 });
    expect(Object.keys(report)).toEqual(['requests', 'hours']);
    expect(report.requests).toHaveLength(2);
    expect(report.hours).toHaveLength(PATHS.length);
  });

  it('round-trip through plain JSON data exactly, and refuse anything else', () => {
    fc.assert(
      fc.property(fc.array(hit, { maxLength: 40 }), (hits) => {
        const stats = createPanels();
        for (const r of records(hits)) addRecord(stats, r);
        const data = JSON.parse(JSON.stringify(panelsToJson(stats))) as unknown;
        expect(panelReport(panelsFromJson(data))).toEqual(panelReport(stats));
      }),
      { numRuns: 30 },
    );
    expect(() => panelsFromJson({ kind: 'other' })).toThrow(/not logparse panel statistics: kind must be 'logparse-panels'/);
    const good = panelsToJson(createPanels());
    expect(() => panelsFromJson({ ...good, valid: -1 })).toThrow(/valid must be a non-negative integer/);
    expect(() => panelsFromJson({ ...good, visitorKeys: [], lists: { ...good.lists, hosts: [['h', 1, 0, [3]]] } })).toThrow(/visitor 3/);
    expect(() => panelsFromJson({ ...good, visitorKeys: ['a'], lists: { ...good.lists, hosts: [['h', 2, 0, [0, 0]]] } })).toThrow(/names visitor 0 twice/);
    expect(() => panelsFromJson({ ...good, visitorKeys: ['a'], lists: { ...good.lists, hosts: [['h', 1, 0, [0]], ['h', 1, 0, []]] } })).toThrow(/names 'h' twice/);
    expect(() => panelsFromJson({ ...good, pairs: [['r', 'p', -1]] })).toThrow(/a row of pairs is malformed/);
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      expect(() => panelsFromJson(v)).toThrow(TypeError);
    }));
  });

  it('reject bad arguments with errors naming the value', () => {
    expect(() => panelReport(createPanels(), { panels: ['weekly' as never] })).toThrow(/panel must be one of .*; got 'weekly'/);
    expect(() => panelReport(createPanels(), { top: -1 })).toThrow(RangeError);
    expect(() => addRecord({} as never, {} as never)).toThrow(TypeError);
    expect(() => addFailed(createPanels(), 1.5)).toThrow(RangeError);
  });

  it('name referring sites and classify user agents, crawlers as their own class', () => {
    expect(referringSite('http://A.example:8080/x?y')).toBe('a.example:8080');
    expect(referringSite('-')).toBeNull();
    expect(classifyAgent(UAS[2]!)).toEqual({ os: 'Crawlers', browser: 'Crawlers', crawler: true });
    expect(classifyAgent(UAS[0]!)).toEqual({ os: 'Windows', browser: 'Chrome', crawler: false });
    expect(classifyAgent(UAS[1]!)).toEqual({ os: 'Linux', browser: 'Firefox', crawler: false });
    expect(classifyAgent(null).os).toBe('Unknown');
    // Families as bowser names them; agents it does not know as a browser are Others; robots it or the rules know are Crawlers.
    expect(classifyAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1')).toEqual({ os: 'iOS', browser: 'Safari', crawler: false });
    expect(classifyAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0').browser).toBe('Microsoft Edge');
    expect(classifyAgent('UniversalFeedParser/5.0.1 +http://feedparser.org/')).toEqual({ os: 'Unknown', browser: 'Others', crawler: false });
    for (const robot of ['Twitterbot/1.0', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'curl/8.5.0', 'Feedfetcher-Google; (+http://www.google.com/feedfetcher.html)']) {
      expect(classifyAgent(robot).crawler).toBe(true);
    }
    expect(() => classifyAgent(7 as never)).toThrow(/classifyAgent takes a user agent string or null; got 7/);
    fc.assert(fc.property(fc.string(), (s) => typeof classifyAgent(s).browser === 'string'));
  });
});
