// The 9×9 search, by bands. The candidates of a 9×9 grid are 27 planes: per digit d and band b (three rows of nine
// cells), a 27-bit set of the band's cells where d is still possible (bit 9·row + column). Within a band each digit
// takes one cell in each of the three rows and one in each of the three boxes, so which rows can still meet which
// boxes is a 3×3 table of nine bits (a row's three-cell segment in a box is empty or not), and the placements that
// remain possible are the table's perfect matchings: one table lookup keeps exactly the segments used by a matching.
// That removes locked candidates within the band (pointing and claiming) and finds a contradiction when there is no
// matching. A row left with one cell for a digit is a placement (a hidden single in the row; a box with one cell
// left ends up so too, through the matchings): the digit's column goes from the other two bands and the other
// digits from the cell. Between these plane updates, naked singles (a cell with one digit left) are found for a
// whole band at once by counting across its nine planes with bit operations. At that fixpoint come the triads (the
// idea of tdoku's SAT encoding): the three cells where a row meets a box hold three digits, and so do the three
// where a column meets a box; one with exactly three digits left holds all three, one that holds three for sure
// holds no other. Then the search branches: on a settled grid, on a digit with two ways left through the band or
// stack with the fewest ways in all (tdoku's choice: the child takes one way, the sibling the other); else on a
// cell with two candidates, or on a digit with two places in a row, or on the first candidate of a cell with the
// fewest: placing it, and on the way back removing it. The state of a level is 30 integers (27 planes and each
// band's unsolved cells), copied on the way down. This is the design of the fast C solvers (JCZSolve, fsss2) with
// tdoku's triads and branching, in TypeScript on Int32Arrays. Statistics: `nodes` counts the search-tree nodes (the clues' propagation is the
// first), `updates` the candidates removed. The run/checkAt/onCheck protocol is the dancing-links engine's (see
// engine.ts), so the same budget checks (checks.ts) drive it.
import { DONE, PAUSED, SOLVED } from './sudoku-bitset.js';

/** Plane p = 3·digit + band; a level's state is the 27 planes, then the 3 bands' unsolved cells. */
const PLANES = 27;
const STATE = 30;
const ALL = 0x7ffffff;
const ROW = 0x1ff;
const ENTER = 0;
const BACK = 1;
/** What #propagate found. */
const FAIL = -1;
const BRANCH = 0;
const DONE_GRID = 1;

/** Tables of the bands: made once, on the first 9×9 search. */
interface Tables {
  /** A row's nine bits → its three box segments' bits (which segments are not empty). */
  readonly segments: Uint8Array;
  /** A band's 3×3 segment table (bit 3·row + box) → the union of its perfect matchings' segments, as 27 cells. */
  readonly matchings: Int32Array;
  /** The same for a stack: a 3×3 table (bit 3·band + column) → the union of its perfect matchings, as 9 bits. */
  readonly stackMatchings: Uint16Array;
  /** A 3×3 table → the ways (of PERMUTATIONS, bit k) it holds. */
  readonly ways: Uint8Array;
}

let tables: Tables | null = null;

function tablesOf(): Tables {
  if (tables !== null) return tables;
  const segments = new Uint8Array(512);
  for (let x = 0; x < 512; x++) segments[x] = (x & 7 ? 1 : 0) | (x & 0o70 ? 2 : 0) | (x & 0o700 ? 4 : 0);
  const matchings = new Int32Array(512);
  const stackMatchings = new Uint16Array(512);
  const ways = new Uint8Array(512);
  for (let table = 0; table < 512; table++) {
    let cells = 0;
    let bits = 0;
    for (let k = 0; k < 6; k++) {
      const boxOf = PERMUTATIONS[k]!;
      let ok = true;
      for (let row = 0; row < 3; row++) if ((table & (1 << (3 * row + boxOf[row]!))) === 0) ok = false;
      if (!ok) continue;
      ways[table] = ways[table]! | (1 << k);
      for (let row = 0; row < 3; row++) {
        cells |= 7 << (9 * row + 3 * boxOf[row]!);
        bits |= 1 << (3 * row + boxOf[row]!);
      }
    }
    matchings[table] = cells;
    stackMatchings[table] = bits;
  }
  tables = { segments, matchings, stackMatchings, ways };
  return tables;
}

