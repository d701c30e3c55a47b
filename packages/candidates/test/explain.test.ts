import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainPuzzle, stepAgreesWith } from '../src/index.js';
import { EASY, EASY_SOLUTION, expectError, prop, randomPuzzle } from './reference.js';

describe('explainPuzzle', () => {
  it('verifies, solves and rates', () => {
    const { verification, result, rating } = explainPuzzle(EASY);
    expect(verification.status).toBe('unique');
    expect(result.solved).toBe(true);
    expect(result.steps.every((s) => stepAgreesWith(s, EASY_SOLUTION))).toBe(true);
    expect(rating).toMatchObject({ level: 'Easy', solved: true });
  });

  it('refuses puzzles with no or several solutions', () => {
    expectError(() => explainPuzzle('.'.repeat(81)), RangeError, /more than one solution/);
  });

  prop([fc.integer({ min: 1, max: 2 ** 31 - 1 })], { numRuns: 5 })('explains random minimal puzzles without a wrong step', (seed) => {
    const { puzzle } = randomPuzzle(seed);
    const { result, verification } = explainPuzzle(puzzle);
    expect(result.steps.every((s) => stepAgreesWith(s, verification.solution!))).toBe(true);
  });
});
