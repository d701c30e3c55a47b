// The 9×9 Sudoku search by bands in AssemblyScript: the design of src/sudoku-bands.ts (27 digit-band planes of 27
// bits, band and stack matchings, hidden singles per row, naked singles counted across a band's planes, triads,
// branching on ways), a digit's three band planes at a time with SIMD128 (the matchings by bit logic instead of the
// TypeScript search's table lookups: the same rules, so the same states and nodes), compiled by
// scripts/build-wasm.mjs into src/sudoku-wasm.generated.ts, with the puzzle reading done here too, so that a puzzle
// costs one call and no allocation. Not published as source.
//
// Memory (the module's own, exported): the tables from TABLES, the levels' states from STATES, a scratch puzzle at
// PUZZLE and its solution at SOLUTION; from IO on, what the JS side puts there (a batch's text or cells, and its
// results). Puzzle status codes: >= 0 the solutions found (up to the limit), BAD_CELL a character that is not a
// cell, BAD_LENGTH a line that is not 81 cells, CLASH two equal clues in a row, column or box.

const SEGMENTS: u32 = 0; // 512 u8: a row's nine bits -> its three box segments (which are not empty)
const WAYS: u32 = 3584; // 512 u8: a 3x3 table -> the ways (perfect matchings, bit k of PERMS) it holds
const STATES: u32 = 4160; // LEVELS x STATE i32
/** A state: per digit its three band planes and a word of padding (digit d's plane for band b at word 4 d + b), */
const SLOTS: u32 = 36;
/** then the three bands' unsolved cells and a word of padding. */
const OPEN: u32 = 36;
const STATE: u32 = 40;
const STATE_BYTES: u32 = STATE * 4;
/** The most levels a path can take: a cell branch fills a cell (81), a branch on ways fixes a digit's way (54). */
const LEVELS: u32 = 137;
const PUZZLE: u32 = 26112; // 81 bytes: the cell values (0 blank, 1..9) of the puzzle being solved
const SOLUTION: u32 = 26240; // 81 bytes: the first solution, as ASCII digits
/** Where the JS side's data starts (exported as io()). */
const IO: u32 = 26624;
/** Bit 3k for each of a band's nine minirows (k = 3 row + box). */
const MINIROWS: i32 = 0o111111111;
/** A column's three cells in a band. */
const COLUMN: i32 = 1 | (1 << 9) | (1 << 18);
/** Branching on ways only with at most this many open cells and a unit with at most this many ways in all. */
const WAYS_OPEN_CELLS: i32 = 60;
const WAYS_TOTAL: i32 = 27;
/** The six ways a digit meets three rows and three boxes, as box-of-row triples packed in 2 bits each. */
const PERMS: u64 = 0b100100 | (0b011000 << 6) | (0b100001 << 12) | (0b001001 << 18) | (0b010010 << 24) | (<u64>0b000110 << 30);

const ALL: i32 = 0x7ffffff;
const ROW: i32 = 0x1ff;

const FAIL: i32 = -1;
const BRANCH: i32 = 0;
const DONE_GRID: i32 = 1;

const BAD_CELL: i32 = -1;
const BAD_LENGTH: i32 = -2;
const CLASH: i32 = -3;

let ready = false;
/** The digits whose planes changed (bit d) since their last update. */
let dirty: i32 = 0;
let found: i32 = 0;
let limit: i32 = 2;
/** Search-tree nodes entered (the clues' propagation is the first) and candidates removed, since the last load. */
let nodes: f64 = 0;
let updates: f64 = 0;
/** Whether to count `updates` (27 popcounts per node; only SudokuSolver's statistics read it). */
let counting = false;
let branchPlane: u32 = 0;
/** The cells of the branch's plane that the child removes, and that the sibling removes. */
let childDrop: i32 = 0;
let siblingDrop: i32 = 0;

function buildTables(): void {
  for (let x: u32 = 0; x < 512; x++) {
    store<u8>(SEGMENTS + x, <u8>((x & 7 ? 1 : 0) | (x & 0o70 ? 2 : 0) | (x & 0o700 ? 4 : 0)));
  }
  // (PERMS is a constant, not a static array: the module has no data segments, so the tables may start at address 0.)
  for (let table: u32 = 0; table < 512; table++) {
    let ways: u32 = 0;
    for (let k = 0; k < 6; k++) {
      const perm = <u32>((PERMS >> (6 * k)) & 63);
      let ok = true;
      for (let row: u32 = 0; row < 3; row++) {
        const box = (perm >> (2 * row)) & 3;
        if ((table & (1 << (3 * row + box))) == 0) ok = false;
      }
      if (!ok) continue;
      ways |= 1 << k;
    }
    store<u8>(WAYS + table, <u8>ways);
  }
  ready = true;
}

// @ts-ignore: decorator
@inline function rowsOf(cells: i32): i32 {
  return (cells & ROW ? ROW : 0) | (cells & (ROW << 9) ? ROW << 9 : 0) | (cells & (ROW << 18) ? ROW << 18 : 0);
}

// @ts-ignore: decorator
@inline function plane(base: u32, p: u32): i32 {
  return load<i32>(base + 4 * p);
}

