import { stopper } from '@puzzles/kit/budget';
import { describeValue, optionsOf } from '../errors.js';
import { patternMatrix } from '../matrix.js';
import { normalizeWord, SOLVED_CODE } from '../score.js';
import { originalWords, wordListOf, type WordList } from '../words.js';
import { ExactSearch, INFINITE, SearchStopped, type SearchSetup } from './search.js';
import { checkStrategy } from './strategy.js';
import { runTask, type Task, type TaskResult } from './task.js';
import { answerMajor } from './transpose.js';

/** Options of `solveExact`. */
export interface ExactOptions {
  /** The word lists: the original ones unless told. */
  readonly words?: WordList;
  /** Only guesses hard mode allows (revealed hints used). */
  readonly hardMode?: boolean;
  /** The first guess whose best total to prove. Without it, every allowed guess is tried as opener below `bound`. */
  readonly opener?: string;
  /** Without an opener: find the best opener whose total is below this bound (or prove there is none). */
  readonly bound?: number;
  /** Games must end within this many guesses: 6 unless told (2 to 20). */
  readonly maxGuesses?: number;
  /** 0 (the default): search in this thread; N ≥ 1: in N worker threads (Node.js only). */
  readonly workers?: number;
  /** Also return the proven strategy, each answer's guesses (checked by playing it against every answer). */
  readonly strategy?: boolean;
  /** Stops the search when aborted; the result then says the best bounds found so far. */
  readonly signal?: AbortSignal;
  /** Stops the search after this many milliseconds. */
  readonly timeout?: number;
  /** Called as parts of the search finish: how many so far, of how many. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** The result of `solveExact`. */
export interface ExactResult {
  /** The name of the word lists searched. */
  readonly list: string;
  readonly hardMode: boolean;
  readonly maxGuesses: number;
  /** The opener of the best strategy found (null when none was found below the bound). */
  readonly opener: string | null;
  /** The fewest total guesses over every answer with that opener, when proven; else null. */
  readonly total: number | null;
  /** True when the search finished: `total` is the optimum (for the given opener, or over every opener). */
  readonly proven: boolean;
  /** A proven lower bound on the total (equal to `total` once proven; the bound itself when none is below it). */
  readonly lowerBound: number;
  /** The best total of a strategy completed so far, when not proven (upper bound); else equal to `total`. */
  readonly upperBound: number | null;
  /** Positions the search entered. */
  readonly nodes: number;
  /** Milliseconds the whole call took, the pattern matrix included. */
  readonly ms: number;
  /** Milliseconds spent building the pattern matrix and its answer-major copy. */
  readonly setupMs: number;
  /** Worker threads used (0: this thread). */
  readonly workers: number;
  /** Why the search stopped before finishing, else undefined. */
  readonly stopped: 'aborted' | 'timeout' | undefined;
  /** With `strategy`: each answer's guesses under the proven strategy, the solving guess last. */
  readonly games?: Readonly<Record<string, readonly string[]>>;
}

const now = (): number => (globalThis.performance ?? Date).now();

interface Prepared {
  readonly codes: Uint8Array;
  readonly byAnswer: Uint8Array;
  readonly letters: Uint8Array;
}

const preparedLists = new WeakMap<WordList, Prepared>();

/** A typed array over shared memory when the platform has it (workers then read it without a copy). */
function sharedBytes(length: number): Uint8Array {
  return typeof SharedArrayBuffer === 'function' ? new Uint8Array(new SharedArrayBuffer(length)) : new Uint8Array(length);
}

function prepare(words: WordList): Prepared {
  let prepared = preparedLists.get(words);
  if (!prepared) {
    const m = patternMatrix(words);
    const codes = sharedBytes(m.codes.length);
    codes.set(m.codes);
    const byAnswer = sharedBytes(m.codes.length);
    byAnswer.set(answerMajor(m.codes, m.guessCount, m.answerCount));
    prepared = { codes, byAnswer, letters: m.letters };
    preparedLists.set(words, prepared);
  }
  return prepared;
}

/** The worker script beside this module in dist/ (a variable, so that bundlers leave it alone). */
const WORKER_FILE = './exact-worker.js';
const WORKER_MODULE = 'node:worker_threads';

interface WorkerLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (result: TaskResult) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  terminate(): Promise<number>;
}

async function startWorker(setup: SearchSetup): Promise<WorkerLike> {
  const { Worker } = (await import(/* @vite-ignore */ WORKER_MODULE)) as { Worker: new (file: string | URL) => WorkerLike };
  const file = typeof __dirname === 'string' ? `${__dirname}/exact-worker.js` : new URL(WORKER_FILE, import.meta.url);
  const worker = new Worker(file);
  worker.postMessage({ setup });
  return worker;
}

/**
 * Finds the strategy with the fewest total guesses over every answer and proves it (branch and bound with lower bounds
 * and a cache, as Alex Selby's solver): for `opener`, or over every opener below `bound`. Stopped by `signal` or
 * `timeout`, it says the best bounds found so far (`proven: false`).
 */
