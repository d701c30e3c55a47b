import { Component } from './component.js';
import { describeValue, expectCell, expectDigit, expectStepLike } from './errors.js';
import type { Step } from './step.js';
import { ALL, cellName, CELL_UNITS, LOWEST_DIGIT, PEERS, UNIT_CELLS, unitName } from './tables.js';

/**
 * The state of a Sudoku: a value per cell (0 when empty) and a candidate bitmask per empty cell (bit d-1 for digit d;
 * 0 for a solved cell). Placing a value removes it from the candidates of the cell's 20 peers.
 */
export class Grid {
  /** The value of each cell, 1..9, or 0 when empty. */
  readonly values: Uint8Array;
  /** The candidates of each empty cell as a bitmask (bit d-1 for digit d); 0 for a solved cell. */
  readonly candidates: Uint16Array;
  /**
   * 1 for a cell whose value was placed while solving (by a step: `apply`, the solver), 0 for a given or an empty
   * cell. A value entered with `place`, or in the arrays a grid is made from, is a given unless `placed` says
   * otherwise. Avoidable rectangles need the difference: a pattern of placed values could be swapped, one of givens
   * could not.
   */
  readonly placed: Uint8Array;
  /**
   * The 27 components, made once with the grid: rows 0..8, columns 9..17, boxes 18..26 (the unit numbers). Each is a
   * view over `candidates` and `values`; the techniques read candidates through them.
   */
  readonly components: readonly Component[];

  /**
   * An empty grid (every candidate everywhere), or a copy of the given arrays: 81 values 0..9 (0 = empty), 81
   * candidate masks 0..511, and 81 flags 0 or 1 marking the values that were placed while solving rather than given
   * (HoDoKu writes them with a '+'; default: every value is a given). The state is not checked for contradictions
   * (see `validateGrid`).
   */
  constructor(values?: ArrayLike<number>, candidates?: ArrayLike<number>, placed?: ArrayLike<number>) {
    this.values = new Uint8Array(81);
    this.candidates = new Uint16Array(81).fill(ALL);
    this.placed = new Uint8Array(81);
    if (values !== undefined) this.values.set(expectCells(values, 'values', 9));
    if (candidates !== undefined) this.candidates.set(expectCells(candidates, 'candidates', ALL));
    if (placed !== undefined) this.placed.set(expectCells(placed, 'placed flags', 1));
    for (let cell = 0; cell < 81; cell++) {
      if (this.values[cell]) this.candidates[cell] = 0;
      else this.placed[cell] = 0;
    }
    const components: Component[] = [];
    for (let u = 0; u < 27; u++) components.push(new Component(this, u));
    this.components = components;
  }

  /** Row 0..8. */
  row(index: number): Component {
    return this.components[expectIndex(index, 'row')]!;
  }

  /** Column 0..8. */
  column(index: number): Component {
    return this.components[9 + expectIndex(index, 'column')]!;
  }

  /** Box 0..8 (row-major). */
  box(index: number): Component {
    return this.components[18 + expectIndex(index, 'box')]!;
  }

  /** One of the three components of a cell, without allocating: kind 0 its row, 1 its column, 2 its box. */
  componentOf(cell: number, kind: 0 | 1 | 2): Component {
    // Types first: arithmetic on an object would call its toString, which may throw an engine error.
    const u = typeof cell === 'number' && typeof kind === 'number' ? CELL_UNITS[cell * 3 + kind] : undefined;
    if (u === undefined || !Number.isInteger(cell) || cell < 0 || (kind !== 0 && kind !== 1 && kind !== 2)) {
      expectCell(cell);
      throw new RangeError(`a component kind must be 0 (row), 1 (column) or 2 (box); got ${describeValue(kind)}`);
    }
    return this.components[u]!;
  }

  /** The row, column and box of a cell (0..80). */
  componentsOf(cell: number): [row: Component, column: Component, box: Component] {
    expectCell(cell);
    const c = this.components;
    return [c[CELL_UNITS[cell * 3]!]!, c[CELL_UNITS[cell * 3 + 1]!]!, c[CELL_UNITS[cell * 3 + 2]!]!];
  }

