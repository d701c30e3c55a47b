import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { addFailed, addRecord, collectPanels, createPanels, mergePanels, panelReport, panelsFromJson, panelsToJson, parseLog, referrerStats, toDot, type PanelStats } from '../src/index.js';
import { collectPanels as collectPanelsNode, collectStats as collectStatsNode } from '../src/node.js';

const IPS = ['10.0.0.1', '10.0.0.2', '2001:db8::1', '-'];
const REQUESTS = ['GET / HTTP/1.1', 'GET /a?x=1 HTTP/1.1', 'GET /style.css HTTP/1.1', 'POST /img/logo.png?v=2 HTTP/1.0', 'GET /missing HTTP/1.1', '-', '', 'GET /caf\\xc3\\xa9 HTTP/1.1', 'GET /\\xff HTTP/1.1', 'GET /q\\"x HTTP/1.1', 'MGLNDD_1.2.3.4'];
const STATUSES = ['200', '200', '304', '404', '403', '500', '301', '-'];
const REFS = ['"-"', '"http://a.example/x"', '"https://B.example/"', '"http://a.example/y?q"', '"android-app://x"', '""', '"http://\\xe4\\xe5/"'];
const UAS = [
  '"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"',
  '"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"',
  '"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"',
  '"-"',
  '""',
  '"Twitterbot/1.0"',
];

/** A line: a combined line, a common line (no referrer and agent), or something that is not a log line. */
const line = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.constantFrom(...IPS), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 23 }), fc.constantFrom(...REQUESTS), fc.constantFrom(...STATUSES), fc.option(fc.integer({ min: 0, max: 100000 })), fc.constantFrom(...REFS), fc.constantFrom(...UAS)).map(
    ([ip, day, hour, request, status, bytes, ref, ua]) => `${ip} - - [0${day}/Feb/2024:${String(hour).padStart(2, '0')}:15:00 +0000] "${request}" ${status} ${bytes ?? '-'} ${ref} ${ua}`,
  ) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...IPS), fc.constantFrom(...REQUESTS)).map(([ip, request]) => `${ip} - - [01/Feb/2024:10:00:00 +0000] "${request}" 200 12`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

/** The panels of a text counted record by record (the reference path: parseLog + addRecord). */
async function slowPanels(chunks: string[], format?: { apache: string }): Promise<PanelStats> {
  const stats = createPanels();
  let failed = 0;
  for await (const r of parseLog(chunks, { onReject: () => failed++, ...(format === undefined ? {} : { format }) })) addRecord(stats, r);
  addFailed(stats, failed);
  return stats;
}

/** The same panels, pairs and visitors (the log size is the reader's: records do not know it). */
function same(fast: PanelStats, slow: PanelStats): void {
  expect(panelReport(fast)).toEqual(panelReport({ ...slow, logSize: fast.logSize }));
  expect(new Map([...fast.pairs].sort())).toEqual(new Map([...slow.pairs].sort()));
  // The same visitors, whatever their numbers.
  expect(new Set(fast.visitorKeys.keys())).toEqual(new Set(slow.visitorKeys.keys()));
}

/** Cuts a text into chunks at the given offsets (lines and UTF-8 characters may span chunks). */
function chunked(text: string, cuts: number[]): string[] {
  const bytes = new TextEncoder().encode(text);
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const c of [...at, bytes.length]) {
    out.push(new TextDecoder().decode(bytes.subarray(from, c)));
    from = c;
  }
  return out.filter((c) => c !== '');
}

