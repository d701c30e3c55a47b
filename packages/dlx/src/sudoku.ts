// Sudoku grids, and two ways to search them behind one API. The default ('propagation'): candidates as bit sets, with
// naked and hidden singles and locked candidates between branches — for 9×9 grids by bands of digit planes
// (sudoku-bands.ts), for 25×25 grids by clause learning (sudoku-learning.ts), for 4×4 and 16×16 per cell
// (sudoku-bitset.ts). The other ('dlx'): Sudoku as
// exact cover, as in the Lisp blog post on Dancing Links Sudoku: for an n×n grid (n = box²) the 4n² items cell (r,c),
// row-digit (r,v), column-digit (c,v) and box-digit (b,v), and the n³ options "digit v in cell (r,c)"; a puzzle
// forces the options of its clues (covering their items) and the engine is reset after each puzzle. One solver per
// size and method is built once.
import { Checks, SLICE_MS, budgetOf, yieldToEventLoop, type BudgetOptions, type StopReason } from './checks.js';
import { Engine, FOUND, type CompiledProblem } from './engine.js';
import { describeValue, optionsOf, positiveCount } from './errors.js';
import { BandSearch } from './sudoku-bands.js';
import { PropagationSearch, SOLVED } from './sudoku-bitset.js';
import { LearningSearch } from './sudoku-learning.js';
import { sudokuWasm } from './sudoku-wasm.js';

/** The most solutions one WebAssembly search counts (its counter is a 32-bit integer). */
const WASM_LIMIT = 0x7fffffff;

/** The symbols of a grid of side n are the first n of these: 1-9, then A-P (case-insensitive on input). */
export const SUDOKU_SYMBOLS = '123456789ABCDEFGHIJKLMNOP';

/** The grid sides supported (box side 2..5), and their cell counts. */
export const SUDOKU_SIZES: readonly number[] = [4, 9, 16, 25];

/** A Sudoku grid: a string of n² cells (whitespace ignored) or an array of n strings of n cells. */
export type SudokuInput = string | readonly string[];

/** A parsed grid: side n, box side, and per cell (row-major) 0 for blank or the digit 1..n. */
export interface SudokuGrid {
  readonly size: number;
  readonly box: number;
  readonly cells: Uint8Array;
}

// Character code -> value: 0 blank, 1..25 a symbol, 255 not a cell character.
// Built by a function marked pure, so that a bundle that does not read Sudoku grids drops it (no top-level statements).
const VALUE = /* @__PURE__ */ valueTable();

function valueTable(): Uint8Array {
  const table = new Uint8Array(128).fill(255);
  table[48] = 0; // '0'
  table[46] = 0; // '.'
  for (let v = 1; v <= 25; v++) {
    const ch = SUDOKU_SYMBOLS[v - 1]!;
    table[ch.charCodeAt(0)] = v;
    table[ch.toLowerCase().charCodeAt(0)] = v;
  }
  return table;
}

function sideOfCells(cells: number): number {
  for (const n of SUDOKU_SIZES) if (n * n === cells) return n;
  return 0;
}

function symbolRange(n: number): string {
  return n <= 9 ? `1-${n}` : `1-9 and A-${SUDOKU_SYMBOLS[n - 1]}`;
}

/**
 * Per grid side: a grid's cells and the clue check's table, reused by the solving functions (which do not hand the
 * parsed grid out) so that a puzzle costs no allocation of array buffers.
 */
const scratchCells = new Map<number, Uint8Array>();
const scratchSeen = new Map<number, Int32Array>();

function scratchOf<A extends Uint8Array | Int32Array>(cache: Map<number, A>, size: number, make: (size: number) => A): A {
  let array = cache.get(size);
  if (array === undefined) {
    array = make(size);
    cache.set(size, array);
  }
  return array;
}

/** Reads cells from a string with whitespace removed into a grid; the caller checked the length. */
function readCells(text: string, n: number, where: (k: number) => string, scratch: boolean): Uint8Array {
  const cells = scratch ? scratchOf(scratchCells, n * n, (size) => new Uint8Array(size)) : new Uint8Array(n * n);
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    const v = code < 128 ? VALUE[code]! : 255;
    if (v > n) {
      const ch = String.fromCodePoint(text.codePointAt(k)!);
      throw new RangeError(
        `bad character ${describeValue(ch)} at ${where(k)}: a ${n}×${n} Sudoku uses ${symbolRange(n)} for clues and 0 or . for blanks`,
      );
    }
    cells[k] = v;
  }
  return cells;
}

