import { describeValue } from './errors.js';
import type { Step, TechniqueName } from './step.js';

/** HoDoKu's difficulty levels, easiest first. */
export const LEVELS = ['Easy', 'Medium', 'Hard', 'Unfair', 'Extreme'] as const;
/** A difficulty level. */
export type Level = (typeof LEVELS)[number];

// One row per technique, its base score and its level: one table, so a bundle carries each name once.
const TABLE: Readonly<Record<TechniqueName, readonly [score: number, level: Level]>> = {
  'full-house': [4, 'Easy'],
  'naked-single': [4, 'Easy'],
  'hidden-single': [14, 'Easy'],
  'locked-candidates': [50, 'Medium'],
  'naked-pair': [60, 'Medium'],
  'naked-triple': [80, 'Medium'],
  'naked-quad': [120, 'Hard'],
  'hidden-pair': [70, 'Medium'],
  'hidden-triple': [100, 'Medium'],
  'hidden-quad': [150, 'Hard'],
  'x-wing': [140, 'Hard'],
  swordfish: [150, 'Hard'],
  jellyfish: [160, 'Hard'],
  'remote-pair': [110, 'Hard'],
  'xy-wing': [160, 'Hard'],
  'xyz-wing': [180, 'Hard'],
  'w-wing': [150, 'Hard'],
  skyscraper: [130, 'Hard'],
  'two-string-kite': [150, 'Hard'],
  'turbot-fish': [120, 'Hard'],
  'empty-rectangle': [120, 'Hard'],
  'simple-coloring': [150, 'Hard'],
  'unique-rectangle-1': [100, 'Hard'],
  'unique-rectangle-2': [100, 'Hard'],
  'unique-rectangle-3': [100, 'Hard'],
  'unique-rectangle-4': [100, 'Hard'],
  'unique-rectangle-5': [100, 'Hard'],
  'unique-rectangle-6': [100, 'Hard'],
  'hidden-rectangle': [100, 'Hard'],
  'avoidable-rectangle-1': [100, 'Hard'],
  'avoidable-rectangle-2': [100, 'Hard'],
  'bug-plus-1': [100, 'Hard'],
  'finned-x-wing': [130, 'Hard'],
  'sashimi-x-wing': [150, 'Hard'],
  'finned-swordfish': [200, 'Unfair'],
  'sashimi-swordfish': [240, 'Unfair'],
  'finned-jellyfish': [250, 'Unfair'],
  'sashimi-jellyfish': [260, 'Unfair'],
  'sue-de-coq': [250, 'Unfair'],
  'multi-coloring': [200, 'Hard'],
  'x-chain': [260, 'Unfair'],
  'xy-chain': [260, 'Unfair'],
  'continuous-nice-loop': [280, 'Unfair'],
  'discontinuous-nice-loop': [280, 'Unfair'],
  aic: [280, 'Unfair'],
  'grouped-continuous-nice-loop': [300, 'Unfair'],
  'grouped-discontinuous-nice-loop': [300, 'Unfair'],
  'grouped-aic': [300, 'Unfair'],
  'als-xz': [300, 'Unfair'],
  'als-xy-wing': [320, 'Unfair'],
  'als-chain': [340, 'Unfair'],
  'death-blossom': [360, 'Unfair'],
  'franken-x-wing': [300, 'Unfair'],
  'franken-swordfish': [350, 'Unfair'],
  'franken-jellyfish': [370, 'Unfair'],
  'finned-franken-x-wing': [390, 'Unfair'],
  'finned-franken-swordfish': [410, 'Unfair'],
  'finned-franken-jellyfish': [430, 'Unfair'],
  'mutant-x-wing': [450, 'Extreme'],
  'mutant-swordfish': [450, 'Extreme'],
  'mutant-jellyfish': [450, 'Extreme'],
  'finned-mutant-x-wing': [470, 'Extreme'],
  'finned-mutant-swordfish': [470, 'Extreme'],
  'finned-mutant-jellyfish': [470, 'Extreme'],
  'forcing-chain': [500, 'Extreme'],
  'forcing-net': [700, 'Extreme'],
  'template-set': [10000, 'Extreme'],
  'template-delete': [10000, 'Extreme'],
};

