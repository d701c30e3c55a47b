// LineSplitter: lines that span chunks are carried over in one reused buffer; each line handed out must still be
// exactly the bytes of that line, however the input is cut, and overlong lines are reported, not buffered.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../src/lines.js';
import { chunked, prop } from './reference.js';

// `cr`: the byte after the line's end is a '\r' (one was dropped before its newline), as readers that count a line's
// bytes take it.
type Event = [kind: 'line' | 'overlong', line: number, text: string, final: boolean, cr: boolean];

function split(chunks: Uint8Array[], max: number): Event[] {
  const events: Event[] = [];
  const splitter = new LineSplitter(
    max,
    (buf, s, e, line, final) => events.push(['line', line, Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).toString('latin1', s, e), final, buf[e] === 13]),
    // (The length and head of an overlong line may or may not count a '\r' before its newline: not checked here.)
    (line) => events.push(['overlong', line, '', false, false]),
  );
  for (const chunk of chunks) splitter.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  splitter.end();
  return events;
}

/** What the splitter should report, computed the plain way. */
function expected(text: string, max: number): Event[] {
  const parts = text.split('\n');
  const last = parts.pop()!;
  const events: Event[] = [];
  const add = (part: string, final: boolean): void => {
    const line = part.endsWith('\r') ? part.slice(0, -1) : part;
    const n = events.length + 1;
    if (line.length > max) events.push(['overlong', n, '', false, false]);
    else events.push(['line', n, line, final, part.endsWith('\r')]);
  };
  for (const part of parts) add(part, false);
  if (last !== '') add(last, true);
  return events;
}

describe('LineSplitter', () => {
  prop([
    fc.array(fc.oneof(fc.string({ unit: fc.constantFrom('a', 'b', '\r', 'é') }), fc.nat(300).map((n) => 'x'.repeat(n))), { maxLength: 12 }),
    fc.array(fc.nat(), { maxLength: 30 }),
    fc.boolean(),
    fc.integer({ min: 0, max: 120 }),
  ])('hands out every line whole, whatever the chunks, while reusing its carry buffer', async (lines, cuts, newlineAtEnd, max) => {
    const text = lines.join('\n') + (newlineAtEnd ? '\n' : '');
    const bytes = Buffer.from(text, 'latin1');
    expect(split(chunked(bytes, cuts), max)).toEqual(expected(text, max));
  });

  it('leaves no byte of an earlier carried line after a shorter one (no stale \'\\r\' read as its own)', () => {
    // Each line is cut in two, so each is carried over in the one buffer: "cccc" follows a line with '\r' at its length.
    const text = 'aaaa\rbbbb\ncccc\ndd\r\nee';
    const bytes = Buffer.from(text, 'latin1');
    const events = split(chunked(bytes, [2, 12, 17, 22]), 100);
    expect(events).toEqual(expected(text, 100));
    expect(events.map((e) => e[4])).toEqual([false, false, true, false]);
  });

  it('carries lines longer than its first carry buffer across many one-byte chunks', () => {
    const lines = [`${'a'.repeat(5000)}`, 'short', `${'b'.repeat(9000)}\r`, 'c'.repeat(70000), 'tail'];
    const text = lines.join('\n');
    const bytes = Buffer.from(text, 'latin1');
    const cuts = Array.from({ length: 200 }, (_, i) => (i * 7919) % bytes.length);
    const events = split(chunked(bytes, cuts), 65536);
    expect(events).toEqual(expected(text, 65536));
    expect(events.map((e) => e[0])).toEqual(['line', 'line', 'line', 'overlong', 'line']);
  });
});