// @ts-ignore: decorator
@inline function setPlane(base: u32, p: u32, v: i32): void {
  store<i32>(base + 4 * p, v);
}

function countCandidates(base: u32): i32 {
  let total: i32 = 0;
  for (let p: u32 = 0; p < SLOTS; p++) total += popcnt<i32>(plane(base, p));
  return total;
}

/**
 * Updates the changed digits of the state at `base` and places naked singles until nothing changes; returns FAIL on
 * a contradiction, DONE_GRID when every cell is placed, else BRANCH with the branch chosen.
 */
function propagate(base: u32): i32 {
  let d = dirty;
  dirty = 0;
  const zero = i32x4.splat(0);
  const one = i32x4.splat(1);
  const lanes = i32x4(-1, -1, -1, 0);
  const lane3 = i32x4(0, 0, 0, -1);
  const minirows = i32x4.splat(MINIROWS);
  const row = i32x4.splat(ROW);
  const row1 = i32x4.splat(ROW << 9);
  const row2 = i32x4.splat(ROW << 18);
  // A minirow's bit moved to the one of the next box (box01, box2) or of the box after (box0, box12) in its row; a
  // column's bit to the next column (col01, col2) or the one after (col0, col12) in its stack.
  const box01 = i32x4.splat(0o011011011);
  const box2 = i32x4.splat(0o100100100);
  const box0 = i32x4.splat(0o001001001);
  const box12 = i32x4.splat(0o110110110);
  const col01 = i32x4.splat(0o333);
  const col2 = i32x4.splat(0o444);
  const col0 = i32x4.splat(0o111);
  const col12 = i32x4.splat(0o666);
  for (;;) {
    while (d != 0) {
      // The changed digit first in order: its three band planes at once (lanes 0-2; lane 3, the padding, is kept).
      const digit = <u32>ctz<i32>(d);
      d &= d - 1;
      const at = base + 16 * digit;
      let f = v128.load(at);
      // Band and stack matchings, until neither removes a cell.
      for (;;) {
        // Each band: a minirow (row, box) stays when it and one of the two ways of the other rows through the other
        // boxes have cells.
        const g = v128.and(v128.or(f, v128.or(i32x4.shr_u(f, 1), i32x4.shr_u(f, 2))), minirows);
        const r1 = v128.and(v128.or(i32x4.shr_u(g, 9), i32x4.shl(g, 18)), minirows);
        const r2 = v128.and(v128.or(i32x4.shr_u(g, 18), i32x4.shl(g, 9)), minirows);
        const r1b1 = v128.or(v128.and(i32x4.shr_u(r1, 3), box01), v128.and(i32x4.shl(r1, 6), box2));
        const r1b2 = v128.or(v128.and(i32x4.shr_u(r1, 6), box0), v128.and(i32x4.shl(r1, 3), box12));
        const r2b1 = v128.or(v128.and(i32x4.shr_u(r2, 3), box01), v128.and(i32x4.shl(r2, 6), box2));
        const r2b2 = v128.or(v128.and(i32x4.shr_u(r2, 6), box0), v128.and(i32x4.shl(r2, 3), box12));
        const kept = v128.and(g, v128.or(v128.and(r1b1, r2b2), v128.and(r1b2, r2b1)));
        const fb = v128.and(f, v128.or(v128.or(kept, v128.or(i32x4.shl(kept, 1), i32x4.shl(kept, 2))), lane3));
        if (i32x4.bitmask(i32x4.eq(fb, zero)) & 7) return FAIL;
        // Each stack: the digit takes one column of the stack in each band; the same rule over (band, column).
        const c = v128.and(v128.or(fb, v128.or(i32x4.shr_u(fb, 9), i32x4.shr_u(fb, 18))), row);
        const l1 = i32x4.shuffle(c, c, 1, 2, 0, 3);
        const l2 = i32x4.shuffle(c, c, 2, 0, 1, 3);
        const l1c1 = v128.or(v128.and(i32x4.shr_u(l1, 1), col01), v128.and(i32x4.shl(l1, 2), col2));
        const l1c2 = v128.or(v128.and(i32x4.shr_u(l1, 2), col0), v128.and(i32x4.shl(l1, 1), col12));
        const l2c1 = v128.or(v128.and(i32x4.shr_u(l2, 1), col01), v128.and(i32x4.shl(l2, 2), col2));
        const l2c2 = v128.or(v128.and(i32x4.shr_u(l2, 2), col0), v128.and(i32x4.shl(l2, 1), col12));
        const cols = v128.and(c, v128.or(v128.and(l1c1, l2c2), v128.and(l1c2, l2c1)));
        // A stack without a way has no column left in any band.
        const stacks = v128.and(v128.or(cols, v128.or(i32x4.shr_u(cols, 1), i32x4.shr_u(cols, 2))), col0);
        if ((i32x4.bitmask(i32x4.eq(stacks, col0)) & 7) != 7) return FAIL;
        const fs = v128.and(fb, v128.or(v128.or(cols, v128.or(i32x4.shl(cols, 9), i32x4.shl(cols, 18))), lane3));
        f = fs;
        if (!v128.any_true(v128.xor(fs, fb))) break;
      }
      v128.store(at, f);
      // Rows left with one cell: placements (unless made already); the other digits leave these cells (the digit
      // leaves their columns in the other bands by the stacks'). Every digit's planes are stored, without a branch.
      const x0 = v128.and(f, row);
      const x1 = v128.and(f, row1);
      const x2 = v128.and(f, row2);
      const singles = v128.or(
        v128.and(x0, i32x4.eq(v128.and(x0, i32x4.sub(x0, one)), zero)),
        v128.or(v128.and(x1, i32x4.eq(v128.and(x1, i32x4.sub(x1, one)), zero)), v128.and(x2, i32x4.eq(v128.and(x2, i32x4.sub(x2, one)), zero))),
      );
      const openAt = base + 4 * OPEN;
      const open = v128.load(openAt);
      const placed = v128.and(v128.and(singles, open), lanes);
      if (!v128.any_true(placed)) continue;
      v128.store(openAt, v128.andnot(open, placed));
      for (let other: u32 = 0; other < 9; other++) {
        const to = base + 16 * other;
        const x = v128.load(to);
        const m = other == digit ? zero : placed;
        v128.store(to, v128.andnot(x, m));
        d |= select<i32>(1 << other, 0, v128.any_true(v128.and(x, m)));
      }
    }
    // Naked singles, band by band: count each cell's candidates up to three across the band's nine planes, for the
    // three bands at once (a digit's three planes and its padding: one 128-bit load).
    let ones = i32x4.splat(0);
    let twos = i32x4.splat(0);
    let threes = i32x4.splat(0);
    for (let digit: u32 = 0; digit < 9; digit++) {
      const x = v128.load(base + 16 * digit);
      threes = v128.or(threes, v128.and(twos, x));
      twos = v128.or(twos, v128.and(ones, x));
      ones = v128.or(ones, x);
    }
    let pairBand: i32 = -1;
    let pairs: i32 = 0;
    let open: i32 = 0;
    for (let band: u32 = 0; band < 3; band++) {
      const u = plane(base, OPEN + band);
      if (u == 0) continue;
      open |= u;
      const one = band == 0 ? i32x4.extract_lane(ones, 0) : band == 1 ? i32x4.extract_lane(ones, 1) : i32x4.extract_lane(ones, 2);
      const two = band == 0 ? i32x4.extract_lane(twos, 0) : band == 1 ? i32x4.extract_lane(twos, 1) : i32x4.extract_lane(twos, 2);
      if ((u & ~one) != 0) return FAIL;
      const single = u & ~two;
      if (single != 0) {
        for (let q = band; q < SLOTS; q += 4) {
          const x = plane(base, q);
          const mine = x & single;
          if (mine == 0) continue;
          // Two naked singles of one digit in a row contradict each other.
          const a = mine & ROW;
          const b = (mine >>> 9) & ROW;
          const c = mine >>> 18;
          if ((a & (a - 1)) != 0 || (b & (b - 1)) != 0 || (c & (c - 1)) != 0) return FAIL;
          const kept = (x & ~rowsOf(mine)) | mine;
          if (kept != x) {
            setPlane(base, q, kept);
            d |= 1 << (q >> 2);
          }
        }
      } else if (pairBand < 0) {
        const three = band == 0 ? i32x4.extract_lane(threes, 0) : band == 1 ? i32x4.extract_lane(threes, 1) : i32x4.extract_lane(threes, 2);
        pairs = u & two & ~three;
        if (pairs != 0) pairBand = band;
      }
    }
    if (d != 0) continue;
    if (open == 0) return DONE_GRID;
    const changed = triads(base);
    if (changed < 0) return FAIL;
    if (changed != 0) {
      d = changed;
      continue;
    }
    choose(base, pairBand, pairs);
    return BRANCH;
  }
}