  /**
   * A grid from 81 values (0 = empty): the values placed, their digits removed from their peers' candidates. They are
   * givens, except where `placed` (81 flags 0 or 1) marks a value placed while solving.
   */
  static fromValues(values: ArrayLike<number>, placed?: ArrayLike<number>): Grid {
    if (typeof values !== 'object' || values === null || typeof values.length !== 'number') {
      throw new TypeError(`a grid needs an array of 81 values; got ${describeValue(values)}`);
    }
    if (values.length !== 81) throw new RangeError(`a grid needs 81 values; got ${values.length}`);
    const grid = new Grid();
    for (let cell = 0; cell < 81; cell++) {
      const v = values[cell]!;
      if (v === 0) continue;
      expectDigit(v, `the value of ${cellName(cell)}`);
      for (let k = 0; k < 20; k++) {
        const peer = PEERS[cell * 20 + k]!;
        if (peer < cell && values[peer] === v) {
          throw new RangeError(`duplicate givens: ${v} in ${cellName(peer)} and ${cellName(cell)}`);
        }
      }
      grid.place(cell, v);
    }
    if (placed !== undefined) {
      expectCells(placed, 'placed flags', 1);
      for (let cell = 0; cell < 81; cell++) grid.placed[cell] = grid.values[cell] ? placed[cell]! : 0;
    }
    return grid;
  }

  /** An independent copy. */
  clone(): Grid {
    return new Grid(this.values, this.candidates, this.placed);
  }

  /** Whether a cell (0..80) holds a given: a value that was not placed while solving. */
  isGiven(cell: number): boolean {
    expectCell(cell);
    return this.values[cell] !== 0 && this.placed[cell] === 0;
  }

  /**
   * Places a digit in a cell (0..80): sets the value, clears the cell's candidates and removes the digit from its
   * peers. Placing the value a cell already holds does nothing; placing another one over it is a RangeError.
   */
  place(cell: number, digit: number): void {
    expectCell(cell);
    expectDigit(digit);
    const held = this.values[cell]!;
    if (held !== 0 && held !== digit) throw new RangeError(`${cellName(cell)} already holds ${held}; cannot place ${digit} there`);
    this.placeUnchecked(cell, digit);
  }

  private placeUnchecked(cell: number, digit: number): void {
    this.values[cell] = digit;
    this.candidates[cell] = 0;
    const bit = ~(1 << (digit - 1));
    const base = cell * 20;
    for (let k = 0; k < 20; k++) {
      const peer = PEERS[base + k]!;
      this.candidates[peer]! &= bit;
    }
  }

  /** Removes a candidate digit (1..9) from a cell (0..80); returns whether it was there. */
  eliminate(cell: number, digit: number): boolean {
    expectCell(cell);
    expectDigit(digit);
    const bit = 1 << (digit - 1);
    const had = (this.candidates[cell]! & bit) !== 0;
    this.candidates[cell]! &= ~bit;
    return had;
  }

  /**
   * Applies a step: its placements (marked as placed, not given), then its eliminations. The whole step is checked first (every cell 0..80, every
   * digit 1..9, no placement over another value), so a bad step changes nothing and throws a RangeError or TypeError.
   */
  apply(step: Pick<Step, 'placements' | 'eliminations'>): void {
    expectStepLike(step, 'a step');
    const placed = new Map<number, number>();
    for (const { cell, digit } of step.placements) {
      const held = placed.get(cell) ?? this.values[cell]!;
      if (held !== 0 && held !== digit) throw new RangeError(`the step places ${digit} in ${cellName(cell)}, which holds ${held}`);
      placed.set(cell, digit);
    }
    applyTrusted(this, step);
  }

  /** Whether a digit (1..9) is a candidate of a cell (0..80). */
  has(cell: number, digit: number): boolean {
    expectCell(cell);
    expectDigit(digit);
    return (this.candidates[cell]! & (1 << (digit - 1))) !== 0;
  }

  /** The candidates of a cell as digits, ascending (empty for a solved cell). */
  candidatesOf(cell: number): number[] {
    expectCell(cell);
    const out: number[] = [];
    const mask = this.candidates[cell]!;
    for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) out.push(d);
    return out;
  }

  /** How many cells hold a value. */
  get solvedCount(): number {
    let n = 0;
    for (let cell = 0; cell < 81; cell++) if (this.values[cell]) n++;
    return n;
  }

  /** Whether every cell holds a value. */
  isSolved(): boolean {
    for (let cell = 0; cell < 81; cell++) if (!this.values[cell]) return false;
    return true;
  }

  /** The first contradiction of the state (a cell or unit with no place left, a repeated value), or null. */
  contradiction(): string | null {
    for (let cell = 0; cell < 81; cell++) {
      if (!this.values[cell] && this.candidates[cell] === 0) return `${cellName(cell)} has no candidates left`;
    }
    for (let u = 0; u < 27; u++) {
      let placed = 0;
      let open = 0;
      for (let k = 0; k < 9; k++) {
        const cell = UNIT_CELLS[u * 9 + k]!;
        const v = this.values[cell]!;
        if (v) {
          const bit = 1 << (v - 1);
          if (placed & bit) return `${v} appears twice in ${unitName(u)}`;
          placed |= bit;
        } else open |= this.candidates[cell]!;
      }
      const missing = ALL & ~placed & ~open;
      if (missing) return `${unitName(u)} has no place left for ${LOWEST_DIGIT[missing]}`;
    }
    return null;
  }

  /** The 81-character string of the values, '.' for an empty cell. */
  toString(): string {
    let out = '';
    for (let cell = 0; cell < 81; cell++) out += this.values[cell] ? String(this.values[cell]) : '.';
    return out;
  }
}

