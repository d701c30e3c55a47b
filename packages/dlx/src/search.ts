// Solving: lazy solutions, counting, budgets, progress and statistics, over the engine.
import { Engine, EXHAUSTED, FOUND } from './engine.js';
import { describeValue, optionsOf, positiveCount } from './errors.js';
import { Problem, compiledOf, defineProblem, type OptionSpec, type ProblemSpec } from './problem.js';
import { shuffledOrder, type Seed } from './random.js';

/** Why a search ended before it had seen the whole search tree. */
export type StopReason = 'limit' | 'nodes' | 'time' | 'signal' | 'caller';

/** A snapshot passed to `onProgress`. */
export interface Progress {
  /** Search-tree nodes entered so far. */
  readonly nodes: number;
  /** Link updates so far (one per node hidden from an item list, one per item removed). */
  readonly updates: number;
  /** The current depth: options chosen on the current path. */
  readonly depth: number;
  readonly solutions: number;
  readonly seconds: number;
}

/** Statistics of a search, as Knuth's programs report them. */
export interface SearchStats {
  readonly solutions: number;
  readonly nodes: number;
  readonly updates: number;
  /** The deepest level reached (options chosen on one path, given options not counted). */
  readonly maxDepth: number;
  readonly seconds: number;
  /** True when the whole search tree was explored: `solutions` is then the exact number of solutions. */
  readonly complete: boolean;
  /** What stopped an incomplete search: the limit, a budget, the signal, or the caller (return() on the iterator). */
  readonly stoppedBy: StopReason | null;
}

/** How to search. Budgets never throw: the search stops and its stats say `complete: false` and why. */
export interface SearchOptions {
  /** Stop after this many solutions (default Infinity). */
  readonly limit?: number;
  /** Stop before entering more than this many search-tree nodes. */
  readonly maxNodes?: number;
  /** Stop after about this many milliseconds (checked every 1024 nodes and at each solution). */
  readonly timeout?: number;
  /**
   * Stop when aborted (checked every 1024 nodes and at each solution). The search is synchronous, so abort from
   * `onProgress`, or between solutions of a lazy search.
   */
  readonly signal?: AbortSignal;
  /** Called every `progressInterval` nodes. */
  readonly onProgress?: (progress: Progress) => void;
  /** Nodes between progress reports (default 1,000,000). */
  readonly progressInterval?: number;
  /** Option indices that every solution must contain (covered before the search; conflicting ones: no solutions). */
  readonly given?: readonly number[];
}

/** How to build a solver. */
export interface SolverOptions {
  /** Shuffles the order of the options reproducibly (the solutions are the same; their order and the work differ). */
  readonly seed?: Seed;
}

/** Options of the one-shot functions: a search, on a solver built with an optional seed. */
export interface SolveOptions extends SearchOptions, SolverOptions {}

/** One solution: the chosen options by index (ascending), with their text and data. */
export class Solution<T = OptionSpec> {
  readonly options: readonly number[];
  readonly #problem: Problem<T>;

  /** @internal */
  constructor(problem: Problem<T>, options: readonly number[]) {
    this.#problem = problem;
    this.options = options;
  }

  /** Each chosen option as a line of Knuth's format (its items, `item:color` for colored ones). */
  get names(): string[] {
    return this.options.map((o) => this.#problem.optionText(o));
  }

  /** The data of each chosen option. */
  get data(): T[] {
    return this.options.map((o) => this.#problem.data[o]!);
  }
}

function nonNegativeNumber(value: unknown, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || Number.isNaN(value)) throw new TypeError(`${what} must be a number; got ${describeValue(value)}`);
  if (value < 0) throw new RangeError(`${what} must be at least 0; got ${describeValue(value)}`);
  return value;
}

/**
 * A lazy search: an iterator of solutions (use it in for…of), with live `stats`. When it is done, `next()` returns
 * the final statistics as its value.
 */
export class Search<T = OptionSpec> implements Iterator<Solution<T>, SearchStats>, Iterable<Solution<T>> {
  readonly #solver: Solver<T>;
  readonly #engine: Engine;
  readonly #limit: number;
  readonly #maxNodes: number;
  readonly #timeout: number;
  readonly #signal: AbortSignal | undefined;
  readonly #onProgress: ((progress: Progress) => void) | undefined;
  readonly #interval: number;
  readonly #given: number[];
  #state: 'fresh' | 'running' | 'done' = 'fresh';
  #solutions = 0;
  #start = 0;
  #reason: StopReason | null = null;
  #final: SearchStats | null = null;
  #conflict = false;

