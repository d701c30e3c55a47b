import fc from 'fast-check';
import { describeValue } from '@puzzles/kit/describe';
import { describe, expect, it } from 'vitest';
import { Component } from '../src/component.js';
import { NakedPairsTechnique } from '../src/naked-pairs.js';
import { Puzzle } from '../src/puzzle.js';
import { Grid } from '../src/grid.js';
import { digitPositions } from '../src/positions.js';
import { parseGivens } from '../src/formats.js';
import { expectError, EASY, prop, randomPuzzle } from './reference.js';

const empty = ['000000000', '000000000', '000000000', '000000000', '000000000', '000000000', '000000000', '000000000', '000000000'];
const ALL = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

describe('the "Lonely Duos" string API: Puzzle, Component and naked pairs', () => {
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
    expectError(() => row.setCandidatesAt(0, ['0']), RangeError, /digit strings '1'..'9'; got '0'/);
    expectError(() => row.removeCandidatesAt(0, ['x']), RangeError, /got 'x'/);
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

// A random grid state: a random puzzle's givens placed, then some candidates removed at random (any state will do here).
const gridState = fc
  .tuple(fc.integer({ min: 1, max: 10_000 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 1, max: 9 })), { maxLength: 120 }))
  .map(([seed, removals]) => {
    const grid = parseGivens(randomPuzzle(seed, 30).puzzle);
    for (const [cell, digit] of removals) grid.eliminate(cell, digit);
    return grid;
  });
const unitIndex = fc.integer({ min: 0, max: 26 });
const position = fc.integer({ min: 0, max: 8 });
const digit = fc.integer({ min: 1, max: 9 });

