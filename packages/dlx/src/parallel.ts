// Searching on every core: the search is split at its top levels into pieces (split.ts), which worker threads take in
// batches as they become free; their counts, solutions and statistics add up to one search's (solutions arrive in
// another order). Also the public `count` and `solutions`, which take the `workers` option.
import { budgetOf, type StopReason } from './checks.js';
import { describeValue, positiveCount } from './errors.js';
import { Problem, defineProblem, type OptionSpec, type ProblemSpec } from './problem.js';
import {
  Search,
  Solution,
  Solver,
  count as countOneThread,
  solutions as solutionsOneThread,
  type Pieces,
  type SearchStats,
  type SolveOptions,
} from './search.js';
import type { Seed } from './seed.js';
import { shardOf } from './shard.js';
import { startThread, type Thread } from './threads.js';

export { endIdleWorkers } from './threads.js';

/** Options of a search on worker threads: those of one search, and how many threads. */
export interface ParallelOptions extends SolveOptions {
  /**
   * Worker threads to search on (1 to 256; `navigator.hardwareConcurrency` or Node's `os.availableParallelism()` is
   * the number of cores). The counts, solutions and statistics are those of one search; solutions come in another
   * order. `limit` and `maxNodes` hold for the whole search (checked as the workers report, every few thousand nodes
   * at most: a budget may be overrun by that much); `seed`, `given`, `timeout`, `signal` and `onProgress` work as in
   * one search; with `shard`, the workers search that shard's pieces.
   */
  readonly workers: number;
}

/** Messages to a worker. @internal */
export type ToWorker =
  | { readonly type: 'init'; readonly spec: ProblemSpec; readonly seed: Seed | undefined }
  /** The consumer has taken this many more of the worker's solutions (flow control). */
  | { readonly type: 'taken'; readonly count: number }
  | {
      readonly type: 'run';
      readonly id: number;
      readonly pieces: readonly (readonly number[])[];
      readonly given: readonly number[];
      readonly countsGiven: boolean;
      readonly solutions: boolean;
      readonly limit: number | null;
      readonly maxNodes: number | null;
      readonly progressInterval: number;
    };

type Totals = Pick<SearchStats, 'solutions' | 'nodes' | 'updates' | 'maxDepth' | 'complete' | 'stoppedBy'>;

type FromWorker =
  | { readonly type: 'progress'; readonly id: number; readonly nodes: number; readonly solutions: number }
  | { readonly type: 'solutions'; readonly id: number; readonly list: number[][] }
  | { readonly type: 'done'; readonly id: number; readonly stats: Totals }
  | { readonly type: 'failed'; readonly message: string };

/** Pieces per worker: enough that the last pieces to finish are small beside the whole. */
const PIECES_PER_WORKER = 64;
/**
 * Batches a worker is sent ahead: it starts the next one as soon as it finishes one, without waiting for the main
 * thread (busy, or not even running on a machine with as many workers as cores) to answer.
 */
const QUEUED = 2;
/** Solutions waiting for the consumer before no more batches are handed out (backpressure). */
const BUFFER = 8192;
/** Nodes between a worker's reports (progress, and the shared node budget). */
const REPORT = 1 << 18;
const MAX_WORKERS = 256;
/** Solutions taken from one worker between acknowledgements. */
const ACK = 1024;

function workerCount(value: unknown): number {
  if (typeof value !== 'number' || Number.isNaN(value)) throw new TypeError(`workers must be an integer from 1 to ${MAX_WORKERS}; got ${describeValue(value)}`);
  if (!Number.isInteger(value) || value < 1 || value > MAX_WORKERS) {
    throw new RangeError(`workers must be an integer from 1 to ${MAX_WORKERS}; got ${describeValue(value)}`);
  }
  return value;
}

/**
 * The pieces in the order they are handed out: every s-th one from the first, then from the second, … (s = 16 per
 * worker), so that a batch takes pieces from all over the tree. Neighbouring pieces share their first choices and
 * their sizes go together: batches of neighbours would be as uneven as the subtrees they come from. @internal
 */
