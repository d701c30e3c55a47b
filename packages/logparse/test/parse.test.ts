import { gzipSync } from 'node:zlib';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LogLineError,
  LogSourceError,
  MAX_LINE_LENGTH,
  isReject,
  parseLine,
  parseLog,
  type LogRecord,
  type LogReject,
  type ParseSummary,
} from '../src/node.js';
import { FRAGMENTS, QUIRKS, BLOG_LINE, chunked, collect, combinedArb, expectThrows, lineOf, prop } from './reference.js';

function record(line: string, options = {}): LogRecord {
  const r = parseLine(line, options);
  if (isReject(r)) throw new Error(`rejected: ${r.reason}`);
  return r;
}

async function parseAll(source: Parameters<typeof parseLog>[0], options: Parameters<typeof parseLog>[1] = {}) {
  const rejects: LogReject[] = [];
  const records: LogRecord[] = [];
  const gen = parseLog(source, { ...options, onReject: (r) => rejects.push(r) });
  let summary: ParseSummary | undefined;
  for (;;) {
    const next = await gen.next();
    if (next.done) {
      summary = next.value;
      break;
    }
    records.push(next.value);
  }
  return { records, rejects, summary: summary! };
}

describe('parseLine', () => {
  it("reads the blog post's line", () => {
    const r = record(BLOG_LINE);
    expect(r).toMatchObject({
      ip: '222.153.17.71',
      ident: null,
      user: null,
      day: 20060108,
      timeText: '08/Jan/2006:00:14:48 +0000',
      method: 'GET',
      path: '/blog.ucw?entry-id=2',
      protocol: 'HTTP/1.1',
      status: 200,
      bytes: 15016,
      referrer: 'http://planet.lisp.org/',
      userAgent: 'Mozilla/5.0 (X11; U; Linux i686; en-US; rv:1.7.6) Gecko/20050317 Firefox/1.0.2',
      extra: ['-'],
      truncated: false,
    });
    expect(r.time?.toISOString()).toBe('2006-01-08T00:14:48.000Z');
  });

  it('keeps the day in the log’s own offset', () => {
    const r = record('1.1.1.1 - - [08/Jan/2006:23:59:59 -0800] "GET / HTTP/1.1" 200 1 "-" "-"');
    expect(r.day).toBe(20060108);
    expect(r.time?.toISOString()).toBe('2006-01-09T07:59:59.000Z');
  });

  it('handles the real-world quirks', () => {
    expect(record(QUIRKS.ipv6).ip).toBe('2001:db8::7');
    expect(record(QUIRKS.backslashQuote).userAgent).toBe('Phone 7" Build/X1');
    expect(record(QUIRKS.backslashQuote, { raw: true }).userAgent).toBe('Phone 7\\" Build/X1');
    expect(record(QUIRKS.hexQuote).userAgent).toBe('sh -c "echo hi"');
    for (const q of [QUIRKS.binary, QUIRKS.emptyRequest, QUIRKS.dashRequest, QUIRKS.oneWord]) {
      const r = record(q);
      expect([r.method, r.path, r.protocol]).toEqual([null, null, null]);
      expect(r.status).toBeGreaterThanOrEqual(400);
    }
    expect(record(QUIRKS.binary).request).toBe('\u0016\u0003\u0001\u0002');
    expect(record(QUIRKS.dashRequest).request).toBe('-');
    expect(record(QUIRKS.emptyRequest).request).toBe('');
    const old = record(QUIRKS.noProtocol);
    expect([old.method, old.path, old.protocol, old.referrer, old.userAgent]).toEqual(['GET', '/old/page.html', null, null, null]);
    expect(record(QUIRKS.dashSize)).toMatchObject({ bytes: null, user: 'frank' });
    expect(record(QUIRKS.spacesInUri)).toMatchObject({ path: '/with some spaces', protocol: 'HTTP/1.1' });
    expect(record(QUIRKS.truncatedAgent)).toMatchObject({ truncated: true, userAgent: 'Mozilla/5.0 (compatible; Bot/2.1; +http://bot.example/' });
  });

  it('rejects with a reason naming the field', () => {
    const cases: Array<[string, RegExp]> = [
      ['', /empty line/],
      [FRAGMENTS[0]!, /unterminated quoted request/],
      [FRAGMENTS[1]!, /expected ' \[' after the user \(%u\); got ' 12054'/],
      ['1.1.1.1 - - [08/Foo/2006:00:00:00 +0000] "GET / HTTP/1.1" 200 1', /bad time '08\/Foo\/2006:00:00:00 \+0000'/],
      ['1.1.1.1 - - [31/Feb/2006:00:00:00 +0000] "GET / HTTP/1.1" 200 1', /bad time/],
      ['1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "GET / HTTP/1.1" 20x 1', /bad status '20x'/],
      ['1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "GET / HTTP/1.1" 200 1k', /bad size '1k'/],
      ['1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "-"x', /unexpected text after the last field/],
      ['1.1.1.1 - -', /line ends early: expected ' \[' after the user/],
      ['1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "GET / HTTP/1.1" 200 1 "-', /unterminated quoted referrer/],
    ];
    for (const [line, reason] of cases) {
      const r = parseLine(line);
      expect(isReject(r), line).toBe(true);
      expect((r as LogReject).reason).toMatch(reason);
      expect((r as LogReject).line).toBe(1);
    }
    expect(() => parseLine(FRAGMENTS[1]!, { strict: true })).toThrow(LogLineError);
    expect(() => parseLine(42 as never)).toThrow(TypeError);
  });

  it('checks every date of %t: all twelve months, month lengths, leap days, separators, zone', () => {
    const at = (t: string) => parseLine(`1.1.1.1 - - [${t}] "GET / HTTP/1.1" 200 1`);
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    months.forEach((name, i) => {
      const last = at(`${lengths[i]}/${name}/2015:10:00:00 +0000`) as LogRecord;
      expect(last.day).toBe(20150000 + (i + 1) * 100 + lengths[i]!);
      expect(isReject(at(`${lengths[i]! + 1}/${name}/2015:10:00:00 +0000`)), name).toBe(true);
      expect(isReject(at(`00/${name}/2015:10:00:00 +0000`)), name).toBe(true);
      // Letters in another case, or a neighbour's letters, are not a month.
      expect(isReject(at(`01/${name.toUpperCase()}/2015:10:00:00 +0000`)), name).toBe(true);
    });
    for (const bad of ['Jam', 'Fer', 'Mav', 'Dex', 'Nob', 'Sip', 'Aap', '\u0000an']) {
      expect(isReject(at(`01/${bad}/2015:10:00:00 +0000`)), bad).toBe(true);
    }
    expect((at('29/Feb/2016:00:00:00 +0000') as LogRecord).day).toBe(20160229);
    expect((at('29/Feb/2000:00:00:00 +0000') as LogRecord).day).toBe(20000229);
    expect(isReject(at('29/Feb/2015:00:00:00 +0000'))).toBe(true);
    expect(isReject(at('29/Feb/1900:00:00:00 +0000'))).toBe(true);
    for (const bad of ['08-Jan/2006:00:00:00 +0000', '08/Jan-2006:00:00:00 +0000', '08/Jan/2006-00:00:00 +0000', '08/Jan/2006:00-00:00 +0000',
      '08/Jan/2006:00:00-00 +0000', '08/Jan/2006:00:00:00-+0000', '08/Jan/2006:00:00:00 *0000', '08/Jan/2006:24:00:00 +0000',
      '08/Jan/2006:00:60:00 +0000', '08/Jan/2006:00:00:61 +0000', '08/Jan/2006:00:00:00 +0060', '08/Jan/20x6:00:00:00 +0000']) {
      expect(isReject(at(bad)), bad).toBe(true);
    }
    expect((at('08/Jan/2006:00:00:60 -1230') as LogRecord).day).toBe(20060108);
    // Offsets run from -23:59 to +23:59: +2400 is not an offset (review regression: it was accepted).
    for (const zone of ['+2400', '-2400', '+9900', '+2360']) expect(isReject(at(`08/Jan/2006:00:00:00 ${zone}`)), zone).toBe(true);
    expect((at('08/Jan/2006:00:00:00 +2359') as LogRecord).time?.toISOString()).toBe('2006-01-07T00:01:00.000Z');
    const iso = { format: { nginx: '$remote_addr [$time_iso8601] "$request" $status' } } as const;
    expect(isReject(parseLine('1.1.1.1 [2006-01-08T00:00:00+24:00] "GET / HTTP/1.1" 200', iso))).toBe(true);
    expect(isReject(parseLine('1.1.1.1 [2006-01-08T00:00:00+23:00] "GET / HTTP/1.1" 200', iso))).toBe(false);
  });

  it("reads a status written '-' as no status (Apache writes it for a status of 0 or less)", () => {
    const r = record('1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "GET / HTTP/1.1" - 0 "-" "-"');
    expect(r.status).toBeNull();
    expect(r.path).toBe('/');
    for (const bad of ['--', '-1', '2000', '']) {
      const line = `1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "GET / HTTP/1.1" ${bad} 0`;
      expect(isReject(parseLine(line)), bad).toBe(true);
    }
  });

  it('keeps a byte-order mark out of the first field (file start and parseLine)', async () => {
    const bom = `\uFEFF${BLOG_LINE}`;
    expect(record(bom).ip).toBe('222.153.17.71');
    const { records, rejects } = await parseAll([Buffer.from(`${bom}\n\uFEFF${BLOG_LINE}\n`)]);
    expect(records[0]!.ip).toBe('222.153.17.71');
    // Only the start of the input: a BOM further on is a bad first field, kept as written.
    expect(records[1]!.ip).toBe(`\uFEFF222.153.17.71`);
    expect(rejects).toEqual([]);
    // A BOM split over chunks.
    const split = await parseAll(chunked(Buffer.from(`${bom}\n`), [1, 2]));
    expect(split.records[0]!.ip).toBe('222.153.17.71');
  });

  it('keeps distinct undecodable bytes distinct (review regression: \\xff and \\xfe were one referrer)', () => {
    const line = (ref: string) => `1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "GET / HTTP/1.1" 200 1 "${ref}" "-"`;
    const ff = record(line('http://x/\\xff'));
    const fe = record(line('http://x/\\xfe'));
    expect(ff.referrer).toBe('http://x/\\xff');
    expect(fe.referrer).toBe('http://x/\\xfe');
    // A cp1251 referrer (the sample elastic log's case) and valid UTF-8 escapes.
    expect(record(line('http://yandex.ru/?text=\\xcf\\xf0\\xe8')).referrer).toBe('http://yandex.ru/?text=\\xcf\\xf0\\xe8');
    expect(record(line('http://x/\\xd0\\xbf\\xd1\\x80')).referrer).toBe('http://x/пр');
    // A real U+FFFD in the input stays one.
    expect(record(line('http://x/\uFFFD')).referrer).toBe('http://x/\uFFFD');
  });

  it('keeps a truncated last field only at the end of the line, wherever it falls among other lines', () => {
    // The truncated case shares the code path of the other lines (see scan.ts): records around it are unaffected.
    const full = '10.1.1.9 - - [09/Jan/2006:10:00:10 +0000] "GET /cut HTTP/1.1" 200 7 "-" "Agent/1.0"';
    const lines = [full, QUIRKS.truncatedAgent, full, '10.1.1.9 - - [09/Jan/2006:10:00:10 +0000] "GET /cut HTTP/1.1" 200 7', full];
    const results = lines.map((l) => parseLine(l) as LogRecord);
    expect(results.map((r) => r.truncated)).toEqual([false, true, false, false, false]);
    expect(results.map((r) => r.userAgent)).toEqual(['Agent/1.0', 'Mozilla/5.0 (compatible; Bot/2.1; +http://bot.example/', 'Agent/1.0', null, 'Agent/1.0']);
    // A quoted field cut off before the last one is still a reject.
    expect((parseLine('10.1.1.9 - - [09/Jan/2006:10:00:10 +0000] "GET /cut HTTP/1.1" 200 7 "http://cut.example/') as LogReject).reason).toMatch(/unterminated quoted referrer/);
  });

  it('reads the common format, and common lines with the combined format', () => {
    const line = 'h.example - - [01/Aug/1995:00:00:01 -0400] "GET /a.txt HTTP/1.0" 200 1839';
    expect(record(line, { format: 'common' })).toMatchObject({ path: '/a.txt', referrer: null, extra: [] });
    expect(record(line)).toMatchObject({ path: '/a.txt', referrer: null, userAgent: null });
    expect(record(`${line} "x" "y"`, { format: 'common' }).extra).toEqual(['x', 'y']);
  });

  prop([combinedArb])('a generated combined line parses back to its parts', (parts) => {
    const r = record(lineOf(parts));
    expect(r.ip).toBe(parts.ip);
    expect(r.user).toBe(parts.user === '-' ? null : parts.user);
    expect(r.time?.getTime()).toBe(parts.instant - (parts.instant % 1000));
    const local = new Date(parts.instant + parts.offset * 60000);
    expect(r.day).toBe(local.getUTCFullYear() * 10000 + (local.getUTCMonth() + 1) * 100 + local.getUTCDate());
    expect([r.method, r.path, r.protocol, r.status, r.bytes]).toEqual([parts.method, parts.path, 'HTTP/1.1', parts.status, parts.bytes]);
    expect(r.referrer).toBe(parts.referrer);
    expect(r.userAgent).toBe(parts.agent);
  });

  prop([fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom(...'1.- []"\\/:GET HTTP200x') }))])(
    'any string gives a record or a reject, never a throw',
    (text) => {
      for (const format of ['combined', 'common'] as const) {
        const r = parseLine(text, { format });
        if (isReject(r)) expect(r.reason.length).toBeGreaterThan(0);
        else expect(typeof r.line).toBe('number');
      }
    },
  );
});

