import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { compileApacheFormat, compileFormat, panelReport } from '../src/index.js';
import { collectPanels } from '../src/node.js';
import { compactPanels, countRangeCompact, expandPanels, familiesOf, transferables } from '../src/threads.js';

const dir = mkdtempSync(join(tmpdir(), 'logparse-threads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const line = fc
  .tuple(
    fc.constantFrom('10.0.0.1', '10.0.0.2', '-'),
    fc.integer({ min: 1, max: 3 }),
    fc.constantFrom('/', '/a?x=1', '/style.css', '/missing'),
    fc.constantFrom('200', '404', '500', '-'),
    fc.constantFrom(
      '"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"',
      '"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"',
      '"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"',
      '"-"',
      '""',
      '"UniversalFeedParser/5.0"',
    ),
  )
  .map(([ip, day, path, status, ua]) => `${ip} - - [0${day}/Feb/2024:10:15:00 +0000] "GET ${path} HTTP/1.1" ${status} 120 "-" ${ua}`);

describe('worker threads (internal)', () => {
  it('count a byte range with the agents unclassified; classified by the main thread, it is the panels of that range', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 30 }), async (lines) => {
        const file = join(dir, `range-${run++}.log`);
        const text = `${lines.join('\n')}\n`;
        writeFileSync(file, text);
        const start = text.indexOf('\n') + 1;
        const { compact: posted, byAgent } = await countRangeCompact(file, start, text.length, { format: compileFormat('combined') });
        expect(byAgent).toBe(true);
        // The os list names agents, not families, until the main thread classifies them.
        expect(posted.lists.browsers!.keys).toEqual([]);
        const back = familiesOf(expandPanels(structuredClone(posted, { transfer: transferables(posted) })));
        expect(panelReport(back)).toEqual(panelReport(await collectPanels(file, { start, end: text.length })));
      }),
      { numRuns: 30 },
    );
  });

  it('count two agents whose bytes differ but whose texts are one (an escaped backslash and an undecodable byte) once each', async () => {
    const file = join(dir, 'same-text.log');
    // `\\xff` is a backslash and `xff`; `\xff` is the byte 0xff, written back as the text `\xff`: one text, two agents.
    const text = ['a\\\\xffb', 'a\\xffb', 'a\\xffb']
      .map((ua, i) => `10.0.0.${i} - - [01/Feb/2024:10:15:00 +0000] "GET / HTTP/1.1" 200 120 "-" "${ua}"`)
      .join('\n');
    writeFileSync(file, `${text}\n`);
    const { compact } = await countRangeCompact(file, 0, text.length + 1, { format: compileFormat('combined') });
    const back = familiesOf(expandPanels(JSON.parse(JSON.stringify(compactPanels(expandPanels(compact))))));
    const whole = await collectPanels(file);
    expect(panelReport(back)).toEqual(panelReport({ ...whole, logSize: back.logSize }));
    expect(back.lists.os.get('Unknown')?.hits).toBe(3);
  });

  it('leave formats without a request field to the record path, whose panels come classified', async () => {
    const file = join(dir, 'no-request.log');
    writeFileSync(file, '10.0.0.1 GET /a 200 "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"\n');
    const format = compileApacheFormat('%h %m %U %>s "%{User-agent}i"');
    const { compact, byAgent } = await countRangeCompact(file, 0, 200, { format });
    const stats = expandPanels(compact);
    expect(byAgent).toBe(false);
    expect([...stats.lists.os.keys()]).toEqual(['Linux']);
    expect([...stats.lists.browsers.keys()]).toEqual(['Firefox']);
  });
});
