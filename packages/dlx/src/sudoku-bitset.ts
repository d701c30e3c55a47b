// Sudoku by candidates and propagation. Each cell holds a bit set of the digits still possible there (n ≤ 25 bits in
// one 32-bit integer), and each unit (row, column, box) the number of its cells where each digit is still possible.
// Between branches the search places naked singles (a cell with one candidate left: that digit is removed from its
// 2(n-1) + (box-1)² peers) and hidden singles (a digit whose count in a unit falls to one), removes locked candidates
// (a digit that a box has only in one line, or a line only in one box), until nothing more is found; then it
// branches on a cell with the fewest candidates, or on the two places of a digit in a unit. One grid of candidates
// and counts per level of the search, copied on the way down and dropped on the way back, so nothing is undone.
// Used for 4×4 and 16×16 grids (9×9 grids go by bands, sudoku-bands.ts; 25×25 grids by clause learning,
// sudoku-learning.ts, as a wrong early branch there leaves a subtree that singles and locked candidates cannot refute
// in millions of nodes). Statistics: `nodes` counts the search-tree nodes (the clues' propagation is the first),
// `updates` the candidates removed. The run/checkAt/onCheck protocol is the dancing-links engine's (see engine.ts),
// so the same budget checks (checks.ts) drive both.

/** What `run` stopped on (the engine's values). @internal */
export const SOLVED = 1;
/** @internal */
export const DONE = 0;
/** @internal */
export const PAUSED = -1;

const ENTER = 0;
const NEXT = 1;
const BACK = 2;
/** A unit's count for a digit placed there: never reaches 1 or 0 again, whatever is removed later. */
const PLACED = 128;

/** Bits set in a mask of at most 32 bits. */
function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The cells of the 3n units (rows, columns, boxes), each cell's units, and each cell's peers, for box side `box`. */
function tablesOf(box: number): { units: Int16Array; cellUnits: Int16Array; peers: Int16Array; peerCount: number } {
  const n = box * box;
  const units = new Int16Array(3 * n * n);
  const cellUnits = new Int16Array(3 * n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      units[i * n + j] = i * n + j; // row i
      units[(n + i) * n + j] = j * n + i; // column i
      const r = Math.floor(i / box) * box + Math.floor(j / box);
      const c = (i % box) * box + (j % box);
      units[(2 * n + i) * n + j] = r * n + c; // box i
      cellUnits[3 * (i * n + j)] = i;
      cellUnits[3 * (i * n + j) + 1] = n + j;
      cellUnits[3 * (i * n + j) + 2] = 2 * n + Math.floor(i / box) * box + Math.floor(j / box);
    }
  }
  const peerCount = 2 * (n - 1) + (box - 1) * (box - 1);
  const peers = new Int16Array(n * n * peerCount);
  for (let k = 0; k < n * n; k++) {
    let p = k * peerCount;
    for (let q = 0; q < n * n; q++) {
      if (q === k) continue;
      const shared = (t: number) => cellUnits[3 * q + t] === cellUnits[3 * k + t];
      if (shared(0) || shared(1) || shared(2)) peers[p++] = q;
    }
  }
  // Premultiplied (unit * n): where a cell's units' counts start.
  for (let t = 0; t < cellUnits.length; t++) cellUnits[t] = cellUnits[t]! * n;
  return { units, cellUnits, peers, peerCount };
}

/** Which propagation a search uses beyond naked and hidden singles. @internal */
export interface Propagation {
  /** Remove locked candidates (pointing and claiming). */
  readonly locked: boolean;
  /** Branch on a digit's two places in a unit when no cell has two candidates. */
  readonly digitBranches: boolean;
}

/** The default: all of it. */
const ALL: Propagation = { locked: true, digitBranches: true };

/**
 * The search of one grid size by candidates and propagation: `load` a puzzle, then `run` until DONE, stopping at each
 * solution (SOLVED; `writeSolution` reads it) and when `onCheck` asks (PAUSED; `run` again goes on). @internal
 */
