import { maskOfStrings, stringsOfMask } from './digit-strings.js';
import { describeValue, expectCell, expectMask } from './errors.js';
import type { Grid } from './grid.js';
import type { Puzzle } from './puzzle.js';
import { cellName, POSITION_IN, CELL_UNITS, UNIT_CELLS, unitName } from './tables.js';

/** The kind of a component. */
export type ComponentKind = 'row' | 'column' | 'box';

const KINDS: readonly ComponentKind[] = ['row', 'column', 'box'];

// The cells of each unit as shared, frozen arrays (every grid's components point at the same 27 lists).
const UNIT_CELL_VIEWS: readonly Uint8Array[] = /* @__PURE__ */ Array.from({ length: 27 }, (_, u) => UNIT_CELLS.subarray(u * 9, u * 9 + 9));
const UNIT_CELL_LISTS: readonly (readonly number[])[] = /* @__PURE__ */ Array.from({ length: 27 }, (_, u) =>
  Object.freeze(Array.from(UNIT_CELLS.subarray(u * 9, u * 9 + 9))),
);

function badPosition(position: unknown): RangeError {
  return new RangeError(`a position in a component must be an integer from 0 to 8; got ${describeValue(position)}`);
}

function badDigit(digit: unknown): RangeError {
  return new RangeError(`a digit must be an integer from 1 to 9; got ${describeValue(digit)}`);
}

/**
 * A row, column or box of a grid: a view of its 9 cells by position 0..8 over the grid's candidate bitmasks (bit d-1
 * for digit d). Rows run left to right, columns top to bottom, boxes row-major. Every Grid holds its 27 components
 * (`grid.components`); the techniques read candidates through them. The bitmask methods (`mask`, `removeMask`,
 * `positionsOf`, …) are the fast layer; the string methods of the "Lonely Duos" naked-pairs article (`candidatesAt`,
 * `setCandidatesAt`, `removeCandidatesAt`) are a view on top of it.
 */
export class Component {
  /** The unit number: 0..8 rows, 9..17 columns, 18..26 boxes. */
  readonly unit: number;
  /** 'row', 'column' or 'box'. */
  readonly kind: ComponentKind;
  /** The row, column or box number, 0..8. */
  readonly index: number;
  /** The 9 cells (0..80) of the component, in position order. */
  readonly cells: readonly number[];
  private readonly at: Uint8Array; // the cells again, as a typed array for the hot paths
  private readonly values: Uint8Array;
  private readonly candidates: Uint16Array;

  /** A view of unit 0..26 of a grid. A grid already holds one per unit (`grid.components`), which is what to use. */
  constructor(grid: Grid, unit: number) {
    if (grid === null || typeof grid !== 'object' || !(grid.values instanceof Uint8Array) || !(grid.candidates instanceof Uint16Array)) {
      throw new TypeError(`a Component needs a Grid; got ${describeValue(grid)}`);
    }
    if (!Number.isInteger(unit) || unit < 0 || unit > 26) throw new RangeError(`a unit must be an integer from 0 to 26; got ${describeValue(unit)}`);
    this.unit = unit;
    this.kind = KINDS[Math.floor(unit / 9)]!;
    this.index = unit % 9;
    this.cells = UNIT_CELL_LISTS[unit]!;
    this.at = UNIT_CELL_VIEWS[unit]!;
    this.values = grid.values;
    this.candidates = grid.candidates;
  }

  private static of(source: Puzzle | Grid, index: number, offset: number, what: ComponentKind): Component {
    const s = source as { components?: unknown; grid?: { components?: unknown } } | null;
    const components = typeof s === 'object' && s !== null ? (s.components ?? s.grid?.components) : undefined;
    if (!Array.isArray(components) || components.length !== 27) {
      throw new TypeError(`Component.${what} needs a Puzzle or a Grid; got ${describeValue(source)}`);
    }
    if (!Number.isInteger(index) || index < 0 || index > 8) {
      throw new RangeError(`a ${what} index must be an integer from 0 to 8; got ${describeValue(index)}`);
    }
    return components[offset + index] as Component;
  }

  /** Row 0..8 of a puzzle (or grid): the grid's own component, shared. */
  static row(puzzle: Puzzle | Grid, index: number): Component {
    return Component.of(puzzle, index, 0, 'row');
  }

  /** Column 0..8 of a puzzle (or grid). */
  static column(puzzle: Puzzle | Grid, index: number): Component {
    return Component.of(puzzle, index, 9, 'column');
  }

  /** Box 0..8 of a puzzle (or grid): boxes row-major, positions row-major inside the box. */
  static box(puzzle: Puzzle | Grid, index: number): Component {
    return Component.of(puzzle, index, 18, 'box');
  }

  /** "row 1", "column 3" or "box 9" (1-based). */
  toString(): string {
    return unitName(this.unit);
  }

  // ---- the bitmask layer -------------------------------------------------------------------------------------------

  /** The cell (0..80) at a position (0..8). */
  cellAt(position: number): number {
    // The type first: indexing with an object would call its toString, which may throw an engine error.
    const cell = typeof position === 'number' ? this.at[position] : undefined;
    if (cell === undefined) throw badPosition(position);
    return cell;
  }

