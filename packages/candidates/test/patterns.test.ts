import { describe, expect, it } from 'vitest';
import { Grid } from '../src/grid.js';
import type { Step } from '../src/step.js';
import { findSteps } from '../src/techniques.js';
import { solveLogically } from '../src/solver.js';
import { bits, cell, changes, find, set } from './hand-made.js';
import { OFF_BY_DEFAULT } from '../src/solver.js';

// HoDoKu's pattern techniques (fins, rectangles, Sue de Coq…) on hand-made candidate states: an empty grid (every
// candidate everywhere) shaped just enough for one pattern.

/** Keeps `digit` only in the given cells ([row, column], 1-based) of the whole grid. */
function onlyAt(grid: Grid, digit: number, cells: [number, number][]): void {
  const keep = new Set(cells.map(([r, c]) => cell(r, c)));
  for (let x = 0; x < 81; x++) if (!keep.has(x)) grid.eliminate(x, digit);
}

describe('finned and sashimi fish', () => {
  it('finned X-Wing: the fin r5c9 shares box 6 with r4c8 and r6c8, which lose the digit', () => {
    const grid = new Grid();
    onlyAt(grid, 1, [[1, 2], [1, 8], [5, 2], [5, 8], [5, 9], [4, 8], [6, 8], [7, 2], [8, 8]]);
    const steps = find(grid, 'finned-x-wing');
    expect(changes(steps)).toContain('r4c8<>1 r6c8<>1');
    const step = steps.find((s) => changes([s])[0] === 'r4c8<>1 r6c8<>1')!;
    expect(step.explanation).toBe(
      'Finned X-Wing on 1: in rows 1 and 5 the 1s lie in columns 2 and 8 but for the fin r5c9 in box 6; either a fin or the fish holds 1, so remove 1 from the cells of columns 2 and 8 in box 6',
    );
    // Not sashimi: each base row keeps two candidates in the covers.
    expect(find(grid, 'sashimi-x-wing').some((s) => s.explanation.includes('rows 1 and 5'))).toBe(false);
    // Without the fin it is a plain X-Wing, not a finned one.
    grid.eliminate(cell(5, 9), 1);
    expect(find(grid, 'finned-x-wing').some((s) => s.explanation.includes('fin r5c9'))).toBe(false);
  });

  it('sashimi X-Wing: a base row keeps one cover candidate plus fins', () => {
    const grid = new Grid();
    // Rows 2 and 8 on columns 1 and 6: row 8 holds 3 only in r8c6 within the covers, plus the fin r8c4 (box 8).
    onlyAt(grid, 3, [[2, 1], [2, 6], [8, 6], [8, 4], [7, 6], [5, 1]]);
    const steps = find(grid, 'sashimi-x-wing');
    expect(changes(steps)).toContain('r7c6<>3');
    expect(steps.every((s) => s.explanation.startsWith('Sashimi X-Wing on 3'))).toBe(true);
    expect(find(grid, 'finned-x-wing').some((s) => s.explanation.includes('rows 2 and 8'))).toBe(false);
  });

  it('a search for finned fish and the next for sashimi fish of that size share one enumeration, and see every change between them', () => {
    const grid = new Grid();
    onlyAt(grid, 3, [[2, 1], [2, 6], [8, 6], [8, 4], [7, 6], [5, 1]]);
    find(grid, 'finned-swordfish'); // another size: the sashimi X-Wings below are searched afresh
    const alone = changes(find(grid, 'sashimi-x-wing'));
    expect(alone).toContain('r7c6<>3');
    expect(changes(find(grid, 'finned-x-wing'))).not.toContain('r7c6<>3');
    expect(changes(find(grid, 'sashimi-x-wing'))).toEqual(alone);
    // Limits: the first of each kind, and more of the other kind than the search that went first kept.
    expect(changes(findSteps(grid, 'finned-x-wing', 1))).toEqual(changes(find(grid, 'finned-x-wing')).slice(0, 1));
    expect(changes(findSteps(grid, 'sashimi-x-wing', 2))).toEqual(alone.slice(0, 2));
    // A change of the state between the two searches: the sashimi fish is gone with its elimination.
    find(grid, 'finned-x-wing');
    grid.eliminate(cell(7, 6), 3);
    expect(changes(find(grid, 'sashimi-x-wing'))).not.toContain('r7c6<>3');
  });

  it('finned Swordfish and Jellyfish are found on rows and on columns', () => {
    const grid = new Grid();
    // Columns 1, 4 and 7 on rows 1, 4 and 7, with the fin r8c7 (box 9): r7c8 and r7c9 lose 5.
    onlyAt(grid, 5, [[1, 1], [4, 1], [4, 4], [7, 4], [1, 7], [7, 7], [8, 7], [7, 8], [7, 9], [2, 2]]);
    const steps = find(grid, 'finned-swordfish');
    expect(changes(steps)).toContain('r7c8<>5 r7c9<>5');
    expect(steps.some((s) => s.explanation.includes('in columns 1, 4 and 7'))).toBe(true);
    expect(find(grid, 'finned-jellyfish').every((s) => s.explanation.startsWith('Finned Jellyfish'))).toBe(true);
  });
});

