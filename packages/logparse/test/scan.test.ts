import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileApacheFormat, compileFormat } from '../src/format.js';
import { LineScanner } from '../src/scan.js';
import { QUIRKS, BLOG_LINE, combinedArb, lineOf } from './reference.js';

/** Everything a scan leaves for its callers. */
function outcome(scanner: LineScanner, ok: boolean): unknown {
  if (!ok) return { ok, fail: scanner.fail, field: scanner.failField, at: scanner.failAt };
  return { ok, starts: [...scanner.starts], ends: [...scanner.ends], escaped: [...scanner.escaped], day: scanner.day, truncated: scanner.truncated, extras: scanner.extras };
}

/** A line edited at one place: a byte deleted, one of the bytes that matter inserted, cut short, or trailing text. */
const edited = fc
  .tuple(combinedArb.map(lineOf), fc.nat(), fc.constantFrom('delete', 'insert', 'cut', 'trail', 'none'), fc.constantFrom(' ', '"', '\\', '[', ']', '-', '0', 'a', '\t', '+'), fc.constantFrom(' "x"', ' y', '  ', ' "-', '"'))
  .map(([line, at, edit, byte, tail]) => {
    const i = at % (line.length + 1);
    if (edit === 'delete') return line.slice(0, i) + line.slice(i + 1);
    if (edit === 'insert') return line.slice(0, i) + byte + line.slice(i);
    if (edit === 'cut') return line.slice(0, i);
    if (edit === 'trail') return line + tail;
    return line;
  });

/** Sizes at and past the 15 digits a size may have. */
const SIZES = ['1'.repeat(15), '1'.repeat(16)].map((size) => `10.0.0.1 - - [09/Jan/2006:10:00:00 +0000] "GET / HTTP/1.1" 200 ${size} "-" "UA"`);

/** Lines as a chunk holds them (no line ends inside). */
const lines = fc.array(fc.oneof({ weight: 6, arbitrary: edited }, { weight: 1, arbitrary: fc.constantFrom(BLOG_LINE, ...Object.values(QUIRKS), ...SIZES) }, { weight: 1, arbitrary: fc.string({ maxLength: 60 }).filter((l) => !l.includes('\n')) }), { minLength: 1, maxLength: 12 });

describe('LineScanner', () => {
  it('scans combined lines on its straight path exactly as the walk over the format does: fields, day, flags, and every reject', () => {
    // Lines one after another in one buffer with quotes and backslashes after the last, as a chunk holds them: the
    // searches that look past a line's end, and their cache from line to line, are the ones a file meets.
    // The combined layout also when written as an Apache LogFormat.
    const formats = [compileFormat('combined'), compileApacheFormat('%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-agent}i"')];
    fc.assert(
      fc.property(lines, fc.constantFrom('', '"', '\\"x"'), fc.constantFrom(...formats), (list, after, format) => {
        const buf = new TextEncoder().encode(`${list.join('\n')}\n${after}`);
        const fast = new LineScanner(format);
        const walk = new LineScanner(format, true);
        let s = 0;
        for (const line of list) {
          const e = s + new TextEncoder().encode(line).length;
          const a = outcome(fast, fast.scan(buf, s, e));
          const b = outcome(walk, walk.scan(buf, s, e));
          expect(a, line).toEqual(b);
          s = e + 1;
        }
      }),
      { numRuns: 400 },
    );
  });
});
