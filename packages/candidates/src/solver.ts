import { describeValue, optionsOf } from './errors.js';
import { applyTrusted, Grid, validateGrid } from './grid.js';
import { parseGrid } from './formats.js';
import { TECHNIQUE_NAMES, type Step, type TechniqueName } from './step.js';
import { bestOfFamily, expectTechnique, finderOf, type Finder } from './techniques.js';
import { fullHouseOf, hiddenSingleUnit, hiddenSinglesOf, placeOf } from './singles.js';
import { ALL, CELL_UNITS, LOWEST_DIGIT, PEERS, POPCOUNT } from './tables.js';
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

function first(grid: Grid, finders: readonly Finder[], from = 0): Step | null {
  for (let i = from; i < finders.length; i++) {
    const found = finders[i]!(grid, 1);
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

const SINGLES: readonly TechniqueName[] = ['full-house', 'naked-single', 'hidden-single'];

/**
 * The step the solver's first three finders (full house, naked single, hidden single) would give, without making it:
 * (0 full house, 1 naked single, 2 hidden single) * 2048 + cell * 16 + digit, or -1 when there is none. The same
 * cells, digits and order as findFullHouses, findNakedSingles and findHiddenSingles with limit 1 (tested against
 * them). With `empties` (each unit's number of empty cells), only the units with one empty cell are looked at for a
 * full house. @internal
 */
export function firstSingle(values: Uint8Array, candidates: Uint16Array, empties?: Uint8Array): number {
  for (let u = 0; u < 27; u++) {
    if (empties !== undefined && empties[u] !== 1) continue;
    const found = fullHouseOf(values, candidates, u);
    if (found >= 0) return found;
  }
  for (let cell = 0; cell < 81; cell++) {
    if (POPCOUNT[candidates[cell]!] === 1 && !values[cell]) return 2048 + cell * 16 + LOWEST_DIGIT[candidates[cell]!]!;
  }
  for (let i = 0; i < 27; i++) {
    const u = hiddenSingleUnit(i);
    const single = hiddenSinglesOf(values, candidates, u);
    if (single === 0) continue;
    const bit = single & -single;
    return 4096 + placeOf(values, candidates, u, bit) * 16 + LOWEST_DIGIT[bit]!;
  }
  return -1;
}

/** What solveKnownUnique gives: the techniques of the path's steps in order, whether it solved the puzzle, the values. @internal */
export interface KnownUniquePath {
  readonly techniques: TechniqueName[];
  readonly solved: boolean;
  /** False when the path was cut short: its next step would have ended it (`PathEnd`), or it got stuck after one could. */
  readonly complete: boolean;
  readonly values: Uint8Array;
}

/**
 * When a judge's verdict is settled (too hard) whatever comes after: `ends(t, empty)` says whether a step of technique t
 * taken next, with `empty` cells still empty before it, would settle it, given the steps taken so far, which `took` is
 * told one by one. A path that gets stuck must be settled the same way (an unsolved path is the hardest there is).
 * @internal
 */
export interface PathEnd {
  ends(technique: TechniqueName, empty: number): boolean;
  took(technique: TechniqueName): void;
}

/** The finders of a technique list, in solving order, with their techniques. @internal */
export interface SolverPlan {
  readonly techniques: readonly TechniqueName[];
  readonly finders: readonly Finder[];
  /** Whether the first three are the singles (found by firstSingle). */
  readonly singles: boolean;
}

/** The plan of a technique list (default: the solver's default set). @internal */
export function solverPlan(techniques?: readonly TechniqueName[]): SolverPlan {
  const list = techniqueList(techniques === undefined ? {} : { techniques });
  return { techniques: list, finders: list.map(finderOf), singles: list.length >= 3 && SINGLES.every((t, i) => list[i] === t) };
}

/** A heavy step's outcome when the path ends there (see PathEnd). */
const ENDED = 'ended';

/**
 * What the solver's scan of the finders found on a state (values and candidates) met before: the first finder (its
 * index in the plan) that finds a step and the step the solver takes from it, or index -1 when none finds one. The
 * generator judges state after state of one removal path, and their paths often meet the same states (a clue removed
 * is placed again by a single): the scan is then not made again. One memo per plan. @internal
 */
export type JudgeMemo = Map<string, Scan>;

/** See JudgeMemo. */
interface Scan {
  readonly index: number;
  readonly step: Step | null;
}

const keyCodes = new Uint16Array(81);

/** A state's values and candidates as a string of 81 characters (13 bits a cell). */
function stateKey(grid: Grid): string {
  const { values, candidates } = grid;
  for (let cell = 0; cell < 81; cell++) keyCodes[cell] = candidates[cell]! | (values[cell]! << 9);
  return String.fromCharCode.apply(null, keyCodes as unknown as number[]);
}

/** Avoidable rectangles also read which values were placed rather than given, which a JudgeMemo's key leaves out. */
const readsPlaced = (t: TechniqueName): boolean => t === 'avoidable-rectangle-1' || t === 'avoidable-rectangle-2';

/**
 * firstOrEnd's outcome when the first finder from `from` to find a step is `index` with `step` (-1: none finds one):
 * what the loop below returns, put-off finders and all (see there).
 */
function outcomeOf(plan: SolverPlan, from: number, end: PathEnd | undefined, empty: number, index: number, step: Step | null): Step | null | typeof ENDED {
  if (end === undefined) return step;
  if (index < 0) {
    for (let i = from; i < plan.techniques.length; i++) if (end.ends(plan.techniques[i]!, empty)) return ENDED;
    return null;
  }
  return end.ends(plan.techniques[index]!, empty) || end.ends(step!.technique, empty) ? ENDED : step;
}

/**
 * `first` for solveKnownUnique: the finders of techniques that would end the path are put off, and run only when a
 * later one finds a step (one of them finding one first ends the path); when none of the others finds one, the path
 * ends without running them (stuck or ended, the verdict is the same). With `memo`, a state met before is not scanned
 * again (but for the avoidable rectangles before the finder that found the step), and a scan made to its end is kept.
 */
function firstOrEnd(grid: Grid, plan: SolverPlan, from: number, end: PathEnd | undefined, empty: number, memo: JudgeMemo | undefined): Step | null | typeof ENDED {
  const { finders, techniques } = plan;
  const key = memo === undefined ? '' : stateKey(grid);
  const known = memo?.get(key);
  if (known !== undefined) {
    for (let i = from, e = known.index < 0 ? finders.length : known.index; i < e; i++) {
      if (!readsPlaced(techniques[i]!)) continue;
      const found = finders[i]!(grid, 1);
      if (found.length) return outcomeOf(plan, from, end, empty, i, bestOfFamily(grid, found[0]!, finders));
    }
    return outcomeOf(plan, from, end, empty, known.index, known.step);
  }
  let putOff = 0;
  let putOffList: number[] | undefined;
  for (let i = from; i < finders.length; i++) {
    if (end !== undefined && end.ends(techniques[i]!, empty)) {
      (putOffList ??= []).push(i);
      putOff++;
      continue;
    }
    const found = finders[i]!(grid, 1);
    if (found.length === 0) continue;
    if (putOffList !== undefined) for (const j of putOffList) if (finders[j]!(grid, 1).length) return ENDED;
    const step = bestOfFamily(grid, found[0]!, finders);
    // Every finder before this one was run and found nothing: the scan is known (unless this one reads placed values).
    if (memo !== undefined && !readsPlaced(techniques[i]!)) memo.set(key, { index: i, step });
    return end !== undefined && end.ends(step.technique, empty) ? ENDED : step;
  }
  if (memo !== undefined && putOff === 0) memo.set(key, { index: -1, step: null });
  return putOff > 0 ? ENDED : null;
}

/**
 * solveLogically's path (the same steps in the same order, as technique names) for 81 values (0 = empty) of a puzzle
 * known to have exactly one solution: the generator's judge. It skips what such a puzzle cannot need: parsing and
 * checking the text, a contradiction check after every step (sound techniques on a unique puzzle cannot reach one),
 * and Step objects for singles. With `end`, the path is cut short (`complete` false) where its verdict is settled. With
 * `memo` (one per plan), the scans of states met on earlier calls are taken from it (see JudgeMemo).
 * @internal
 */
export function solveKnownUnique(cells: ArrayLike<number>, plan: SolverPlan, end?: PathEnd, memo?: JudgeMemo): KnownUniquePath {
  // One grid for every call (the generator judges thousands of states): cleared here, its values copied out at the end.
  const grid = (judgeGrid ??= new Grid());
  const { values, candidates, placed } = grid;
  values.fill(0);
  candidates.fill(ALL);
  placed.fill(0);
  let empty = 81;
  for (let cell = 0; cell < 81; cell++) {
    const d = cells[cell]!;
    if (!d) continue;
    values[cell] = d;
    candidates[cell] = 0;
    empty--;
    const keep = ~(1 << (d - 1));
    for (let k = cell * 20, e = k + 20; k < e; k++) candidates[PEERS[k]!]! &= keep;
  }
  const empties = unitEmpties(values);
  const techniques: TechniqueName[] = [];
  let complete = true;
  while (empty > 0 && techniques.length < 1000) {
    const single = plan.singles ? firstSingle(values, candidates, empties) : -1;
    let technique: TechniqueName;
    if (single >= 0) {
      technique = SINGLES[single >> 11]!;
      if (end !== undefined && end.ends(technique, empty)) {
        complete = false;
        break;
      }
      const cell = (single >> 4) & 127;
      const digit = single & 15;
      values[cell] = digit;
      candidates[cell] = 0;
      placed[cell] = 1;
      const keep = ~(1 << (digit - 1));
      for (let k = cell * 20, e = k + 20; k < e; k++) candidates[PEERS[k]!]! &= keep;
      for (let j = cell * 3; j < cell * 3 + 3; j++) empties[CELL_UNITS[j]!]!--;
      empty--;
    } else {
      const step = firstOrEnd(grid, plan, plan.singles ? 3 : 0, end, empty, memo);
      if (step === null) break;
      if (step === ENDED) {
        complete = false;
        break;
      }
      applyTrusted(grid, step);
      if (step.placements.length) {
        empty = 0;
        for (let cell = 0; cell < 81; cell++) if (!values[cell]) empty++;
        unitEmpties(values);
      }
      technique = step.technique;
    }
    techniques.push(technique);
    end?.took(technique);
  }
  return { techniques, solved: empty === 0, complete, values: values.slice() };
}

let judgeGrid: Grid | undefined;

/** Each unit's number of empty cells (one array for every call of solveKnownUnique). */
const unitEmptyCounts = new Uint8Array(27);

/** Counts each unit's empty cells into unitEmptyCounts, and returns it. @internal */
export function unitEmpties(values: Uint8Array): Uint8Array {
  const out = unitEmptyCounts;
  out.fill(0);
  for (let cell = 0; cell < 81; cell++) if (!values[cell]) for (let j = cell * 3; j < cell * 3 + 3; j++) out[CELL_UNITS[j]!]!++;
  return out;
}