describe('unique rectangles (rectangle r1c1, r1c2, r4c1, r4c2 in boxes 1 and 4)', () => {
  it('type 1, with a candidate missing from the fourth corner', () => {
    const grid = new Grid();
    set(grid, 1, 1, 1, 2);
    set(grid, 1, 2, 1, 2);
    set(grid, 4, 1, 1, 2);
    set(grid, 4, 2, 1, 3, 4); // 2 already gone
    const steps = find(grid, 'unique-rectangle-1');
    expect(changes(steps)).toEqual(['r4c2<>1']);
    expect(steps[0]!.explanation).toBe('Unique rectangle type 1 {1,2} in r1c1, r1c2, r4c1 and r4c2: r4c2 cannot be 1, or the puzzle would have two solutions');
    set(grid, 4, 1, 1, 2, 5);
    expect(find(grid, 'unique-rectangle-1')).toEqual([]);
  });

  it('type 2: the extra digit of two corners in a line leaves the cells that see both', () => {
    const grid = new Grid();
    set(grid, 1, 1, 1, 2);
    set(grid, 1, 2, 1, 2);
    set(grid, 4, 1, 1, 2, 3);
    set(grid, 4, 2, 1, 2, 3);
    const steps = find(grid, 'unique-rectangle-2');
    expect(steps).toHaveLength(1);
    expect(changes(steps)[0]).toContain('r4c3<>3');
    expect(changes(steps)[0]).toContain('r5c1<>3');
    expect(changes(steps)[0]).not.toContain('r7c1<>3');
    expect(find(grid, 'unique-rectangle-5')).toEqual([]);
    set(grid, 4, 2, 1, 2, 4);
    expect(find(grid, 'unique-rectangle-2')).toEqual([]);
  });

  it('type 3: the extra digits make a naked pair with r4c5', () => {
    const grid = new Grid();
    set(grid, 1, 1, 1, 2);
    set(grid, 1, 2, 1, 2);
    set(grid, 4, 1, 1, 2, 3);
    set(grid, 4, 2, 1, 2, 4);
    set(grid, 4, 5, 3, 4);
    const steps = find(grid, 'unique-rectangle-3');
    expect(changes(steps)).toEqual(['r4c3<>3 r4c3<>4 r4c4<>3 r4c4<>4 r4c6<>3 r4c6<>4 r4c7<>3 r4c7<>4 r4c8<>3 r4c8<>4 r4c9<>3 r4c9<>4']);
    expect(steps[0]!.explanation).toContain('naked subset {3,4} in row 4');
  });

  it('type 4: 1 only in the two roof cells of row 4, so they lose 2', () => {
    const grid = new Grid();
    set(grid, 1, 1, 1, 2);
    set(grid, 1, 2, 1, 2);
    set(grid, 4, 1, 1, 2, 5);
    set(grid, 4, 2, 1, 2, 6);
    for (let c = 3; c <= 9; c++) grid.eliminate(cell(4, c), 1);
    expect(changes(find(grid, 'unique-rectangle-4'))).toEqual(['r4c1<>2 r4c2<>2']);
    grid.candidates[cell(4, 7)]! |= bits(1);
    expect(find(grid, 'unique-rectangle-4')).toEqual([]);
  });

  it('type 5: one extra digit in two diagonal corners', () => {
    const grid = new Grid();
    set(grid, 1, 1, 1, 2);
    set(grid, 4, 2, 1, 2);
    set(grid, 1, 2, 1, 2, 3);
    set(grid, 4, 1, 1, 2, 3);
    const steps = find(grid, 'unique-rectangle-5');
    expect(changes(steps)).toEqual(['r2c1<>3 r3c1<>3 r5c2<>3 r6c2<>3']);
    expect(find(grid, 'unique-rectangle-2')).toEqual([]);
  });

  it('type 6: 1 lies only in the rectangle in rows 1 and 4, so it leaves the diagonal with extra digits', () => {
    const grid = new Grid();
    set(grid, 1, 1, 1, 2);
    set(grid, 4, 2, 1, 2);
    set(grid, 1, 2, 1, 2, 5);
    set(grid, 4, 1, 1, 2, 6);
    for (const r of [1, 4]) for (let c = 3; c <= 9; c++) grid.eliminate(cell(r, c), 1);
    expect(changes(find(grid, 'unique-rectangle-6'))).toEqual(['r1c2<>1 r4c1<>1']);
    grid.candidates[cell(4, 9)]! |= bits(1);
    expect(find(grid, 'unique-rectangle-6')).toEqual([]);
    // A floor missing 1: row 4 holds 1 only in r4c1, which must then be 1; no elimination.
    grid.eliminate(cell(4, 9), 1);
    set(grid, 4, 2, 2);
    expect(find(grid, 'unique-rectangle-6')).toEqual([]);
  });

  it('hidden rectangle: r1c1 holds only 1 and 2; 1 lies only in the rectangle in row 4 and column 2, so r4c2 is not 2', () => {
    const grid = new Grid();
    set(grid, 1, 1, 1, 2);
    for (let c = 3; c <= 9; c++) grid.eliminate(cell(4, c), 1);
    for (let r = 2; r <= 9; r++) if (r !== 4) grid.eliminate(cell(r, 2), 1);
    const steps = find(grid, 'hidden-rectangle');
    expect(changes(steps)).toContain('r4c2<>2');
    // With 1 placed elsewhere in row 4 (none of its cells holding 1), there is no strong link: nothing.
    for (const c of [1, 2]) grid.eliminate(cell(4, c), 1);
    expect(changes(find(grid, 'hidden-rectangle'))).not.toContain('r4c2<>2');
  });
});

