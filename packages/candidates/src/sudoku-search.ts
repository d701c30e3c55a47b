// A small bitmask backtracking search over 81 cells: fills a random full grid and answers "is there a solution other
// than this one" during clue removal. Tested against @puzzles/dlx's counter. No top-level work: tables are lazy.
import { below } from '@puzzles/kit/random';
import { ALL, CELL_UNITS, UNIT_CELLS } from './tables.js';

interface Tables {
  readonly row: Uint8Array;
  readonly col: Uint8Array;
  readonly box: Uint8Array;
  readonly bits: Uint8Array;
}

let tables: Tables | undefined;

function searchTables(): Tables {
  if (tables === undefined) {
    const row = new Uint8Array(81);
    const col = new Uint8Array(81);
    const box = new Uint8Array(81);
    for (let cell = 0; cell < 81; cell++) {
      row[cell] = (cell / 9) | 0;
      col[cell] = cell % 9;
      box[cell] = ((row[cell]! / 3) | 0) * 3 + ((col[cell]! / 3) | 0);
    }
    const bits = new Uint8Array(512);
    for (let m = 1; m < 512; m++) bits[m] = bits[m & (m - 1)]! + 1;
    tables = { row, col, box, bits };
  }
  return tables;
}

/**
 * Counts the solutions of `cells` (81 digits, 0 = empty) up to `limit`, optionally with `banDigit` banned from
 * `banCell`; writes the first solution found into `out` when given; tries digits in random order when `word` is given.
 * @internal
 */
export function countSolutions(cells: ArrayLike<number>, limit: number, banCell = -1, banDigit = 0, out?: Uint8Array, word?: () => number): number {
  const { row, col, box, bits } = searchTables();
  const rows = new Int32Array(9);
  const cols = new Int32Array(9);
  const boxes = new Int32Array(9);
  const grid = new Uint8Array(81);
  const empties = new Uint8Array(81);
  const order = new Uint16Array(81 * 9);
  let n = 0;
  for (let cell = 0; cell < 81; cell++) {
    const d = cells[cell]!;
    if (d === 0) {
      empties[n++] = cell;
      continue;
    }
    const bit = 1 << (d - 1);
    if ((rows[row[cell]!]! | cols[col[cell]!]! | boxes[box[cell]!]!) & bit) return 0;
    grid[cell] = d;
    rows[row[cell]!]! |= bit;
    cols[col[cell]!]! |= bit;
    boxes[box[cell]!]! |= bit;
  }
  const banBit = banDigit > 0 ? 1 << (banDigit - 1) : 0;
  let found = 0;
  const go = (depth: number): boolean => {
    if (depth === n) {
      if (found === 0 && out !== undefined) out.set(grid);
      return ++found >= limit;
    }
    // The empty cell with the fewest digits left goes next.
    let best = depth;
    let bestFree = 0;
    let bestCount = 10;
    for (let i = depth; i < n; i++) {
      const cell = empties[i]!;
      let free = ~(rows[row[cell]!]! | cols[col[cell]!]! | boxes[box[cell]!]!) & 0x1ff;
      if (cell === banCell) free &= ~banBit;
      const count = bits[free]!;
      if (count < bestCount) {
        best = i;
        bestFree = free;
        bestCount = count;
        if (count <= 1) break;
      }
    }
    if (bestCount === 0) return false;
    const cell = empties[best]!;
    empties[best] = empties[depth]!;
    empties[depth] = cell;
    const r = row[cell]!;
    const c = col[cell]!;
    const b = box[cell]!;
    const base = depth * 9;
    let k = 0;
    for (let m = bestFree; m; m &= m - 1) order[base + k++] = m & -m;
    if (word !== undefined) {
      for (let i = k - 1; i > 0; i--) {
        const j = below(word, i + 1);
        const t = order[base + i]!;
        order[base + i] = order[base + j]!;
        order[base + j] = t;
      }
    }
    for (let i = 0; i < k; i++) {
      const bit = order[base + i]!;
      rows[r]! |= bit;
      cols[c]! |= bit;
      boxes[b]! |= bit;
      grid[cell] = 32 - Math.clz32(bit);
      const stop = go(depth + 1);
      rows[r]! &= ~bit;
      cols[c]! &= ~bit;
      boxes[b]! &= ~bit;
      grid[cell] = 0;
      if (stop) return true;
    }
    empties[depth] = empties[best]!;
    empties[best] = cell;
    return false;
  };
  go(0);
  return found;
}

/** A random full grid (81 digits) from 32-bit words: the search above with its digits tried in random order. @internal */
export function randomFullGrid(word: () => number): Uint8Array {
  const out = new Uint8Array(81);
  countSolutions(new Uint8Array(81), 1, -1, 0, out, word);
  return out;
}

// ---- What the clues force: the cheap first answer to "does removing this clue keep the puzzle unique?" ---------------

/** The digits of the clues in each row, column and box of 81 values (0 = empty), as 9-bit masks. @internal */
export function unitDigitsOf(cells: ArrayLike<number>, out: Uint16Array = new Uint16Array(27)): Uint16Array {
  out.fill(0);
  for (let k = 0; k < 81; k++) {
    const d = cells[k]!;
    if (d === 0) continue;
    const bit = 1 << (d - 1);
    for (let j = k * 3; j < k * 3 + 3; j++) out[CELL_UNITS[j]!]! |= bit;
  }
  return out;
}

/** The digits of the clues in each row, column and box (forcedByClues). */
const lineDigits = new Uint16Array(27);

/**
 * Whether the clues alone put `digit` in the empty `cell`: it is the one digit no peer holds, or no other cell of one of
 * its units can take it (a naked or a hidden single). Then no solution has another digit there, so removing that clue
 * from a unique puzzle keeps it unique: most clue removals are settled by this at once. @internal
 */
export function forcedByClues(cells: ArrayLike<number>, cell: number, digit: number): boolean {
  return forcedGiven(unitDigitsOf(cells, lineDigits), cells, cell, digit);
}

/**
 * forcedByClues with the clues' digits of each unit at hand (`units`, as unitDigitsOf gives them for `cells`): clue
 * removal keeps them up to date as it removes and puts back clues, instead of reading all 81 cells each time. @internal
 */
export function forcedGiven(units: Uint16Array, cells: ArrayLike<number>, cell: number, digit: number): boolean {
  const bit = 1 << (digit - 1);
  const open = ALL & ~(units[CELL_UNITS[cell * 3]!]! | units[CELL_UNITS[cell * 3 + 1]!]! | units[CELL_UNITS[cell * 3 + 2]!]!);
  if ((open & bit) === 0) return false; // the clues keep the digit out of the cell already
  if (open === bit) return true;
  for (let j = 0; j < 3; j++) {
    const u = CELL_UNITS[cell * 3 + j]!;
    let elsewhere = false;
    for (let k = u * 9, end = k + 9; k < end && !elsewhere; k++) {
      const x = UNIT_CELLS[k]!;
      elsewhere =
        x !== cell && cells[x] === 0 && ((units[CELL_UNITS[x * 3]!]! | units[CELL_UNITS[x * 3 + 1]!]! | units[CELL_UNITS[x * 3 + 2]!]!) & bit) === 0;
    }
    if (!elsewhere) return true;
  }
  return false;
}
