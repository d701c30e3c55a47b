// Solving: lazy solutions, counting, budgets, progress and statistics, over the engine.
import { Engine, EXHAUSTED, FOUND } from './engine.js';
import { EngineM, type SearchEngine } from './engine-m.js';
import { Checks, SLICE_MS, budgetOf, yieldToEventLoop, type Budget, type BudgetOptions, type StopReason } from './checks.js';
import { describeValue, optionsOf, positiveCount } from './errors.js';
import { Problem, boundsOf, compiledOf, defineProblem, type OptionSpec, type ProblemSpec } from './problem.js';
import { shuffledOrder, type Seed } from './seed.js';
import { piecesOfShard, shardOf, type Shard } from './shard.js';
import { splitSearch } from './split.js';

export type { BudgetOptions, Progress, StopReason } from './checks.js';

/** How to search. Budgets never throw: the search stops and its stats say `complete: false` and why. */
export interface SearchOptions extends BudgetOptions {
  /** Stop after this many solutions (default Infinity). */
  readonly limit?: number;
  /** Option indices that every solution must contain (covered before the search; conflicting ones: no solutions). */
  readonly given?: readonly number[];
  /**
   * Search only piece `index` (1 to `count`) of `count` deterministic pieces of the search tree (see `listShards`):
   * the counts of the `count` shards add up to the whole count, and so do their nodes and updates (the levels above
   * the pieces are counted in shard 1). Every machine that computes the shards of one problem (same options, same
   * `seed` and `given`) gets the same pieces.
   */
  readonly shard?: Shard;
}


/** The pieces of a search to run one after another, and the statistics of the levels above them. @internal */
export interface Pieces {
  readonly pieces: readonly (readonly number[])[];
  readonly nodes: number;
  readonly updates: number;
  readonly maxDepth: number;
  /** Whether to count the links updated by forcing the given options (once: only one shard of a split does). */
  readonly countsGiven: boolean;
}

/** Statistics of a search, as Knuth's programs report them. */
export interface SearchStats {
  readonly solutions: number;
  readonly nodes: number;
  readonly updates: number;
  /**
   * The deepest level reached (options chosen on one path, given options not counted; with multiplicities, also the
   * levels that decided an item gets no more options).
   */
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
 * Appends the options chosen at the engine's levels to `options` (empty), ascending, through a bit per option (`bits`,
 * all zero before and after): for problems with few options for the depth of their solutions, where sorting them by
 * comparisons (unpredictable ones, as options are chosen in no order) cost a tenth of the time of listing 12-queens.
 * The bit of option o is bit 31 - o % 32 of word o / 32, so that Math.clz32 reads them in order.
 */
