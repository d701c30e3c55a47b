import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainPuzzle, formatCandidateGrid, parseGivens, stepAgreesWith, verifyPuzzle } from '../src/index.js';
import { EASY, EASY_SOLUTION, expectError, onlyOurErrors, prop, randomPuzzle, referenceSolve } from './reference.js';

describe('verifyPuzzle (with @puzzles/dlx)', () => {
  it('finds the unique solution', () => {
    expect(verifyPuzzle(EASY)).toMatchObject({ status: 'unique', solution: EASY_SOLUTION, excluded: [] });
  });

  it('reports several solutions', () => {
    const open = `${'.'.repeat(9)}${EASY.slice(9)}`;
    expect(verifyPuzzle(open).status).toBe('multiple');
    expect(verifyPuzzle('.'.repeat(81))).toMatchObject({ status: 'multiple', message: 'the puzzle has more than one solution' });
  });

  it('reports no solution', () => {
    // Givens that break no rule yet admit no solution: one more given, the first that the reference solver refutes
    // and that still leaves every cell a candidate.
    let text = '';
    for (let cell = 0; cell < 81 && !text; cell++) {
      if (EASY[cell] !== '0') continue;
      for (let d = 1; d <= 9 && !text; d++) {
        if (Number(EASY_SOLUTION[cell]) === d) continue;
        const candidate = EASY.slice(0, cell) + d + EASY.slice(cell + 1);
        if (onlyOurErrors(() => parseGivens(candidate)) !== undefined && referenceSolve(candidate) === null) text = candidate;
      }
    }
    expect(text).not.toBe('');
    expect(verifyPuzzle(text)).toMatchObject({ status: 'none', solution: null });
  });

  it('detects pencil marks that exclude the solution', () => {
    const marks = formatCandidateGrid(parseGivens(EASY)).replace('{45}', '{5}'); // the solution has 4 at r1c1
    const v = verifyPuzzle(marks);
    expect(v).toMatchObject({ status: 'none', solution: EASY_SOLUTION, excluded: [{ cell: 0, digit: 4 }] });
    expect(v.message).toBe('the pencil marks exclude the solution: r1c1 must be 4');
    expectError(() => explainPuzzle(marks), RangeError, /pencil marks exclude the solution: r1c1 must be 4/);
  });

  it('stepAgreesWith rejects a solution that is not 81 digits', () => {
    const step = { technique: 'naked-single', cells: [0], digits: [4], eliminations: [], placements: [{ cell: 0, digit: 4 }], explanation: '' } as const;
    expect(stepAgreesWith(step, EASY_SOLUTION)).toBe(true);
    expectError(() => stepAgreesWith(step, 'abc'), RangeError, /a solution must be 81 digits 1-9; got 'abc'/);
    expectError(() => stepAgreesWith(step, EASY), RangeError, /a solution must be 81 digits/);
    expectError(() => stepAgreesWith(null as never, EASY_SOLUTION), TypeError, /stepAgreesWith needs a step; got null/);
    // A cell past the end read as "no digit" and agreed silently before.
    expectError(() => stepAgreesWith({ ...step, placements: [{ cell: 999, digit: 4 }] }, EASY_SOLUTION), RangeError, /the cell of placements\[0\] must be an integer from 0 to 80; got 999/);
  });

  prop([fc.integer({ min: 1, max: 2 ** 31 - 1 })], { numRuns: 10 })('agrees with an independent backtracking solver', (seed) => {
    const { puzzle, solution } = randomPuzzle(seed, 24);
    expect(verifyPuzzle(puzzle)).toMatchObject({ status: 'unique', solution });
  });
});

describe('stepAgreesWith', () => {
  it('stepAgreesWith catches a wrong step', () => {
    const wrong = { technique: 'naked-single' as const, cells: [0], digits: [5], eliminations: [], placements: [{ cell: 0, digit: 5 }], explanation: '' };
    expect(stepAgreesWith(wrong, EASY_SOLUTION)).toBe(false);
    expect(stepAgreesWith({ ...wrong, placements: [], eliminations: [{ cell: 0, digit: 4 }] }, EASY_SOLUTION)).toBe(false);
    expect(stepAgreesWith({ ...wrong, placements: [], eliminations: [{ cell: 0, digit: 5 }] }, EASY_SOLUTION)).toBe(true);
  });
});
