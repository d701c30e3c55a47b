// Sudoku by clause learning, as SAT solvers search (CDCL: conflict-driven clause learning). One variable per cell and
// digit, "digit d in cell k"; the rules are "each cell holds a digit" and "each unit (row, column, box) holds each
// digit", clauses of n literals that each count their literals not yet false (one left holds: naked and hidden
// singles), and "no two of a cell's digits, no digit twice in a unit", never stored: a digit placed removes itself
// from the cell's other digits and from its peers at once. Each dead end is analysed back to its first unique
// implication point, and the clause learnt (shortened by the reasons of its literals) keeps the search from the same
// dead end in every other branch: that is what proves the hardest published 25×25 puzzles unique, whose refutations
// a search without memory repeats millions of times. Learnt clauses are watched two literals at a time, each watch
// with a blocker (a literal of the clause that, true, spares a visit), as MiniSat does. Decisions by activity (VSIDS:
// the variables of recent conflicts first), placing the digit; restarts on the Luby sequence; learnt clauses with
// more than two decision levels (LBD) are halved when they pile up. Counting: each solution found is blocked by a
// clause of its decisions (no other solution satisfies them all), which undoes the last decision and goes on, until
// none is left or the limit is reached. Statistics: `nodes` counts the decisions (the clues' propagation is the first
// node), `updates` the assignments propagated. The run/checkAt/onCheck protocol is the dancing-links engine's (see
// engine.ts), so the same budget checks drive it.
import { DONE, PAUSED, SOLVED } from './sudoku-bitset.js';

/** No reason: a decision, or a literal set at the top (clues). */
const NONE = -1;
/** The clause arena: per clause a header [size, LBD], then its literals (the watched two first). */
const HEADER = 2;
/** Conflicts between restarts: this many times the Luby sequence. */
const RESTART_UNIT = 64;
/** Learnt clauses kept before the first reduction, and the growth after each. */
const REDUCE_FIRST = 4000;
const REDUCE_STEP = 1000;

/** The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... at index i (0-based). */
function luby(i: number): number {
  let size = 1;
  let seq = 0;
  while (size < i + 1) {
    seq++;
    size = 2 * size + 1;
  }
  let x = i;
  while (size - 1 !== x) {
    size = (size - 1) >> 1;
    seq--;
    x %= size;
  }
  return 2 ** seq;
}

/** What every search of one grid size shares (built once per size). */
interface Tables {
  /** Per variable v = cell * n + digit, at v * excludeCount: the variables that v true makes false. */
  readonly exclude: Int32Array;
  readonly excludeCount: number;
  /** Per variable, at 4v: the offsets of the four rules' clauses it is in. */
  readonly rulesOf: Int32Array;
  /** The rules' clauses as the arena holds them: each cell holds a digit, each unit each digit. */
  readonly rules: Int32Array;
}

const tablesBySize = new Map<number, Tables>();