const cellName = (n: number) => (k: number) => `cell ${k + 1} (row ${Math.floor(k / n) + 1}, column ${(k % n) + 1})`;

/**
 * Reads a Sudoku grid of side 4, 9, 16 or 25 and checks that its clues do not contradict each other. Throws a
 * RangeError (wrong size, bad character, two equal clues in a row, column or box) or a TypeError (not a grid).
 */
export function parseSudoku(grid: SudokuInput): SudokuGrid {
  return parseGrid(grid, false);
}

/** parseSudoku; with `scratch`, the cells are a buffer shared by all calls for that size (valid until the next). */
function parseGrid(grid: SudokuInput, scratch: boolean): SudokuGrid {
  let cells: Uint8Array;
  let n: number;
  if (typeof grid === 'string') {
    const text = /\s/.test(grid) ? grid.replace(/\s+/g, '') : grid;
    n = sideOfCells(text.length);
    if (n === 0) {
      throw new RangeError(
        `a Sudoku grid must have 16, 81, 256 or 625 cells (4×4, 9×9, 16×16 or 25×25); got ${text.length} characters in ${describeValue(grid)}`,
      );
    }
    cells = readCells(text, n, cellName(n), scratch);
  } else if (Array.isArray(grid)) {
    const rows = grid as readonly unknown[];
    n = SUDOKU_SIZES.includes(rows.length) ? rows.length : 0;
    if (n === 0) {
      throw new RangeError(`a Sudoku grid given as rows must have 4, 9, 16 or 25 rows; got ${rows.length}`);
    }
    const side = n;
    // Array.from, not map: a hole in a sparse array is a missing row, not a row to skip.
    const texts = Array.from(rows, (row, r) => {
      if (typeof row !== 'string') throw new TypeError(`row ${r + 1} of a Sudoku grid must be a string; got ${describeValue(row)}`);
      const text = row.replace(/\s+/g, '');
      if (text.length !== side) {
        throw new RangeError(`row ${r + 1} of a ${side}×${side} Sudoku must have ${side} cells; got ${text.length} in ${describeValue(row)}`);
      }
      return text;
    });
    cells = readCells(texts.join(''), n, (k) => `row ${Math.floor(k / side) + 1}, column ${(k % side) + 1}`, scratch);
  } else {
    throw new TypeError(`a Sudoku grid must be a string or an array of row strings; got ${describeValue(grid)}`);
  }
  const box = Math.round(Math.sqrt(n));
  checkClues(cells, n, box);
  return { size: n, box, cells };
}

/** Throws a RangeError naming the first two equal clues in a row, column or box. */
function checkClues(cells: Uint8Array, n: number, box: number): void {
  // seen[unit * n + v - 1] = 1 + the cell where clue v was seen in that unit (zeroed again before returning).
  const seen = scratchOf(scratchSeen, 3 * n * n, (size) => new Int32Array(size));
  try {
    findRepeatedClue(cells, n, box, seen);
  } finally {
    seen.fill(0);
  }
}

/** The clue check proper, on a zeroed table. */
function findRepeatedClue(cells: Uint8Array, n: number, box: number, seen: Int32Array): void {
  for (let k = 0; k < n * n; k++) {
    const v = cells[k]!;
    if (v === 0) continue;
    const r = Math.floor(k / n);
    const c = k % n;
    const b = Math.floor(r / box) * box + Math.floor(c / box);
    // Unit u: rows 0..n-1, columns n..2n-1, boxes 2n..3n-1 (named only when a clue repeats).
    for (let kind = 0; kind < 3; kind++) {
      const index = kind === 0 ? r : kind === 1 ? c : b;
      const slot = (kind * n + index) * n + v - 1;
      const earlier = seen[slot]!;
      if (earlier !== 0) {
        const e = earlier - 1;
        const name = `${kind === 0 ? 'row' : kind === 1 ? 'column' : 'box'} ${index + 1}`;
        throw new RangeError(
          `the clues contradict each other: ${SUDOKU_SYMBOLS[v - 1]} appears twice in ${name} (row ${Math.floor(e / n) + 1} column ${(e % n) + 1} and row ${r + 1} column ${c + 1})`,
        );
      }
      seen[slot] = k + 1;
    }
  }
}

