// A way out of long work: the options every long-running call takes, and the error it throws when it stops early.
import { stopper } from '@puzzles/kit/budget';
import { describeValue } from './errors.js';

/** How to stop a long call early, and how to watch it. */
export interface StopOptions {
  /** Stops the work when aborted (the call then throws a StoppedError). */
  readonly signal?: AbortSignal | undefined;
  /** Stops the work after this many milliseconds (the call then throws a StoppedError). */
  readonly timeout?: number | undefined;
  /**
   * Called now and then (at most every few milliseconds of work) with how far the work is: `done` of `total` steps
   * (elimination steps: pivots or unknowns), so that a caller can draw a progress line.
   */
  readonly onProgress?: ((done: number, total: number) => void) | undefined;
}

/** Thrown by a long call stopped by its `signal` or `timeout`: says why, what it was doing and how far it got. */
export class StoppedError extends Error {
  override name = 'StoppedError';
  /** 'aborted' (the signal) or 'timeout'. */
  readonly reason: 'aborted' | 'timeout';
  /** What was being done, as in the message ("eliminating the 10,000 moves of lights out 100×100"). */
  readonly task: string;
  /** How far it got: `done` of `total` `unit` ("cells", "first-row unknowns", "solutions"). */
  readonly done: number;
  readonly total: number;
  readonly unit: string;

  constructor(reason: 'aborted' | 'timeout', task: string, done: number, total: number, unit: string) {
    super(`${reason === 'timeout' ? 'the time limit was reached' : 'aborted'} while ${task}: ${formatCount(done)} of ${formatCount(total)} ${unit} done`);
    this.reason = reason;
    this.task = task;
    this.done = done;
    this.total = total;
    this.unit = unit;
  }
}

/** 12,345 with a comma every three digits (the same on every platform). @internal */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A cheap stop check with progress: `step(done, work)` in a loop throws a StoppedError once the work must stop. @internal */
export interface Watch {
  /** Steps done so far and the word operations since the last call; the clock is read once per ~65,000 operations. */
  step(done: number, work: number): void;
  /** A new task, total and unit (the time limit carries on). */
  task(task: string, total: number, unit: string): void;
}

const noWatch: Watch = { step() {}, task() {} };

/** Word operations between two looks at the clock (tens of microseconds of work). */
const CHECK_WORK = 1 << 16;

/** The watch for a call's options (checked: signal, timeout, onProgress); a signal already aborted stops at once. @internal */
export function watch(options: StopOptions, task: string, total: number, unit: string): Watch {
  const { signal, timeout, onProgress } = options;
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new TypeError(`onProgress must be a function; got ${describeValue(onProgress)}`);
  }
  if (signal === undefined && timeout === undefined && onProgress === undefined) return noWatch;
  const stop = stopper({ signal, timeout }, 1);
  if (stop.check()) throw new StoppedError(stop.reason!, task, 0, total, unit);
  let pending = 0;
  return {
    step(done, work) {
      if ((pending += work) < CHECK_WORK) return;
      pending = 0;
      if (stop.check()) throw new StoppedError(stop.reason!, task, done, total, unit);
      onProgress?.(done, total);
    },
    task(next, nextTotal, nextUnit) {
      task = next;
      total = nextTotal;
      unit = nextUnit;
    },
  };
}
