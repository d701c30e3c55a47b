// The whole explanation of a puzzle: checked with dancing links, solved logically, rated.
import { parseGrid } from './formats.js';
import { Grid, validateGrid } from './grid.js';
import { ratePath, type Rating } from './rating.js';
import { solveLogically, type SolveOptions, type SolveResult } from './solver.js';
import { stepAgreesWith, verifyPuzzle, type Verification } from './validation.js';

/** A checked explanation: the verification, the logical path and its rating. */
export interface Explanation {
  readonly verification: Verification;
  readonly result: SolveResult;
  readonly rating: Rating;
}

/**
 * Verifies a puzzle with dancing links, then solves it logically and rates the path. Throws a RangeError if the puzzle
 * has no solution, several, or pencil marks that exclude it (uniqueness techniques would then give wrong steps).
 */
export function explainPuzzle(puzzle: Grid | string, options?: SolveOptions): Explanation {
  const grid = typeof puzzle === 'string' ? parseGrid(puzzle) : puzzle;
  if (grid instanceof Grid) validateGrid(grid);
  const verification = verifyPuzzle(grid);
  if (verification.status !== 'unique') throw new RangeError(verification.message);
  const result = solveLogically(grid, options);
  const bad = result.steps.find((s) => !stepAgreesWith(s, verification.solution!));
  if (bad !== undefined) throw new Error(`internal error: a ${bad.technique} step disagrees with the solution: ${bad.explanation}`);
  return { verification, result, rating: ratePath(result.steps, result.solved) };
}
