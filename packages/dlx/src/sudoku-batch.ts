// Many 9×9 puzzles in one call: a text of one puzzle per line, or a typed array of cell values, read and solved in
// WebAssembly in one loop (no call and no string per puzzle), counts and first solutions out as typed arrays. With
// `workers`, the puzzles are cut into runs of consecutive puzzles handed to worker threads as they come free; each
// result lands at its puzzle's index, so the result is the same whatever the number of workers.
import { describeValue, optionsOf, positiveCount } from './errors.js';
import { parseSudoku, searchGrid } from './sudoku.js';
import { BAD_CELL, BAD_LENGTH, CLASH, sudokuWasm, type SudokuWasm } from './sudoku-wasm.js';
import { startThread, type Thread } from './threads.js';

/** Options of a batch solved in this thread. */
export interface SudokuBatchOptions {
  /** Stop counting each puzzle's solutions at this many (default 2: 0 none, 1 unique, 2 several; at most 2^31 − 1). */
  readonly limit?: number;
  /** Return each puzzle's first solution (default true); false returns counts only. */
  readonly solutions?: boolean;
}

/** Options of a batch solved on worker threads. */
export interface SudokuBatchWorkerOptions extends SudokuBatchOptions {
  /** Worker threads to solve on (1 to 256); the result is the same whatever their number. */
  readonly workers: number;
  /** Stops the batch: the promise rejects with the signal's reason and the workers are ended. */
  readonly signal?: AbortSignal;
}

/** A puzzle of a batch that could not be read, and why (the message parseSudoku gives for it). */
export interface SudokuBatchError {
  /** The puzzle's index in the batch (0-based; for a text, its line number minus one). */
  readonly index: number;
  /** What is wrong with it, as parseSudoku says it (a RangeError's message). */
  readonly message: string;
}

/** What a batch found, puzzle by puzzle. */
export interface SudokuBatchResult {
  /** The number of puzzles (lines of a text, or cells / 81). */
  readonly puzzles: number;
  /** Per puzzle, the solutions found up to the limit: 0 for none, and for a bad puzzle (listed in `errors`). */
  readonly counts: Uint32Array;
  /**
   * Per puzzle, 81 cell values (1..9, row-major) of its first solution at 81 × index, zeros where it has none; null
   * when `solutions: false`. `formatSudoku(solutions.subarray(81 * i, 81 * i + 81))` makes one a string.
   */
  readonly solutions: Uint8Array | null;
  /** The bad puzzles, by index; the others are solved all the same. */
  readonly errors: readonly SudokuBatchError[];
}

/** The puzzles of a batch: a text (one per line) or 81 cell values per puzzle. */
export type SudokuBatchInput = string | Uint8Array;

const MAX_WORKERS = 256;
const MAX_LIMIT = 0x7fffffff;
/** Puzzles handed to a worker at a time: small enough to share out hard puzzles, large beside a message's cost. */
const CHUNK = 2048;

/**
 * Solves many 9×9 puzzles at once: a text of one puzzle per line (81 cells, 1-9 and 0 or . for blanks; `\n` or
 * `\r\n`; a final line break is optional) or a Uint8Array of 81 cell values (0 blank, 1..9) per puzzle. Returns the
 * count (up to `limit`, default 2) and first solution of each; a bad puzzle is listed in `errors` by index and the
 * others are solved. With `workers`, solves on that many threads and returns a promise of the same result.
 */
