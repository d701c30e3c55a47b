import { describeValue, optionsOf } from './errors.js';
import { applyTrusted, Grid, validateGrid } from './grid.js';
import { parseGrid } from './formats.js';
import { TECHNIQUE_NAMES, type Step, type TechniqueName } from './step.js';
import { bestOfFamily, expectTechnique, finderOf } from './techniques.js';
import { ALL, PEERS } from './tables.js';
import { verifyPuzzle } from './validation.js';

/** Options of nextStep and solveLogically. */
export interface SolveOptions {
  /** The techniques allowed, in any order (they are always tried in HoDoKu's order); default all but the franken and mutant jellyfish and the mutant fish, which HoDoKu leaves off too. */
  readonly techniques?: readonly TechniqueName[];
  /** Stop after this many steps (default 1000). */
  readonly maxSteps?: number;
}

/** Why solving stopped. */
export type SolveStatus = 'solved' | 'stuck' | 'contradiction';

/** The result of solveLogically. */
export interface SolveResult {
  readonly status: SolveStatus;
  /** Whether every cell holds a value. */
  readonly solved: boolean;
  /** The steps taken, in order. */
  readonly steps: Step[];
  /** The final state. */
  readonly grid: Grid;
  /** What is impossible, when status is 'contradiction'. */
  readonly contradiction?: string;
}

function gridOf(puzzle: Grid | string): Grid {
  let grid: Grid;
  if (typeof puzzle === 'string') grid = parseGrid(puzzle);
  else if (puzzle instanceof Grid) {
    validateGrid(puzzle);
    grid = puzzle.clone();
  } else throw new TypeError(`a puzzle must be a Grid or a string; got ${describeValue(puzzle)}`);
  checkMarks(grid);
  return grid;
}

/**
 * A player's pencil marks (fewer candidates than the values alone leave) are checked with dancing links: marks that
 * rule out the solution, or values with no solution, are a RangeError, never a wrong step. Givens alone cost nothing.
 */
function checkMarks(grid: Grid): void {
  const { values, candidates } = grid;
  let own = false;
  for (let cell = 0; cell < 81 && !own; cell++) {
    if (values[cell]) continue;
    let left = ALL;
    for (let k = 0; k < 20; k++) {
      const v = values[PEERS[cell * 20 + k]!]!;
      if (v) left &= ~(1 << (v - 1));
    }
    if (candidates[cell] !== left) own = true;
  }
  if (!own) return;
  const verification = verifyPuzzle(grid);
  if (verification.status === 'none') throw new RangeError(verification.message);
}

/**
 * The techniques HoDoKu leaves out of its solver by default: franken and finned franken jellyfish and every mutant fish
 * (their searches are slow), templates (a last resort scored 10,000) and death blossoms. They are used when named in
 * `techniques`. @internal
 */
export const OFF_BY_DEFAULT: ReadonlySet<TechniqueName> = new Set<TechniqueName>([
  'franken-jellyfish',
  'finned-franken-jellyfish',
  'mutant-x-wing',
  'mutant-swordfish',
  'mutant-jellyfish',
  'finned-mutant-x-wing',
  'finned-mutant-swordfish',
  'finned-mutant-jellyfish',
  'template-set',
  'template-delete',
  'death-blossom',
]);

function techniqueList(options: Partial<SolveOptions>): TechniqueName[] {
  if (options.techniques === undefined) return TECHNIQUE_NAMES.filter((t) => !OFF_BY_DEFAULT.has(t));
  if (!Array.isArray(options.techniques)) throw new TypeError(`techniques must be an array of technique names; got ${describeValue(options.techniques)}`);
  for (const t of options.techniques) expectTechnique(t);
  return TECHNIQUE_NAMES.filter((t) => options.techniques!.includes(t));
}

function first(grid: Grid, finders: readonly ((g: Grid, n: number) => Step[])[]): Step | null {
  for (const find of finders) {
    const found = find(grid, 1);
    if (found.length) return bestOfFamily(grid, found[0]!, finders);
  }
  return null;
}

/**
 * The simplest step that applies to a puzzle (a Grid or any of the text formats): the hint a player asks for; null if
 * none. A player's pencil marks that exclude the solution (checked with dancing links) are a RangeError.
 */
export function nextStep(puzzle: Grid | string, options?: SolveOptions): Step | null {
  const settings = optionsOf(options, 'nextStep');
  const grid = gridOf(puzzle);
  if (grid.contradiction() !== null) return null;
  return first(grid, techniqueList(settings).map(finderOf));
}

/**
 * Applies the simplest step again and again until the puzzle is solved or no technique applies. The starting state may
 * be a player's own pencil marks (a Grid, or text in the {candidates} or 729-character format); it is not changed.
 * Marks that exclude the solution (checked with dancing links) are a RangeError naming the cells, never wrong steps.
 */
export function solveLogically(puzzle: Grid | string, options?: SolveOptions): SolveResult {
  const settings = optionsOf(options, 'solveLogically');
  const grid = gridOf(puzzle);
  const finders = techniqueList(settings).map(finderOf);
  const maxSteps = settings.maxSteps ?? 1000;
  if (!(Number.isInteger(maxSteps) && maxSteps >= 0)) throw new RangeError(`maxSteps must be a nonnegative integer; got ${describeValue(maxSteps)}`);
  const steps: Step[] = [];
  let contradiction: string | null = grid.contradiction();
  while (contradiction === null && steps.length < maxSteps && !grid.isSolved()) {
    const step = first(grid, finders);
    if (step === null) break;
    steps.push(step);
    applyTrusted(grid, step);
    contradiction = grid.contradiction();
  }
  const solved = contradiction === null && grid.isSolved();
  const status: SolveStatus = contradiction !== null ? 'contradiction' : solved ? 'solved' : 'stuck';
  return contradiction !== null ? { status, solved, steps, grid, contradiction } : { status, solved, steps, grid };
}