/** Writes cells (0 blank, 1..n) as a string of symbols, `.` for blanks. */
export function formatSudoku(cells: ArrayLike<number>): string {
  if (cells === null || typeof cells !== 'object' || typeof cells.length !== 'number') {
    throw new TypeError(`formatSudoku needs an array of cells; got ${describeValue(cells)}`);
  }
  const n = sideOfCells(cells.length);
  if (n === 0) throw new RangeError(`a Sudoku grid must have 16, 81, 256 or 625 cells; got ${cells.length}`);
  let out = '';
  for (let k = 0; k < cells.length; k++) {
    const v = cells[k]!;
    if (!Number.isInteger(v) || v < 0 || v > n) throw new RangeError(`cell ${k + 1} must be 0..${n}; got ${describeValue(v)}`);
    out += v === 0 ? '.' : SUDOKU_SYMBOLS[v - 1]!;
  }
  return out;
}

/** The exact-cover problem of an empty n×n Sudoku (box side `box`), in numbers. @internal */
export function sudokuMatrix(box: number): CompiledProblem {
  const n = box * box;
  const cells = n * n;
  const options = cells * n;
  const optionStart = new Int32Array(options + 1);
  const optionItems = new Int32Array(options * 4);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const b = Math.floor(r / box) * box + Math.floor(c / box);
      for (let v = 0; v < n; v++) {
        const o = (r * n + c) * n + v;
        optionStart[o] = 4 * o;
        optionItems[4 * o] = r * n + c;
        optionItems[4 * o + 1] = cells + r * n + v;
        optionItems[4 * o + 2] = 2 * cells + c * n + v;
        optionItems[4 * o + 3] = 3 * cells + b * n + v;
      }
    }
  }
  optionStart[options] = 4 * options;
  return { itemCount: 4 * cells, primaryCount: 4 * cells, optionStart, optionItems, optionColors: null };
}

/** Statistics of one Sudoku search. */
export interface SudokuStats {
  /** Solutions found (stopping at the limit). */
  readonly solutions: number;
  /**
   * Search-tree nodes, and updates: with method 'propagation', the nodes entered (the clues' propagation is the
   * first) and the candidates removed, for 25×25 grids the decisions (plus one for the clues) and the assignments
   * propagated; with 'dlx', nodes and link updates as Knuth counts them (the clues' covering included in updates).
   */
  readonly nodes: number;
  readonly updates: number;
  /** True when the whole search tree was explored (`solutions` is then exact); false when the limit or a budget stopped it. */
  readonly complete: boolean;
  /** What stopped an incomplete search: the limit or a budget (node budget, timeout, signal). */
  readonly stoppedBy: StopReason | null;
}

/** The budgets of one Sudoku search: `maxNodes`, `timeout` (ms), `signal`, `onProgress` every `progressInterval` nodes. */
export type SudokuSearchOptions = BudgetOptions;

/**
 * How a SudokuSolver searches: 'propagation' (the default: candidates as bit sets, naked and hidden singles and
 * locked candidates between branches; 9×9 grids by bands of digit planes; 25×25 grids by clause learning, as SAT
 * solvers search) or 'dlx' (Algorithm X on the exact-cover matrix, as in the Lisp blog post on Dancing Links Sudoku: its
 * node and update counts are Knuth's).
 */
export type SudokuMethod = 'propagation' | 'dlx';

/** Options of a SudokuSolver. */
export interface SudokuSolverOptions {
  /** How to search (default 'propagation'); both give the same counts, and the same solution when it is unique. */
  readonly method?: SudokuMethod;
}

const METHODS: readonly string[] = ['propagation', 'dlx'];

/** The part of a search that the budget checks drive (the dancing-links engine, or the propagation search). */
interface SearchCore {
  nodes: number;
  updates: number;
  level: number;
  checkAt: number;
  onCheck: (() => boolean) | null;
  run(): number;
}

const NO_STATS: SudokuStats = { solutions: 0, nodes: 0, updates: 0, complete: true, stoppedBy: null };