export function solveSudokuBatch(puzzles: SudokuBatchInput, options: SudokuBatchWorkerOptions): Promise<SudokuBatchResult>;
export function solveSudokuBatch(puzzles: SudokuBatchInput, options?: SudokuBatchOptions): SudokuBatchResult;
export function solveSudokuBatch(
  puzzles: SudokuBatchInput,
  options?: SudokuBatchOptions | SudokuBatchWorkerOptions,
): SudokuBatchResult | Promise<SudokuBatchResult> {
  const o = options === undefined ? {} : (optionsOf(options, 'a Sudoku batch') as Partial<SudokuBatchWorkerOptions>);
  const limit = o.limit === undefined ? 2 : positiveCount(o.limit, 'the limit of a Sudoku batch', 2);
  if (limit > MAX_LIMIT) throw new RangeError(`the limit of a Sudoku batch must be at most ${MAX_LIMIT}; got ${describeValue(limit)}`);
  if (o.solutions !== undefined && typeof o.solutions !== 'boolean') {
    throw new TypeError(`the solutions option of a Sudoku batch must be true or false; got ${describeValue(o.solutions)}`);
  }
  const withSolutions = o.solutions ?? true;
  checkInput(puzzles);
  if (o.workers === undefined) return solveHere(puzzles, limit, withSolutions);
  const workers = o.workers;
  if (typeof workers !== 'number' || !Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    const message = `workers must be an integer from 1 to ${MAX_WORKERS}; got ${describeValue(workers)}`;
    return Promise.reject(typeof workers === 'number' ? new RangeError(message) : new TypeError(message));
  }
  return solveOnWorkers(puzzles, limit, withSolutions, workers, o.signal);
}

function checkInput(puzzles: unknown): void {
  if (typeof puzzles === 'string') return;
  if (puzzles instanceof Uint8Array) {
    if (puzzles.length % 81 !== 0) {
      throw new RangeError(`a Sudoku batch of cells must hold 81 values per puzzle; got ${puzzles.length}, which is not a multiple of 81`);
    }
    return;
  }
  throw new TypeError(`a Sudoku batch must be a string of puzzles, one per line, or a Uint8Array of cells; got ${describeValue(puzzles)}`);
}

/** The lines of a text, as solveLines cuts them. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** Solves a batch in this thread (WebAssembly, or the TypeScript search where it is refused). @internal */
export function solveHere(puzzles: SudokuBatchInput, limit: number, withSolutions: boolean): SudokuBatchResult {
  const wasm = sudokuWasm();
  if (wasm === null) return solveInJs(puzzles, limit, withSolutions);
  return typeof puzzles === 'string' ? solveTextInWasm(wasm, puzzles, limit, withSolutions) : solveCellsInWasm(wasm, puzzles, limit, withSolutions);
}

function solveTextInWasm(wasm: SudokuWasm, text: string, limit: number, withSolutions: boolean): SudokuBatchResult {
  // UTF-8 takes at most 3 bytes per UTF-16 unit; a line's count is at most the text's length / 82 + 1.
  const at = wasm.io;
  const room = 3 * text.length;
  const maxLines = Math.floor(room / 82) + 2;
  const statusAt = at + ((room + 3) & ~3);
  const solutionsAt = statusAt + 4 * maxLines;
  wasm.reserve(solutionsAt + (withSolutions ? 81 * maxLines : 0));
  const { written } = new TextEncoder().encodeInto(text, wasm.bytes.subarray(at, at + room));
  const count = wasm.solveLines(at, written, limit, statusAt, withSolutions ? solutionsAt : 0);
  return collect(wasm, count, statusAt, withSolutions ? solutionsAt : 0, (i) => lineOf(text, i, count), limit);
}

function solveCellsInWasm(wasm: SudokuWasm, cells: Uint8Array, limit: number, withSolutions: boolean): SudokuBatchResult {
  const count = cells.length / 81;
  const at = wasm.io;
  const statusAt = at + ((cells.length + 3) & ~3);
  const solutionsAt = statusAt + 4 * count;
  wasm.reserve(solutionsAt + (withSolutions ? cells.length : 0));
  wasm.bytes.set(cells, at);
  wasm.solveCellBatch(at, count, limit, statusAt, withSolutions ? solutionsAt : 0);
  return collect(wasm, count, statusAt, withSolutions ? solutionsAt : 0, (i) => cells.subarray(81 * i, 81 * i + 81), limit);
}

