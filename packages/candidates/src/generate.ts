// Puzzles made to order: a random full grid, clues removed in symmetric orbits while the solution stays unique, then the
// removal path searched for a puzzle whose rating (by this library's own techniques) is the one asked for.
import { SudokuSolver } from '@puzzles/dlx';
import { stopper } from '@puzzles/kit/budget';
import { sfc32, shuffleInPlace, wordSource } from '@puzzles/kit/random';
import { describeValue, optionsOf } from './errors.js';
import { levelIndex, LEVELS, ratePath, rateTechniques, TECHNIQUE_LEVELS, TECHNIQUE_SCORES, type Level, type Rating } from './rating.js';
import { OFF_BY_DEFAULT, solveKnownUnique, solveLogically, solverPlan, type JudgeMemo, type PathEnd, type SolverPlan } from './solver.js';
import { isTechniqueName, TECHNIQUE_NAMES, type TechniqueName } from './step.js';
import { holdsFamiliesWhole } from './techniques.js';
import { CELL_UNITS } from './tables.js';
import { forcedGiven, randomFullGrid, unitDigitsOf } from './sudoku-search.js';
import { ThreadedAttempts } from './generate-threads.js';

/** The symmetries a generated puzzle's clues can have (see the README's Decisions for each). */
export const SYMMETRIES = [
  'none',
  'rotational',
  'rotational-90',
  'diagonal',
  'anti-diagonal',
  'both-diagonals',
  'horizontal',
  'vertical',
  'both-mirrors',
  'full',
] as const;
/** A symmetry of the clues: 'rotational' is 180°, 'rotational-90' a quarter turn, 'full' all eight symmetries of the square. */
export type Symmetry = (typeof SYMMETRIES)[number];

/** A seed for reproducible output: the same seed gives the same puzzles on every platform. */
export type GenerateSeed = number | bigint | string;

/** Options of generatePuzzle and generatePuzzles. */
export interface GenerateOptions {
  /** The level the rating must have (one of LEVELS); at most one of level, score and requires. */
  readonly level?: Level;
  /** The range [min, max] the rating's score must fall in (a logically solved puzzle). */
  readonly score?: readonly [number, number];
  /** The technique the rating's hardest technique must be: the puzzle cannot be solved by simpler ones. */
  readonly requires?: TechniqueName;
  /** The symmetry of the clues (default 'none'). */
  readonly symmetry?: Symmetry;
  /** Only puzzles from which no clue can be removed without losing uniqueness (default false). */
  readonly minimal?: boolean;
  /** The range [min, max] of the number of clues (default [17, 81]). */
  readonly clues?: readonly [number, number];
  /** A seed for reproducible output. */
  readonly seed?: GenerateSeed;
  /** A generator of numbers in [0, 1) used when no seed is given (default: the platform's crypto). */
  readonly random?: () => number;
  /** Stops generating when aborted. */
  readonly signal?: AbortSignal;
  /** Stops generating after this many milliseconds. */
  readonly timeout?: number;
  /** The most attempts in a row that may fail to give a puzzle before generating gives up (default 1000). */
  readonly attempts?: number;
}

/** Options of generatePuzzles: those of generatePuzzle, how many to make, and on how many threads. */
export interface GeneratePuzzlesOptions extends GenerateOptions {
  /** How many puzzles to make (default: no limit). */
  readonly count?: number;
  /**
   * How many worker threads make the attempts (default 0: this thread). Any number gives the same puzzles in the same
   * order; with workers, iterate with `for await`.
   */
  readonly workers?: number;
}

/** A generated puzzle: its 81 characters ('.' for an empty cell), its solution and its rating. */
export interface GeneratedPuzzle {
  /** The puzzle: 81 characters, a digit for a clue and '.' for an empty cell. */
  readonly puzzle: string;
  /** Its one solution: 81 digits. */
  readonly solution: string;
  /** How many clues it has. */
  readonly clues: number;
  /** Its rating, as explainPuzzle gives it. */
  readonly rating: Rating;
}

/** Why generatePuzzles stopped: its count reached, its attempts used up, aborted, or out of time. */
export type GenerateStopReason = 'count' | 'attempts' | 'aborted' | 'timeout';

/** Thrown by generatePuzzle when no puzzle was found: the attempts were used up, or it was stopped. */
export class GenerationError extends Error {
  /** Why it stopped. */
  readonly reason: GenerateStopReason;
  /** How many attempts were made. */
  readonly attempts: number;
  /** Makes the error; `message` says what was asked for and how many attempts were made. */
  constructor(message: string, reason: GenerateStopReason, attempts: number) {
    super(message);
    this.name = 'GenerationError';
    this.reason = reason;
    this.attempts = attempts;
  }
}

