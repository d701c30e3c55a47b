// Helpers for tests on hand-made candidate states: an empty grid (every candidate everywhere) shaped just enough for
// one pattern, and the steps a technique finds there.
import { expect } from 'vitest';
import type { Grid } from '../src/grid.js';
import { formatElimination, formatPlacement, type Step, type TechniqueName } from '../src/step.js';
import { findSteps } from '../src/techniques.js';

/** The cell index of row r, column c (both 1-based). */
export const cell = (r: number, c: number): number => (r - 1) * 9 + (c - 1);
/** The candidate mask of the given digits. */
export const bits = (...digits: number[]): number => digits.reduce((m, d) => m | (1 << (d - 1)), 0);

/** Sets the candidates of the cell at row r, column c (1-based) to exactly the given digits. */
export function set(grid: Grid, r: number, c: number, ...digits: number[]): void {
  grid.candidates[cell(r, c)] = bits(...digits);
}

/** Each step's placements and eliminations as one line (`r1c2=5 r3c4<>6`). */
export function changes(steps: readonly Step[]): string[] {
  return steps.map((s) => [...s.placements.map(formatPlacement), ...s.eliminations.map(formatElimination)].join(' '));
}

/** Every step of one technique on the grid, each checked to be of that technique, to change something and to say why. */
export function find(grid: Grid, technique: TechniqueName): Step[] {
  const steps = findSteps(grid, technique);
  for (const s of steps) {
    expect(s.technique).toBe(technique);
    expect(s.eliminations.length + s.placements.length).toBeGreaterThan(0);
    expect(s.explanation.length).toBeGreaterThan(20);
  }
  return steps;
}