export class PropagationSearch {
  readonly size: number;
  readonly cellCount: number;
  readonly propagation: Propagation;
  /** Search-tree nodes entered and candidates removed since `load`. */
  nodes = 0;
  updates = 0;
  /** Branches on the current path. */
  level = 0;
  /** When `nodes` reaches this, `run` calls `onCheck` before entering the next node; true stops the search. */
  checkAt = Infinity;
  onCheck: (() => boolean) | null = null;
  readonly #box: number;
  readonly #full: number;
  readonly #units: Int16Array;
  readonly #cellUnits: Int16Array;
  readonly #peers: Int16Array;
  readonly #peerCount: number;
  /** Candidates: the grid of level l at l * cellCount. */
  readonly #grids: Int32Array;
  /** Per level at l * 3n², per unit u and digit d at u * n + d: the cells of u where d is possible (PLACED once placed). */
  readonly #counts: Uint8Array;
  readonly #countSize: number;
  /** Cells whose single candidate is still to be removed from their peers. */
  readonly #queue: Int32Array;
  /** Units and digits (u * n + d) whose count fell to one. */
  readonly #hidden: Int32Array;
  /** Placements to make when a node is entered (the clues; the branch's choice): cells and digit bits. */
  readonly #placeCell: Int32Array;
  readonly #placeBit: Int32Array;
  #placing = 0;
  /** Per level: the cell branched on (or -1 - the unit whose digit's places are branched on), and what is untried. */
  readonly #branchCell: Int32Array;
  readonly #branchRest: Int32Array;
  readonly #branchDigit: Int32Array;
  /** Set by #choose when it branches on a digit's places in a unit. */
  #digitUnit = -1;
  #digit = 0;
  #places = 0;
  /** Per line and box along it (locked candidates): the union of their common cells' candidates. */
  readonly #segments: Int32Array;
  #mode = ENTER;

  constructor(box: number, propagation: Propagation = ALL) {
    const n = box * box;
    this.#box = box;
    this.size = n;
    this.cellCount = n * n;
    this.propagation = propagation;
    this.#full = (1 << n) - 1;
    const { units, cellUnits, peers, peerCount } = tablesOf(box);
    this.#units = units;
    this.#cellUnits = cellUnits;
    this.#peers = peers;
    this.#peerCount = peerCount;
    // Each level places at least one cell, so there are at most cellCount + 1 levels.
    const levels = this.cellCount + 1;
    this.#grids = new Int32Array(levels * this.cellCount);
    this.#countSize = 3 * n * n;
    this.#counts = new Uint8Array(levels * this.#countSize);
    this.#queue = new Int32Array(this.cellCount);
    this.#hidden = new Int32Array(this.#countSize);
    this.#placeCell = new Int32Array(this.cellCount);
    this.#placeBit = new Int32Array(this.cellCount);
    this.#branchCell = new Int32Array(levels);
    this.#branchRest = new Int32Array(levels);
    this.#branchDigit = new Int32Array(levels);
    this.#segments = new Int32Array(n * box);
  }

  /** Starts a search of a grid (cells row-major, 0 blank or 1..n, already checked); resets the statistics. */
  load(cells: ArrayLike<number>): void {
    this.#grids.fill(this.#full, 0, this.cellCount);
    this.#counts.fill(this.size, 0, this.#countSize);
    let placing = 0;
    for (let k = 0; k < this.cellCount; k++) {
      const v = cells[k]!;
      if (v === 0) continue;
      this.#placeCell[placing] = k;
      this.#placeBit[placing++] = 1 << (v - 1);
    }
    this.#placing = placing;
    this.nodes = 0;
    this.updates = 0;
    this.level = 0;
    this.#mode = ENTER;
  }

  /** Writes the solution just found (after SOLVED) as digits 1..n into out. */
  writeSolution(out: Uint8Array): void {
    const base = this.level * this.cellCount;
    const g = this.#grids;
    for (let k = 0; k < this.cellCount; k++) out[k] = 32 - Math.clz32(g[base + k]!);
  }