/**
 * Triads (see src/sudoku-bands.ts #triads), the three bands at once (a digit's three planes in one 128-bit load, the
 * fourth lane the padding): -1 on a contradiction, else the digits whose planes changed (bit d).
 */
function triads(base: u32): i32 {
  const lanes = i32x4(-1, -1, -1, 0);
  const minirows = i32x4(MINIROWS, MINIROWS, MINIROWS, 0);
  let changed: i32 = 0;
  // Minirows with exactly three digits left hold them.
  let ones = i32x4.splat(0);
  let twos = i32x4.splat(0);
  let threes = i32x4.splat(0);
  let fours = i32x4.splat(0);
  for (let digit: u32 = 0; digit < 9; digit++) {
    const f = v128.load(base + 16 * digit);
    const g = v128.and(v128.or(f, v128.or(i32x4.shr_u(f, 1), i32x4.shr_u(f, 2))), minirows);
    fours = v128.or(fours, v128.and(threes, g));
    threes = v128.or(threes, v128.and(twos, g));
    twos = v128.or(twos, v128.and(ones, g));
    ones = v128.or(ones, g);
  }
  if (v128.any_true(v128.andnot(minirows, threes))) return -1;
  const rows0 = i32x4.splat(ROW);
  const rows1 = i32x4.splat(ROW << 9);
  const rows2 = i32x4.splat(ROW << 18);
  const zero = i32x4.splat(0);
  const seven = i32x4.splat(7);
  // Minirows with an open cell (where all three are placed, the rules remove nothing: each placed digit holds its
  // row alone already).
  const u = v128.load(base + 4 * OPEN);
  const openMinirows = v128.and(v128.or(u, v128.or(i32x4.shr_u(u, 1), i32x4.shr_u(u, 2))), minirows);
  let exact = v128.and(v128.andnot(threes, fours), openMinirows);
  if (v128.any_true(exact)) {
    for (let digit: u32 = 0; digit < 9; digit++) {
      const at = base + 16 * digit;
      const f = v128.load(at);
      const held = i32x4.mul(v128.and(v128.or(f, v128.or(i32x4.shr_u(f, 1), i32x4.shr_u(f, 2))), exact), seven);
      const rows = v128.or(
        v128.andnot(rows0, i32x4.eq(v128.and(held, rows0), zero)),
        v128.or(v128.andnot(rows1, i32x4.eq(v128.and(held, rows1), zero)), v128.andnot(rows2, i32x4.eq(v128.and(held, rows2), zero))),
      );
      const kept = v128.andnot(f, v128.andnot(rows, held));
      const moved = i32x4.bitmask(i32x4.ne(kept, f));
      if (moved != 0) {
        v128.store(at, kept);
        changed |= (moved & 7) != 0 ? 1 << digit : 0;
      }
    }
  }
  // Minirows that hold three digits for sure (each one's only segment in its row) hold no other.
  const a = i32x4.splat(0o011011011);
  const b = i32x4.splat(0o001001001);
  const c = i32x4.splat(0o110110110);
  const e = i32x4.splat(0o100100100);
  ones = zero;
  twos = zero;
  threes = zero;
  for (let digit: u32 = 0; digit < 9; digit++) {
    const f = v128.load(base + 16 * digit);
    const g = v128.and(v128.or(f, v128.or(i32x4.shr_u(f, 1), i32x4.shr_u(f, 2))), minirows);
    const alone = v128.andnot(
      g,
      v128.or(
        v128.or(v128.and(i32x4.shr_u(g, 3), a), v128.and(i32x4.shr_u(g, 6), b)),
        v128.or(v128.and(i32x4.shl(g, 3), c), v128.and(i32x4.shl(g, 6), e)),
      ),
    );
    threes = v128.or(threes, v128.and(twos, alone));
    twos = v128.or(twos, v128.and(ones, alone));
    ones = v128.or(ones, alone);
  }
  threes = v128.and(threes, openMinirows);
  if (v128.any_true(threes)) {
    for (let digit: u32 = 0; digit < 9; digit++) {
      const at = base + 16 * digit;
      const f = v128.load(at);
      const g = v128.and(v128.or(f, v128.or(i32x4.shr_u(f, 1), i32x4.shr_u(f, 2))), minirows);
      const alone = v128.andnot(
        g,
        v128.or(
          v128.or(v128.and(i32x4.shr_u(g, 3), a), v128.and(i32x4.shr_u(g, 6), b)),
          v128.or(v128.and(i32x4.shl(g, 3), c), v128.and(i32x4.shl(g, 6), e)),
        ),
      );
      const drop = i32x4.mul(v128.andnot(v128.and(threes, g), alone), seven);
      const moved = i32x4.bitmask(i32x4.ne(drop, zero));
      if (moved != 0) {
        v128.store(at, v128.andnot(f, drop));
        changed |= (moved & 7) != 0 ? 1 << digit : 0;
      }
    }
  }
  // Minicolumns: a digit's columns in each band (lane b), counted across the nine digits.
  const columns = i32x4(ROW, ROW, ROW, 0);
  ones = zero;
  twos = zero;
  threes = zero;
  fours = zero;
  for (let digit: u32 = 0; digit < 9; digit++) {
    const f = v128.load(base + 16 * digit);
    const g = v128.and(v128.or(f, v128.or(i32x4.shr_u(f, 9), i32x4.shr_u(f, 18))), columns);
    fours = v128.or(fours, v128.and(threes, g));
    threes = v128.or(threes, v128.and(twos, g));
    twos = v128.or(twos, v128.and(ones, g));
    ones = v128.or(ones, g);
  }
  if (v128.any_true(v128.andnot(columns, threes))) return -1;
  const openColumns = v128.and(v128.or(u, v128.or(i32x4.shr_u(u, 9), i32x4.shr_u(u, 18))), columns);
  exact = v128.and(v128.andnot(threes, fours), openColumns);
  if (v128.any_true(exact)) {
    const s0 = i32x4.splat(7);
    const s1 = i32x4.splat(0o70);
    const s2 = i32x4.splat(0o700);
    for (let digit: u32 = 0; digit < 9; digit++) {
      const at = base + 16 * digit;
      const f = v128.load(at);
      const held = v128.and(v128.and(v128.or(f, v128.or(i32x4.shr_u(f, 9), i32x4.shr_u(f, 18))), columns), exact);
      const stacks = v128.or(
        v128.andnot(s0, i32x4.eq(v128.and(held, s0), zero)),
        v128.or(v128.andnot(s1, i32x4.eq(v128.and(held, s1), zero)), v128.andnot(s2, i32x4.eq(v128.and(held, s2), zero))),
      );
      const drop = v128.andnot(stacks, held);
      const spread = v128.or(drop, v128.or(i32x4.shl(drop, 9), i32x4.shl(drop, 18)));
      const kept = v128.andnot(f, spread);
      const moved = i32x4.bitmask(v128.and(i32x4.ne(kept, f), lanes));
      if (moved != 0) {
        v128.store(at, kept);
        changed |= (moved & 7) != 0 ? 1 << digit : 0;
      }
    }
  }
  // Minicolumns that hold three digits for sure (each one's only column of its stack in that band) hold no other.
  const ca = i32x4.splat(0o333);
  const cb = i32x4.splat(0o111);
  const cc = i32x4.splat(0o666);
  const cd = i32x4.splat(0o444);
  ones = zero;
  twos = zero;
  threes = zero;
  for (let digit: u32 = 0; digit < 9; digit++) {
    const f = v128.load(base + 16 * digit);
    const g = v128.and(v128.or(f, v128.or(i32x4.shr_u(f, 9), i32x4.shr_u(f, 18))), columns);
    const alone = v128.andnot(
      g,
      v128.or(
        v128.or(v128.and(i32x4.shr_u(g, 1), ca), v128.and(i32x4.shr_u(g, 2), cb)),
        v128.or(v128.and(i32x4.shl(g, 1), cc), v128.and(i32x4.shl(g, 2), cd)),
      ),
    );
    threes = v128.or(threes, v128.and(twos, alone));
    twos = v128.or(twos, v128.and(ones, alone));
    ones = v128.or(ones, alone);
  }
  threes = v128.and(threes, openColumns);
  if (v128.any_true(threes)) {
    for (let digit: u32 = 0; digit < 9; digit++) {
      const at = base + 16 * digit;
      const f = v128.load(at);
      const g = v128.and(v128.or(f, v128.or(i32x4.shr_u(f, 9), i32x4.shr_u(f, 18))), columns);
      const alone = v128.andnot(
        g,
        v128.or(
          v128.or(v128.and(i32x4.shr_u(g, 1), ca), v128.and(i32x4.shr_u(g, 2), cb)),
          v128.or(v128.and(i32x4.shl(g, 1), cc), v128.and(i32x4.shl(g, 2), cd)),
        ),
      );
      const drop = v128.andnot(v128.and(threes, g), alone);
      const moved = i32x4.bitmask(i32x4.ne(drop, zero));
      if (moved != 0) {
        v128.store(at, v128.andnot(f, v128.or(drop, v128.or(i32x4.shl(drop, 9), i32x4.shl(drop, 18)))));
        changed |= (moved & 7) != 0 ? 1 << digit : 0;
      }
    }
  }
  return changed;
}

