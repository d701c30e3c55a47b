import { expectCell } from './errors.js';

// Precomputed tables for the 81 cells, 27 units and 512 candidate masks. Cells are numbered 0..80 row-major;
// units 0..8 are rows, 9..17 columns, 18..26 boxes; a candidate mask has bit d-1 set for digit d.

/** The row (0..8) of each cell. */
export const ROW_OF: Uint8Array = new Uint8Array(81);
/** The column (0..8) of each cell. */
export const COL_OF: Uint8Array = new Uint8Array(81);
/** The box (0..8) of each cell. */
export const BOX_OF: Uint8Array = new Uint8Array(81);
/** The 9 cells of each unit: UNIT_CELLS[u * 9 + k]. */
export const UNIT_CELLS: Uint8Array = new Uint8Array(27 * 9);
/** The 3 units of each cell (its row, column and box unit numbers): CELL_UNITS[cell * 3 + j]. */
export const CELL_UNITS: Uint8Array = new Uint8Array(81 * 3);
/** The position (0..8) of each cell in its row, column and box: POSITION_IN[cell * 3 + j], j as in CELL_UNITS. */
export const POSITION_IN: Uint8Array = new Uint8Array(81 * 3);
/** The 20 peers of each cell: PEERS[cell * 20 + k]. */
export const PEERS: Uint8Array = new Uint8Array(81 * 20);
/** SEES[a * 81 + b] is 1 when a ≠ b share a unit. */
export const SEES: Uint8Array = new Uint8Array(81 * 81);
/** The number of set bits of each 9-bit mask. */
export const POPCOUNT: Uint8Array = new Uint8Array(512);
/** The lowest digit (1..9) of each nonzero mask, 0 for 0. */
export const LOWEST_DIGIT: Uint8Array = new Uint8Array(512);
/** All nine candidates. */
export const ALL = 0x1ff;

for (let cell = 0; cell < 81; cell++) {
  const row = Math.floor(cell / 9);
  const col = cell % 9;
  const box = Math.floor(row / 3) * 3 + Math.floor(col / 3);
  ROW_OF[cell] = row;
  COL_OF[cell] = col;
  BOX_OF[cell] = box;
  CELL_UNITS[cell * 3] = row;
  CELL_UNITS[cell * 3 + 1] = 9 + col;
  CELL_UNITS[cell * 3 + 2] = 18 + box;
  POSITION_IN[cell * 3] = col;
  POSITION_IN[cell * 3 + 1] = row;
  POSITION_IN[cell * 3 + 2] = (row % 3) * 3 + (col % 3);
}
for (let u = 0; u < 9; u++) {
  for (let k = 0; k < 9; k++) {
    UNIT_CELLS[u * 9 + k] = u * 9 + k;
    UNIT_CELLS[(9 + u) * 9 + k] = k * 9 + u;
    const br = Math.floor(u / 3) * 3 + Math.floor(k / 3);
    const bc = (u % 3) * 3 + (k % 3);
    UNIT_CELLS[(18 + u) * 9 + k] = br * 9 + bc;
  }
}
for (let a = 0; a < 81; a++) {
  let n = 0;
  for (let b = 0; b < 81; b++) {
    if (a !== b && (ROW_OF[a] === ROW_OF[b] || COL_OF[a] === COL_OF[b] || BOX_OF[a] === BOX_OF[b])) {
      SEES[a * 81 + b] = 1;
      PEERS[a * 20 + n++] = b;
    }
  }
}
for (let m = 1; m < 512; m++) {
  POPCOUNT[m] = (m & 1) + POPCOUNT[m >> 1]!;
  LOWEST_DIGIT[m] = 32 - Math.clz32(m & -m);
}

/** The digits (1..9, ascending) of a candidate mask. */
export function digitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}

/** The cell name r{row}c{col}, 1-based: cell 0 is r1c1. */
export function cellName(cell: number): string {
  if (ROW_OF[cell] === undefined || !Number.isInteger(cell)) expectCell(cell);
  return `r${ROW_OF[cell]! + 1}c${COL_OF[cell]! + 1}`;
}

/** A unit's name: "row 1", "column 3" or "box 9". */
export function unitName(unit: number): string {
  return unit < 9 ? `row ${unit + 1}` : unit < 18 ? `column ${unit - 8}` : `box ${unit - 17}`;
}

/** "a", "a and b", "a, b and c". */
export function listing(items: readonly (string | number)[]): string {
  if (items.length <= 1) return items.map(String).join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "{1,6}" for a mask. */
export function digitSet(mask: number): string {
  return `{${digitsOf(mask).join(',')}}`;
}
