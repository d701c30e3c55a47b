// parseLog's iterator (batches, back-pressure, early exit) and file reading through one reused buffer.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LogLineError, LogSourceError, collectStats, isReject, parseLine, parseLog, type LogRecord } from '../src/node.js';
import { parseLog as parseCore } from '../src/index.js';
import { QUIRKS, BLOG_LINE, chunked, collect, combinedArb, expectThrows, lineOf, losslessReference, prop } from './reference.js';

/** A log of `n` generated lines of varying length, with multi-byte characters, escapes and a reject now and then. */
function bigLog(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 997 === 500) lines.push(`not a log line ${i}`);
    else if (i % 101 === 7) lines.push(QUIRKS.hexQuote);
    else {
      const path = `/p${i}/${'é€😀x'.repeat(i % 13)}?q=${i % 7}`;
      const agent = `UA ${'a'.repeat(i % 211)} ü`;
      lines.push(`10.0.${i % 256}.${i % 7} - - [0${1 + (i % 3)}/Feb/2020:1${i % 10}:0${i % 6}:${String(i % 60).padStart(2, '0')} +0100] "GET ${path} HTTP/1.1" 200 ${i} "http://r${i % 5}.example/" "${agent}"`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** An async iterable of chunks that records whether it was closed (its `finally` ran). */
function tracked(chunks: string[]): { source: AsyncIterable<string>; closed: () => boolean; pulled: () => number } {
  let closed = false;
  let pulled = 0;
  async function* source() {
    try {
      for (const chunk of chunks) {
        pulled++;
        yield chunk;
      }
    } finally {
      closed = true;
    }
  }
  return { source: source(), closed: () => closed, pulled: () => pulled };
}

describe('reading files', () => {
  it('gives the same records from a file (read into one reused buffer), its gzip and the text in memory', async () => {
    const text = bigLog(6000); // ~1.5 MB: several reads, lines and UTF-8 characters across read boundaries
    expect(Buffer.byteLength(text)).toBeGreaterThan(3 * (1 << 18));
    const dir = mkdtempSync(join(tmpdir(), 'logparse-stream-'));
    writeFileSync(join(dir, 'big.log'), text);
    writeFileSync(join(dir, 'big.log.gz'), gzipSync(text));
    const rejects: number[] = [];
    const expected = await collect(parseLog([text], { onReject: (r) => rejects.push(r.line) }));
    expect(expected.length + rejects.length).toBe(6000);
    expect(rejects).toEqual([501, 1498, 2495, 3492, 4489, 5486]);
    for (const source of [join(dir, 'big.log'), join(dir, 'big.log.gz')]) {
      const records = await collect(parseLog(source));
      expect(records).toEqual(expected);
      const { read, rejected, rejects, ...stats } = await collectStats(source);
      const { read: parsed, ...fromRecords } = await collectStats(expected);
      expect([read, rejected, rejects.map((r) => r.line)]).toEqual([6000, 6, [501, 1498, 2495, 3492, 4489, 5486]]);
      expect({ ...stats, rejected: 0, rejects: [] }).toEqual(fromRecords);
      expect(parsed).toBe(5994);
    }
    // Records do not share memory with the read buffer: they are unchanged after everything was read.
    const first = await collect(parseLog(join(dir, 'big.log')));
    expect(first[0]).toEqual(expected[0]);
    expect(first.at(-1)).toEqual(expected.at(-1));
  });

  it('closes the file when the caller stops early, and reading it again works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'logparse-stream-'));
    writeFileSync(join(dir, 'a.log'), bigLog(3000));
    writeFileSync(join(dir, 'a.log.gz'), gzipSync(bigLog(3000)));
    // Open descriptors, where the system shows them (Linux); elsewhere the loop still has to finish.
    const fds = (): number => (existsSync('/proc/self/fd') ? readdirSync('/proc/self/fd').length : 0);
    const before = fds();
    for (let round = 0; round < 3; round++) {
      let n = 0;
      for await (const r of parseLog(join(dir, round === 1 ? 'a.log.gz' : 'a.log'))) {
        expect(r.line).toBe(n + 1);
        if (++n === 5) break;
      }
    }
    expect(fds()).toBe(before);
    expect(await collect(parseLog(join(dir, 'a.log')))).toHaveLength(3000 - 3);
  });
});

describe('closing sources', () => {
  it('closes the files of iterators dropped unfinished, without DEP0137 warnings (review regression: closed on GC by Node)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'logparse-stream-'));
    writeFileSync(join(dir, 'a.log'), bigLog(3000));
    writeFileSync(join(dir, 'a.log.gz'), gzipSync(bigLog(3000)));
    const index = fileURLToPath(new URL('../dist/node.js', import.meta.url));
    const script = `
      const { parseLog } = await import(${JSON.stringify(index)});
      for (let i = 0; i < 6; i++) {
        const records = parseLog(${JSON.stringify(dir)} + (i % 2 ? '/a.log.gz' : '/a.log'));
        await records.next();
      }
      for (let i = 0; i < 4; i++) {
        globalThis.gc();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const { readdirSync, readlinkSync } = await import('node:fs');
      const open = readdirSync('/proc/self/fd').filter((fd) => { try { return readlinkSync('/proc/self/fd/' + fd).startsWith(${JSON.stringify(dir)}); } catch { return false; } });
      console.log(JSON.stringify({ open: open.length }));
    `;
    const run = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).not.toMatch(/DEP0137|Closing file descriptor/);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ open: 0 });
  });

  it('a failing stream or iterable is a LogSourceError with the failure as its cause (review regression: a plain Error)', async () => {
    const failure = new Error('disk on fire');
    const stream = new Readable({
      read() {
        this.destroy(failure);
      },
    });
    const thrown = await collect(parseLog(stream)).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(LogSourceError);
    expect((thrown as Error).message).toBe("cannot read 'input': disk on fire");
    expect((thrown as Error).cause).toBe(failure);
    async function* failing() {
      yield `${BLOG_LINE}\n`;
      throw failure;
    }
    await expectThrows(() => collect(parseLog(failing())), LogSourceError, /^cannot read 'input': disk on fire$/);
    await expectThrows(() => collectStats(failing()), LogSourceError, /^cannot read 'input': disk on fire$/);
    await expectThrows(() => collectStats(stream), LogSourceError, /disk on fire|destroyed/);
    // A chunk of the wrong type is still the caller's TypeError.
    await expectThrows(() => collect(parseLog([42 as never])), TypeError, /a log chunk must be/);
  });
});

