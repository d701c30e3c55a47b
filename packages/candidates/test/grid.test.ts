import fc from 'fast-check';
import { describeValue } from '@puzzles/kit/describe';
import { describe, expect, it } from 'vitest';
import { parseGivens } from '../src/formats.js';
import { Puzzle } from '../src/puzzle.js';
import { Grid, validateGrid } from '../src/grid.js';
import { formatElimination, formatPlacement, isTechniqueName, TECHNIQUE_NAMES } from '../src/step.js';
import { cellName, PEERS, SEES, UNIT_CELLS } from '../src/tables.js';
import { EASY, expectError, fuzzText, onlyOurErrors, prop } from './reference.js';

describe('Grid', () => {
  it('starts with every candidate and places digits, removing them from the 20 peers', () => {
    const grid = new Grid();
    expect(grid.candidatesOf(40)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    grid.place(40, 5);
    expect(grid.values[40]).toBe(5);
    expect(grid.candidatesOf(40)).toEqual([]);
    for (let cell = 0; cell < 81; cell++) {
      if (cell === 40) continue;
      expect(grid.has(cell, 5)).toBe(!SEES[40 * 81 + cell]);
    }
    expect(grid.eliminate(0, 1)).toBe(true);
    expect(grid.eliminate(0, 1)).toBe(false);
    expect(grid.solvedCount).toBe(1);
    expect(grid.isSolved()).toBe(false);
    const copy = grid.clone();
    copy.place(0, 2);
    expect(grid.values[0]).toBe(0);
    expectError(() => grid.candidatesOf(81), RangeError, /cell must be an integer from 0 to 80; got 81/);
  });

  it('applies steps and finds contradictions', () => {
    const grid = new Grid();
    grid.apply({ placements: [{ cell: 0, digit: 1 }], eliminations: [{ cell: 80, digit: 9 }] });
    expect(grid.values[0]).toBe(1);
    expect(grid.has(80, 9)).toBe(false);
    expect(grid.contradiction()).toBeNull();
    for (let k = 1; k < 9; k++) grid.eliminate(k, 2);
    expect(grid.contradiction()).toBe('row 1 has no place left for 2');
    grid.candidates[5] = 0;
    expect(grid.contradiction()).toBe('r1c6 has no candidates left');
    expectError(() => validateGrid(grid), RangeError, /r1c6 has no candidates/);
    expectError(() => validateGrid({} as Grid), TypeError, /expected a Grid/);
  });

  it('tables: 27 units of 9, 20 peers each, symmetric', () => {
    for (let cell = 0; cell < 81; cell++) {
      const peers = Array.from(PEERS.subarray(cell * 20, cell * 20 + 20));
      expect(new Set(peers).size).toBe(20);
      for (const p of peers) expect(SEES[p * 81 + cell]).toBe(1);
    }
    for (let u = 0; u < 27; u++) expect(new Set(UNIT_CELLS.subarray(u * 9, u * 9 + 9)).size).toBe(9);
    expect(cellName(0)).toBe('r1c1');
    expect(cellName(80)).toBe('r9c9');
    expect(formatPlacement({ cell: 64, digit: 1 })).toBe('r8c2=1');
    expect(formatElimination({ cell: 3, digit: 6 })).toBe('r1c4<>6');
  });

  it('knows the technique names', () => {
    expect(new Set(TECHNIQUE_NAMES).size).toBe(TECHNIQUE_NAMES.length);
    for (const t of TECHNIQUE_NAMES) expect(t).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(isTechniqueName('two-string-kite')).toBe(true);
    expect(isTechniqueName('Two-String Kite')).toBe(false);
  });

  prop([fc.array(fuzzText('0123456789.'), { maxLength: 10 })])('Puzzle.fromList throws only our errors on arbitrary lists', (rows) => {
    const puzzle = onlyOurErrors(() => Puzzle.fromList(rows));
    if (puzzle !== undefined) expect(puzzle.toList()).toEqual(rows.map((r) => r.replaceAll('.', '0')));
  });

  it('Puzzle.fromList round-trips the classic puzzle', () => {
    const rows = Array.from({ length: 9 }, (_, r) => EASY.slice(r * 9, r * 9 + 9));
    expect(Puzzle.fromList(rows).toList()).toEqual(rows);
  });
});

// Every public mutator and accessor of a Grid either does what it says or throws a RangeError/TypeError naming the
// bad value: never a silent no-op (a write past the end of a typed array is silently dropped) and never a raw crash.
describe('Grid: bad cells, digits and steps are errors, not silent no-ops', () => {
  it('place, eliminate, has and apply name the bad value and what was expected', () => {
    const grid = new Grid();
    expectError(() => grid.place(81, 1), RangeError, /^cell must be an integer from 0 to 80; got 81$/);
    expectError(() => grid.place(0, 10), RangeError, /^digit must be an integer from 1 to 9; got 10$/);
    expectError(() => grid.place(0, 0), RangeError, /digit must be an integer from 1 to 9; got 0/);
    expectError(() => grid.eliminate(-1, 1), RangeError, /cell must be an integer from 0 to 80; got -1/);
    expectError(() => grid.eliminate(0, 1.5), RangeError, /digit must be an integer from 1 to 9; got 1.5/);
    expectError(() => grid.has(81, 1), RangeError, /got 81/);
    expectError(() => grid.has(0, Number.NaN), RangeError, /got NaN/);
    expectError(() => grid.apply({ placements: [{ cell: 999, digit: 1 }], eliminations: [] }), RangeError, /the cell of placements\[0\] must be an integer from 0 to 80; got 999/);
    expectError(() => grid.apply({ placements: [], eliminations: [{ cell: 0, digit: 12 }] }), RangeError, /the digit of eliminations\[0\] must be an integer from 1 to 9; got 12/);
    expectError(() => grid.apply(null as never), TypeError, /a step must be a step, an object with placements and eliminations; got null/);
    expectError(() => grid.apply({} as never), TypeError, /placements must be an array of \{cell, digit\}; got undefined/);
    expectError(() => grid.apply({ placements: [null], eliminations: [] } as never), TypeError, /placements\[0\] must be a \{cell, digit\} object; got null/);
    // Nothing was changed by any of these.
    expect(grid.toString()).toBe('.'.repeat(81));
    expect(grid.candidates.every((m) => m === 0x1ff)).toBe(true);
  });

  it('a step is checked whole before any of it is applied', () => {
    const grid = new Grid();
    expectError(
      () => grid.apply({ placements: [{ cell: 0, digit: 1 }], eliminations: [{ cell: 80, digit: 9 }, { cell: 81, digit: 9 }] }),
      RangeError,
      /eliminations\[1\] .* got 81/,
    );
    expect(grid.values[0]).toBe(0);
    expect(grid.has(80, 9)).toBe(true);
  });

  it('placing over another value is a RangeError; placing the same value again does nothing', () => {
    const grid = new Grid();
    grid.place(40, 5);
    grid.place(40, 5);
    expect(grid.values[40]).toBe(5);
    expectError(() => grid.place(40, 6), RangeError, /^r5c5 already holds 5; cannot place 6 there$/);
    expectError(() => grid.apply({ placements: [{ cell: 40, digit: 6 }], eliminations: [] }), RangeError, /places 6 in r5c5, which holds 5/);
    expectError(() => grid.apply({ placements: [{ cell: 0, digit: 1 }, { cell: 0, digit: 2 }], eliminations: [] }), RangeError, /places 2 in r1c1, which holds 1/);
    expect(grid.values[40]).toBe(5);
    expect(grid.values[0]).toBe(0);
    grid.apply({ placements: [{ cell: 40, digit: 5 }], eliminations: [] });
    expect(grid.solvedCount).toBe(1);
  });

  it('the constructor and fromValues refuse values a typed array would wrap or drop', () => {
    expectError(() => new Grid([1, 2, 3]), RangeError, /the values of a grid must be 81 integers; got 3/);
    expectError(() => new Grid(Array(81).fill(300)), RangeError, /values of a grid must be integers from 0 to 9; got 300 for r1c1/);
    expectError(() => new Grid(undefined, Array(81).fill(512)), RangeError, /candidates of a grid must be integers from 0 to 511; got 512/);
    expectError(() => new Grid(Array(81).fill(-1)), RangeError, /got -1/);
    expectError(() => new Grid(5 as never), TypeError, /values of a grid must be an array of 81 integers; got 5/);
    expectError(() => Grid.fromValues(null as never), TypeError, /a grid needs an array of 81 values; got null/);
    expectError(() => Grid.fromValues(Array(81).fill(0.5)), RangeError, /the value of r1c1 must be an integer from 1 to 9; got 0.5/);
  });

  it('tells givens from values placed while solving: apply marks its placements, clone and fromValues keep the marks', () => {
    const grid = Grid.fromValues(parseGivens(EASY).values);
    const clue = grid.values.findIndex((v) => v !== 0);
    const empty = grid.values.findIndex((v) => v === 0);
    expect(grid.isGiven(clue)).toBe(true);
    expect(grid.isGiven(empty)).toBe(false);
    const digit = grid.candidatesOf(empty)[0]!;
    grid.apply({ placements: [{ cell: empty, digit }], eliminations: [] });
    expect(grid.isGiven(empty)).toBe(false);
    expect(grid.placed[empty]).toBe(1);
    expect(grid.placed[clue]).toBe(0);
    expect(grid.clone().placed).toEqual(grid.placed);
    expect(Grid.fromValues(grid.values, grid.placed).placed).toEqual(grid.placed);
    expect(new Grid(grid.values, grid.candidates, grid.placed).isGiven(empty)).toBe(false);
    // place() enters a given; a flag on an empty cell means nothing.
    const other = grid.values.findIndex((v) => v === 0);
    grid.place(other, grid.candidatesOf(other)[0]!);
    expect(grid.isGiven(other)).toBe(true);
    expect(new Grid(Array(81).fill(0), undefined, Array(81).fill(1)).placed.every((f) => f === 0)).toBe(true);
    expectError(() => new Grid(undefined, undefined, Array(81).fill(2)), RangeError, /placed flags of a grid must be integers from 0 to 1; got 2 for r1c1/);
    expectError(() => Grid.fromValues(grid.values, [1]), RangeError, /placed flags of a grid must be 81 integers; got 1/);
    expectError(() => grid.isGiven(81), RangeError, /81/);
  });

  const anything = fc.oneof(
    fc.integer({ min: -5, max: 90 }),
    fc.integer(),
    fc.double(),
    fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, '1', '', null, undefined, true, {}, [1]),
  );
  const isCell = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 80;
  const isDigit = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 9;

  /** Calls fn on a copy of a grid: valid arguments must work, a bad one must throw naming it and change nothing. */
  function checked(grid: Grid, valid: boolean, bad: unknown, fn: (g: Grid) => unknown): void {
    const before = grid.clone();
    if (valid) {
      fn(grid);
      return;
    }
    let thrown: unknown;
    try {
      fn(grid);
    } catch (error) {
      thrown = error;
    }
    expect(thrown instanceof RangeError || thrown instanceof TypeError, `no error for ${describeValue(bad)}`).toBe(true);
    expect((thrown as Error).message).toContain(`got ${describeValue(bad)}`);
    expect(grid.values).toEqual(before.values);
    expect(grid.candidates).toEqual(before.candidates);
  }

  prop([anything, anything])('place, eliminate, has, candidatesOf, componentsOf and apply on arbitrary cells and digits', (cell, digit) => {
    const valid = isCell(cell) && isDigit(digit);
    const bad = isCell(cell) ? digit : cell;
    const grid = parseGivens(EASY);
    checked(grid, isCell(cell), cell, (g) => g.candidatesOf(cell as number));
    checked(grid, isCell(cell), cell, (g) => g.componentsOf(cell as number));
    checked(grid, isCell(cell), cell, (g) => g.componentOf(cell as number, 2));
    checked(grid, valid, bad, (g) => expect(g.has(cell as number, digit as number)).toBe(((g.candidates[cell as number]! >> ((digit as number) - 1)) & 1) === 1));
    checked(grid, valid, bad, (g) => g.eliminate(cell as number, digit as number));
    const held = valid ? grid.values[cell]! : 0;
    if (held === 0 || held === digit) {
      checked(grid.clone(), valid, bad, (g) => g.place(cell as number, digit as number));
      checked(grid.clone(), valid, bad, (g) => g.apply({ placements: [{ cell: cell as number, digit: digit as number }], eliminations: [] }));
    } else {
      // A valid cell and digit, but the cell holds another value: placing over it is refused, naming both.
      expectError(() => grid.place(cell as number, digit as number), RangeError, new RegExp(`already holds ${held}; cannot place ${String(digit)} there`));
      expectError(() => grid.apply({ placements: [{ cell: cell as number, digit: digit as number }], eliminations: [] }), RangeError, /which holds/);
    }
    checked(grid, valid, bad, (g) => g.apply({ placements: [], eliminations: [{ cell: cell as number, digit: digit as number }] }));
    if (valid) {
      const copy = parseGivens(EASY);
      if (copy.values[cell] === 0) {
        copy.place(cell, digit);
        expect(copy.values[cell]).toBe(digit);
        for (let k = 0; k < 20; k++) expect(copy.has(PEERS[cell * 20 + k]!, digit)).toBe(false);
      }
    }
  });
});
