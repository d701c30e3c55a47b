import type { Job } from './job.js';
import type { CodeSpace } from './space.js';

/** What a one-step heuristic optimises when it picks the next guess from all codes. */
export type HeuristicKind = 'simple' | 'minimax' | 'entropy' | 'expected-size' | 'most-parts';

const EPSILON = 1e-9;

/**
 * Picks guesses for one code space by a one-step look-ahead heuristic: every code is a candidate guess (after
 * removing guesses that only differ by a permutation of colors no earlier guess used, which score identically);
 * ties go to a code that is still possible, then to the lowest code in order (aaaa first). @internal
 */
export class GuessChooser {
  readonly space: CodeSpace;
  private readonly scores: Uint8Array;
  private readonly counts: Int32Array;
  private readonly possible: Uint8Array;
  private readonly nlogn: Float64Array;
  private readonly canonicalByMask = new Map<number, Int32Array>();

  constructor(space: CodeSpace) {
    this.space = space;
    this.scores = new Uint8Array(space.size);
    this.counts = new Int32Array(space.outcomes);
    this.possible = new Uint8Array(space.size);
    this.nlogn = new Float64Array(space.size + 1);
    for (let c = 2; c <= space.size; c++) this.nlogn[c] = c * Math.log(c);
  }

  /**
   * The guesses worth trying when the colors in `usedMask` have appeared in earlier guesses: codes whose other
   * ("free") colors appear in increasing order from the lowest free color. Any other code is a relabelling of free
   * colors of one of these, which splits the candidates the same way and comes later in order.
   */
  canonicalGuesses(usedMask: number): Int32Array {
    let list = this.canonicalByMask.get(usedMask);
    if (list !== undefined) return list;
    const { size, pegs, colors, digits } = this.space;
    const out: number[] = [];
    for (let i = 0; i < size; i++) {
      let seen = 0;
      let expected = nextFree(usedMask, -1, colors);
      let ok = true;
      for (let p = 0; p < pegs; p++) {
        const c = digits[i * pegs + p]!;
        const bit = 1 << c;
        if (usedMask & bit || seen & bit) continue;
        if (c !== expected) {
          ok = false;
          break;
        }
        seen |= bit;
        expected = nextFree(usedMask, c, colors);
      }
      if (ok) out.push(i);
    }
    list = Int32Array.from(out);
    this.canonicalByMask.set(usedMask, list);
    return list;
  }

  /**
   * The next guess for candidates set[0..count) (ascending code numbers) after guesses that used `usedMask`. A job
   * counts each guess scored and may stop the choice (it throws Stopped).
   */
  choose(kind: HeuristicKind, set: Int32Array, count: number, usedMask: number, job?: Job): number {
    if (count <= 2 || kind === 'simple') return set[0]!;
    const { possible } = this;
    for (let k = 0; k < count; k++) possible[set[k]!] = 1;
    try {
      const guesses = this.canonicalGuesses(usedMask);
      const state = { best: -1, value: Infinity };
      const bound = this.bestConceivable(kind, count);
      // Possible codes first, so that in a tie the earlier-scanned (possible, then lower) guess stays.
      for (const pass of [1, 0]) {
        for (let j = 0; j < guesses.length; j++) {
          const g = guesses[j]!;
          if (possible[g] !== pass) continue;
          job?.search('guesses');
          this.consider(kind, g, set, count, state);
          if (state.best >= 0 && state.value <= bound) return state.best;
        }
      }
      return state.best;
    } finally {
      for (let k = 0; k < count; k++) possible[set[k]!] = 0;
    }
  }

  /** The value no guess can beat (all heuristics are minimised here): the most even split into scoreCount parts. */
  private bestConceivable(kind: HeuristicKind, count: number): number {
    const parts = this.space.scoreCount;
    const q = Math.floor(count / parts);
    const r = count % parts;
    switch (kind) {
      case 'minimax':
        return Math.ceil(count / parts);
      case 'expected-size':
        return r * (q + 1) * (q + 1) + (parts - r) * q * q;
      case 'entropy':
        return r * this.nlogn[q + 1]! + (parts - r) * this.nlogn[q]! + EPSILON;
      default:
        return -Math.min(count, parts);
    }
  }

  /** Scores guess g on the candidates and keeps it in `state` if strictly better than the best so far. */
  private consider(kind: HeuristicKind, g: number, set: Int32Array, count: number, state: { best: number; value: number }): void {
    const { scores, counts } = this;
    this.space.scoreRow(g, set, count, scores);
    counts.fill(0);
    const best = state.value;
    let value: number;
    if (kind === 'minimax') {
      let max = 0;
      for (let k = 0; k < count; k++) {
        const c = ++counts[scores[k]!]!;
        if (c > max) {
          max = c;
          if (max >= best) return;
        }
      }
      value = max;
    } else if (kind === 'expected-size') {
      let sum = 0;
      for (let k = 0; k < count; k++) {
        sum += 2 * counts[scores[k]!]!++ + 1;
        if (sum >= best) return;
      }
      value = sum;
    } else if (kind === 'entropy') {
      const nlogn = this.nlogn;
      let partial = 0;
      for (let k = 0; k < count; k++) {
        const c = counts[scores[k]!]!++;
        partial += nlogn[c + 1]! - nlogn[c]!;
        if (partial > best) return;
      }
      // Sum in a fixed order of part sizes, so equal splits give equal values; ties within EPSILON are ties.
      value = 0;
      for (let o = 0; o < counts.length; o++) value += nlogn[counts[o]!]!;
      if (value >= best - EPSILON) return;
    } else {
      let parts = 0;
      for (let k = 0; k < count; k++) {
        if (counts[scores[k]!]!++ === 0) parts++;
        if (-(parts + count - k - 1) >= best) return;
      }
      value = -parts;
    }
    if (value < best) {
      state.best = g;
      state.value = value;
    }
  }
}

function nextFree(usedMask: number, after: number, colors: number): number {
  for (let c = after + 1; c < colors; c++) if (!(usedMask & (1 << c))) return c;
  return colors;
}
