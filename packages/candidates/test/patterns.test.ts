import { describe, expect, it } from 'vitest';
import { Grid } from '../src/grid.js';
import { formatElimination, formatPlacement, type Step, type TechniqueName } from '../src/step.js';
import { findSteps } from '../src/techniques.js';

// HoDoKu's pattern techniques (fins, rectangles, Sue de Coq…) on hand-made candidate states: an empty grid (every
// candidate everywhere) shaped just enough for one pattern.
const cell = (r: number, c: number) => (r - 1) * 9 + (c - 1);
const bits = (...digits: number[]) => digits.reduce((m, d) => m | (1 << (d - 1)), 0);

/** Keeps `digit` only in the given cells ([row, column], 1-based) of the whole grid. */
function onlyAt(grid: Grid, digit: number, cells: [number, number][]): void {
  const keep = new Set(cells.map(([r, c]) => cell(r, c)));
  for (let x = 0; x < 81; x++) if (!keep.has(x)) grid.eliminate(x, digit);
}
function set(grid: Grid, r: number, c: number, ...digits: number[]): void {
  grid.candidates[cell(r, c)] = bits(...digits);
}
function changes(steps: readonly Step[]): string[] {
  return steps.map((s) => [...s.placements.map(formatPlacement), ...s.eliminations.map(formatElimination)].join(' '));
}
function find(grid: Grid, technique: TechniqueName): Step[] {
  const steps = findSteps(grid, technique);
  for (const s of steps) {
    expect(s.technique).toBe(technique);
    expect(s.eliminations.length + s.placements.length).toBeGreaterThan(0);
    expect(s.explanation.length).toBeGreaterThan(20);
  }
  return steps;
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
