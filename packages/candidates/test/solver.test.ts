import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCandidateGrid, parseGivens } from '../src/formats.js';
import { Grid } from '../src/grid.js';
import { nextStep, OFF_BY_DEFAULT, solveLogically } from '../src/solver.js';
import { TECHNIQUE_NAMES, type Step } from '../src/step.js';
import { findSteps } from '../src/techniques.js';
import { EASY, EASY_SOLUTION, expectError, prop, randomPuzzle } from './reference.js';

function agrees(step: Step, solution: string): boolean {
  return (
    step.eliminations.every((e) => Number(solution[e.cell]) !== e.digit) &&
    step.placements.every((p) => Number(solution[p.cell]) === p.digit)
  );
}

describe('nextStep', () => {
  it('gives the simplest step: a full house before a naked single before a hidden single', () => {
    expect(nextStep(EASY)!.technique).toBe('naked-single');
    const almost = EASY_SOLUTION.slice(0, 80) + '.';
    expect(nextStep(almost)).toMatchObject({ technique: 'full-house', placements: [{ cell: 80, digit: 2 }] });
    expect(nextStep(EASY_SOLUTION)).toBeNull();
  });

  it('takes a player\'s pencil marks as the state', () => {
    const marks = formatCandidateGrid(parseGivens(EASY)).replace('{45}', '{4}');
    expect(nextStep(marks)).toMatchObject({ technique: 'naked-single', placements: [{ cell: 0, digit: 4 }] });
  });

  it('reports pencil marks that exclude the solution instead of hinting a wrong step', () => {
    // r1c1 is 4 in the solution; marks that leave it only 5 once gave the hint r1c1=5.
    const marks = formatCandidateGrid(parseGivens(EASY)).replace('{45}', '{5}');
    expectError(() => nextStep(marks), RangeError, /^the pencil marks exclude the solution: r1c1 must be 4$/);
    const grid = parseGivens(EASY);
    grid.eliminate(0, 4);
    expectError(() => nextStep(grid), RangeError, /pencil marks exclude the solution: r1c1 must be 4/);
  });

  it('limits the techniques when asked', () => {
    expect(nextStep(EASY, { techniques: ['hidden-single'] })!.technique).toBe('hidden-single');
    expect(nextStep(EASY, { techniques: [] })).toBeNull();
    expectError(() => nextStep(EASY, { techniques: ['guessing' as never] }), RangeError, /unknown technique 'guessing'/);
    expectError(() => nextStep(3 as unknown as string), TypeError, /a puzzle must be a Grid or a string/);
    // Options that are not an object were ignored before: now a TypeError naming them.
    expectError(() => nextStep(EASY, 5 as never), TypeError, /the options of nextStep must be an object; got 5/);
    expectError(() => solveLogically(EASY, 'fast' as never), TypeError, /the options of solveLogically must be an object; got 'fast'/);
  });
});

describe('solveLogically', () => {
  it('solves a classic puzzle with singles and leaves the input alone', () => {
    const grid = parseGivens(EASY);
    const result = solveLogically(grid);
    expect(result.status).toBe('solved');
    expect(result.solved).toBe(true);
    expect(result.grid.toString()).toBe(EASY_SOLUTION);
    expect(result.steps).toHaveLength(EASY.replace(/[1-9]/g, '').length);
    for (const s of result.steps) expect(['naked-single', 'hidden-single', 'full-house']).toContain(s.technique);
    expect(grid.toString()).toBe(EASY.replaceAll('0', '.'));
  });

  it('gets stuck with fewer techniques, and stops at maxSteps', () => {
    const result = solveLogically(EASY, { techniques: ['full-house'] });
    expect(result.status).toBe('stuck');
    expect(result.steps).toHaveLength(0);
    expect(solveLogically(EASY, { maxSteps: 5 }).steps).toHaveLength(5);
    expectError(() => solveLogically(EASY, { maxSteps: -1 }), RangeError, /maxSteps/);
  });

  it('reports pencil marks that exclude the solution, before any step', () => {
    // r1c1 may only be 5, though the solution has 4 there: no step may be taken from such marks.
    const marks = formatCandidateGrid(parseGivens(EASY)).replace('{45}', '{5}');
    expectError(() => solveLogically(marks), RangeError, /^the pencil marks exclude the solution: r1c1 must be 4$/);
    // Marks that keep the solution are taken as they are.
    expect(solveLogically(formatCandidateGrid(parseGivens(EASY)).replace('{45}', '{4}')).status).toBe('solved');
  });

  it('reports a contradiction that givens without a solution run into', () => {
    // A wrong given (5 in r1c1; the solution has 4): singles run into an impossible state.
    const result = solveLogically(`5${EASY.slice(1)}`);
    expect(result.status).toBe('contradiction');
    expect(result.solved).toBe(false);
    expect(result.contradiction).toMatch(/no candidates|no place/);
  });

  // The central property: on random puzzles (a random solved grid, clues removed while the solution stays
  // unique, checked by an independent backtracking solver), every step of the path and every instance of every
  // technique along the way agrees with the solution.
  // Each run is a puzzle solved and every technique searched along its path (about a second): a few here, more in CI.
  prop([fc.integer({ min: 1, max: 2 ** 31 - 1 })], { numRuns: process.env.CI ? 15 : 6 })(
    'every step agrees with the solution on random puzzles',
    (seed) => {
      const { puzzle, solution } = randomPuzzle(seed);
      const result = solveLogically(puzzle);
      expect(result.status).not.toBe('contradiction');
      for (const step of result.steps) expect(agrees(step, solution), step.explanation).toBe(true);
      if (result.solved) expect(result.grid.toString()).toBe(solution);
      // Replay, checking every instance of every technique at every fifth state.
      const grid = parseGivens(puzzle);
      // The slow fish HoDoKu leaves off by default are checked on the last states only (where candidates are few).
      result.steps.forEach((step, i) => {
        const last = i >= result.steps.length - 3;
        if (i % 5 === 0 || last) {
          for (const t of TECHNIQUE_NAMES) {
            if (!last && OFF_BY_DEFAULT.has(t)) continue;
            for (const s of findSteps(grid, t)) expect(agrees(s, solution), s.explanation).toBe(true);
          }
        }
        grid.apply(step);
      });
      for (const t of TECHNIQUE_NAMES) for (const s of findSteps(grid, t)) expect(agrees(s, solution), s.explanation).toBe(true);
    },
    // About 30 s on a quiet machine; a loaded CI machine has taken 80.
    240_000,
  );

  it('accepts a Grid and checks it', () => {
    const grid = new Grid();
    grid.candidates[0] = 0;
    expectError(() => solveLogically(grid), RangeError, /r1c1 has no candidates/);
  });
});