interface Settings {
  readonly judge: (rating: Rating) => number;
  readonly techniques: readonly TechniqueName[] | undefined;
  /** The judging solver's finders (those of `techniques`). */
  readonly plan: SolverPlan;
  /**
   * A new PathEnd for one judging: a step ends the path when its verdict is then settled, the path sure to be too hard
   * (scores and levels only grow along a path, and an unsolved path is the hardest) or, for Extreme, above which
   * nothing rates, sure to be Extreme. Undefined when no step settles a verdict.
   */
  readonly pathEnd: (() => PathEnd) | undefined;
  /**
   * For a level above Medium: the judge of Medium, asked first about the end of the removal path (its fewest clues).
   * An end that is Medium or easier is too easy, and so, as a rule, is every state before it: the attempt is dropped.
   */
  readonly easyEnd: { readonly plan: SolverPlan; readonly pathEnd: () => PathEnd } | undefined;
  /** How many removals before the end of a removal path judging starts (see START_BACK). */
  readonly startBack: number;
  /** Whether the judging solver's path is the full solver's whenever it solves the puzzle (see attempt). */
  readonly samePath: boolean;
  readonly orbits: readonly (readonly number[])[];
  readonly symmetric: boolean;
  readonly minimal: boolean;
  readonly clues: readonly [number, number];
  readonly attempts: number;
  readonly count: number;
  readonly what: string;
}

/** Each technique's level as an index into LEVELS (built by a pure call: a bundle that does not generate drops it). */
const LEVEL_INDEX = /* @__PURE__ */ levelIndexes();

const MEDIUM = 1;

/**
 * The least score a path adds from its next step on, a step of technique t taken with `empty` cells empty: every cell is
 * filled by a step, no step of the solver's default set places more than one cell (singles, BUG+1, discontinuous nice
 * loops, forcing chains and nets place one; only template sets, which the default set leaves out, place more), and no
 * step scores less than MIN_STEP_SCORE, so at least `empty - 1` steps come after t. For the judges' plans, which are
 * the default set or a prefix of it.
 */
function leastToCome(t: TechniqueName, empty: number): number {
  return TECHNIQUE_SCORES[t] + MIN_STEP_SCORE * Math.max(0, empty - 1);
}

/** The lowest score of a step: a full house or a naked single (tested against the score table). @internal */
export const MIN_STEP_SCORE = 4;

/**
 * The PathEnd of a level's judge: a path ends when it would be sure to rate above level index `target`, counting what
 * the cells still empty must add to its score (see leastToCome).
 */
function levelEnd(target: number): () => PathEnd {
  return () => {
    let score = 0;
    let level = 0;
    return {
      ends: (t, empty) => levelIndex(Math.max(level, LEVEL_INDEX[t]), score + leastToCome(t, empty)) > target,
      took: (t) => {
        score += TECHNIQUE_SCORES[t];
        level = Math.max(level, LEVEL_INDEX[t]);
      },
    };
  };
}

function levelIndexes(): Record<TechniqueName, number> {
  return Object.fromEntries(TECHNIQUE_NAMES.map((t) => [t, LEVELS.indexOf(TECHNIQUE_LEVELS[t])])) as Record<TechniqueName, number>;
}

function range(value: unknown, name: string, lowest: number, highest: number): readonly [number, number] {
  if (!Array.isArray(value) || value.length !== 2 || !value.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= lowest && v <= highest) || value[0] > value[1]) {
    const shown = Array.isArray(value) && value.length <= 4 ? `[${value.map((v) => describeValue(v)).join(', ')}]` : describeValue(value);
    throw new RangeError(`${name} must be [min, max], integers from ${lowest} to ${highest} with min <= max; got ${shown}`);
  }
  return [value[0] as number, value[1] as number];
}

const mapsOf: Record<Symmetry, readonly ((r: number, c: number) => number)[]> = {
  none: [],
  rotational: [(r, c) => (8 - r) * 9 + 8 - c],
  'rotational-90': [(r, c) => c * 9 + 8 - r],
  diagonal: [(r, c) => c * 9 + r],
  'anti-diagonal': [(r, c) => (8 - c) * 9 + 8 - r],
  'both-diagonals': [(r, c) => c * 9 + r, (r, c) => (8 - c) * 9 + 8 - r],
  horizontal: [(r, c) => (8 - r) * 9 + c],
  vertical: [(r, c) => r * 9 + 8 - c],
  'both-mirrors': [(r, c) => (8 - r) * 9 + c, (r, c) => r * 9 + 8 - c],
  full: [(r, c) => c * 9 + 8 - r, (r, c) => c * 9 + r],
};