export function interleave<P>(pieces: readonly P[], workers: number): P[] {
  const stride = Math.max(1, Math.min(pieces.length, workers * 16));
  const out: P[] = [];
  for (let r = 0; r < stride; r++) for (let k = r; k < pieces.length; k += stride) out.push(pieces[k]!);
  return out;
}

/** How many pieces the next batch takes: an eighth of a worker's share of what remains, 1 to 64 (1 at the end). @internal */
export function batchSize(remaining: number, workers: number): number {
  return Math.min(64, Math.max(1, Math.floor(remaining / (workers * 8))));
}

interface Busy {
  readonly id: number;
  nodes: number;
  solutions: number;
}

/**
 * A search on worker threads: an async iterable of solutions (`for await`), or `drain()` for the count alone, with
 * live `stats`. The solutions are those of one search, in another order. Leaving a `for await` early (or `return()`)
 * ends the workers.
 */
export class ParallelSearch<T = OptionSpec> implements AsyncIterable<Solution<T>> {
  readonly #problem: Problem<T>;
  readonly #options: ParallelOptions;
  readonly #workers: number;
  readonly #limit: number;
  #run: Run<T> | null = null;
  #cancelled = false;

  /** @internal */
  constructor(problem: Problem<T>, options: ParallelOptions) {
    this.#problem = problem;
    this.#workers = workerCount(options.workers);
    // Every other option is checked as one search checks it.
    new Solver(problem, options.seed === undefined ? {} : { seed: options.seed }).solutions(options);
    this.#limit = positiveCount(options.limit, 'limit', Infinity);
    this.#options = options;
  }

  /** The statistics so far (final once the search is done). */
  get stats(): SearchStats {
    return this.#run?.stats() ?? { solutions: 0, nodes: 0, updates: 0, maxDepth: 0, seconds: 0, complete: false, stoppedBy: null };
  }