/** A band's plane `f` as its 3x3 segment table (bit 3 row + box). */
// @ts-ignore: decorator
@inline function segmentTable(f: i32): u32 {
  return <u32>load<u8>(SEGMENTS + <u32>(f & ROW)) | (<u32>load<u8>(SEGMENTS + <u32>((f >>> 9) & ROW)) << 3) | (<u32>load<u8>(SEGMENTS + <u32>(f >>> 18)) << 6);
}

/** The columns (9 bits) that a band's cells lie in. */
// @ts-ignore: decorator
@inline function columnsOf(f: i32): i32 {
  return (f | (f >>> 9) | (f >>> 18)) & ROW;
}

/** A digit's 3x3 (band, column) table in a stack (shift 3 stack), from its three planes at `at`. */
// @ts-ignore: decorator
@inline function stackTable(base: u32, q: u32, shift: i32): u32 {
  return (
    <u32>((columnsOf(plane(base, q)) >>> shift) & 7) |
    (<u32>((columnsOf(plane(base, q + 1)) >>> shift) & 7) << 3) |
    (<u32>((columnsOf(plane(base, q + 2)) >>> shift) & 7) << 6)
  );
}

/** The box (or column) of row (or band) `row` in way k. */
// @ts-ignore: decorator
@inline function wayAt(k: i32, row: i32): i32 {
  return <i32>((PERMS >> (6 * k + 2 * row)) & 3);
}

