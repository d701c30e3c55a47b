import { stopper, type Stopper } from '@puzzles/kit/budget';
import { ExactSearch, INFINITE, SearchStopped, type Allowed } from './exact/search.js';
import { answerMajor } from './exact/transpose.js';
import { describeValue, optionsOf } from './errors.js';
import { hardModeViolation, type ScoredGuess } from './hard.js';
import { patternMatrix, type PatternMatrix } from './matrix.js';
import { decodePattern, encodePattern, formatScore, normalizeWord, PATTERNS, SOLVED_CODE, type Score } from './score.js';
import { originalWords, wordListOf, type WordList } from './words.js';

/** Options of `createSolver`. */
export interface SolverOptions {
  /** The word lists: the original ones unless told. Guesses come from `guesses`, answers from `answers`. */
  readonly words?: WordList;
  /** Only guesses hard mode allows (revealed hints used), as the NYT game enforces it. */
  readonly hardMode?: boolean;
  /** The first guess: "salet" for the original lists; for other lists, the heuristically best opener unless told. */
  readonly opener?: string;
  /** Games must end within this many guesses: 6 unless told (2 to 20). */
  readonly maxGuesses?: number;
  /**
   * How many guesses the look-ahead examines in full at each position (the best by a heuristic), 1 to 100; 1 is the
   * plain greedy heuristic. Default 12; wider is slower and never worse at a position.
   */
  readonly width?: number;
}

/** One move of a solve: the guess, its marks, and how many answers were still possible after them. */
export interface SolveStep {
  readonly guess: string;
  readonly marks: Score;
  readonly remaining: number;
}

/** Options of `Solver.evaluate`: a way to stop it early, and progress. */
export interface EvaluateOptions {
  /** Stops the evaluation when aborted; the summary then covers the answers played so far. */
  readonly signal?: AbortSignal;
  /** Stops the evaluation after this many milliseconds; the summary then covers the answers played so far. */
  readonly timeout?: number;
  /** Called as answers are played: how many so far, of how many. */
  readonly onProgress?: (played: number, total: number) => void;
}

/** How a solver does over every answer of its list (or, when stopped early, over the answers it played). */
export interface SolveSummary {
  /** How many answers were played: all of them unless the evaluation was stopped. */
  readonly played: number;
  /** Why the evaluation stopped before playing every answer (`signal` aborted, or `timeout`), else undefined. */
  readonly stopped: 'aborted' | 'timeout' | undefined;
  /** Guesses over the answers played (the solving guess included). */
  readonly total: number;
  /** Guesses per answer played (0 when none was played). */
  readonly average: number;
  /** The most guesses any answer took. */
  readonly max: number;
  /** Answers solved in 1, 2, … guesses (keys are guess counts). */
  readonly distribution: Readonly<Record<string, number>>;
  /** Answers not solved within `maxGuesses`. */
  readonly failures: readonly string[];
}

/** A Wordle solver: it keeps the answers consistent with the feedback and looks ahead to choose each guess. */
export interface Solver {
  readonly words: WordList;
  readonly hardMode: boolean;
  readonly opener: string;
  readonly maxGuesses: number;
  /** The look-ahead width (see `SolverOptions.width`). */
  readonly width: number;
  /** The answers still possible after these scored guesses (none when no answer fits). */
  candidates(history: readonly ScoredGuess[]): string[];
  /**
   * The solver's next guess after these scored guesses: the opener when there are none, the answer once it is
   * solved, else the guess `solve` plays in that game. A RangeError names the turn when no game can have that
   * history: feedback no answer of the list fits, a turn after the solving one, or (in hard mode) a guess hard mode
   * forbids.
   */
  nextGuess(history: readonly ScoredGuess[]): string;
  /** Plays the solver against an answer of the list; the last step is the solved one (or the last allowed guess). */
  solve(answer: string): SolveStep[];
  /** Plays every answer of the list: total, average, worst, distribution and failures. */
  evaluate(options?: EvaluateOptions): SolveSummary;
  /** The same as `evaluate`, letting other work run (timers, events, a closed pipe, Ctrl-C) every 20 ms or so. */
  evaluateAsync(options?: EvaluateOptions): Promise<SolveSummary>;
}

