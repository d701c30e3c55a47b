// Standard output that streams with backpressure: writes are batched, the producer waits while the reader is slow,
// and the work stops as soon as the reader goes away (EPIPE) or a write fails (ENOSPC, EIO, …).
import { performance } from 'node:perf_hooks';

/** The reader of our output went away (`… | head -1`): stop quietly. */
export class OutputClosed extends Error {
  override name = 'OutputClosed';
}

/** A write to standard output failed for a reason other than a closed reader: one line on stderr, exit 1. */
export class OutputFailed extends Error {
  override name = 'OutputFailed';
}

/** How much text is gathered before it is handed to the stream, and how often a long loop lets I/O events in. */
const BATCH_CHARS = 1 << 14;
const YIELD_MS = 20;

type Stream = NodeJS.WritableStream & { writableNeedDrain?: boolean; destroyed?: boolean };

/**
 * An output stream for a CLI. `await out.write(text)` in every loop that produces output: the text is batched, and the
 * call waits while the stream is full and lets the event loop run at least every 20 ms, so a closed pipe is noticed
 * at once. After the reader goes away every write rejects with OutputClosed, and `signal` is aborted so that
 * library work given the signal stops too.
 */
export class Output {
  readonly #stream: Stream;
  readonly #controller = new AbortController();
  #buffer = '';
  #lastYield = performance.now();
  #failure: Error | undefined;
  #waiters: Array<() => void> = [];
  #flushQueued = false;

  constructor(stream: Stream = process.stdout) {
    this.#stream = stream;
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (this.#failure === undefined) {
        this.#failure =
          error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED'
            ? new OutputClosed('the reader of standard output went away')
            : new OutputFailed(`cannot write to standard output: ${describeErrno(error)}${error.code ? ` (${error.code})` : ''}`);
        this.#controller.abort(this.#failure);
      }
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  /** Aborted when the output can no longer be written (the reader went away or a write failed). */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** True once the reader went away or a write failed. */
  get closed(): boolean {
    return this.#failure !== undefined;
  }

  /** Writes text (batched); rejects with OutputClosed or OutputFailed once the stream cannot be written. */
  async write(text: string): Promise<void> {
    if (this.#failure !== undefined) throw this.#failure;
    this.#buffer += text;
    const now = performance.now();
    if (this.#buffer.length >= BATCH_CHARS || now - this.#lastYield >= YIELD_MS) {
      this.#flush();
      await this.#settle(now);
    } else if (!this.#flushQueued) {
      // Text batched here reaches the reader as soon as the producer waits (for input, say), not only at its next write.
      this.#flushQueued = true;
      setImmediate(() => {
        this.#flushQueued = false;
        this.#flush();
      });
    }
  }

  /** Writes one line (the text and a newline). */
  line(text: string): Promise<void> {
    return this.write(`${text}\n`);
  }

  /** Writes one compact JSON value on a line of its own (NDJSON for streams). */
  json(value: unknown): Promise<void> {
    return this.write(`${JSON.stringify(value)}\n`);
  }

  /** Writes what is batched and waits until the stream has taken all of it; rejects if a write failed. */
  async end(): Promise<void> {
    if (this.#failure !== undefined) throw this.#failure;
    this.#flush();
    await new Promise<void>((resolve) => {
      this.#waiters.push(resolve);
      this.#stream.write('', () => resolve());
    });
    // An error reported by the write callback reaches the 'error' listener on the next tick.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.#failure !== undefined) throw this.#failure;
  }

  #flush(): void {
    if (this.#buffer.length === 0 || this.#failure !== undefined) return;
    const text = this.#buffer;
    this.#buffer = '';
    try {
      this.#stream.write(text);
    } catch (error) {
      // A synchronous stream (a file) may throw instead of emitting 'error'.
      this.#stream.emit('error', error);
    }
  }

  /** Waits for the stream to drain when it is full, and lets I/O events in at least every YIELD_MS. */
  async #settle(now: number): Promise<void> {
    if (this.#stream.writableNeedDrain === true) {
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        this.#stream.once('drain', resolve);
      });
    } else if (now - this.#lastYield >= YIELD_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    } else {
      // A full batch on a stream that never fills (a file, /dev/null) is no yield: the clock keeps running, so timers
      // (--timeout) and signals (Ctrl-C) still get their turn within YIELD_MS.
      return;
    }
    this.#lastYield = performance.now();
    if (this.#failure !== undefined) throw this.#failure;
  }
}

/** An errno error's reason without Node's "write ENOSPC" prefix. */
function describeErrno(error: NodeJS.ErrnoException): string {
  const known: Record<string, string> = {
    ENOSPC: 'no space left on the device',
    EIO: 'input/output error',
    EBADF: 'standard output is not open',
    EACCES: 'permission denied',
    EFBIG: 'the file is too large',
    EDQUOT: 'disk quota exceeded',
  };
  return (error.code !== undefined && known[error.code]) || error.message.replace(/^\w+ \w+ /, '') || 'unknown error';
}
