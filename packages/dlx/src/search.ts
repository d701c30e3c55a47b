// Solving: lazy solutions, counting, budgets, progress and statistics, over the engine.
import { Engine, EXHAUSTED, FOUND } from './engine.js';
import { EngineM, type SearchEngine } from './engine-m.js';
import { Checks, SLICE_MS, budgetOf, yieldToEventLoop, type Budget, type BudgetOptions, type StopReason } from './checks.js';
import { describeValue, optionsOf, positiveCount } from './errors.js';
import { Problem, boundsOf, compiledOf, defineProblem, type OptionSpec, type ProblemSpec } from './problem.js';
import { shuffledOrder, type Seed } from './seed.js';

export type { BudgetOptions, Progress, StopReason } from './checks.js';

/** How to search. Budgets never throw: the search stops and its stats say `complete: false` and why. */
export interface SearchOptions extends BudgetOptions {
  /** Stop after this many solutions (default Infinity). */
  readonly limit?: number;
  /** Option indices that every solution must contain (covered before the search; conflicting ones: no solutions). */
  readonly given?: readonly number[];
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

/** What #advance found: a solution, the end of the search, or the end of a time slice (call again to go on). */
const OVER = 0;
const SOLUTION = 1;
const PAUSED = 2;

/**
 * A lazy search: an iterator of solutions (use it in for…of), with live `stats`. When it is done, `next()` returns
 * the final statistics as its value. It is also an async iterable (`for await`): the async form searches in slices of
 * a few milliseconds and lets the event loop in between, so that timers, I/O and an `AbortSignal` can stop it.
 */
export class Search<T = OptionSpec> implements Iterator<Solution<T>, SearchStats>, Iterable<Solution<T>>, AsyncIterable<Solution<T>> {
  readonly #solver: Solver<T>;
  readonly #engine: SearchEngine;
  readonly #limit: number;
  readonly #budget: Budget;
  readonly #given: number[];
  #state: 'fresh' | 'running' | 'done' = 'fresh';
  #solutions = 0;
  #start = 0;
  #checks: Checks | null = null;
  #final: SearchStats | null = null;
  /** When the current slice of an async search ends (0: none yet). */
  #sliceEnd = 0;

