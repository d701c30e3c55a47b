// Shared test helpers and hand-written fixtures (modelled on the quirks of real logs; no shared data is read).
import fc from 'fast-check';
import { expect } from 'vitest';

// Property tests here may be async (streams and files), so `prop` is the testkit's asyncProp.
export { asyncProp as prop } from '@puzzles/testkit';

/** The log line quoted in the Lisp blog post on access logs (pound, combined + one extra quoted field). */
export const BLOG_LINE =
  '222.153.17.71 - - [08/Jan/2006:00:14:48 +0000] "GET /blog.ucw?entry-id=2 HTTP/1.1" 200 15016 "http://planet.lisp.org/" "Mozilla/5.0 (X11; U; Linux i686; en-US; rv:1.7.6) Gecko/20050317 Firefox/1.0.2" "-"';

/** Hand-made lines, one per quirk: [name, line, expectation]. */
export const QUIRKS = {
  ipv6: '2001:db8::7 - - [09/Jan/2006:10:00:00 +0000] "GET /six HTTP/1.1" 200 10 "http://example.org/" "curl/8.0"',
  backslashQuote: '10.1.1.1 - - [09/Jan/2006:10:00:01 +0000] "GET /q HTTP/1.1" 200 10 "-" "Phone 7\\" Build/X1"',
  hexQuote: '10.1.1.2 - - [09/Jan/2006:10:00:02 +0100] "GET / HTTP/1.1" 200 0 "-" "sh -c \\x22echo hi\\x22"',
  binary: '10.1.1.3 - - [09/Jan/2006:10:00:03 +0000] "\\x16\\x03\\x01\\x02" 400 150 "-" "-"',
  emptyRequest: '10.1.1.4 - - [09/Jan/2006:10:00:04 +0000] "" 400 0 "-" "-"',
  dashRequest: '10.1.1.5 - - [09/Jan/2006:10:00:05 +0000] "-" 408 0 "-" "-"',
  noProtocol: 'gw.example.net - - [09/Jan/2006:10:00:06 -0400] "GET /old/page.html" 200 1234',
  oneWord: '10.1.1.6 - - [09/Jan/2006:10:00:07 +0000] "XYZZY_PROBE" 400 150 "-" "-"',
  dashSize: '10.1.1.7 - frank [09/Jan/2006:10:00:08 +0000] "GET /nothing HTTP/1.1" 200 - "-" "UA/1"',
  spacesInUri: '10.1.1.8 - - [09/Jan/2006:10:00:09 +0000] "GET /with some spaces HTTP/1.1" 200 5 "-" "UA"',
  truncatedAgent: '10.1.1.9 - - [09/Jan/2006:10:00:10 +0000] "GET /cut HTTP/1.1" 200 7 "-" "Mozilla/5.0 (compatible; Bot/2.1; +http://bot.example/',
} as const;

/** Fragments of a line broken by an injected newline (the NASA log's 4096-byte corruption). */
export const FRAGMENTS = [
  'host.example - - [01/Aug/1995:00:12:37 -0400] "GET /shuttle/missions/sts-71/sts-71-pa',
  'tch-small.gif HTTP/1.0" 200 12054',
];

/** A combined line from its parts. */
export function combinedLine(p: {
  ip: string;
  user: string;
  time: string;
  request: string;
  status: number;
  bytes: number | null;
  referrer: string | null;
  agent: string;
}): string {
  return `${p.ip} - ${p.user} [${p.time}] "${p.request}" ${p.status} ${p.bytes ?? '-'} "${p.referrer ?? '-'}" "${p.agent}"`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** dd/Mon/yyyy:HH:MM:SS ±hhmm for a UTC instant shown in a given offset (minutes). */
export function clfTime(instant: number, offsetMinutes: number): string {
  const local = new Date(instant + offsetMinutes * 60000);
  const two = (n: number): string => String(n).padStart(2, '0');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${two(local.getUTCDate())}/${MONTHS[local.getUTCMonth()]}/${local.getUTCFullYear()}:${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())} ${sign}${two(Math.floor(abs / 60))}${two(abs % 60)}`;
}

/** Text safe inside a quoted field without escapes: no quotes, backslashes or line ends. */
export const plainText = (maxLength = 30): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...'abcXYZ019 /?=&.:-_()é€😀'), maxLength }).filter((s) => s !== '-');

/** A random combined-format record (the parts that go into a line). */
export const combinedArb = fc.record({
  ip: fc.oneof(fc.ipV4(), fc.ipV6(), fc.domain()),
  user: fc.constantFrom('-', 'frank', 'bob'),
  instant: fc.integer({ min: Date.UTC(1995, 0, 1), max: Date.UTC(2030, 0, 1) }),
  offset: fc.constantFrom(0, 60, -240, 330, -480, 840),
  method: fc.constantFrom('GET', 'POST', 'HEAD'),
  path: fc.string({ unit: fc.constantFrom(...'abc/?=&.%-_ é'), minLength: 1, maxLength: 20 }).map((p) => `/${p}`),
  status: fc.constantFrom(200, 304, 404, 500),
  bytes: fc.option(fc.nat({ max: 10_000_000 }), { nil: null }),
  referrer: fc.option(fc.constantFrom('http://www.a.example/', 'http://a.example/', 'https://b.example/x?y=1', 'http://c.example/é'), { nil: null }),
  agent: plainText(),
});

export type CombinedParts = typeof combinedArb extends fc.Arbitrary<infer T> ? T : never;

/** The line for a generated record. */
export function lineOf(r: CombinedParts): string {
  return combinedLine({
    ip: r.ip,
    user: r.user,
    time: clfTime(r.instant - (r.instant % 1000), r.offset),
    request: `${r.method} ${r.path} HTTP/1.1`,
    status: r.status,
    bytes: r.bytes,
    referrer: r.referrer,
    agent: r.agent,
  });
}

/** Splits a byte array at the given cut points (any order, duplicates allowed) into chunks. */
export function chunked(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of points) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  out.push(bytes.subarray(from));
  return out;
}

/** Collects everything an async iterable yields. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Runs `fn`, expecting a rejection with this class and message. */
export async function expectThrows(fn: () => unknown, type: new (...args: never[]) => Error, message: RegExp): Promise<void> {
  let thrown: unknown;
  try {
    await fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `expected ${type.name} ${message}`).toBeInstanceOf(type);
  expect((thrown as Error).message).toMatch(message);
}

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Lossless UTF-8 decoding written independently of the library: each code point that TextDecoder (fatal) accepts on
 * its own is decoded, every other byte becomes `\xhh`.
 */
export function losslessReference(bytes: Uint8Array): string {
  let out = '';
  for (let p = 0; p < bytes.length; ) {
    let taken = 0;
    for (let n = 1; n <= 4 && p + n <= bytes.length && taken === 0; n++) {
      try {
        const text = fatal.decode(bytes.subarray(p, p + n));
        if ([...text].length === 1) {
          out += text;
          taken = n;
        }
      } catch {
        // Not a whole code point yet.
      }
    }
    if (taken === 0) {
      out += `\\x${bytes[p]!.toString(16).padStart(2, '0')}`;
      taken = 1;
    }
    p += taken;
  }
  return out;
}