const dir = mkdtempSync(join(tmpdir(), 'logparse-panelscan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('collectPanels', () => {
  it('counts exactly what parseLog + addRecord count: every panel, the visitors, the referrer → page pairs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 50 }), fc.array(fc.nat(), { maxLength: 4 }), async (lines, cuts) => {
        const text = lines.join('\n');
        // (cuts only at ASCII-safe places: chunked() re-decodes, so keep the text the same)
        const fast = await collectPanels([text]);
        same(fast, await slowPanels([text]));
        expect(fast.logSize).toBe(new TextEncoder().encode(text).length);
        if (/^[\x00-\x7f]*$/.test(text)) same(await collectPanels(chunked(text, cuts)), fast);
      }),
      { numRuns: 80 },
    );
  });

  it('counts as the records do past its tables\' first sizes: 20,000 requests and referrers, 10,000 visitors, 2^31 bytes and more', async () => {
    // Tallies start with room for 8,192 items, visitor masks for 4,096 visitors, and the bytes sent pass 2^30 (a
    // small integer in V8) early: the growth paths and the large sum must count as the record path does.
    const lines = Array.from({ length: 20000 }, (_, i) =>
      `10.${(i >> 8) & 255}.${i & 255}.${i % 2} - - [0${1 + (i % 3)}/Feb/2024:${String(i % 24).padStart(2, '0')}:15:00 +0000] "GET /p/${i}${i % 5 === 0 ? '.png' : ''} HTTP/1.1" ${i % 7 === 0 ? 404 : 200} ${200000 + i} "http://r${i % 9000}.example/${i}" "agent ${i % 5000}"`,
    );
    const text = lines.join('\n');
    const fast = await collectPanels([text]);
    same(fast, await slowPanels([text]));
    expect(fast.bytes).toBeGreaterThan(2 ** 31);
    expect(fast.lists.requests.size + fast.lists.static.size + fast.lists.notFound.size).toBe(20000);
  });

  it('counts one text once when two byte strings decode to it (an escaped backslash before xff, and the byte 0xff), as the records do', async () => {
    // `\\xff` in the log is a backslash and `xff`; `\xff` is the byte 0xff, which is written back as the text `\xff`.
    const lines = ['\\\\', '\\', '\\'].map(
      (slash, i) => `10.0.0.${i % 2} - - [01/Feb/2024:10:15:00 +0000] "GET /a${slash}xffb HTTP/1.1" 200 120 "http://r/${slash}xff" "ua${slash}xff"`,
    );
    const text = lines.join('\n');
    const fast = await collectPanels([text]);
    same(fast, await slowPanels([text]));
    expect(fast.lists.requests.get('/a\\xffb')?.hits).toBe(3);
    expect(fast.lists.referrerUrls.get('http://r/\\xff')?.hits).toBe(3);
    expect(fast.visitorKeys.size).toBe(2);
    // The statistics' fast path shares the interning: one referrer, one pair.
    const stats = await collectStatsNode([text], { status: 'any', methods: 'any' });
    expect(stats.overall.referrers).toEqual([{ referrer: 'http://r/\\xff', hits: 3 }]);
    expect(stats.overall.pairs).toEqual([{ referrer: 'http://r/\\xff', request: '/a\\xffb', hits: 3 }]);
  });

  it('merges its statistics (and ones read back from JSON) exactly as one pass over all lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line.filter((l) => !l.includes('\n')), { maxLength: 40 }), fc.nat(), fc.boolean(), async (lines, at, viaJson) => {
        const cut = lines.length === 0 ? 0 : at % (lines.length + 1);
        // The text cut just after its cut-th line end, as workers and incremental runs cut a file (joining the
        // first lines on their own would lose an empty last line: 'a\n' + '' is one line, not two).
        const text = lines.join('\n');
        let offset = 0;
        for (let k = 0; k < cut && offset < text.length; k++) {
          const nl = text.indexOf('\n', offset);
          offset = nl < 0 ? text.length : nl + 1;
        }
        const whole = await collectPanels([text]);
        const a = await collectPanels([text.slice(0, offset)]);
        const b = await collectPanels([text.slice(offset)]);
        const into = viaJson ? panelsFromJson(JSON.parse(JSON.stringify(panelsToJson(a)))) : a;
        const merged = mergePanels(into, viaJson ? b : panelsFromJson(JSON.parse(JSON.stringify(panelsToJson(b)))));
        expect(panelReport({ ...merged, logSize: 0 })).toEqual(panelReport({ ...whole, logSize: 0 }));
        expect(new Set(merged.visitorKeys.keys())).toEqual(new Set(whole.visitorKeys.keys()));
        // Each item's visitors are distinct visitors that exist.
        for (const map of Object.values(merged.lists)) {
          for (const item of map.values()) {
            const ids = [...item.visitors];
            expect(new Set(ids).size).toBe(ids.length);
            for (const v of ids) expect(v).toBeLessThan(merged.visitorKeys.size);
          }
        }
      }),
      { numRuns: 80 },
    );
  });

  it('counts formats without a %r field through records, and gives only our errors', async () => {
    const format = { apache: '%h %l %u %t "%m %U%q %H" %>s %b "%{Referer}i" "%{User-Agent}i"' };
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 30 }), async (lines) => {
        same(await collectPanels([lines.join('\n')], { format }), await slowPanels([lines.join('\n')], format));
      }),
      { numRuns: 40 },
    );
    await expect(collectPanels('access.log' as never)).rejects.toThrow(/paths and streams are read by @puzzles\/logparse\/node/);
    await expect(collectPanels([1 as never])).rejects.toThrow(TypeError);
    await expect(collectPanels([''], null as never)).rejects.toThrow(/options of collectPanels must be an object; got null/);
    await expect(collectPanels(['x\n'], { strict: true })).rejects.toThrow(/line 1/);
  });

  it('stops when aborted and says so', async () => {
    const controller = new AbortController();
    controller.abort();
    const stats = await collectPanels(['1.2.3.4 - - [01/Feb/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 1\n'], { signal: controller.signal });
    expect(stats.stopped).toBe('aborted');
    expect(stats.valid).toBe(0);
  });

  it('reads byte ranges of a file (start at a line start, end after a line end) that add up to the whole', async () => {
    const lines = fc.sample(line, { numRuns: 300, seed: 7 }).filter((l) => !l.includes('\n'));
    const text = `${lines.join('\n')}\n`;
    const file = join(dir, 'range.log');
    writeFileSync(file, text);
    const whole = await collectPanelsNode(file);
    const bytes = Buffer.from(text);
    const cut = bytes.indexOf(10, bytes.length >> 1) + 1;
    const a = await collectPanelsNode(file, { start: 0, end: cut });
    const b = await collectPanelsNode(file, { start: cut });
    expect(a.logSize + b.logSize).toBe(bytes.length);
    const merged = createPanels();
    for (const part of [a, b]) {
      const copy = panelsFromJson(JSON.parse(JSON.stringify(panelsToJson(part))));
      expect(panelReport(copy)).toEqual(panelReport(part));
      (await import('../src/index.js')).mergePanels(merged, copy);
    }
    expect(panelReport(merged)).toEqual(panelReport(whole));
    same(whole, await slowPanels([text]));
    await expect(collectPanelsNode(file, { start: -1 })).rejects.toThrow(/start must be a byte offset .*; got -1/);
    await expect(collectPanelsNode(file, { start: 10, end: 5 })).rejects.toThrow(/end must be a byte offset not before start \(10\); got 5/);
    await expect(collectPanelsNode('-', { start: 0 })).rejects.toThrow(/not standard input/);
    await expect(collectPanelsNode(join(dir, 'missing.log'), { start: 0 })).rejects.toThrow(/missing\.log/);
  });
});

