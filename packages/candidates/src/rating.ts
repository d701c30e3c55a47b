import { describeValue } from './errors.js';
import type { Step, TechniqueName } from './step.js';

/** HoDoKu's difficulty levels, easiest first. */
export const LEVELS = ['Easy', 'Medium', 'Hard', 'Unfair', 'Extreme'] as const;
/** A difficulty level. */
export type Level = (typeof LEVELS)[number];

/** HoDoKu's default base score of each technique (its StepConfig), added once per step. */
export const TECHNIQUE_SCORES: Readonly<Record<TechniqueName, number>> = {
  'full-house': 4,
  'naked-single': 4,
  'hidden-single': 14,
  'locked-candidates': 50,
  'naked-pair': 60,
  'naked-triple': 80,
  'naked-quad': 120,
  'hidden-pair': 70,
  'hidden-triple': 100,
  'hidden-quad': 150,
  'x-wing': 140,
  swordfish: 150,
  jellyfish: 160,
  'remote-pair': 110,
  'xy-wing': 160,
  'xyz-wing': 180,
  'w-wing': 150,
  skyscraper: 130,
  'two-string-kite': 150,
  'turbot-fish': 120,
  'empty-rectangle': 120,
  'simple-coloring': 150,
  'unique-rectangle-1': 100,
  'unique-rectangle-2': 100,
  'unique-rectangle-3': 100,
  'unique-rectangle-4': 100,
  'unique-rectangle-5': 100,
  'unique-rectangle-6': 100,
  'hidden-rectangle': 100,
  'bug-plus-1': 100,
  'finned-x-wing': 130,
  'sashimi-x-wing': 150,
  'finned-swordfish': 200,
  'sashimi-swordfish': 240,
  'finned-jellyfish': 250,
  'sashimi-jellyfish': 260,
  'sue-de-coq': 250,
  'multi-coloring': 200,
  'x-chain': 260,
  'xy-chain': 260,
  'continuous-nice-loop': 280,
  'discontinuous-nice-loop': 280,
  aic: 280,
  'grouped-continuous-nice-loop': 300,
  'grouped-discontinuous-nice-loop': 300,
  'grouped-aic': 300,
  'als-xz': 300,
  'als-xy-wing': 320,
  'als-chain': 340,
  'death-blossom': 360,
  'franken-x-wing': 300,
  'franken-swordfish': 350,
  'franken-jellyfish': 370,
  'finned-franken-x-wing': 390,
  'finned-franken-swordfish': 410,
  'finned-franken-jellyfish': 430,
  'mutant-x-wing': 450,
  'mutant-swordfish': 450,
  'mutant-jellyfish': 450,
  'finned-mutant-x-wing': 470,
  'finned-mutant-swordfish': 470,
  'finned-mutant-jellyfish': 470,
  'forcing-chain': 500,
  'forcing-net': 700,
  'template-set': 10000,
  'template-delete': 10000,
};

/** HoDoKu's level of each technique: a path that uses it is at least that hard. */
export const TECHNIQUE_LEVELS: Readonly<Record<TechniqueName, Level>> = {
  'full-house': 'Easy',
  'naked-single': 'Easy',
  'hidden-single': 'Easy',
  'locked-candidates': 'Medium',
  'naked-pair': 'Medium',
  'naked-triple': 'Medium',
  'naked-quad': 'Hard',
  'hidden-pair': 'Medium',
  'hidden-triple': 'Medium',
  'hidden-quad': 'Hard',
  'x-wing': 'Hard',
  swordfish: 'Hard',
  jellyfish: 'Hard',
  'remote-pair': 'Hard',
  'xy-wing': 'Hard',
  'xyz-wing': 'Hard',
  'w-wing': 'Hard',
  skyscraper: 'Hard',
  'two-string-kite': 'Hard',
  'turbot-fish': 'Hard',
  'empty-rectangle': 'Hard',
  'simple-coloring': 'Hard',
  'unique-rectangle-1': 'Hard',
  'unique-rectangle-2': 'Hard',
  'unique-rectangle-3': 'Hard',
  'unique-rectangle-4': 'Hard',
  'unique-rectangle-5': 'Hard',
  'unique-rectangle-6': 'Hard',
  'hidden-rectangle': 'Hard',
  'bug-plus-1': 'Hard',
  'finned-x-wing': 'Hard',
  'sashimi-x-wing': 'Hard',
  'finned-swordfish': 'Unfair',
  'sashimi-swordfish': 'Unfair',
  'finned-jellyfish': 'Unfair',
  'sashimi-jellyfish': 'Unfair',
  'sue-de-coq': 'Unfair',
  'multi-coloring': 'Hard',
  'x-chain': 'Unfair',
  'xy-chain': 'Unfair',
  'continuous-nice-loop': 'Unfair',
  'discontinuous-nice-loop': 'Unfair',
  aic: 'Unfair',
  'grouped-continuous-nice-loop': 'Unfair',
  'grouped-discontinuous-nice-loop': 'Unfair',
  'grouped-aic': 'Unfair',
  'als-xz': 'Unfair',
  'als-xy-wing': 'Unfair',
  'als-chain': 'Unfair',
  'death-blossom': 'Unfair',
  'franken-x-wing': 'Unfair',
  'franken-swordfish': 'Unfair',
  'franken-jellyfish': 'Unfair',
  'finned-franken-x-wing': 'Unfair',
  'finned-franken-swordfish': 'Unfair',
  'finned-franken-jellyfish': 'Unfair',
  'mutant-x-wing': 'Extreme',
  'mutant-swordfish': 'Extreme',
  'mutant-jellyfish': 'Extreme',
  'finned-mutant-x-wing': 'Extreme',
  'finned-mutant-swordfish': 'Extreme',
  'finned-mutant-jellyfish': 'Extreme',
  'forcing-chain': 'Extreme',
  'forcing-net': 'Extreme',
  'template-set': 'Extreme',
  'template-delete': 'Extreme',
};

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
  let score = 0;
  let hardest: TechniqueName | null = null;
  let level = 0;
  for (const step of steps) {
    const name: unknown = (step as Partial<Step> | null)?.technique;
    // Checked against the score table, not the list of names: a bundle of ratePath then carries the names once.
    if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(TECHNIQUE_SCORES, name)) {
      throw new RangeError(`a step's technique must be one of the technique names; got ${describeValue(name)}`);
    }
    const technique = name as TechniqueName;
    score += TECHNIQUE_SCORES[technique];
    if (hardest === null || TECHNIQUE_SCORES[technique] > TECHNIQUE_SCORES[hardest]) hardest = technique;
    level = Math.max(level, LEVELS.indexOf(TECHNIQUE_LEVELS[technique]));
  }
  while (level < 4 && score > LEVEL_MAX_SCORES[LEVELS[level] as Exclude<Level, 'Extreme'>]) level++;
  if (!solved) level = 4;
  return { score, level: LEVELS[level]!, hardest, solved };
}
