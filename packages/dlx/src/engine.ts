// The dancing-links engine: Knuth's Algorithm X (DLX1) and Algorithm C (DLX2, colors on secondary items) on one
// typed array (16- or 32-bit, see Links), with an explicit stack instead of recursion. Internal: the public API is in search.ts, sudoku.ts, ...
//
// Memory layout (Knuth's DLX1/DLX2, TAOCP 7.2.2.1): node k lives at address a = 4k of `m`:
//   m[a] = TOP (the address 4i of the header of its item i, 1..N) for an option node; LEN for an item header (node i
//          is the header of item i);
//          TOP = 0 for a spacer between options (the option of every node, and of the spacer ending it, is kept
//          aside in spacerOption);
//   m[a+1] = ULINK, m[a+2] = DLINK (addresses); for a spacer, ULINK = first node of the option before it and
//          DLINK = last node of the option after it;
//   m[a+3] = COLOR: 0 none, > 0 a color, -1 "already has the item's color" (set by purify), when the problem has
//          colors (Algorithm C); otherwise (Algorithm X) the address of the next node of the same option, circularly.
// Items are doubly linked through llink/rlink, by header address, each list in item order: with colors, the active
// primary items in one list headed by 0; without (Algorithm X), the odd-numbered ones in a list headed by 0 and the
// even-numbered ones in a list headed by 4(N + 1) (see runX: the two are scanned side by side), and RLINK is kept in
// the fourth field of the header (of the root, and of the first spacer for the secondary list) instead of rlink. The
// secondary items are in a list headed by 4(N + 2), which is also the first spacer; options start at node N + 3.
// Node N + 1 is only that second root. Addresses are pre-multiplied by 4, so a field is one add away.
//
// Algorithm X runs in WebAssembly when it can (see engine-wasm.ts and wasm/engine.as.ts): m, llink, xs and chosen
// are then views into the instance's memory, with the same element layout, but every link in them is a BYTE address
// (the element index above << shift), which saves WASM a shift per access: 16-bit links (Uint16Array, node k at byte
// 8k, shift 1) for problems of at most 8192 nodes such as Sudoku, whose links then fit a core's L1 data cache, else
// 32-bit (Int32Array, node k at byte 16k, shift 2). The constructor converts the layout; the few methods that touch
// the links while WASM is in use either call the WASM exports (force, reset, unwind) or index the view with
// address >> shift (isActive, optionAt): look for `this.wasm`.
// run() calls the WASM search, which returns to JS at solutions, at checkAt, and at least every WASM_CHUNK nodes.
// Without WebAssembly (or when it cannot instantiate), runX below does the same search on element indices.
import { CHECK, instantiateSearch, type WasmSearch } from './engine-wasm.js';

/** A problem in numbers, as the engine takes it. @internal */
export interface CompiledProblem {
  /** Number of items, primary first. */
  readonly itemCount: number;
  /** Items 0 .. primaryCount - 1 are primary, the rest secondary. */
  readonly primaryCount: number;
  /** Option k has the items optionItems[optionStart[k] .. optionStart[k + 1] - 1]. */
  readonly optionStart: Int32Array;
  /** 0-based item numbers. */
  readonly optionItems: Int32Array;
  /** Per entry of optionItems: 0 no color, > 0 a color number; null when no option has a color. */
  readonly optionColors: Int32Array | null;
}

/**
 * The node array: a 32-bit view into the WebAssembly memory when Algorithm X runs there; otherwise (the JS search)
 * 16-bit when the problem has no colors and fewer than 16,384 nodes (half the memory traffic, which is most of the
 * cost of dancing), 32-bit otherwise. @internal
 */
export type Links = Int32Array | Uint16Array;

/** What `run` stopped on. @internal */
export const FOUND = 1;
/** @internal */
export const EXHAUSTED = 0;
/** @internal */
export const STOPPED = -1;

const ENTER = 0;
const TRY = 1;
const BACK = 2;

