import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { PANELS, compileApacheFormat, compileFormat, panelReport } from '../src/index.js';
import { collectPanels } from '../src/node.js';
import { ColumnRows, compactOf, countRangeCounter, counterOf, dumpTransferables, expandPanels, type CounterDump, type RowsReport } from '../src/threads.js';

/** A report whose rows are made from columns, its rows made (two at a time, and one by one). */
const made = (report: RowsReport): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(report).map(([name, value]) => {
      if (!(value instanceof ColumnRows)) return [name, value];
      const rows = [];
      for (let i = 0; i < value.length; i += 2) rows.push(...value.slice(i, i + 2));
      expect([...value]).toEqual(rows);
      return [name, rows];
    }),
  );

/** A dump as another thread receives it: cloned, its buffers transferred (detached here). */
const posted = (dump: CounterDump): CounterDump => structuredClone(dump, { transfer: dumpTransferables(dump) });

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
  it('count two byte ranges into counters; one that adds the dump of the other (transferred) reads as both ranges, visitors seen in both once', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 30 }), fc.nat(), fc.oneof(fc.constant(Infinity), fc.nat({ max: 4 })), async (lines, at, top) => {
        const file = join(dir, `range-${run++}.log`);
        const text = `${lines.join('\n')}\n`;
        writeFileSync(file, text);
        // Cut at a line start (0 and the end included: an empty range dumps an empty counter).
        const starts = [0];
        for (const l of lines) starts.push(starts[starts.length - 1]! + l.length + 1);
        const cut = starts[at % starts.length]!;
        const options = { format: compileFormat('combined') };
        const first = await countRangeCounter(file, 0, cut, options);
        const second = await countRangeCounter(file, cut, text.length, options);
        const whole = await collectPanels(file);
        // Dumped letting go of each part once copied (the counter spent), added up in steps: the same counts.
        let copied = 0;
        let steps = 0;
        const dump = posted(second.dump(() => copied++));
        first.absorb(dump, () => steps++);
        expect([copied, steps]).toEqual([2, 3]);
        // The dump let go of its parts as they were added: spent, it cannot be added up again.
        expect(dump.keys.size + dump.hosts.size + dump.pairs.size + dump.tallies.length).toBe(0);
        expect(() => first.absorb(dump)).toThrow(/added up once/);
        expect(first.report(PANELS, Infinity)).toEqual(panelReport(whole));
        expect(panelReport(first.result())).toEqual(panelReport(whole));
        // Its rows made from the columns a slice at a time (any top): the report's rows, in its order.
        expect(made(first.reportRows(PANELS, top))).toEqual(panelReport(whole, { top }));
        // Reported once, letting go of what the rows do not need before making them: the same report.
        let released = 0;
        expect(first.report(PANELS, Infinity, () => released++)).toEqual(panelReport(whole));
        expect(released).toBe(1);
        // A dump added into a counter of its own is that range's panels.
        const alone = counterOf(posted((await countRangeCounter(file, cut, text.length, options)).dump()));
        expect(alone.report(PANELS, Infinity)).toEqual(panelReport(await collectPanels(file, { start: cut, end: text.length })));
      }),
      { numRuns: process.env.CI ? 100 : 30 },
    );
  });

  it('add two agents whose bytes differ but whose texts are one (an escaped backslash and an undecodable byte) as one text', async () => {
    const file = join(dir, 'same-text.log');
    // `\\xff` is a backslash and `xff`; `\xff` is the byte 0xff, written back as the text `\xff`: one text, two agents.
    const text = ['a\\\\xffb', 'a\\xffb', 'a\\xffb']
      .map((ua, i) => `10.0.0.${i} - - [01/Feb/2024:10:15:00 +0000] "GET / HTTP/1.1" 200 120 "-" "${ua}"`)
      .join('\n');
    writeFileSync(file, `${text}\n`);
    const cut = text.indexOf('\n') + 1;
    const options = { format: compileFormat('combined') };
    // Each order: the byte string met first names the text.
    const head = [0, cut] as const;
    const tail = [cut, text.length + 1] as const;
    for (const [a, b] of [[head, tail], [tail, head]] as const) {
      const counter = await countRangeCounter(file, a[0], a[1], options);
      counter.absorb(posted((await countRangeCounter(file, b[0], b[1], options)).dump()));
      const report = counter.report(PANELS, Infinity);
      expect(report.os).toEqual([{ key: 'Unknown', hits: 3, visitors: 3, bytes: 360 }]);
    }
    expect(panelReport(counterOf(posted((await countRangeCounter(file, 0, text.length + 1, options)).dump())).result())).toEqual(panelReport(await collectPanels(file)));
  });

  it('leave formats without a request field to the record path, whose panels come classified', async () => {
    const file = join(dir, 'no-request.log');
    writeFileSync(file, '10.0.0.1 GET /a 200 "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"\n');
    const format = compileApacheFormat('%h %m %U %>s "%{User-agent}i"');
    const counter = await countRangeCounter(file, 0, 200, { format });
    expect(() => counter.dump()).toThrow(/records/);
    const { compact, byAgent } = compactOf(counter, true);
    const stats = expandPanels(compact);
    expect(byAgent).toBe(false);
    expect([...stats.lists.os.keys()]).toEqual(['Linux']);
    expect([...stats.lists.browsers.keys()]).toEqual(['Firefox']);
  });
});