/** The orbits of the 81 cells under a symmetry: the sets of cells that are clues together. @internal */
export function symmetryOrbits(symmetry: Symmetry): number[][] {
  const maps = mapsOf[symmetry];
  const seen = new Uint8Array(81);
  const orbits: number[][] = [];
  for (let start = 0; start < 81; start++) {
    if (seen[start]) continue;
    const orbit = [start];
    seen[start] = 1;
    for (let i = 0; i < orbit.length; i++) {
      const cell = orbit[i]!;
      for (const map of maps) {
        const image = map((cell / 9) | 0, cell % 9);
        if (!seen[image]) {
          seen[image] = 1;
          orbit.push(image);
        }
      }
    }
    orbits.push(orbit);
  }
  return orbits;
}

/**
 * The techniques of the full solver (its default set) in solving order, up to the last one that passes `keep`. A
 * solver limited to them takes the same path as the full one whenever it solves the puzzle (techniques are always
 * tried in this order), and gets stuck when the full path would use a later one. Techniques the full solver leaves
 * out (death blossoms, mutant fish, templates…) stay out here too: with them the two paths would part.
 */
function prefixThrough(keep: (t: TechniqueName) => boolean): TechniqueName[] {
  const used = TECHNIQUE_NAMES.filter((t) => !OFF_BY_DEFAULT.has(t));
  let end = 0;
  used.forEach((t, i) => {
    if (keep(t)) end = i + 1;
  });
  return used.slice(0, end);
}

/** The techniques a puzzle of this level (not Extreme) is checked with: the full solver's, through the level. @internal */
export function levelTechniques(level: Exclude<Level, 'Extreme'>): TechniqueName[] {
  const target = LEVELS.indexOf(level);
  return prefixThrough((t) => LEVELS.indexOf(TECHNIQUE_LEVELS[t]) <= target);
}

/** The judge generate uses for these options: its solver plan, its verdict on a rating, its PathEnd factory. @internal */
export function judgeOf(options: GenerateOptions): Pick<Settings, 'plan' | 'judge' | 'pathEnd'> {
  return settingsOf({ ...options, seed: 0 }, 'judgeOf');
}