function tablesOf(box: number): Tables {
  const known = tablesBySize.get(box);
  if (known !== undefined) return known;
  const n = box * box;
  const cells = n * n;
  const vars = cells * n;
  // A digit placed leaves its cell's n - 1 other digits and its peers: the rest of its row and column, and the
  // (box - 1)² cells of its box in neither.
  const excludeCount = n - 1 + 2 * (n - 1) + (box - 1) * (box - 1);
  const exclude = new Int32Array(vars * excludeCount);
  const peers = new Int32Array(excludeCount - (n - 1));
  for (let k = 0; k < cells; k++) {
    const r = (k / n) | 0;
    const c = k - r * n;
    const r0 = r - (r % box);
    const c0 = c - (c % box);
    // The peers in the order of cells.
    let count = 0;
    for (let j = 0; j < n; j++) if (j !== c) peers[count++] = r * n + j;
    for (let i = 0; i < n; i++) if (i !== r) peers[count++] = i * n + c;
    for (let i = r0; i < r0 + box; i++) {
      if (i === r) continue;
      for (let j = c0; j < c0 + box; j++) if (j !== c) peers[count++] = i * n + j;
    }
    peers.sort();
    for (let d = 0; d < n; d++) {
      let p = (k * n + d) * excludeCount;
      for (let e = 0; e < n; e++) if (e !== d) exclude[p++] = k * n + e;
      for (let i = 0; i < count; i++) exclude[p++] = peers[i]! * n + d;
    }
  }
  const stride = n + HEADER;
  const rules = new Int32Array(4 * cells * stride);
  const rulesOf = new Int32Array(4 * vars);
  const ruleCount = new Uint8Array(vars);
  let at = 0;
  /** Appends the clause of the n variables v(j), j = 0..n-1. */
  const rule = (v: (j: number) => number) => {
    rules[at] = n;
    for (let j = 0; j < n; j++) {
      const x = v(j);
      rules[at + HEADER + j] = 2 * x;
      rulesOf[4 * x + ruleCount[x]!++] = at;
    }
    at += stride;
  };
  for (let k = 0; k < cells; k++) rule((d) => k * n + d);
  for (let i = 0; i < n; i++) {
    for (let d = 0; d < n; d++) rule((j) => (i * n + j) * n + d);
    for (let d = 0; d < n; d++) rule((j) => (j * n + i) * n + d);
    for (let d = 0; d < n; d++) rule((j) => ((Math.floor(i / box) * box + Math.floor(j / box)) * n + (i % box) * box + (j % box)) * n + d);
  }
  const tables = { exclude, excludeCount, rulesOf, rules };
  tablesBySize.set(box, tables);
  return tables;
}

/**
 * The search of one grid size by clause learning: `load` a puzzle, then `run` until DONE, stopping at each solution
 * (SOLVED; `writeSolution` reads it) and when `onCheck` asks (PAUSED; `run` again goes on). @internal
 */
export class LearningSearch {
  readonly size: number;
  readonly cellCount: number;
  /** Decisions made (plus one for the clues' propagation) and assignments propagated since `load`. */
  nodes = 0;
  updates = 0;
  /** The current decision level. */
  level = 0;
  /** When `nodes` reaches this, `run` calls `onCheck` before the next decision; true stops the search. */
  checkAt = Infinity;
  onCheck: (() => boolean) | null = null;
  /** Conflicts met since `load`. */
  conflicts = 0;

  readonly #vars: number;
  /** Per variable v = cell * n + digit: the variables that v true makes false (its cell's other digits, its peers' same). */
  readonly #exclude: Int32Array;
  readonly #excludeCount: number;
  /** Per variable: 1 true, -1 false, 0 open; its decision level; its reason (a clause, -2 - v for "v is true", NONE). */
  readonly #value: Int8Array;
  readonly #levelOf: Int32Array;
  readonly #reason: Int32Array;
  /** Assigned literals in order (2v for v true, 2v + 1 for v false), and where each decision level starts. */
  readonly #trail: Int32Array;
  #trailSize = 0;
  #head = 0;
  readonly #levelStart: Int32Array;
  /** Clauses: the arena, its used length, where the learnt ones begin, and the learnt clauses' offsets. */
  #arena: Int32Array;
  #arenaSize = 0;
  #originalSize = 0;
  #learnt: number[] = [];
  /** Per variable: the offsets of the four rules' clauses it is in; per rules' clause (offset / (n + HEADER)): its literals not false. */
  readonly #rulesOf: Int32Array;
  readonly #open: Int32Array;
  readonly #ruleStride: number;
  /** Per learnt literal: the learnt clauses that watch it (visited when it becomes false). */
  readonly #watches: number[][];
  /** VSIDS: activities, the heap of open variables by activity, each variable's place in it (-1 when out). */
  readonly #activity: Float64Array;
  #bump = 1;
  readonly #heap: Int32Array;
  #heapSize = 0;
  readonly #heapIndex: Int32Array;
  /** Conflict analysis: marks per variable, per level; the clause learnt. */
  readonly #seen: Uint8Array;
  readonly #levelSeen: Int32Array;
  #stamp = 0;
  #learnt_: number[] = [];
  /** Restarts and reductions. */
  #restarts = 0;
  #conflictsToRestart = 0;
  #nextReduce = REDUCE_FIRST;
  /** The solution last found is to be blocked before going on; the search is over. */
  #found = false;
  #over = false;
  /** True when the clues (or a learnt unit) contradict the rules. */
  #contradiction = false;