function fillByBits(e: SearchEngine, options: number[], bits: Int32Array, words: number): void {
  const level = e.level;
  for (let l = 0; l < level; l++) {
    const o = e.optionAt(l);
    if (o >= 0) bits[o >> 5]! |= 1 << (~o & 31); // a level of Algorithm M may choose no option (-1)
  }
  for (let k = 0; k < words; k++) {
    let word = bits[k]!;
    if (word === 0) continue;
    bits[k] = 0;
    do {
      const b = Math.clz32(word);
      options.push((k << 5) | b);
      word ^= 1 << (~b & 31);
    } while (word !== 0);
  }
}

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
  /** A split search: the pieces to run (each a prefix of options forced after the given ones), else null. */
  readonly #pieces: Pieces | null;
  /** The piece running now; the links updated by forcing the pieces so far (not the search's); the deepest level. */
  #piece = 0;
  #forcedUpdates = 0;
  #givenUpdates = -1;
  #pieceDepth = 0;
  #state: 'fresh' | 'running' | 'done' = 'fresh';
  #solutions = 0;
  #start = 0;
  #checks: Checks | null = null;
  #final: SearchStats | null = null;
  /** When the current slice of an async search ends (0: none yet). */
  #sliceEnd = 0;
  /** A bit per option, for #fill (all zero between calls). */
  #bits: Int32Array | null = null;

  /** @internal */
  constructor(solver: Solver<T>, engine: SearchEngine, options: SearchOptions | undefined, pieces: Pieces | null = null) {
    const o = optionsOf(options, 'a search');
    this.#pieces = pieces;
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
    if (pieces === null) shardOf(o.shard); // checked here too, though the shard is applied by solutions() and count()
  }

  /** The search itself: `for (const s of search)` takes its solutions one at a time, in the engine's order. */
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
    const running = this.#state === 'running';
    return {
      solutions: this.#solutions,
      ...(running ? this.#counts() : { nodes: 0, updates: 0, maxDepth: 0 }),
      seconds: running ? (performance.now() - this.#start) / 1000 : 0,
      complete: false,
      stoppedBy: null,
    };
  }

  /** Nodes, updates and depth so far (with pieces: theirs, without the forcing of their prefixes, and the levels above). */
  #counts(): { nodes: number; updates: number; maxDepth: number } {
    const e = this.#engine;
    const p = this.#pieces;
    if (p === null) return { nodes: e.nodes, updates: e.updates, maxDepth: e.maxLevel };
    const depth = this.#piece < p.pieces.length ? e.maxLevel + p.pieces[this.#piece]!.length : 0;
    const given = p.countsGiven ? Math.max(0, this.#givenUpdates) : 0;
    return { nodes: p.nodes + e.nodes, updates: p.updates + given + e.updates - this.#forcedUpdates, maxDepth: Math.max(p.maxDepth, this.#pieceDepth, depth) };
  }

  /** Forces the given options and the prefix of the current piece; false when they conflict. */
  #forcePiece(): boolean {
    const e = this.#engine;
    const before = e.updates;
    let ok = true;
    for (const g of this.#given) if (ok && !e.force(g)) ok = false;
    if (this.#givenUpdates < 0) this.#givenUpdates = e.updates - before;
    const prefix = this.#pieces!.pieces[this.#piece]!;
    for (const o of prefix) if (ok && !e.force(o)) ok = false;
    this.#forcedUpdates += e.updates - before;
    e.maxLevel = 0;
    return ok;
  }

  /** After a piece: its depth kept, the links reset; then the next piece that can be forced. False: no more pieces. */
  #nextPiece(): boolean {
    const e = this.#engine;
    const pieces = this.#pieces!.pieces;
    for (;;) {
      this.#pieceDepth = Math.max(this.#pieceDepth, e.maxLevel + pieces[this.#piece]!.length);
      e.reset();
      this.#piece++;
      if (this.#piece >= pieces.length) return false;
      if (this.#forcePiece()) return true;
    }
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

  /**
   * Calls `callback` with each solution in the engine's order and returns the final statistics: the callback form of
   * `for…of`, for the tightest loops. The `Solution` it passes, and its `options` array, are reused from one call to
   * the next (nothing is allocated per solution): copy what you keep. Returning `false` stops the search (its stats
   * then say `stoppedBy: 'caller'`); `limit` and the budgets apply as in `for…of`.
   */
  forEach(callback: (solution: Solution<T>) => unknown): SearchStats {
    if (typeof callback !== 'function') throw new TypeError(`forEach needs a function; got ${describeValue(callback)}`);
    const options: number[] = [];
    const solution = new Solution(this.#solver.problem, options);
    while (this.#advance(Infinity) === SOLUTION) {
      options.length = 0;
      this.#fill(options);
      if (this.#solutions >= this.#limit) this.#finish('limit');
      let more: unknown;
      try {
        more = callback(solution);
      } catch (error) {
        // As for…of does on a throw: the search ends, stopped by its caller.
        if (this.#state !== 'done') this.#finish('caller');
        throw error;
      }
      if (more === false) {
        if (this.#state !== 'done') this.#finish('caller');
        break;
      }
    }
    return this.stats;
  }

  /** The solution in the engine, as a Solution; ends the search when it reaches the limit. */
  #take(): Solution<T> {
    const options: number[] = [];
    this.#fill(options);
    const solution = new Solution(this.#solver.problem, options);
    if (this.#solutions >= this.#limit) this.#finish('limit');
    return solution;
  }

  /** Appends the solution in the engine to `options` (empty), ascending. */
  #fill(options: number[]): void {
    const e = this.#engine;
    const words = (e.optionCount + 31) >>> 5;
    if (this.#given.length === 0 && this.#pieces === null && words <= 4 * e.level) {
      fillByBits(e, options, (this.#bits ??= new Int32Array(words)), words);
      return;
    }
    if (this.#given.length > 0) options.push(...this.#given);
    if (this.#pieces !== null) options.push(...this.#pieces.pieces[this.#piece]!);
    if (options.length > 1) options.sort((a, b) => a - b);
    for (let l = 0; l < e.level; l++) {
      const o = e.optionAt(l);
      if (o < 0) continue; // a level of Algorithm M that chose no option
      // Insertion into the sorted list (solutions are short: cheaper than sort() with a comparator).
      let k = options.length;
      options.push(o);
      while (k > 0 && options[k - 1]! > o) {
        options[k] = options[k - 1]!;
        k--;
      }
      options[k] = o;
    }
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
      if (this.#pieces !== null) {
        if (this.#pieces.pieces.length === 0 || (!this.#forcePiece() && !this.#nextPiece())) {
          this.#finish(null);
          return OVER;
        }
      } else {
        for (const g of this.#given) {
          if (!e.force(g)) {
            this.#finish(null);
            return OVER;
          }
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
      // A split search goes on with its next piece (the checks stay installed: budgets count every piece's nodes).
      while (result === EXHAUSTED && this.#pieces !== null && this.#nextPiece()) result = e.run();
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
      ...(started ? this.#counts() : { nodes: 0, updates: 0, maxDepth: 0 }),
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
  /** The order of the options in the links (shuffled when a `seed` is given), or undefined for the problem's order. */
  readonly #order: Int32Array | undefined;
  #active: Search<T> | null = null;

  /** Lays out a problem (options shuffled when a seed is given). */
  constructor(problem: Problem<T> | ProblemSpec<T>, options?: SolverOptions) {
    const o = optionsOf(options, 'a solver');
    this.problem = problem instanceof Problem ? problem : defineProblem(problem);
    const compiled = compiledOf(this.problem as Problem<unknown>);
    const optionCount = compiled.optionStart.length - 1;
    const order = o.seed === undefined ? undefined : shuffledOrder(optionCount, o.seed);
    this.#order = order;
    // Multiplicities (u:v|item) need Algorithm M; everything else runs on Algorithm X or C.
    const bounds = boundsOf(this.problem as Problem<unknown>);
    this.#engine = bounds === null ? new Engine(compiled, order) : new EngineM(compiled, bounds, order);
  }

  /** A lazy search for solutions (of one shard, with the `shard` option). */
  solutions(options?: SearchOptions): Search<T> {
    const o = optionsOf(options, 'a search');
    const shard = shardOf(o.shard);
    if (shard === null) return new Search(this, this.#engine, options);
    return new Search(this, this.#engine, options, this.shardPieces(o.given ?? [], shard));
  }

  /** The pieces of one shard, with the statistics of the levels above them in shard 1. @internal */
  shardPieces(given: readonly unknown[], shard: Shard): Pieces {
    const split = this.split(given, shard.count * PIECES_PER_SHARD);
    const first = shard.index === 1;
    return {
      pieces: piecesOfShard(split.pieces, shard),
      nodes: first ? split.nodes : 0,
      updates: first ? split.updates : 0,
      maxDepth: first ? split.maxDepth : 0,
      countsGiven: first,
    };
  }

  /**
   * The search split into at least `target` pieces at its top levels, in the order the search meets them; one piece
   * (the whole search) when the given options are bad or conflict, or the problem has multiplicities. @internal
   */
  split(given: readonly unknown[], target: number): Pieces {
    const whole: Pieces = { pieces: [[]], nodes: 0, updates: 0, maxDepth: 0, countsGiven: true };
    // Bad given options are the Search's to report.
    const ok = given.every((g) => typeof g === 'number' && Number.isInteger(g) && g >= 0 && g < this.#engine.optionCount);
    if (!ok || !(this.#engine instanceof Engine)) return whole;
    const split = splitSearch(compiledOf(this.problem as Problem<unknown>), this.#order, [...new Set(given as number[])], target);
    return split === null ? whole : { ...split, countsGiven: true };
  }

  /** A search of the given pieces (each a prefix of options), with the statistics of the levels above them added. @internal */
  searchPieces(options: SearchOptions | undefined, pieces: Pieces): Search<T> {
    return new Search(this, this.#engine, options, pieces);
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

/** Pieces per shard: enough that the shards' sizes even out (see piecesOfShard). */
const PIECES_PER_SHARD = 64;

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

/** One shard's pieces, as `listShards` gives them. */
export interface ShardPieces {
  readonly shard: Shard;
  /** Each piece: the option indices chosen on its path from the top of the search tree. */
  readonly pieces: readonly (readonly number[])[];
}

/**
 * The `count` shards of a search and the pieces each one runs (prefixes of options), for a batch scheduler: the
 * same problem, `seed` and `given` give the same pieces on every machine.
 */
export function listShards<T = OptionSpec>(
  problem: Problem<T> | ProblemSpec<T>,
  count: number,
  options?: Pick<SolveOptions, 'seed' | 'given'>,
): ShardPieces[] {
  shardOf({ index: 1, count });
  const o = optionsOf(options, 'listShards');
  const split = solverFor(problem, o, 'listShards').split(o.given ?? [], count * PIECES_PER_SHARD);
  return Array.from({ length: count }, (_, k) => ({
    shard: { index: k + 1, count },
    pieces: piecesOfShard(split.pieces, { index: k + 1, count }),
  }));
}