function settingsOf(options: GeneratePuzzlesOptions | undefined, name: string): Settings {
  const o = optionsOf(options, name) as GeneratePuzzlesOptions;
  const given = [o.level, o.score, o.requires].filter((x) => x !== undefined).length;
  if (given > 1) throw new RangeError(`give at most one of level, score and requires; got ${describeValue({ level: o.level, score: o.score, requires: o.requires })}`);
  let judge: (rating: Rating) => number = () => 0;
  let techniques: readonly TechniqueName[] | undefined;
  let pathEnd: Settings['pathEnd'];
  let what = 'puzzle';
  let easyEnd: Settings['easyEnd'];
  if (o.level !== undefined) {
    const target = LEVELS.indexOf(o.level);
    if (target < 0) throw new RangeError(`level must be one of ${LEVELS.join(', ')}; got ${describeValue(o.level)}`);
    judge = (rating) => Math.sign(LEVELS.indexOf(rating.level) - target);
    if (o.level !== 'Extreme') {
      techniques = levelTechniques(o.level);
      pathEnd = levelEnd(target);
    } else {
      // Nothing rates above Extreme: a path sure to rate above Unfair is Extreme, whatever its later steps (on the
      // puzzles made, a third of the judging they would otherwise take; their ratings are made when read).
      pathEnd = levelEnd(target - 1);
    }
    if (target > MEDIUM) easyEnd = { plan: solverPlan(levelTechniques('Medium')), pathEnd: levelEnd(MEDIUM) };
    what = `${o.level} puzzle`;
  } else if (o.score !== undefined) {
    const [min, max] = range(o.score, 'score', 0, 1_000_000);
    judge = (rating) => (!rating.solved || rating.score > max ? 1 : rating.score < min ? -1 : 0);
    pathEnd = () => {
      let score = 0;
      return { ends: (t, empty) => score + leastToCome(t, empty) > max, took: (t) => void (score += TECHNIQUE_SCORES[t]) };
    };
    what = `puzzle with a score from ${min} to ${max}`;
  } else if (o.requires !== undefined) {
    if (typeof o.requires !== 'string' || !isTechniqueName(o.requires)) {
      throw new RangeError(`requires must be one of the technique names (${TECHNIQUE_NAMES.join(', ')}); got ${describeValue(o.requires)}`);
    }
    const needed = o.requires;
    if (OFF_BY_DEFAULT.has(needed)) {
      throw new RangeError(`requires ${describeValue(needed)}: the solver that rates puzzles leaves that technique out (as HoDoKu does), so no rating has it as the hardest step`);
    }
    const top = TECHNIQUE_SCORES[needed];
    techniques = prefixThrough((t) => TECHNIQUE_SCORES[t] <= top);
    const ends = { ends: (t: TechniqueName) => TECHNIQUE_SCORES[t] > top, took: () => {} };
    pathEnd = () => ends;
    judge = (rating) => {
      if (!rating.solved) return 1;
      if (rating.hardest === needed) return 0;
      return rating.hardest !== null && TECHNIQUE_SCORES[rating.hardest] > top ? 1 : -1;
    };
    what = `puzzle that requires ${needed}`;
  }
  const symmetry = o.symmetry ?? 'none';
  if (typeof symmetry !== 'string' || !(SYMMETRIES as readonly string[]).includes(symmetry)) {
    throw new RangeError(`symmetry must be one of ${SYMMETRIES.join(', ')}; got ${describeValue(symmetry)}`);
  }
  const minimal = o.minimal ?? false;
  if (typeof minimal !== 'boolean') throw new TypeError(`minimal must be true or false; got ${describeValue(minimal)}`);
  const clues = o.clues === undefined ? ([17, 81] as const) : range(o.clues, 'clues', 17, 81);
  // No minimal puzzle with more than 40 clues is known; the most found by searches is 40.
  if (minimal && clues[0] > 40) throw new RangeError(`minimal puzzles have at most 40 clues, so clues [${clues.join(', ')}] cannot be met`);
  const attempts = o.attempts ?? 1000;
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a positive integer; got ${describeValue(attempts)}`);
  const count = o.count ?? Infinity;
  if (count !== Infinity && (!Number.isInteger(count) || count < 0)) throw new RangeError(`count must be a nonnegative integer; got ${describeValue(count)}`);
  if (o.seed !== undefined && !['number', 'bigint', 'string'].includes(typeof o.seed)) {
    throw new TypeError(`seed must be a number, bigint or string; got ${describeValue(o.seed)}`);
  }
  if (o.random !== undefined && typeof o.random !== 'function') throw new TypeError(`random must be a function returning numbers in [0, 1); got ${describeValue(o.random)}`);
  const plan = solverPlan(techniques);
  // The judging path is the full solver's whenever it solves the puzzle when no family is cut (Unfair's checks hold
  // all the nice loops and AICs, Hard's none of them).
  const samePath = techniques === undefined || holdsFamiliesWhole(techniques);
  return { judge, techniques, plan, pathEnd, easyEnd, startBack: plan.techniques.length > levelTechniques('Medium').length ? START_BACK : 0, samePath, orbits: symmetryOrbits(symmetry), symmetric: symmetry !== 'none', minimal, clues, attempts, count, what };
}

function text(cells: ArrayLike<number>): string {
  let s = '';
  for (let i = 0; i < 81; i++) s += cells[i] ? String(cells[i]) : '.';
  return s;
}

/** @puzzles/dlx's 9×9 solver (by bands), made when first needed, and the dancing-links one for the last check. */
let fast: SudokuSolver | undefined;
let dancingLinks: SudokuSolver | undefined;

/**
 * Whether the puzzle `cells`, with the clues of `orbit` just removed, still has only `solution`. Most removals are
 * settled by what the other clues force; the rest by counting solutions up to two. `units` holds the clues' digits of
 * each unit before the removal: the orbit's digits leave it, and come back when the answer is no.
 */
function keepsUnique(cells: Uint8Array, orbit: readonly number[], solution: Uint8Array, units: Uint16Array): boolean {
  for (let i = 0; i < orbit.length; i++) setUnits(units, orbit[i]!, solution[orbit[i]!]!, false);
  let forced = true;
  for (let i = 0; i < orbit.length && forced; i++) forced = forcedGiven(units, cells, orbit[i]!, solution[orbit[i]!]!);
  const unique = forced || (fast ??= new SudokuSolver(9)).search(cells, 2) === 1;
  if (!unique) for (let i = 0; i < orbit.length; i++) setUnits(units, orbit[i]!, solution[orbit[i]!]!, true);
  return unique;
}

/** Puts a clue's digit into its row's, column's and box's masks, or takes it out. */
function setUnits(units: Uint16Array, cell: number, digit: number, on: boolean): void {
  const bit = 1 << (digit - 1);
  for (let j = cell * 3; j < cell * 3 + 3; j++) {
    const u = CELL_UNITS[j]!;
    units[u] = on ? units[u]! | bit : units[u]! & ~bit;
  }
}

/** A verdict on a state (-1 too easy, 0 fits, 1 too hard) and the state's 81 values. */
interface Judged {
  readonly verdict: number;
  readonly cells: Uint8Array;
  /** The rating of the judging solver's path (of the part of it walked when the path was cut short). */
  readonly rating: Rating;
  /** Whether the judging solver's path went to its end (not cut short where its verdict was settled). */
  readonly whole: boolean;
}

/**
 * How many removals before the end of the path judging starts (see attempt), when the judge has techniques beyond
 * Medium: then a state too hard costs many times one too easy. A judge with Easy and Medium techniques only gives up
 * on a state cheaply, and starts at the end.
 */
const START_BACK = 5;
/** How many states back from there judging walks one by one while they are too hard, before it bisects (none from the end). */
const WALK_BACK = 4;

/** How many other removals descend() tries from the last state that was too easy. */
const DESCENT_TRIES = 24;

/**
 * From the last state on the path that was too easy, where the next removal overshot: removes other orbits one at a
 * time (in random order), keeping each that leaves the puzzle unique and not too hard, until one fits.
 */
function descend(
  s: Settings,
  word: () => number,
  solution: Uint8Array,
  removed: readonly number[],
  overshot: number,
  judgeAt: (k: number, cells?: Uint8Array) => Judged,
): Judged | null {
  const cells = Uint8Array.from(solution);
  let clues = 81;
  for (const index of removed) for (const cell of s.orbits[index]!) cells[cell] = 0, clues--;
  const order = shuffleInPlace(s.orbits.map((_, i) => i), word);
  const units = unitDigitsOf(cells);
  let tries = 0;
  for (const index of order) {
    if (tries >= DESCENT_TRIES) break;
    const orbit = s.orbits[index]!;
    if (index === overshot || cells[orbit[0]!] === 0 || clues - orbit.length < s.clues[0]) continue;
    for (const cell of orbit) cells[cell] = 0;
    const unique = keepsUnique(cells, orbit, solution, units);
    let keep = false;
    if (unique) {
      tries++;
      const judged = judgeAt(-1, cells);
      if (judged.verdict === 0 && clues - orbit.length <= s.clues[1]) return judged;
      keep = judged.verdict <= 0;
    }
    if (keep) clues -= orbit.length;
    else {
      for (const cell of orbit) cells[cell] = solution[cell]!;
      if (unique) for (const cell of orbit) setUnits(units, cell, solution[cell]!, true);
    }
  }
  return null;
}

/** One attempt, with its own random words: a puzzle, or null when this full grid's removal path holds none that fits. */
function attempt(s: Settings, word: () => number): GeneratedPuzzle | null {
  const solution = randomFullGrid(word);
  const cells = Uint8Array.from(solution);
  const order = shuffleInPlace(s.orbits.map((_, i) => i), word);
  const units = unitDigitsOf(cells);
  const removed: number[] = [];
  const counts: number[] = [81];
  let clues = 81;
  const stateAt = (k: number): Uint8Array => {
    const state = Uint8Array.from(solution);
    for (let i = 0; i < k; i++) for (const cell of s.orbits[removed[i]!]!) state[cell] = 0;
    return state;
  };
  const judged = new Map<number, Judged>();
  // The paths of neighbouring states on the removal path often meet the same states: their scans are kept.
  const memo: JudgeMemo = new Map();
  /** The verdict on the state after k removals (its cells when at hand, else rebuilt); -1 for a state off the path. */
  const judgeAt = (k: number, state?: Uint8Array): Judged => {
    const known = judged.get(k);
    if (known !== undefined) return known;
    const cells = state === undefined ? stateAt(k) : Uint8Array.from(state);
    // Every state judged has one solution (checked as its clues were removed): the solver's path without its checks.
    const path = solveKnownUnique(cells, s.plan, s.pathEnd?.(), memo);
    if (path.solved && path.values.some((v, i) => v !== solution[i])) throw new Error(`internal error: a logical path left the solution: ${text(cells)}`);
    const rating = rateTechniques(path.techniques, path.solved && path.complete);
    const verdict = { verdict: s.judge(rating), cells, rating, whole: path.complete };
    if (k >= 0) judged.set(k, verdict);
    return verdict;
  };
  for (const index of order) {
    const orbit = s.orbits[index]!;
    if (clues - orbit.length < s.clues[0]) continue;
    // Removing the orbit keeps the solution unique when no other solution differs from it in one of those cells.
    for (const cell of orbit) cells[cell] = 0;
    const unique = keepsUnique(cells, orbit, solution, units);
    if (unique) {
      removed.push(index);
      clues -= orbit.length;
      counts.push(clues);
    } else for (const cell of orbit) cells[cell] = solution[cell]!;
  }
  const last = removed.length;
  if (s.minimal) {
    if (s.symmetric) {
      // Orbits that cannot go may still hold a single clue that can: then the puzzle is not minimal.
      for (let cell = 0; cell < 81; cell++) {
        if (!cells[cell]) continue;
        cells[cell] = 0;
        const removable = keepsUnique(cells, [cell], solution, units);
        cells[cell] = solution[cell]!;
        if (removable) return null;
      }
    }
    if (clues < s.clues[0] || clues > s.clues[1]) return null;
  }
  // The states along the path with an allowed clue count: k = first..last removals made.
  let first = 0;
  while (first <= last && counts[first]! > s.clues[1]) first++;
  if (first > last) return null;
  if (s.easyEnd !== undefined) {
    // Most removal paths end in a state of Medium or easier (three in five), and then, as a rule, every state on them
    // is too easy: none of the 4,892 such paths met while making 1,000 Hard, 300 Unfair and 300 Extreme puzzles gave
    // one. Medium's judge, which gives up on a harder state cheaply, says so at once where the judging below would
    // walk six states.
    const path = solveKnownUnique(cells, s.easyEnd.plan, s.easyEnd.pathEnd());
    if (path.complete && path.solved) return null;
  }
  if (s.minimal) first = last;
  // Fewer clues make a puzzle harder, as a rule, and a Hard puzzle lies mostly a few removals before the end of the
  // path. A state too hard costs many times one too easy to judge (the solver tries every technique before it gives
  // up), so judging starts s.startBack removals before the end and walks from there: on toward the end
  // while the states are too easy, back while they are too hard (by bisection after a few steps), up to the first
  // state that fits. Where a state too easy is followed by one too hard, descend() tries other removals from it.
  let found: Judged | null = null;
  let easy = -1;
  const start = Math.max(first, last - s.startBack);
  const atStart = judgeAt(start);
  if (atStart.verdict === 0) found = atStart;
  else if (atStart.verdict < 0) {
    for (let k = start + 1; k <= last; k++) {
      const j = judgeAt(k);
      if (j.verdict === 0) found = j;
      else if (j.verdict > 0) easy = k - 1;
      else continue;
      break;
    }
  } else {
    let b = start; // the earliest state known to be too hard
    for (let k = start - 1; k >= first && k >= start - (s.startBack > 0 ? WALK_BACK : 0) && found === null && easy < 0; k--) {
      const j = judgeAt(k);
      if (j.verdict === 0) found = j;
      else if (j.verdict < 0) easy = k;
      else b = k;
    }
    if (found === null && easy < 0 && b > first) {
      // Bisection for the last state that is not too hard: the hardest that fits, when one does (stopping at the
      // first state that fits would give Easy puzzles of 50 clues, found halfway along the path).
      let a = first; // taken to be not too hard until judged
      let atA: Judged | undefined;
      while (b - a > 1) {
        const mid = (a + b) >> 1;
        const m = judgeAt(mid);
        if (m.verdict <= 0) {
          a = mid;
          atA = m;
        } else b = mid;
      }
      atA ??= judgeAt(a);
      if (atA.verdict === 0) found = atA;
      else if (atA.verdict < 0) easy = a;
    }
  }
  if (found === null && easy >= 0 && !s.minimal) found = descend(s, word, solution, removed.slice(0, easy), removed[easy]!, judgeAt);
  if (found === null) return null;
  const puzzle = text(found.cells);
  // Checked once more with dancing links (clue removal counted with the faster search by bands); rated by the full
  // solver, as explainPuzzle rates it. When the judging solver used a prefix of the full solver's techniques with no
  // family whose best member it would choose from fewer members than the full solver (the nice loops), the full solver
  // takes the same path step for step: its rating is the same.
  if ((dancingLinks ??= new SudokuSolver(9, { method: 'dlx' })).search(found.cells, 2) !== 1) {
    throw new Error(`internal error: a generated puzzle is not unique: ${puzzle}`);
  }
  let n = 0;
  for (let i = 0; i < 81; i++) if (puzzle.charCodeAt(i) !== 46) n++;
  const made = { puzzle, solution: text(solution), clues: n } as { -readonly [K in keyof GeneratedPuzzle]: GeneratedPuzzle[K] };
  if (!s.samePath) {
    const result = solveLogically(puzzle);
    made.rating = ratePath(result.steps, result.solved);
    if (s.judge(made.rating) !== 0) throw new Error(`internal error: a generated puzzle's rating changed under the full solver: ${puzzle}`);
  } else if (found.whole) made.rating = found.rating;
  else {
    // The judging stopped where the verdict was settled (an Extreme path): the whole path, the full solver's step for
    // step, is walked when the rating is first read (a caller that prints puzzles only never pays for it).
    const cells = found.cells;
    ratedWhenRead(made, () => {
      const path = solveKnownUnique(cells, s.plan);
      const rating = rateTechniques(path.techniques, path.solved && path.complete);
      if (s.judge(rating) !== 0) throw new Error(`internal error: a generated puzzle's rating changed on its whole path: ${puzzle}`);
      return rating;
    });
  }
  return made as GeneratedPuzzle;
}

