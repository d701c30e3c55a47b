// Splits a stream of byte chunks into lines without decoding them: `\n` ends a line, a `\r` before it is dropped,
// a line may span any number of chunks (and split a UTF-8 character), and a line longer than the limit is not
// buffered: it is reported as overlong once its end is found.
import { allocBytes, copyBytes } from './bytes.js';

/** Called for each line `buf[s, e)` (line end removed); `final` is true for a last line without a newline. @internal */
export type LineHandler = (buf: Uint8Array, s: number, e: number, line: number, final: boolean) => void;
/** Called for a line longer than the limit, with its length in bytes and its first bytes. @internal */
export type OverlongHandler = (line: number, length: number, head: Uint8Array) => void;

/** The default longest line accepted, in bytes. */
export const DEFAULT_MAX_LINE_LENGTH = 65536;

/**
 * The largest `maxLineLength` allowed, in bytes: every field of a line this long still fits in a JavaScript string
 * (at most 2^29 - 24 characters) even when each of its bytes is written as the four characters `\xhh`.
 */
export const MAX_LINE_LENGTH = 100_000_000;

/** Feeds chunks in, hands complete lines out. @internal */
export class LineSplitter {
  line = 0;
  // 0: nothing carried over; 1: the start of a line is carried over in #carry[0, #carryLength);
  // 2: an overlong line is being skipped (#overlong bytes so far).
  #state = 0;
  // One buffer, reused for every line that spans chunks (it grows up to the longest line accepted), so that lines
  // come from at most two pieces of memory: the chunk's and this one.
  #carry: Uint8Array = allocBytes(0);
  #carryLength = 0;
  #overlong = 0;
  #head: Uint8Array = allocBytes(0);
  readonly #max: number;
  readonly #onLine: LineHandler;
  readonly #onOverlong: OverlongHandler;

  constructor(maxLineLength: number, onLine: LineHandler, onOverlong: OverlongHandler) {
    this.#max = maxLineLength;
    this.#onLine = onLine;
    this.#onOverlong = onOverlong;
  }

  /** Takes the next chunk. */
  push(chunk: Uint8Array): void {
    const length = chunk.length;
    let pos = 0;
    if (this.#state !== 0) {
      const nl = chunk.indexOf(10);
      if (nl < 0) {
        this.#grow(chunk, length);
        return;
      }
      this.#grow(chunk, nl);
      this.#finishCarried(false);
      pos = nl + 1;
    }
    const max = this.#max;
    for (;;) {
      const nl = chunk.indexOf(10, pos);
      if (nl < 0) break;
      this.#emit(chunk, pos, nl, max, false);
      pos = nl + 1;
    }
    if (pos < length) this.#grow(chunk, length - pos, pos);
  }

  /** Ends the input: a last line without a newline is handed out with `final` set. */
  end(): void {
    if (this.#state !== 0) this.#finishCarried(true);
  }

  #emit(buf: Uint8Array, s: number, e: number, max: number, final: boolean): void {
    const line = ++this.line;
    let start = s;
    // A UTF-8 byte-order mark at the start of the input is not part of the first field.
    if (line === 1 && e - s >= 3 && buf[s] === 0xef && buf[s + 1] === 0xbb && buf[s + 2] === 0xbf) start += 3;
    let end = e;
    if (end > start && buf[end - 1] === 13) end--;
    if (end - start > max) this.#onOverlong(line, end - start, buf.subarray(start, start + 200));
    else this.#onLine(buf, start, end, line, final);
  }

  // Adds `chunk[from, from + n)` to the line being carried over.
  #grow(chunk: Uint8Array, n: number, from = 0): void {
    if (this.#state === 2) {
      this.#overlong += n;
      return;
    }
    const carried = this.#state === 1 ? this.#carryLength : 0;
    const length = carried + n;
    // +1 leaves room for a '\r' that is not part of the line.
    if (length > this.#max + 1) {
      const head = allocBytes(Math.min(200, length));
      copyBytes(this.#carry, 0, Math.min(carried, head.length), head, 0);
      if (carried < head.length) copyBytes(chunk, from, from + head.length - carried, head, carried);
      this.#head = head;
      this.#overlong = length;
      this.#state = 2;
      this.#carryLength = 0;
      return;
    }
    if (length > this.#carry.length) {
      const bigger = allocBytes(Math.min(Math.max(2 * length, 4096), this.#max + 1));
      copyBytes(this.#carry, 0, carried, bigger, 0);
      this.#carry = bigger;
    }
    copyBytes(chunk, from, from + n, this.#carry, carried);
    this.#carryLength = length;
    this.#state = 1;
  }

  #finishCarried(final: boolean): void {
    if (this.#state === 2) {
      this.line++;
      this.#onOverlong(this.line, this.#overlong, this.#head);
      this.#overlong = 0;
      this.#head = allocBytes(0);
      this.#state = 0;
      return;
    }
    const length = this.#carryLength;
    this.#state = 0;
    this.#carryLength = 0;
    if (final && length === 0) return;
    // The byte after a line is its dropped '\r' or its '\n' (readers count a line's bytes so): not what an earlier,
    // longer line left in the buffer.
    if (length < this.#carry.length && (length === 0 || this.#carry[length - 1] !== 13)) this.#carry[length] = 10;
    // Always the same Buffer object (consumers may cache views of it; a scanner is told of new content by
    // `newChunk`).
    this.#emit(this.#carry, 0, length, this.#max, final);
  }
}