describe('Component: the bitmask layer the techniques use', () => {
  it('each grid holds its 27 components once: rows, columns, boxes, shared with Component.row/column/box', () => {
    const grid = new Grid();
    expect(grid.components).toHaveLength(27);
    grid.components.forEach((c, u) => {
      expect(c.unit).toBe(u);
      expect(c.kind).toBe(['row', 'column', 'box'][Math.floor(u / 9)]);
      expect(c.index).toBe(u % 9);
    });
    expect(grid.row(2)).toBe(grid.components[2]);
    expect(grid.column(2)).toBe(grid.components[11]);
    expect(grid.box(2)).toBe(grid.components[20]);
    expect(grid.column(2).cells).toEqual([2, 11, 20, 29, 38, 47, 56, 65, 74]);
    expect(grid.box(4).cells).toEqual([30, 31, 32, 39, 40, 41, 48, 49, 50]);
    expect(String(grid.box(8))).toBe('box 9');
    const puzzle = new Puzzle(grid);
    expect(Component.row(puzzle, 3)).toBe(grid.row(3));
    expect(Component.column(grid, 3)).toBe(grid.column(3));
    expect(Component.box(puzzle, 3)).toBe(grid.box(3));
    expect(puzzle.components).toBe(grid.components);
    // A clone has its own components over its own arrays.
    const copy = grid.clone();
    expect(copy.row(0)).not.toBe(grid.row(0));
    copy.row(0).removeMask(0, 1);
    expect(grid.row(0).mask(0)).toBe(0x1ff);
    expect(new Component(grid, 13).cells).toEqual(grid.components[13]!.cells);
  });

  it('gives the components of a cell and the positions in them', () => {
    const grid = new Grid();
    const [row, column, box] = grid.componentsOf(40);
    expect([row.unit, column.unit, box.unit]).toEqual([4, 13, 22]);
    expect([row.positionOf(40), column.positionOf(40), box.positionOf(40)]).toEqual([4, 4, 4]);
    expect(grid.componentOf(21, 2)).toBe(grid.box(1));
    expect(grid.box(1).positionOf(21)).toBe(6);
    expect(grid.box(1).positionOf(40)).toBe(-1);
    for (let cell = 0; cell < 81; cell++) {
      grid.componentsOf(cell).forEach((c, j) => {
        expect(grid.componentOf(cell, j as 0 | 1 | 2)).toBe(c);
        expect(c.cellAt(c.positionOf(cell))).toBe(cell);
      });
    }
  });

  it('reads values and masks; a solved cell has mask 0 (maskAt, the string view, shows its value)', () => {
    const grid = parseGivens(EASY);
    const row = grid.row(0); // 003020600
    expect(row.value(2)).toBe(3);
    expect(row.mask(2)).toBe(0);
    expect(row.maskAt(2)).toBe(0b100);
    expect(row.mask(0)).toBe(0b11000); // {4,5}
    expect(row.placedMask()).toBe(0b100110); // 2, 3, 6
    expect(row.emptyPositions()).toBe(0b110101011);
    expect(row.positionsOf(4) & 1).toBe(1); // r1c1 is {4,5}
    expect(row.positionsOf(5) & 1).toBe(1);
    expect(row.positionsOf(1) & 1).toBe(0);
    expect(row.positionsOf(3)).toBe(0); // placed: no candidate positions
    expect(row.unionOf()).toBe(0b111011001); // 1, 4, 5, 7, 8, 9
    expect(row.unionOf(0b1)).toBe(row.mask(0));
  });

  it('removeMask removes only what is there, returns it, and every component sharing the cell sees it', () => {
    const grid = new Grid();
    const box = grid.box(4);
    expect(box.removeMask(4, 0b101)).toBe(0b101); // cell 40 loses 1 and 3
    expect(box.removeMask(4, 0b111)).toBe(0b010);
    expect(box.removeMask(4, 0b111)).toBe(0);
    expect(grid.candidates[40]).toBe(0x1ff & ~0b111);
    expect(grid.row(4).mask(4)).toBe(0x1f8);
    expect(grid.column(4).positionsOf(2)).toBe(0x1ff & ~(1 << 4));
    expect(grid.row(4).candidatesAt(4)).toEqual(['4', '5', '6', '7', '8', '9']);
  });

  it('rejects bad positions, digits, units and sources with clear errors', () => {
    const grid = new Grid();
    const row = grid.row(0);
    for (const bad of [-1, 9, 1.5, Number.NaN]) {
      expectError(() => row.mask(bad), RangeError, /position in a component must be an integer from 0 to 8/);
      expectError(() => row.cellAt(bad), RangeError, /from 0 to 8; got /);
      expectError(() => row.removeMask(bad, 1), RangeError, /from 0 to 8/);
      expectError(() => row.value(bad), RangeError, /from 0 to 8/);
    }
    expectError(() => row.positionsOf(0), RangeError, /digit must be an integer from 1 to 9; got 0/);
    expectError(() => row.positionsOf(2.5), RangeError, /got 2.5/);
    expectError(() => grid.row(9), RangeError, /row index must be an integer from 0 to 8; got 9/);
    expectError(() => grid.box(-1), RangeError, /box index .* got -1/);
    expectError(() => grid.componentsOf(81), RangeError, /cell must be an integer from 0 to 80; got 81/);
    expectError(() => grid.componentOf(0, 3 as 0), RangeError, /kind must be 0 \(row\), 1 \(column\) or 2 \(box\); got 3/);
    expectError(() => grid.componentOf(-1, 0), RangeError, /cell must be an integer from 0 to 80; got -1/);
    expectError(() => row.positionsByDigit(new Uint16Array(3)), TypeError, /Uint16Array of at least 9/);
    expectError(() => Component.row({} as Grid, 0), TypeError, /Component.row needs a Puzzle or a Grid; got an object/);
    expectError(() => Component.box(null as unknown as Grid, 0), TypeError, /got null/);
    expectError(() => new Component(grid, 27), RangeError, /unit must be an integer from 0 to 26; got 27/);
    expectError(() => new Component('grid' as unknown as Grid, 0), TypeError, /needs a Grid; got 'grid'/);
  });

  prop([gridState, unitIndex, position, fc.integer({ min: 0, max: 0x1ff })])(
    'removeMask then mask: the mask loses exactly the removed bits, which removeMask returns',
    (grid, u, p, remove) => {
      const unit = grid.components[u]!;
      const before = unit.mask(p);
      expect(unit.removeMask(p, remove)).toBe(before & remove);
      expect(unit.mask(p)).toBe(before & ~remove);
      expect(grid.candidates[unit.cellAt(p)]).toBe(before & ~remove);
      expect(unit.removeMask(p, remove)).toBe(0);
    },
  );

  prop([gridState, unitIndex, digit])('positionsOf agrees with candidatesAt (on empty cells) and with positionsByDigit', (grid, u, d) => {
    const unit = grid.components[u]!;
    let expected = 0;
    for (let k = 0; k < 9; k++) if (!unit.isSolvedAt(k) && unit.candidatesAt(k).includes(String(d))) expected |= 1 << k;
    expect(unit.positionsOf(d)).toBe(expected);
    expect(unit.positionsByDigit(new Uint16Array(9))[d - 1]).toBe(expected);
  });

  prop([gridState, unitIndex, fc.integer({ min: 0, max: 0x1ff })])('unionOf, placedMask and emptyPositions agree with the cells', (grid, u, positions) => {
    const unit = grid.components[u]!;
    let union = 0;
    let placed = 0;
    let empty = 0;
    unit.cells.forEach((cell, k) => {
      if (positions & (1 << k)) union |= grid.candidates[cell]!;
      if (grid.values[cell]) placed |= 1 << (grid.values[cell]! - 1);
      else empty |= 1 << k;
    });
    expect(unit.unionOf(positions)).toBe(union);
    expect(unit.placedMask()).toBe(placed);
    expect(unit.emptyPositions()).toBe(empty);
    for (let k = 0; k < 9; k++) expect(unit.positionOf(unit.cellAt(k))).toBe(k);
  });
});

