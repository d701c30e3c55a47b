import type { Job } from './job.js';
import type { CodeSpace } from './space.js';

interface Entry {
  /** T(S) when exact, otherwise a lower bound of it. */
  value: number;
  exact: boolean;
  /** The best guess when exact. */
  guess: number;
}

/** Statistics of a search, for the curious and the benchmark. */
export interface SearchStats {
  /** Candidate sets searched (memo misses of size 4 or more). */
  readonly nodes: number;
  /** Entries in the memo at the end. */
  readonly memo: number;
}

/**
 * The exact search for the strategy that minimises the expected number of guesses (Koyama and Lai's optimum):
 * T(S), the total number of guesses needed to solve every secret of the candidate set S, is |S| plus the least, over
 * every guess g, of Σ T(part) over the parts g splits S into (the part that scores a win costs nothing more).
 * Branch and bound: guesses are tried in order of a lower bound (each part of n codes needs at least the guesses of
 * the fullest possible tree of 1, m, m², … codes per level, m being the number of non-winning scores), a guess is
 * dropped as soon as its parts cannot beat the best so far, guesses that split S the same way are tried once, and
 * guesses equivalent under a permutation of positions and colors that fixes every earlier guess are tried once.
 * Candidate sets are memoised (exact values and proven lower bounds). @internal
 */
export class OptimalSearch {
  readonly space: CodeSpace;
  private readonly memo = new Map<string, Entry>();
  private readonly lowerBounds: Int32Array;
  private readonly permutations: number[][];
  private readonly freeCanonical = new Map<number, Int32Array>();
  private nodes = 0;
  /** The job of the call in progress: counts candidate sets searched and may stop the search. */
  private job: Job | undefined;

  constructor(space: CodeSpace) {
    this.space = space;
    const m = space.scoreCount - 1;
    this.lowerBounds = new Int32Array(space.size + 1);
    for (let n = 1; n <= space.size; n++) {
      let left = n;
      let total = 0;
      for (let depth = 1, width = 1; left > 0; depth++, width *= m) {
        const here = Math.min(left, width);
        total += here * depth;
        left -= here;
      }
      this.lowerBounds[n] = total;
    }
    this.permutations = space.pegs <= 6 ? permutationsOf(space.pegs) : [Array.from({ length: space.pegs }, (_, i) => i)];
  }

  /** Search statistics so far. */
  stats(): SearchStats {
    return { nodes: this.nodes, memo: this.memo.size };
  }

  /**
   * T(S) for the candidates `set` (ascending) after the guesses `history`, and the first guess that achieves it. The
   * job counts candidate sets searched and may stop the search (it throws Stopped; what was proven stays memoised).
   */
  best(set: Int32Array, history: readonly number[], job?: Job): { total: number; guess: number } {
    const n = set.length;
    if (n === 0) throw new RangeError('no code is consistent with the scores given');
    if (n <= 2) return { total: 2 * n - 1, guess: set[0]! };
    this.job = job;
    let total: number;
    try {
      total = this.solve(set, history, Infinity);
    } finally {
      this.job = undefined;
    }
    if (n === 3) {
      const guess = this.smallGuess(set);
      return { total, guess: guess === -1 ? set[0]! : guess };
    }
    const entry = this.memo.get(keyOf(set));
    if (entry === undefined || !entry.exact) throw new Error('the optimal search lost its result (a bug)');
    return { total, guess: entry.guess };
  }