/**
 * The WASM search returns to JS at least every this many nodes: V8 replaces a WASM function by its optimized code
 * only between calls, so one long first call would run unoptimized throughout.
 */
const WASM_CHUNK = 4096;

/** The WASM instance of one Engine, with the byte offsets of its arrays and a view of its state block. */
interface WasmState {
  readonly search: WasmSearch;
  /** The byte address of the second root. */
  readonly rootB: number;
  /** log2 of the bytes per link: 1 (16-bit links, 8-byte nodes) or 2 (32-bit); a link is index << shift. */
  readonly shift: number;
  readonly llBase: number;
  readonly xsBase: number;
  readonly chosenBase: number;
  readonly stateBase: number;
  /** nodes, updates, limit. */
  readonly f64: Float64Array;
  /** level, mode, maxLevel, skip the first check (at stateBase / 4 + 6 ..). */
  readonly i32: Int32Array;
}

/**
 * Hides the other nodes of the option of node p from their items (Algorithm X: no colors). Without colors the fourth
 * field of a node holds the address of the next node of its option (circularly), so this loop has no spacer test.
 * The nodes of one option lie in different items, so unhide may walk them in the same order.
 */
function hide(m: Links, p: number): number {
  let updates = 0;
  for (let q = m[p + 3]!; q !== p; q = m[q + 3]!) {
    const u = m[q + 1]!;
    const d = m[q + 2]!;
    m[u + 2] = d;
    m[d + 1] = u;
    m[m[q]!]!--;
    updates++;
  }
  return updates;
}

function unhide(m: Links, p: number): void {
  for (let q = m[p + 3]!; q !== p; q = m[q + 3]!) {
    m[m[q + 1]! + 2] = q;
    m[m[q + 2]! + 1] = q;
    m[m[q]!]!++;
  }
}