describe('avoidable rectangles', () => {
  /** Puts a value in a cell as a solving step does (so it is placed, not given). */
  const solve = (grid: Grid, r: number, c: number, digit: number): void => grid.apply({ placements: [{ cell: cell(r, c), digit }], eliminations: [] });

  it('type 1: 9 placed in r1c1, 7 in r1c4 and r2c1, so r2c4 cannot be 9 (the four would read 9 7 / 7 9)', () => {
    const grid = new Grid();
    solve(grid, 1, 1, 9);
    solve(grid, 1, 4, 7);
    solve(grid, 2, 1, 7);
    const steps = find(grid, 'avoidable-rectangle-1');
    expect(changes(steps)).toEqual(['r2c4<>9']);
    expect(steps[0]!.cells).toEqual([cell(1, 1), cell(1, 4), cell(2, 1), cell(2, 4)]);
    expect(steps[0]!.explanation).toContain('none of them is a given');
  });

  it('type 1 needs every value placed while solving: one given pins the rectangle, and nothing is found', () => {
    for (const given of [[1, 1, 9], [1, 4, 7], [2, 1, 7]] as const) {
      const grid = new Grid();
      for (const [r, c, d] of [[1, 1, 9], [1, 4, 7], [2, 1, 7]] as const) {
        if (r === given[0] && c === given[1]) grid.place(cell(r, c), d);
        else solve(grid, r, c, d);
      }
      expect(grid.isGiven(cell(given[0], given[1]))).toBe(true);
      expect(find(grid, 'avoidable-rectangle-1')).toEqual([]);
    }
  });

  it('type 2: 1 and 2 placed in row 1; r2c1 {2,3} and r2c4 {1,3} cannot be 2 and 1, so one is 3 and row 2 loses 3', () => {
    const grid = new Grid();
    solve(grid, 1, 1, 1);
    solve(grid, 1, 4, 2);
    set(grid, 2, 1, 2, 3);
    set(grid, 2, 4, 1, 3);
    const steps = find(grid, 'avoidable-rectangle-2');
    expect(changes(steps)).toEqual(['r2c2<>3 r2c3<>3 r2c5<>3 r2c6<>3 r2c7<>3 r2c8<>3 r2c9<>3']);
    // The same values as givens: nothing; an extra digit that differs between the two cells: nothing.
    const givens = Grid.fromValues(grid.values);
    givens.candidates.set(grid.candidates);
    expect(find(givens, 'avoidable-rectangle-2')).toEqual([]);
    set(grid, 2, 4, 1, 4);
    expect(find(grid, 'avoidable-rectangle-2')).toEqual([]);
  });

  it('the solver meets them only in values it placed itself: a puzzle’s clues are givens', () => {
    const result = solveLogically('.5........6.5.42....8.71...4....36.8.........89.1..7..3...........2.7.1..72.3..9.');
    for (let x = 0; x < 81; x++) {
      const clue = '.5........6.5.42....8.71...4....36.8.........89.1..7..3...........2.7.1..72.3..9.'[x] !== '.';
      expect(result.grid.isGiven(x)).toBe(clue);
      expect(result.grid.placed[x]).toBe(!clue && result.grid.values[x] ? 1 : 0);
    }
  });
});