  constructor(box: number) {
    const n = box * box;
    this.size = n;
    const cells = n * n;
    this.cellCount = cells;
    const vars = cells * n;
    this.#vars = vars;
    const tables = tablesOf(box);
    this.#excludeCount = tables.excludeCount;
    this.#exclude = tables.exclude;
    this.#rulesOf = tables.rulesOf;
    this.#ruleStride = n + HEADER;
    this.#value = new Int8Array(vars);
    this.#levelOf = new Int32Array(vars);
    this.#reason = new Int32Array(vars);
    this.#trail = new Int32Array(vars);
    this.#levelStart = new Int32Array(vars + 1);
    this.#watches = Array.from({ length: 2 * vars }, () => [] as number[]);
    this.#activity = new Float64Array(vars);
    this.#heap = new Int32Array(vars);
    this.#heapIndex = new Int32Array(vars).fill(-1);
    this.#seen = new Uint8Array(vars);
    this.#levelSeen = new Int32Array(vars + 1);
    // The rules' clauses first in the arena (never watched: each keeps a count of its literals not false), then the learnt ones.
    this.#arena = new Int32Array(4 * tables.rules.length);
    this.#arena.set(tables.rules);
    this.#arenaSize = tables.rules.length;
    this.#originalSize = tables.rules.length;
    this.#open = new Int32Array(4 * cells);
  }