function column<T>(index: 0 | 1): Readonly<Record<TechniqueName, T>> {
  const out = {} as Record<TechniqueName, T>;
  for (const [name, row] of Object.entries(TABLE) as [TechniqueName, readonly [number, Level]][]) out[name] = row[index] as T;
  return out;
}

/** HoDoKu's default base score of each technique (its StepConfig), added once per step. */
export const TECHNIQUE_SCORES: Readonly<Record<TechniqueName, number>> = /* @__PURE__ */ column<number>(0);

/** HoDoKu's level of each technique: a path that uses it is at least that hard. */
export const TECHNIQUE_LEVELS: Readonly<Record<TechniqueName, Level>> = /* @__PURE__ */ column<Level>(1);

/** HoDoKu's highest score of each level but Extreme (Easy ≤ 800, Medium ≤ 1000, Hard ≤ 1600, Unfair ≤ 1800). */
export const LEVEL_MAX_SCORES: Readonly<Record<Exclude<Level, 'Extreme'>, number>> = {
  Easy: 800,
  Medium: 1000,
  Hard: 1600,
  Unfair: 1800,
};

/** A rating: the score, the level and the hardest technique used. */
export interface Rating {
  /** The sum of the base scores of the steps. */
  readonly score: number;
  /** The level: the hardest technique's level, raised while the score exceeds that level's maximum; Extreme when unsolved. */
  readonly level: Level;
  /** The technique with the highest base score on the path (null for an empty path). */
  readonly hardest: TechniqueName | null;
  /** Whether the path solved the puzzle. */
  readonly solved: boolean;
}

/** Rates a solving path the way HoDoKu does; a path that did not solve the puzzle is Extreme (beyond these techniques). */
export function ratePath(steps: readonly Step[], solved = true): Rating {
  if (!Array.isArray(steps)) throw new TypeError(`ratePath needs an array of steps; got ${describeValue(steps)}`);
  if (typeof solved !== 'boolean') throw new TypeError(`ratePath's solved must be true or false; got ${describeValue(solved)}`);
  const techniques: TechniqueName[] = [];
  for (const step of steps) {
    const name: unknown = (step as Partial<Step> | null)?.technique;
    // Checked against the score table, not the list of names: a bundle of ratePath then carries the names once.
    if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(TECHNIQUE_SCORES, name)) {
      throw new RangeError(`a step's technique must be one of the technique names; got ${describeValue(name)}`);
    }
    techniques.push(name as TechniqueName);
  }
  return rateTechniques(techniques, solved);
}

/** The level (index into LEVELS) of a path whose hardest technique has level index `level` and whose score is `score`. @internal */
export function levelIndex(level: number, score: number): number {
  while (level < 4 && score > LEVEL_MAX_SCORES[LEVELS[level] as Exclude<Level, 'Extreme'>]) level++;
  return level;
}

/** ratePath for the techniques of a path's steps, in order (unchecked names): the generator's judge. @internal */
export function rateTechniques(techniques: readonly TechniqueName[], solved: boolean): Rating {
  let score = 0;
  let hardest: TechniqueName | null = null;
  let level = 0;
  for (const technique of techniques) {
    score += TECHNIQUE_SCORES[technique];
    if (hardest === null || TECHNIQUE_SCORES[technique] > TECHNIQUE_SCORES[hardest]) hardest = technique;
    level = Math.max(level, LEVELS.indexOf(TECHNIQUE_LEVELS[technique]));
  }
  level = solved ? levelIndex(level, score) : 4;
  return { score, level: LEVELS[level]!, hardest, solved };
}