describe('Component: bad positions, masks, digits and cells are errors, not silent no-ops', () => {
  it('names the value: positionOf a non-cell, removeMask and unionOf with a mask that is not 9 bits', () => {
    const row = parseGivens(EASY).row(0);
    expectError(() => row.positionOf(999), RangeError, /^cell must be an integer from 0 to 80; got 999$/);
    expect(row.positionOf(9)).toBe(-1); // a cell, just not in row 1
    expectError(() => row.removeMask(0, 512), RangeError, /candidate mask to remove must be a 9-bit mask, an integer from 0 to 511; got 512/);
    expectError(() => row.removeMask(0, Number.NaN), RangeError, /got NaN/);
    expectError(() => row.unionOf(-1), RangeError, /position mask must be a 9-bit mask, an integer from 0 to 511; got -1/);
    expectError(() => row.mask('1' as never), RangeError, /position in a component must be an integer from 0 to 8; got '1'/);
  });

  const anything = fc.oneof(
    fc.integer({ min: -3, max: 600 }),
    fc.integer(),
    fc.double(),
    fc.constantFrom(Number.NaN, Infinity, '1', '', null, undefined, true, {}, ['1']),
  );
  const inRange = (v: unknown, min: number, max: number): boolean => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

  prop([gridState, unitIndex, anything, anything])('every method on arbitrary arguments: works, or throws naming the value and changes nothing', (grid, u, a, b) => {
    const unit = grid.components[u]!;
    const goodPosition = inRange(a, 0, 8);
    const calls: [valid: boolean, bad: unknown, call: () => unknown][] = [
      [goodPosition, a, () => unit.cellAt(a as number)],
      [goodPosition, a, () => unit.value(a as number)],
      [goodPosition, a, () => unit.mask(a as number)],
      [goodPosition, a, () => unit.maskAt(a as number)],
      [goodPosition, a, () => unit.isSolvedAt(a as number)],
      [goodPosition, a, () => unit.candidatesAt(a as number)],
      [goodPosition && inRange(b, 0, 511), goodPosition ? b : a, () => unit.removeMask(a as number, b as number)],
      [inRange(a, 0, 80), a, () => unit.positionOf(a as number)],
      [inRange(a, 1, 9), a, () => unit.positionsOf(a as number)],
      [a === undefined || inRange(a, 0, 511), a, () => unit.unionOf(a as number)], // undefined: the default, all 9
      [goodPosition && !unit.value(Number(a)) && inRange(b, 1, 511), goodPosition ? (unit.value(a as number) ? undefined : b) : a, () => unit.setMaskAt(a as number, b as number)],
    ];
    for (const [valid, bad, call] of calls) {
      const values = grid.values.slice();
      const candidates = grid.candidates.slice();
      let thrown: unknown;
      try {
        call();
      } catch (error) {
        thrown = error;
      }
      if (valid) {
        expect(thrown).toBeUndefined();
        continue;
      }
      expect(thrown instanceof RangeError || thrown instanceof TypeError, `no error for ${describeValue(bad)}`).toBe(true);
      if (bad !== undefined) expect((thrown as Error).message).toContain(describeValue(bad));
      expect(grid.values).toEqual(values);
      expect(grid.candidates).toEqual(candidates);
    }
  });
});

describe('the shared table of digit positions', () => {
  it('gives what Component.positionsOf gives for every unit and digit, and is made again when the candidates change', () => {
    for (const seed of [1, 2, 3]) {
      const grid = parseGivens(randomPuzzle(seed, 24).puzzle);
      const check = (): void => {
        const table = digitPositions(grid.candidates);
        for (let u = 0; u < 27; u++) for (let d = 1; d <= 9; d++) expect(table[u * 9 + d - 1]).toBe(grid.components[u]!.positionsOf(d));
      };
      check();
      // The same grid object with one candidate fewer: a stale table would still hold it.
      const cell = grid.candidates.findIndex((m) => m !== 0);
      grid.eliminate(cell, 32 - Math.clz32(grid.candidates[cell]! & -grid.candidates[cell]!));
      check();
    }
  });
});
