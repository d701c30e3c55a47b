import { describeValue } from './errors.js';
import { Grid } from './grid.js';
import { cellName, POPCOUNT, UNIT_CELLS } from './tables.js';

const DIGIT_STRINGS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

function maskOfStrings(digits: readonly string[], what: string): number {
  if (!Array.isArray(digits)) throw new TypeError(`${what} must be an array of digit strings '1'..'9'; got ${describeValue(digits)}`);
  let mask = 0;
  for (const d of digits) {
    const i = DIGIT_STRINGS.indexOf(d as (typeof DIGIT_STRINGS)[number]);
    if (i < 0) throw new RangeError(`${what} must be digit strings '1'..'9'; got ${describeValue(d)}`);
    mask |= 1 << i;
  }
  return mask;
}

/** A Sudoku puzzle made of 9 row strings: the string-based view (digits as strings) over a bitmask Grid. */
export class Puzzle {
  /** The candidate state this puzzle reads and writes. */
  readonly grid: Grid;

  /** A puzzle over an existing grid (shared, not copied). */
  constructor(grid: Grid = new Grid()) {
    if (!(grid instanceof Grid)) throw new TypeError(`a Puzzle needs a Grid; got ${describeValue(grid)}`);
    this.grid = grid;
  }

  /** A puzzle from 9 strings of 9 digits, '0' (or '.') for an empty cell; empty cells get the candidates the givens leave. */
  static fromList(rows: readonly string[]): Puzzle {
    if (!Array.isArray(rows) || rows.length !== 9) {
      throw new RangeError(`a puzzle needs a list of 9 row strings; got ${describeValue(rows)}`);
    }
    const values = new Uint8Array(81);
    rows.forEach((row, r) => {
      if (typeof row !== 'string' || !/^[0-9.]{9}$/.test(row)) {
        throw new RangeError(`row ${r + 1} must be 9 characters 0-9 or '.'; got ${describeValue(row)}`);
      }
      for (let k = 0; k < 9; k++) values[r * 9 + k] = row[k] === '.' ? 0 : row.charCodeAt(k) - 48;
    });
    return new Puzzle(Grid.fromValues(values));
  }

  /** The candidates of a cell (0..80) as sorted digit strings; a solved cell's only candidate is its value. */
  candidatesAt(cell: number): string[] {
    const v = this.grid.values[cell];
    if (v === undefined || !Number.isInteger(cell)) throw new RangeError(`cell must be an integer from 0 to 80; got ${describeValue(cell)}`);
    if (v) return [DIGIT_STRINGS[v - 1]!];
    const mask = this.grid.candidates[cell]!;
    return DIGIT_STRINGS.filter((_, i) => mask & (1 << i));
  }

  /** The 9 rows as strings, '0' for an empty cell. */
  toList(): string[] {
    return Array.from({ length: 9 }, (_, r) => Array.from(this.grid.values.subarray(r * 9, r * 9 + 9)).join(''));
  }
}

/** A row, column or box of a puzzle: reads and writes the candidates of its 9 cells by position 0..8. */
export class Component {
  /** The puzzle it belongs to. */
  readonly puzzle: Puzzle;
  /** The unit number: 0..8 rows, 9..17 columns, 18..26 boxes. */
  readonly unit: number;
  /** The 9 cells (0..80) of the component, in position order. */
  readonly cells: readonly number[];

  private constructor(puzzle: Puzzle, unit: number) {
    this.puzzle = puzzle;
    this.unit = unit;
    this.cells = Array.from(UNIT_CELLS.subarray(unit * 9, unit * 9 + 9));
  }

  private static make(puzzle: Puzzle, index: number, offset: number, what: string): Component {
    if (!(puzzle instanceof Puzzle)) throw new TypeError(`Component.${what} needs a Puzzle; got ${describeValue(puzzle)}`);
    if (!Number.isInteger(index) || index < 0 || index > 8) {
      throw new RangeError(`a ${what} index must be an integer from 0 to 8; got ${describeValue(index)}`);
    }
    return new Component(puzzle, offset + index);
  }