describe('the parseLog iterator', () => {
  it('hands out records in order when next() is called many times without waiting', async () => {
    const text = bigLog(700);
    const expected = await collect(parseLog([text]));
    const it = parseLog([text.slice(0, 50_000), text.slice(50_000)]);
    const results = await Promise.all(Array.from({ length: expected.length + 3 }, () => it.next()));
    expect(results.slice(0, expected.length).map((r) => r.value)).toEqual(expected);
    const tail = results.slice(expected.length);
    expect(tail[0]!.done).toBe(true);
    expect(tail[0]!.value).toMatchObject({ read: 700, parsed: expected.length, rejected: 1 });
    expect(tail.slice(1)).toEqual([{ value: undefined, done: true }, { value: undefined, done: true }]);
  });

  it('reads ahead one piece at a time (back-pressure) and closes the source on return()', async () => {
    const text = bigLog(2000);
    const chunks = [text.slice(0, 100_000), text.slice(100_000, 200_000), text.slice(200_000)];
    const t = tracked(chunks);
    const it = parseLog(t.source);
    const first = await it.next();
    expect(first.value).toMatchObject({ line: 1 });
    expect(t.pulled()).toBe(1);
    expect(t.closed()).toBe(false);
    expect(await it.return(undefined as never)).toEqual({ value: undefined, done: true });
    expect(t.closed()).toBe(true);
    expect(await it.next()).toEqual({ value: undefined, done: true });
  });

  it('throw() closes the source and rethrows', async () => {
    const t = tracked([bigLog(50)]);
    const it = parseLog(t.source);
    await it.next();
    await expectThrows(() => it.throw(new RangeError('stop here')), RangeError, /^stop here$/);
    expect(t.closed()).toBe(true);
    expect((await it.next()).done).toBe(true);
  });

  it('in strict mode closes the source after the records before the reject', async () => {
    const lines = [BLOG_LINE, QUIRKS.ipv6, 'garbage', BLOG_LINE];
    const t = tracked([lines.join('\n')]);
    const seen: number[] = [];
    await expectThrows(
      async () => {
        for await (const r of parseLog(t.source, { strict: true })) seen.push(r.line);
      },
      LogLineError,
      /^line 3: /,
    );
    expect(seen).toEqual([1, 2]);
    expect(t.closed()).toBe(true);
  });

  it('checks its options when iteration starts, like a generator', async () => {
    const it = parseLog([BLOG_LINE], { maxLineLength: -1 });
    await expectThrows(() => it.next(), RangeError, /maxLineLength must be an integer from 1 to 100000000; got -1/);
    expect((await it.next()).done).toBe(true);
  });

  it('a huge single chunk is parsed in pieces with the same result', async () => {
    const text = bigLog(5000);
    const whole = await collect(parseLog([Buffer.from(text)]));
    const lines = text.split('\n').filter((l) => l !== '');
    const one = lines.map((l) => parseLine(l)).filter((r): r is LogRecord => !isReject(r));
    expect(whole.map(({ line: _l, ...r }) => r)).toEqual(one.map(({ line: _l, ...r }) => r));
  });
});