  /** @internal */
  constructor(solver: Solver<T>, engine: Engine, options: SearchOptions | undefined) {
    const o = optionsOf(options, 'a search');
    this.#solver = solver;
    this.#engine = engine;
    this.#limit = positiveCount(o.limit, 'limit', Infinity);
    this.#maxNodes = nonNegativeNumber(o.maxNodes, 'maxNodes') ?? Infinity;
    this.#timeout = nonNegativeNumber(o.timeout, 'timeout') ?? Infinity;
    if (o.signal !== undefined && (typeof o.signal !== 'object' || o.signal === null || typeof o.signal.aborted !== 'boolean')) {
      throw new TypeError(`signal must be an AbortSignal; got ${describeValue(o.signal)}`);
    }
    this.#signal = o.signal;
    if (o.onProgress !== undefined && typeof o.onProgress !== 'function') {
      throw new TypeError(`onProgress must be a function; got ${describeValue(o.onProgress)}`);
    }
    this.#onProgress = o.onProgress;
    this.#interval = positiveCount(o.progressInterval, 'progressInterval', 1_000_000);
    const given: number[] = [];
    if (o.given !== undefined) {
      if (!Array.isArray(o.given)) throw new TypeError(`given must be an array of option indices; got ${describeValue(o.given)}`);
      for (const g of o.given as readonly unknown[]) {
        if (typeof g !== 'number' || !Number.isInteger(g) || g < 0 || g >= engine.optionCount) {
          throw new RangeError(`a given option must be an option index from 0 to ${engine.optionCount - 1}; got ${describeValue(g)}`);
        }
        if (!given.includes(g)) given.push(g);
      }
    }
    this.#given = given;
  }

  [Symbol.iterator](): this {
    return this;
  }

