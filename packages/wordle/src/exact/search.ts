// The exact search: branch and bound over (answers left, guesses allowed), as Alex Selby's solver proves its optima.
// value(H) is the fewest total guesses that solve every answer of H (each answer counts every guess made for it from
// here, the solving one included) within the guesses left, or INFINITE. A call with a bound `beta` returns the exact
// value when it is below beta, else some lower bound ≥ beta (a proof that this branch cannot beat beta).
//
// What makes it fast, beside the cut-offs:
// - cheap exact cases: 1 answer costs 1, 2 answers 3; an answer of H that tells all of H apart gives 2n−1, one that
//   leaves a single pair 2n; a guess that tells all apart 2n;
// - a lower bound for each guess from its split alone: n + Σ over its groups of (2·size − 1) (each group needs one more
//   guess per answer, and all but one answer of a group at least one more), exact when no group has more than 2;
// - guesses tried in the order of that bound and the groups' sizes, groups searched smallest first after a first pass
//   of cheap bounds and cache reads over all of them;
// - a cache of exact values and of lower bounds, keyed by the answers left (and the hard-mode constraint).
import { PATTERNS, SOLVED_CODE } from '../score.js';

/** The value of a position that cannot be solved within the guesses left. */
export const INFINITE = 1_000_000_000;

/** What the search works on: the pattern matrix of a list, and the rules. */
export interface SearchSetup {
  /** codes[g * answerCount + a]: the pattern of guess g against answer a (answers are guesses 0 … answerCount − 1). */
  readonly codes: Uint8Array;
  readonly answerCount: number;
  readonly guessCount: number;
  /**
   * The same codes answer-major, byAnswer[a * guessCount + g]: scanning every guess against a few answers then reads
   * each answer's row in order (the guess-major layout would miss the cache at nearly every read).
   */
  readonly byAnswer: Uint8Array;
  /** The letters of every guess as 0-25, five per guess (hard mode). */
  readonly letters: Uint8Array;
  readonly hardMode: boolean;
  readonly maxGuesses: number;
}

/** The guesses allowed at a position: every guess in normal mode; in hard mode those that keep the hints. */
export interface Allowed {
  readonly list: Int32Array;
  /** The letter fixed at each place (−1 none) and the least count of each letter (hard mode). */
  readonly greens: Int8Array;
  readonly least: Uint8Array;
  /** '' in normal mode and for no constraint: part of the cache key. */
  readonly key: string;
}

/** Thrown when the stop check says stop; the caller catches it. */
export class SearchStopped extends Error {}

/** Scratch space for one depth of the search (the recursion goes one depth deeper at a time). */
interface Level {
  /** The answers of the node being split, grouped by pattern. */
  readonly grouped: Uint16Array;
  readonly start: Int32Array;
  readonly fill: Int32Array;
  readonly size: Int32Array;
  readonly classLb: Float64Array;
  readonly classAllowed: Array<Allowed | undefined>;
  readonly order: Int32Array;
  /** Candidate guesses as key·2^15 + guess (sorted ascending), and each guess's lower bound. */
  readonly keys: Float64Array;
  readonly lbOf: Int32Array;
  /** Where each answer's row starts in the answer-major codes. */
  readonly base: Int32Array;
}

const FAST_NONE = 0;
const FAST_CHEAP = 2;

/** The exact search over one list and rule set; its cache lives as long as the object. */
export class ExactSearch {
  readonly setup: SearchSetup;
  /** Positions entered so far. */
  nodes = 0;
  /** Checked every 1,024 positions: true stops the search (it throws SearchStopped). */
  stop: (() => boolean) | undefined;
  readonly all: Allowed;
  readonly #codes: Uint8Array;
  readonly #A: number;
  readonly #max: number;
  readonly #cache = new Map<string, number>();
  readonly #allowedCache = new Map<string, Allowed>();
  readonly #levels: Level[] = [];
  readonly #stamp = new Int32Array(PATTERNS);
  readonly #count = new Int32Array(PATTERNS);
  #cur = 0;
  /** The cached lower bound of the position a cheap look-up could not settle (0 when none). */
  #lastLower = 0;
  #letterCounts: Uint8Array | undefined;