describe('record fields built from caches', () => {
  it('computes the instant per line while dates, zones and seconds repeat or change', async () => {
    const times = [
      '08/Jan/2006:23:59:59 -0800',
      '08/Jan/2006:23:59:59 +0000',
      '08/Jan/2006:23:59:59 +0000',
      '08/Jan/2006:23:59:58 +0000',
      '09/Jan/2006:00:00:00 +0000',
      '09/Jan/2006:00:00:00 +0530',
      '29/Feb/2000:12:00:00 +0000',
      '01/Mar/0050:01:02:03 +0000',
      '31/Dec/1999:23:59:60 +0000',
    ];
    const text = times.map((t, i) => `1.1.1.1 - - [${t}] "${i % 2 ? 'POST' : 'GET'} /x HTTP/1.${i % 2}" 200 1 "-" "-"`).join('\n');
    const records = await collect(parseLog([text]));
    expect(records.map((r) => r.time?.toISOString())).toEqual([
      '2006-01-09T07:59:59.000Z',
      '2006-01-08T23:59:59.000Z',
      '2006-01-08T23:59:59.000Z',
      '2006-01-08T23:59:58.000Z',
      '2006-01-09T00:00:00.000Z',
      '2006-01-08T18:30:00.000Z',
      '2000-02-29T12:00:00.000Z',
      '0050-03-01T01:02:03.000Z',
      '2000-01-01T00:00:00.000Z',
    ]);
    expect(records.map((r) => r.timeText)).toEqual(times);
    expect(records.map((r) => r.day)).toEqual([20060108, 20060108, 20060108, 20060108, 20060109, 20060109, 20000229, 500301, 19991231]);
    expect(records.map((r) => `${r.method} ${r.protocol}`)).toEqual(times.map((_, i) => `${i % 2 ? 'POST' : 'GET'} HTTP/1.${i % 2}`));
    // Each record has a Date of its own.
    expect(records[1]!.time).not.toBe(records[2]!.time);
  });

  it('splits requests with multi-byte characters, invalid UTF-8 and escapes', () => {
    const base = (request: string) => `1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "${request}" 200 1 "-" "-"`;
    const utf8 = parseLine(base('GET /é€😀?q=ü HTTP/1.1'));
    expect(utf8).toMatchObject({ method: 'GET', path: '/é€😀?q=ü', protocol: 'HTTP/1.1' });
    const bytes = Buffer.concat([Buffer.from('1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "PUT /a'), Buffer.from([0xff, 0x80]), Buffer.from('b HTTP/1.0" 200 1 "-" "-"')]);
    return collect(parseLog([bytes])).then(([r]) => {
      expect(r).toMatchObject({ method: 'PUT', path: '/a\\xff\\x80b', protocol: 'HTTP/1.0', request: 'PUT /a\\xff\\x80b HTTP/1.0' });
      expect(parseLine(base('GET /\\x22q\\x22 HTTP/1.1'))).toMatchObject({ method: 'GET', path: '/"q"', protocol: 'HTTP/1.1' });
    });
  });

  prop([fc.uint8Array({ maxLength: 40 }).map((a) => Buffer.from(a.filter((b) => b !== 0x22 && b !== 0x5c && b !== 0x0a && b !== 0x0d)))])(
    'quoted fields are decoded as UTF-8 without loss (each invalid byte as \\xhh, a leading BOM kept)',
    async (agent) => {
      const line = Buffer.concat([Buffer.from('1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "'), agent, Buffer.from('"')]);
      const [r] = await collect(parseLog([line]));
      expect(r!.userAgent).toBe(agent.length === 1 && agent[0] === 0x2d ? null : losslessReference(agent));
    },
  );

  prop([
    fc.array(fc.tuple(fc.uint8Array({ maxLength: 30 }), fc.uint8Array({ maxLength: 30 })), { minLength: 1, maxLength: 8 }),
    fc.array(fc.nat(), { maxLength: 10 }),
  ])('decodes the same however the input is cut, whether pieces are checked for UTF-8 at once (Node) or field by field (core)', async (fields, cuts) => {
    const clean = (a: Uint8Array) => Buffer.from(a.filter((b) => b !== 0x22 && b !== 0x5c && b !== 0x0a && b !== 0x0d));
    const lines = fields.map(([ref, agent]) =>
      Buffer.concat([Buffer.from('1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "GET /x HTTP/1.1" 200 1 "r'), clean(ref), Buffer.from('" "a'), clean(agent), Buffer.from('"\n')]),
    );
    const bytes = Buffer.concat(lines);
    const node = await collect(parseLog(chunked(bytes, cuts)));
    const core = await collect(parseCore(chunked(bytes, cuts)));
    expect(node).toEqual(core);
    expect(node.map((r) => r.referrer)).toEqual(fields.map(([ref]) => `r${losslessReference(clean(ref))}`));
    expect(node.map((r) => r.userAgent)).toEqual(fields.map(([, agent]) => `a${losslessReference(clean(agent))}`));
  });

  prop([fc.uint8Array({ maxLength: 24 }), fc.constantFrom('GET', 'POST')])(
    'escaped bytes \\xhh in a request and referrer decode without loss, on both statistics paths',
    async (bytes, method) => {
      const escaped = [...bytes].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');
      const line = `1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "${method} /p${escaped} HTTP/1.1" 200 1 "http://r/${escaped}" "-"`;
      const r = parseLine(line) as LogRecord;
      const text = losslessReference(bytes);
      expect(r.referrer).toBe(`http://r/${text}`);
      expect([r.method, r.protocol]).toEqual([method, 'HTTP/1.1']);
      // The path is split off the decoded request text (an escaped space may move where it ends).
      expect(r.request).toBe(`${method} /p${text} HTTP/1.1`);
      const fast = await collectStats([line]);
      expect(fast).toEqual(await collectStats([r]));
      expect(fast.overall.referrers).toEqual([{ referrer: `http://r/${text}`, hits: 1 }]);
    },
  );

  it('keeps a BOM at the start of a field, on both statistics paths', async () => {
    const line = `1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "GET / HTTP/1.1" 200 1 "\uFEFFhttp://r.example/" "\uFEFFUA"`;
    const r = parseLine(line);
    expect(r).toMatchObject({ referrer: '\uFEFFhttp://r.example/', userAgent: '\uFEFFUA' });
    const fast = await collectStats([line]);
    expect(fast.overall.referrers).toEqual([{ referrer: '\uFEFFhttp://r.example/', hits: 1 }]);
    expect(fast).toEqual(await collectStats([r as LogRecord]));
  });

  prop([fc.array(combinedArb, { minLength: 1, maxLength: 30 })])('records share no mutable state: frozen empty lists, own Dates', async (parts) => {
    const records = await collect(parseLog([parts.map(lineOf).join('\n')]));
    for (const r of records) {
      expect(r.extra).toEqual([]);
      expect(r.fields).toEqual({});
      expect(Object.isFrozen(r.extra) && Object.isFrozen(r.fields)).toBe(true);
    }
    expect(new Set(records.map((r) => r.time)).size).toBe(records.length);
  });
});
