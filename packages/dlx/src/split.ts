// Splitting a search into pieces at its top levels: each piece is a prefix of choices (the options chosen on one path
// of the search tree down to a fixed depth), so the pieces can run anywhere (worker threads, other machines) and their
// counts add up to the whole count. The top levels are walked here on a plain model of the links (which options are
// still active, which items are covered or have a color), making exactly the choices the engine would make and
// counting its nodes and updates, so the statistics of the pieces plus those of the top levels equal one search's.
// Internal: the public forms are the `shard` and `workers` options (search.ts, parallel.ts).
import type { CompiledProblem } from './engine.js';

/** The pieces of a search and the statistics of the levels above them. @internal */
export interface Split {
  /** Each piece: the options chosen on its path, from the top (the given options not included). */
  readonly pieces: readonly (readonly number[])[];
  /** Nodes entered above the pieces (a piece counts its own first node), links updated there, deepest level there. */
  readonly nodes: number;
  readonly updates: number;
  readonly maxDepth: number;
  /** The depth of the pieces (a solution found higher up is a piece of its own, shorter). */
  readonly depth: number;
}

/** The most levels the split goes down looking for enough pieces. */
const MAX_DEPTH = 24;

/** The state of the links at one node of the top levels. */
interface State {
  /** Per item: 1 once covered (primary, or secondary without a color). */
  readonly covered: Uint8Array;
  /** Per secondary item: the color it was given (purified), or 0. */
  readonly colorOf: Int32Array;
  /** Per option: 1 while it is still in its items' lists. */
  readonly active: Uint8Array;
  /** Per primary item: its active options (LEN). */
  readonly len: Int32Array;
}

function copy(s: State): State {
  return { covered: s.covered.slice(), colorOf: s.colorOf.slice(), active: s.active.slice(), len: s.len.slice() };
}

/** The model of one problem laid out in a given option order. */
class Model {
  readonly #p: CompiledProblem;
  /** Per item: its options in the order of its list (the layout order). */
  readonly #column: Int32Array[];
  readonly #colors: Int32Array;

  constructor(problem: CompiledProblem, order: ArrayLike<number> | undefined) {
    this.#p = problem;
    const { itemCount, optionStart, optionItems } = problem;
    const optionCount = optionStart.length - 1;
    const lists: number[][] = Array.from({ length: itemCount }, () => []);
    for (let k = 0; k < optionCount; k++) {
      const o = order === undefined ? k : order[k]!;
      for (let e = optionStart[o]!; e < optionStart[o + 1]!; e++) lists[optionItems[e]!]!.push(o);
    }
    this.#column = lists.map((list) => Int32Array.from(list));
    this.#colors = problem.optionColors ?? new Int32Array(optionItems.length);
  }

  initial(): State {
    const { itemCount, primaryCount, optionStart } = this.#p;
    const len = new Int32Array(primaryCount);
    for (let i = 0; i < primaryCount; i++) len[i] = this.#column[i]!.length;
    return {
      covered: new Uint8Array(itemCount),
      colorOf: new Int32Array(itemCount),
      active: new Uint8Array(optionStart.length - 1).fill(1),
      len,
    };
  }