/** See src/sudoku-bands.ts #chooseWays: sets the branch and returns true, or false. */
function chooseWays(base: u32): bool {
  // The six units' totals in one pass over the digits.
  let b0: i32 = 0;
  let b1: i32 = 0;
  let b2: i32 = 0;
  let s0: i32 = 0;
  let s1: i32 = 0;
  let s2: i32 = 0;
  for (let q: u32 = 0; q < SLOTS; q += 4) {
    const f0 = plane(base, q);
    const f1 = plane(base, q + 1);
    const f2 = plane(base, q + 2);
    b0 += popcnt<i32>(<i32>load<u8>(WAYS + segmentTable(f0)));
    b1 += popcnt<i32>(<i32>load<u8>(WAYS + segmentTable(f1)));
    b2 += popcnt<i32>(<i32>load<u8>(WAYS + segmentTable(f2)));
    // The (band, column) tables of the three stacks, side by side: bits 3 band + column at 9 stack.
    const c0 = columnsOf(f0);
    const c1 = columnsOf(f1);
    const c2 = columnsOf(f2);
    s0 += popcnt<i32>(<i32>load<u8>(WAYS + <u32>((c0 & 7) | ((c1 & 7) << 3) | ((c2 & 7) << 6))));
    s1 += popcnt<i32>(<i32>load<u8>(WAYS + <u32>(((c0 >>> 3) & 7) | (c1 & 0o70) | ((c2 & 0o70) << 3))));
    s2 += popcnt<i32>(<i32>load<u8>(WAYS + <u32>((c0 >>> 6) | ((c1 >>> 3) & 0o70) | (c2 & 0o700))));
  }
  let best: i32 = 1000;
  let unit: i32 = -1;
  if (b0 > 9 && b0 < best) {
    best = b0;
    unit = 0;
  }
  if (b1 > 9 && b1 < best) {
    best = b1;
    unit = 1;
  }
  if (b2 > 9 && b2 < best) {
    best = b2;
    unit = 2;
  }
  if (s0 > 9 && s0 < best) {
    best = s0;
    unit = 3;
  }
  if (s1 > 9 && s1 < best) {
    best = s1;
    unit = 4;
  }
  if (s2 > 9 && s2 < best) {
    best = s2;
    unit = 5;
  }
  if (unit < 0 || best > WAYS_TOTAL) return false;
  if (unit < 3) {
    for (let q = <u32>unit; q < SLOTS; q += 4) {
      const w = <i32>load<u8>(WAYS + segmentTable(plane(base, q)));
      if (popcnt<i32>(w) != 2) continue;
      const ka = ctz<i32>(w);
      const kb = ctz<i32>(w & (w - 1));
      const row = wayAt(ka, 0) != wayAt(kb, 0) ? 0 : wayAt(ka, 1) != wayAt(kb, 1) ? 1 : 2;
      branchPlane = q;
      childDrop = 7 << (9 * row + 3 * wayAt(kb, row));
      siblingDrop = 7 << (9 * row + 3 * wayAt(ka, row));
      return true;
    }
    return false;
  }
  const shift = 3 * (unit - 3);
  for (let q: u32 = 0; q < SLOTS; q += 4) {
    const w = <i32>load<u8>(WAYS + stackTable(base, q, shift));
    if (popcnt<i32>(w) != 2) continue;
    const ka = ctz<i32>(w);
    const kb = ctz<i32>(w & (w - 1));
    const band = wayAt(ka, 0) != wayAt(kb, 0) ? 0 : wayAt(ka, 1) != wayAt(kb, 1) ? 1 : 2;
    branchPlane = q + <u32>band;
    childDrop = COLUMN << (shift + wayAt(kb, band));
    siblingDrop = COLUMN << (shift + wayAt(ka, band));
    return true;
  }
  return false;
}

