import { describe, expect, it } from 'vitest';
import { Grid } from '../src/grid.js';
import { formatElimination, formatPlacement, TECHNIQUE_NAMES, type TechniqueName } from '../src/step.js';
import { findSteps } from '../src/techniques.js';
import { bits, cell, changes, find, set } from './hand-made.js';
import { EASY, EASY_SOLUTION, expectError } from './reference.js';
import { parseGivens } from '../src/formats.js';

// Hand-made candidate states: an empty grid (every candidate everywhere) shaped just enough for one pattern.

/** Removes `digit` from every cell of row r (1-based) except the given columns. */
function rowOnly(grid: Grid, digit: number, r: number, cols: number[]): void {
  for (let c = 1; c <= 9; c++) if (!cols.includes(c)) grid.eliminate(cell(r, c), digit);
}
function colOnly(grid: Grid, digit: number, c: number, rows: number[]): void {
  for (let r = 1; r <= 9; r++) if (!rows.includes(r)) grid.eliminate(cell(r, c), digit);
}

describe('singles', () => {
  it('full house: the last empty cell of a unit', () => {
    const grid = Grid.fromValues([1, 2, 3, 4, 5, 6, 7, 8, 0, ...new Array<number>(72).fill(0)]);
    const steps = find(grid, 'full-house');
    expect(changes(steps)).toEqual(['r1c9=9']);
    expect(steps[0]!.explanation).toBe('Full house: r1c9 is the last empty cell of row 1, so it is 9');
    grid.place(cell(1, 8), 8); // no longer a grid of givens, but shows the absent case: two empty cells
    expect(find(Grid.fromValues([1, 2, 3, 4, 5, 6, 7, 0, 0, ...new Array<number>(72).fill(0)]), 'full-house')).toEqual([]);
  });

  it('naked single: one candidate left', () => {
    const grid = new Grid();
    set(grid, 5, 5, 7);
    expect(changes(find(grid, 'naked-single'))).toEqual(['r5c5=7']);
    set(grid, 5, 5, 7, 8);
    expect(find(grid, 'naked-single')).toEqual([]);
  });

  it('hidden single: one place left for a digit in a unit', () => {
    const grid = new Grid();
    rowOnly(grid, 4, 1, [6]);
    const steps = find(grid, 'hidden-single');
    expect(changes(steps)).toEqual(['r1c6=4']);
    expect(steps[0]!.explanation).toBe('Hidden single: r1c6 is the only place for 4 in row 1');
    grid.candidates[cell(1, 7)]! |= bits(4);
    expect(find(grid, 'hidden-single')).toEqual([]);
  });
});

describe('locked candidates', () => {
  it('pointing: a box holds the digit only in one row', () => {
    const grid = new Grid();
    for (const [r, c] of [[2, 1], [2, 2], [2, 3], [3, 1], [3, 2], [3, 3]]) grid.eliminate(cell(r!, c!), 3);
    const steps = find(grid, 'locked-candidates');
    expect(changes(steps)).toEqual(['r1c4<>3 r1c5<>3 r1c6<>3 r1c7<>3 r1c8<>3 r1c9<>3']);
    expect(steps[0]!.explanation).toMatch(/pointing.*box 1 the 3s lie only in row 1/);
  });

  it('claiming: a row holds the digit only in one box', () => {
    const grid = new Grid();
    rowOnly(grid, 3, 1, [1, 2, 3]);
    const steps = find(grid, 'locked-candidates');
    expect(changes(steps)).toEqual(['r2c1<>3 r2c2<>3 r2c3<>3 r3c1<>3 r3c2<>3 r3c3<>3']);
    expect(steps[0]!.explanation).toMatch(/claiming.*row 1 the 3s lie only in box 1/);
  });

  it('finds nothing on an empty grid', () => {
    expect(find(new Grid(), 'locked-candidates')).toEqual([]);
  });
});