/**
 * Gives `puzzle` a `rating` made by `rate` when first read, then kept (an own, enumerable property: spread, JSON and
 * structured clone, as a worker's answer, read it like any other).
 */
function ratedWhenRead(puzzle: object, rate: () => Rating): void {
  Object.defineProperty(puzzle, 'rating', {
    enumerable: true,
    configurable: true,
    get(): Rating {
      const rating = rate();
      Object.defineProperty(puzzle, 'rating', { value: rating, enumerable: true, writable: false, configurable: false });
      return rating;
    },
  });
}

/**
 * The random words of one attempt: sfc32 started from four words of the generator's own stream. Every attempt draws
 * its four words in turn, wherever it runs, so the puzzles of a seed do not depend on the number of workers.
 */
function attemptWords(state: readonly number[]): () => number {
  return sfc32(state[0]!, state[1]!, state[2]!, state[3]!);
}

/** The options a worker needs to make attempts: plain values only (no seed, signal or function). @internal */
export type AttemptOptions = Pick<GenerateOptions, 'level' | 'score' | 'requires' | 'symmetry' | 'minimal' | 'clues'>;

/** Makes attempts for these (checked) options, each from its four words: what a generating worker runs. @internal */
export function attemptMaker(options: AttemptOptions): (state: readonly number[]) => GeneratedPuzzle | null {
  const s = settingsOf({ ...options, seed: 0 }, 'generatePuzzles');
  return (state) => attempt(s, attemptWords(state));
}