  /** T(S) if it is below `budget`, otherwise some lower bound of T(S) that is at least `budget`. */
  private solve(set: Int32Array, history: readonly number[], budget: number): number {
    const n = set.length;
    if (n <= 2) return 2 * n - 1;
    if (n === 3) return this.three(set);
    const key = keyOf(set);
    const entry = this.memo.get(key);
    if (entry !== undefined && (entry.exact || entry.value >= budget)) return entry.value;
    let bound = Math.max(this.lowerBounds[n]!, entry?.value ?? 0);
    if (bound >= budget) return bound;
    this.job?.search('candidate sets');
    this.nodes++;
    const { space } = this;
    const guesses = this.guessesAfter(history);
    const scores = new Uint8Array(n);
    const counts = new Int32Array(space.outcomes);
    const seen = new Set<string>();
    const label = new Int32Array(space.outcomes);
    const tried: Array<{ guess: number; lower: number; order: number }> = [];
    const inSet = new Set<number>(set);
    for (let j = 0; j < guesses.length; j++) {
      const g = guesses[j]!;
      space.scoreRow(g, set, n, scores);
      counts.fill(0);
      for (let k = 0; k < n; k++) counts[scores[k]!]!++;
      if (counts[space.win] === 0 && counts[scores[0]!] === n) continue; // splits nothing
      // The split as an unlabelled partition (the winning part marked): equal splits cost the same.
      label.fill(-1);
      let next = 1;
      let signature = '';
      for (let k = 0; k < n; k++) {
        const s = scores[k]!;
        if (s === space.win) signature += '\u0000';
        else {
          if (label[s] === -1) label[s] = next++;
          signature += String.fromCharCode(label[s]!);
        }
      }
      if (seen.has(signature)) continue;
      seen.add(signature);
      let lower = n;
      for (let o = 0; o < counts.length; o++) if (o !== space.win) lower += this.lowerBounds[counts[o]!]!;
      tried.push({ guess: g, lower, order: inSet.has(g) ? 0 : 1 });
    }
    tried.sort((a, b) => a.lower - b.lower || a.order - b.order || a.guess - b.guess);
    let best = budget;
    let bestGuess = -1;
    let smallest = Infinity;
    const parts = new Int32Array(n);
    for (const { guess, lower } of tried) {
      if (lower >= best) {
        smallest = Math.min(smallest, lower);
        break;
      }
      // Split the set into parts, largest first, and solve them with what is left of the budget.
      space.scoreRow(guess, set, n, scores);
      counts.fill(0);
      for (let k = 0; k < n; k++) counts[scores[k]!]!++;
      const starts = new Int32Array(space.outcomes + 1);
      for (let o = 0; o < space.outcomes; o++) starts[o + 1] = starts[o]! + counts[o]!;
      const fill = starts.slice();
      for (let k = 0; k < n; k++) parts[fill[scores[k]!]!++] = set[k]!;
      const order: number[] = [];
      for (let o = 0; o < space.outcomes; o++) if (o !== space.win && counts[o]! > 0) order.push(o);
      order.sort((a, b) => counts[b]! - counts[a]!);
      let total = lower;
      const after = [...history, guess];
      for (const o of order) {
        const size = counts[o]!;
        total -= this.lowerBounds[size]!;
        total += this.solve(parts.slice(starts[o]!, starts[o + 1]!), after, best - total);
        if (total >= best) break;
      }
      if (total < best) {
        best = total;
        bestGuess = guess;
      } else smallest = Math.min(smallest, total);
    }
    if (bestGuess >= 0) {
      this.memo.set(key, { value: best, exact: true, guess: bestGuess });
      return best;
    }
    // Every guess was shown to cost at least `budget`; the least of their bounds is a bound of T(S).
    bound = Math.max(bound, budget, smallest === Infinity ? budget : smallest);
    this.memo.set(key, { value: bound, exact: false, guess: -1 });
    return bound;
  }

  /** T of three codes: 5 if one of them tells the other two apart, otherwise 6. */
  private three(set: Int32Array): number {
    return this.smallGuess(set) === -1 ? 6 : 5;
  }

  /** For three codes: the first that tells the other two apart (-1 if none: then guess the first, T = 6). */
  private smallGuess(set: Int32Array): number {
    const { space } = this;
    for (let i = 0; i < 3; i++) {
      const g = set[i]!;
      const a = set[(i + 1) % 3]!;
      const b = set[(i + 2) % 3]!;
      if (space.score(g, a) !== space.score(g, b)) return g;
    }
    return -1;
  }