describe('naked subsets', () => {
  it('naked pair in a row and a box, with its one-sentence explanation', () => {
    const grid = new Grid();
    set(grid, 1, 2, 1, 6);
    set(grid, 1, 3, 1, 6);
    const steps = find(grid, 'naked-pair');
    expect(steps).toHaveLength(1);
    expect(steps[0]!.explanation).toBe('Naked pair {1,6} in r1c2 and r1c3: remove 1 and 6 from the other cells of row 1 and box 1');
    expect(steps[0]!.cells).toEqual([1, 2]);
    expect(steps[0]!.eliminations).toHaveLength(2 * (7 + 6));
    set(grid, 1, 3, 1, 7);
    expect(find(grid, 'naked-pair')).toEqual([]);
  });

  it('naked triple and quad', () => {
    const grid = new Grid();
    set(grid, 1, 1, 1, 2);
    set(grid, 1, 5, 2, 3);
    set(grid, 1, 9, 1, 3);
    const triple = find(grid, 'naked-triple');
    expect(triple).toHaveLength(1);
    expect(triple[0]!.cells).toEqual([0, 4, 8]);
    expect(triple[0]!.eliminations.map((e) => e.digit).sort()).toEqual([1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3]);
    expect(find(grid, 'naked-pair')).toEqual([]);
    const quadGrid = new Grid();
    set(quadGrid, 2, 1, 1, 2);
    set(quadGrid, 4, 1, 2, 3);
    set(quadGrid, 6, 1, 3, 4);
    set(quadGrid, 9, 1, 1, 4);
    expect(find(quadGrid, 'naked-quad')[0]!.explanation).toMatch(/^Naked quad \{1,2,3,4\} in r2c1, r4c1, r6c1 and r9c1: remove 1, 2, 3 and 4 from the other cells of column 1$/);
    set(quadGrid, 9, 1, 1, 5);
    expect(find(quadGrid, 'naked-quad')).toEqual([]);
  });
});

describe('hidden subsets', () => {
  it('hidden pair, triple, quad', () => {
    const grid = new Grid();
    rowOnly(grid, 1, 1, [3, 6]);
    rowOnly(grid, 6, 1, [3, 6]);
    const steps = find(grid, 'hidden-pair');
    expect(changes(steps)).toEqual(['r1c3<>2 r1c3<>3 r1c3<>4 r1c3<>5 r1c3<>7 r1c3<>8 r1c3<>9 r1c6<>2 r1c6<>3 r1c6<>4 r1c6<>5 r1c6<>7 r1c6<>8 r1c6<>9']);
    grid.candidates[cell(1, 8)]! |= bits(6);
    expect(find(grid, 'hidden-pair')).toEqual([]);

    const triple = new Grid();
    for (const d of [2, 5, 8]) colOnly(triple, d, 4, [1, 5, 9]);
    colOnly(triple, 5, 4, [1, 5]);
    expect(find(triple, 'hidden-triple').map((s) => s.cells)).toEqual([[3, 39, 75]]);

    const quad = new Grid();
    for (const d of [1, 2, 3, 4]) for (const [r, c] of [[1, 1], [1, 2], [1, 3], [2, 1], [2, 2]]) quad.eliminate(cell(r!, c!), d);
    const q = find(quad, 'hidden-quad');
    expect(q).toHaveLength(1);
    expect(q[0]!.digits).toEqual([1, 2, 3, 4]);
    expect(q[0]!.cells).toEqual([cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)]);
  });
});

describe('fish', () => {
  it('X-Wing: rows 1 and 4 hold 5 only in columns 2 and 7', () => {
    const grid = new Grid();
    rowOnly(grid, 5, 1, [2, 7]);
    rowOnly(grid, 5, 4, [2, 7]);
    const steps = find(grid, 'x-wing');
    expect(steps).toHaveLength(1);
    expect(steps[0]!.eliminations).toHaveLength(14);
    expect(steps[0]!.eliminations.every((e) => e.digit === 5 && [1, 6].includes(e.cell % 9))).toBe(true);
    expect(steps[0]!.explanation).toBe('X-Wing on 5: in rows 1 and 4 the 5s lie only in columns 2 and 7, so remove 5 from the other cells of columns 2 and 7');
    grid.candidates[cell(4, 5)]! |= bits(5);
    expect(find(grid, 'x-wing')).toEqual([]);
  });

  it('Swordfish and Jellyfish', () => {
    const grid = new Grid();
    colOnly(grid, 8, 1, [2, 5]);
    colOnly(grid, 8, 4, [5, 9]);
    colOnly(grid, 8, 8, [2, 9]);
    const sword = find(grid, 'swordfish');
    expect(sword).toHaveLength(1);
    expect(sword[0]!.eliminations).toHaveLength(18);
    expect(find(grid, 'x-wing')).toEqual([]);
    const jelly = new Grid();
    rowOnly(jelly, 2, 1, [1, 4]);
    rowOnly(jelly, 2, 3, [4, 6]);
    rowOnly(jelly, 2, 5, [6, 8]);
    rowOnly(jelly, 2, 7, [1, 8]);
    const j = find(jelly, 'jellyfish');
    expect(j).toHaveLength(1);
    expect(j[0]!.eliminations).toHaveLength(20);
    expect(find(jelly, 'swordfish')).toEqual([]);
  });
});