export async function solveExact(exactOptions?: ExactOptions): Promise<ExactResult> {
  const start = now();
  const options = optionsOf(exactOptions, 'solveExact');
  const words = options.words === undefined ? originalWords() : wordListOf(options.words);
  const listName = words.name ?? 'given';
  if (options.hardMode !== undefined && typeof options.hardMode !== 'boolean') throw new TypeError(`hardMode must be a boolean; got ${describeValue(options.hardMode)}`);
  if (options.strategy !== undefined && typeof options.strategy !== 'boolean') throw new TypeError(`strategy must be a boolean; got ${describeValue(options.strategy)}`);
  const hardMode = options.hardMode === true;
  const maxGuesses = options.maxGuesses ?? 6;
  if (!Number.isInteger(maxGuesses) || maxGuesses < 2 || maxGuesses > 20) throw new RangeError(`maxGuesses must be an integer from 2 to 20; got ${describeValue(maxGuesses)}`);
  const workerCount = options.workers ?? 0;
  if (!Number.isInteger(workerCount) || workerCount < 0 || workerCount > 64) throw new RangeError(`workers must be an integer from 0 to 64; got ${describeValue(workerCount)}`);
  const { onProgress } = options;
  if (onProgress !== undefined && typeof onProgress !== 'function') throw new TypeError(`onProgress must be a function; got ${describeValue(onProgress)}`);
  let opener: number | undefined;
  if (options.opener !== undefined) {
    const word = normalizeWord(options.opener, 'opener');
    opener = words.indexOf(word);
    if (opener === undefined) throw new RangeError(`opener must be an allowed guess of the list ${listName}; got ${describeValue(options.opener)}`);
  }
  const bound = options.bound;
  if (bound !== undefined && (!Number.isSafeInteger(bound) || bound < 1)) throw new RangeError(`bound must be a positive integer; got ${describeValue(bound)}`);
  if (opener === undefined && bound === undefined) throw new RangeError('give an opener, or a bound below which to search every opener');
  if (opener !== undefined && bound !== undefined) throw new RangeError('bound goes with a search over every opener: give an opener or a bound, not both');
  const stop = stopper(options, 1);
  const wantGames = options.strategy === true;

  const prepared = prepare(words);
  const A = words.answers.length;
  const G = words.guesses.length;
  const setup: SearchSetup = { codes: prepared.codes, byAnswer: prepared.byAnswer, answerCount: A, guessCount: G, letters: prepared.letters, hardMode, maxGuesses };
  const setupMs = now() - start;

  // The tasks: the groups one opener leaves (largest first), or every opener in the order of its split's bound.
  const tasks: Task[] = [];
  /** A lower bound on each task's value, for the bound said when the search stops early. */
  const floor: number[] = [];
  let solvedByOpener = 0;
  if (opener !== undefined) {
    const groups = new Map<number, number[]>();
    for (let a = 0; a < A; a++) {
      const c = prepared.codes[opener * A + a]!;
      let group = groups.get(c);
      if (!group) groups.set(c, (group = []));
      group.push(a);
    }
    const sorted = [...groups].sort((x, y) => y[1].length - x[1].length);
    for (const [code, group] of sorted) {
      if (code === SOLVED_CODE) {
        solvedByOpener = 1;
        continue;
      }
      tasks.push({ kind: 'group', id: tasks.length, opener, code, answers: Uint16Array.from(group), beta: INFINITE, games: wantGames });
      floor.push(maxGuesses >= 2 ? 2 * group.length - 1 : INFINITE);
    }
  } else {
    const keyed: Array<[number, number, number]> = [];
    const count = new Int32Array(243);
    for (let t = 0; t < G; t++) {
      count.fill(0);
      for (let a = 0; a < A; a++) count[prepared.byAnswer[a * G + t]!]!++;
      let lb = A;
      let squares = 0;
      for (let c = 0; c < 243; c++) {
        const k = count[c]!;
        squares += k * k;
        if (k > 0 && c !== SOLVED_CODE) lb += 2 * k - 1;
      }
      keyed.push([2 * squares + A * lb, t, lb]);
    }
    keyed.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    for (const [, t, lb] of keyed) {
      tasks.push({ kind: 'opener', id: tasks.length, opener: t, beta: bound!, games: wantGames });
      floor.push(lb);
    }
  }

  const results: Array<TaskResult | undefined> = new Array(tasks.length);
  let nodes = 0;
  let done = 0;
  /** The best opener total so far (all-openers mode): later tasks search below it. */
  let best = bound ?? INFINITE;
  const betaOf = (task: Task): number => (task.kind === 'opener' ? Math.min(task.beta, best) : task.beta);
  const record = (result: TaskResult): void => {
    results[result.id] = result;
    nodes += result.nodes;
    done++;
    const task = tasks[result.id]!;
    if (task.kind === 'opener' && result.value < best) best = result.value;
    onProgress?.(done, tasks.length);
  };

  let stoppedInside = false;
  if (workerCount === 0) {
    const search = new ExactSearch(setup);
    search.stop = () => stop.check();
    try {
      for (const task of tasks) {
        if (stop.check()) break;
        const before = search.nodes;
        try {
          record(runTask(search, { ...task, beta: betaOf(task) }));
        } catch (error) {
          if (error instanceof SearchStopped) {
            nodes += search.nodes - before;
            stoppedInside = true;
            break;
          }
          throw error;
        }
      }
    } finally {
      search.stop = undefined;
    }
  } else {
    await runInWorkers(setup, tasks, workerCount, betaOf, record, options.signal, stop);
  }

  const finished = done === tasks.length && !stoppedInside;
  const stoppedReason = finished ? undefined : (stop.reason ?? 'aborted');
  let bestOpener: number | null = null;
  let total: number | null = null;
  let lowerBound: number;
  let upperBound: number | null = null;
  if (opener !== undefined) {
    bestOpener = opener;
    let sum = A;
    let low = A;
    for (const [i, result] of results.entries()) {
      if (result) {
        sum += result.value;
        low += result.value;
      } else low += floor[i]!;
    }
    lowerBound = Math.min(low, INFINITE);
    if (finished) {
      total = Math.min(sum, INFINITE);
      upperBound = total;
    }
  } else {
    let bestValue = INFINITE;
    let low = bound!;
    for (const [i, result] of results.entries()) {
      const task = tasks[i]!;
      if (result) {
        if (result.value < bestValue) {
          bestValue = result.value;
          bestOpener = task.opener;
        }
        if (result.value < low) low = result.value;
      } else if (floor[i]! < low) low = floor[i]!;
    }
    if (bestValue >= bound!) bestOpener = null;
    lowerBound = finished ? Math.min(bestValue, bound!) : low;
    upperBound = bestOpener === null ? null : bestValue;
    if (finished && bestOpener !== null) total = bestValue;
  }

  let games: Record<string, string[]> | undefined;
  if (wantGames && finished && total !== null && total < INFINITE) {
    games = {};
    if (opener !== undefined) {
      if (solvedByOpener) games[words.guesses[opener]!] = [words.guesses[opener]!];
      for (const result of results) for (const [a, path] of result!.games ?? []) games[words.answers[a]!] = path.map((g) => words.guesses[g]!);
    } else {
      const winner = results.find((r, i) => r && tasks[i]!.opener === bestOpener && r.value === total);
      for (const [a, path] of winner?.games ?? []) games[words.answers[a]!] = path.map((g) => words.guesses[g]!);
    }
    // Never hand out a strategy that does not do what it says.
    const check = checkStrategy(words, games, { hardMode, maxGuesses });
    if (check.total !== total) throw new Error(`internal error: the strategy found plays ${check.total} guesses, not the ${total} proven`);
  }
  return Object.freeze({
    list: listName,
    hardMode,
    maxGuesses,
    opener: bestOpener === null ? null : words.guesses[bestOpener]!,
    total: total === null || total >= INFINITE ? null : total,
    proven: finished,
    lowerBound,
    upperBound: upperBound === null || upperBound >= INFINITE ? null : upperBound,
    nodes,
    ms: now() - start,
    setupMs,
    workers: workerCount,
    stopped: stoppedReason,
    ...(games === undefined ? {} : { games: Object.freeze(games) }),
  });
}