  /** @internal */
  constructor(solver: Solver<T>, engine: SearchEngine, options: SearchOptions | undefined) {
    const o = optionsOf(options, 'a search');
    this.#solver = solver;
    this.#engine = engine;
    this.#limit = positiveCount(o.limit, 'limit', Infinity);
    this.#budget = budgetOf(o);
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

  /** The solutions, searched in slices of a few milliseconds with the event loop let in between (`for await`). */
  [Symbol.asyncIterator](): AsyncIterableIterator<Solution<T>> & AsyncIterator<Solution<T>, SearchStats> {
    const iterator = {
      next: async (): Promise<IteratorResult<Solution<T>, SearchStats>> => {
        const found = await this.#advanceAsync();
        if (!found) return { done: true, value: this.stats };
        return { done: false, value: this.#take() };
      },
      return: async (): Promise<IteratorResult<Solution<T>, SearchStats>> => this.return(),
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator as AsyncIterableIterator<Solution<T>> & AsyncIterator<Solution<T>, SearchStats>;
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
    if (this.#advance(Infinity) !== SOLUTION) return { done: true, value: this.stats };
    return { done: false, value: this.#take() };
  }

  /** Ends the search early (for…of calls this on break); its stats say stoppedBy 'caller'. */
  return(): IteratorResult<Solution<T>, SearchStats> {
    if (this.#state !== 'done') this.#finish('caller');
    return { done: true, value: this.stats };
  }

  /** Runs to the end (or a budget) without building solutions; returns the final statistics. */
  drain(): SearchStats {
    while (this.#advance(Infinity) === SOLUTION) if (this.#solutions >= this.#limit) this.#finish('limit');
    return this.stats;
  }

  /**
   * `drain` in slices of a few milliseconds with the event loop let in between, so that a timer, a Ctrl-C handler or
   * anything else that aborts the `signal` can stop a long count.
   */
  async drainAsync(): Promise<SearchStats> {
    // No await per solution (counting finds millions): only between slices.
    let sliceEnd = performance.now() + SLICE_MS;
    for (;;) {
      const result = this.#advance(sliceEnd, true);
      if (result === OVER) return this.stats;
      if (result === SOLUTION) {
        if (this.#solutions >= this.#limit) this.#finish('limit');
        continue;
      }
      await yieldToEventLoop();
      sliceEnd = performance.now() + SLICE_MS;
    }
  }

  /** The solution in the engine, as a Solution; ends the search when it reaches the limit. */
  #take(): Solution<T> {
    const e = this.#engine;
    const options = [...this.#given];
    for (let l = 0; l < e.level; l++) {
      const o = e.optionAt(l);
      if (o >= 0) options.push(o); // -1: a level of Algorithm M that chose no option
    }
    options.sort((a, b) => a - b);
    const solution = new Solution(this.#solver.problem, options);
    if (this.#solutions >= this.#limit) this.#finish('limit');
    return solution;
  }

  /** #advance in slices, yielding to the event loop between them; true at a solution, false at the end. */
  async #advanceAsync(): Promise<boolean> {
    // A slice ends after SLICE_MS (the clock is read every 1024 nodes) whether it found many solutions or none.
    if (this.#sliceEnd === 0) this.#sliceEnd = performance.now() + SLICE_MS;
    for (;;) {
      const result = this.#advance(this.#sliceEnd, true);
      if (result !== PAUSED) return result === SOLUTION;
      await yieldToEventLoop();
      this.#sliceEnd = performance.now() + SLICE_MS;
    }
  }

  /**
   * Finds the next solution, leaving it in the engine: SOLUTION, OVER when the search is over, or PAUSED when the
   * time reached `pauseAt` first (only with `polling`: the clock is then read every 1024 nodes).
   */
  #advance(pauseAt: number, polling = false): number {
    if (this.#state === 'done') return OVER;
    const e = this.#engine;
    if (this.#state === 'fresh') {
      this.#solver.claim(this);
      this.#state = 'running';
      this.#start = performance.now();
      e.resetStats();
      for (const g of this.#given) {
        if (!e.force(g)) {
          this.#finish(null);
          return OVER;
        }
      }
      this.#checks = new Checks(e, this.#budget, this.#start, () => this.#solutions, polling);
    }
    const checks = this.#checks!;
    if (checks.expired()) return this.#finish(checks.reason);
    if (polling) checks.poll();
    checks.pauseAt = pauseAt;
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
      return SOLUTION;
    }
    if (result !== EXHAUSTED && checks.paused) {
      checks.paused = false;
      return PAUSED;
    }
    return this.#finish(result === EXHAUSTED ? null : checks.reason);
  }

  #finish(reason: StopReason | null): typeof OVER {
    if (this.#state === 'done') return OVER;
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
      this.#checks?.uninstall();
      e.reset();
      this.#solver.release(this);
    }
    return OVER;
  }
}

/**
 * A problem laid out as dancing links once, to be searched again and again (with different `given` options, for
 * instance); resetting between searches costs no more than the search did. One search at a time per solver.
 */
export class Solver<T = OptionSpec> {
  readonly problem: Problem<T>;
  readonly #engine: SearchEngine;
  #active: Search<T> | null = null;

  /** Lays out a problem (options shuffled when a seed is given). */
  constructor(problem: Problem<T> | ProblemSpec<T>, options?: SolverOptions) {
    const o = optionsOf(options, 'a solver');
    this.problem = problem instanceof Problem ? problem : defineProblem(problem);
    const compiled = compiledOf(this.problem as Problem<unknown>);
    const optionCount = compiled.optionStart.length - 1;
    const order = o.seed === undefined ? undefined : shuffledOrder(optionCount, o.seed);
    // Multiplicities (u:v|item) need Algorithm M; everything else runs on Algorithm X or C.
    const bounds = boundsOf(this.problem as Problem<unknown>);
    this.#engine = bounds === null ? new Engine(compiled, order) : new EngineM(compiled, bounds, order);
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