describe('reading files', () => {
  const row = '1.2.3.4 - - [01/Feb/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "agent"\n';

  it('lets timers and signals in while a regular file is read synchronously: --timeout stops a long read midway', async () => {
    // 40 MB (~0.5 s of counting): regular files are read with readSync, and the event loop is let turn before each
    // read; without those turns the 30 ms timer could only fire after the last line.
    const file = join(dir, 'long.log');
    writeFileSync(file, row.repeat(Math.ceil((40 << 20) / row.length)));
    const total = Math.ceil((40 << 20) / row.length);
    for (const read of [() => collectPanelsNode(file, { timeout: 30 }), () => collectPanelsNode(file, { timeout: 30, start: 0 })]) {
      const stats = await read();
      expect(stats.stopped).toBe('timeout');
      expect(stats.valid).toBeLessThan(total);
    }
    const stats = await collectStatsNode(file, { timeout: 30 });
    expect(stats.stopped).toBe('timeout');
    expect(stats.read).toBeLessThan(total);
  });

  it.skipIf(process.platform === 'win32')('reads a FIFO without blocking the event loop while its writer is slow', async () => {
    // A FIFO can keep a reader waiting as long as its writer likes: it is read asynchronously, and timers keep firing.
    const fifo = join(dir, 'slow.fifo');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', `{ printf '%s' "$0"; sleep 0.4; printf '%s' "$0"; } > "$1"`, row, fifo], { stdio: 'ignore' });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    try {
      const stats = await collectPanelsNode(fifo);
      expect(stats.valid).toBe(2);
      expect(ticks).toBeGreaterThanOrEqual(5);
    } finally {
      clearInterval(timer);
      writer.kill();
    }
  });
});

describe('referrerStats', () => {
  it('lists the referrers of pages (no static files, no 404s) for toDot, most hits first', async () => {
    const stats = await collectPanels([
      [
        '1.1.1.1 - - [01/Feb/2024:10:00:00 +0000] "GET /a HTTP/1.1" 200 1 "http://r.example/" "x"',
        '1.1.1.1 - - [01/Feb/2024:10:00:00 +0000] "GET /a HTTP/1.1" 500 1 "http://r.example/" "x"',
        '1.1.1.1 - - [01/Feb/2024:10:00:00 +0000] "GET /b HTTP/1.1" 200 1 "http://r.example/" "x"',
        '1.1.1.1 - - [01/Feb/2024:10:00:00 +0000] "GET /c.css HTTP/1.1" 200 1 "http://r.example/" "x"',
        '1.1.1.1 - - [01/Feb/2024:10:00:00 +0000] "GET /gone HTTP/1.1" 404 1 "http://r.example/" "x"',
        '1.1.1.1 - - [01/Feb/2024:10:00:00 +0000] "GET /a HTTP/1.1" 200 1 "-" "x"',
      ].join('\n'),
    ]);
    const refs = referrerStats(stats);
    expect(refs.overall.pairs).toEqual([
      { referrer: 'http://r.example/', request: '/a', hits: 2 },
      { referrer: '-', request: '/a', hits: 1 },
      { referrer: 'http://r.example/', request: '/b', hits: 1 },
    ]);
    expect(refs.overall.referrers).toEqual([
      { referrer: 'http://r.example/', hits: 3 },
      { referrer: '-', hits: 1 },
    ]);
    expect(refs.days).toEqual([]);
    const dot = toDot(refs, { requestsPerReferrer: 1 });
    expect(dot).toContain('"/a"');
    expect(dot).not.toContain('"/b"');
    expect(toDot(refs)).toContain('"/b"');
    expect(() => toDot(refs, { requestsPerReferrer: -1 })).toThrow(/requestsPerReferrer must be a non-negative integer; got -1/);
    expect(() => referrerStats({} as never)).toThrow(TypeError);
  });
});
