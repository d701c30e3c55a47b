import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactPanels, expandPanels, transferables } from '../src/compact.js';
import { addRecord, collectPanels, createPanels, mergePanels, panelReport, parseLine, type PanelStats } from '../src/index.js';

const line = fc
  .tuple(
    fc.constantFrom('10.0.0.1', '10.0.0.2', '2001:db8::1', '-'),
    fc.integer({ min: 1, max: 3 }),
    fc.constantFrom('/', '/a?x=1', '/style.css', '/missing', '/caf\\xc3\\xa9'),
    fc.constantFrom('200', '304', '404', '500', '-'),
    fc.constantFrom('"-"', '"http://a.example/x"', '"https://B.example/"', '""'),
    fc.constantFrom('"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"', '"Twitterbot/1.0"', '"-"', '"a\\u0000b"'),
  )
  .map(([ip, day, path, status, ref, ua]) => `${ip} - - [0${day}/Feb/2024:10:15:00 +0000] "GET ${path} HTTP/1.1" ${status} 120 ${ref} ${ua}`);

/** Through the compact form and JSON text, as a state file keeps it. */
const roundTrip = (stats: PanelStats): PanelStats => expandPanels(JSON.parse(JSON.stringify(compactPanels(stats))));

const same = (a: PanelStats, b: PanelStats): void => {
  expect(panelReport(a)).toEqual(panelReport(b));
  expect(new Map([...a.pairs].sort())).toEqual(new Map([...b.pairs].sort()));
  expect(new Map([...a.visitorKeys].sort())).toEqual(new Map([...b.visitorKeys].sort()));
};

describe('compact panel statistics (state files)', () => {
  it('round-trip exactly, also merged afterwards, from the fast path and from records (Sets in any order)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 40 }), fc.array(line, { maxLength: 10 }), async (lines, more) => {
        const stats = await collectPanels([lines.join('\n')]);
        same(roundTrip(stats), stats);
        // As a worker thread posts it: typed arrays, their buffers transferred.
        const binary = compactPanels(stats, true);
        same(expandPanels(structuredClone(binary, { transfer: transferables(binary) })), stats);
        const next = await collectPanels([more.join('\n')]);
        same(mergePanels(roundTrip(stats), next), mergePanels(await collectPanels([lines.join('\n')]), next));
        const records = createPanels();
        for (const l of [...lines].reverse()) {
          const r = parseLine(l);
          if (!('reason' in r)) addRecord(records, r);
        }
        same(roundTrip(records), records);
      }),
      { numRuns: 60 },
    );
  });

  it('keep visitor keys with any number of NUL separators, and refuse anything damaged with a TypeError saying what', () => {
    const stats = createPanels();
    for (const key of ['a\u0000b\u0000c', 'x', 'p\u0000q', 'a\u0000b\u0000c\u0000d']) stats.visitorKeys.set(key, stats.visitorKeys.size);
    expect([...roundTrip(stats).visitorKeys]).toEqual([...stats.visitorKeys]);
    const good = JSON.parse(JSON.stringify(compactPanels(stats))) as Record<string, unknown>;
    const ids = (a: number[]): string => Buffer.from(new Int32Array(a).buffer).toString('base64');
    const lists = good.lists as Record<string, Record<string, unknown>>;
    const hosts = (change: Record<string, unknown>) => ({ ...good, lists: { ...lists, hosts: { ...lists.hosts, ...change } } });
    const row = { keys: ['h'], hits: Buffer.from(new Float64Array([2]).buffer).toString('base64'), bytes: Buffer.from(new Float64Array([0]).buffer).toString('base64') };
    for (const [value, why] of [
      [null, /expected an object; got null/],
      [{ ...good, valid: -1 }, /valid must be a non-negative integer/],
      [{ ...good, texts: [1] }, /texts must be a list of strings/],
      [{ ...good, visitors: 'not base64!' }, /visitors must be base64/],
      [{ ...good, visitors: ids([0, 99]) }, /visitor 0 names a text that does not exist/],
      [{ ...good, visitors: ids([-1, 0, -1, 0]) }, /visitor keys repeat/],
      [hosts({ ...row, counts: ids([1]), ids: ids([7]) }), /names visitor 7, which does not exist/],
      [hosts({ ...row, counts: ids([2]), ids: ids([1, 1]) }), /once each, ascending/],
      [hosts({ ...row, counts: ids([3]), ids: ids([0, 1]) }), /counts more visitors than it lists/],
      [hosts({ ...row, counts: ids([1]), ids: ids([0, 1]) }), /lists more visitors than it counts/],
      [hosts({ ...row, keys: ['h', 'i'], counts: ids([0]), ids: ids([]) }), /base64 hits, bytes and counts for each key/],
      [{ ...good, pairs: [['r', 'p', 1.5]] }, /a row of pairs is malformed/],
    ] as const) {
      expect(() => expandPanels(value)).toThrow(why);
    }
    expect(expandPanels(hosts({ ...row, counts: ids([2]), ids: ids([0, 1]) })).lists.hosts.get('h')!.visitors).toEqual(new Set([0, 1]));
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(() => expandPanels(v)).toThrow(TypeError);
      }),
    );
  });
});
