// Knuth's Algorithm M (DLX3, TAOCP 7.2.2.1): exact cover with multiplicities. Primary item i must be covered by
// from u_i to v_i of the chosen options; secondary items as in Algorithm C (at most once, or by options that agree on
// its color). JavaScript only; the public API is in search.ts. Internal.
//
// Memory layout (Knuth's DLX3, in one Int32Array `m`; node k at address a = 4k):
//   node 0: unused (the roots of the item lists live in `it`);
//   node i (1..N): the header of item i - 1: m[a] = LEN, m[a+1] = ULINK, m[a+2] = DLINK, m[a+3] = the color given
//          to a purified secondary item (0 none);
//   node N + 1 on: spacers and options. An option node has m[a] = TOP (the header address 4i), ULINK, DLINK and
//          COLOR (0 none, > 0 a color, -1 "already has the item's color", set by purify). A spacer has
//          m[a] = -(the option it ends + 1) (0 for the first), ULINK = the first node of the option before it and
//          DLINK = the last node of the option after it.
// The items' own fields are in `it`, at the same address as their header in `m` (4i): it[a] = LLINK, it[a+1] =
// RLINK (header addresses: the active primary items in a list headed by 0, the active secondary items in one headed
// by 4(N + 1)), it[a+2] = BOUND (how many more options may still cover a primary item), it[a+3] = SLACK (v - u,
// constant). One cache line per item for the choice of the item to branch on.
//
// A level of the search branches on an item i with the fewest ways to go on (Knuth's branching degree
// θ = LEN + min(SLACK, BOUND) - BOUND + 1). When BOUND becomes 0 with SLACK 0, the level is Algorithm C's: cover i
// and try its options in turn. Otherwise the options of i are "tweaked": the level tries x1, then x2 with x1 left out
// of everything below, and so on; and, once enough options cover i, the "null move" of no further option for i.
// So a level may choose no option: `optionAt` says -1 there.
import { EXHAUSTED, FOUND, STOPPED, type CompiledProblem } from './engine.js';
import type { CompiledBounds } from './problem.js';

const ENTER = 0;
const TRY = 1;
const BACK = 2;

/** The engine interface the searches use (Engine in engine.ts, EngineM here). @internal */
export interface SearchEngine {
  readonly optionCount: number;
  level: number;
  nodes: number;
  updates: number;
  maxLevel: number;
  checkAt: number;
  onCheck: (() => boolean) | null;
  /** The option chosen at level l (0 ≤ l < level), or -1 when that level chose none (Algorithm M's null move). */
  optionAt(l: number): number;
  /** The options forced so far, in order. */
  forcedOptions(): readonly number[];
  force(o: number): boolean;
  reset(): void;
  resetStats(): void;
  run(): number;
}

/** Removes the other nodes of p's option from their item lists (nodes that already have their item's color stay). */
function hide(m: Int32Array, p: number): number {
  let updates = 0;
  for (let q = p + 4; q !== p; ) {
    const x = m[q]!;
    if (x <= 0) {
      q = m[q + 1]!;
    } else {
      if (m[q + 3]! >= 0) {
        const u = m[q + 1]!;
        const d = m[q + 2]!;
        m[u + 2] = d;
        m[d + 1] = u;
        m[x]!--;
        updates++;
      }
      q += 4;
    }
  }
  return updates;
}

function unhide(m: Int32Array, p: number): void {
  for (let q = p - 4; q !== p; ) {
    const x = m[q]!;
    if (x <= 0) {
      q = m[q + 2]!;
    } else {
      if (m[q + 3]! >= 0) {
        m[m[q + 1]! + 2] = q;
        m[m[q + 2]! + 1] = q;
        m[x]!++;
      }
      q -= 4;
    }
  }
}

/** Covers item i (header address h = 4i): hides the options in its list and takes it out of its active list. */
function cover(m: Int32Array, it: Int32Array, h: number): number {
  let updates = 1;
  for (let p = m[h + 2]!; p !== h; p = m[p + 2]!) updates += hide(m, p);
  const l = it[h]!;
  const r = it[h + 1]!;
  it[l + 1] = r;
  it[r] = l;
  return updates;
}

function uncover(m: Int32Array, it: Int32Array, h: number): void {
  it[it[h]! + 1] = h;
  it[it[h + 1]!] = h;
  for (let p = m[h + 1]!; p !== h; p = m[p + 1]!) unhide(m, p);
}

/** Gives the secondary item of node p the color of p: hides the options that give it another color. */
function purify(m: Int32Array, p: number): number {
  const c = m[p + 3]!;
  const h = m[p]!;
  let updates = 0;
  m[h + 3] = c;
  for (let q = m[h + 2]!; q !== h; q = m[q + 2]!) {
    if (m[q + 3] === c) m[q + 3] = -1;
    else updates += hide(m, q);
  }
  return updates;
}