  /** Appends a clause to the arena (not watched); returns its offset. */
  #store(lits: ArrayLike<number>, lbd: number): number {
    const size = lits.length;
    if (this.#arenaSize + HEADER + size > this.#arena.length) {
      const grown = new Int32Array(Math.max(2 * this.#arena.length, this.#arenaSize + HEADER + size));
      grown.set(this.#arena.subarray(0, this.#arenaSize));
      this.#arena = grown;
    }
    const at = this.#arenaSize;
    this.#arena[at] = size;
    this.#arena[at + 1] = lbd;
    for (let i = 0; i < size; i++) this.#arena[at + HEADER + i] = lits[i]!;
    this.#arenaSize = at + HEADER + size;
    return at;
  }

  /** Watches a clause's first two literals, each with the other as its blocker (a true blocker: nothing to do). */
  #watch(at: number): void {
    const a = this.#arena[at + HEADER]!;
    const b = this.#arena[at + HEADER + 1]!;
    this.#watches[a ^ 1]!.push(at, b);
    this.#watches[b ^ 1]!.push(at, a);
  }

  /** Starts a search of a grid (cells row-major, 0 blank or 1..n, already checked); resets the statistics. */
  load(cells: ArrayLike<number>): void {
    const vars = this.#vars;
    this.#value.fill(0);
    this.#reason.fill(NONE);
    this.#levelOf.fill(0);
    this.#activity.fill(0);
    this.#bump = 1;
    for (const list of this.#watches) list.length = 0;
    this.#arenaSize = this.#originalSize;
    this.#learnt = [];
    this.#open.fill(this.size);
    this.#trailSize = 0;
    this.#head = 0;
    this.level = 0;
    this.nodes = 1;
    this.updates = 0;
    this.conflicts = 0;
    this.#restarts = 0;
    this.#conflictsToRestart = RESTART_UNIT * luby(0);
    this.#nextReduce = REDUCE_FIRST;
    this.#found = false;
    this.#over = false;
    this.#contradiction = false;
    // Every variable in the heap; with equal activities, in order of cells.
    this.#heapSize = 0;
    for (let v = 0; v < vars; v++) {
      this.#heap[v] = v;
      this.#heapIndex[v] = v;
    }
    this.#heapSize = vars;
    for (let k = 0; k < this.cellCount; k++) {
      const v = cells[k]!;
      if (v === 0) continue;
      const lit = 2 * (k * this.size + v - 1);
      const now = this.#litValue(lit);
      if (now < 0) {
        this.#contradiction = true;
        break;
      }
      if (now === 0) this.#assign(lit, NONE);
      if (this.#propagate() !== -1) {
        this.#contradiction = true;
        break;
      }
    }
  }

  /** Writes the solution just found (after SOLVED) as digits 1..n into out. */
  writeSolution(out: Uint8Array): void {
    const n = this.size;
    for (let k = 0; k < this.cellCount; k++) {
      let d = 0;
      while (this.#value[k * n + d] !== 1) d++;
      out[k] = d + 1;
    }
  }

  /** 1 when literal `lit` is true, -1 false, 0 open. */
  #litValue(lit: number): number {
    const v = this.#value[lit >> 1]!;
    return (lit & 1) === 0 ? v : -v;
  }

  #assign(lit: number, reason: number): void {
    const v = lit >> 1;
    this.#value[v] = (lit & 1) === 0 ? 1 : -1;
    this.#levelOf[v] = this.level;
    this.#reason[v] = reason;
    this.#trail[this.#trailSize++] = lit;
  }

  /**
   * Unit propagation of the trail from its head: returns -1, or the conflict (a clause offset, or -2 - vars * (v + 1) - w
   * for two variables v and w both true, which the rules forbid).
   */
  #propagate(): number {
    const value = this.#value;
    const trail = this.#trail;
    const arena = this.#arena;
    const exclude = this.#exclude;
    const excludeCount = this.#excludeCount;
    const levelOf = this.#levelOf;
    const reasonOf = this.#reason;
    const open = this.#open;
    const rulesOf = this.#rulesOf;
    const stride = this.#ruleStride;
    const level = this.level;
    let updates = this.updates;
    let trailSize = this.#trailSize;
    let conflict = -1;
    while (this.#head < trailSize) {
      const p = trail[this.#head++]!;
      const v = p >> 1;
      updates++;
      if ((p & 1) === 0) {
        // v true: the other digits of its cell and the same digit in its peers are false.
        for (let j = v * excludeCount, end = j + excludeCount; j < end; j++) {
          const w = exclude[j]!;
          const x = value[w]!;
          if (x === 0) {
            value[w] = -1;
            levelOf[w] = level;
            reasonOf[w] = -2 - v;
            trail[trailSize++] = 2 * w + 1;
          } else if (x === 1) {
            conflict = -2 - this.#vars * (v + 1) - w;
            break;
          }
        }
        if (conflict !== -1) break;
      } else {
        // v false: one literal fewer in each of its rules' clauses; one left must hold, none is a conflict.
        const r = 4 * v;
        const left0 = --open[rulesOf[r]! / stride]!;
        const left1 = --open[rulesOf[r + 1]! / stride]!;
        const left2 = --open[rulesOf[r + 2]! / stride]!;
        const left3 = --open[rulesOf[r + 3]! / stride]!;
        if (left0 <= 1 || left1 <= 1 || left2 <= 1 || left3 <= 1) {
          for (let t = 0; t < 4; t++) {
            const at = rulesOf[r + t]!;
            const left = t === 0 ? left0 : t === 1 ? left1 : t === 2 ? left2 : left3;
            if (left > 1) continue;
            if (left === 0) {
              conflict = at;
              break;
            }
            // The one literal not false: nothing to do when it is true already.
            let lit = -1;
            for (let i = at + HEADER, end = i + arena[at]!; i < end; i++) {
              const x = value[arena[i]! >> 1]!;
              if (x === 1) break;
              if (x === 0) {
                lit = arena[i]!;
                break;
              }
            }
            if (lit < 0) continue;
            const w = lit >> 1;
            value[w] = 1;
            levelOf[w] = level;
            reasonOf[w] = at;
            trail[trailSize++] = lit;
          }
          if (conflict !== -1) break;
        }
      }
      // The learnt clauses watching the literal that became false.
      const falseLit = p ^ 1;
      const list = this.#watches[p]!;
      if (list.length === 0) continue;
      let i = 0;
      let j = 0;
      const length = list.length;
      while (i < length) {
        const at = list[i]!;
        const blocker = list[i + 1]!;
        i += 2;
        const b = value[blocker >> 1]!;
        if (b !== 0 && (b === 1) === ((blocker & 1) === 0)) {
          list[j++] = at;
          list[j++] = blocker;
          continue;
        }
        const size = arena[at]!;
        const c = at + HEADER;
        // The false literal goes to the second place.
        if (arena[c] === falseLit) {
          arena[c] = arena[c + 1]!;
          arena[c + 1] = falseLit;
        }
        const first = arena[c]!;
        const x0 = value[first >> 1]!;
        if (x0 !== 0 && (x0 === 1) === ((first & 1) === 0)) {
          list[j++] = at;
          list[j++] = first;
          continue;
        }
        // Another literal not false to watch?
        let moved = false;
        for (let k = 2; k < size; k++) {
          const lit = arena[c + k]!;
          const x = value[lit >> 1]!;
          if (x === 0 || (x === 1) === ((lit & 1) === 0)) {
            arena[c + 1] = lit;
            arena[c + k] = falseLit;
            this.#watches[lit ^ 1]!.push(at, first);
            moved = true;
            break;
          }
        }
        if (moved) continue;
        list[j++] = at;
        list[j++] = first;
        if (x0 !== 0) {
          // The first literal is false too.
          conflict = at;
          while (i < length) list[j++] = list[i++]!;
          break;
        }
        // Unit: the first literal holds.
        const w = first >> 1;
        value[w] = (first & 1) === 0 ? 1 : -1;
        levelOf[w] = level;
        reasonOf[w] = at;
        trail[trailSize++] = first;
      }
      if (j < length) list.length = j;
      if (conflict !== -1) break;
    }
    this.#trailSize = trailSize;
    this.updates = updates;
    return conflict;
  }

  /** Undoes the assignments above decision level `to`, saving nothing. */
  #backtrack(to: number): void {
    if (this.level <= to) return;
    const start = this.#levelStart[to + 1]!;
    const value = this.#value;
    const open = this.#open;
    const rulesOf = this.#rulesOf;
    const stride = this.#ruleStride;
    for (let t = this.#trailSize - 1; t >= start; t--) {
      const lit = this.#trail[t]!;
      const v = lit >> 1;
      if ((lit & 1) === 1 && t < this.#head) {
        open[rulesOf[4 * v]! / stride]!++;
        open[rulesOf[4 * v + 1]! / stride]!++;
        open[rulesOf[4 * v + 2]! / stride]!++;
        open[rulesOf[4 * v + 3]! / stride]!++;
      }
      value[v] = 0;
      this.#reason[v] = NONE;
      if (this.#heapIndex[v]! < 0) this.#heapInsert(v);
    }
    this.#trailSize = start;
    this.#head = start;
    this.level = to;
  }

  /** The literals of a conflict or reason other than `skip` (all of them when skip is -1), into `into`. */
  #reasonLits(reason: number, implied: number, into: number[]): void {
    into.length = 0;
    if (reason >= 0) {
      const size = this.#arena[reason]!;
      for (let i = 0; i < size; i++) {
        const lit = this.#arena[reason + HEADER + i]!;
        if (lit !== implied) into.push(lit);
      }
    } else {
      const pair = -2 - reason;
      if (pair < this.#vars) {
        // implied is "w false" because pair is true.
        into.push(2 * pair + 1);
      } else {
        const v = Math.floor(pair / this.#vars) - 1;
        const w = pair % this.#vars;
        into.push(2 * v + 1, 2 * w + 1);
      }
    }
  }

  #lits: number[] = [];
  #marked: number[] = [];

  /** Learns from a conflict: returns the level to go back to; the clause is in #learnt_ (asserting literal first). */
  #analyze(conflict: number): number {
    const seen = this.#seen;
    const levelOf = this.#levelOf;
    const trail = this.#trail;
    const learnt = this.#learnt_;
    learnt.length = 1;
    let pathCount = 0;
    let p = -1;
    let index = this.#trailSize - 1;
    let reason = conflict;
    const lits = this.#lits;
    const level = this.level;
    for (;;) {
      this.#reasonLits(reason, p, lits);
      for (const q of lits) {
        const x = q >> 1;
        if (seen[x] === 1 || levelOf[x] === 0) continue;
        this.#bumpVar(x);
        seen[x] = 1;
        if (levelOf[x]! >= level) pathCount++;
        else learnt.push(q);
      }
      while (seen[trail[index]! >> 1] === 0) index--;
      p = trail[index]!;
      index--;
      const v = p >> 1;
      seen[v] = 0;
      pathCount--;
      if (pathCount === 0) break;
      reason = this.#reason[v]!;
    }
    learnt[0] = p ^ 1;
    // Minimisation: a literal whose reason's other literals are all in the clause (or at the top) is implied by them.
    const marked = this.#marked;
    marked.length = 0;
    for (let i = 1; i < learnt.length; i++) marked.push(learnt[i]! >> 1);
    let kept = 1;
    for (let i = 1; i < learnt.length; i++) {
      const q = learnt[i]!;
      const r = this.#reason[q >> 1]!;
      let redundant = r !== NONE;
      if (redundant) {
        this.#reasonLits(r, q ^ 1, lits);
        for (const s of lits) {
          const x = s >> 1;
          if (seen[x] === 0 && levelOf[x]! > 0) {
            redundant = false;
            break;
          }
        }
      }
      if (!redundant) learnt[kept++] = q;
    }
    for (const x of marked) seen[x] = 0;
    learnt.length = kept;
    // Back to the highest level below this one among the others, which goes second (the other watch).
    let back = 0;
    let at = 1;
    for (let i = 1; i < kept; i++) {
      const l = levelOf[learnt[i]! >> 1]!;
      if (l > back) {
        back = l;
        at = i;
      }
    }
    if (kept > 1) {
      const t = learnt[1]!;
      learnt[1] = learnt[at]!;
      learnt[at] = t;
    }
    this.#decayActivities();
    return back;
  }