  /** The guesses to try after `history`: one per class of guesses equivalent under the symmetries fixing it. */
  private guessesAfter(history: readonly number[]): Int32Array {
    const { space } = this;
    const { pegs, colors, digits } = space;
    let usedMask = 0;
    for (const h of history) usedMask |= space.colorMasks[h]!;
    // Position permutations σ with a color bijection π on used colors such that π(h∘σ) = h for every h.
    const symmetries: Array<{ sigma: number[]; pi: Int32Array }> = [];
    for (const sigma of this.permutations) {
      const pi = new Int32Array(colors).fill(-1);
      const inverse = new Int32Array(colors).fill(-1);
      let ok = true;
      for (const h of history) {
        for (let i = 0; i < pegs && ok; i++) {
          const from = digits[h * pegs + sigma[i]!]!;
          const to = digits[h * pegs + i]!;
          if ((pi[from] !== -1 && pi[from] !== to) || (inverse[to] !== -1 && inverse[to] !== from)) ok = false;
          pi[from] = to;
          inverse[to] = from;
        }
        if (!ok) break;
      }
      if (ok) symmetries.push({ sigma, pi });
    }
    if (symmetries.length === 1) return this.freeCanonicalGuesses(usedMask);
    const key = `h:${history.join(',')}`;
    const cached = this.memoGuesses.get(key);
    if (cached !== undefined) return cached;
    const out: number[] = [];
    const image = new Array<number>(pegs);
    for (let g = 0; g < space.size; g++) {
      let minimal = true;
      for (const { sigma, pi } of symmetries) {
        // π(g∘σ), free colors then renamed in order of first appearance to the lowest free colors.
        let seen = 0;
        let nextFree = lowestFree(usedMask, -1, colors);
        const rename = new Int32Array(colors).fill(-1);
        for (let i = 0; i < pegs; i++) {
          const c = digits[g * pegs + sigma[i]!]!;
          if (usedMask & (1 << c)) image[i] = pi[c]!;
          else {
            if (!(seen & (1 << c))) {
              seen |= 1 << c;
              rename[c] = nextFree;
              nextFree = lowestFree(usedMask, nextFree, colors);
            }
            image[i] = rename[c]!;
          }
        }
        let v = 0;
        for (let i = 0; i < pegs; i++) v = v * colors + image[i]!;
        const w = space.indexOfValue(v);
        if (w >= 0 && w < g) {
          minimal = false;
          break;
        }
      }
      if (minimal) out.push(g);
    }
    const list = Int32Array.from(out);
    if (this.memoGuesses.size > 10000) this.memoGuesses.clear();
    this.memoGuesses.set(key, list);
    return list;
  }

  private readonly memoGuesses = new Map<string, Int32Array>();

  private freeCanonicalGuesses(usedMask: number): Int32Array {
    let list = this.freeCanonical.get(usedMask);
    if (list !== undefined) return list;
    const { size, pegs, colors, digits } = this.space;
    const out: number[] = [];
    for (let i = 0; i < size; i++) {
      let seen = 0;
      let expected = lowestFree(usedMask, -1, colors);
      let ok = true;
      for (let p = 0; p < pegs && ok; p++) {
        const c = digits[i * pegs + p]!;
        const bit = 1 << c;
        if (usedMask & bit || seen & bit) continue;
        if (c !== expected) ok = false;
        seen |= bit;
        expected = lowestFree(usedMask, c, colors);
      }
      if (ok) out.push(i);
    }
    list = Int32Array.from(out);
    this.freeCanonical.set(usedMask, list);
    return list;
  }
}

function keyOf(set: Int32Array): string {
  let key = '';
  for (let k = 0; k < set.length; k++) key += String.fromCharCode(set[k]! & 0xffff, set[k]! >>> 16);
  return key;
}

function lowestFree(usedMask: number, after: number, colors: number): number {
  for (let c = after + 1; c < colors; c++) if (!(usedMask & (1 << c))) return c;
  return colors;
}

function permutationsOf(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const rest of permutationsOf(n - 1)) {
    for (let i = 0; i <= rest.length; i++) out.push([...rest.slice(0, i), n - 1, ...rest.slice(i)]);
  }
  return out.sort((a, b) => {
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return 0;
  });
}