describe('wings', () => {
  it('XY-Wing', () => {
    const grid = new Grid();
    set(grid, 1, 1, 1, 2);
    set(grid, 1, 5, 1, 3);
    set(grid, 5, 1, 2, 3);
    const steps = find(grid, 'xy-wing');
    expect(changes(steps)).toEqual(['r5c5<>3']);
    expect(steps[0]!.cells).toEqual([0, 4, 36]);
    set(grid, 5, 1, 2, 4);
    expect(find(grid, 'xy-wing')).toEqual([]);
  });

  it('XYZ-Wing', () => {
    const grid = new Grid();
    set(grid, 1, 1, 1, 2, 3);
    set(grid, 1, 2, 1, 3);
    set(grid, 5, 1, 2, 3);
    expect(changes(find(grid, 'xyz-wing'))).toEqual(['r2c1<>3 r3c1<>3']);
    set(grid, 5, 1, 2, 4);
    expect(find(grid, 'xyz-wing')).toEqual([]);
  });

  it('W-Wing', () => {
    const grid = new Grid();
    set(grid, 1, 1, 1, 2);
    set(grid, 5, 5, 1, 2);
    rowOnly(grid, 1, 9, [1, 5]);
    const steps = find(grid, 'w-wing');
    expect(changes(steps)).toEqual(['r1c5<>2 r5c1<>2']);
    expect(steps[0]!.explanation).toMatch(/W-Wing: r1c1 and r5c5 are both \{1,2\}, and 1 in row 9 is only in r9c1 or r9c5/);
    grid.candidates[cell(9, 9)]! |= bits(1);
    expect(find(grid, 'w-wing')).toEqual([]);
  });
});

describe('single-digit patterns', () => {
  it('Skyscraper', () => {
    const grid = new Grid();
    rowOnly(grid, 7, 1, [1, 5]);
    rowOnly(grid, 7, 5, [1, 6]);
    expect(changes(find(grid, 'skyscraper'))).toEqual(['r2c6<>7 r3c6<>7 r4c5<>7 r6c5<>7']);
    grid.eliminate(cell(5, 6), 7);
    grid.candidates[cell(5, 5)]! |= bits(7); // now an X-Wing, not a skyscraper
    expect(find(grid, 'skyscraper')).toEqual([]);
  });

  it('2-String Kite', () => {
    const grid = new Grid();
    rowOnly(grid, 7, 1, [2, 7]);
    colOnly(grid, 7, 1, [3, 8]);
    const steps = find(grid, 'two-string-kite');
    expect(changes(steps)).toEqual(['r8c7<>7']);
    grid.candidates[cell(5, 1)]! |= bits(7);
    expect(find(grid, 'two-string-kite')).toEqual([]);
  });

  it('simple coloring: color trap', () => {
    const grid = new Grid();
    rowOnly(grid, 4, 1, [1, 5]);
    colOnly(grid, 4, 5, [1, 5]);
    rowOnly(grid, 4, 5, [3, 5]);
    const steps = find(grid, 'simple-coloring');
    expect(changes(steps)).toEqual(['r2c3<>4 r3c3<>4 r4c1<>4 r6c1<>4']);
    expect(steps[0]!.explanation).toMatch(/color trap/);
    grid.candidates[cell(5, 7)]! |= bits(4); // breaks the row-5 link: the cluster is one link
    expect(find(grid, 'simple-coloring')).toEqual([]);
  });

  it('simple coloring: color wrap', () => {
    const grid = new Grid();
    rowOnly(grid, 4, 1, [1, 5]);
    colOnly(grid, 4, 5, [1, 5]);
    rowOnly(grid, 4, 5, [2, 5]);
    colOnly(grid, 4, 2, [2, 5]);
    const wrap = find(grid, 'simple-coloring').filter((s) => s.explanation.includes('color wrap'));
    expect(changes(wrap)).toEqual(['r1c1<>4 r2c2<>4 r5c5<>4']);
  });
});