/** Branches on placing the digit of plane p in one cell: the child places it, the sibling removes it. */
function branchOn(p: u32, bit: i32): void {
  branchPlane = p;
  childDrop = rowsOf(bit) & ~bit;
  siblingDrop = bit;
}

/** Chooses the branch of the state at `base` (settled, not solved): sets branchPlane, childDrop and siblingDrop. */
function choose(base: u32, pairBand: i32, pairs: i32): void {
  const open = popcnt<i32>(plane(base, OPEN)) + popcnt<i32>(plane(base, OPEN + 1)) + popcnt<i32>(plane(base, OPEN + 2));
  if (open <= WAYS_OPEN_CELLS && chooseWays(base)) return;
  if (pairBand >= 0) {
    // A cell with two candidates: its first digit.
    const bit = pairs & -pairs;
    for (let p = <u32>pairBand; p < SLOTS; p += 4) {
      if ((plane(base, p) & bit) != 0) {
        branchOn(p, bit);
        return;
      }
    }
  }
  // A digit with two places in a row: its first place.
  for (let p: u32 = 0; p < SLOTS; p++) {
    const f = plane(base, p);
    for (let shift: i32 = 0; shift < 27; shift += 9) {
      const row = (f >>> shift) & ROW;
      const rest = row & (row - 1);
      if (rest != 0 && (rest & (rest - 1)) == 0) {
        branchOn(p, (row & -row) << shift);
        return;
      }
    }
  }
  // Else an unsolved cell with the fewest candidates: its first digit.
  let fewest = 10;
  let bestPlane: u32 = 0;
  let bestBit: i32 = 0;
  for (let band: u32 = 0; band < 3; band++) {
    for (let u = plane(base, OPEN + band); u != 0; u &= u - 1) {
      const bit = u & -u;
      let count = 0;
      let first: i32 = -1;
      for (let p = band; p < SLOTS; p += 4) {
        if ((plane(base, p) & bit) == 0) continue;
        if (first < 0) first = <i32>p;
        count++;
      }
      if (count < fewest) {
        fewest = count;
        bestPlane = <u32>first;
        bestBit = bit;
      }
    }
  }
  branchOn(bestPlane, bestBit);
}

/** Writes the solved state at `base` as ASCII digits at SOLUTION. */
function writeSolution(base: u32): void {
  for (let p: u32 = 0; p < SLOTS; p++) {
    const band = p & 3;
    const digit = <u8>(0x31 + (p >> 2));
    for (let rest = plane(base, p); rest != 0; rest &= rest - 1) store<u8>(SOLUTION + 27 * band + <u32>ctz<i32>(rest), digit);
  }
}