function unpurify(m: Int32Array, p: number): void {
  const h = m[p]!;
  const c = m[h + 3]!;
  for (let q = m[h + 1]!; q !== h; q = m[q + 1]!) {
    if (m[q + 3]! < 0) m[q + 3] = c;
    else unhide(m, q);
  }
  m[h + 3] = 0;
}

/**
 * One problem with multiplicities laid out as dancing links, with the state of one depth-first search over it
 * (Algorithm M). Reusable: `reset()` copies the links as laid out back. @internal
 */
export class EngineM implements SearchEngine {
  readonly optionCount: number;
  readonly itemCount: number;
  readonly primaryCount: number;
  private readonly m: Int32Array;
  /** The items' links, bounds and slacks (see above). */
  private readonly it: Int32Array;
  /** Address of the first node of each option, by its index in the problem. */
  private readonly firstNode: Int32Array;
  /**
   * Per level: the node being tried (the item's header: the null move), the item (its header address), and the first
   * tweaked node (0: an Algorithm C level, the item covered).
   */
  private readonly xs: Int32Array;
  private readonly chosen: Int32Array;
  private readonly firstTweak: Int32Array;
  private readonly initial: { readonly m: Int32Array; readonly it: Int32Array };
  private readonly forcedFlag: Uint8Array;
  private readonly forced: number[] = [];
  private mode = ENTER;

  level = 0;
  nodes = 0;
  updates = 0;
  maxLevel = 0;
  checkAt = Infinity;
  onCheck: (() => boolean) | null = null;

  /** Lays out the problem; `order` (a permutation of the option indices) is the order of the options in each list. */
  constructor(problem: CompiledProblem, bounds: CompiledBounds, order?: ArrayLike<number>) {
    const n = problem.itemCount;
    const n1 = problem.primaryCount;
    const optionCount = problem.optionStart.length - 1;
    const entries = problem.optionItems.length;
    this.itemCount = n;
    this.primaryCount = n1;
    this.optionCount = optionCount;
    const nodeCount = n + 2 + entries + optionCount;
    const m = new Int32Array(4 * nodeCount);
    const it = new Int32Array(4 * (n + 2));
    for (let i = 0; i <= n1; i++) {
      it[4 * i] = 4 * (i === 0 ? n1 : i - 1);
      it[4 * i + 1] = 4 * (i === n1 ? 0 : i + 1);
    }
    const head = n + 1;
    it[4 * head] = 4 * (n > n1 ? n : head);
    it[4 * head + 1] = 4 * (n > n1 ? n1 + 1 : head);
    for (let i = n1 + 1; i <= n; i++) {
      it[4 * i] = 4 * (i === n1 + 1 ? head : i - 1);
      it[4 * i + 1] = 4 * (i === n ? head : i + 1);
    }
    for (let i = 1; i <= n; i++) {
      m[4 * i + 1] = 4 * i;
      m[4 * i + 2] = 4 * i;
    }
    for (let i = 1; i <= n1; i++) {
      it[4 * i + 2] = bounds.upper[i - 1]!;
      it[4 * i + 3] = bounds.upper[i - 1]! - bounds.lower[i - 1]!;
    }
    const firstNode = new Int32Array(optionCount);
    const { optionStart, optionItems, optionColors } = problem;
    let spacer = 4 * head;
    let node = head + 1;
    for (let k = 0; k < optionCount; k++) {
      const o = order === undefined ? k : order[k]!;
      const start = node;
      for (let e = optionStart[o]!; e < optionStart[o + 1]!; e++) {
        const a = 4 * node;
        const h = 4 * (optionItems[e]! + 1);
        const u = m[h + 1]!;
        m[a] = h;
        m[a + 1] = u;
        m[a + 2] = h;
        m[a + 3] = optionColors === null ? 0 : optionColors[e]!;
        m[u + 2] = a;
        m[h + 1] = a;
        m[h]!++;
        node++;
      }
      firstNode[o] = 4 * start;
      m[spacer + 2] = 4 * (node - 1);
      spacer = 4 * node;
      m[spacer] = -(o + 1);
      m[spacer + 1] = 4 * start;
      node++;
    }
    this.m = m;
    this.it = it;
    this.firstNode = firstNode;
    // A level chooses an option or makes a null move (which retires an item): at most this many levels.
    const levels = optionCount + n1 + 1;
    this.xs = new Int32Array(levels);
    this.chosen = new Int32Array(levels);
    this.firstTweak = new Int32Array(levels);
    this.forcedFlag = new Uint8Array(optionCount);
    this.initial = { m: m.slice(), it: it.slice() };
  }

  /** The option index of the node at address q. */
  private optionOf(q: number): number {
    const m = this.m;
    while (m[q]! > 0) q += 4;
    return -m[q]! - 1;
  }

