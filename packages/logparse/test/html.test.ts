// The HTML report as text: its parts, its values in words and units, its checks. How it looks and reads in a browser
// (numbers as shown, sorting, paging, screenshots, the accessibility check) is tested in Chromium by
// apps/playground/e2e/logparse-report.e2e.ts.
import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectPanels, createPanels, panelHtml, type PanelReport, type PanelStats } from '../src/index.js';
import { cutMiddle } from '../src/htmlchart.js';
import { serverShow, showEnUs, showValue } from '../src/htmlformat.js';

const runs = process.env.CI ? 200 : 50;
const row = (key: string, hits: number, visitors = 1, bytes = 100) => ({ key, hits, visitors, bytes });
const general = { requests: 12, valid: 11, failed: 1, visitors: 3, files: 4, referrers: 2, notFound: 1, staticFiles: 1, logSize: 2_370_789, bytes: 2_747_282_740 };
const report: PanelReport = {
  general,
  visitors: [row('2015-05-17', 5, 2), row('2015-05-20', 6, 2)],
  requests: [row('/blog/tags/puppet?flav=rss20&utm_source=feedburner&utm_medium=feed&utm_campaign=Feed%3A+semicomplete', 7), row('</script><b>x', 1)],
  hours: [row('00', 4), row('13', 7)],
  status: [row('2xx', 10), row('4xx', 1, 0)],
};

/** The rows the page's script writes out, as the page holds them. */
function panelsOf(page: string): Record<string, { rows: Array<[string, number, number, number]>; page: number; t: [number, number | null, number] }> {
  return JSON.parse(/<script type="application\/json" id="logparse-data">(.*?)<\/script>/.exec(page)![1]!).panels;
}

