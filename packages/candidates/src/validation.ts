import { countSudokuSolutions, solveSudoku } from '@puzzles/dlx';
import { describeValue, expectCandidates } from './errors.js';
import { parseGrid } from './formats.js';
import { Grid } from './grid.js';
import type { Candidate, Step } from './step.js';
import { cellName, listing } from './tables.js';

/** What dancing links says about a puzzle's values and pencil marks. */
export interface Verification {
  /** 'unique': one solution that the pencil marks allow; 'multiple': more than one; 'none': no solution, or the marks exclude it. */
  readonly status: 'unique' | 'multiple' | 'none';
  /** The solution of the values (81 digits) when it is unique, even if the pencil marks exclude it. */
  readonly solution: string | null;
  /** Solution digits missing from the pencil marks of their cells. */
  readonly excluded: readonly Candidate[];
  /** One sentence: what is wrong, or 'the puzzle has a unique solution'. */
  readonly message: string;
}

/** Checks a puzzle with @puzzles/dlx: no solution, several, or one (and whether the pencil marks keep it). */
export function verifyPuzzle(puzzle: Grid | string): Verification {
  const grid = typeof puzzle === 'string' ? parseGrid(puzzle) : puzzle;
  if (!(grid instanceof Grid)) throw new TypeError(`a puzzle must be a Grid or a string; got ${describeValue(puzzle)}`);
  const values = grid.toString();
  let count: number;
  try {
    count = countSudokuSolutions(values, 2);
  } catch (error) {
    if (error instanceof RangeError) return { status: 'none', solution: null, excluded: [], message: `the puzzle has no solution (${error.message})` };
    throw error;
  }
  if (count === 0) return { status: 'none', solution: null, excluded: [], message: 'the puzzle has no solution' };
  if (count > 1) return { status: 'multiple', solution: null, excluded: [], message: 'the puzzle has more than one solution' };
  const solution = solveSudoku(values);
  if (solution === null) return { status: 'none', solution: null, excluded: [], message: 'the puzzle has no solution' };
  const excluded: Candidate[] = [];
  for (let cell = 0; cell < 81; cell++) {
    const digit = solution.charCodeAt(cell) - 48;
    if (!grid.values[cell] && !grid.has(cell, digit)) excluded.push({ cell, digit });
  }
  if (excluded.length) {
    const shown = excluded.slice(0, 5).map((e) => `${cellName(e.cell)} must be ${e.digit}`);
    return {
      status: 'none',
      solution,
      excluded,
      message: `the pencil marks exclude the solution: ${listing(shown)}${excluded.length > 5 ? ` (and ${excluded.length - 5} more)` : ''}`,
    };
  }
  return { status: 'unique', solution, excluded, message: 'the puzzle has a unique solution' };
}

/** Whether a step agrees with a solution (81 digits): it removes no solution digit and places only solution digits. */
export function stepAgreesWith(step: Step, solution: string): boolean {
  if (typeof step !== 'object' || step === null) throw new TypeError(`stepAgreesWith needs a step; got ${describeValue(step)}`);
  expectCandidates(step.eliminations, 'eliminations');
  expectCandidates(step.placements, 'placements');
  if (typeof solution !== 'string' || !/^[1-9]{81}$/.test(solution)) {
    throw new RangeError(`a solution must be 81 digits 1-9; got ${describeValue(solution)}`);
  }
  for (const e of step.eliminations) if (solution.charCodeAt(e.cell) - 48 === e.digit) return false;
  for (const p of step.placements) if (solution.charCodeAt(p.cell) - 48 !== p.digit) return false;
  return true;
}
