// Stopping long work: an AbortSignal, a time limit, or both, as one stop that a read can be raced against (so a
// stalled stream is not waited for). Platform-neutral.
import { describeValue } from './errors.js';

/** Why a collection stopped early: its `signal` was aborted, or its `timeout` passed. */
export type StopReason = 'aborted' | 'timeout';

/** What `race` gives when the work was stopped before the read settled. @internal */
export const STOPPED = Symbol('stopped');

/** The `signal` and `timeout` of a collection, as one stop that can be raced against a read. @internal */
export class StopWatch {
  reason: StopReason | undefined;
  // The race in progress is woken through this when the work stops; it is cleared as soon as its read settles.
  #wake: (() => void) | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort = (): void => this.#stop('aborted');

  constructor(options: { readonly signal?: AbortSignal | undefined; readonly timeout?: number | undefined }) {
    const { signal, timeout } = options;
    if (signal !== undefined && (typeof signal !== 'object' || signal === null || typeof signal.aborted !== 'boolean')) {
      throw new TypeError(`signal must be an AbortSignal; got ${describeValue(signal)}`);
    }
    if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0) || timeout > 2 ** 31 - 1)) {
      throw new RangeError(`timeout must be a number of milliseconds from 1 to 2147483647; got ${describeValue(timeout)}`);
    }
    this.#signal = signal;
    if (signal?.aborted) this.reason = 'aborted';
    else signal?.addEventListener('abort', this.#onAbort, { once: true });
    if (timeout !== undefined) this.#timer = setTimeout(() => this.#stop('timeout'), timeout);
  }

  #stop(reason: StopReason): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  /**
   * The read's result, or STOPPED as soon as the work is stopped (at once if it already is). Each race is a promise
   * of its own that nothing refers to once its read has settled: `Promise.race` against one long-lived "stopped"
   * promise would leave a reaction on it per read, each holding that read's result (every chunk of a stream, kept
   * until the end of the input).
   */
  race<T>(read: Promise<T>): Promise<T | typeof STOPPED> {
    if (this.reason !== undefined) return Promise.resolve(STOPPED);
    if (this.#signal === undefined && this.#timer === undefined) return read;
    return new Promise<T | typeof STOPPED>((resolve, reject) => {
      const wake = (): void => resolve(STOPPED);
      this.#wake = wake;
      const settled = (): void => {
        if (this.#wake === wake) this.#wake = null;
      };
      read.then(
        (value) => {
          settled();
          resolve(value);
        },
        (error: unknown) => {
          settled();
          reject(error);
        },
      );
    });
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#signal?.removeEventListener('abort', this.#onAbort);
  }
}

/**
 * Reads `chunks` to the end of the input or until the work stops, handing each chunk to `onChunk` (which may throw);
 * returns why the work stopped, or undefined at the end. A source left before its end is closed, and a read still in
 * progress (a stalled stream) cannot be waited for: that source is closed once the read settles. @internal
 */
export async function readUntilStopped(
  chunks: AsyncGenerator<Uint8Array>,
  watch: StopWatch,
  onChunk: (chunk: Uint8Array) => void,
): Promise<StopReason | undefined> {
  let done = false;
  let pending = false;
  try {
    for (;;) {
      const read = chunks.next();
      pending = true;
      const next = await watch.race(read);
      if (next === STOPPED) return watch.reason;
      pending = false;
      if (next.done) {
        done = true;
        return undefined;
      }
      onChunk(next.value);
    }
  } finally {
    if (!done) {
      if (pending) chunks.return(undefined).catch(() => {});
      else await chunks.return(undefined);
    }
  }
}
