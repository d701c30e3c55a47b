import type { Component } from './component.js';
import { DIGIT_STRINGS, stringsOfMask } from './digit-strings.js';
import { describeValue } from './errors.js';
import { Grid } from './grid.js';

/** A Sudoku puzzle made of 9 row strings: the string-based view of the "Lonely Duos" naked-pairs article (digits as strings) over a bitmask Grid. */
export class Puzzle {
  /** The candidate state this puzzle reads and writes (its components are `grid.components`). */
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

  /** The 27 components of the puzzle's grid: rows 0..8, columns 9..17, boxes 18..26. */
  get components(): readonly Component[] {
    return this.grid.components;
  }

  /** The candidates of a cell (0..80) as sorted digit strings; a solved cell's only candidate is its value. */
  candidatesAt(cell: number): string[] {
    // The type first: indexing with an object whose toString is not a function is an engine TypeError, not ours.
    const v = typeof cell === 'number' ? this.grid.values[cell] : undefined;
    if (v === undefined || !Number.isInteger(cell)) throw new RangeError(`cell must be an integer from 0 to 80; got ${describeValue(cell)}`);
    if (v) return [DIGIT_STRINGS[v - 1]!];
    return stringsOfMask(this.grid.candidates[cell]!);
  }

  /** The 9 rows as strings, '0' for an empty cell. */
  toList(): string[] {
    return Array.from({ length: 9 }, (_, r) => Array.from(this.grid.values.subarray(r * 9, r * 9 + 9)).join(''));
  }
}