/** The iterator of generatePuzzles: the puzzles, and what happened so far (attempts made, why it stopped). */
export interface PuzzleGenerator extends IterableIterator<GeneratedPuzzle>, AsyncIterable<GeneratedPuzzle> {
  /** The attempts made so far (each a new full grid). */
  readonly attempts: number;
  /** The puzzles made so far. */
  readonly found: number;
  /** Why it stopped, once it has: 'count', 'attempts' (that many failed in a row), 'aborted' or 'timeout'. */
  readonly stopReason: GenerateStopReason | undefined;
  /**
   * How many of its worker threads are at work now: none before the first `next()`, none at once on abort or timeout,
   * and none shortly after it ends (each finishes the attempt in hand and waits, idle, for the next generator).
   */
  readonly threads: number;
  /**
   * Makes one attempt: a puzzle, null when the attempt gave none, or undefined once generating has stopped. For a
   * caller that must return to its event loop between attempts (a CLI watching for Ctrl-C, a worker). Not with workers.
   */
  attempt(): GeneratedPuzzle | null | undefined;
  /** The puzzles one by one as promises; with `workers` the only way to iterate (`for await`). */
  [Symbol.asyncIterator](): AsyncIterableIterator<GeneratedPuzzle>;
}

const now = (): number => (globalThis.performance ?? Date).now();
/** Back to the event loop (a macrotask, so timers and abort events run). */
const turn = (): Promise<void> =>
  new Promise((resolve) => ((globalThis as { setImmediate?: (f: () => void) => void }).setImmediate ?? ((f: () => void) => setTimeout(f, 0)))(resolve));