  optionAt(l: number): number {
    const x = this.xs[l]!;
    return x === this.chosen[l]! ? -1 : this.optionOf(x);
  }

  forcedOptions(): readonly number[] {
    return this.forced;
  }

  /** True when option o can still be part of a solution with the options forced so far. */
  isActive(o: number): boolean {
    if (this.forcedFlag[o] === 1) return false;
    const { m, it } = this;
    for (let q = this.firstNode[o]!; m[q]! > 0; q += 4) {
      if (m[q + 3]! < 0) continue; // the item already has this option's color
      const h = m[q]!;
      if (it[it[h]! + 1] !== h || m[m[q + 1]! + 2] !== q) return false;
      if (h <= 4 * this.primaryCount ? it[h + 2] === 0 : m[h + 3] !== 0) return false;
    }
    return true;
  }

  /**
   * Puts option o into every solution, before the search. Returns false (and changes nothing) when o conflicts with
   * the options forced so far. Only between searches.
   */
  force(o: number): boolean {
    if (this.level !== 0 || this.mode !== ENTER) throw new Error('force() during a search');
    if (!this.isActive(o)) return false;
    const { m, it } = this;
    const first = this.firstNode[o]!;
    // o must leave the lists of its primary items, so that it cannot be chosen again. Covering one of its items does
    // that (as in Algorithm C, whose statistics this then matches); when none gets covered, o is taken out first.
    let covers = false;
    let primaries = false;
    for (let q = first; m[q]! > 0; q += 4) {
      const h = m[q]!;
      if (h <= 4 * this.primaryCount) primaries = true;
      if (h <= 4 * this.primaryCount ? it[h + 2] === 1 : m[q + 3] === 0) covers = true;
    }
    let updates = 0;
    if (primaries && !covers) {
      updates += hide(m, first);
      if (m[first + 3]! >= 0) updates += this.unlink(first);
    }
    for (let q = first; m[q]! > 0; q += 4) {
      const h = m[q]!;
      if (h <= 4 * this.primaryCount) {
        if (--it[h + 2]! === 0) updates += cover(m, it, h);
      } else {
        const c = m[q + 3]!;
        if (c === 0) updates += cover(m, it, h);
        else if (c > 0) updates += purify(m, q);
      }
    }
    this.updates += updates;
    this.forcedFlag[o] = 1;
    this.forced.push(o);
    return true;
  }

  /** Takes node q out of its item's list. */
  private unlink(q: number): number {
    const m = this.m;
    const u = m[q + 1]!;
    const d = m[q + 2]!;
    m[u + 2] = d;
    m[d + 1] = u;
    m[m[q]!]!--;
    return 1;
  }

  /** Undoes the search and the forced options: the links as laid out. */
  reset(): void {
    const { initial } = this;
    this.m.set(initial.m);
    this.it.set(initial.it);
    for (const o of this.forced) this.forcedFlag[o] = 0;
    this.forced.length = 0;
    this.level = 0;
    this.mode = ENTER;
  }

  resetStats(): void {
    this.nodes = 0;
    this.updates = 0;
    this.maxLevel = 0;
  }

  /** Item i gets no more options (a null move, or a tweaked level ending): out of the active list. */
  private deactivate(h: number): void {
    const it = this.it;
    const l = it[h]!;
    const r = it[h + 1]!;
    it[l + 1] = r;
    it[r] = l;
  }

  private reactivate(h: number): void {
    const it = this.it;
    it[it[h]! + 1] = h;
    it[it[h + 1]!] = h;
  }

  /**
   * Knuth's M8: puts item h (header address) of level l back as it was before the level: uncovers it, or puts its
   * tweaked options back (into the other lists too, unless it is covered, which uncover then does), and gives the
   * bound back.
   */
  private restore(l: number, h: number): void {
    const { m, it } = this;
    const covered = it[h + 2] === 0;
    const a = this.firstTweak[l]!;
    if (a !== 0) {
      // Untweak: the tweaked nodes x1 .. xk still point down to each other; link them back in, then bring their
      // options back into the other lists in reverse order.
      const z = m[h + 2]!;
      m[h + 2] = a;
      let k = 0;
      let last = h;
      for (let r = a; r !== z; last = r, r = m[r + 2]!) {
        m[r + 1] = last;
        k++;
      }
      m[z + 1] = last;
      m[h]! += k;
      if (!covered) for (let r = last; r !== h; r = m[r + 1]!) unhide(m, r);
    }
    if (covered) uncover(m, it, h);
    it[h + 2]!++;
  }

