// The report straight from the counters (collectPanelReport) is the report of the mergeable statistics.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PANELS, collectPanelReport, collectPanels, compileApacheFormat, panelReport, type PanelName } from '../src/index.js';

const RUNS = process.env.CI ? 200 : 50;
const IPS = ['10.0.0.1', '10.0.0.2', '2001:db8::1', '-'];
const REQUESTS = ['GET / HTTP/1.1', 'GET /a?x=1 HTTP/1.1', 'GET /style.css HTTP/1.1', 'POST /img/logo.png?v=2 HTTP/1.0', 'GET /missing HTTP/1.1', '-', 'GET /caf\\xc3\\xa9 HTTP/1.1'];
const STATUSES = ['200', '304', '404', '403', '500', '-'];
const REFS = ['"-"', '"http://a.example/x"', '"https://B.example/"', '""'];
const UAS = ['"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"', '"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"', '"-"', '"curl/8.5.0"'];

const line = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.constantFrom(...IPS), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 23 }), fc.constantFrom(...REQUESTS), fc.constantFrom(...STATUSES), fc.option(fc.integer({ min: 0, max: 100000 })), fc.constantFrom(...REFS), fc.constantFrom(...UAS))
      .map(([ip, day, hour, request, status, bytes, ref, ua]) => `${ip} - - [0${day}/Feb/2024:${String(hour).padStart(2, '0')}:15:00 +0000] "${request}" ${status} ${bytes ?? '-'} ${ref} ${ua}`),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => s.replace(/\n/g, ' ')) },
);

describe('collectPanelReport', () => {
  it('equals panelReport of collectPanels, for any panels and top', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 60 }), fc.subarray([...PANELS] as PanelName[], { minLength: 1 }), fc.option(fc.nat(5), { nil: undefined }), async (lines, panels, top) => {
        const text = lines.map((l) => `${l}\n`).join('');
        const options = { panels, ...(top === undefined ? {} : { top }) };
        const { report } = await collectPanelReport([text], options);
        expect(report).toEqual(panelReport(await collectPanels([text]), options));
      }),
      { numRuns: RUNS },
    );
  });

  it('counts formats without a %r field through records, as collectPanels does; refuses bad options as panelReport does', async () => {
    const format = compileApacheFormat('%h %t %>s %b');
    const text = '10.0.0.1 [01/Feb/2024:10:00:00 +0000] 200 5\n10.0.0.2 [02/Feb/2024:10:00:00 +0000] 404 7\nnot a line\n';
    expect((await collectPanelReport([text], { format })).report).toEqual(panelReport(await collectPanels([text], { format })));
    await expect(collectPanelReport([text], { panels: ['nope' as PanelName] })).rejects.toThrow(/panel must be one of general, .*; got 'nope'/);
    await expect(collectPanelReport([text], { top: -1 })).rejects.toThrow(/top must be a non-negative integer; got -1/);
  });
});