/**
 * A reusable Sudoku solver for one grid size and method: its tables (for 'dlx', the 729×324 matrix of a 9×9 grid,
 * reset after each puzzle as the Lisp blog post on Dancing Links Sudoku does) are built once.
 */
export class SudokuSolver {
  /** Grid side n (4, 9, 16 or 25). */
  readonly size: number;
  readonly box: number;
  /** How this solver searches. */
  readonly method: SudokuMethod;
  /** The dancing-links engine (method 'dlx'), else the propagation search (by bands for 9×9). */
  private readonly engine: Engine | null;
  private readonly propagation: PropagationSearch | BandSearch | LearningSearch | null;
  private readonly core: SearchCore;
  private stats: SudokuStats = NO_STATS;
  /** The search under way (an async one can pause): its limit, output, solutions and checks. */
  #run: { limit: number; out: Uint8Array | undefined; cells: Uint8Array; found: number; consistent: boolean; checks: Checks | null } | null = null;

  /** A solver for grids of side `size` = box² (4, 9, 16 or 25); `options.method` 'propagation' (default) or 'dlx'. */
  constructor(size = 9, options?: SudokuSolverOptions) {
    if (!SUDOKU_SIZES.includes(size)) throw new RangeError(`a Sudoku size must be 4, 9, 16 or 25; got ${describeValue(size)}`);
    const method = options === undefined ? undefined : optionsOf(options, 'a SudokuSolver').method;
    if (method !== undefined && !METHODS.includes(method as string)) {
      throw new RangeError(`a Sudoku method must be 'propagation' or 'dlx'; got ${describeValue(method)}`);
    }
    this.size = size;
    this.box = Math.round(Math.sqrt(size));
    this.method = method ?? 'propagation';
    if (this.method === 'dlx') {
      this.engine = new Engine(sudokuMatrix(this.box));
      this.propagation = null;
      this.core = this.engine;
    } else {
      this.engine = null;
      this.propagation = propagationSearch(this.box);
      this.core = this.propagation;
    }
  }

  /** Statistics of the last search. */
  get lastStats(): SudokuStats {
    return this.stats;
  }

  /**
   * Searches a parsed grid (cells row-major, 0 blank) for up to `limit` solutions; writes the first into `out` when
   * given. Returns the number found (0 also when the clues contradict each other; parseSudoku names such clues).
   * `options` are budgets (`maxNodes`, `timeout`, `signal`, `onProgress`): a search they stop returns the solutions
   * found so far, and `lastStats` says `complete: false` and why. Cells of the wrong count or value, a limit below 1
   * or an `out` of the wrong size are a RangeError.
   */
  search(cells: Uint8Array, limit: number, out?: Uint8Array, options?: SudokuSearchOptions): number {
    // A 9×9 search without budgets runs in WebAssembly when it can (the same search, so the same statistics).
    if (options === undefined && this.propagation instanceof BandSearch && this.#run === null && Number.isInteger(limit) && limit <= WASM_LIMIT) {
      const wasm = sudokuWasm();
      if (wasm !== null) {
        this.#check(cells, limit, out);
        const found = wasm.solveValues(cells, limit, true);
        if (found > 0 && out !== undefined) wasm.writeSolution(out);
        const stoppedBy = found >= limit ? 'limit' : null;
        this.stats = { solutions: found, nodes: wasm.nodes, updates: wasm.updates, complete: stoppedBy === null, stoppedBy };
        return found;
      }
    }
    this.#begin(cells, limit, out, options, false);
    try {
      this.#step(Infinity);
    } catch (error) {
      // onProgress threw: reset the links so that the solver can search again.
      this.#end();
      throw error;
    }
    return this.#end();
  }