  /**
   * Runs the search until the next solution (FOUND: levels 0 .. level-1 hold it; call again to go on), the end of
   * the search (EXHAUSTED: back at level 0) or `onCheck` asking to stop (STOPPED: call `reset` afterwards).
   */
  run(): number {
    const { m, it, xs, chosen, firstTweak } = this;
    const lastPrimary = 4 * this.primaryCount;
    let level = this.level;
    let mode = this.mode;
    let nodes = this.nodes;
    let updates = this.updates;
    let maxLevel = this.maxLevel;
    let checkAt = this.checkAt;
    for (;;) {
      if (mode === ENTER) {
        if (nodes >= checkAt) {
          this.saveState(level, ENTER, nodes, updates, maxLevel);
          if (this.onCheck !== null && this.onCheck()) return STOPPED;
          checkAt = this.checkAt;
        }
        nodes++;
        if (level > maxLevel) maxLevel = level;
        let k = it[1]!;
        if (k === 0) {
          this.saveState(level, BACK, nodes, updates, maxLevel);
          return FOUND;
        }
        // The item with the smallest branching degree θ; ties go to the smaller min(SLACK, BOUND), then to the
        // longer list (Knuth's choices in DLX3), then to the first in item order. With bounds 1:1 this is the
        // first item with the fewest options, as in Algorithm C.
        let h = 0;
        let bestT = 0x7fffffff;
        let bestS = 0;
        let bestLen = 0;
        for (; k !== 0; k = it[k + 1]!) {
          const b = it[k + 2]!;
          const len = m[k]!;
          let s = it[k + 3]!;
          if (s > b) s = b;
          const t = len + s - b + 1;
          if (t < bestT || (t === bestT && (s < bestS || (s === bestS && len > bestLen)))) {
            h = k;
            bestT = t;
            bestS = s;
            bestLen = len;
            if (t <= 0 || (t === 1 && s === 0)) break;
          }
        }
        if (bestT <= 0) {
          mode = BACK;
          continue;
        }
        const b = --it[h + 2]!;
        chosen[level] = h;
        const x = m[h + 2]!;
        xs[level] = x;
        if (b === 0) updates += cover(m, it, h);
        firstTweak[level] = b !== 0 || it[h + 3] !== 0 ? x : 0;
        mode = TRY;
      } else if (mode === TRY) {
        const h = chosen[level]!;
        const x = xs[level]!;
        if (firstTweak[level] === 0) {
          // Algorithm C's level: the item is covered; its options in turn.
          if (x === h) {
            this.restore(level, h);
            mode = BACK;
            continue;
          }
        } else {
          const b = it[h + 2]!;
          if (m[h]! <= b - it[h + 3]!) {
            // Too few options left to reach the lower bound.
            this.restore(level, h);
            mode = BACK;
            continue;
          }
          if (x !== h) {
            // Tweak x: out of the item's list (and, unless the item is covered, which hid x's option already, out of
            // the other lists).
            if (b !== 0) updates += hide(m, x);
            const d = m[x + 2]!;
            m[h + 2] = d;
            m[d + 1] = h;
            m[h]!--;
            updates++;
          } else if (b !== 0) {
            // The null move: no more options for this item.
            this.deactivate(h);
          }
        }
        if (x !== h) {
          for (let q = x + 4; q !== x; ) {
            const j = m[q]!;
            if (j <= 0) {
              q = m[q + 1]!;
            } else {
              if (j <= lastPrimary) {
                if (--it[j + 2]! === 0) updates += cover(m, it, j);
              } else {
                const c = m[q + 3]!;
                if (c === 0) updates += cover(m, it, j);
                else if (c > 0) updates += purify(m, q);
              }
              q += 4;
            }
          }
        }
        level++;
        mode = ENTER;
      } else {
        if (level === 0) {
          this.saveState(0, ENTER, nodes, updates, maxLevel);
          return EXHAUSTED;
        }
        level--;
        const h = chosen[level]!;
        const x = xs[level]!;
        if (x === h) {
          // Back from the null move: the item is active again, and the level is over.
          if (it[h + 2] !== 0) this.reactivate(h);
          this.restore(level, h);
          continue;
        }
        for (let q = x - 4; q !== x; ) {
          const j = m[q]!;
          if (j <= 0) {
            q = m[q + 2]!;
          } else {
            if (j <= lastPrimary) {
              if (it[j + 2] === 0) uncover(m, it, j);
              it[j + 2]!++;
            } else {
              const c = m[q + 3]!;
              if (c === 0) uncover(m, it, j);
              else if (c > 0) unpurify(m, q);
            }
            q -= 4;
          }
        }
        xs[level] = m[x + 2]!;
        mode = TRY;
      }
    }
  }

  /** Writes the search loop's local state back (at checks, solutions and the end of the search). */
  private saveState(level: number, mode: number, nodes: number, updates: number, maxLevel: number): void {
    this.level = level;
    this.mode = mode;
    this.nodes = nodes;
    this.updates = updates;
    this.maxLevel = maxLevel;
  }
}
