// Splits a stream of byte chunks into lines without decoding them: `\n` ends a line, a `\r` before it is dropped,
// a line may span any number of chunks (and split a UTF-8 character), and a line longer than the limit is not
// buffered: it is reported as overlong once its end is found.
import { readChunks, type LogSource } from './source.js';

/** Called for each line `buf[s, e)` (line end removed); `final` is true for a last line without a newline. @internal */
export type LineHandler = (buf: Buffer, s: number, e: number, line: number, final: boolean) => void;
/** Called for a line longer than the limit, with its length in bytes and its first bytes. @internal */
export type OverlongHandler = (line: number, length: number, head: Buffer) => void;

/** The default longest line accepted, in bytes. */
export const DEFAULT_MAX_LINE_LENGTH = 65536;

/** Feeds chunks in, hands complete lines out. @internal */
export class LineSplitter {
  line = 0;
  #carry: Buffer | null = null;
  #overlong = -1; // length so far of an overlong line being skipped, -1 when none
  #head: Buffer | null = null;
  readonly #max: number;
  readonly #onLine: LineHandler;
  readonly #onOverlong: OverlongHandler;

  constructor(maxLineLength: number, onLine: LineHandler, onOverlong: OverlongHandler) {
    this.#max = maxLineLength;
    this.#onLine = onLine;
    this.#onOverlong = onOverlong;
  }

  /** Takes the next chunk. */
  push(chunk: Buffer): void {
    const length = chunk.length;
    let pos = 0;
    if (this.#carry !== null || this.#overlong >= 0) {
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
    if (pos < length) this.#grow(chunk.subarray(pos), length - pos);
  }

  /** Ends the input: a last line without a newline is handed out with `final` set. */
  end(): void {
    if (this.#carry !== null || this.#overlong >= 0) this.#finishCarried(true);
  }

  #emit(buf: Buffer, s: number, e: number, max: number, final: boolean): void {
    this.line++;
    let end = e;
    if (end > s && buf[end - 1] === 13) end--;
    if (end - s > max) this.#onOverlong(this.line, end - s, buf.subarray(s, s + 200));
    else this.#onLine(buf, s, end, this.line, final);
  }

  // Adds `chunk[0, n)` to the line being carried over.
  #grow(chunk: Buffer, n: number): void {
    if (n === 0 && this.#carry === null && this.#overlong < 0) {
      this.#carry = Buffer.alloc(0);
      return;
    }
    if (this.#overlong >= 0) {
      this.#overlong += n;
      return;
    }
    const part = chunk.subarray(0, n);
    const carried = this.#carry === null ? part : Buffer.concat([this.#carry, part]);
    // +1 leaves room for a '\r' that is not part of the line.
    if (carried.length > this.#max + 1) {
      this.#overlong = carried.length;
      this.#head = Buffer.from(carried.subarray(0, 200));
      this.#carry = null;
    } else {
      // Copy a slice of a chunk so the chunk itself can be collected.
      this.#carry = this.#carry === null ? Buffer.from(part) : carried;
    }
  }

  #finishCarried(final: boolean): void {
    if (this.#overlong >= 0) {
      this.line++;
      this.#onOverlong(this.line, this.#overlong, this.#head!);
      this.#overlong = -1;
      this.#head = null;
      return;
    }
    const carry = this.#carry!;
    this.#carry = null;
    if (final && carry.length === 0) return;
    this.#emit(carry, 0, carry.length, this.#max, final);
  }
}

/** Reads a source line by line, synchronously within each chunk; resolves when the source ends. @internal */
export async function forEachLine(
  source: LogSource,
  maxLineLength: number,
  onLine: LineHandler,
  onOverlong: OverlongHandler,
): Promise<number> {
  const splitter = new LineSplitter(maxLineLength, onLine, onOverlong);
  for await (const chunk of readChunks(source)) splitter.push(chunk);
  splitter.end();
  return splitter.line;
}
