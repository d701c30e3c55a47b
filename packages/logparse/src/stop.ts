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
  #wake: (() => void) | null = null;
  #stopped: Promise<typeof STOPPED> | null = null;
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
    this.#wake?.();
  }

  /** The read's result, or STOPPED as soon as the work is stopped (at once if it already is). */
  race<T>(read: Promise<T>): Promise<T | typeof STOPPED> {
    if (this.reason !== undefined) return Promise.resolve(STOPPED);
    if (this.#signal === undefined && this.#timer === undefined) return read;
    this.#stopped ??= new Promise((resolve) => {
      this.#wake = () => resolve(STOPPED);
    });
    return Promise.race([read, this.#stopped]);
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#signal?.removeEventListener('abort', this.#onAbort);
  }
}

