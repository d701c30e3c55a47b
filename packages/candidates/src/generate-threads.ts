// generatePuzzles' attempts on worker threads: handed out in attempt order, so the puzzles (and their order) are those
// of one thread. Each worker has at most two attempts to answer, and no attempt is started more than AHEAD per worker
// past the one the generator waits for: a generator nobody reads from idles its workers.
import type { AttemptOptions, GeneratedPuzzle } from './generate.js';
import { startThread, type Thread } from './threads.js';

/** A message to a generating worker. @internal */
export type ToWorker =
  | { readonly type: 'start'; readonly run: number; readonly options: AttemptOptions }
  | { readonly type: 'attempt'; readonly run: number; readonly index: number; readonly state: readonly number[] };

/** A generating worker's answer: attempt `index`'s puzzle (null for none), or the message of what it threw. @internal */
export type FromWorker = { readonly run: number; readonly index: number; readonly puzzle?: GeneratedPuzzle | null; readonly error?: string };

/** Most attempts a worker has to answer at a time. */
const PER_WORKER = 2;
/**
 * How far past the attempt the generator waits for, per worker, attempts may be started. Attempts differ a lot (one
 * that makes an Unfair puzzle takes some twenty times one that is dropped at once): while one worker is on a long one,
 * the others go on with the next ones rather than wait for it to be taken.
 */
const AHEAD = 16;

let runs = 0;

interface Busy {
  readonly thread: Thread;
  /** Attempts posted and not yet answered. */
  pending: number;
  /** Whether the run is done with it (released to the pool or ended). */
  done: boolean;
}

/** The attempts of one generatePuzzles iteration on `workers` threads. @internal */
export class ThreadedAttempts {
  readonly #run = ++runs;
  readonly #threads: Busy[] = [];
  readonly #draw: () => number[];
  readonly #results = new Map<number, GeneratedPuzzle | null>();
  /** The next attempt to post, and the next to hand out. */
  #posted = 0;
  #taken = 0;
  #waiting: { resolve: (puzzle: GeneratedPuzzle | null) => void; reject: (error: Error) => void } | undefined;
  #failure: Error | undefined;
  #ended = false;

  constructor(workers: number, options: AttemptOptions, draw: () => number[]) {
    this.#draw = draw;
    for (let k = 0; k < workers; k++) {
      const busy: Busy = { thread: undefined as unknown as Thread, pending: 0, done: false };
      (busy as { thread: Thread }).thread = startThread(
        (message) => this.#answer(busy, message as FromWorker),
        (error) => this.#fail(error),
      );
      busy.thread.post({ type: 'start', run: this.#run, options } satisfies ToWorker);
      this.#threads.push(busy);
    }
  }

  /** How many of its workers are still at work (not yet back in the pool or ended). */
  get working(): number {
    let n = 0;
    for (const busy of this.#threads) if (!busy.done) n++;
    return n;
  }

  /** The outcome of the next attempt in order (a puzzle or null); rejects when a worker fails. */
  take(): Promise<GeneratedPuzzle | null> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    const index = this.#taken;
    this.#fill();
    if (this.#results.has(index)) {
      const puzzle = this.#results.get(index)!;
      this.#results.delete(index);
      this.#taken++;
      this.#fill();
      return Promise.resolve(puzzle);
    }
    return new Promise((resolve, reject) => {
      this.#waiting = {
        resolve: (puzzle) => {
          this.#results.delete(index);
          this.#taken++;
          this.#fill();
          resolve(puzzle);
        },
        reject,
      };
    });
  }

  /**
   * Ends the run: with `now`, every worker is ended at once, whatever it is doing; else each goes back to the pool of
   * idle workers once it has answered its attempts (their outcomes are not wanted).
   */
  end(now: boolean): void {
    if (this.#ended && !now) return;
    this.#ended = true;
    for (const busy of this.#threads) {
      if (busy.done) continue;
      if (now) this.#let(busy, false);
      else if (busy.pending === 0) this.#let(busy, true);
    }
  }

  /** Done with a worker: back to the pool, or ended. */
  #let(busy: Busy, keep: boolean): void {
    busy.done = true;
    if (keep) busy.thread.release();
    else void busy.thread.terminate();
  }

  /** Posts attempts to the least busy workers while the look-ahead allows. */
  #fill(): void {
    if (this.#ended) return;
    const limit = this.#taken + AHEAD * this.#threads.length;
    while (this.#posted < limit) {
      let best: Busy | undefined;
      for (const busy of this.#threads) if (busy.pending < PER_WORKER && (best === undefined || busy.pending < best.pending)) best = busy;
      if (best === undefined) return;
      best.pending++;
      best.thread.post({ type: 'attempt', run: this.#run, index: this.#posted++, state: this.#draw() } satisfies ToWorker);
    }
  }

  #answer(busy: Busy, message: FromWorker): void {
    busy.pending--;
    if (this.#ended) {
      if (busy.pending === 0 && !busy.done) this.#let(busy, true);
      return;
    }
    if (message.error !== undefined) {
      this.#fail(new Error(message.error));
      return;
    }
    this.#results.set(message.index, message.puzzle ?? null);
    if (message.index === this.#taken && this.#waiting !== undefined) {
      const waiting = this.#waiting;
      this.#waiting = undefined;
      waiting.resolve(message.puzzle ?? null);
    } else this.#fill();
  }

  #fail(error: Error): void {
    if (this.#ended) return;
    this.#failure = error;
    this.end(true);
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.reject(error);
  }
}
