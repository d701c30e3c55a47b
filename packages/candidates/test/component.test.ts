import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Component, NakedPairsTechnique, Puzzle } from '../src/component.js';
import { expectError, EASY, prop } from './reference.js';

const empty = ['000000000', '000000000', '000000000', '000000000', '000000000', '000000000', '000000000', '000000000', '000000000'];
const ALL = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

describe('the seed: Puzzle, Component and naked pairs', () => {
  it('gives every cell of an empty grid all nine candidates', () => {
    const row = Component.row(Puzzle.fromList(empty), 0);
    for (let cell = 0; cell < 9; cell++) expect(row.candidatesAt(cell)).toEqual(ALL);
  });

  it('test_naked_pairs: {1,2} at 0 and 4 leave 3..9 in the rest of the row', () => {
    const puzzle = Puzzle.fromList(empty);
    const row = Component.row(puzzle, 0);
    row.setCandidatesAt(0, ['1', '2']);
    row.setCandidatesAt(4, ['1', '2']);
    expect(row.candidatesAt(0)).toEqual(['1', '2']);
    new NakedPairsTechnique(row).apply();
    for (const cell of [1, 2, 3, 5, 6, 7, 8]) expect(row.candidatesAt(cell)).toEqual(['3', '4', '5', '6', '7', '8', '9']);
    expect(row.candidatesAt(4)).toEqual(['1', '2']);
  });

  it('test_naked_pairs_2: {8,9} at 1 and 3 leave 1..7', () => {
    const row = Component.row(Puzzle.fromList(empty), 0);
    for (let cell = 0; cell < 9; cell++) expect(row.candidatesAt(cell)).toEqual(ALL);
    row.setCandidatesAt(1, ['8', '9']);
    row.setCandidatesAt(3, ['8', '9']);
    new NakedPairsTechnique(row).apply();
    for (const cell of [0, 2, 4, 5, 6, 7, 8]) expect(row.candidatesAt(cell)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('test_find_etc: {7,8} at 0 and 3, {5,6} at 2 and 7 give [[0,3],[2,7]]', () => {
    const row = Component.row(Puzzle.fromList(empty), 0);
    row.setCandidatesAt(0, ['7', '8']);
    row.setCandidatesAt(3, ['7', '8']);
    row.setCandidatesAt(2, ['5', '6']);
    row.setCandidatesAt(7, ['5', '6']);
    expect(new NakedPairsTechnique(row).findPairsOfIndicesOfNakedPairs()).toEqual([[0, 3], [2, 7]]);
  });

  it('finds nothing when the two cells differ or hold three candidates', () => {
    const row = Component.row(Puzzle.fromList(empty), 0);
    row.setCandidatesAt(0, ['7', '8']);
    row.setCandidatesAt(3, ['7', '9']);
    row.setCandidatesAt(5, ['1', '2', '3']);
    row.setCandidatesAt(6, ['1', '2', '3']);
    expect(new NakedPairsTechnique(row).findPairsOfIndicesOfNakedPairs()).toEqual([]);
  });

  it('works on columns and boxes, through the same bitmask grid', () => {
    const puzzle = Puzzle.fromList(empty);
    const col = Component.column(puzzle, 2);
    col.setCandidatesAt(0, ['3', '4']);
    col.setCandidatesAt(8, ['3', '4']);
    new NakedPairsTechnique(col).apply();
    expect(col.candidatesAt(4)).toEqual(['1', '2', '5', '6', '7', '8', '9']);
    // Column 2 position 4 is cell 4*9+2; the box view of box 3 sees it at position 2 (row 4, column 2).
    expect(Component.box(puzzle, 3).candidatesAt(5)).toEqual(['1', '2', '5', '6', '7', '8', '9']);
    expect(puzzle.grid.candidates[38]).toBe(0b111110011);
    const box = Component.box(puzzle, 8);
    expect(box.cells).toEqual([60, 61, 62, 69, 70, 71, 78, 79, 80]);
  });

  it('reads givens: candidates exclude the givens of peers, a solved cell shows its value', () => {
    const rows = Array.from({ length: 9 }, (_, r) => EASY.slice(r * 9, r * 9 + 9));
    const puzzle = Puzzle.fromList(rows);
    const row = Component.row(puzzle, 0);
    expect(row.candidatesAt(2)).toEqual(['3']);
    expect(row.isSolvedAt(2)).toBe(true);
    expect(row.candidatesAt(0)).toEqual(['4', '5']);
    expect(puzzle.toList()).toEqual(rows);
    row.removeCandidatesAt(2, ['3']); // a solved cell is left alone
    expect(row.candidatesAt(2)).toEqual(['3']);
    expectError(() => row.setCandidatesAt(2, ['1']), RangeError, /r1c3 holds 3/);
  });

  it('rejects bad input with clear errors', () => {
    expectError(() => Puzzle.fromList(empty.slice(1)), RangeError, /9 row strings/);
    expectError(() => Puzzle.fromList([...empty.slice(1), '00000000x']), RangeError, /row 9 must be 9 characters/);
    expectError(() => Puzzle.fromList(['110000000', ...empty.slice(1)]), RangeError, /duplicate givens: 1 in r1c1 and r1c2/);
    const row = Component.row(Puzzle.fromList(empty), 0);
    expectError(() => Component.row(Puzzle.fromList(empty), 9), RangeError, /row index must be an integer from 0 to 8; got 9/);
    expectError(() => row.candidatesAt(9), RangeError, /position .* 0 to 8; got 9/);
    expectError(() => row.setCandidatesAt(0, []), RangeError, /needs a candidate/);
    expectError(() => row.setCandidatesAt(0, ['0']), RangeError, /digit strings '1'..'9'; got "0"/);
    expectError(() => row.removeCandidatesAt(0, ['x']), RangeError, /got "x"/);
  });

  prop([fc.subarray(ALL, { minLength: 1 }), fc.subarray(ALL), fc.integer({ min: 0, max: 8 })])(
    'set then remove leaves the difference, sorted',
    (set, remove, position) => {
      const row = Component.row(Puzzle.fromList(empty), 4);
      row.setCandidatesAt(position, [...set].reverse());
      expect(row.candidatesAt(position)).toEqual(set);
      row.removeCandidatesAt(position, remove);
      expect(row.candidatesAt(position)).toEqual(set.filter((d) => !remove.includes(d)));
    },
  );
});