/** 81 integers from 0 to `max`, checked before they are copied into a typed array (which would wrap them silently). */
/**
 * `grid.apply` for a step the library's own techniques made (cells, digits and placements already sound), without the
 * checks: the solver's loop. Placements are marked as placed, not given. @internal
 */
export function applyTrusted(grid: Grid, step: Pick<Step, 'placements' | 'eliminations'>): void {
  const { values, candidates, placed } = grid;
  for (const { cell, digit } of step.placements) {
    if (values[cell] !== 0) continue;
    values[cell] = digit;
    candidates[cell] = 0;
    placed[cell] = 1;
    const keep = ~(1 << (digit - 1));
    for (let k = cell * 20, end = k + 20; k < end; k++) candidates[PEERS[k]!]! &= keep;
  }
  for (const e of step.eliminations) candidates[e.cell]! &= ~(1 << (e.digit - 1));
}

function expectCells(list: ArrayLike<number>, what: string, max: number): ArrayLike<number> {
  if (typeof list !== 'object' || list === null || typeof list.length !== 'number') {
    throw new TypeError(`the ${what} of a grid must be an array of 81 integers; got ${describeValue(list)}`);
  }
  if (list.length !== 81) throw new RangeError(`the ${what} of a grid must be 81 integers; got ${list.length}`);
  for (let cell = 0; cell < 81; cell++) {
    const v = list[cell];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) {
      throw new RangeError(`the ${what} of a grid must be integers from 0 to ${max}; got ${describeValue(v)} for ${cellName(cell)}`);
    }
  }
  return list;
}

function expectIndex(index: number, what: string): number {
  if (!Number.isInteger(index) || index < 0 || index > 8) throw new RangeError(`a ${what} index must be an integer from 0 to 8; got ${describeValue(index)}`);
  return index;
}

/**
 * Checks a starting state (for instance a player's pencil marks): every empty cell has a candidate, no value repeats in
 * a unit, no candidate repeats a value in the same unit, and every unit has a place for each digit. Throws a RangeError
 * naming the first problem.
 */
export function validateGrid(grid: Grid): void {
  if (!(grid instanceof Grid)) throw new TypeError(`expected a Grid; got ${describeValue(grid)}`);
  for (let cell = 0; cell < 81; cell++) {
    const v = grid.values[cell]!;
    if (v > 9) throw new RangeError(`the value of ${cellName(cell)} must be 0..9; got ${v}`);
    if (v) {
      if (grid.candidates[cell] !== 0) {
        throw new RangeError(`${cellName(cell)} holds ${v} but also has candidates`);
      }
      for (let k = 0; k < 20; k++) {
        const peer = PEERS[cell * 20 + k]!;
        if (peer < cell && grid.values[peer] === v) {
          throw new RangeError(`duplicate values: ${v} in ${cellName(peer)} and ${cellName(cell)}`);
        }
        if (grid.candidates[peer]! & (1 << (v - 1))) {
          throw new RangeError(`${cellName(peer)} has candidate ${v}, but ${cellName(cell)} in the same ${sharedUnit(cell, peer)} holds ${v}`);
        }
      }
    } else {
      const mask = grid.candidates[cell]!;
      if (mask > ALL) throw new RangeError(`the candidates of ${cellName(cell)} must be a 9-bit mask; got ${mask}`);
      if (mask === 0) throw new RangeError(`${cellName(cell)} has no candidates`);
    }
  }
  const problem = grid.contradiction();
  if (problem !== null) throw new RangeError(problem);
}

function sharedUnit(a: number, b: number): string {
  for (let j = 0; j < 3; j++) {
    if (CELL_UNITS[a * 3 + j] === CELL_UNITS[b * 3 + j]) return ['row', 'column', 'box'][j]!;
  }
  return 'unit';
}