  /** The statistics so far (final once the search is done). */
  get stats(): SearchStats {
    if (this.#final !== null) return this.#final;
    const e = this.#engine;
    const running = this.#state === 'running';
    return {
      solutions: this.#solutions,
      nodes: running ? e.nodes : 0,
      updates: running ? e.updates : 0,
      maxDepth: running ? e.maxLevel : 0,
      seconds: running ? (performance.now() - this.#start) / 1000 : 0,
      complete: false,
      stoppedBy: null,
    };
  }

  /** The next solution, or done with the final statistics. */
  next(): IteratorResult<Solution<T>, SearchStats> {
    if (!this.#advance()) return { done: true, value: this.stats };
    const e = this.#engine;
    const options = [...this.#given];
    for (let l = 0; l < e.level; l++) options.push(e.optionAt(l));
    options.sort((a, b) => a - b);
    const solution = new Solution(this.#solver.problem, options);
    if (this.#solutions >= this.#limit) this.#finish('limit');
    return { done: false, value: solution };
  }

  /** Ends the search early (for…of calls this on break); its stats say stoppedBy 'caller'. */
  return(): IteratorResult<Solution<T>, SearchStats> {
    if (this.#state !== 'done') this.#finish('caller');
    return { done: true, value: this.stats };
  }

  /** Runs to the end (or a budget) without building solutions; returns the final statistics. */
  drain(): SearchStats {
    while (this.#advance()) if (this.#solutions >= this.#limit) this.#finish('limit');
    return this.stats;
  }

  /** Finds the next solution, leaving it in the engine; false when the search is over. */
  #advance(): boolean {
    if (this.#state === 'done') return false;
    const e = this.#engine;
    if (this.#state === 'fresh') {
      this.#solver.claim(this);
      this.#state = 'running';
      this.#start = performance.now();
      e.resetStats();
      for (const g of this.#given) {
        if (!e.force(g)) {
          this.#conflict = true;
          break;
        }
      }
      if (this.#conflict) {
        this.#finish(null);
        return false;
      }
      this.#setUpChecks();
    }
    if (this.#signal?.aborted === true) return this.#finish('signal');
    if (this.#timeout !== Infinity && performance.now() - this.#start >= this.#timeout) return this.#finish('time');
    let result: number;
    try {
      result = e.run();
    } catch (error) {
      // onProgress threw: end this search (resetting the links) so that the solver can search again.
      this.#finish('caller');
      throw error;
    }
    if (result === FOUND) {
      this.#solutions++;
      return true;
    }
    return this.#finish(result === EXHAUSTED ? null : this.#reason);
  }

  #setUpChecks(): void {
    const e = this.#engine;
    const poll = this.#signal !== undefined || this.#timeout !== Infinity ? 1024 : Infinity;
    let nextPoll = poll;
    let nextProgress = this.#onProgress === undefined ? Infinity : this.#interval;
    const maxNodes = this.#maxNodes;
    e.checkAt = Math.min(nextPoll, nextProgress, maxNodes);
    e.onCheck = () => {
      const nodes = e.nodes;
      if (nodes >= maxNodes) {
        this.#reason = 'nodes';
        return true;
      }
      if (nodes >= nextProgress) {
        nextProgress += this.#interval;
        this.#onProgress!({
          nodes,
          updates: e.updates,
          depth: e.level,
          solutions: this.#solutions,
          seconds: (performance.now() - this.#start) / 1000,
        });
        if (this.#signal?.aborted === true) {
          this.#reason = 'signal';
          return true;
        }
      }
      if (nodes >= nextPoll) {
        nextPoll += poll;
        if (this.#signal?.aborted === true) {
          this.#reason = 'signal';
          return true;
        }
        if (performance.now() - this.#start >= this.#timeout) {
          this.#reason = 'time';
          return true;
        }
      }
      e.checkAt = Math.min(nextPoll, nextProgress, maxNodes);
      return false;
    };
  }

  #finish(reason: StopReason | null): false {
    if (this.#state === 'done') return false;
    const e = this.#engine;
    const started = this.#state === 'running';
    this.#final = {
      solutions: this.#solutions,
      nodes: started ? e.nodes : 0,
      updates: started ? e.updates : 0,
      maxDepth: started ? e.maxLevel : 0,
      seconds: started ? (performance.now() - this.#start) / 1000 : 0,
      complete: reason === null,
      stoppedBy: reason,
    };
    this.#state = 'done';
    if (started) {
      e.onCheck = null;
      e.checkAt = Infinity;
      e.reset();
      this.#solver.release(this);
    }
    return false;
  }
}

/**
 * A problem laid out as dancing links once, to be searched again and again (with different `given` options, for
 * instance); resetting between searches costs no more than the search did. One search at a time per solver.
 */
export class Solver<T = OptionSpec> {
  readonly problem: Problem<T>;
  readonly #engine: Engine;
  #active: Search<T> | null = null;

  /** Lays out a problem (options shuffled when a seed is given). */
  constructor(problem: Problem<T> | ProblemSpec<T>, options?: SolverOptions) {
    const o = optionsOf(options, 'a solver');
    this.problem = problem instanceof Problem ? problem : defineProblem(problem);
    const compiled = compiledOf(this.problem as Problem<unknown>);
    const optionCount = compiled.optionStart.length - 1;
    this.#engine = new Engine(compiled, o.seed === undefined ? undefined : shuffledOrder(optionCount, o.seed));
  }

  /** A lazy search for solutions. */
  solutions(options?: SearchOptions): Search<T> {
    return new Search(this, this.#engine, options);
  }

  /** Counts solutions (up to `limit`) without building them; returns the statistics, `solutions` being the count. */
  count(options?: SearchOptions): SearchStats {
    return this.solutions(options).drain();
  }

  /** The first solution, or null when there is none (or a budget ran out first: use `solutions` to tell). */
  first(options?: SearchOptions): Solution<T> | null {
    const search = this.solutions({ ...optionsOf(options, 'first'), limit: 1 });
    const result = search.next();
    search.return();
    return result.done === true ? null : result.value;
  }

  /** @internal */
  claim(search: Search<T>): void {
    if (this.#active !== null && this.#active !== search) {
      throw new Error('this solver is already running a search: finish it (or call its return()) before starting another');
    }
    this.#active = search;
  }

  /** @internal */
  release(search: Search<T>): void {
    if (this.#active === search) this.#active = null;
  }
}

/** Lays out a problem as dancing links for repeated searches. */
export function createSolver<T = OptionSpec>(problem: Problem<T> | ProblemSpec<T>, options?: SolverOptions): Solver<T> {
  return new Solver(problem, options);
}

function solverFor<T>(problem: Problem<T> | ProblemSpec<T>, options: SolveOptions | undefined, what: string): Solver<T> {
  const o = optionsOf(options, what);
  return new Solver(problem, o.seed === undefined ? {} : { seed: o.seed });
}

/** The solutions of an exact-cover problem, lazily, with live statistics (`search.stats`). */
export function solutions<T = OptionSpec>(problem: Problem<T> | ProblemSpec<T>, options?: SolveOptions): Search<T> {
  return solverFor(problem, options, 'solutions').solutions(options);
}

/** Counts the solutions (up to `limit`) without building them; returns the statistics, `solutions` being the count. */
export function count<T = OptionSpec>(problem: Problem<T> | ProblemSpec<T>, options?: SolveOptions): SearchStats {
  return solverFor(problem, options, 'count').count(options);
}

/** The first solution, or null when there is none (or a budget ran out first). */
export function first<T = OptionSpec>(problem: Problem<T> | ProblemSpec<T>, options?: SolveOptions): Solution<T> | null {
  return solverFor(problem, options, 'first').first(options);
}