  /** Searches until the next solution (SOLVED), the end (DONE) or `onCheck` asking to stop (PAUSED). */
  run(): number {
    const g = this.#grids;
    const counts = this.#counts;
    const count = this.cellCount;
    const countSize = this.#countSize;
    const branchCell = this.#branchCell;
    const branchRest = this.#branchRest;
    let level = this.level;
    let mode = this.#mode;
    for (;;) {
      if (mode === ENTER) {
        if (this.nodes >= this.checkAt) {
          this.level = level;
          this.#mode = ENTER;
          if (this.onCheck !== null && this.onCheck()) return PAUSED;
        }
        this.nodes++;
        const cell = this.#propagate(level);
        if (cell === count) {
          // The solved grid stays at this level for writeSolution; the next run goes back from it.
          this.level = level;
          this.#mode = BACK;
          return SOLVED;
        }
        if (cell === -1) {
          level--;
        } else if (this.#digitUnit >= 0) {
          branchCell[level] = -1 - this.#digitUnit;
          branchRest[level] = this.#places;
          this.#branchDigit[level] = this.#digit;
        } else {
          branchCell[level] = cell;
          branchRest[level] = g[level * count + cell]!;
        }
        mode = NEXT;
      } else if (mode === BACK) {
        mode = NEXT;
        level--;
      }
      // NEXT: the next choice of the branch at `level` (level -1: the search is over).
      if (level < 0) {
        this.level = 0;
        this.#mode = ENTER;
        this.#placing = 0;
        return DONE;
      }
      const rest = branchRest[level]!;
      if (rest === 0) {
        level--;
        continue;
      }
      const low = rest & -rest;
      let cell = branchCell[level]!;
      let bit = low;
      if (cell < 0) {
        // A digit's places in a unit: the next place gets the digit.
        cell = this.#units[(-1 - cell) * this.size + 31 - Math.clz32(low)]!;
        bit = this.#branchDigit[level]!;
      }
      if (rest === low) {
        // The last choice: the parent grid is not needed again, so the child takes its place.
        branchRest[level] = 0;
      } else {
        branchRest[level] = rest ^ low;
        const from = level * count;
        g.copyWithin(from + count, from, from + count);
        counts.copyWithin((level + 1) * countSize, level * countSize, (level + 1) * countSize);
        level++;
      }
      this.#placeCell[0] = cell;
      this.#placeBit[0] = bit;
      this.#placing = 1;
      mode = ENTER;
    }
  }

  /** Propagates the placements due at `level`; returns -1 on a contradiction, cellCount when solved, else a branch. */
  #propagate(level: number): number {
    const base = level * this.cellCount;
    const countBase = level * this.#countSize;
    if (!this.#settle(base, countBase)) return -1;
    return this.#choose(base, countBase);
  }

