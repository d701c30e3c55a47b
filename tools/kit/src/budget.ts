// A cheap stop check for long library loops: an AbortSignal, a time limit, or both. Platform-neutral (browser too).
import { describeValue } from './describe.js';

/** Why long work stopped early. */
export type StopReason = 'aborted' | 'timeout';

/** The options of a long-running library call. */
export interface StopOptions {
  /** Stops the work when aborted. */
  readonly signal?: AbortSignal | undefined;
  /** Stops the work after this many milliseconds. */
  readonly timeout?: number | undefined;
}

/** A stop check: `check()` is cheap enough for an inner loop (it reads the clock one call in `every`). */
export interface Stopper {
  /** True (and `reason` set) once the signal is aborted or the time is up. */
  check(): boolean;
  readonly reason: StopReason | undefined;
}

const now = (): number => (globalThis.performance ?? Date).now();

/** A stop check for these options; throws a RangeError/TypeError naming a bad timeout or signal. */
export function stopper(options: StopOptions, every = 256): Stopper {
  const { signal, timeout } = options;
  if (signal !== undefined && (typeof signal !== 'object' || signal === null || typeof signal.aborted !== 'boolean')) {
    throw new TypeError(`signal must be an AbortSignal; got ${describeValue(signal)}`);
  }
  if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0))) {
    throw new RangeError(`timeout must be a positive number of milliseconds; got ${describeValue(timeout)}`);
  }
  const deadline = timeout === undefined ? Infinity : now() + timeout;
  let calls = 0;
  let reason: StopReason | undefined;
  return {
    check() {
      if (reason !== undefined) return true;
      if (signal?.aborted) reason = 'aborted';
      else if (deadline !== Infinity && ++calls >= every) {
        calls = 0;
        if (now() >= deadline) reason = 'timeout';
      }
      return reason !== undefined;
    },
    get reason() {
      return reason;
    },
  };
}