describe('Sue de Coq', () => {
  it('r1c1 and r1c2 hold {1,2,3,4}; with r1c5 {1,2} in row 1 and r2c1 {3,4} in box 1, four cells hold four digits', () => {
    const grid = new Grid();
    set(grid, 1, 1, 1, 2, 3, 4);
    set(grid, 1, 2, 1, 2, 3, 4);
    set(grid, 1, 5, 1, 2);
    set(grid, 2, 1, 3, 4);
    const steps = find(grid, 'sue-de-coq');
    const step = steps.find((s) => s.explanation.startsWith('Sue de Coq: r1c1 and r1c2 ({1,2,3,4}) where row 1 crosses box 1, with r1c5 ({1,2})'))!;
    expect(step.explanation).toBe(
      'Sue de Coq: r1c1 and r1c2 ({1,2,3,4}) where row 1 crosses box 1, with r1c5 ({1,2}) in row 1 and r2c1 ({3,4}) in box 1, hold 4 digits in 4 cells; the rest of row 1 cannot be 1, 2 and the rest of box 1 cannot be 3, 4',
    );
    const lost = changes([step])[0]!.split(' ');
    expect(lost).toEqual(expect.arrayContaining(['r1c3<>1', 'r1c3<>4', 'r1c4<>1', 'r1c9<>2', 'r2c2<>3', 'r3c3<>4']));
    expect(lost).not.toContain('r1c4<>3');
    expect(lost).not.toContain('r2c2<>1');
    // With a digit shared by the line cell and the box cell, the count no longer holds.
    set(grid, 2, 1, 2, 3, 4);
    expect(find(grid, 'sue-de-coq').some((s) => s.explanation.startsWith('Sue de Coq: r1c1 and r1c2 ({1,2,3,4}) where row 1 crosses box 1, with r1c5'))).toBe(false);
  });
});