/** Lines of a text, cut once on the first bad line. */
let cutText: string | null = null;
let cutLines: string[] = [];
function lineOf(text: string, index: number, count: number): string {
  if (cutText !== text) {
    cutLines = linesOf(text);
    cutText = text;
  }
  return index < count ? cutLines[index]! : '';
}

/** Reads the statuses and solutions out of the module's memory; puzzles it refused are read again for the error. */
function collect(
  wasm: SudokuWasm,
  count: number,
  statusAt: number,
  solutionsAt: number,
  puzzle: (index: number) => string | Uint8Array,
  limit: number,
): SudokuBatchResult {
  const bytes = wasm.bytes;
  const status = new Int32Array(bytes.buffer, statusAt, count);
  const counts = new Uint32Array(count);
  const errors: SudokuBatchError[] = [];
  const solutions = solutionsAt === 0 ? null : bytes.slice(solutionsAt, solutionsAt + 81 * count);
  for (let i = 0; i < count; i++) {
    const s = status[i]!;
    if (s >= 0) {
      counts[i] = s;
      continue;
    }
    if (s !== BAD_CELL && s !== BAD_LENGTH && s !== CLASH) throw new Error(`the Sudoku WebAssembly module returned status ${s}`);
    readAgain(puzzle(i), i, limit, counts, solutions, errors);
  }
  cutText = null;
  cutLines = [];
  return { puzzles: count, counts, solutions, errors };
}

/**
 * Reads and solves one puzzle the slow way: parseSudoku names the problem of a bad one (the error goes into
 * `errors`); a line the fast reader refused but parseSudoku accepts (whitespace between its cells) is solved.
 */
function readAgain(
  puzzle: string | Uint8Array,
  index: number,
  limit: number,
  counts: Uint32Array,
  solutions: Uint8Array | null,
  errors: SudokuBatchError[],
): void {
  try {
    let text: string;
    if (typeof puzzle === 'string') {
      text = puzzle;
    } else {
      for (let k = 0; k < 81; k++) {
        const v = puzzle[k]!;
        if (v > 9) throw new RangeError(`cell ${k + 1} (row ${Math.floor(k / 9) + 1}, column ${(k % 9) + 1}) must be 0 (blank) to 9; got ${v}`);
      }
      text = Array.from(puzzle, (v) => (v === 0 ? '.' : String(v))).join('');
    }
    const grid = parseSudoku(text);
    if (grid.size !== 9) throw new RangeError(`a Sudoku batch holds 9×9 puzzles; got a ${grid.size}×${grid.size} grid`);
    counts[index] = searchGrid(grid, limit, solutions === null ? undefined : solutions.subarray(81 * index, 81 * index + 81));
  } catch (error) {
    if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
    errors.push({ index, message: error.message });
  }
}

/** The batch without WebAssembly: puzzle by puzzle through the TypeScript search. */
function solveInJs(puzzles: SudokuBatchInput, limit: number, withSolutions: boolean): SudokuBatchResult {
  const list: Array<string | Uint8Array> =
    typeof puzzles === 'string' ? linesOf(puzzles) : Array.from({ length: puzzles.length / 81 }, (_, i) => puzzles.subarray(81 * i, 81 * i + 81));
  const count = list.length;
  const counts = new Uint32Array(count);
  const solutions = withSolutions ? new Uint8Array(81 * count) : null;
  const errors: SudokuBatchError[] = [];
  for (let i = 0; i < count; i++) readAgain(list[i]!, i, limit, counts, solutions, errors);
  return { puzzles: count, counts, solutions, errors };
}

/** A message to a worker: one run of a batch. @internal */
export interface SudokuBatchTask {
  readonly type: 'sudoku';
  readonly id: number;
  readonly puzzles: SudokuBatchInput;
  readonly limit: number;
  readonly solutions: boolean;
}

/** A worker's answer to a SudokuBatchTask. @internal */
export type SudokuBatchReply =
  | { readonly type: 'sudoku'; readonly id: number; readonly result: SudokuBatchResult }
  | { readonly type: 'failed'; readonly message: string };