/** Bits set in a mask of at most 32 bits. */
function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The rows (as 27-bit masks) that the cells of a band's mask lie in. */
function rowsOf(cells: number): number {
  return (cells & ROW ? ROW : 0) | (cells & (ROW << 9) ? ROW << 9 : 0) | (cells & (ROW << 18) ? ROW << 18 : 0);
}

/** The most levels a search path can take: a cell branch fills a cell (81), a branch on ways fixes a digit's way
 * through a band or a stack (54). */
const LEVELS = 137;
/**
 * Branching on ways is kept to settled grids: at most 60 open cells and a band or stack with at most 27 ways for its
 * nine digits. On sparse grids it loses its way (a wrong way there is refuted only deep down: of 300,000 random sets
 * of up to 30 clues, one took 295,000 nodes without these bounds, against at most 4,500 with them and 61 by cells).
 */
const WAYS_OPEN_CELLS = 60;
const WAYS_TOTAL = 27;
/** A column's three cells in a band. */
const COLUMN = 1 | (1 << 9) | (1 << 18);
/** The six ways a digit meets three rows and three boxes: the box of each row. */
const PERMUTATIONS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
] as const;
/** Ways (6 bits) → how many. */
const WAY_COUNT = Uint8Array.from({ length: 64 }, (_, w) => bitCount(w));

/** Bit 3·k for each of a band's nine minirows (k = 3·row + box). */
const MINIROWS = 0o111111111;

/** The columns (9 bits) that a band's cells lie in. */
function columnsOf(cells: number): number {
  return (cells | (cells >>> 9) | (cells >>> 18)) & ROW;
}

/** The stacks' columns (9 bits) that the columns of a 9-bit mask lie in. */
function stacksOf(columns: number): number {
  return (columns & 7 ? 7 : 0) | (columns & 0o70 ? 0o70 : 0) | (columns & 0o700 ? 0o700 : 0);
}

/**
 * The 9×9 search by bands: `load` a puzzle, then `run` until DONE, stopping at each solution (SOLVED; `writeSolution`
 * reads it) and when `onCheck` asks (PAUSED; `run` again goes on). @internal
 */
export class BandSearch {
  readonly size = 9;
  readonly cellCount = 81;
  /** Search-tree nodes entered and candidates removed since `load`. */
  nodes = 0;
  updates = 0;
  /** Branches on the current path. */
  level = 0;
  /** When `nodes` reaches this, `run` calls `onCheck` before entering the next node; true stops the search. */
  checkAt = Infinity;
  onCheck: (() => boolean) | null = null;
  readonly #segments: Uint8Array;
  readonly #matchings: Int32Array;
  readonly #stackMatchings: Uint16Array;
  readonly #ways: Uint8Array;
  /** The state of level l at l · STATE. */
  readonly #states = new Int32Array(LEVELS * STATE);
  /** Per level: candidates left after its last propagation. */
  readonly #candidates = new Int32Array(LEVELS);
  /** Per level: the plane branched on, the cells the child removes from it and those removed on the way back. */
  readonly #branchPlane = new Int32Array(LEVELS);
  readonly #childDrop = new Int32Array(LEVELS);
  readonly #siblingDrop = new Int32Array(LEVELS);
  /** Planes changed since they were last updated (bit p). */
  #dirty = 0;
  #mode = ENTER;

  constructor() {
    const { segments, matchings, stackMatchings, ways } = tablesOf();
    this.#ways = ways;
    this.#segments = segments;
    this.#matchings = matchings;
    this.#stackMatchings = stackMatchings;
  }