  /** Distinct decision levels among the learnt clause's literals. */
  #lbd(lits: number[]): number {
    const stamp = ++this.#stamp;
    let count = 0;
    for (const lit of lits) {
      const l = this.#levelOf[lit >> 1]!;
      if (this.#levelSeen[l] !== stamp) {
        this.#levelSeen[l] = stamp;
        count++;
      }
    }
    return count;
  }

  #bumpVar(v: number): void {
    const a = (this.#activity[v]! += this.#bump);
    if (a > 1e100) {
      for (let i = 0; i < this.#vars; i++) this.#activity[i]! *= 1e-100;
      this.#bump *= 1e-100;
    }
    if (this.#heapIndex[v]! >= 0) this.#heapUp(this.#heapIndex[v]!);
  }

  #decayActivities(): void {
    this.#bump /= 0.95;
  }

  #heapInsert(v: number): void {
    const i = this.#heapSize++;
    this.#heap[i] = v;
    this.#heapIndex[v] = i;
    this.#heapUp(i);
  }

  #heapUp(i: number): void {
    const heap = this.#heap;
    const activity = this.#activity;
    const v = heap[i]!;
    const a = activity[v]!;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const u = heap[parent]!;
      if (activity[u]! >= a) break;
      heap[i] = u;
      this.#heapIndex[u] = i;
      i = parent;
    }
    heap[i] = v;
    this.#heapIndex[v] = i;
  }

  /** Removes and returns the most active variable (the heap is not empty). */
  #heapPop(): number {
    const heap = this.#heap;
    const activity = this.#activity;
    const top = heap[0]!;
    this.#heapIndex[top] = -1;
    const size = --this.#heapSize;
    if (size > 0) {
      const v = heap[size]!;
      const a = activity[v]!;
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= size) break;
        if (child + 1 < size && activity[heap[child + 1]!]! > activity[heap[child]!]!) child++;
        if (activity[heap[child]!]! <= a) break;
        heap[i] = heap[child]!;
        this.#heapIndex[heap[i]!] = i;
        i = child;
      }
      heap[i] = v;
      this.#heapIndex[v] = i;
    }
    return top;
  }

  /** Adds a clause (two or more literals, the first two open or the first asserting) with watches. */
  #addLearnt(lits: number[], lbd: number): number {
    const at = this.#store(lits, lbd);
    this.#watch(at);
    this.#learnt.push(at);
    return at;
  }

  /** Halves the learnt clauses of more than two levels (the worst LBD first); at the top level only. */
  #reduce(): void {
    const arena = this.#arena;
    const keep: number[] = [];
    const candidates: number[] = [];
    for (const at of this.#learnt) {
      if (arena[at + 1]! <= 2) keep.push(at);
      else candidates.push(at);
    }
    // Stable: among equal LBDs the older go first.
    candidates.sort((a, b) => arena[a + 1]! - arena[b + 1]! || b - a);
    const half = candidates.length >> 1;
    for (let i = 0; i < half; i++) keep.push(candidates[i]!);
    // Compact the arena: the kept learnt clauses after the rules, then the watches afresh.
    keep.sort((a, b) => a - b);
    let to = this.#originalSize;
    const learnt: number[] = [];
    for (const at of keep) {
      const length = HEADER + arena[at]!;
      arena.copyWithin(to, at, at + length);
      learnt.push(to);
      to += length;
    }
    this.#arenaSize = to;
    this.#learnt = learnt;
    for (const list of this.#watches) list.length = 0;
    for (const at of learnt) this.#watch(at);
  }

  /** Searches until the next solution (SOLVED), the end (DONE) or `onCheck` asking to stop (PAUSED). */
  run(): number {
    if (this.#contradiction || this.#over) return DONE;
    if (this.#found) {
      // Block the solution just found by its decisions (the last first): the last one is undone and its opposite
      // holds, as after a conflict.
      this.#found = false;
      const block: number[] = [];
      for (let l = this.level; l >= 1; l--) block.push(this.#trail[this.#levelStart[l]!]! ^ 1);
      if (block.length === 0) {
        this.#over = true;
        return DONE;
      }
      this.#backtrack(this.level - 1);
      this.#assign(block[0]!, block.length === 1 ? NONE : this.#addLearnt(block, 0));
    }
    const vars = this.#vars;
    for (;;) {
      const conflict = this.#propagate();
      if (conflict !== -1) {
        this.conflicts++;
        if (this.level === 0) {
          this.#over = true;
          return DONE;
        }
        const back = this.#analyze(conflict);
        const learnt = this.#learnt_;
        this.#backtrack(back);
        if (learnt.length === 1) {
          this.#assign(learnt[0]!, NONE);
        } else {
          const lbd = this.#lbd(learnt);
          const at = this.#addLearnt(learnt, lbd);
          this.#assign(learnt[0]!, at);
        }
        if (--this.#conflictsToRestart === 0) {
          this.#restarts++;
          this.#conflictsToRestart = RESTART_UNIT * luby(this.#restarts);
          this.#backtrack(0);
          if (this.#learnt.length >= this.#nextReduce) {
            this.#nextReduce += REDUCE_STEP;
            if (this.#propagate() !== -1) {
              this.#over = true;
              return DONE;
            }
            this.#reduce();
          }
        }
        continue;
      }
      if (this.#trailSize === vars) {
        this.#found = true;
        return SOLVED;
      }
      if (this.nodes >= this.checkAt && this.onCheck !== null && this.onCheck()) return PAUSED;
      // Decide: the most active open variable, placing its digit.
      let v = this.#heapPop();
      while (this.#value[v] !== 0) v = this.#heapPop();
      this.nodes++;
      this.level++;
      this.#levelStart[this.level] = this.#trailSize;
      this.#assign(2 * v, NONE);
    }
  }
}