describe('parseLog', () => {
  const text = [BLOG_LINE, ...Object.values(QUIRKS), ...FRAGMENTS, '', 'garbage'].join('\n');

  it('accounts for every line: records and rejects with line numbers', async () => {
    const { records, rejects, summary } = await parseAll([text]);
    const lines = Object.values(QUIRKS).length + 1 + FRAGMENTS.length + 2;
    expect(summary.read).toBe(lines);
    expect(records.length + rejects.length).toBe(lines);
    expect(summary).toMatchObject({ parsed: records.length, rejected: rejects.length, truncated: 1 });
    expect(rejects.map((r) => r.line)).toEqual([13, 14, 15, 16]);
    expect(rejects[2]!.reason).toBe('empty line');
    // 'garbage' is the last line and has no newline.
    expect(rejects[3]!.reason).toMatch(/no newline at the end/);
    expect(records.map((r) => r.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('treats CRLF like LF and parses a last line without a newline', async () => {
    const lf = await parseAll([`${BLOG_LINE}\n${QUIRKS.ipv6}`]);
    const crlf = await parseAll([`${BLOG_LINE}\r\n${QUIRKS.ipv6}\r\n`]);
    expect(crlf.records).toEqual(lf.records);
    expect(lf.records).toHaveLength(2);
    expect(lf.rejects).toHaveLength(0);
  });

  it('rejects lines over maxLineLength without buffering them, and goes on', async () => {
    const long = BLOG_LINE.replace('/blog.ucw', `/${'a'.repeat(5000)}`);
    const bytes = Buffer.from(`${long}\n${BLOG_LINE}\n`);
    const { records, rejects } = await parseAll(chunked(bytes, [100, 900, 3000]), { maxLineLength: 1000 });
    expect(rejects).toEqual([{ line: 1, reason: 'line longer than 1000 bytes (maxLineLength)', text: expect.stringMatching(/^222\.153/) }]);
    expect(records.map((r) => r.line)).toEqual([2]);
    expect((await parseAll([bytes])).records).toHaveLength(2);
  });

  it('throws on the first reject with strict, after yielding the records before it', async () => {
    const seen: number[] = [];
    await expectThrows(
      async () => {
        for await (const r of parseLog([text], { strict: true })) seen.push(r.line);
      },
      LogLineError,
      /^line 13: unterminated quoted request/,
    );
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  prop([fc.array(combinedArb, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 12 }), fc.boolean()])(
    'the result does not depend on how the input is chunked (lines and UTF-8 characters split anywhere)',
    async (parts, cuts, crlf) => {
      const lines = parts.map(lineOf);
      lines.splice(Math.min(2, lines.length), 0, FRAGMENTS[0]!, FRAGMENTS[1]!, '', QUIRKS.hexQuote);
      const bytes = Buffer.from(lines.join(crlf ? '\r\n' : '\n'));
      const whole = await parseAll([bytes]);
      const pieces = await parseAll(chunked(bytes, cuts));
      expect(pieces.records).toEqual(whole.records);
      expect(pieces.rejects).toEqual(whole.rejects);
      expect(whole.records.length).toBe(parts.length + 1);
      // Strings chunks split between code points too.
      const text = bytes.toString('utf8');
      const strings = chunked(Buffer.from(text), []).map(() => text);
      expect((await parseAll(strings)).records).toEqual(whole.records);
    },
  );

  it('reads files, gzip files (by magic bytes), streams and async iterables', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'logparse-'));
    const plain = `${BLOG_LINE}\n${QUIRKS.ipv6}\n`;
    writeFileSync(join(dir, 'a.log'), plain);
    writeFileSync(join(dir, 'a.log.gz'), gzipSync(plain));
    writeFileSync(join(dir, 'gz-without-extension'), gzipSync(plain));
    writeFileSync(join(dir, 'fake.gz'), plain);
    const expected = (await parseAll([plain])).records;
    expect(expected).toHaveLength(2);
    expect((await parseAll(join(dir, 'a.log'))).records).toEqual(expected);
    expect((await parseAll(join(dir, 'a.log.gz'))).records).toEqual(expected);
    expect((await parseAll(new URL(`file://${join(dir, 'gz-without-extension')}`))).records).toEqual(expected);
    expect((await parseAll(Readable.from([Buffer.from(plain)]))).records).toEqual(expected);
    const gz = gzipSync(plain);
    expect((await parseAll(chunked(gz, [1, 2, 7]))).records).toEqual(expected);
    async function* chunks() {
      yield plain.slice(0, 10);
      yield new TextEncoder().encode(plain.slice(10));
    }
    expect((await parseAll(chunks())).records).toEqual(expected);
    await expectThrows(() => collect(parseLog(join(dir, 'missing.log'))), LogSourceError, /cannot read '.*missing\.log': no such file/);
    await expectThrows(() => collect(parseLog(join(dir, 'fake.gz'))), LogSourceError, /ends in \.gz but is not gzip data/);
    await expectThrows(() => collect(parseLog([gz.subarray(0, gz.length - 8), gz.subarray(0, 3)])), LogSourceError, /cannot inflate/);
    await expectThrows(() => collect(parseLog([42 as never])), TypeError, /a log chunk must be/);
    await expectThrows(() => collect(parseLog([plain], { maxLineLength: 0 })), RangeError, /maxLineLength must be an integer from 1 to 100000000; got 0/);
    // Review regression: a line over ~512 MB with a raised limit threw a plain Error ("Cannot create a string longer
    // than…"); the limit now stops where every field still fits in a string.
    await expectThrows(() => collect(parseLog([plain], { maxLineLength: 600_000_000 })), RangeError, /maxLineLength must be an integer from 1 to 100000000; got 600000000/);
    expect(MAX_LINE_LENGTH * 4).toBeLessThanOrEqual(2 ** 29 - 24);
  });
});