/** Thrown inside the search when its stopper says stop; caught where the evaluation is driven. */
class Stopped extends Error {}

/** A position of a game: the answers still possible before guess number depth + 1, and the hard-mode hints. */
interface Pending {
  readonly set: Uint16Array;
  readonly depth: number;
  readonly constraint: Constraint;
}

/** An evaluation in progress: `step()` plays one position (false when there is nothing left), `summary()` so far. */
interface Evaluation {
  step(): boolean;
  summary(): SolveSummary;
}

/** The penalty, in guesses, of an answer not solved within maxGuesses: larger than any real difference. */
const FAIL = 10_000;

/**
 * Positions of at most this many answers that the look-ahead cannot solve within maxGuesses are searched exactly (on
 * the NYT lists of 2023-07-01 in hard mode, width 12 left 12 answers past the sixth guess; with this, none).
 */
const RESCUE_SIZE = 400;

/**
 * Positions after the opener of at most this many answers are also searched exactly, for a strategy better than the
 * look-ahead's (below its total), each within EXACT_BUDGET positions of the exact search; an improvement found replaces
 * the look-ahead's choice. A count of positions, not a time, so that the choice is the same on every machine.
 */
const EXACT_SIZE = 250;
const EXACT_BUDGET = 40_000;

interface Node {
  readonly cost: number;
  readonly guess: number;
}

/** Hard-mode constraints: the letter fixed at each place (-1 none) and the least count of each letter. */
interface Constraint {
  readonly greens: Int8Array;
  readonly least: Uint8Array;
  readonly key: string;
}

class LookaheadSolver implements Solver {
  readonly words: WordList;
  readonly hardMode: boolean;
  readonly opener: string;
  readonly maxGuesses: number;
  readonly width: number;
  #matrix: PatternMatrix | undefined;
  readonly #memo = new Map<string, Node>();
  readonly #legal = new Map<string, Int32Array>();
  /** Estimated cost of solving a set of each size, for ranking guesses. */
  #estimate: Float64Array | undefined;
  #letterCounts: Uint8Array | undefined;
  readonly #seen = new Int32Array(PATTERNS);
  #stamp = 0;
  /** The stop check of the evaluation under way, read at every position the search examines. */
  #stop: Stopper | undefined;
  /** The exact search, built the first time the look-ahead leaves an answer past the last guess (see #rescue). */
  #exact: ExactSearch | undefined;

  constructor(words: WordList, hardMode: boolean, opener: string | undefined, maxGuesses: number, width: number) {
    this.words = words;
    this.hardMode = hardMode;
    this.maxGuesses = maxGuesses;
    this.width = width;
    if (opener !== undefined) {
      const word = normalizeWord(opener, 'opener');
      if (!words.has(word)) throw new RangeError(`opener must be an allowed guess of the list ${words.name ?? 'given'}; got ${describeValue(opener)}`);
      this.opener = word;
    } else if (words.has('salet') && words === originalWords()) {
      this.opener = 'salet';
    } else {
      const all = this.#all();
      this.opener = words.guesses[this.#ranked(all, this.#everyGuess(), 1)[0]!]!;
    }
  }

  get #m(): PatternMatrix {
    this.#matrix ??= patternMatrix(this.words);
    return this.#matrix;
  }