/** hide for Algorithm C: nodes whose color is already the item's (COLOR < 0) stay. */
function hideC(m: Links, p: number): number {
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

function unhideC(m: Links, p: number): void {
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

/** Algorithm X: the RLINK of an item is the fourth field of its header (see the layout above). */
function cover(m: Links, ll: Links, i: number): number {
  const h = i;
  let updates = 1;
  for (let p = m[h + 2]!; p !== h; p = m[p + 2]!) updates += hide(m, p);
  const l = ll[i]!;
  const r = m[i + 3]!;
  m[l + 3] = r;
  ll[r] = l;
  return updates;
}

function uncover(m: Links, ll: Links, i: number): void {
  const h = i;
  m[ll[i]! + 3] = i;
  ll[m[i + 3]!] = i;
  for (let p = m[h + 1]!; p !== h; p = m[p + 1]!) unhide(m, p);
}

function coverC(m: Links, ll: Links, rl: Int32Array, i: number): number {
  const h = i;
  let updates = 1;
  for (let p = m[h + 2]!; p !== h; p = m[p + 2]!) updates += hideC(m, p);
  const l = ll[i]!;
  const r = rl[i]!;
  rl[l] = r;
  ll[r] = l;
  return updates;
}

function uncoverC(m: Links, ll: Links, rl: Int32Array, i: number): void {
  const h = i;
  rl[ll[i]!] = i;
  ll[rl[i]!] = i;
  for (let p = m[h + 1]!; p !== h; p = m[p + 1]!) unhideC(m, p);
}

/** Gives the secondary item of node p the color of p: hides the options that give it another color. */
function purify(m: Links, p: number): number {
  const c = m[p + 3]!;
  const h = m[p]!;
  let updates = 0;
  m[h + 3] = c;
  for (let q = m[h + 2]!; q !== h; q = m[q + 2]!) {
    if (m[q + 3] === c) m[q + 3] = -1;
    else updates += hideC(m, q);
  }
  return updates;
}

function unpurify(m: Links, p: number): void {
  // The color purify gave the item (p's own color may read -1 here, when a forced option's node was in the list).
  const h = m[p]!;
  const c = m[h + 3]!;
  for (let q = m[h + 1]!; q !== h; q = m[q + 1]!) {
    if (m[q + 3]! < 0) m[q + 3] = c;
    else unhideC(m, q);
  }
  m[h + 3] = 0;
}

/**
 * One exact-cover problem laid out as dancing links, with the state of one depth-first search over it. Reusable:
 * `reset()` undoes the search and the forced options in reverse order, which costs about as much as the search did
 * up to then, never a rebuild. @internal
 */
export class Engine {
  /** The nodes (see the layout above). */
  readonly m: Links;
  readonly llink: Links;
  readonly rlink: Int32Array;
  readonly itemCount: number;
  readonly primaryCount: number;
  readonly optionCount: number;
  /** Address of the first node of each option (by its index in the problem, whatever the order of the links). */
  readonly firstNode: Int32Array;
  readonly colored: boolean;
  /** Per spacer node (by node number): the option it ends. */
  /** The option of each node (and of the spacer that ends it), by node index. */
  private readonly spacerOption: Int32Array;
  /** The WebAssembly search of this problem (Algorithm X only), or null for the JS one. */
  private readonly wasm: WasmState | null = null;

  /** Per level: the address of the node of the option being tried, and the item it was chosen for. */
  private readonly xs: Int32Array;
  private readonly chosen: Int32Array;
  private readonly forcedFlag: Uint8Array;
  /** The links as laid out (nothing covered), for `reset` to copy back when that is cheaper than undoing. */
  private readonly initial: { readonly m: Links; readonly llink: Links; readonly rlink: Int32Array };
  /** Links updated by the options forced so far (undoing them costs about as much). */
  private forcedUpdates = 0;
  private readonly forced: number[] = [];
  /** With colors: per forced node, 4 × address + 1 (covered) or + 2 (purified); marks end each forced option. */
  private readonly actions: number[] = [];
  private readonly actionMarks: number[] = [];

  /** Search state: the level (number of options chosen), and what to do next there. */
  level = 0;
  private mode = ENTER;
  /** Search-tree nodes entered and links updated since the last `resetStats()`. */
  nodes = 0;
  updates = 0;
  /** Deepest level reached. */
  maxLevel = 0;
  /** When `nodes` reaches this, `run` calls `onCheck`; it returns true to stop the search (and sets a new checkAt). */
  checkAt = Infinity;
  onCheck: (() => boolean) | null = null;

  /** Lays out the problem; `order` (a permutation of the option indices) is the order of the options in each list. */
  constructor(problem: CompiledProblem, order?: ArrayLike<number>) {
    const n = problem.itemCount;
    const n1 = problem.primaryCount;
    const optionCount = problem.optionStart.length - 1;
    const entries = problem.optionItems.length;
    this.itemCount = n;
    this.primaryCount = n1;
    this.optionCount = optionCount;
    this.colored = problem.optionColors !== null;
    const nodeCount = n + 3 + entries + optionCount;
    // Algorithm X in WebAssembly: m, llink, xs, chosen and a state block, in one memory (byte offsets 64-aligned).
    // Links of 16 bits (8-byte nodes) when every byte address fits, as the JS search does: Sudoku's links then take
    // 32 KB instead of 64 KB, within a core's L1 data cache.
    const narrow = problem.optionColors === null && nodeCount <= 8192;
    const shift = narrow ? 1 : 2;
    const nodeBytes = 4 << shift;
    const llBase = nodeBytes * nodeCount + 63 - ((nodeBytes * nodeCount + 63) % 64);
    const xsBase = llBase + nodeBytes * (n + 3) + 63 - ((nodeBytes * (n + 3) + 63) % 64);
    const chosenBase = xsBase + 4 * (n1 + 1) + 63 - ((4 * (n1 + 1) + 63) % 64);
    const stateBase = chosenBase + 4 * (n1 + 1) + 63 - ((4 * (n1 + 1) + 63) % 64);
    const search = problem.optionColors === null ? instantiateSearch(stateBase + 64, narrow) : null;
    const buffer = search?.memory.buffer;
    const m: Links =
      buffer !== undefined
        ? narrow
          ? new Uint16Array(buffer, 0, 4 * nodeCount)
          : new Int32Array(buffer, 0, 4 * nodeCount)
        : problem.optionColors === null && nodeCount <= 16384
          ? new Uint16Array(4 * nodeCount)
          : new Int32Array(4 * nodeCount);
    const spacerOption = new Int32Array(nodeCount);
    // The item lists link header addresses (4 × item number), so TOP and the lists need no shifts.
    const ll: Links =
      buffer === undefined ? new Int32Array(4 * (n + 3)) : narrow ? new Uint16Array(buffer, llBase, 4 * (n + 3)) : new Int32Array(buffer, llBase, 4 * (n + 3));
    const rl = new Int32Array(4 * (n + 3));
    const rootB = 4 * (n + 1);
    if (problem.optionColors === null) {
      // Algorithm X: two lists of active primary items, the odd-numbered under root 0 and the even-numbered under
      // root 4(N + 1), each in item order, so that the search for the item with fewest options walks two chains
      // side by side (a chain of dependent loads is slow; two independent ones overlap).
      for (const [root, firstItem] of [
        [0, 1],
        [rootB, 2],
      ] as const) {
        let last = root;
        for (let i = firstItem; i <= n1; i += 2) {
          rl[last] = 4 * i;
          ll[4 * i] = last;
          last = 4 * i;
        }
        rl[last] = root;
        ll[root] = last;
      }
    } else {
      for (let i = 0; i <= n1; i++) {
        ll[4 * i] = 4 * (i === 0 ? n1 : i - 1);
        rl[4 * i] = 4 * (i === n1 ? 0 : i + 1);
      }
      ll[rootB] = rootB;
      rl[rootB] = rootB;
    }
    const head = 4 * (n + 2);
    ll[head] = n > n1 ? 4 * n : head;
    rl[head] = n > n1 ? 4 * (n1 + 1) : head;
    for (let i = n1 + 1; i <= n; i++) {
      ll[4 * i] = i === n1 + 1 ? head : 4 * (i - 1);
      rl[4 * i] = i === n ? head : 4 * (i + 1);
    }
    for (let i = 1; i <= n; i++) {
      m[4 * i + 1] = 4 * i;
      m[4 * i + 2] = 4 * i;
    }
    // Algorithm X keeps RLINK in the fourth field of the headers (the root's, and the first spacer's for the list of
    // secondary items): the scan for the item with fewest options reads one array. Colors need that field.
    if (problem.optionColors === null) for (let a = 0; a <= head; a += 4) m[a + 3] = rl[a]!;
    const firstNode = new Int32Array(optionCount);
    const { optionStart, optionItems, optionColors } = problem;
    let spacer = head;
    let node = n + 3;
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
        m[a + 3] = optionColors === null ? a + 4 : optionColors[e]!;
        m[u + 2] = a;
        m[h + 1] = a;
        m[h]!++;
        node++;
      }
      firstNode[o] = 4 * start;
      if (optionColors === null) m[4 * (node - 1) + 3] = 4 * start;
      m[spacer + 2] = 4 * (node - 1);
      spacer = 4 * node;
      m[spacer] = 0;
      // Every node of the option, and the spacer after it, knows the option: optionOf reads it without a walk.
      for (let x = start; x <= node; x++) spacerOption[x] = o;
      m[spacer + 1] = 4 * start;
      node++;
    }
    if (buffer !== undefined) {
      // The WASM search's links are byte addresses: every field × 4 but LEN (the first field of the roots and item
      // headers, nodes 0 .. N + 1), and the item lists (header addresses).
      for (let e = 0; e < m.length; e++) if ((e & 3) !== 0 || e >= 4 * (n + 2)) m[e]! <<= shift;
      for (let e = 0; e < ll.length; e++) ll[e]! <<= shift;
    }
    this.m = m;
    this.llink = ll;
    this.rlink = rl;
    this.firstNode = firstNode;
    this.spacerOption = spacerOption;
    this.xs = buffer !== undefined ? new Int32Array(buffer, xsBase, n1 + 1) : new Int32Array(n1 + 1);
    this.chosen = buffer !== undefined ? new Int32Array(buffer, chosenBase, n1 + 1) : new Int32Array(n1 + 1);
    if (search !== null && buffer !== undefined) {
      this.wasm = {
        search,
        rootB: rootB << shift,
        shift,
        llBase,
        xsBase,
        chosenBase,
        stateBase,
        f64: new Float64Array(buffer, stateBase, 3),
        i32: new Int32Array(buffer, stateBase + 24, 4),
      };
    }
    this.forcedFlag = new Uint8Array(optionCount);
    this.initial = { m: m.slice(), llink: ll.slice(), rlink: rl.slice() };
  }

  /** The option index of the node at address q. */
  optionOf(q: number): number {
    return this.spacerOption[q >> 2]!;
  }

  /** The option chosen at search level l (0 ≤ l < level). */
  optionAt(l: number): number {
    return this.optionOf(this.wasm !== null ? this.xs[l]! >> this.wasm.shift : this.xs[l]!);
  }

  /** The options forced so far, in order. */
  forcedOptions(): readonly number[] {
    return this.forced;
  }

  /** True when option o can still be part of a solution with the options forced so far. */
  isActive(o: number): boolean {
    if (this.forcedFlag[o] === 1) return false;
    const { m, llink, rlink } = this;
    if (this.wasm !== null) {
      // The same test on byte-address links (Algorithm X): the view is indexed by address >> shift.
      const shift = this.wasm.shift;
      for (let q = this.firstNode[o]!; m[q]! > 0; q += 4) {
        const i = m[q]!;
        if (m[(llink[i >> shift]! >> shift) + 3] !== i || m[(m[q + 1]! >> shift) + 2] !== q << shift) return false;
      }
      return true;
    }
    for (let q = this.firstNode[o]!; m[q]! > 0; q += 4) {
      if (this.colored && m[q + 3]! < 0) continue; // the item already has this option's color
      const i = m[q]!;
      if ((this.colored ? rlink[llink[i]!] : m[llink[i]! + 3]) !== i || m[m[q + 1]! + 2] !== q) return false;
      // A purified item keeps the options of other colors in its own list: they are still not compatible.
      if (this.colored && m[i + 3] !== 0) return false;
    }
    return true;
  }

  /**
   * Puts option o into every solution, before the search: covers its items as if it had been chosen. Returns false
   * (and changes nothing) when o conflicts with the options forced so far. Only between searches.
   */
  force(o: number): boolean {
    if (this.level !== 0 || this.mode !== ENTER) throw new Error('force() during a search');
    if (!this.isActive(o)) return false;
    const { m, llink, rlink } = this;
    const before = this.updates;
    // What was done to each node (1 covered, 2 purified) is recorded, because purifying a node still in its list
    // sets its own color to -1, so reset() cannot tell from the colors alone.
    for (let q = this.firstNode[o]!; m[q]! > 0; q += 4) {
      if (!this.colored) {
        // m[q] is the item's header address: a byte address for the WASM search, which covers it then.
        const w = this.wasm;
        this.updates += w !== null ? w.search.coverItem(m[q]!, w.llBase) : cover(m, llink, m[q]!);
        continue;
      }
      const c = m[q + 3]!;
      if (c === 0) {
        this.updates += coverC(m, llink, rlink, m[q]!);
        this.actions.push(4 * q + 1);
      } else if (c > 0) {
        this.updates += purify(m, q);
        this.actions.push(4 * q + 2);
      }
    }
    this.actionMarks.push(this.actions.length);
    this.forcedFlag[o] = 1;
    this.forced.push(o);
    this.forcedUpdates += this.updates - before;
    return true;
  }

  /** Undoes the current search (back to level 0) and every forced option, in reverse order. */
  reset(): void {
    const { m, llink, rlink } = this;
    // Undoing the forced options costs a few stores per link they updated; copying the initial links back costs
    // a fraction of a nanosecond per element (Sudoku: about 1,700 updates against 16,000 elements). The copy also
    // undoes the search, so it is then not unwound.
    if (this.forcedUpdates * 16 >= m.length) {
      this.level = 0;
      this.mode = ENTER;
      m.set(this.initial.m);
      llink.set(this.initial.llink);
      rlink.set(this.initial.rlink);
      for (const o of this.forced) this.forcedFlag[o] = 0;
      this.forced.length = 0;
      this.actions.length = 0;
    }
    this.forcedUpdates = 0;
    this.unwind();
    for (let f = this.forced.length - 1; f >= 0; f--) {
      const o = this.forced[f]!;
      if (this.colored) {
        const from = f === 0 ? 0 : this.actionMarks[f - 1]!;
        for (let k = this.actions.length - 1; k >= from; k--) {
          const action = this.actions[k]!;
          const q = action >> 2;
          if ((action & 3) === 1) uncoverC(m, llink, rlink, m[q]!);
          else unpurify(m, q);
        }
        this.actions.length = from;
      } else {
        let q = this.firstNode[o]!;
        while (m[q + 4]! > 0) q += 4;
        const w = this.wasm;
        for (; m[q]! > 0; q -= 4) {
          if (w !== null) w.search.uncoverItem(m[q]!, w.llBase);
          else uncover(m, llink, m[q]!);
        }
      }
      this.forcedFlag[o] = 0;
    }
    this.actionMarks.length = 0;
    this.forced.length = 0;
  }

  /** Undoes the search to level 0, keeping the forced options. */
  unwind(): void {
    // run() returns only in ENTER or BACK mode, with levels 0 .. level-1 committed.
    const w = this.wasm;
    if (w !== null) {
      w.search.unwind(this.level, w.llBase, w.xsBase, w.chosenBase); // the same loop on byte addresses
      this.level = 0;
      this.mode = ENTER;
      return;
    }
    const { m, llink, rlink, xs, chosen, colored } = this;
    for (let l = this.level - 1; l >= 0; l--) {
      const p = xs[l]!;
      for (let q = p - 4; q !== p; ) {
        const j = m[q]!;
        if (j <= 0) {
          q = m[q + 2]!;
        } else {
          if (!colored) {
            uncover(m, llink, j);
          } else {
            const c = m[q + 3]!;
            if (c === 0) uncoverC(m, llink, rlink, j);
            else if (c > 0) unpurify(m, q);
          }
          q -= 4;
        }
      }
      if (colored) uncoverC(m, llink, rlink, chosen[l]!);
      else uncover(m, llink, chosen[l]!);
    }
    this.level = 0;
    this.mode = ENTER;
  }

  /** Zeroes the statistics. */
  resetStats(): void {
    this.nodes = 0;
    this.updates = 0;
    this.maxLevel = 0;
  }

  /**
   * Runs the search until the next solution (FOUND: levels 0 .. level-1 hold it; call again to go on), the end of
   * the search (EXHAUSTED: back at level 0) or `onCheck` asking to stop (STOPPED: call `reset`/`unwind` afterwards).
   */
  run(): number {
    if (this.colored) return this.runC();
    return this.wasm !== null ? this.runWasm(this.wasm) : this.runX();
  }

  /** True when run() uses the WebAssembly search. */
  get usesWasm(): boolean {
    return this.wasm !== null;
  }

  /** Algorithm X in WebAssembly (wasm/engine.as.ts): the same search as runX, with the same checkAt protocol. */
  private runWasm(w: WasmState): number {
    const { f64, i32 } = w;
    let skip = 0;
    for (;;) {
      f64[0] = this.nodes;
      f64[1] = this.updates;
      f64[2] = Math.min(this.checkAt, this.nodes + WASM_CHUNK);
      i32[0] = this.level;
      i32[1] = this.mode;
      i32[2] = this.maxLevel;
      i32[3] = skip;
      const result = w.search.run(w.rootB, w.llBase, w.xsBase, w.chosenBase, w.stateBase);
      this.nodes = f64[0]!;
      this.updates = f64[1]!;
      this.level = i32[0]!;
      this.mode = i32[1]!;
      this.maxLevel = i32[2]!;
      if (result !== CHECK) return result;
      skip = 0;
      if (this.nodes >= this.checkAt) {
        if (this.onCheck !== null && this.onCheck()) return STOPPED;
        // As runX: after a check, the node is entered whatever the new checkAt.
        skip = 1;
      }
    }
  }

  /**
   * Algorithm X: no colors, in JavaScript: the fallback when the WebAssembly search (runWasm) is unavailable. Written
   * out by hand, cover and uncover were within 2% of these calls, so the calls stay.
   */
  private runX(): number {
    const { m, llink: ll, xs, chosen } = this;
    const rootB = 4 * (this.itemCount + 1);
    const narrow = m.BYTES_PER_ELEMENT === 2;
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
        let a = m[3]!;
        let b = m[rootB + 3]!;
        if (a === 0 && b === rootB) {
          this.saveState(level, BACK, nodes, updates, maxLevel);
          return FOUND;
        }
        // Minimum remaining values, as in the Lisp blog post on Dancing Links Sudoku: the first item (in item order)
        // with at most one option, else the first item with the fewest: what a scan of one list in item order picks when it stops at the first item
        // with LEN <= 1. The odd and the even items are two lists, walked side by side (see above), so candidates
        // compare by (LEN, address); with 16-bit links as one key LEN * 2^16 + address (< 2^30), with a
        // branch-free minimum.
        let i = 0;
        if (narrow) {
          let key = 0x7fffffff;
          while (a !== 0 && b !== rootB) {
            const ta = m[a]!;
            const tb = m[b]!;
            if (ta <= 1 || tb <= 1) break;
            let d = ((ta << 16) | a) - key;
            key += d & (d >> 31);
            d = ((tb << 16) | b) - key;
            key += d & (d >> 31);
            a = m[a + 3]!;
            b = m[b + 3]!;
          }
          // One chain may go on alone; an item with LEN <= 1 ends its chain, and the other chain's items after it.
          let first = b !== rootB && m[b]! <= 1 ? b : 0x7fffffff;
          for (; a !== 0 && a < first; a = m[a + 3]!) {
            const t = m[a]!;
            if (t <= 1) {
              first = a;
              break;
            }
            const d = ((t << 16) | a) - key;
            key += d & (d >> 31);
          }
          for (; b !== rootB && b < first; b = m[b + 3]!) {
            const t = m[b]!;
            if (t <= 1) {
              first = b;
              break;
            }
            const d = ((t << 16) | b) - key;
            key += d & (d >> 31);
          }
          i = first !== 0x7fffffff ? first : key & 0xffff;
        } else {
          let best = 0x7fffffff;
          while (a !== 0 && b !== rootB) {
            const ta = m[a]!;
            const tb = m[b]!;
            if (ta <= 1 || tb <= 1) break;
            if (ta < best || (ta === best && a < i)) {
              best = ta;
              i = a;
            }
            if (tb < best || (tb === best && b < i)) {
              best = tb;
              i = b;
            }
            a = m[a + 3]!;
            b = m[b + 3]!;
          }
          let first = b !== rootB && m[b]! <= 1 ? b : 0x7fffffff;
          for (; a !== 0 && a < first; a = m[a + 3]!) {
            const t = m[a]!;
            if (t <= 1) {
              first = a;
              break;
            }
            if (t < best || (t === best && a < i)) {
              best = t;
              i = a;
            }
          }
          for (; b !== rootB && b < first; b = m[b + 3]!) {
            const t = m[b]!;
            if (t <= 1) {
              first = b;
              break;
            }
            if (t < best || (t === best && b < i)) {
              best = t;
              i = b;
            }
          }
          if (first !== 0x7fffffff) i = first;
        }
        const best = m[i]!;
        if (best === 0) {
          mode = BACK;
          continue;
        }
        updates += cover(m, ll, i);
        chosen[level] = i;
        xs[level] = m[i + 2]!;
        mode = TRY;
      } else if (mode === TRY) {
        const p = xs[level]!;
        const c = chosen[level]!;
        if (p === c) {
          uncover(m, ll, c);
          mode = BACK;
          continue;
        }
        for (let x = m[p + 3]!; x !== p; x = m[x + 3]!) updates += cover(m, ll, m[x]!);
        level++;
        mode = ENTER;
      } else {
        if (level === 0) {
          this.saveState(0, ENTER, nodes, updates, maxLevel);
          return EXHAUSTED;
        }
        level--;
        const p = xs[level]!;
        for (let x = p - 4; x !== p; ) {
          const j = m[x]!;
          if (j <= 0) {
            x = m[x + 2]!;
          } else {
            uncover(m, ll, j);
            x -= 4;
          }
        }
        xs[level] = m[p + 2]!;
        mode = TRY;
      }
    }
  }

  /** Writes a search loop's local state back to the engine (at checks, solutions and the end of the search). */
  private saveState(level: number, mode: number, nodes: number, updates: number, maxLevel: number): void {
    this.level = level;
    this.mode = mode;
    this.nodes = nodes;
    this.updates = updates;
    this.maxLevel = maxLevel;
  }

  /** Algorithm C: colors on secondary items. */
  private runC(): number {
    const { llink: ll, rlink: rl, xs, chosen } = this;
    const m = this.m; // colored problems always get 32-bit links (colors can be -1)
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
        let i = rl[0]!;
        if (i === 0) {
          this.saveState(level, BACK, nodes, updates, maxLevel);
          return FOUND;
        }
        // Minimum remaining values, the first such item; as in that blog post, the scan stops at an item with <= 1 option.
        let best = m[i]!;
        if (best > 1) {
          for (let k = rl[i]!; k !== 0; k = rl[k]!) {
            const t = m[k]!;
            if (t < best) {
              best = t;
              i = k;
              if (t <= 1) break;
            }
          }
        }
        if (best === 0) {
          mode = BACK;
          continue;
        }
        updates += coverC(m, ll, rl, i);
        chosen[level] = i;
        xs[level] = m[i + 2]!;
        mode = TRY;
      } else if (mode === TRY) {
        const p = xs[level]!;
        if (p === chosen[level]!) {
          uncoverC(m, ll, rl, chosen[level]!);
          mode = BACK;
          continue;
        }
        for (let q = p + 4; q !== p; ) {
          const j = m[q]!;
          if (j <= 0) {
            q = m[q + 1]!;
          } else {
            const c = m[q + 3]!;
            if (c === 0) updates += coverC(m, ll, rl, j);
            else if (c > 0) updates += purify(m, q);
            q += 4;
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
        const p = xs[level]!;
        for (let q = p - 4; q !== p; ) {
          const j = m[q]!;
          if (j <= 0) {
            q = m[q + 2]!;
          } else {
            const c = m[q + 3]!;
            if (c === 0) uncoverC(m, ll, rl, j);
            else if (c > 0) unpurify(m, q);
            q -= 4;
          }
        }
        xs[level] = m[p + 2]!;
        mode = TRY;
      }
    }
  }
}