  /**
   * `search` in slices of a few milliseconds with the event loop let in between, so that a timer, a Ctrl-C handler
   * or a closed pipe can abort the `signal` of a long search (a hard 25×25 grid, counting an empty one). One search
   * at a time per solver.
   */
  searchAsync(cells: Uint8Array, limit: number, out?: Uint8Array, options?: SudokuSearchOptions): Promise<number> {
    // Most puzzles end within the first slice: they then cost no more than a resolved promise.
    try {
      this.#begin(cells, limit, out, options, true);
    } catch (error) {
      return Promise.reject(error);
    }
    try {
      if (!this.#step(performance.now() + SLICE_MS)) return Promise.resolve(this.#end());
    } catch (error) {
      this.#end();
      return Promise.reject(error);
    }
    return this.#resume();
  }

  /** The slices after the first, with the event loop let in before each. */
  async #resume(): Promise<number> {
    try {
      do await yieldToEventLoop();
      while (this.#step(performance.now() + SLICE_MS));
    } catch (error) {
      this.#end();
      throw error;
    }
    return this.#end();
  }

  /** Checks the arguments and starts the search (for 'dlx', forces the clues' options). */
  #begin(cells: Uint8Array, limit: number, out: Uint8Array | undefined, options: SudokuSearchOptions | undefined, polling: boolean): void {
    const n = this.size;
    if (this.#run !== null) throw new Error('this solver is already running a search: await it before starting another');
    this.#check(cells, limit, out);
    const budget = options === undefined ? null : budgetOf(optionsOf(options, 'a Sudoku search'));
    let consistent = true;
    const engine = this.engine;
    if (engine !== null) {
      engine.resetStats();
      for (let k = 0; k < cells.length; k++) {
        const v = cells[k]!;
        if (v !== 0 && !engine.force(k * n + v - 1)) {
          consistent = false;
          break;
        }
      }
    } else {
      this.propagation!.load(cells);
    }
    const run = { limit, out, cells, found: 0, consistent, checks: null as Checks | null };
    if (budget !== null || polling) {
      const noBudget = { maxNodes: Infinity, timeout: Infinity, signal: undefined, onProgress: undefined, interval: 1_000_000 };
      // The propagation search keeps the engine's nodes/updates/level/checkAt/onCheck protocol that Checks drives.
      run.checks = new Checks(this.core as Engine, budget ?? noBudget, performance.now(), () => run.found, polling);
    }
    this.#run = run;
  }

  /** Checks a search's cells, limit and output (RangeError or TypeError naming the bad value). */
  #check(cells: Uint8Array, limit: number, out: Uint8Array | undefined): void {
    const n = this.size;
    if (cells === null || typeof cells !== 'object') throw new TypeError(`search needs the cells of a grid; got ${describeValue(cells)}`);
    if (cells.length !== n * n) throw new RangeError(`a ${n}×${n} Sudoku has ${n * n} cells; got ${describeValue(cells.length)}`);
    if (typeof limit !== 'number' || !(limit >= 1)) throw new RangeError(`the limit must be at least 1; got ${describeValue(limit)}`);
    if (out !== undefined && (out === null || typeof out !== 'object' || out.length !== n * n)) {
      throw new RangeError(`the output of a ${n}×${n} Sudoku must have ${n * n} cells; got ${describeValue(out?.length ?? out)}`);
    }
    for (let k = 0; k < cells.length; k++) {
      const v = cells[k]!;
      if (v > n || !(v >= 0)) {
        throw new RangeError(`cell ${k + 1} of a ${n}×${n} Sudoku must be 0 (blank) to ${n}; got ${describeValue(v)}`);
      }
    }
  }

