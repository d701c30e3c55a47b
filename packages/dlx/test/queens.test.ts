import { describe, expect, it } from 'vitest';
import { count, first, nQueensProblem, solutions } from '../src/index.js';
import { expectError, queensByBacktracking } from './reference.js';

describe('nQueensProblem', () => {
  it('has the diagonals as secondary items', () => {
    const problem = nQueensProblem(8);
    expect(problem.primary).toHaveLength(16);
    expect(problem.secondary).toHaveLength(30);
    expect(problem.optionCount).toBe(64);
    expect(problem.optionText(9)).toBe('r1 c1 a2 b7');
    expect(problem.data[9]).toEqual({ row: 1, column: 1 });
  });

  it('counts 92 for n = 8 and 724 for n = 10', () => {
    expect(count(nQueensProblem(8))).toMatchObject({ solutions: 92, complete: true });
    expect(count(nQueensProblem(10)).solutions).toBe(724);
  });

  it('agrees with plain backtracking for n = 1..9', () => {
    for (let n = 1; n <= 9; n++) expect(count(nQueensProblem(n)).solutions, `n = ${n}`).toBe(queensByBacktracking(n));
  });

  it('finds solutions that really are non-attacking', () => {
    for (const solution of solutions(nQueensProblem(8), { limit: 10 })) {
      const squares = solution.data;
      expect(squares).toHaveLength(8);
      for (const [i, a] of squares.entries()) {
        for (const b of squares.slice(i + 1)) {
          expect(a.row === b.row || a.column === b.column || Math.abs(a.row - b.row) === Math.abs(a.column - b.column)).toBe(false);
        }
      }
    }
    expect(first(nQueensProblem(3))).toBeNull();
  });

  it('refuses a bad n', () => {
    expectError(() => nQueensProblem(0), RangeError, /n must be an integer from 1 to 64; got 0/);
    expectError(() => nQueensProblem(2.5), RangeError, /got 2.5/);
  });
});