describe('empty rectangles and turbot fish', () => {
  it('empty rectangle: box 1 holds 1 only in row 1 and column 1; column 5 links r1c5 and r7c5, so r7c1 is not 1', () => {
    const grid = new Grid();
    onlyAt(grid, 1, [[1, 2], [1, 3], [2, 1], [3, 1], [1, 5], [7, 5], [7, 1], [8, 8], [5, 9]]);
    const steps = find(grid, 'empty-rectangle');
    const step = steps.find((s) => changes([s])[0] === 'r7c1<>1')!;
    expect(step.explanation).toBe(
      'Empty rectangle on 1: in box 1 the 1s lie only in row 1 and column 1, and column 5 holds 1 only in r1c5 and r7c5; if r7c1 were 1, r1c5 would be too and box 1 would have no 1, so r7c1 cannot be 1',
    );
    // With a 1 in r2c2 the box is no longer confined to a row and a column.
    grid.candidates[cell(2, 2)]! |= bits(1);
    expect(changes(find(grid, 'empty-rectangle'))).not.toContain('r7c1<>1');
  });

  it('turbot fish: column 1 (r1c1, r5c1) and box 5 (r5c5, r6c6) joined by row 5; r1c6 sees both far ends', () => {
    const grid = new Grid();
    onlyAt(grid, 1, [[1, 1], [5, 1], [5, 5], [6, 6], [1, 6]]);
    expect(changes(find(grid, 'turbot-fish'))).toContain('r1c6<>1');
    grid.candidates[cell(4, 4)]! |= bits(1); // box 5 no longer a strong link; no other chain reaches r1c6
    grid.candidates[cell(9, 1)]! |= bits(1); // nor column 1
    expect(changes(find(grid, 'turbot-fish'))).not.toContain('r1c6<>1');
  });
});

describe('franken and mutant fish', () => {
  it('franken X-Wing: row 2 and box 7 hold 1 only in columns 1 and 3, which lose it elsewhere', () => {
    const grid = new Grid();
    onlyAt(grid, 1, [[2, 1], [2, 3], [7, 1], [9, 3], [5, 1], [5, 3]]);
    const steps = find(grid, 'franken-x-wing');
    const step = steps.find((s) => s.explanation.includes('in row 2 and box 7'))!;
    expect(changes([step])).toEqual(['r5c1<>1 r5c3<>1']);
    expect(step.explanation).toBe('Franken X-Wing on 1: in row 2 and box 7 the 1s lie in column 1 and column 3; the fish holds 1, so remove it from r5c1 and r5c3');
    // A 1 in r8c2 is a fin (box 7 outside the covers): the fish becomes finned, and r5c1/r5c3 do not see it.
    grid.candidates[cell(8, 2)]! |= bits(1);
    expect(find(grid, 'franken-x-wing').some((s) => s.explanation.includes('in row 2 and box 7'))).toBe(false);
    expect(changes(find(grid, 'finned-franken-x-wing'))).not.toContain('r5c1<>1 r5c3<>1');
  });

  it('finned franken X-Wing: the fin r2c2 in row 2 is seen by the cover cells r1c1 and r3c3', () => {
    const grid = new Grid();
    onlyAt(grid, 1, [[2, 1], [2, 3], [2, 2], [7, 1], [9, 3], [5, 1], [5, 3], [1, 1], [3, 3]]);
    const steps = find(grid, 'finned-franken-x-wing');
    // The fin r2c2 (row 2 outside the covers) is seen by r1c1 and r3c3 (box 1), cover cells outside the base.
    expect(changes(steps)).toContain('r1c1<>1 r3c3<>1');
  });

  it('mutant X-Wing: row 1 and column 9 hold 7 only in box 3 and row 8', () => {
    const grid = new Grid();
    onlyAt(grid, 7, [[1, 7], [1, 8], [2, 9], [8, 9], [3, 7], [8, 2], [5, 5]]);
    const steps = find(grid, 'mutant-x-wing');
    expect(changes(steps)).toContain('r3c7<>7 r8c2<>7');
    expect(steps.find((s) => changes([s])[0] === 'r3c7<>7 r8c2<>7')!.explanation).toContain('in row 1 and column 9 the 7s lie in row 8 and box 3');
    expect(find(grid, 'finned-mutant-x-wing').every((s) => s.explanation.startsWith('Finned Mutant X-Wing on'))).toBe(true);
  });

  it('HoDoKu leaves the franken and mutant jellyfish, the mutant fish and templates out of its solver by default, and so does solveLogically', () => {
    expect([...OFF_BY_DEFAULT]).toEqual(
      expect.arrayContaining(['finned-franken-jellyfish', 'finned-mutant-jellyfish', 'finned-mutant-swordfish', 'finned-mutant-x-wing', 'franken-jellyfish', 'mutant-jellyfish', 'mutant-swordfish', 'mutant-x-wing', 'template-delete', 'template-set']),
    );
    for (const t of ['franken-x-wing', 'franken-swordfish', 'finned-franken-x-wing', 'finned-franken-swordfish', 'finned-x-wing', 'sue-de-coq'] as const) expect(OFF_BY_DEFAULT.has(t)).toBe(false);
    for (const t of OFF_BY_DEFAULT) expect(findSteps(new Grid(), t)).toEqual([]);
    // The template searches of an empty grid take seconds (every one of a digit's 46,656 templates fits): finite work,
    // so no time limit, and the verdict does not depend on the machine's speed or load.
  }, 0);
});

