import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
    expect(TECHNIQUE_NAMES).toHaveLength(23);
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