  /**
   * Removes `bits` from cell k's candidates `m` in the grid at `base` (counts at `countBase`), queueing hidden
   * singles from `hiddenTail`; returns the new tail, or -1 when a digit has no place left in a unit.
   */
  #removeFrom(k: number, m: number, bits: number, base: number, countBase: number, hiddenTail: number): number {
    const counts = this.#counts;
    const cellUnits = this.#cellUnits;
    this.#grids[base + k] = m & ~bits;
    const u0 = cellUnits[3 * k]!;
    const u1 = cellUnits[3 * k + 1]!;
    const u2 = cellUnits[3 * k + 2]!;
    for (let rest = bits; rest !== 0; rest &= rest - 1) {
      this.updates++;
      const d = 31 - Math.clz32(rest & -rest);
      let c = --counts[countBase + u0 + d]!;
      if (c === 1) this.#hidden[hiddenTail++] = u0 + d;
      else if (c === 0) return -1;
      c = --counts[countBase + u1 + d]!;
      if (c === 1) this.#hidden[hiddenTail++] = u1 + d;
      else if (c === 0) return -1;
      c = --counts[countBase + u2 + d]!;
      if (c === 1) this.#hidden[hiddenTail++] = u2 + d;
      else if (c === 0) return -1;
    }
    return hiddenTail;
  }

  /** Makes the placements due, then naked and hidden singles and locked candidates until none is left; false on a contradiction. */
  #settle(base: number, countBase: number): boolean {
    const g = this.#grids;
    const counts = this.#counts;
    const queue = this.#queue;
    const hidden = this.#hidden;
    const peers = this.#peers;
    const peerCount = this.#peerCount;
    const cellUnits = this.#cellUnits;
    const units = this.#units;
    const n = this.size;
    let head = 0;
    let tail = 0;
    let hiddenHead = 0;
    let hiddenTail = 0;
    const placing = this.#placing;
    this.#placing = 0;
    for (let i = 0; i < placing; i++) {
      const k = this.#placeCell[i]!;
      const bit = this.#placeBit[i]!;
      const m = g[base + k]!;
      if ((m & bit) === 0) return false;
      if (m !== bit) {
        hiddenTail = this.#removeFrom(k, m, m ^ bit, base, countBase, hiddenTail);
        if (hiddenTail < 0) return false;
        queue[tail++] = k;
      } else if (counts[countBase + cellUnits[3 * k]! + 31 - Math.clz32(bit)] !== PLACED) {
        queue[tail++] = k;
      }
    }
    let updates = this.updates;
    for (;;) {
      // Naked singles: a placed digit goes from the peers.
      while (head < tail) {
        const k = queue[head++]!;
        const bit = g[base + k]!;
        const d = 31 - Math.clz32(bit);
        const cb = countBase + d;
        counts[cb + cellUnits[3 * k]!] = PLACED;
        counts[cb + cellUnits[3 * k + 1]!] = PLACED;
        counts[cb + cellUnits[3 * k + 2]!] = PLACED;
        for (let j = k * peerCount, end = j + peerCount; j < end; j++) {
          const q = peers[j]!;
          const m = g[base + q]!;
          if ((m & bit) === 0) continue;
          const rest = m ^ bit;
          if (rest === 0) {
            this.updates = updates;
            return false;
          }
          g[base + q] = rest;
          updates++;
          const s0 = cellUnits[3 * q]! + d;
          const s1 = cellUnits[3 * q + 1]! + d;
          const s2 = cellUnits[3 * q + 2]! + d;
          const c0 = --counts[countBase + s0]!;
          const c1 = --counts[countBase + s1]!;
          const c2 = --counts[countBase + s2]!;
          if (c0 <= 1 || c1 <= 1 || c2 <= 1) {
            if (c0 === 0 || c1 === 0 || c2 === 0) {
              this.updates = updates;
              return false;
            }
            if (c0 === 1) hidden[hiddenTail++] = s0;
            if (c1 === 1) hidden[hiddenTail++] = s1;
            if (c2 === 1) hidden[hiddenTail++] = s2;
          }
          if ((rest & (rest - 1)) === 0) queue[tail++] = q;
        }
      }
      // Hidden singles: a digit with one place left in a unit goes there.
      if (hiddenHead < hiddenTail) {
        const slot = hidden[hiddenHead++]!;
        if (counts[countBase + slot] !== 1) continue; // placed meanwhile
        const u = (slot / n) | 0;
        const bit = 1 << (slot - u * n);
        let k = -1;
        for (let j = u * n; j < u * n + n; j++) {
          if ((g[base + units[j]!]! & bit) !== 0) {
            k = units[j]!;
            break;
          }
        }
        const m = g[base + k]!;
        if (m === bit) continue; // a naked single already queued
        this.updates = updates;
        hiddenTail = this.#removeFrom(k, m, m ^ bit, base, countBase, hiddenTail);
        updates = this.updates;
        if (hiddenTail < 0) return false;
        queue[tail++] = k;
        continue;
      }
      if (!this.propagation.locked) break;
      this.updates = updates;
      const after = this.#lockedCandidates(base, countBase, tail, hiddenTail);
      updates = this.updates;
      if (after < 0) return false;
      if (updates === this.#beforeLocked) break;
      tail = after & 0xffff;
      hiddenTail = after >>> 16;
    }
    this.updates = updates;
    return true;
  }

  #beforeLocked = 0;

  /**
   * One pass of locked candidates over the grid at `base`: for each row and each column, and each box it crosses, a
   * digit that the box has only in that line goes from the rest of the line (pointing), and a digit that the line has
   * only in that box goes from the rest of the box (claiming). New naked singles are queued from `tail`, hidden ones
   * from `hiddenTail`; returns both new tails (hidden << 16 | naked), or -1 on a contradiction.
   */
  #lockedCandidates(base: number, countBase: number, tail: number, hiddenTail: number): number {
    const g = this.#grids;
    const queue = this.#queue;
    const seg = this.#segments;
    const n = this.size;
    const box = this.#box;
    this.#beforeLocked = this.updates;
    for (let dir = 0; dir < 2; dir++) {
      // Cell t of segment (line, j): row line, column j*box+t (rows), or row j*box+t, column line (columns).
      const along = dir === 0 ? 1 : n;
      const across = dir === 0 ? n : 1;
      for (let line = 0; line < n; line++) {
        for (let j = 0; j < box; j++) {
          let m = 0;
          const first = base + line * across + j * box * along;
          for (let t = 0; t < box; t++) m |= g[first + t * along]!;
          seg[line * box + j] = m;
        }
      }
      for (let line = 0; line < n; line++) {
        const band = line - (line % box);
        for (let j = 0; j < box; j++) {
          const s = seg[line * box + j]!;
          let rest = 0;
          for (let jj = 0; jj < box; jj++) if (jj !== j) rest |= seg[line * box + jj]!;
          let boxRest = 0;
          for (let l = band; l < band + box; l++) if (l !== line) boxRest |= seg[l * box + j]!;
          // Pointing: the box has these digits only in this line; claiming: the line has them only in this box.
          const pointing = s & ~boxRest & rest;
          const claiming = s & ~rest & boxRest;
          if (pointing === 0 && claiming === 0) continue;
          for (let other = 0; other < box; other++) {
            if (pointing !== 0 && other !== j) {
              for (let t = 0; t < box; t++) {
                const k = line * across + (other * box + t) * along;
                const m = g[base + k]!;
                if ((m & pointing) === 0) continue;
                if ((m & ~pointing) === 0) return -1;
                hiddenTail = this.#removeFrom(k, m, m & pointing, base, countBase, hiddenTail);
                if (hiddenTail < 0) return -1;
                const left = m & ~pointing;
                if ((left & (left - 1)) === 0) queue[tail++] = k;
              }
              seg[line * box + other] = seg[line * box + other]! & ~pointing;
            }
            const l = band + other;
            if (claiming !== 0 && l !== line) {
              for (let t = 0; t < box; t++) {
                const k = l * across + (j * box + t) * along;
                const m = g[base + k]!;
                if ((m & claiming) === 0) continue;
                if ((m & ~claiming) === 0) return -1;
                hiddenTail = this.#removeFrom(k, m, m & claiming, base, countBase, hiddenTail);
                if (hiddenTail < 0) return -1;
                const left = m & ~claiming;
                if ((left & (left - 1)) === 0) queue[tail++] = k;
              }
              seg[l * box + j] = seg[l * box + j]! & ~claiming;
            }
          }
        }
      }
    }
    return (hiddenTail << 16) | tail;
  }

  /** A blank cell with the fewest candidates, or a digit's two places in a unit, to branch on; cellCount when solved. */
  #choose(base: number, countBase: number): number {
    const g = this.#grids;
    let best = this.cellCount;
    let fewest = 33;
    for (let k = 0, count = this.cellCount; k < count; k++) {
      const m = g[base + k]!;
      if ((m & (m - 1)) === 0) continue;
      const c = bitCount(m);
      if (c < fewest) {
        fewest = c;
        best = k;
        if (c === 2) break;
      }
    }
    this.#digitUnit = -1;
    if (fewest > 2 && best < this.cellCount && this.propagation.digitBranches) {
      // No cell with two candidates: a digit with two places in a unit, if there is one, branches two ways too.
      const counts = this.#counts;
      const n = this.size;
      for (let slot = 0; slot < this.#countSize; slot++) {
        if (counts[countBase + slot] !== 2) continue;
        const u = (slot / n) | 0;
        const digit = 1 << (slot - u * n);
        let places = 0;
        for (let j = 0; j < n; j++) if ((g[base + this.#units[u * n + j]!]! & digit) !== 0) places |= 1 << j;
        this.#digitUnit = u;
        this.#digit = digit;
        this.#places = places;
        break;
      }
    }
    return best;
  }
}
