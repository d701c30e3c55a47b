import { expectCell } from './errors.js';

// Precomputed tables for the 81 cells, 27 units and 512 candidate masks. Cells are numbered 0..80 row-major;
// units 0..8 are rows, 9..17 columns, 18..26 boxes; a candidate mask has bit d-1 set for digit d.

// Each table is built by its own function, called with a pure annotation: a bundler keeps only the tables an import
// uses (no top-level loop runs for code that never reads them).

/** A table of `length` bytes, entry i = f(i). */
function table(length: number, f: (i: number) => number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = f(i);
  return out;
}

const rowOf = (cell: number): number => Math.floor(cell / 9);
const colOf = (cell: number): number => cell % 9;
const boxOf = (cell: number): number => Math.floor(cell / 27) * 3 + Math.floor((cell % 9) / 3);
const sees = (a: number, b: number): boolean => a !== b && (rowOf(a) === rowOf(b) || colOf(a) === colOf(b) || boxOf(a) === boxOf(b));

/** The row (0..8) of each cell. */
export const ROW_OF: Uint8Array = /* @__PURE__ */ table(81, rowOf);
/** The column (0..8) of each cell. */
export const COL_OF: Uint8Array = /* @__PURE__ */ table(81, colOf);
/** The box (0..8) of each cell. */
export const BOX_OF: Uint8Array = /* @__PURE__ */ table(81, boxOf);
/** The 9 cells of each unit: UNIT_CELLS[u * 9 + k]. */
export const UNIT_CELLS: Uint8Array = /* @__PURE__ */ table(27 * 9, (i) => {
  const u = Math.floor(i / 9);
  const k = i % 9;
  if (u < 9) return u * 9 + k;
  if (u < 18) return k * 9 + (u - 9);
  const b = u - 18;
  return (Math.floor(b / 3) * 3 + Math.floor(k / 3)) * 9 + (b % 3) * 3 + (k % 3);
});
/** The 3 units of each cell (its row, column and box unit numbers): CELL_UNITS[cell * 3 + j]. */
export const CELL_UNITS: Uint8Array = /* @__PURE__ */ table(81 * 3, (i) => {
  const cell = Math.floor(i / 3);
  return [rowOf, (c: number) => 9 + colOf(c), (c: number) => 18 + boxOf(c)][i % 3]!(cell);
});
/** The position (0..8) of each cell in its row, column and box: POSITION_IN[cell * 3 + j], j as in CELL_UNITS. */
export const POSITION_IN: Uint8Array = /* @__PURE__ */ table(81 * 3, (i) => {
  const cell = Math.floor(i / 3);
  return [colOf(cell), rowOf(cell), (rowOf(cell) % 3) * 3 + (colOf(cell) % 3)][i % 3]!;
});
/** The 20 peers of each cell: PEERS[cell * 20 + k]. */
export const PEERS: Uint8Array = /* @__PURE__ */ table(81 * 20, (i) => {
  const cell = Math.floor(i / 20);
  let n = i % 20;
  for (let b = 0; b < 81; b++) if (sees(cell, b) && n-- === 0) return b;
  return 0;
});
/** SEES[a * 81 + b] is 1 when a ≠ b share a unit. */
export const SEES: Uint8Array = /* @__PURE__ */ table(81 * 81, (i) => (sees(Math.floor(i / 81), i % 81) ? 1 : 0));
/** The number of set bits of each 9-bit mask. */
export const POPCOUNT: Uint8Array = /* @__PURE__ */ table(512, (m) => {
  let n = 0;
  for (let x = m; x; x &= x - 1) n++;
  return n;
});
/** The lowest digit (1..9) of each nonzero mask, 0 for 0. */
export const LOWEST_DIGIT: Uint8Array = /* @__PURE__ */ table(512, (m) => (m ? 32 - Math.clz32(m & -m) : 0));
/** All nine candidates. */
export const ALL = 0x1ff;

/** The digits (1..9, ascending) of a candidate mask. */
export function digitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}

/** The cell name r{row}c{col}, 1-based: cell 0 is r1c1. */
export function cellName(cell: number): string {
  // The type first: indexing with an object would call its toString, which may throw an engine error.
  if (typeof cell !== 'number' || ROW_OF[cell] === undefined || !Number.isInteger(cell)) expectCell(cell);
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