/**
 * Makes puzzles to order, one per step of the iterator: each has exactly one solution and the rating asked for. Ends at
 * `count`, when `attempts` attempts in a row fail, or when `signal` aborts or `timeout` passes (`stopReason` says which).
 * With `workers`, the attempts run on that many worker threads (iterate with `for await`): the same puzzles in the same
 * order, and abort and timeout end every worker at once.
 */
export function generatePuzzles(options?: GeneratePuzzlesOptions): PuzzleGenerator {
  const s = settingsOf(options, 'generatePuzzles');
  const o = options ?? {};
  const workers = o.workers ?? 0;
  if (typeof workers !== 'number' || !Number.isInteger(workers) || workers < 0 || workers > 256) {
    throw new RangeError(`workers must be an integer from 0 to 256; got ${describeValue(workers)}`);
  }
  const stop = stopper({ signal: o.signal, timeout: o.timeout }, 1);
  const deadline = o.timeout === undefined ? Infinity : now() + o.timeout;
  // The generator's own stream: four words per attempt, in attempt order.
  const master = wordSource({ seed: o.seed, random: o.random } as Parameters<typeof wordSource>[0]);
  const draw = (): number[] => [master(), master(), master(), master()];
  let attempts = 0;
  let found = 0;
  let failed = 0;
  let stopReason: GenerateStopReason | undefined;
  let run: ThreadedAttempts | undefined;
  let asyncIterator: AsyncIterableIterator<GeneratedPuzzle> | undefined;
  /** Whether to stop before the next attempt (and why, in stopReason). */
  const stops = (): boolean => {
    if (stopReason === undefined) {
      if (found >= s.count) stopReason = 'count';
      else if (failed >= s.attempts) stopReason = 'attempts';
      else if (stop.check()) stopReason = stop.reason;
    }
    return stopReason !== undefined;
  };
  /** Counts an attempt's outcome. */
  const tally = (puzzle: GeneratedPuzzle | null): GeneratedPuzzle | null => {
    attempts++;
    if (puzzle === null) failed++;
    else {
      failed = 0;
      found++;
    }
    return puzzle;
  };
  const threaded = (): never => {
    throw new TypeError(`generatePuzzles with workers (${workers}) makes its puzzles on other threads: iterate with for await…of`);
  };
  const generator: PuzzleGenerator = {
    get attempts() {
      return attempts;
    },
    get found() {
      return found;
    },
    get stopReason() {
      return stopReason;
    },
    get threads() {
      return run?.working ?? 0;
    },
    [Symbol.iterator]() {
      return generator;
    },
    attempt(): GeneratedPuzzle | null | undefined {
      if (workers > 0) threaded();
      if (stops()) return undefined;
      return tally(attempt(s, attemptWords(draw())));
    },
    next(): IteratorResult<GeneratedPuzzle> {
      if (workers > 0) threaded();
      for (;;) {
        const puzzle = generator.attempt();
        if (puzzle === undefined) return { value: undefined, done: true };
        if (puzzle !== null) return { value: puzzle, done: false };
      }
    },
    [Symbol.asyncIterator]() {
      return (asyncIterator ??= workers > 0 ? threadedIterator() : inThreadIterator());
    },
  };

  /** Attempts in this thread, back to the event loop every 20 ms or so (for timers, abort events and output). */
  function inThreadIterator(): AsyncIterableIterator<GeneratedPuzzle> {
    let turned = now();
    const iterator: AsyncIterableIterator<GeneratedPuzzle> = {
      async next() {
        for (;;) {
          if (now() - turned > 20) {
            await turn();
            turned = now();
          }
          const puzzle = generator.attempt();
          if (puzzle === undefined) return { value: undefined, done: true };
          if (puzzle !== null) return { value: puzzle, done: false };
        }
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }

  /** Attempts on worker threads, taken in attempt order: the same outcomes as in this thread. */
  function threadedIterator(): AsyncIterableIterator<GeneratedPuzzle> {
    let wake: (() => void) | undefined;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const interrupt = (reason: GenerateStopReason): void => {
      stopReason ??= reason;
      run?.end(true);
      wake!();
    };
    const onAbort = (): void => interrupt('aborted');
    const timer = deadline === Infinity ? undefined : setTimeout(() => interrupt('timeout'), Math.max(0, deadline - now()));
    o.signal?.addEventListener('abort', onAbort);
    const finish = (now: boolean): IteratorResult<GeneratedPuzzle> => {
      if (timer !== undefined) clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      run?.end(now);
      return { value: undefined, done: true };
    };
    const iterator: AsyncIterableIterator<GeneratedPuzzle> = {
      async next() {
        for (;;) {
          if (stops()) return finish(stopReason === 'aborted' || stopReason === 'timeout');
          run ??= new ThreadedAttempts(workers, plainOptions(o), draw);
          let outcome: GeneratedPuzzle | null | typeof STOPPED;
          try {
            outcome = await Promise.race([run.take(), woken.then((): typeof STOPPED => STOPPED)]);
          } catch (error) {
            finish(true);
            throw error;
          }
          if (outcome === STOPPED) return finish(true);
          if (tally(outcome) !== null) return { value: outcome!, done: false };
        }
      },
      async return() {
        return finish(false);
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }
  return generator;
}

const STOPPED: unique symbol = Symbol('stopped');

function plainOptions(o: GeneratePuzzlesOptions): AttemptOptions {
  const out: Record<string, unknown> = {};
  for (const key of ['level', 'score', 'requires', 'symmetry', 'minimal', 'clues'] as const) if (o[key] !== undefined) out[key] = o[key];
  return out as AttemptOptions;
}

/**
 * Makes one puzzle to order: exactly one solution, the level, score or technique asked for, the symmetry and clue
 * count asked for. Throws a GenerationError when `attempts` attempts in a row fail (Extreme puzzles are rare) or it is
 * stopped, and a RangeError/TypeError naming a bad option.
 */
export function generatePuzzle(options?: GenerateOptions): GeneratedPuzzle {
  const generator = generatePuzzles({ ...optionsOf(options, 'generatePuzzle'), count: 1, workers: 0 });
  const { value, done } = generator.next();
  if (!done) return value;
  const what = settingsOf({ ...options, seed: 0 }, 'generatePuzzle').what;
  const reason = generator.stopReason!;
  const why = reason === 'attempts' ? '' : reason === 'timeout' ? ' before the timeout' : ' before it was aborted';
  throw new GenerationError(`no ${what} in ${generator.attempts} attempt${generator.attempts === 1 ? '' : 's'}${why}`, reason, generator.attempts);
}