  #all(): Uint16Array {
    return Uint16Array.from({ length: this.words.answers.length }, (_, i) => i);
  }

  #everyGuess(): Int32Array {
    return Int32Array.from({ length: this.words.guesses.length }, (_, i) => i);
  }

  #guessIndex(word: string, what: string): number {
    const folded = normalizeWord(word, what);
    const index = this.words.indexOf(folded);
    if (index === undefined) throw new RangeError(`${what} must be an allowed guess of the list ${this.words.name ?? 'given'}; got ${describeValue(word)}`);
    return index;
  }

  // ---- state after a history -------------------------------------------------------------------------------------

  /**
   * The answers and hard-mode constraint after a history. `strict` (for nextGuess) also refuses a history no game can
   * have: a turn after the solving one, a guess hard mode forbids, feedback no answer of the list fits.
   */
  #state(history: readonly ScoredGuess[], strict: boolean): { set: Uint16Array; constraint: Constraint; path: Pending[] } {
    if (!Array.isArray(history)) throw new TypeError(`history must be an array of { guess, marks }; got ${describeValue(history)}`);
    let set = this.#all();
    let constraint = this.#noConstraint();
    const path: Pending[] = [];
    // The matrix (30 MB, a second or so to build) only once there is a turn to filter by: an empty history needs none.
    if (history.length === 0) return { set, constraint, path };
    for (const [i, step] of history.entries()) {
      if (typeof step !== 'object' || step === null) throw new TypeError(`history[${i}] must be { guess, marks }; got ${describeValue(step)}`);
      const g = this.#guessIndex(step.guess, `history[${i}].guess`);
      const code = encodePattern(step.marks);
      const turn = `turn ${i + 1} (history[${i}], ${this.words.guesses[g]} ${formatScore(step.marks)})`;
      if (strict && i > 0 && encodePattern(history[i - 1]!.marks) === SOLVED_CODE) {
        throw new RangeError(`${turn} comes after the game was solved at turn ${i}`);
      }
      if (strict && this.hardMode) {
        const violation = hardModeViolation(history.slice(0, i), this.words.guesses[g]!);
        if (violation !== undefined) throw new RangeError(`${turn} is not allowed in hard mode: ${violation}`);
      }
      if (i > 0) path.push({ set, depth: i, constraint });
      const { codes, answerCount } = this.#m;
      const row = g * answerCount;
      set = set.filter((a) => codes[row + a] === code);
      if (strict && set.length === 0) throw new RangeError(`${turn}: no answer of the list ${this.words.name ?? 'given'} fits the feedback so far; check the guesses and marks`);
      constraint = this.#constrain(constraint, g, code);
    }
    return { set, constraint, path };
  }

  candidates(history: readonly ScoredGuess[]): string[] {
    return [...this.#state(history, false).set].map((a) => this.words.answers[a]!);
  }

  nextGuess(history: readonly ScoredGuess[]): string {
    const { set, constraint, path } = this.#state(history, true);
    if (history.length === 0) return this.opener;
    // After the solving turn, the answer itself.
    if (set.length === 1) return this.words.answers[set[0]!]!;
    // The positions before this one first, as the solver's own game reaches them (solve, evaluate): the exact search
    // then holds what it held there, and its bounded searches choose as they did.
    for (const position of path) this.#solve(position.set, position.depth, position.constraint);
    return this.words.guesses[this.#solve(set, history.length, constraint).guess]!;
  }

  solve(answer: string): SolveStep[] {
    const a = this.words.answers.indexOf(normalizeWord(answer, 'answer'));
    if (a < 0) throw new RangeError(`answer must be one of the ${this.words.answers.length} answers of the list ${this.words.name ?? 'given'}; got ${describeValue(answer)}`);
    const { codes, answerCount } = this.#m;
    const steps: SolveStep[] = [];
    let set = this.#all();
    let constraint = this.#noConstraint();
    let guess = this.words.indexOf(this.opener)!;
    for (;;) {
      const code = codes[guess * answerCount + a]!;
      const row = guess * answerCount;
      set = set.filter((x) => codes[row + x] === code);
      steps.push(Object.freeze({ guess: this.words.guesses[guess]!, marks: decodePattern(code), remaining: set.length }));
      if (code === SOLVED_CODE || steps.length >= this.maxGuesses + 4) return steps;
      constraint = this.#constrain(constraint, guess, code);
      guess = this.#solve(set, steps.length, constraint).guess;
    }
  }

  evaluate(options?: EvaluateOptions): SolveSummary {
    const run = this.#evaluation(options);
    while (run.step());
    return run.summary();
  }

  async evaluateAsync(options?: EvaluateOptions): Promise<SolveSummary> {
    const run = this.#evaluation(options);
    const now = (): number => (globalThis.performance ?? Date).now();
    let last = now();
    while (run.step()) {
      if (now() - last >= 20) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        last = now();
      }
    }
    return run.summary();
  }

  /** The walk over every answer, one position per step, with an explicit stack (no recursion). */
  #evaluation(evaluateOptions: EvaluateOptions | undefined): Evaluation {
    const options = optionsOf(evaluateOptions, 'evaluate');
    const { onProgress } = options;
    if (onProgress !== undefined && typeof onProgress !== 'function') {
      throw new TypeError(`onProgress must be a function; got ${describeValue(onProgress)}`);
    }
    const stop = stopper(options, 64);
    const count = this.words.answers.length;
    const counts = new Map<number, number>();
    const failures: string[] = [];
    let total = 0;
    let max = 0;
    let played = 0;
    const opener = this.words.indexOf(this.opener)!;
    const stack: Pending[] = [{ set: this.#all(), depth: 0, constraint: this.#noConstraint() }];
    const step = (): boolean => {
      const node = stack.pop();
      if (node === undefined || stop.check()) return false;
      const { set, depth, constraint } = node;
      let guess: number;
      if (depth === 0) guess = opener;
      else {
        this.#stop = stop;
        try {
          guess = this.#solve(set, depth, constraint).guess;
        } catch (error) {
          if (error instanceof Stopped) {
            // What a stopped search left half done is forgotten, so that later calls choose as a fresh solver does.
            this.#memo.clear();
            this.#exact = undefined;
            return false;
          }
          throw error;
        } finally {
          this.#stop = undefined;
        }
      }
      const parts = this.#partition(set, guess);
      // Smallest groups last on the stack, so first off it: the count of answers played grows from the start.
      for (const [code, child] of parts) {
        if (code === SOLVED_CODE) {
          const n = depth + 1;
          total += n;
          played++;
          max = Math.max(max, n);
          counts.set(n, (counts.get(n) ?? 0) + 1);
          if (n > this.maxGuesses) failures.push(this.words.answers[child[0]!]!);
        } else {
          stack.push({ set: child, depth: depth + 1, constraint: this.#constrain(constraint, guess, code) });
        }
      }
      onProgress?.(played, count);
      return stack.length > 0;
    };
    const summary = (): SolveSummary => {
      const distribution: Record<string, number> = {};
      for (const n of [...counts.keys()].sort((x, y) => x - y)) distribution[String(n)] = counts.get(n)!;
      const sorted = [...failures].sort();
      return Object.freeze({
        played,
        stopped: played < count ? stop.reason : undefined,
        total,
        average: played === 0 ? 0 : total / played,
        max,
        distribution: Object.freeze(distribution),
        failures: Object.freeze(sorted),
      });
    };
    return { step, summary };
  }

  // ---- hard-mode constraints ---------------------------------------------------------------------------------------

  #noConstraint(): Constraint {
    return { greens: new Int8Array(5).fill(-1), least: new Uint8Array(26), key: '' };
  }

  #constrain(c: Constraint, guess: number, code: number): Constraint {
    if (!this.hardMode) return c;
    const { letters } = this.#m;
    const greens = c.greens.slice();
    const least = c.least.slice();
    const marked = new Uint8Array(26);
    for (let i = 0, x = code; i < 5; i++, x = Math.floor(x / 3)) {
      const letter = letters[guess * 5 + i]!;
      if (x % 3 === 2) greens[i] = letter;
      if (x % 3 !== 0) marked[letter]!++;
    }
    for (let l = 0; l < 26; l++) if (marked[l]! > least[l]!) least[l] = marked[l]!;
    return { greens, least, key: String.fromCharCode(...greens.map((g) => g + 1), ...least) };
  }

  /** The guesses allowed under a constraint: every guess in normal mode. */
  #allowed(c: Constraint): Int32Array {
    const key = this.hardMode ? c.key : '*';
    let list = this.#legal.get(key);
    if (list) return list;
    const every = this.#everyGuess();
    if (!this.hardMode || key === '') list = every;
    else {
      this.#letterCounts ??= this.#countLetters();
      const counts = this.#letterCounts;
      const { letters } = this.#m;
      list = every.filter((g) => {
        for (let i = 0; i < 5; i++) if (c.greens[i]! >= 0 && letters[g * 5 + i] !== c.greens[i]) return false;
        for (let l = 0; l < 26; l++) if (counts[g * 26 + l]! < c.least[l]!) return false;
        return true;
      });
    }
    this.#legal.set(key, list);
    return list;
  }

  #countLetters(): Uint8Array {
    const { letters, guessCount } = this.#m;
    const counts = new Uint8Array(guessCount * 26);
    for (let g = 0; g < guessCount; g++) for (let i = 0; i < 5; i++) counts[g * 26 + letters[g * 5 + i]!]!++;
    return counts;
  }

  // ---- the search --------------------------------------------------------------------------------------------------

  /** A lower bound on the cost of a set of n answers when the next guess is guess number depth + 1. */
  #bound(n: number, depth: number): number {
    if (n === 0) return 0;
    const max = this.maxGuesses;
    // At most one answer is solved by the next guess, at most 242 by the one after; the rest take at least 3.
    let cost = 2 * n - 1 + Math.max(0, n - 243);
    if (depth + 1 > max) cost += FAIL * n;
    else if (depth + 2 > max) cost += FAIL * (n - 1);
    else if (depth + 3 > max) cost += FAIL * Math.max(0, n - 243);
    return cost;
  }

  /** Whether guess g gives every answer of the set its own pattern. */
  #splits(set: Uint16Array, g: number): boolean {
    const { codes, answerCount } = this.#m;
    const seen = this.#seen;
    const stamp = ++this.#stamp;
    const row = g * answerCount;
    for (let i = 0; i < set.length; i++) {
      const code = codes[row + set[i]!]!;
      if (seen[code] === stamp) return false;
      seen[code] = stamp;
    }
    return true;
  }

  /** The set split by the patterns of guess g, as [code, answers] pairs, largest first. */
  #partition(set: Uint16Array, g: number): Array<[number, Uint16Array]> {
    const { codes, answerCount } = this.#m;
    const row = g * answerCount;
    const buckets = new Map<number, number[]>();
    for (let i = 0; i < set.length; i++) {
      const code = codes[row + set[i]!]!;
      let bucket = buckets.get(code);
      if (!bucket) buckets.set(code, (bucket = []));
      bucket.push(set[i]!);
    }
    return [...buckets].map(([code, list]): [number, Uint16Array] => [code, Uint16Array.from(list)]).sort((x, y) => y[1].length - x[1].length);
  }

  /** The best `k` guesses among `candidates` for the set by the estimated cost of the split (answers first on ties). */
  #ranked(set: Uint16Array, candidates: Int32Array, k: number): number[] {
    const { codes, answerCount } = this.#m;
    const n = set.length;
    if (!this.#estimate || this.#estimate.length <= answerCount) {
      const f = new Float64Array(answerCount + 1);
      for (let c = 1; c <= answerCount; c++) f[c] = c === 1 ? 1 : c === 2 ? 3 : 2 * c - 1 + 0.18 * c * Math.log(c);
      this.#estimate = f;
    }
    const f = this.#estimate;
    const hist = new Int32Array(PATTERNS);
    const inSet = new Uint8Array(answerCount);
    for (let i = 0; i < n; i++) inSet[set[i]!] = 1;
    const bestScore: number[] = [];
    const bestGuess: number[] = [];
    const touched = new Int32Array(PATTERNS);
    for (let c = 0; c < candidates.length; c++) {
      const g = candidates[c]!;
      const row = g * answerCount;
      let parts = 0;
      for (let i = 0; i < n; i++) {
        const code = codes[row + set[i]!]!;
        if (hist[code]!++ === 0) touched[parts++] = code;
      }
      let score = 0;
      for (let p = 0; p < parts; p++) {
        const code = touched[p]!;
        if (code !== SOLVED_CODE) score += f[hist[code]!]!;
        hist[code] = 0;
      }
      // Among equals, a guess that might be the answer wins.
      if (g >= answerCount || !inSet[g]) score += 1e-6;
      if (bestScore.length === k && score >= bestScore[k - 1]!) continue;
      let at = bestScore.length;
      while (at > 0 && bestScore[at - 1]! > score) at--;
      bestScore.splice(at, 0, score);
      bestGuess.splice(at, 0, g);
      if (bestScore.length > k) {
        bestScore.pop();
        bestGuess.pop();
      }
    }
    return bestGuess;
  }

  /** How many guesses to examine in full at a node of n answers before guess number depth + 1. */
  #widthAt(n: number, depth: number): number {
    const w = this.width;
    if (w === 1 || n <= 2) return 1;
    if (depth <= 1) return w;
    if (depth === 2) return Math.max(1, Math.ceil(w / 2));
    return Math.max(1, Math.ceil(w / 4));
  }

  /** The least total cost (guesses summed over the set's answers, plus FAIL per failure) and the guess achieving it. */
  #solve(set: Uint16Array, depth: number, constraint: Constraint): Node {
    const n = set.length;
    const max = this.maxGuesses;
    const late = (k: number): number => (k > max ? FAIL : 0);
    if (n === 1) return { cost: 1 + late(depth + 1), guess: set[0]! };
    if (n === 2) return { cost: 3 + late(depth + 1) + late(depth + 2), guess: set[0]! };
    if (this.#stop?.check()) throw new Stopped();
    const allowed = this.#allowed(constraint);
    // Past the last allowed guess every answer here fails whatever is played: no look-ahead, just the best-looking
    // guess and the least cost. This bounds the depth of the search by maxGuesses whatever the width.
    if (depth + 1 > max) return { cost: this.#bound(n, depth), guess: this.#ranked(set, allowed, 1)[0]! };
    const key = `${String.fromCharCode(depth)}${constraint.key}|${String.fromCharCode(...set)}`;
    const known = this.#memo.get(key);
    if (known) return known;
    let result: Node | undefined;
    // A possible answer that tells all the others apart is optimal; so, failing that, is any guess that does.
    for (let i = 0; i < n && !result; i++) {
      if (this.#splits(set, set[i]!)) result = { cost: this.#bound(n, depth), guess: set[i]! };
    }
    if (!result && depth + 2 <= max) {
      for (let i = 0; i < allowed.length; i++) {
        if (this.#splits(set, allowed[i]!)) {
          result = { cost: 2 * n, guess: allowed[i]! };
          break;
        }
      }
    }
    if (!result) {
      let best: Node = { cost: Infinity, guess: -1 };
      for (const g of this.#ranked(set, allowed, this.#widthAt(n, depth))) {
        const parts = this.#partition(set, g);
        // A guess that tells none of the answers apart gains nothing (in hard mode it only adds constraints).
        if (parts.length === 1 && parts[0]![0] !== SOLVED_CODE) continue;
        // rest: a lower bound on the children not solved yet.
        let rest = 0;
        for (const [code, child] of parts) rest += code === SOLVED_CODE ? late(depth + 1) : this.#bound(child.length, depth + 1);
        let cost = n;
        if (cost + rest >= best.cost) continue;
        for (const [code, child] of parts) {
          if (code === SOLVED_CODE) continue;
          rest -= this.#bound(child.length, depth + 1);
          cost += this.#solve(child, depth + 1, this.#constrain(constraint, g, code)).cost;
          if (cost + rest >= best.cost) break;
        }
        if (cost + rest < best.cost) best = { cost: cost + rest, guess: g };
      }
      // Never reached (an answer of the set always splits it), but never a guess of -1 either.
      result = best.guess < 0 ? { cost: this.#bound(n, depth), guess: set[0]! } : best;
    }
    // The best guesses by the estimate left an answer past the last guess: a position of up to RESCUE_SIZE answers is
    // searched exactly instead (not by the plain greedy heuristic, width 1).
    if (result.cost >= FAIL && n <= RESCUE_SIZE && this.width > 1) result = this.#rescue(set, depth, constraint) ?? result;
    // A position of up to EXACT_SIZE answers that the look-ahead may not have solved optimally (over 2n guesses) is
    // searched exactly below the look-ahead's total, within EXACT_BUDGET positions (not at width 1 either).
    else if (result.cost < FAIL && result.cost > 2 * n && n <= EXACT_SIZE && this.width > 1) result = this.#improve(set, depth, constraint, result.cost) ?? result;
    this.#memo.set(key, result);
    return result;
  }

  /** The exact search over this solver's list and rules, built on first use (it needs the answer-major matrix). */
  #exactSearch(): ExactSearch {
    if (!this.#exact) {
      const { codes, answerCount, guessCount, letters } = this.#m;
      this.#exact = new ExactSearch({
        codes,
        byAnswer: answerMajor(codes, guessCount, answerCount),
        answerCount,
        guessCount,
        letters,
        hardMode: this.hardMode,
        maxGuesses: this.maxGuesses,
      });
    }
    return this.#exact;
  }

  /** The guesses allowed at a position, as the exact search takes them. */
  #exactAllowed(constraint: Constraint): Allowed {
    return { list: this.#allowed(constraint), greens: constraint.greens, least: constraint.least, key: this.hardMode ? constraint.key : '' };
  }

  /**
   * Runs `search` on the exact search, stopped past `budget` more positions (undefined then) or by the evaluation's
   * stop check (Stopped is thrown then).
   */
  #bounded<T>(budget: number, search: (exact: ExactSearch) => T): T | undefined {
    const exact = this.#exactSearch();
    const stop = this.#stop;
    const last = exact.nodes + budget;
    exact.stop = () => stop?.check() === true || exact.nodes > last;
    try {
      return search(exact);
    } catch (error) {
      if (!(error instanceof SearchStopped)) throw error;
      if (stop?.reason !== undefined) throw new Stopped();
      return undefined;
    } finally {
      exact.stop = undefined;
    }
  }

  /** The exact optimum of a small position and its guess, or undefined when no strategy solves it in time. */
  #rescue(set: Uint16Array, depth: number, constraint: Constraint): Node | undefined {
    const allowed = this.#exactAllowed(constraint);
    const value = this.#bounded(Infinity, (exact) => exact.value(set, depth, allowed, INFINITE))!;
    if (value >= INFINITE) return undefined;
    return { cost: value, guess: this.#bounded(Infinity, (exact) => exact.bestGuess(set, depth, allowed, value))! };
  }

  /**
   * A strategy for the position better than the look-ahead's total `cost`, by the exact search within EXACT_BUDGET
   * positions: the optimum and its guess, or undefined when there is none better or the budget ran out first.
   */
  #improve(set: Uint16Array, depth: number, constraint: Constraint, cost: number): Node | undefined {
    const allowed = this.#exactAllowed(constraint);
    const value = this.#bounded(EXACT_BUDGET, (exact) => exact.value(set, depth, allowed, cost));
    if (value === undefined || value >= cost) return undefined;
    return { cost: value, guess: this.#bounded(Infinity, (exact) => exact.bestGuess(set, depth, allowed, value))! };
  }
}

/** A solver for the original lists (or yours): look-ahead over the best few guesses at each position, memoised. */
export function createSolver(solverOptions?: SolverOptions): Solver {
  const options = optionsOf(solverOptions, 'createSolver');
  const words = options.words === undefined ? originalWords() : wordListOf(options.words);
  const maxGuesses = options.maxGuesses ?? 6;
  if (!Number.isInteger(maxGuesses) || maxGuesses < 2 || maxGuesses > 20) {
    throw new RangeError(`maxGuesses must be an integer from 2 to 20; got ${describeValue(maxGuesses)}`);
  }
  const width = options.width ?? 12;
  if (!Number.isInteger(width) || width < 1 || width > 100) throw new RangeError(`width must be an integer from 1 to 100; got ${describeValue(width)}`);
  if (options.hardMode !== undefined && typeof options.hardMode !== 'boolean') {
    throw new TypeError(`hardMode must be a boolean; got ${describeValue(options.hardMode)}`);
  }
  return new LookaheadSolver(words, options.hardMode === true, options.opener, maxGuesses, width);
}