  /** Takes option o out of the lists of its items but `except`; returns the links updated (hide / hideC). */
  #hide(s: State, o: number, except: number): number {
    const { optionStart, optionItems, primaryCount } = this.#p;
    let updates = 0;
    for (let e = optionStart[o]!; e < optionStart[o + 1]!; e++) {
      const j = optionItems[e]!;
      if (j === except) continue;
      // A node in an item that already has this option's color stays in its list (purify marked it).
      if (s.colorOf[j] !== 0) continue;
      if (j < primaryCount) s.len[j]!--;
      updates++;
    }
    s.active[o] = 0;
    return updates;
  }

  /** Covers item i (cover / coverC): hides every active option in its list. */
  cover(s: State, i: number): number {
    let updates = 1;
    for (const o of this.#column[i]!) if (s.active[o] === 1) updates += this.#hide(s, o, i);
    s.covered[i] = 1;
    return updates;
  }

  /** Gives secondary item i the color c (purify): hides the active options that give it another. */
  purify(s: State, i: number, c: number): number {
    const { optionStart, optionItems } = this.#p;
    let updates = 0;
    for (const o of this.#column[i]!) {
      if (s.active[o] !== 1) continue;
      let color = 0;
      for (let e = optionStart[o]!; e < optionStart[o + 1]!; e++) if (optionItems[e] === i) color = this.#colors[e]!;
      if (color !== c) updates += this.#hide(s, o, i);
    }
    s.colorOf[i] = c;
    return updates;
  }

  /** Puts option o in, as the engine's force does (only which options stay active matters here). */
  force(s: State, o: number): boolean {
    if (s.active[o] !== 1) return false;
    const { optionStart, optionItems, primaryCount } = this.#p;
    for (let e = optionStart[o]!; e < optionStart[o + 1]!; e++) {
      const j = optionItems[e]!;
      const c = this.#colors[e]!;
      if (c === 0 || j < primaryCount) this.cover(s, j);
      else if (s.colorOf[j] === 0) this.purify(s, j, c);
    }
    s.active[o] = 0;
    return true;
  }

  /** The item the engine branches on: the first with at most one option, else the first with the fewest; -1: none left. */
  choose(s: State): number {
    let best = -1;
    for (let i = 0; i < this.#p.primaryCount; i++) {
      if (s.covered[i] === 1) continue;
      const t = s.len[i]!;
      if (t <= 1) return i;
      if (best < 0 || t < s.len[best]!) best = i;
    }
    return best;
  }

  /** The options to try at item i (its list, in order). */
  column(i: number): Int32Array {
    return this.#column[i]!;
  }

  /** After choosing option o for item i: covers (or colors) its other items in the engine's order; the updates. */
  commit(s: State, o: number, i: number): number {
    const { optionStart, optionItems, primaryCount } = this.#p;
    const start = optionStart[o]!;
    const size = optionStart[o + 1]! - start;
    let at = 0;
    while (optionItems[start + at] !== i) at++;
    let updates = 0;
    // The nodes after i's, around the option (the engine's TRY loop).
    for (let k = 1; k < size; k++) {
      const e = start + ((at + k) % size);
      const j = optionItems[e]!;
      const c = this.#colors[e]!;
      if (c === 0 || j < primaryCount) updates += this.cover(s, j);
      else if (s.colorOf[j] === 0) updates += this.purify(s, j, c);
    }
    return updates;
  }
}

/**
 * Splits the search of `problem` (options laid out in `order`, `given` options forced first) at the first depth that
 * gives at least `target` pieces (or at the bottom of the tree). The pieces are in the order the search meets them.
 * Returns null when the given options conflict or there is no more than one piece (nothing to split). @internal
 */
export function splitSearch(problem: CompiledProblem, order: ArrayLike<number> | undefined, given: readonly number[], target: number): Split | null {
  const model = new Model(problem, order);
  const root = model.initial();
  for (const g of given) if (!model.force(root, g)) return null;
  let result = walk(model, root, 0);
  for (let depth = 1; depth <= MAX_DEPTH && result.pieces.length < target && result.deeper; depth++) result = walk(model, root, depth);
  // One piece or none (the tree ends above the depth): nothing to share out; the whole search is the one piece.
  if (result.pieces.length <= 1) return null;
  return { pieces: result.pieces, nodes: result.nodes, updates: result.updates, maxDepth: result.maxDepth, depth: result.depth };
}

/** The pieces at `depth`, with the statistics above them, and whether any piece could be split further. */
function walk(model: Model, root: State, depth: number): Split & { deeper: boolean } {
  const pieces: number[][] = [];
  let nodes = 0;
  let updates = 0;
  let maxDepth = 0;
  let deeper = false;
  const path: number[] = [];
  const visit = (s: State, level: number): void => {
    if (level === depth) {
      pieces.push([...path]);
      deeper = true;
      return;
    }
    const i = model.choose(s);
    if (i < 0) {
      // A solution above the pieces' depth: a piece of its own (it counts its node).
      pieces.push([...path]);
      return;
    }
    nodes++;
    if (level > maxDepth) maxDepth = level;
    if (s.len[i] === 0) return;
    const candidates = model.column(i).filter((o) => s.active[o] === 1);
    updates += model.cover(s, i);
    for (const o of candidates) {
      const child = copy(s);
      updates += model.commit(child, o, i);
      path.push(o);
      visit(child, level + 1);
      path.pop();
    }
  };
  visit(copy(root), 0);
  return { pieces, nodes, updates, maxDepth, depth, deeper };
}