/** Cuts a batch into runs of consecutive puzzles: each run's first index and its puzzles. */
function runsOf(puzzles: SudokuBatchInput, workers: number): { total: number; runs: Array<{ first: number; puzzles: SudokuBatchInput }> } {
  const runs: Array<{ first: number; puzzles: SudokuBatchInput }> = [];
  if (typeof puzzles !== 'string') {
    const total = puzzles.length / 81;
    const size = Math.max(16, Math.min(CHUNK, Math.ceil(total / (workers * 8))));
    for (let first = 0; first < total; first += size) runs.push({ first, puzzles: puzzles.slice(81 * first, 81 * Math.min(total, first + size)) });
    return { total, runs };
  }
  // Lines as solveLines counts them: a final line break ends the last line, and starts none.
  const text = puzzles;
  let total = 0;
  for (let at = 0; at < text.length; total++) {
    const stop = text.indexOf('\n', at);
    if (stop < 0) {
      total++;
      break;
    }
    at = stop + 1;
  }
  const size = Math.max(16, Math.min(CHUNK, Math.ceil(total / (workers * 8))));
  let start = 0;
  for (let first = 0; first < total; first += size) {
    let end = start;
    for (let k = 0; k < size && end < text.length; k++) {
      const stop = text.indexOf('\n', end);
      end = stop < 0 ? text.length : stop + 1;
    }
    runs.push({ first, puzzles: text.slice(start, end) });
    start = end;
  }
  return { total, runs };
}

let nextTask = 1;

/** Solves a batch on worker threads, each taking the next run of puzzles as it comes free. */
function solveOnWorkers(
  puzzles: SudokuBatchInput,
  limit: number,
  withSolutions: boolean,
  workers: number,
  signal: AbortSignal | undefined,
): Promise<SudokuBatchResult> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  const { total, runs } = runsOf(puzzles, workers);
  const counts = new Uint32Array(total);
  const solutions = withSolutions ? new Uint8Array(81 * total) : null;
  const errors: SudokuBatchError[] = [];
  if (runs.length === 0) return Promise.resolve({ puzzles: 0, counts, solutions, errors });
  return new Promise<SudokuBatchResult>((resolve, reject) => {
    const threads: Thread[] = [];
    let next = 0;
    let done = 0;
    let over = false;
    const finish = (error: unknown) => {
      if (over) return;
      over = true;
      signal?.removeEventListener('abort', onAbort);
      if (error !== undefined) {
        for (const thread of threads) void thread.terminate();
        reject(error);
        return;
      }
      for (const thread of threads) thread.release();
      errors.sort((a, b) => a.index - b.index);
      resolve({ puzzles: total, counts, solutions, errors });
    };
    const onAbort = () => finish(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const start = (thread: Thread, pending: Map<number, number>) => {
      if (next >= runs.length) return;
      const run = runs[next++]!;
      const id = nextTask++;
      pending.set(id, run.first);
      const task: SudokuBatchTask = { type: 'sudoku', id, puzzles: run.puzzles, limit, solutions: withSolutions };
      thread.post(task);
    };
    for (let w = 0; w < Math.min(workers, runs.length); w++) {
      const pending = new Map<number, number>();
      let thread: Thread;
      try {
        thread = startThread(
          (message) => {
            if (over) return;
            const m = message as SudokuBatchReply;
            if (m.type === 'failed') {
              finish(new Error(`a Sudoku worker failed: ${m.message}`));
              return;
            }
            const first = pending.get(m.id);
            if (m.type !== 'sudoku' || first === undefined) return;
            pending.delete(m.id);
            const r = m.result;
            counts.set(r.counts, first);
            if (solutions !== null && r.solutions !== null) solutions.set(r.solutions, 81 * first);
            for (const e of r.errors) errors.push({ index: first + e.index, message: e.message });
            done++;
            if (done === runs.length) finish(undefined);
            else start(thread, pending);
          },
          (error) => finish(error),
        );
      } catch (error) {
        finish(error);
        return;
      }
      threads.push(thread);
      start(thread, pending);
    }
  });
}