  /** Starts a search of a grid (81 cells row-major, 0 blank or 1..9, already checked); resets the statistics. */
  load(cells: ArrayLike<number>): void {
    const s = this.#states;
    s.fill(ALL, 0, STATE);
    for (let k = 0; k < 81; k++) {
      const v = cells[k]!;
      if (v === 0) continue;
      const band = (k / 27) | 0;
      const bit = 1 << (k - 27 * band);
      for (let p = band; p < PLANES; p += 3) s[p] = s[p]! & ~bit;
      // The digit keeps this cell only, in its row (its placement is made by the plane's update).
      const p = 3 * (v - 1) + band;
      s[p] = (s[p]! & ~rowsOf(bit)) | bit;
    }
    this.#candidates[0] = 729;
    this.#dirty = ALL;
    this.nodes = 0;
    this.updates = 0;
    this.level = 0;
    this.#mode = ENTER;
  }

  /** Writes the solution just found (after SOLVED) as digits 1..9 into out. */
  writeSolution(out: Uint8Array): void {
    const s = this.#states;
    const base = this.level * STATE;
    for (let p = 0; p < PLANES; p++) {
      const band = p % 3;
      const digit = (p - band) / 3 + 1;
      for (let rest = s[base + p]!; rest !== 0; rest &= rest - 1) out[27 * band + 31 - Math.clz32(rest & -rest)] = digit;
    }
  }

  /** Searches until the next solution (SOLVED), the end (DONE) or `onCheck` asking to stop (PAUSED). */
  run(): number {
    const s = this.#states;
    let level = this.level;
    let mode = this.#mode;
    for (;;) {
      if (mode === BACK) {
        level--;
        if (level < 0) {
          this.level = 0;
          this.#mode = ENTER;
          return DONE;
        }
        // The other branch: the choice tried below is removed here.
        const p = this.#branchPlane[level]!;
        const at = level * STATE + p;
        s[at] = s[at]! & ~this.#siblingDrop[level]!;
        this.#dirty = 1 << p;
        mode = ENTER;
      }
      // ENTER: propagate the changes at this level.
      if (this.nodes >= this.checkAt) {
        this.level = level;
        this.#mode = ENTER;
        if (this.onCheck !== null && this.onCheck()) return PAUSED;
      }
      this.nodes++;
      const found = this.#propagate(level * STATE);
      if (found === FAIL) {
        mode = BACK;
        continue;
      }
      const left = this.#count(level * STATE);
      this.updates += this.#candidates[level]! - left;
      this.#candidates[level] = left;
      if (found === DONE_GRID) {
        // The solved grid stays at this level for writeSolution; the next run goes back from it.
        this.level = level;
        this.#mode = BACK;
        return SOLVED;
      }
      // Branch: the child places the choice.
      const from = level * STATE;
      const to = from + STATE;
      for (let i = 0; i < STATE; i++) s[to + i] = s[from + i]!;
      const p = this.#branchPlane[level]!;
      s[to + p] = s[to + p]! & ~this.#childDrop[level]!;
      this.#candidates[level + 1] = left;
      this.#dirty = 1 << p;
      level++;
    }
  }