describe('uniqueness', () => {
  it('unique rectangle type 1', () => {
    const grid = new Grid();
    set(grid, 1, 1, 2, 9);
    set(grid, 1, 2, 2, 9);
    set(grid, 4, 1, 2, 9);
    const steps = find(grid, 'unique-rectangle-1');
    expect(changes(steps)).toEqual(['r4c2<>2 r4c2<>9']);
    set(grid, 4, 1, 2, 8);
    expect(find(grid, 'unique-rectangle-1')).toEqual([]);
    // Four cells in four boxes are no unique rectangle.
    const far = new Grid();
    set(far, 1, 1, 2, 9);
    set(far, 1, 5, 2, 9);
    set(far, 5, 1, 2, 9);
    expect(find(far, 'unique-rectangle-1')).toEqual([]);
  });

  it('rectangle searches in a row share their rectangles, and see every change of the state between them', () => {
    const grid = new Grid();
    set(grid, 1, 1, 2, 9);
    set(grid, 1, 2, 2, 9);
    set(grid, 4, 1, 2, 9);
    expect(changes(find(grid, 'unique-rectangle-1'))).toEqual(['r4c2<>2 r4c2<>9']);
    expect(find(grid, 'unique-rectangle-2')).toEqual([]);
    // Another digit in one corner: the same grid object, another state, and two corners beyond the pair.
    grid.candidates[cell(1, 1)] = bits(2, 8);
    expect(find(grid, 'unique-rectangle-1')).toEqual([]);
    grid.candidates[cell(1, 1)] = bits(2, 9);
    expect(changes(find(grid, 'unique-rectangle-1'))).toEqual(['r4c2<>2 r4c2<>9']);
    // A value placed in a corner (its candidates already gone from the masks the search reads).
    const copy = grid.clone();
    copy.values[cell(4, 2)] = 5;
    expect(find(copy, 'unique-rectangle-1')).toEqual([]);
    expect(changes(find(grid, 'unique-rectangle-1'))).toEqual(['r4c2<>2 r4c2<>9']);
  });

  it('BUG+1', () => {
    const values = new Array<number>(81).fill(9);
    const grid = new Grid(values);
    const empty = (r: number, c: number, ...d: number[]) => {
      grid.values[cell(r, c)] = 0;
      set(grid, r, c, ...d);
    };
    empty(1, 1, 1, 2, 3);
    empty(1, 2, 1, 2);
    empty(4, 1, 1, 2);
    empty(4, 2, 1, 2);
    empty(1, 4, 3, 4);
    empty(1, 5, 3, 4);
    empty(7, 4, 3, 4);
    empty(7, 5, 3, 4);
    empty(2, 1, 3, 5);
    empty(3, 1, 3, 5);
    empty(2, 7, 3, 5);
    empty(3, 7, 3, 5);
    const steps = find(grid, 'bug-plus-1');
    expect(changes(steps)).toEqual(['r1c1=3']);
    set(grid, 1, 1, 1, 2, 4);
    expect(find(grid, 'bug-plus-1')).toEqual([]);
  });
});

