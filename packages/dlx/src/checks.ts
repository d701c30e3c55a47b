// The checks a running search makes between nodes: node budget, time budget, AbortSignal, progress reports, and a
// pause after a slice of time (so that an async search can let the event loop in). Shared by Search and SudokuSolver.
import type { SearchEngine } from './engine-m.js';
import { describeValue, positiveCount } from './errors.js';

/** What the checks read and set on a search: its counters and its check hook (any engine, or another search loop). */
type Checked = Pick<SearchEngine, 'nodes' | 'updates' | 'level' | 'checkAt' | 'onCheck'>;

/** Why a search ended before it had seen the whole search tree. */
export type StopReason = 'limit' | 'nodes' | 'time' | 'signal' | 'caller';

/** A snapshot passed to `onProgress`. */
export interface Progress {
  /** Search-tree nodes entered so far. */
  readonly nodes: number;
  /** Link updates so far (one per node hidden from an item list, one per item removed). */
  readonly updates: number;
  /** The current depth: options chosen on the current path (with multiplicities, also the levels that chose none). */
  readonly depth: number;
  readonly solutions: number;
  readonly seconds: number;
}

/** The budgets of a search (what both `SearchOptions` and `SudokuSearchOptions` take). */
export interface BudgetOptions {
  /** Stop before entering more than this many search-tree nodes. */
  readonly maxNodes?: number;
  /** Stop after about this many milliseconds (checked every 1024 nodes and at each solution). */
  readonly timeout?: number;
  /**
   * Stop when aborted (checked every 1024 nodes and at each solution). A synchronous search sees an abort made from
   * `onProgress` or between lazy solutions; the async forms (`for await`, `drainAsync`, `searchAsync`) let the event
   * loop in every few milliseconds, so timers, Ctrl-C handlers and closed pipes can abort it too.
   */
  readonly signal?: AbortSignal;
  /** Called every `progressInterval` nodes. */
  readonly onProgress?: (progress: Progress) => void;
  /** Nodes between progress reports (default 1,000,000). */
  readonly progressInterval?: number;
}

/** Checked budgets. @internal */
export interface Budget {
  readonly maxNodes: number;
  readonly timeout: number;
  readonly signal: AbortSignal | undefined;
  readonly onProgress: ((progress: Progress) => void) | undefined;
  readonly interval: number;
}

function nonNegativeNumber(value: unknown, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || Number.isNaN(value)) throw new TypeError(`${what} must be a number; got ${describeValue(value)}`);
  if (value < 0) throw new RangeError(`${what} must be at least 0; got ${describeValue(value)}`);
  return value;
}

/** Checks the budget options; RangeError/TypeError naming a bad one. @internal */
export function budgetOf(o: Partial<BudgetOptions>): Budget {
  const maxNodes = nonNegativeNumber(o.maxNodes, 'maxNodes') ?? Infinity;
  const timeout = nonNegativeNumber(o.timeout, 'timeout') ?? Infinity;
  if (o.signal !== undefined && (typeof o.signal !== 'object' || o.signal === null || typeof o.signal.aborted !== 'boolean')) {
    throw new TypeError(`signal must be an AbortSignal; got ${describeValue(o.signal)}`);
  }
  if (o.onProgress !== undefined && typeof o.onProgress !== 'function') {
    throw new TypeError(`onProgress must be a function; got ${describeValue(o.onProgress)}`);
  }
  const interval = positiveCount(o.progressInterval, 'progressInterval', 1_000_000);
  return { maxNodes, timeout, signal: o.signal, onProgress: o.onProgress, interval };
}

/** Nodes between clock and signal checks. */
const POLL = 1024;

/** Milliseconds an async search runs before it lets the event loop in. @internal */
export const SLICE_MS = 15;

/** Lets the event loop run (timers, I/O, signal handlers) before going on: setImmediate where there is one. @internal */
export function yieldToEventLoop(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  return new Promise((resolve) => (immediate !== undefined ? immediate(resolve) : setTimeout(resolve, 0)));
}

/**
 * The checks of one search on an engine, installed as its `onCheck`. `reason` says why it stopped; `paused` that it
 * stopped only because the slice ended at `pauseAt` (then `run` may be called again to go on). @internal
 */
export class Checks {
  reason: StopReason | null = null;
  paused = false;
  /** The time (performance.now()) at which the current slice ends; Infinity for a synchronous search. */
  pauseAt = Infinity;
  readonly #engine: Checked;
  readonly #budget: Budget;
  readonly #start: number;
  readonly #solutions: () => number;
  #poll: number;
  #nextPoll: number;
  #nextProgress: number;

  /** `polling`: check the clock every 1024 nodes even without a signal or a timeout (for slices). */
  constructor(engine: Checked, budget: Budget, start: number, solutions: () => number, polling: boolean) {
    this.#engine = engine;
    this.#budget = budget;
    this.#start = start;
    this.#solutions = solutions;
    this.#poll = polling || budget.signal !== undefined || budget.timeout !== Infinity ? POLL : Infinity;
    this.#nextPoll = engine.nodes + this.#poll;
    this.#nextProgress = budget.onProgress === undefined ? Infinity : engine.nodes + budget.interval;
    engine.onCheck = () => this.#check();
    this.#schedule();
  }

  /** Starts checking the clock every 1024 nodes (a synchronous search going on as an async one). */
  poll(): void {
    if (this.#poll !== Infinity) return;
    this.#poll = POLL;
    this.#nextPoll = this.#engine.nodes + POLL;
    this.#schedule();
  }

  /** True (and `reason` set) when the signal is aborted or the time is up: checked before each run and at solutions. */
  expired(): boolean {
    const { signal, timeout } = this.#budget;
    if (signal?.aborted === true) this.reason = 'signal';
    else if (timeout !== Infinity && performance.now() - this.#start >= timeout) this.reason = 'time';
    return this.reason !== null;
  }

  /** Removes the checks from the engine. */
  uninstall(): void {
    this.#engine.onCheck = null;
    this.#engine.checkAt = Infinity;
  }

  #schedule(): void {
    this.#engine.checkAt = Math.min(this.#nextPoll, this.#nextProgress, this.#budget.maxNodes);
  }

  #check(): boolean {
    const e = this.#engine;
    const budget = this.#budget;
    const nodes = e.nodes;
    if (nodes >= budget.maxNodes) {
      this.reason = 'nodes';
      return true;
    }
    if (nodes >= this.#nextProgress) {
      this.#nextProgress = nodes + budget.interval;
      budget.onProgress!({
        nodes,
        updates: e.updates,
        depth: e.level,
        solutions: this.#solutions(),
        seconds: (performance.now() - this.#start) / 1000,
      });
      if (budget.signal?.aborted === true) {
        this.reason = 'signal';
        return true;
      }
    }
    if (nodes >= this.#nextPoll) {
      this.#nextPoll = nodes + this.#poll;
      if (budget.signal?.aborted === true) {
        this.reason = 'signal';
        return true;
      }
      const now = performance.now();
      if (now - this.#start >= budget.timeout) {
        this.reason = 'time';
        return true;
      }
      if (now >= this.pauseAt) {
        this.paused = true;
        this.#schedule();
        return true;
      }
    }
    this.#schedule();
    return false;
  }
}