  /** The position (0..8) of a cell (0..80) in this component, or -1 when the cell is not in it. */
  positionOf(cell: number): number {
    expectCell(cell);
    for (let j = 0; j < 3; j++) if (CELL_UNITS[cell * 3 + j] === this.unit) return POSITION_IN[cell * 3 + j]!;
    return -1;
  }

  /** The value (1..9) at a position, 0 when the cell is empty. */
  value(position: number): number {
    // The type first: indexing with an object would call its toString, which may throw an engine error.
    const cell = typeof position === 'number' ? this.at[position] : undefined;
    if (cell === undefined) throw badPosition(position);
    return this.values[cell]!;
  }

  /** The candidate bitmask at a position (bit d-1 for digit d); 0 for a solved cell. */
  mask(position: number): number {
    // The type first: indexing with an object would call its toString, which may throw an engine error.
    const cell = typeof position === 'number' ? this.at[position] : undefined;
    if (cell === undefined) throw badPosition(position);
    return this.candidates[cell]!;
  }

  /** Removes the digits of `mask` from the candidates at a position; returns the bits actually removed. */
  removeMask(position: number, mask: number): number {
    // The type first: indexing with an object would call its toString, which may throw an engine error.
    const cell = typeof position === 'number' ? this.at[position] : undefined;
    if (cell === undefined) throw badPosition(position);
    expectMask(mask, 'a candidate mask to remove');
    const had = this.candidates[cell]!;
    const removed = had & mask;
    if (removed) this.candidates[cell] = had & ~mask;
    return removed;
  }

  /** The positions holding a digit as a candidate, as a 9-bit mask (bit k for position k). */
  positionsOf(digit: number): number {
    if ((digit | 0) !== digit || digit < 1 || digit > 9) throw badDigit(digit);
    const bit = 1 << (digit - 1);
    const { at, candidates } = this;
    let out = 0;
    for (let k = 0; k < 9; k++) if (candidates[at[k]!]! & bit) out |= 1 << k;
    return out;
  }

  /** Fills `out[d - 1]` with positionsOf(d) for the nine digits in one pass (no allocation); returns `out`. */
  positionsByDigit(out: Uint16Array): Uint16Array {
    if (!(out instanceof Uint16Array) || out.length < 9) throw new TypeError(`positionsByDigit needs a Uint16Array of at least 9; got ${describeValue(out)}`);
    out.fill(0, 0, 9);
    const { at, candidates } = this;
    for (let k = 0; k < 9; k++) {
      let m = candidates[at[k]!]!;
      while (m) {
        const bit = m & -m;
        m ^= bit;
        out[31 - Math.clz32(bit)]! |= 1 << k;
      }
    }
    return out;
  }

  /** The union of the candidates at the positions of a 9-bit position mask (default all 9). */
  unionOf(positions = 0x1ff): number {
    if ((positions & 0x1ff) !== positions || typeof positions !== 'number') expectMask(positions, 'a position mask');
    const { at, candidates } = this;
    let out = 0;
    for (let k = 0; k < 9; k++) if (positions & (1 << k)) out |= candidates[at[k]!]!;
    return out;
  }

  /** The digits placed in the component, as a mask. */
  placedMask(): number {
    const { at, values } = this;
    let out = 0;
    for (let k = 0; k < 9; k++) {
      const v = values[at[k]!]!;
      if (v) out |= 1 << (v - 1);
    }
    return out;
  }

  /** The positions of the empty cells, as a 9-bit mask. */
  emptyPositions(): number {
    const { at, values } = this;
    let out = 0;
    for (let k = 0; k < 9; k++) if (!values[at[k]!]) out |= 1 << k;
    return out;
  }

  // ---- the string view -------------------------------------------------------------------------------------------

  /** The candidate bitmask at a position as the string view sees it: a solved cell's mask is its value's bit. */
  maskAt(position: number): number {
    const cell = this.cellAt(position);
    const v = this.values[cell]!;
    return v ? 1 << (v - 1) : this.candidates[cell]!;
  }

  /** Sets the candidate bitmask at a position of an empty cell (1..511). */
  setMaskAt(position: number, mask: number): void {
    const cell = this.cellAt(position);
    if (this.values[cell]) throw new RangeError(`${cellName(cell)} holds ${this.values[cell]}; its candidates cannot be set`);
    if (!Number.isInteger(mask) || mask < 1 || mask > 0x1ff) {
      throw new RangeError(`a candidate mask must be an integer from 1 to 511 (a cell needs a candidate); got ${describeValue(mask)}`);
    }
    this.candidates[cell] = mask;
  }

  /** Whether the cell at a position is solved. */
  isSolvedAt(position: number): boolean {
    return this.values[this.cellAt(position)] !== 0;
  }

  /** The candidates at a position as sorted digit strings, like ['1', '2']; a solved cell's only candidate is its value. */
  candidatesAt(position: number): string[] {
    return stringsOfMask(this.maskAt(position));
  }

  /** Sets the candidates at a position (digit strings, any order, at least one). */
  setCandidatesAt(position: number, candidates: readonly string[]): void {
    this.setMaskAt(position, maskOfStrings(candidates, 'candidates'));
  }

  /** Removes candidates at a position (digits not there are ignored; a solved cell is left alone). */
  removeCandidatesAt(position: number, toRemove: readonly string[]): void {
    this.cellAt(position);
    this.removeMask(position, maskOfStrings(toRemove, 'candidates to remove'));
  }
}