describe('templates', () => {
  // One way for 1 to fill the grid: row r (0-based) in column (3r + floor(r/3)) mod 9; r1c2 is an extra 1 that no
  // template can use (its column is row 4's only place).
  const template: [number, number][] = [...Array(9).keys()].map((r) => [r + 1, ((3 * r + Math.floor(r / 3)) % 9) + 1]);

  it('template set places the digit where every template that fits puts it', () => {
    const grid = new Grid();
    onlyAt(grid, 1, [...template, [1, 2]]);
    const steps = find(grid, 'template-set');
    expect(steps.map((s) => s.digits)).toEqual([[1]]);
    expect(changes(steps)).toEqual(['r1c1=1 r2c4=1 r3c7=1 r4c2=1 r5c5=1 r6c8=1 r7c3=1 r8c6=1 r9c9=1']);
    expect(steps[0]!.explanation).toMatch(/^Template set: every one of the 1 ways 1 can still fill the grid/);
  });

  it('template delete removes a candidate no template uses', () => {
    const grid = new Grid();
    onlyAt(grid, 1, [...template, [1, 2]]);
    const ones = (): Step[] => find(grid, 'template-delete').filter((s) => s.digits[0] === 1);
    expect(changes(ones())).toEqual(['r1c2<>1']);
    grid.eliminate(cell(1, 2), 1);
    expect(ones()).toEqual([]);
  });
});

describe('multi-coloring', () => {
  it('a color that sees both colors of another cluster is false', () => {
    const grid = new Grid();
    // Cluster r1c1 = r1c9 = r9c9 (rows and columns with two 1s) colors r1c1 and r9c9 alike; cluster r8c1 = r8c8.
    // r1c1 sees r8c1 (column 1) and r9c9 sees r8c8 (box 9): that color is false. r5c1 and r7c7 keep column 1 and box 9
    // from being strong links that would join the clusters.
    onlyAt(grid, 1, [[1, 1], [1, 9], [9, 9], [8, 1], [8, 8], [5, 1], [7, 7]]);
    const steps = find(grid, 'multi-coloring');
    expect(changes(steps)).toContain('r1c1<>1 r9c9<>1');
    expect(steps.find((s) => changes([s])[0] === 'r1c1<>1 r9c9<>1')!.explanation).toBe(
      'Multi-coloring on 1 (a color sees both colors of another cluster): r1c1 and r9c9 see both colors of the cluster r8c1 and r8c8, so they are not 1',
    );
    // With a third 1 in row 8 the second cluster is gone.
    grid.candidates[cell(8, 5)]! |= bits(1);
    expect(changes(find(grid, 'multi-coloring'))).not.toContain('r1c1<>1 r9c9<>1');
  });
});