  /** Row 0..8 of a puzzle. */
  static row(puzzle: Puzzle, index: number): Component {
    return Component.make(puzzle, index, 0, 'row');
  }

  /** Column 0..8 of a puzzle. */
  static column(puzzle: Puzzle, index: number): Component {
    return Component.make(puzzle, index, 9, 'column');
  }

  /** Box 0..8 of a puzzle (row-major boxes, positions row-major inside the box). */
  static box(puzzle: Puzzle, index: number): Component {
    return Component.make(puzzle, index, 18, 'box');
  }

  private cellAt(position: number): number {
    const cell = this.cells[position];
    if (cell === undefined || !Number.isInteger(position)) {
      throw new RangeError(`a position in a component must be an integer from 0 to 8; got ${describeValue(position)}`);
    }
    return cell;
  }

  /** The candidate bitmask at a position (bit d-1 for digit d; a solved cell's mask is its value's bit). */
  maskAt(position: number): number {
    const cell = this.cellAt(position);
    const v = this.puzzle.grid.values[cell]!;
    return v ? 1 << (v - 1) : this.puzzle.grid.candidates[cell]!;
  }

  /** Sets the candidate bitmask at a position of an empty cell (1..511). */
  setMaskAt(position: number, mask: number): void {
    const cell = this.cellAt(position);
    if (this.puzzle.grid.values[cell]) throw new RangeError(`${cellName(cell)} holds ${this.puzzle.grid.values[cell]}; its candidates cannot be set`);
    if (!Number.isInteger(mask) || mask < 1 || mask > 0x1ff) {
      throw new RangeError(`a candidate mask must be an integer from 1 to 511 (a cell needs a candidate); got ${describeValue(mask)}`);
    }
    this.puzzle.grid.candidates[cell] = mask;
  }

  /** Whether the cell at a position is solved. */
  isSolvedAt(position: number): boolean {
    return this.puzzle.grid.values[this.cellAt(position)] !== 0;
  }

  /** The candidates at a position as sorted digit strings, like ['1', '2']. */
  candidatesAt(position: number): string[] {
    return this.puzzle.candidatesAt(this.cellAt(position));
  }

  /** Sets the candidates at a position (digit strings, any order, at least one). */
  setCandidatesAt(position: number, candidates: readonly string[]): void {
    this.setMaskAt(position, maskOfStrings(candidates, 'candidates'));
  }

  /** Removes candidates at a position (digits not there are ignored; a solved cell is left alone). */
  removeCandidatesAt(position: number, toRemove: readonly string[]): void {
    const cell = this.cellAt(position);
    const mask = maskOfStrings(toRemove, 'candidates to remove');
    if (this.puzzle.grid.values[cell]) return;
    this.puzzle.grid.candidates[cell]! &= ~mask;
  }
}

/** The seed's naked-pairs technique on one component: two cells holding exactly the same two candidates. */
export class NakedPairsTechnique {
  /** The component it works on. */
  readonly component: Component;

  constructor(component: Component) {
    if (!(component instanceof Component)) throw new TypeError(`NakedPairsTechnique needs a Component; got ${describeValue(component)}`);
    this.component = component;
  }

  /** The positions [i, j] (i < j) of every two empty cells holding exactly the same two candidates, in order. */
  findPairsOfIndicesOfNakedPairs(): number[][] {
    const result: number[][] = [];
    for (let i = 0; i < 9; i++) {
      if (this.component.isSolvedAt(i)) continue;
      const mask = this.component.maskAt(i);
      if (POPCOUNT[mask] !== 2) continue;
      for (let j = i + 1; j < 9; j++) {
        if (!this.component.isSolvedAt(j) && this.component.maskAt(j) === mask) result.push([i, j]);
      }
    }
    return result;
  }

  /** Removes each naked pair's two digits from the component's other empty cells. */
  apply(): void {
    for (const pair of this.findPairsOfIndicesOfNakedPairs()) {
      const toRemove = this.component.candidatesAt(pair[0]!);
      for (let position = 0; position < 9; position++) {
        if (position !== pair[0] && position !== pair[1]) this.component.removeCandidatesAt(position, toRemove);
      }
    }
  }
}