describe('panelHtml', () => {
  const page = panelHtml(report, { source: 'elastic-apache.log', graphSvg: '<?xml version="1.0"?>\n<svg width="10pt"><g class="edge"/></svg>' });

  it('heads the page with the log\'s name, its date range, the date-range slot (empty without days) and a card per total in words', () => {
    expect(page).toContain('<title>elastic-apache.log · access log report</title>');
    expect(page).toContain('<h1>elastic-apache.log</h1>');
    expect(page).toMatch(/<time datetime="2015-05-17"[^>]*>May 17, 2015<\/time> – <time datetime="2015-05-20"[^>]*>May 20, 2015<\/time> · 2 days/);
    expect(page).toContain('<div class="range-slot" id="date-range"></div>');
    const cards = [...page.matchAll(/<dt>([^<]+)<\/dt><dd><data value="(\d+)"[^>]*>([^<]+)</g)].map((m) => [m[1], Number(m[2]), m[3]]);
    expect(cards).toEqual([
      ['Total requests', 12, '12'],
      ['Valid requests', 11, '11'],
      ['Failed requests', 1, '1'],
      ['Unique visitors', 3, '3'],
      ['Requested files', 4, '4'],
      ['Static files', 1, '1'],
      ['Not found', 1, '1'],
      ['Referrers', 2, '2'],
      ['Log size', 2_370_789, '2.26 MiB'],
      ['Bytes sent', 2_747_282_740, '2.56 GiB'],
    ]);
    // The exact figure on hover.
    expect(page).toContain('title="2,747,282,740 bytes"');
  });

  it('gives every list panel a chart with axes, ticks and a legend, and a sortable table of all its rows', () => {
    for (const name of ['visitors', 'requests', 'hours', 'status']) {
      const section = new RegExp(`<section class="panel" id="p-${name}"[^]*?</section>`).exec(page)?.[0] ?? '';
      expect(section, name).toMatch(/<svg role="img" aria-labelledby="c-\w+-t c-\w+-d"/);
      expect(section, name).toContain('<ul class="legend"><li><span class="sw sw-h"></span>Hits</li><li><span class="sw sw-v"></span>Visitors</li></ul>');
      expect(section.match(/class="tick"/g)!.length, name).toBeGreaterThanOrEqual(3);
      expect(section.match(/class="axis"/g)!.length, name).toBeGreaterThanOrEqual(2);
      expect(section.match(/<th scope="col"[^>]*><button type="button">/g), name).toHaveLength(4);
    }
    const panels = panelsOf(page);
    expect(Object.keys(panels)).toEqual(['visitors', 'requests', 'hours', 'status']);
    expect(panels['requests']!.rows).toEqual(report.requests!.map((r) => [r.key, r.hits, r.visitors, r.bytes]));
    expect(panels['status']!.t).toEqual([11, 3, 2_747_282_740]);
    // Time panels sort by their key, lists by hits.
    expect(page).toMatch(/id="p-hours"[^]*?<th scope="col" aria-sort="ascending"><button type="button">Hour</);
    expect(page).toMatch(/id="p-requests"[^]*?<th scope="col" aria-sort="descending"><button type="button">Hits</);
    expect(page).toContain('<nav class="toc" aria-label="Panels">');
    expect(page).toMatch(/<section class="panel wide" id="graph"[^]*<div class="graph" tabindex="0" role="region"[^>]*><svg role="img" aria-label="[^"]+" width="10pt"><g class="edge"\/><\/svg><\/div>/);
  });

  it('is self-contained, and a key cannot end the script that holds it', () => {
    expect(page).not.toMatch(/<script[^>]+src=|<link[^>]+href=|@import|url\(|https?:\/\//i);
    expect(page.match(/<\/script>/g)).toHaveLength(2);
    expect(panelsOf(page)['requests']!.rows[1]![0]).toBe('</script><b>x');
    expect(page).toContain('@media (prefers-color-scheme:dark)');
    expect(page).toContain('@media print');
  });

  it('keeps at most maxRows rows per table and sums the rest in one line', () => {
    const hosts = Array.from({ length: 25 }, (_, i) => row(`10.0.0.${i}`, 100 - i, 1, 1024));
    const small = panelHtml({ general, hosts }, { maxRows: 20, pageRows: 5 });
    const data = panelsOf(small)['hosts']!;
    expect(data.rows.map((r) => r[0])).toEqual(hosts.slice(0, 20).map((r) => r.key));
    expect(data.page).toBe(5);
    const rest = hosts.slice(20).reduce((s, r) => s + r.hits, 0);
    expect(small).toMatch(new RegExp(`and <data value="5"[^>]*>5</data> more hosts not in this page: <data value="${rest}"[^>]*>${rest}</data> hits, <data value="5120"[^>]*>5.00 KiB</data>`));
    // The least, mean and most per item, over all the items (not only those in the page).
    const spread = [...small.matchAll(/<tr class="agg"><th scope="row">([^<]+)<\/th><td><data value="(\d+)"/g)].map((m) => [m[1], Number(m[2])]);
    expect(spread).toEqual([['Least per host', 76], ['Average per host', 88], ['Most per host', 100]]);
    // The chart shows the top 10.
    expect(small.match(/<text class="item"/g)).toHaveLength(10);
    // Without the general panel the shares are of the panel's own sums, and visitors have none.
    const alone = panelsOf(panelHtml({ hosts }));
    expect(alone['hosts']!.t).toEqual([hosts.reduce((s, r) => s + r.hits, 0), null, 25 * 1024]);
  });

  it('writes a page of at most 1,000 rows a table for a panel of 300,000 items (no call spreads a panel’s items as arguments)', () => {
    const hosts = Array.from({ length: 300_000 }, (_, i) => row(`h${i}`, 300_000 - i));
    const big = panelHtml({ general, hosts });
    expect(panelsOf(big)['hosts']!.rows).toHaveLength(1000);
    expect(big).toContain('<th scope="row">Most per host</th><td><data value="300000"');
    expect(big.length).toBeLessThan(100_000);
  });

  it('refuses what is not a report or an option, naming it', () => {
    expect(() => panelHtml(null as never)).toThrow(/panelHtml takes a panel report; got null/);
    expect(() => panelHtml(report, 'x' as never)).toThrow(TypeError);
    expect(() => panelHtml(report, { title: 5 as never })).toThrow(/title must be a string; got 5/);
    expect(() => panelHtml(report, { source: [] as never })).toThrow(/source must be a string/);
    expect(() => panelHtml(report, { graphSvg: 1 as never })).toThrow(/graphSvg must be a string/);
    expect(() => panelHtml(report, { maxRows: 0 })).toThrow(/maxRows must be an integer of at least 1; got 0/);
    expect(() => panelHtml(report, { pageRows: 1.5 })).toThrow(RangeError);
    expect(() => panelHtml({ hosts: 'x' } as never)).toThrow(/the report's hosts panel must be a list of rows; got 'x'/);
  });
});

describe('values in the report', () => {
  it('writes counts with separators, bytes in binary units, shares, ticks and dates', () => {
    expect(showValue('2747282740', 'n', 'en-US')).toBe('2,747,282,740');
    expect(showValue('2747282740', 'n', 'de-DE')).toBe('2.747.282.740');
    expect(showValue('2747282740', 'b', 'en-US')).toBe('2.56 GiB');
    expect(showValue('2370789', 'b', 'en-US')).toBe('2.26 MiB');
    expect(showValue('1024', 'b', 'en-US')).toBe('1.00 KiB');
    expect(showValue('1023', 'b', 'en-US')).toBe('1,023 bytes');
    expect(showValue('1', 'b', 'en-US')).toBe('1 byte');
    expect(showValue('0.04880', 'p', 'en-US')).toBe('4.88%');
    expect(showValue('1500', 'c', 'en-US')).toBe('1.5K');
    expect(showValue('2015-05-17', 'd', 'en-US')).toBe('May 17');
    expect(showValue('2015-05-17', 'D', 'en-GB')).toBe('17 May 2015');
    expect(showValue('-', 'D', 'en-US')).toBe('-');
  });

  it("writes 'en-US' figures without Intl exactly as Intl writes them", () => {
    // Ties, carries into a new digit, a new unit after rounding (999,950 → 1M), negative zero, the largest plain
    // figures, and what is left to Intl (exponents, fractional ticks, years before 1000).
    const cases: Array<[string, string]> = [
      ['0', 'n'], ['-0', 'n'], ['0.0005', 'n'], ['999.9995', 'n'], ['1234567.891', 'n'], ['9007199254740991', 'n'], ['405476847448904.4', 'n'],
      ['1e-7', 'n'], ['1e21', 'n'], ['1023', 'b'], ['1', 'b'], ['1048575', 'b'], ['2747282740', 'b'], ['-1536', 'b'],
      ['0.125', 'p'], ['0.00005', 'p'], ['0.99995', 'p'], ['12.3456', 'p'], ['-0.5', 'p'], ['1e-7', 'p'],
      ['999', 'c'], ['1150', 'c'], ['1250', 'c'], ['999950', 'c'], ['999949', 'c'], ['2500000000', 'c'], ['0.5', 'c'], ['-1500', 'c'], ['1e15', 'c'],
      ['2015-05-17', 'd'], ['2015-05-17', 'D'], ['2016-02-30', 'D'], ['0999-01-01', 'D'], ['0015-03-04', 'd'], ['x', 'd'], ['x', 'n'], ['Infinity', 'n'],
    ];
    for (const [raw, unit] of cases) expect([raw, unit, showEnUs(raw, unit)]).toEqual([raw, unit, showValue(raw, unit, 'en-US')]);
    const numbers = fc.oneof(
      fc.double({ noNaN: true }),
      fc.double({ min: -2000, max: 2000, noNaN: true }),
      fc.integer({ min: 0, max: 2 ** 31 }).map((x) => x / 1000),
      fc.nat({ max: Number.MAX_SAFE_INTEGER }).map((x) => x % 2e15),
      fc.integer({ min: 1, max: 15 }).chain((e) => fc.integer({ min: -50, max: 50 }).map((d) => 10 ** e + d * 10 ** Math.max(0, e - 3))),
    );
    fc.assert(
      fc.property(numbers, fc.constantFrom('n', 'b', 'p', 'c'), (value, unit) => {
        expect(showEnUs(String(value), unit)).toBe(showValue(String(value), unit, 'en-US'));
      }),
      { numRuns: 20 * runs },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.constantFrom('d', 'D'), (y, m, d, unit) => {
        const raw = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        expect(showEnUs(raw, unit)).toBe(showValue(raw, unit, 'en-US'));
      }),
      { numRuns: 5 * runs },
    );
    expect(serverShow('1500', 'c', 'en-US')).toBe('1.5K');
    expect(serverShow('2747282740', 'n', 'de-DE')).toBe('2.747.282.740');
  });

  it('writes bytes between 1 and 1,024 of their unit, rounding to two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1024, max: Number.MAX_SAFE_INTEGER }), (bytes) => {
        const [figure, unit] = showValue(String(bytes), 'b', 'en-US').split(' ');
        const power = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'].indexOf(unit!) + 1;
        expect(power).toBeGreaterThan(0);
        const scaled = Number(figure!.replace(/,/g, ''));
        expect(Math.abs(scaled - bytes / 1024 ** power)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(scaled).toBeLessThanOrEqual(1024);
      }),
      { numRuns: runs },
    );
  });

  it('cuts long text in the middle: at most the length asked for, keeping its start and end', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 4, max: 100 }), (text, max) => {
        const cut = cutMiddle(text, max);
        if (text.length <= max) return cut === text;
        const at = cut.indexOf('…');
        return cut.length === max && text.startsWith(cut.slice(0, at)) && text.endsWith(cut.slice(at + 1)) && at >= cut.length - at - 1;
      }),
      { numRuns: runs },
    );
  });

  it('with the days, carries their partials and a picker of two ranges in the date-range slot; with one day, neither', async () => {
    const day = (d: string, hits: number): string => `10.0.0.1 - - [${d}/Feb/2024:10:00:00 +0000] "GET /p${hits} HTTP/1.1" 200 5 "-" "curl/8"\n`;
    const days = new Map<string, PanelStats>();
    for (const [d, text] of [['2024-02-01', day('01', 1)], ['2024-02-03', day('03', 2) + day('03', 3)]] as const) days.set(d, await collectPanels([text]));
    days.set('-', createPanels());
    const withDays = panelHtml(report, { days });
    const data = JSON.parse(/<script type="application\/json" id="logparse-data">(.*?)<\/script>/.exec(withDays)![1]!);
    expect(data.days.d).toEqual(['2024-02-01', '2024-02-03']);
    expect(data.days.k.requests).toEqual(['/p1', '/p2', '/p3']);
    expect(data.days.r.requests).toEqual([[0, 1, 1, 5], [1, 1, 1, 5, 2, 1, 1, 5]]);
    const slot = /<div class="range-slot" id="date-range">(.*?)<\/div><\/div>/.exec(withDays)![1]!;
    for (const id of ['dr-from', 'dr-to', 'dr-bfrom', 'dr-bto']) expect(slot).toContain(`<select id="${id}"><option value="0" data-n="2024-02-01" data-u="D">February 1, 2024</option><option value="1" data-n="2024-02-03" data-u="D">February 3, 2024</option></select>`);
    expect(slot).toContain('<input type="checkbox" id="dr-cmp">');
    expect(withDays).toContain('rangeReport');
    // Gzip'd: the partials in a script element of their own, in base64; the page's data keeps the list of days.
    const zipped = panelHtml(report, { days, gzip: gzipSync });
    const packed = /<script type="application\/octet-stream" id="logparse-days">([A-Za-z0-9+/=]+)<\/script>/.exec(zipped)![1]!;
    expect(JSON.parse(gunzipSync(Buffer.from(packed, 'base64')).toString())).toEqual(data.days);
    expect(JSON.parse(/<script type="application\/json" id="logparse-data">(.*?)<\/script>/.exec(zipped)![1]!).days).toEqual({ d: data.days.d });
    expect(() => panelHtml(report, { days, gzip: 'yes' as never })).toThrow(new TypeError("gzip must be a function from bytes to gzip'd bytes; got 'yes'"));
    days.delete('2024-02-03');
    const oneDay = panelHtml(report, { days });
    expect(oneDay).toContain('<div class="range-slot" id="date-range"></div>');
    expect(oneDay).not.toContain('"days"');
    expect(() => panelHtml(report, { days: {} as Map<string, PanelStats> })).toThrow(new TypeError('days must be a Map from YYYY-MM-DD to panel statistics; got an object'));
  });
});