/** Searches from the state at `level` (its changes in `dirty`) until it is exhausted or `found` reaches `limit`. */
function search(level: u32, candidates: i32): void {
  const base = STATES + level * STATE_BYTES;
  let before = candidates;
  for (;;) {
    nodes++;
    const result = propagate(base);
    if (result == FAIL) return;
    const left = counting ? countCandidates(base) : 0;
    updates += <f64>(before - left);
    if (result == DONE_GRID) {
      found++;
      if (found == 1) writeSolution(base);
      return;
    }
    // Branch: the child places the choice; on the way back this level removes it.
    const p = branchPlane;
    const sibling = siblingDrop;
    const to = base + STATE_BYTES;
    memory.copy(to, base, STATE_BYTES);
    setPlane(to, p, plane(to, p) & ~childDrop);
    dirty = 1 << (p >> 2);
    search(level + 1, left);
    if (found >= limit) return;
    setPlane(base, p, plane(base, p) & ~sibling);
    dirty = 1 << (p >> 2);
    before = left;
  }
}

/** Loads the cell values at PUZZLE (already checked) into level 0. */
function loadPuzzle(): void {
  const s = STATES;
  // First each plane holds its digit's clues, each band's word its cells with a clue (the clues found sixteen cells
  // at a time); then a plane keeps its clues and the cells without one outside their rows. (Two equal clues in a row
  // keep both, and the first node fails on them.)
  for (let p: u32 = 0; p < STATE; p++) setPlane(s, p, 0);
  const none = i8x16.splat(0);
  for (let k: u32 = 0; k < 96; k += 16) {
    let m = k < 80 ? i8x16.bitmask(i8x16.ne(v128.load(PUZZLE + k), none)) : load<u8>(PUZZLE + 80) != 0 ? 1 : 0;
    for (; m != 0; m &= m - 1) {
      const cell = k + <u32>ctz<i32>(m);
      const v = <u32>load<u8>(PUZZLE + cell);
      const band = cell / 27;
      const bit = 1 << (cell - 27 * band);
      const p = 4 * (v - 1) + band;
      setPlane(s, p, plane(s, p) | bit);
      setPlane(s, OPEN + band, plane(s, OPEN + band) | bit);
    }
  }
  for (let p: u32 = 0; p < SLOTS; p++) {
    const band = p & 3;
    if (band == 3) continue;
    const own = plane(s, p);
    setPlane(s, p, (ALL & ~plane(s, OPEN + band) & ~rowsOf(own)) | own);
  }
  for (let band: u32 = 0; band < 3; band++) setPlane(s, OPEN + band, ALL);
}

/** Checks the clues at PUZZLE: CLASH when two are equal in a row, column or box, else 0. */
function checkClues(): i32 {
  // Unit i's nine digit bits at 9 * (i % 3) in word i / 3, per kind.
  let rowsA: i32 = 0, rowsB: i32 = 0, rowsC: i32 = 0;
  let colsA: i32 = 0, colsB: i32 = 0, colsC: i32 = 0;
  let boxA: i32 = 0, boxB: i32 = 0, boxC: i32 = 0;
  for (let k: u32 = 0; k < 81; k++) {
    const v = <i32>load<u8>(PUZZLE + k);
    if (v == 0) continue;
    const r = k / 9;
    const c = k - 9 * r;
    const b = (r / 3) * 3 + c / 3;
    const digit: i32 = 1 << (v - 1);
    const rs = 9 * (r % 3);
    const cs = 9 * (c % 3);
    const bs = 9 * (b % 3);
    const rb = digit << rs;
    const cb = digit << cs;
    const bb = digit << bs;
    const rw = r / 3;
    const cw = c / 3;
    const bw = b / 3;
    if (rw == 0) {
      if (rowsA & rb) return CLASH;
      rowsA |= rb;
    } else if (rw == 1) {
      if (rowsB & rb) return CLASH;
      rowsB |= rb;
    } else {
      if (rowsC & rb) return CLASH;
      rowsC |= rb;
    }
    if (cw == 0) {
      if (colsA & cb) return CLASH;
      colsA |= cb;
    } else if (cw == 1) {
      if (colsB & cb) return CLASH;
      colsB |= cb;
    } else {
      if (colsC & cb) return CLASH;
      colsC |= cb;
    }
    if (bw == 0) {
      if (boxA & bb) return CLASH;
      boxA |= bb;
    } else if (bw == 1) {
      if (boxB & bb) return CLASH;
      boxB |= bb;
    } else {
      if (boxC & bb) return CLASH;
      boxC |= bb;
    }
  }
  return 0;
}

/** Solves the checked puzzle at PUZZLE for up to `max` solutions; the first lands at SOLUTION. */
function solvePuzzle(max: i32, check: bool): i32 {
  if (!ready) buildTables();
  loadPuzzle();
  limit = max;
  found = 0;
  nodes = 0;
  updates = 0;
  dirty = 0x1ff;
  search(0, 729);
  // Clues that clash leave no solution (a digit twice in a column or box has no matching, twice in a row leaves a
  // cell without candidates), so only a puzzle without solutions is checked for them.
  if (check && found == 0 && checkClues() != 0) return CLASH;
  return found;
}