describe('chains', () => {
  it('X-Chain', () => {
    const grid = new Grid();
    rowOnly(grid, 6, 1, [1, 4]);
    rowOnly(grid, 6, 5, [4, 9]);
    rowOnly(grid, 6, 8, [9, 3]);
    const steps = find(grid, 'x-chain');
    const step = steps.find((s) => changes([s])[0] === 'r2c3<>6 r3c3<>6 r7c1<>6 r9c1<>6');
    expect(step).toBeDefined();
    expect(step!.explanation).toMatch(/^X-Chain on 6: r1c1=r1c4-r5c4=r5c9-r8c9=r8c3 /);
    expect(steps.every((s) => s.eliminations.every((e) => e.digit === 6))).toBe(true);
    grid.candidates[cell(5, 1)]! |= bits(6);
    expect(find(grid, 'x-chain').some((s) => changes([s])[0]!.includes('r2c3<>6'))).toBe(false);
  });

  it('XY-Chain', () => {
    const grid = new Grid();
    set(grid, 1, 1, 1, 2);
    set(grid, 1, 5, 2, 3);
    set(grid, 5, 5, 3, 4);
    set(grid, 5, 9, 4, 1);
    const steps = find(grid, 'xy-chain');
    expect(changes(steps)).toEqual(['r1c9<>1 r5c1<>1']);
    expect(steps[0]!.explanation).toMatch(/^XY-Chain: \(1=2\)r1c1 - \(2=3\)r1c5 - \(3=4\)r5c5 - \(4=1\)r5c9; /);
    set(grid, 5, 9, 4, 5);
    expect(find(grid, 'xy-chain')).toEqual([]);
  });
});

describe('findSteps', () => {
  it('knows every technique name and rejects others', () => {
    // On a solved grid every search is quick (on an empty one the nets and templates take seconds).
    const solved = parseGivens(EASY_SOLUTION);
    for (const t of TECHNIQUE_NAMES) expect(findSteps(solved, t)).toEqual([]);
    expectError(() => findSteps(new Grid(), 'x-wings' as TechniqueName), RangeError, /unknown technique 'x-wings'; expected one of full-house/);
  });

  it('rejects what is not a valid Grid instead of crashing or giving steps', () => {
    expectError(() => findSteps('4.....8.5' as unknown as Grid, 'naked-single'), TypeError, /findSteps needs a Grid .*; got '4\.\.\.\.\.8\.5'/);
    expectError(() => findSteps(null as unknown as Grid, 'x-wing'), TypeError, /findSteps needs a Grid .*; got null/);
  });

  it('takes a limit that is a nonnegative integer or Infinity, and refuses others instead of returning nothing', () => {
    const grid = parseGivens(EASY);
    expect(findSteps(grid, 'naked-single', 0)).toEqual([]);
    expect(findSteps(grid, 'naked-single', 1)).toHaveLength(1);
    expect(findSteps(grid, 'naked-single', Infinity).length).toBeGreaterThan(1);
    for (const bad of [Number.NaN, -1, 1.5, '2']) {
      expectError(() => findSteps(grid, 'naked-single', bad as number), RangeError, new RegExp(`limit must be a nonnegative integer or Infinity; got ${bad === '2' ? "'2'" : String(bad)}$`));
    }
  });

  it('formats placements and eliminations 1-based, and rejects cells and digits out of range', () => {
    expect(formatPlacement({ cell: 73, digit: 1 })).toBe('r9c2=1');
    expect(formatElimination({ cell: 3, digit: 6 })).toBe('r1c4<>6');
    expectError(() => formatPlacement({ cell: 81, digit: 1 }), RangeError, /cell must be an integer from 0 to 80; got 81/);
    expectError(() => formatElimination({ cell: -1, digit: 1 }), RangeError, /cell must be an integer from 0 to 80; got -1/);
    expectError(() => formatPlacement({ cell: 0, digit: 0 }), RangeError, /digit of a placement must be an integer from 1 to 9; got 0/);
    expectError(() => formatElimination({ cell: 0, digit: 1.5 }), RangeError, /digit of an elimination must be an integer from 1 to 9; got 1\.5/);
    expectError(() => formatPlacement(null as never), TypeError, /^a placement must be a \{cell, digit\} object; got null$/);
    expectError(() => formatElimination('r1c1' as never), TypeError, /^an elimination must be a \{cell, digit\} object; got 'r1c1'$/);
  });

  it('respects the limit', () => {
    const grid = new Grid();
    for (const [r, c] of [[1, 1], [2, 2], [3, 3]]) set(grid, r!, c!, r!);
    expect(findSteps(grid, 'naked-single')).toHaveLength(3);
    expect(findSteps(grid, 'naked-single', 2)).toHaveLength(2);
    expect(findSteps(grid, 'naked-single', 0)).toHaveLength(0);
  });
});