  /** Candidates left in the state at `base`. */
  #count(base: number): number {
    const s = this.#states;
    let total = 0;
    for (let p = 0; p < PLANES; p++) total += bitCount(s[base + p]!);
    return total;
  }

  /**
   * Updates the changed planes of the state at `base` and places naked singles until nothing changes; returns FAIL on
   * a contradiction, DONE_GRID when every cell is placed, else BRANCH with the branch chosen.
   */
  #propagate(base: number): number {
    const s = this.#states;
    const segments = this.#segments;
    const matchings = this.#matchings;
    const stackMatchings = this.#stackMatchings;
    const unsolved = base + PLANES;
    let dirty = this.#dirty;
    this.#dirty = 0;
    for (;;) {
      while (dirty !== 0) {
        // The changed planes of one digit: first each band, then the three stacks once.
        const first = 3 * (((31 - Math.clz32(dirty & -dirty)) * 11) >>> 5);
        let planes = dirty & (7 << first);
        dirty ^= planes;
        for (; planes !== 0; planes &= planes - 1) {
          const p = 31 - Math.clz32(planes & -planes);
          const band = p - first;
          let f = s[base + p]!;
          f &= matchings[segments[f & ROW]! | (segments[(f >>> 9) & ROW]! << 3) | (segments[f >>> 18]! << 6)]!;
          if (f === 0) return FAIL;
          s[base + p] = f;
          // Rows left with one cell: placements (unless made already).
          const a = f & ROW;
          const b = (f >>> 9) & ROW;
          const c = f >>> 18;
          let single = 0;
          if ((a & (a - 1)) === 0) single = a;
          if ((b & (b - 1)) === 0) single |= b << 9;
          if ((c & (c - 1)) === 0) single |= c << 18;
          const open = s[unsolved + band]!;
          single &= open;
          if (single === 0) continue;
          s[unsolved + band] = open & ~single;
          // The other digits leave these cells (the digit leaves their columns in the other bands by the stacks'
          // matchings below).
          for (let q = base + band, end = base + PLANES; q < end; q += 3) {
            const g = s[q]!;
            if ((g & single) !== 0) {
              s[q] = g & ~single;
              dirty |= 1 << (q - base);
            }
          }
          s[base + p] = f;
          dirty &= ~(1 << p);
        }
        // The stacks: in each, the digit takes one column in each band, so the same matchings apply to the 3×3 table
        // of (band, column) pairs where it is still possible.
        const f0 = s[base + first]!;
        const f1 = s[base + first + 1]!;
        const f2 = s[base + first + 2]!;
        const c0 = (f0 | (f0 >>> 9) | (f0 >>> 18)) & ROW;
        const c1 = (f1 | (f1 >>> 9) | (f1 >>> 18)) & ROW;
        const c2 = (f2 | (f2 >>> 9) | (f2 >>> 18)) & ROW;
        let k0 = 0;
        let k1 = 0;
        let k2 = 0;
        for (let shift = 0; shift < 9; shift += 3) {
          const m = stackMatchings[((c0 >>> shift) & 7) | (((c1 >>> shift) & 7) << 3) | (((c2 >>> shift) & 7) << 6)]!;
          if (m === 0) return FAIL;
          k0 |= (m & 7) << shift;
          k1 |= ((m >>> 3) & 7) << shift;
          k2 |= (m >>> 6) << shift;
        }
        if (k0 !== c0) {
          s[base + first] = f0 & (k0 | (k0 << 9) | (k0 << 18));
          dirty |= 1 << first;
        }
        if (k1 !== c1) {
          s[base + first + 1] = f1 & (k1 | (k1 << 9) | (k1 << 18));
          dirty |= 1 << (first + 1);
        }
        if (k2 !== c2) {
          s[base + first + 2] = f2 & (k2 | (k2 << 9) | (k2 << 18));
          dirty |= 1 << (first + 2);
        }
      }
      // Naked singles, band by band: count each cell's candidates up to three across the band's nine planes.
      let pairBand = -1;
      let pairs = 0;
      let open = 0;
      for (let band = 0; band < 3; band++) {
        const u = s[unsolved + band]!;
        if (u === 0) continue;
        open |= u;
        let one = 0;
        let two = 0;
        let three = 0;
        for (let q = base + band, end = base + PLANES; q < end; q += 3) {
          const x = s[q]!;
          three |= two & x;
          two |= one & x;
          one |= x;
        }
        if ((u & ~one) !== 0) return FAIL;
        const single = u & ~two;
        if (single !== 0) {
          for (let q = base + band, end = base + PLANES; q < end; q += 3) {
            const x = s[q]!;
            const mine = x & single;
            if (mine === 0) continue;
            // Two naked singles of one digit in a row contradict each other.
            const a = mine & ROW;
            const b = (mine >>> 9) & ROW;
            const c = mine >>> 18;
            if ((a & (a - 1)) !== 0 || (b & (b - 1)) !== 0 || (c & (c - 1)) !== 0) return FAIL;
            const kept = (x & ~rowsOf(mine)) | mine;
            if (kept !== x) {
              s[q] = kept;
              dirty |= 1 << (q - base);
            }
          }
        } else if (pairBand < 0) {
          pairs = u & two & ~three;
          if (pairs !== 0) pairBand = band;
        }
      }
      if (dirty !== 0) continue;
      if (open === 0) return DONE_GRID;
      const triads = this.#triads(base);
      if (triads < 0) return FAIL;
      if (triads !== 0) {
        dirty = triads;
        continue;
      }
      this.#choose(base, pairBand, pairs);
      return BRANCH;
    }
  }

  /**
   * Triads: the three cells where a row meets a box (a minirow) hold three digits, and so do the three where a column
   * meets a box (a minicolumn). One with fewer than three digits left is a contradiction (returns -1); one with exactly
   * three holds all three, so each leaves the rest of its row (or column) in that box's band (or stack). Returns the
   * planes changed (bit p).
   */
  #triads(base: number): number {
    const s = this.#states;
    let changed = 0;
    for (let band = 0; band < 3; band++) {
      let ones = 0;
      let twos = 0;
      let threes = 0;
      let fours = 0;
      for (let q = base + band, end = base + PLANES; q < end; q += 3) {
        const f = s[q]!;
        const g = (f | (f >>> 1) | (f >>> 2)) & MINIROWS;
        fours |= threes & g;
        threes |= twos & g;
        twos |= ones & g;
        ones |= g;
      }
      if ((MINIROWS & ~threes) !== 0) return -1;
      const exact = threes & ~fours;
      if (exact !== 0) {
        for (let q = base + band, end = base + PLANES; q < end; q += 3) {
          const f = s[q]!;
          const held = ((f | (f >>> 1) | (f >>> 2)) & exact) * 7;
          if (held === 0) continue;
          const kept = f & ~(rowsOf(held) & ~held);
          if (kept !== f) {
            s[q] = kept;
            changed |= 1 << (q - base);
          }
        }
      }
      // A minirow that holds three digits for sure (each one's only segment in its row) holds no other.
      let fOnes = 0;
      let fTwos = 0;
      let fThrees = 0;
      for (let q = base + band, end = base + PLANES; q < end; q += 3) {
        const f = s[q]!;
        const g = (f | (f >>> 1) | (f >>> 2)) & MINIROWS;
        const alone = g & ~(((g >>> 3) & 0o011011011) | ((g >>> 6) & 0o001001001) | ((g << 3) & 0o110110110) | ((g << 6) & 0o100100100));
        fThrees |= fTwos & alone;
        fTwos |= fOnes & alone;
        fOnes |= alone;
      }
      if (fThrees === 0) continue;
      for (let q = base + band, end = base + PLANES; q < end; q += 3) {
        const f = s[q]!;
        const g = (f | (f >>> 1) | (f >>> 2)) & MINIROWS;
        const alone = g & ~(((g >>> 3) & 0o011011011) | ((g >>> 6) & 0o001001001) | ((g << 3) & 0o110110110) | ((g << 6) & 0o100100100));
        const drop = (fThrees & g & ~alone) * 7;
        if (drop !== 0) {
          s[q] = f & ~drop;
          changed |= 1 << (q - base);
        }
      }
    }
    // Minicolumns: a digit's columns in each band, the three bands side by side (band b at 9·b).
    let ones = 0;
    let twos = 0;
    let threes = 0;
    let fours = 0;
    for (let q = base, end = base + PLANES; q < end; q += 3) {
      const g = columnsOf(s[q]!) | (columnsOf(s[q + 1]!) << 9) | (columnsOf(s[q + 2]!) << 18);
      fours |= threes & g;
      threes |= twos & g;
      twos |= ones & g;
      ones |= g;
    }
    if ((ALL & ~threes) !== 0) return -1;
    const exact = threes & ~fours;
    if (exact !== 0) {
      for (let q = base, end = base + PLANES; q < end; q++) {
        const band = (q - base) % 3;
        const f = s[q]!;
        const held = columnsOf(f) & (exact >>> (9 * band)) & ROW;
        if (held === 0) continue;
        const drop = stacksOf(held) & ~held;
        const kept = f & ~(drop | (drop << 9) | (drop << 18));
        if (kept !== f) {
          s[q] = kept;
          changed |= 1 << (q - base);
        }
      }
    }
    // A minicolumn that holds three digits for sure (each one's only column of its stack in that band) holds no other.
    let fOnes = 0;
    let fTwos = 0;
    let fThrees = 0;
    for (let q = base, end = base + PLANES; q < end; q += 3) {
      const g = columnsOf(s[q]!) | (columnsOf(s[q + 1]!) << 9) | (columnsOf(s[q + 2]!) << 18);
      const alone = g & ~(((g >>> 1) & 0o333333333) | ((g >>> 2) & 0o111111111) | ((g << 1) & 0o666666666) | ((g << 2) & 0o444444444));
      fThrees |= fTwos & alone;
      fTwos |= fOnes & alone;
      fOnes |= alone;
    }
    if (fThrees !== 0) {
      for (let q = base, end = base + PLANES; q < end; q++) {
        const band = (q - base) % 3;
        const f = s[q]!;
        const g = columnsOf(f);
        const alone = g & ~(((g >>> 1) & 0o333) | ((g >>> 2) & 0o111) | ((g << 1) & 0o666) | ((g << 2) & 0o444));
        const drop = (fThrees >>> (9 * band)) & g & ~alone & ROW;
        if (drop !== 0) {
          s[q] = f & ~(drop | (drop << 9) | (drop << 18));
          changed |= 1 << (q - base);
        }
      }
    }
    return changed;
  }

  /** Chooses the branch of the state at `base` (settled, not solved): sets the plane and cell bit for this level. */
  #choose(base: number, pairBand: number, pairs: number): void {
    const s = this.#states;
    const level = (base / STATE) | 0;
    const open = bitCount(s[base + PLANES]!) + bitCount(s[base + PLANES + 1]!) + bitCount(s[base + PLANES + 2]!);
    if (open <= WAYS_OPEN_CELLS && this.#chooseWays(base, level)) return;
    if (pairBand >= 0) {
      // A cell with two candidates: its first digit.
      const bit = pairs & -pairs;
      for (let p = pairBand; p < PLANES; p += 3) {
        if ((s[base + p]! & bit) !== 0) {
          this.#branch(level, p, bit);
          return;
        }
      }
    }
    // A digit with two places in a row: its first place.
    for (let p = 0; p < PLANES; p++) {
      const f = s[base + p]!;
      for (let shift = 0; shift < 27; shift += 9) {
        const row = (f >>> shift) & ROW;
        const rest = row & (row - 1);
        if (rest !== 0 && (rest & (rest - 1)) === 0) {
          this.#branch(level, p, (row & -row) << shift);
          return;
        }
      }
    }
    // Else an unsolved cell with the fewest candidates: its first digit.
    let fewest = 10;
    let bestPlane = 0;
    let bestBit = 0;
    for (let band = 0; band < 3; band++) {
      for (let u = s[base + PLANES + band]!; u !== 0; u &= u - 1) {
        const bit = u & -u;
        let count = 0;
        let first = -1;
        for (let p = band; p < PLANES; p += 3) {
          if ((s[base + p]! & bit) === 0) continue;
          if (first < 0) first = p;
          count++;
        }
        if (count < fewest) {
          fewest = count;
          bestPlane = first;
          bestBit = bit;
        }
      }
    }
    this.#branch(level, bestPlane, bestBit);
  }

  /** Branches on placing a digit (plane p) in one cell (bit): the child places it, the sibling removes it. */
  #branch(level: number, p: number, bit: number): void {
    this.#branchPlane[level] = p;
    this.#childDrop[level] = rowsOf(bit) & ~bit;
    this.#siblingDrop[level] = bit;
  }

  /**
   * Branches on a digit with two ways left through the band or stack with the fewest ways in all (each digit has one
   * to six: the perfect matchings of its 3×3 table): the child takes the first, the sibling the second, told apart
   * by one row's segment (or one band's column). False when that unit has no digit with two ways.
   */
  #chooseWays(base: number, level: number): boolean {
    const s = this.#states;
    const segments = this.#segments;
    const ways = this.#ways;
    let best = 1000;
    let unit = -1;
    for (let band = 0; band < 3; band++) {
      let total = 0;
      for (let q = base + band, end = base + PLANES; q < end; q += 3) {
        const f = s[q]!;
        total += WAY_COUNT[ways[segments[f & ROW]! | (segments[(f >>> 9) & ROW]! << 3) | (segments[f >>> 18]! << 6)]!]!;
      }
      if (total > 9 && total < best) {
        best = total;
        unit = band;
      }
    }
    for (let stack = 0; stack < 3; stack++) {
      let total = 0;
      const shift = 3 * stack;
      for (let q = base, end = base + PLANES; q < end; q += 3) {
        const t = ((columnsOf(s[q]!) >>> shift) & 7) | (((columnsOf(s[q + 1]!) >>> shift) & 7) << 3) | (((columnsOf(s[q + 2]!) >>> shift) & 7) << 6);
        total += WAY_COUNT[ways[t]!]!;
      }
      if (total > 9 && total < best) {
        best = total;
        unit = 3 + stack;
      }
    }
    if (unit < 0 || best > WAYS_TOTAL) return false;
    if (unit < 3) {
      for (let q = unit; q < PLANES; q += 3) {
        const f = s[base + q]!;
        const w = ways[segments[f & ROW]! | (segments[(f >>> 9) & ROW]! << 3) | (segments[f >>> 18]! << 6)]!;
        if (WAY_COUNT[w] !== 2) continue;
        const a = PERMUTATIONS[31 - Math.clz32(w & -w)]!;
        const b = PERMUTATIONS[31 - Math.clz32(w & (w - 1))]!;
        // The first row where the two ways use different boxes.
        const row = a[0] !== b[0] ? 0 : a[1] !== b[1] ? 1 : 2;
        this.#branchPlane[level] = q;
        this.#childDrop[level] = 7 << (9 * row + 3 * b[row]!);
        this.#siblingDrop[level] = 7 << (9 * row + 3 * a[row]!);
        return true;
      }
      return false;
    }
    const shift = 3 * (unit - 3);
    for (let q = 0; q < PLANES; q += 3) {
      const t = ((columnsOf(s[base + q]!) >>> shift) & 7) | (((columnsOf(s[base + q + 1]!) >>> shift) & 7) << 3) | (((columnsOf(s[base + q + 2]!) >>> shift) & 7) << 6);
      const w = ways[t]!;
      if (WAY_COUNT[w] !== 2) continue;
      const a = PERMUTATIONS[31 - Math.clz32(w & -w)]!;
      const b = PERMUTATIONS[31 - Math.clz32(w & (w - 1))]!;
      const band = a[0] !== b[0] ? 0 : a[1] !== b[1] ? 1 : 2;
      this.#branchPlane[level] = q + band;
      this.#childDrop[level] = COLUMN << (shift + b[band]!);
      this.#siblingDrop[level] = COLUMN << (shift + a[band]!);
      return true;
    }
    return false;
  }
}