/** Reads 81 ASCII cells at `at` ('1'-'9' clues, '0' or '.' blanks) into PUZZLE: 0, or BAD_CELL. */
function readText(at: u32): i32 {
  // Sixteen cells at a time: a digit less '0' is its value (0-9), a '.' is 0, anything else is not a cell.
  const zero = i8x16.splat(0x30);
  const nine = i8x16.splat(9);
  const dot = i8x16.splat(0x2e);
  for (let k: u32 = 0; k < 80; k += 16) {
    const x = v128.load(at + k);
    const v = i8x16.sub(x, zero);
    const isDot = i8x16.eq(x, dot);
    if (!i8x16.all_true(v128.or(i8x16.le_u(v, nine), isDot))) return BAD_CELL;
    v128.store(PUZZLE + k, v128.andnot(v, isDot));
  }
  const ch = <u32>load<u8>(at + 80);
  let v: u32;
  if (ch - 0x31 < 9) v = ch - 0x30;
  else if (ch == 0x2e || ch == 0x30) v = 0;
  else return BAD_CELL;
  store<u8>(PUZZLE + 80, <u8>v);
  return 0;
}

/** Where the JS side may put its data. */
export function io(): u32 {
  return IO;
}

/** The scratch puzzle's address (81 bytes) and its solution's (81 ASCII digits). */
export function puzzleAt(): u32 {
  return PUZZLE;
}
export function solutionAt(): u32 {
  return SOLUTION;
}

/** Statistics of the last puzzle solved. */
export function lastNodes(): f64 {
  return nodes;
}
export function lastUpdates(): f64 {
  return updates;
}

/** Solves 81 ASCII cells at `at` for up to `max` solutions: the count found, or BAD_CELL / CLASH. */
export function solveText(at: u32, max: i32): i32 {
  counting = false;
  const status = readText(at);
  return status < 0 ? status : solvePuzzle(max, true);
}

/**
 * Solves the cell values (0 blank, 1..9) at PUZZLE, already checked for range, for up to `max` solutions; clues that
 * contradict each other are no error here: the search finds no solution. With `stats`, lastUpdates counts the
 * candidates removed.
 */
export function solveCells(max: i32, stats: bool): i32 {
  counting = stats;
  return solvePuzzle(max, false);
}

/**
 * Solves the puzzles of a text at `at` (`length` bytes), one per line ('\n' or '\r\n'; a final line break is
 * optional), for up to `max` solutions each: writes each line's status as an i32 at `statusAt` and, when
 * `solutionsAt` is not 0, its first solution as 81 cell values (0 when there is none) there. Returns the lines.
 */
export function solveLines(at: u32, length: u32, max: i32, statusAt: u32, solutionsAt: u32): u32 {
  let line: u32 = 0;
  let start = at;
  const end = at + length;
  const newline = i8x16.splat(0x0a);
  while (start < end) {
    // Most lines are 81 bytes and a line break: checked sixteen bytes at a time, else looked for byte by byte.
    let stop = start + 81;
    let plain = stop <= end && (stop == end || load<u8>(stop) == 0x0a) && load<u8>(start + 80) != 0x0a;
    for (let k: u32 = 0; plain && k < 80; k += 16) if (v128.any_true(i8x16.eq(v128.load(start + k), newline))) plain = false;
    if (!plain) {
      stop = start;
      while (stop < end && load<u8>(stop) != 0x0a) stop++;
    }
    let len = stop - start;
    if (len > 0 && load<u8>(start + len - 1) == 0x0d) len--;
    let status: i32;
    if (len != 81) status = BAD_LENGTH;
    else status = solveText(start, max);
    store<i32>(statusAt + 4 * line, status);
    if (solutionsAt != 0) writeCells(solutionsAt + 81 * line, status);
    line++;
    start = stop + 1;
  }
  return line;
}

/**
 * Solves `count` puzzles of 81 cell values each (0 blank, 1..9) at `at`, as solveLines does; a value above 9 is
 * BAD_CELL.
 */
export function solveCellBatch(at: u32, count: u32, max: i32, statusAt: u32, solutionsAt: u32): void {
  for (let i: u32 = 0; i < count; i++) {
    let status: i32 = 0;
    const from = at + 81 * i;
    for (let k: u32 = 0; k < 81; k++) {
      const v = load<u8>(from + k);
      if (v > 9) status = BAD_CELL;
      store<u8>(PUZZLE + k, v);
    }
    counting = false;
    if (status == 0) status = solvePuzzle(max, true);
    store<i32>(statusAt + 4 * i, status);
    if (solutionsAt != 0) writeCells(solutionsAt + 81 * i, status);
  }
}

/** Writes the solution at SOLUTION as cell values at `to`, or zeros when the status found none. */
function writeCells(to: u32, status: i32): void {
  if (status > 0) {
    const zero = i8x16.splat(0x30);
    for (let k: u32 = 0; k < 80; k += 16) v128.store(to + k, i8x16.sub(v128.load(SOLUTION + k), zero));
    store<u8>(to + 80, load<u8>(SOLUTION + 80) - 0x30);
  } else {
    memory.fill(to, 0, 81);
  }
}
