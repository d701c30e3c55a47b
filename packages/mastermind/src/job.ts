import { describeValue } from '@puzzles/kit/describe';
import { stopper, type Stopper } from '@puzzles/kit/budget';

/** Why a long call stopped before it finished: its `signal` was aborted, or its `timeout` passed. */
export type StopReason = 'aborted' | 'timeout';

/** How far a long call has got: the search for guesses, then (evaluate) the secrets played. */
export interface Progress {
  /** 'search': choosing guesses; 'play': playing the secrets (evaluate). */
  readonly stage: 'search' | 'play';
  /** What `done` counts: candidate sets searched (optimal), guesses scored (heuristics), codes tried (state machine), secrets played. */
  readonly unit: 'candidate sets' | 'guesses' | 'codes' | 'secrets';
  /** How many units are done so far (it only grows). */
  readonly done: number;
  /** How many units there are in all, when known (the secrets of evaluate). */
  readonly total?: number;
}

/** How to stop a long call, and how to hear how far it has got. */
export interface LongCallOptions {
  /** Stops the call when aborted; it then returns what it did so far, with `stopped: 'aborted'`. */
  readonly signal?: AbortSignal;
  /** Stops the call after this many milliseconds; it then returns what it did so far, with `stopped: 'timeout'`. */
  readonly timeout?: number;
  /** Called from the start and regularly while the call runs. */
  readonly onProgress?: (progress: Progress) => void;
}

/** Thrown inside a long call when it must stop; caught where the call returns its partial result. @internal */
export class Stopped extends Error {
  constructor(readonly reason: StopReason) {
    super(`stopped (${reason})`);
  }
}

/** Search units between two progress reports, by unit: a candidate set or a guess scored is slow, a code tried is quick. */
const REPORT_EVERY: Record<Progress['unit'], number> = { 'candidate sets': 16, guesses: 16, codes: 1 << 16, secrets: 64 };

/** The stop check and the progress reports of one long call. @internal */
export class Job {
  private readonly stop: Stopper;
  private readonly onProgress: ((progress: Progress) => void) | undefined;
  private searched = 0;
  private nextReport = 1;
  private played = 0;

  constructor(options: LongCallOptions) {
    this.stop = stopper({ signal: options.signal, timeout: options.timeout }, 64);
    const onProgress = options.onProgress;
    if (onProgress !== undefined && typeof onProgress !== 'function') {
      throw new TypeError(`onProgress must be a function; got ${describeValue(onProgress)}`);
    }
    this.onProgress = onProgress;
  }

  /** Counts search work in `unit`; reports progress now and then; throws Stopped when the call must stop. */
  search(unit: 'candidate sets' | 'guesses' | 'codes', units = 1): void {
    this.searched += units;
    if (this.onProgress !== undefined && this.searched >= this.nextReport) {
      this.nextReport = this.searched + REPORT_EVERY[unit];
      this.onProgress({ stage: 'search', unit, done: this.searched });
    }
    if (this.stop.check()) throw new Stopped(this.stop.reason!);
  }

  /** Counts a secret played of `total`; reports every 64 and the last; throws Stopped when the call must stop. */
  play(total: number): void {
    this.played++;
    if (this.onProgress !== undefined && (this.played % REPORT_EVERY.secrets === 1 || this.played === total)) {
      this.onProgress({ stage: 'play', unit: 'secrets', done: this.played, total });
    }
    if (this.played < total && this.stop.check()) throw new Stopped(this.stop.reason!);
  }

  /** Throws Stopped if the signal is already aborted (checked once before the work starts). */
  start(): void {
    if (this.stop.check()) throw new Stopped(this.stop.reason!);
  }
}