  /** Searches until the limit, the end, a budget, or (true) the slice's end at `pauseAt`. */
  #step(pauseAt: number): boolean {
    const run = this.#run!;
    const { engine, core, size: n } = this;
    const checks = run.checks;
    if (checks !== null) {
      if (checks.expired()) return false;
      checks.pauseAt = pauseAt;
    }
    while (run.consistent && run.found < run.limit) {
      if (core.run() !== FOUND) {
        if (checks !== null && checks.paused) {
          checks.paused = false;
          return true;
        }
        return false;
      }
      run.found++;
      if (run.found === 1 && run.out !== undefined) {
        if (engine === null) {
          this.propagation!.writeSolution(run.out);
        } else {
          run.out.set(run.cells);
          for (let l = 0; l < engine.level; l++) {
            const o = engine.optionAt(l);
            run.out[Math.floor(o / n)] = (o % n) + 1;
          }
        }
      }
      if (checks !== null && run.found < run.limit && checks.expired()) return false;
    }
    return false;
  }

  /** Records the statistics, resets the links and returns the number of solutions found. */
  #end(): number {
    const run = this.#run!;
    const core = this.core;
    const reason = run.checks?.reason ?? (run.consistent && run.found >= run.limit ? 'limit' : null);
    this.stats = { solutions: run.found, nodes: core.nodes, updates: core.updates, complete: reason === null, stoppedBy: reason };
    run.checks?.uninstall();
    this.engine?.reset();
    this.#run = null;
    return run.found;
  }

  /** The first solution of a grid as a string of symbols, or null when it has none. */
  solve(grid: SudokuInput): string | null {
    const parsed = this.parse(grid);
    const out = new Uint8Array(parsed.cells.length);
    return this.search(parsed.cells, 1, out) === 0 ? null : formatSudoku(out);
  }

  /** The number of solutions of a grid, stopping at `limit` (default 2: 0 none, 1 unique, 2 several). */
  count(grid: SudokuInput, limit = 2): number {
    const max = positiveCount(limit, 'the limit of countSudokuSolutions', 2);
    return this.search(this.parse(grid).cells, max);
  }

  private parse(grid: SudokuInput): SudokuGrid {
    const parsed = parseGrid(grid, true);
    if (parsed.size !== this.size) {
      throw new RangeError(`this solver is for ${this.size}×${this.size} grids; got a ${parsed.size}×${parsed.size} grid`);
    }
    return parsed;
  }
}

/**
 * The propagation search of grids of box side `box`: by bands for 9×9, by clause learning for 25×25, by candidates
 * per cell for 4×4 and 16×16.
 */
function propagationSearch(box: number): PropagationSearch | BandSearch | LearningSearch {
  return box === 3 ? new BandSearch() : box === 5 ? new LearningSearch(box) : new PropagationSearch(box);
}

// solveSudoku and countSudokuSolutions use the propagation search directly (no budgets, no SudokuSolver), so that a
// bundle importing only them does not carry the dancing-links engine and its WebAssembly module.
const searches = new Map<number, PropagationSearch | BandSearch | LearningSearch>();

/** Searches parsed cells by propagation for up to `limit` solutions; writes the first into `out` when given. @internal */
export function searchGrid(grid: SudokuGrid, limit: number, out?: Uint8Array): number {
  if (grid.size === 9 && limit <= WASM_LIMIT) {
    const wasm = sudokuWasm();
    if (wasm !== null) {
      const found = wasm.solveValues(grid.cells, limit);
      if (found > 0 && out !== undefined) wasm.writeSolution(out);
      return found;
    }
  }
  let search = searches.get(grid.size);
  if (search === undefined) {
    search = propagationSearch(grid.box);
    searches.set(grid.size, search);
  }
  search.load(grid.cells);
  let found = 0;
  while (found < limit && search.run() === SOLVED) {
    if (found === 0 && out !== undefined) search.writeSolution(out);
    found++;
  }
  return found;
}

/**
 * The first solution of a Sudoku (81 characters 1-9 for 9×9; n² symbols for 4×4, 16×16, 25×25), or null when the
 * grid has none. Input: n² cells with 0 or . for blanks, or n strings of n. Throws on a malformed or contradictory grid.
 */
export function solveSudoku(grid: SudokuInput): string | null {
  // The common case, 81 characters without whitespace: read, checked and solved in WebAssembly in one call; a
  // puzzle it refuses is parsed below, which throws the error that names the problem.
  if (typeof grid === 'string' && grid.length === 81) {
    const wasm = sudokuWasm();
    if (wasm !== null) {
      const found = wasm.solveString(grid, 1);
      if (found >= 0) return found === 0 ? null : wasm.solutionString();
    }
  }
  const parsed = parseGrid(grid, true);
  const out = new Uint8Array(parsed.cells.length);
  return searchGrid(parsed, 1, out) === 0 ? null : formatSudoku(out);
}

/** The number of solutions of a Sudoku, stopping at `limit` (default 2, enough to tell unique from not). */
export function countSudokuSolutions(grid: SudokuInput, limit = 2): number {
  const max = positiveCount(limit, 'the limit of countSudokuSolutions', 2);
  if (typeof grid === 'string' && grid.length === 81 && max <= WASM_LIMIT) {
    const wasm = sudokuWasm();
    if (wasm !== null) {
      const found = wasm.solveString(grid, max);
      if (found >= 0) return found;
    }
  }
  return searchGrid(parseGrid(grid, true), max);
}