  constructor(setup: SearchSetup) {
    this.setup = setup;
    this.#codes = setup.codes;
    this.#A = setup.answerCount;
    this.#max = setup.maxGuesses;
    const list = Int32Array.from({ length: setup.guessCount }, (_, i) => i);
    this.all = { list, greens: new Int8Array(5).fill(-1), least: new Uint8Array(26), key: '' };
    if (setup.guessCount >= 1 << 15) throw new RangeError(`the exact search takes at most 32,767 guesses; got ${setup.guessCount}`);
  }

  #level(depth: number): Level {
    let level = this.#levels[depth];
    if (!level) {
      const { answerCount: A, guessCount: G } = this.setup;
      level = {
        grouped: new Uint16Array(A),
        start: new Int32Array(PATTERNS),
        fill: new Int32Array(PATTERNS),
        size: new Int32Array(PATTERNS),
        classLb: new Float64Array(PATTERNS),
        classAllowed: new Array<Allowed | undefined>(PATTERNS),
        order: new Int32Array(PATTERNS),
        keys: new Float64Array(G),
        lbOf: new Int32Array(G),
        base: new Int32Array(A),
      };
      this.#levels[depth] = level;
    }
    return level;
  }

  // ---- hard mode ---------------------------------------------------------------------------------------------------

  /** The guesses allowed after guess g scored `code` from a position allowing `from` (itself in normal mode). */
  allowedAfter(from: Allowed, g: number, code: number): Allowed {
    if (!this.setup.hardMode) return from;
    const { letters } = this.setup;
    const greens = from.greens.slice();
    const least = from.least.slice();
    const marked = new Uint8Array(26);
    for (let i = 0, x = code; i < 5; i++, x = (x - (x % 3)) / 3) {
      const letter = letters[g * 5 + i]!;
      if (x % 3 === 2) greens[i] = letter;
      if (x % 3 !== 0) marked[letter]!++;
    }
    for (let l = 0; l < 26; l++) if (marked[l]! > least[l]!) least[l] = marked[l]!;
    const key = String.fromCharCode(...Array.from(greens, (x) => x + 1), ...least);
    let known = this.#allowedCache.get(key);
    if (known) return known;
    this.#letterCounts ??= this.#countLetters();
    const counts = this.#letterCounts;
    const need: number[] = [];
    for (let l = 0; l < 26; l++) if (least[l]! > 0) need.push(l, least[l]!);
    const fixed: number[] = [];
    for (let i = 0; i < 5; i++) if (greens[i]! >= 0) fixed.push(i, greens[i]!);
    const out: number[] = [];
    const list = from.list;
    next: for (let k = 0; k < list.length; k++) {
      const t = list[k]!;
      for (let j = 0; j < fixed.length; j += 2) if (letters[t * 5 + fixed[j]!] !== fixed[j + 1]) continue next;
      for (let j = 0; j < need.length; j += 2) if (counts[t * 26 + need[j]!]! < need[j + 1]!) continue next;
      out.push(t);
    }
    known = { list: Int32Array.from(out), greens, least, key };
    this.#allowedCache.set(key, known);
    return known;
  }

  #countLetters(): Uint8Array {
    const { letters, guessCount } = this.setup;
    const counts = new Uint8Array(guessCount * 26);
    for (let g = 0; g < guessCount; g++) for (let i = 0; i < 5; i++) counts[g * 26 + letters[g * 5 + i]!]!++;
    return counts;
  }

  // ---- the cache -----------------------------------------------------------------------------------------------------

  #key(H: Uint16Array, depth: number, allowed: Allowed): string {
    // Answers are below 65,536; apply() in slices keeps the argument count modest.
    let key = String.fromCharCode(depth) + allowed.key + '|';
    for (let i = 0; i < H.length; i += 4096) key += String.fromCharCode.apply(null, H.subarray(i, i + 4096) as unknown as number[]);
    return key;
  }

  #storeExact(key: string, v: number): void {
    this.#cache.set(key, v * 2 + 1);
  }

  #storeLower(key: string, v: number): void {
    const old = this.#cache.get(key);
    if (old === undefined || (old % 2 === 0 && old / 2 < v)) this.#cache.set(key, v * 2);
  }

  /** How many positions the cache holds. */
  get cacheSize(): number {
    return this.#cache.size;
  }

  // ---- the search ----------------------------------------------------------------------------------------------------

  /**
   * The fewest total guesses for the answers H (sorted, a subarray the caller keeps intact) before guess number
   * depth + 1, guessing from `allowed`: exact when below beta, else a lower bound ≥ beta. With fast = FAST_CHEAP it
   * answers only from the cheap cases and the cache, and −1 otherwise.
   */
  value(H: Uint16Array, depth: number, allowed: Allowed, beta: number, fast = FAST_NONE): number {
    this.nodes++;
    if ((this.nodes & 1023) === 0 && this.stop?.()) throw new SearchStopped();
    const n = H.length;
    const left = this.#max - depth;
    if (left <= 0) return INFINITE;
    if (2 * n - 1 >= beta) return 2 * n - 1;
    if (n === 1) return 1;
    if (left <= 1) return INFINITE;
    if (n === 2) return 3;
    const key = this.#key(H, depth, allowed);
    const cached = this.#cache.get(key);
    let known = 0;
    if (cached !== undefined) {
      const v = Math.floor(cached / 2);
      if (cached % 2 === 1 || v >= beta) return v;
      known = v;
    }
    // An answer of H that tells every answer apart (2n − 1), or all but one pair (2n, with a third guess left).
    const codes = this.#codes;
    const A = this.#A;
    const stamp = this.#stamp;
    const count = this.#count;
    let pairGuess = -1;
    for (let j = 0; j < n; j++) {
      const row = H[j]! * A;
      const cur = ++this.#cur;
      let pairs = 0;
      for (let i = 0; i < n; i++) {
        const c = codes[row + H[i]!]!;
        if (stamp[c] !== cur) {
          stamp[c] = cur;
          count[c] = 1;
        } else if (++count[c]! === 2) {
          if (++pairs > 1) break;
        } else {
          pairs = 2;
          break;
        }
      }
      if (pairs === 0) {
        this.#storeExact(key, 2 * n - 1);
        return 2 * n - 1;
      }
      if (pairs === 1 && pairGuess < 0) pairGuess = H[j]!;
    }
    if (pairGuess >= 0 && left >= 3) {
      this.#storeExact(key, 2 * n);
      return 2 * n;
    }
    if (fast === FAST_CHEAP) {
      this.#lastLower = known;
      return -1;
    }

    // Every allowed guess: the lower bound of its split, and the cheap exact cases.
    const level = this.#level(depth);
    const { keys, lbOf } = level;
    const list = allowed.list;
    const byAnswer = this.setup.byAnswer;
    const G = this.setup.guessCount;
    const base = level.base;
    for (let i = 0; i < n; i++) base[i] = H[i]! * G;
    let candidates = 0;
    let lowest = INFINITE;
    let exactBest = INFINITE;
    for (let k = 0; k < list.length; k++) {
      const t = list[k]!;
      const cur = ++this.#cur;
      let groups = 0;
      let solved = 0;
      let squares = 0;
      let biggest = 1;
      for (let i = 0; i < n; i++) {
        const c = byAnswer[base[i]! + t]!;
        if (stamp[c] !== cur) {
          stamp[c] = cur;
          count[c] = 1;
          squares += 1;
          if (c === SOLVED_CODE) solved = 1;
          else groups++;
        } else {
          const x = ++count[c]!;
          squares += 2 * x - 1;
          if (x > biggest) biggest = x;
        }
      }
      // A guess that splits nothing gains nothing (in hard mode it only narrows the guesses allowed later).
      if (groups === 1 && solved === 0) continue;
      if (solved === 0 && biggest === 1) {
        // Every answer apart, none solved now: 2n, the best any guess not in H can do.
        this.#storeExact(key, 2 * n);
        return 2 * n;
      }
      const lb = n + 2 * (n - solved) - groups;
      if (lb < lowest) lowest = lb;
      // With no group over 2 the bound is exact (a third guess must be left for a pair).
      if (biggest <= 2 && lb < exactBest) exactBest = lb;
      lbOf[t] = lb;
      keys[candidates++] = (2 * squares + n * lb) * 32768 + t;
    }
    if (left <= 2) {
      // Nothing tells every answer apart, and only two guesses are left.
      this.#storeExact(key, INFINITE);
      return INFINITE;
    }
    if (known > lowest) lowest = known;
    if (exactBest <= lowest) {
      this.#storeExact(key, exactBest);
      return exactBest;
    }
    if (lowest >= beta) {
      this.#storeLower(key, lowest);
      return lowest;
    }
    const sorted = keys.subarray(0, candidates).sort();
    let best = INFINITE;
    let low = INFINITE;
    let exact = false;
    for (let k = 0; k < candidates; k++) {
      const t = sorted[k]! % 32768;
      const lb = lbOf[t]!;
      if (lb >= beta) {
        if (lb < low) low = lb;
        continue;
      }
      const v = this.sumOver(H, t, depth, allowed, beta);
      if (v < beta) {
        exact = true;
        beta = v;
        best = v;
      } else if (v < low) low = v;
      if (best <= lowest) break;
    }
    if (exact) {
      this.#storeExact(key, best);
      return best;
    }
    if (low < lowest) low = lowest;
    this.#storeLower(key, low);
    return low;
  }

  /**
   * The total guesses for the answers H when guess t comes next: n for t, plus the value of each group t leaves (exact
   * when below beta, else a lower bound ≥ beta).
   */
  sumOver(H: Uint16Array, t: number, depth: number, allowed: Allowed, beta: number): number {
    const level = this.#level(depth);
    const { grouped, start, fill, size, classLb, classAllowed, order } = level;
    const codes = this.#codes;
    const row = t * this.#A;
    const n = H.length;
    const cur = ++this.#cur;
    const stamp = this.#stamp;
    // Group H by pattern (counting sort, so each group stays sorted).
    const present: number[] = [];
    for (let i = 0; i < n; i++) {
      const c = codes[row + H[i]!]!;
      if (stamp[c] !== cur) {
        stamp[c] = cur;
        size[c] = 0;
        present.push(c);
      }
      size[c]!++;
    }
    present.sort((x, y) => x - y);
    let at = 0;
    for (const c of present) {
      start[c] = at;
      fill[c] = at;
      at += size[c]!;
    }
    for (let i = 0; i < n; i++) grouped[fill[codes[row + H[i]!]!]!++] = H[i]!;

    const left = this.#max - depth - 1;
    let total = 0;
    let unknown = 0;
    // First pass: the cheap bound of every group.
    for (const c of present) {
      const sz = size[c]!;
      let lb: number;
      if (c === SOLVED_CODE) lb = 1;
      else if (left <= 0) lb = INFINITE;
      else if (sz === 1) lb = 2;
      else if (left <= 1) lb = INFINITE;
      else if (sz === 2) lb = 5;
      else {
        lb = 3 * sz - 1 + Math.max(0, sz - PATTERNS);
        order[unknown++] = c;
      }
      classLb[c] = lb;
      total = Math.min(total + lb, INFINITE);
      if (total >= beta) return total;
    }
    // Second pass: the cheap exact cases and the cache.
    let still = 0;
    for (let k = 0; k < unknown; k++) {
      const c = order[k]!;
      const sz = size[c]!;
      const next = this.allowedAfter(allowed, t, c);
      classAllowed[c] = next;
      total -= classLb[c]!;
      const group = grouped.subarray(start[c]!, start[c]! + sz);
      const v = this.value(group, depth + 1, next, beta - total - sz, FAST_CHEAP);
      if (v >= 0) classLb[c] = sz + v;
      else {
        // 2·sz − 1 needs an answer that tells the group apart, which the cheap pass would have found.
        classLb[c] = Math.max(classLb[c]!, 3 * sz, sz + this.#lastLower);
        order[still++] = c;
      }
      total = Math.min(total + classLb[c]!, INFINITE);
      if (total >= beta) return total;
    }
    // Last: full searches, smallest group first.
    const rest = Array.from(order.subarray(0, still)).sort((x, y) => size[x]! - size[y]! || x - y);
    for (const c of rest) {
      const sz = size[c]!;
      total -= classLb[c]!;
      const group = grouped.subarray(start[c]!, start[c]! + sz);
      const v = this.value(group, depth + 1, classAllowed[c]!, beta - total - sz);
      total = Math.min(total + sz + v, INFINITE);
      if (total >= beta) return total;
    }
    return total;
  }

  /**
   * A guess that reaches v, the exact value of H: a step of the proven strategy, found again through the cache. The
   * guesses are tried in the order the search tries them, those whose bound is over v skipped.
   */
  bestGuess(H: Uint16Array, depth: number, allowed: Allowed, v: number): number {
    const n = H.length;
    if (n <= 2) return H[0]!;
    const { byAnswer, guessCount: G } = this.setup;
    const stamp = this.#stamp;
    const count = this.#count;
    const base = Int32Array.from(H, (h) => h * G);
    const order: number[] = [];
    const list = allowed.list;
    for (let k = 0; k < list.length; k++) {
      const t = list[k]!;
      const cur = ++this.#cur;
      let groups = 0;
      let solved = 0;
      let squares = 0;
      for (let i = 0; i < n; i++) {
        const c = byAnswer[base[i]! + t]!;
        if (stamp[c] !== cur) {
          stamp[c] = cur;
          count[c] = 1;
          squares += 1;
          if (c === SOLVED_CODE) solved = 1;
          else groups++;
        } else squares += 2 * ++count[c]! - 1;
      }
      if (groups === 1 && solved === 0) continue;
      const lb = n + 2 * (n - solved) - groups;
      if (lb <= v) order.push((2 * squares + n * lb) * 32768 + t);
    }
    order.sort((x, y) => x - y);
    for (const key of order) {
      const t = key % 32768;
      if (this.sumOver(H.slice(), t, depth, allowed, v + 1) === v) return t;
    }
    throw new Error(`no guess reaches the value ${v} at a position of ${n} answers`);
  }

  /**
   * The games of the proven strategy for H (exact value v) after the guesses `prefix`: [answer, guesses] for each
   * answer of H, appended to `out`.
   */
  games(H: Uint16Array, depth: number, allowed: Allowed, v: number, prefix: readonly number[], out: Array<[number, number[]]>): void {
    if (H.length === 1) {
      out.push([H[0]!, [...prefix, H[0]!]]);
      return;
    }
    const g = this.bestGuess(H, depth, allowed, v);
    const row = g * this.#A;
    const groups = new Map<number, number[]>();
    for (const h of H) {
      const c = this.#codes[row + h]!;
      let group = groups.get(c);
      if (!group) groups.set(c, (group = []));
      group.push(h);
    }
    const path = [...prefix, g];
    for (const [c, group] of groups) {
      if (c === SOLVED_CODE) {
        out.push([group[0]!, path]);
        continue;
      }
      const child = Uint16Array.from(group);
      const next = this.allowedAfter(allowed, g, c);
      const cv = this.value(child, depth + 1, next, INFINITE);
      this.games(child, depth + 1, next, cv, path, out);
    }
  }
}