  /** Counts the solutions on the workers without sending them back; the final statistics. */
  drain(): Promise<SearchStats> {
    try {
      return this.#start(false).finished;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Ends the search early (the workers with it); its stats say stoppedBy 'caller'. */
  async return(): Promise<IteratorResult<Solution<T>, SearchStats>> {
    if (this.#run === null) {
      // Never started: nothing to stop, and it will not start.
      this.#cancelled = true;
      return { done: true, value: { ...this.stats, stoppedBy: 'caller' } };
    }
    await this.#run.stop('caller');
    return { done: true, value: this.stats };
  }

  /** The solutions as the workers find them (`for await`): the same set as one thread's, in another order. */
  [Symbol.asyncIterator](): AsyncIterator<Solution<T>, SearchStats> {
    const run = this.#start(true);
    return {
      next: async () => {
        const options = await run.take();
        if (options === null) return { done: true, value: this.stats };
        return { done: false, value: new Solution(this.#problem, options) };
      },
      return: () => this.return(),
    };
  }

  #start(solutions: boolean): Run<T> {
    if (this.#run !== null || this.#cancelled) throw new Error('this parallel search has already been started or ended: make a new one');
    this.#run = new Run(this.#problem, this.#options, this.#workers, this.#limit, solutions);
    return this.#run;
  }
}

/** One run of a parallel search: the pool of workers, the queue of pieces, the totals. */
class Run<T> {
  readonly finished: Promise<SearchStats>;
  readonly #solver: Solver<T>;
  readonly #split: Pieces;
  readonly #options: ParallelOptions;
  readonly #given: number[];
  readonly #limit: number;
  readonly #maxNodes: number;
  readonly #interval: number;
  readonly #wantSolutions: boolean;
  readonly #start = performance.now();
  #threads: Thread[] = [];
  /** Per worker, the batches it has been sent and has not finished, in the order it runs them. */
  #busy: Busy[][] = [];
  /** The pieces in the order they are handed out (see interleave), and the next one. */
  #pieces: readonly (readonly number[])[] = [];
  #next = 0;
  #batches = 0;
  #nextProgress: number;
  /** Totals of the finished batches (plus the levels above the pieces). */
  #done: Totals;
  #final: SearchStats | null = null;
  #resolve!: (stats: SearchStats) => void;
  #reject!: (error: unknown) => void;
  /** Solutions waiting for the consumer, those handed out, and a consumer waiting for one. */
  #buffer: number[][] = [];
  /** Per buffered solution, the worker it came from; per worker, solutions taken and not yet acknowledged. */
  #origin: number[] = [];
  #takenFrom: number[] = [];
  #taken = 0;
  #waiting: (() => void) | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #onAbort = () => void this.stop('signal');

  constructor(problem: Problem<T>, options: ParallelOptions, workers: number, limit: number, wantSolutions: boolean) {
    const o = options;
    this.#solver = new Solver(problem, o.seed === undefined ? {} : { seed: o.seed });
    this.#options = o;
    this.#given = [...new Set(o.given ?? [])];
    this.#limit = limit;
    const budget = budgetOf(o);
    this.#maxNodes = budget.maxNodes;
    this.#interval = budget.interval;
    this.#nextProgress = budget.onProgress === undefined ? Infinity : budget.interval;
    this.#wantSolutions = wantSolutions;
    this.finished = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    const shard = shardOf(o.shard);
    this.#split = shard === null ? this.#solver.split(this.#given, workers * PIECES_PER_WORKER) : this.#solver.shardPieces(this.#given, shard);
    this.#done = { solutions: 0, nodes: this.#split.nodes, updates: this.#split.updates, maxDepth: this.#split.maxDepth, complete: false, stoppedBy: null };
    if (budget.signal?.aborted === true) {
      void this.stop('signal');
      return;
    }
    budget.signal?.addEventListener('abort', this.#onAbort);
    if (budget.timeout !== Infinity) this.#timer = setTimeout(() => void this.stop('time'), budget.timeout);
    // The problem as data (multiplicities written back as `u:v|name`); the workers return option indices only.
    const primary = problem.primary.map((name, i) => {
      const [u, v] = problem.bounds[i] ?? [1, 1];
      return u === 1 && v === 1 ? name : `${u}:${v}|${name}`;
    });
    const spec: ProblemSpec = { primary, secondary: problem.secondary, options: problem.options };
    const threads = Math.min(workers, this.#split.pieces.length);
    this.#pieces = interleave(this.#split.pieces, threads);
    try {
      for (let k = 0; k < threads; k++) {
        const thread = startThread(
          (message) => this.#receive(k, message as FromWorker),
          (error) => void this.#fail(error),
        );
        this.#threads.push(thread);
        this.#busy.push([]);
        this.#takenFrom.push(0);
        thread.post({ type: 'init', spec, seed: o.seed } satisfies ToWorker);
      }
    } catch (error) {
      void this.#fail(error);
      return;
    }
    for (let k = 0; k < threads; k++) this.#dispatch(k);
    if (threads === 0) void this.stop(null); // a shard without pieces
  }

  stats(): SearchStats {
    if (this.#final !== null) return this.#final;
    const live = this.#live();
    return { ...live, seconds: (performance.now() - this.#start) / 1000, complete: false, stoppedBy: null };
  }

  /** The next solution's options for the consumer; null when there are no more. */
  async take(): Promise<number[] | null> {
    for (;;) {
      if (this.#buffer.length > 0) {
        const options = this.#buffer.shift()!;
        const k = this.#origin.shift()!;
        this.#taken++;
        // Acknowledged in lots, so that a worker waiting for its consumer goes on (see worker.ts).
        if (++this.#takenFrom[k]! >= ACK) {
          this.#threads[k]?.post({ type: 'taken', count: this.#takenFrom[k]! } satisfies ToWorker);
          this.#takenFrom[k] = 0;
        }
        if (this.#buffer.length < BUFFER / 2) this.#dispatchIdle();
        if (this.#taken >= this.#limit) await this.stop('limit');
        return options;
      }
      if (this.#final !== null) {
        await this.finished;
        return null;
      }
      await new Promise<void>((resolve) => (this.#waiting = resolve));
    }
  }

  /** Ends the run (terminating the workers) with the totals so far; `reason` null when every piece was searched. */
  async stop(reason: StopReason | null): Promise<void> {
    if (this.#final !== null) return;
    const live = this.#live();
    if (reason !== null && this.#wantSolutions) live.solutions = this.#taken;
    if (reason === null && this.#wantSolutions) live.solutions = this.#taken + this.#buffer.length;
    if (reason !== null) this.#buffer.length = this.#origin.length = 0;
    this.#final = { ...live, solutions: Math.min(live.solutions, this.#limit), seconds: (performance.now() - this.#start) / 1000, complete: reason === null, stoppedBy: reason };
    this.#wake();
    await this.#end();
    this.#resolve(this.#final);
  }

  /** The totals of finished batches and the nodes and solutions the running ones have reported. */
  #live(): { solutions: number; nodes: number; updates: number; maxDepth: number } {
    let { solutions, nodes } = this.#done;
    for (const queue of this.#busy) {
      for (const busy of queue) {
        nodes += busy.nodes;
        solutions += busy.solutions;
      }
    }
    return { solutions, nodes, updates: this.#done.updates, maxDepth: this.#done.maxDepth };
  }

  /** Ends the workers that are searching (they cannot be interrupted otherwise); idle ones go back to the pool. */
  async #end(failed = false): Promise<void> {
    clearTimeout(this.#timer);
    this.#options.signal?.removeEventListener('abort', this.#onAbort);
    const threads = this.#threads;
    this.#threads = [];
    await Promise.all(
      threads.map(async (t, k) => {
        if (failed || this.#busy[k]!.length > 0) await t.terminate();
        else t.release();
      }),
    );
  }

  async #fail(error: unknown): Promise<void> {
    if (this.#final !== null) return;
    this.#final = { ...this.#live(), seconds: (performance.now() - this.#start) / 1000, complete: false, stoppedBy: 'caller' };
    this.#buffer.length = this.#origin.length = 0;
    await this.#end(true);
    this.#reject(error);
    this.#wake();
  }

  #wake(): void {
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting?.();
  }

  #dispatchIdle(): void {
    for (let k = 0; k < this.#busy.length; k++) this.#dispatch(k);
  }

  /** Tops worker k up to QUEUED batches of pieces, or ends the run when every piece is done. */
  #dispatch(k: number): void {
    while (this.#final === null && this.#busy[k]!.length < QUEUED) {
      if (this.#next >= this.#pieces.length) {
        if (this.#busy.every((queue) => queue.length === 0)) void this.stop(null);
        return;
      }
      if (this.#buffer.length >= BUFFER) return; // the consumer is behind: take() dispatches again
      this.#send(k);
    }
  }

  /** Sends worker k the next batch of pieces. */
  #send(k: number): void {
    const pieces = this.#pieces;
    const remaining = pieces.length - this.#next;
    const size = batchSize(remaining, this.#threads.length);
    const batch = pieces.slice(this.#next, this.#next + size);
    this.#next += batch.length;
    const id = this.#batches++;
    this.#busy[k]!.push({ id, nodes: 0, solutions: 0 });
    const live = this.#live();
    this.#threads[k]!.post({
      type: 'run',
      id,
      pieces: batch,
      given: this.#given,
      countsGiven: id === 0 && this.#split.countsGiven,
      solutions: this.#wantSolutions,
      limit: this.#limit === Infinity ? null : Math.max(1, this.#limit - (this.#wantSolutions ? this.#taken + this.#buffer.length : live.solutions)),
      maxNodes: this.#maxNodes === Infinity ? null : Math.max(0, this.#maxNodes - live.nodes),
      progressInterval: Math.min(this.#interval, REPORT),
    } satisfies ToWorker);
  }

  #receive(k: number, m: FromWorker): void {
    if (this.#final !== null) return;
    if (m.type === 'failed') {
      void this.#fail(new Error(m.message));
      return;
    }
    const queue = this.#busy[k];
    const busy = queue?.find((b) => b.id === m.id);
    if (queue === undefined || busy === undefined) return;
    if (m.type === 'solutions') {
      for (const options of m.list) {
        this.#buffer.push(options);
        this.#origin.push(k);
      }
      busy.solutions += m.list.length;
      this.#wake();
      return;
    }
    if (m.type === 'progress') {
      busy.nodes = m.nodes;
      if (!this.#wantSolutions) busy.solutions = m.solutions;
      this.#progress();
      return;
    }
    // done
    const s = m.stats;
    queue.splice(queue.indexOf(busy), 1);
    const d = this.#done;
    this.#done = {
      ...d,
      solutions: d.solutions + s.solutions,
      nodes: d.nodes + s.nodes,
      updates: d.updates + s.updates,
      maxDepth: Math.max(d.maxDepth, s.maxDepth),
    };
    this.#progress();
    if (this.#final !== null) return;
    const live = this.#live();
    if (s.stoppedBy === 'nodes' || live.nodes >= this.#maxNodes) void this.stop('nodes');
    else if (!this.#wantSolutions && live.solutions >= this.#limit) void this.stop('limit');
    else this.#dispatch(k);
  }

  /** onProgress with the totals, each time they pass the next multiple of the interval; the shared node budget. */
  #progress(): void {
    const live = this.#live();
    const onProgress = this.#options.onProgress;
    if (onProgress !== undefined && live.nodes >= this.#nextProgress) {
      this.#nextProgress = live.nodes + this.#interval;
      try {
        onProgress({ nodes: live.nodes, updates: live.updates, depth: live.maxDepth, solutions: this.#wantSolutions ? this.#taken : live.solutions, seconds: (performance.now() - this.#start) / 1000 });
      } catch (error) {
        void this.#fail(error);
        return;
      }
    }
    if (live.nodes >= this.#maxNodes) void this.stop('nodes');
  }
}

function problemOf<T>(problem: Problem<T> | ProblemSpec<T>): Problem<T> {
  return problem instanceof Problem ? problem : defineProblem(problem);
}

const hasWorkers = (options: unknown): options is ParallelOptions =>
  typeof options === 'object' && options !== null && (options as { workers?: unknown }).workers !== undefined;

/**
 * The solutions of an exact-cover problem, lazily, with live statistics (`search.stats`). With `workers`, on worker
 * threads: an async iterable (`for await`) of the same solutions in another order.
 */
export function solutions<T = OptionSpec>(problem: Problem<T> | ProblemSpec<T>, options: ParallelOptions): ParallelSearch<T>;
export function solutions<T = OptionSpec>(problem: Problem<T> | ProblemSpec<T>, options?: SolveOptions): Search<T>;
export function solutions<T = OptionSpec>(problem: Problem<T> | ProblemSpec<T>, options?: SolveOptions | ParallelOptions): Search<T> | ParallelSearch<T>;
export function solutions<T = OptionSpec>(problem: Problem<T> | ProblemSpec<T>, options?: SolveOptions | ParallelOptions): Search<T> | ParallelSearch<T> {
  if (hasWorkers(options)) return new ParallelSearch(problemOf(problem), options);
  return solutionsOneThread(problem, options);
}

/**
 * Counts the solutions (up to `limit`) without building them; returns the statistics, `solutions` being the count.
 * With `workers`, on worker threads: a promise of the same statistics.
 */
export function count<T = OptionSpec>(problem: Problem<T> | ProblemSpec<T>, options: ParallelOptions): Promise<SearchStats>;
export function count<T = OptionSpec>(problem: Problem<T> | ProblemSpec<T>, options?: SolveOptions): SearchStats;
export function count<T = OptionSpec>(problem: Problem<T> | ProblemSpec<T>, options?: SolveOptions | ParallelOptions): SearchStats | Promise<SearchStats>;
export function count<T = OptionSpec>(problem: Problem<T> | ProblemSpec<T>, options?: SolveOptions | ParallelOptions): SearchStats | Promise<SearchStats> {
  if (hasWorkers(options)) {
    try {
      return new ParallelSearch(problemOf(problem), options).drain();
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return countOneThread(problem, options);
}