/** Runs the tasks on N worker threads, largest first, until all are done or the search is stopped. */
async function runInWorkers(
  setup: SearchSetup,
  tasks: readonly Task[],
  count: number,
  betaOf: (task: Task) => number,
  record: (result: TaskResult) => void,
  signal: AbortSignal | undefined,
  stop: { check(): boolean },
): Promise<void> {
  const workers = await Promise.all(Array.from({ length: Math.min(count, Math.max(1, tasks.length)) }, () => startWorker(setup)));
  let next = 0;
  let running = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let timer: ReturnType<typeof setInterval> | undefined;
      const finish = (): void => {
        if (timer !== undefined) clearInterval(timer);
        signal?.removeEventListener('abort', finish);
        resolve();
      };
      // The time limit and the signal are checked while the workers search.
      timer = setInterval(() => {
        if (stop.check()) finish();
      }, 10);
      signal?.addEventListener('abort', finish, { once: true });
      const feed = (worker: WorkerLike): void => {
        if (stop.check()) return finish();
        if (next >= tasks.length) {
          if (running === 0) finish();
          return;
        }
        const task = tasks[next++]!;
        running++;
        worker.postMessage({ task: { ...task, beta: betaOf(task) } });
      };
      for (const worker of workers) {
        worker.on('message', (result) => {
          running--;
          record(result);
          feed(worker);
        });
        worker.on('error', (error) => {
          if (timer !== undefined) clearInterval(timer);
          reject(error);
        });
        feed(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
