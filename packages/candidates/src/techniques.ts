import { findAvoidableRectangles1, findAvoidableRectangles2 } from './avoidable-rectangles.js';
import { findAlsChains, findAlsXyWings, findAlsXz, findDeathBlossoms } from './als.js';
import { findRemotePairs, findXChains, findXYChains } from './chains.js';
import { findForcingChains, findForcingNets } from './forcing.js';
import { findComplexFish } from './complex-fish.js';
import { findTemplateDeletes, findTemplateSets } from './templates.js';
import { findLoopChoices, findLoops, type LoopChoice } from './nice-loops.js';
import { findFinnedFish } from './finned-fish.js';
import { findFish } from './fish.js';
import { Grid } from './grid.js';
import { findLockedCandidates } from './intersections.js';
import { findFullHouses, findHiddenSingles, findNakedSingles } from './singles.js';
import { findSimpleColorings, findSkyscrapers, findTwoStringKites } from './single-digit.js';
import { findSueDeCoqs } from './sue-de-coq.js';
import { findMultiColorings } from './multi-coloring.js';
import { findEmptyRectangles } from './empty-rectangle.js';
import { findTurbotFish } from './turbot-fish.js';
import { isTechniqueName, TECHNIQUE_NAMES, type Candidate, type Step, type TechniqueName } from './step.js';
import { findHiddenSubsets, findNakedSubsets } from './subsets.js';
import { findBugPlusOne } from './uniqueness.js';
import {
  findHiddenRectangles,
  findUniqueRectangles1,
  findUniqueRectangles25,
  findUniqueRectangles3,
  findUniqueRectangles4,
  findUniqueRectangles6,
} from './unique-rectangles.js';
import { findWWings, findXYWings, findXYZWings } from './wings.js';
import { describeValue } from './errors.js';

/** A technique's search: at most `limit` steps on a grid. @internal */
export type Finder = (grid: Grid, limit: number) => Step[];

const FINDERS: Record<TechniqueName, Finder> = {
  'full-house': findFullHouses,
  'naked-single': findNakedSingles,
  'hidden-single': findHiddenSingles,
  'locked-candidates': findLockedCandidates,
  'naked-pair': (g, n) => findNakedSubsets(g, 2, n),
  'naked-triple': (g, n) => findNakedSubsets(g, 3, n),
  'naked-quad': (g, n) => findNakedSubsets(g, 4, n),
  'hidden-pair': (g, n) => findHiddenSubsets(g, 2, n),
  'hidden-triple': (g, n) => findHiddenSubsets(g, 3, n),
  'hidden-quad': (g, n) => findHiddenSubsets(g, 4, n),
  'x-wing': (g, n) => findFish(g, 2, n),
  swordfish: (g, n) => findFish(g, 3, n),
  jellyfish: (g, n) => findFish(g, 4, n),
  'remote-pair': findRemotePairs,
  'xy-wing': findXYWings,
  'xyz-wing': findXYZWings,
  'w-wing': findWWings,
  skyscraper: findSkyscrapers,
  'two-string-kite': findTwoStringKites,
  'turbot-fish': findTurbotFish,
  'empty-rectangle': findEmptyRectangles,
  'simple-coloring': findSimpleColorings,
  'unique-rectangle-1': findUniqueRectangles1,
  'unique-rectangle-2': (g, n) => findUniqueRectangles25(g, 2, n),
  'unique-rectangle-3': findUniqueRectangles3,
  'unique-rectangle-4': findUniqueRectangles4,
  'unique-rectangle-5': (g, n) => findUniqueRectangles25(g, 5, n),
  'unique-rectangle-6': findUniqueRectangles6,
  'hidden-rectangle': findHiddenRectangles,
  'avoidable-rectangle-1': findAvoidableRectangles1,
  'avoidable-rectangle-2': findAvoidableRectangles2,
  'bug-plus-1': findBugPlusOne,
  'finned-x-wing': (g, n) => findFinnedFish(g, 2, false, n),
  'sashimi-x-wing': (g, n) => findFinnedFish(g, 2, true, n),
  'finned-swordfish': (g, n) => findFinnedFish(g, 3, false, n),
  'sashimi-swordfish': (g, n) => findFinnedFish(g, 3, true, n),
  'finned-jellyfish': (g, n) => findFinnedFish(g, 4, false, n),
  'sashimi-jellyfish': (g, n) => findFinnedFish(g, 4, true, n),
  'sue-de-coq': findSueDeCoqs,
  'multi-coloring': findMultiColorings,
  'x-chain': findXChains,
  'xy-chain': findXYChains,
  'continuous-nice-loop': (g, n) => findLoops('continuous', false, g, n),
  'discontinuous-nice-loop': (g, n) => findLoops('discontinuous', false, g, n),
  aic: (g, n) => findLoops('aic', false, g, n),
  'grouped-continuous-nice-loop': (g, n) => findLoops('continuous', true, g, n),
  'grouped-discontinuous-nice-loop': (g, n) => findLoops('discontinuous', true, g, n),
  'grouped-aic': (g, n) => findLoops('aic', true, g, n),
  'als-xz': findAlsXz,
  'als-xy-wing': (g, n) => findAlsXyWings(g, n, true),
  'als-chain': (g, n) => findAlsChains(g, n, true),
  'death-blossom': (g, n) => findDeathBlossoms(g, n, true),
  'franken-x-wing': (g, n) => findComplexFish(g, 'franken', 2, false, n),
  'franken-swordfish': (g, n) => findComplexFish(g, 'franken', 3, false, n),
  'franken-jellyfish': (g, n) => findComplexFish(g, 'franken', 4, false, n),
  'finned-franken-x-wing': (g, n) => findComplexFish(g, 'franken', 2, true, n),
  'finned-franken-swordfish': (g, n) => findComplexFish(g, 'franken', 3, true, n),
  'finned-franken-jellyfish': (g, n) => findComplexFish(g, 'franken', 4, true, n),
  'mutant-x-wing': (g, n) => findComplexFish(g, 'mutant', 2, false, n),
  'mutant-swordfish': (g, n) => findComplexFish(g, 'mutant', 3, false, n),
  'mutant-jellyfish': (g, n) => findComplexFish(g, 'mutant', 4, false, n),
  'finned-mutant-x-wing': (g, n) => findComplexFish(g, 'mutant', 2, true, n),
  'finned-mutant-swordfish': (g, n) => findComplexFish(g, 'mutant', 3, true, n),
  'finned-mutant-jellyfish': (g, n) => findComplexFish(g, 'mutant', 4, true, n),
  'forcing-chain': findForcingChains,
  'forcing-net': findForcingNets,
  'template-set': findTemplateSets,
  'template-delete': findTemplateDeletes,
};

// HoDoKu's solver leaves ALS nodes out of its grouped nice loops and AICs and lets no two ALS of a step overlap (its
// list of all steps allows both, as findSteps does): the solver's finders do the same, so ALS-XZ and its kin come
// where HoDoKu uses them.
// (An override table, not a spread of FINDERS: a spread at the top level would keep every finder in a bundle.)
const SOLVER_ONLY: Partial<Record<TechniqueName, Finder>> = {
  'grouped-continuous-nice-loop': (g, n) => findLoops('continuous', true, g, n, false),
  'grouped-discontinuous-nice-loop': (g, n) => findLoops('discontinuous', true, g, n, false),
  'grouped-aic': (g, n) => findLoops('aic', true, g, n, false),
  'als-xy-wing': findAlsXyWings,
  'als-chain': findAlsChains,
  'death-blossom': findDeathBlossoms,
};

/** Checks a technique name; throws a RangeError listing the names otherwise. @internal */
export function expectTechnique(name: unknown): asserts name is TechniqueName {
  if (typeof name !== 'string' || !isTechniqueName(name)) {
    throw new RangeError(`unknown technique ${describeValue(name)}; expected one of ${TECHNIQUE_NAMES.join(', ')}`);
  }
}

/**
 * Every instance of one technique on a grid (at most `limit`), without applying any; each removes or places something.
 * The state is taken as it is (not validated, so a pattern can be checked on a hand-made state); see `validateGrid`.
 */
export function findSteps(grid: Grid, technique: TechniqueName, limit = Infinity): Step[] {
  if (!(grid instanceof Grid)) throw new TypeError(`findSteps needs a Grid (parse text with parseGrid); got ${describeValue(grid)}`);
  expectTechnique(technique);
  if (typeof limit !== 'number' || !(limit === Infinity || (Number.isInteger(limit) && limit >= 0))) {
    throw new RangeError(`limit must be a nonnegative integer or Infinity; got ${describeValue(limit)}`);
  }
  if (limit === 0) return [];
  return FINDERS[technique](grid, limit);
}

/** The finder the solver uses for a technique, without checks. @internal */
export function finderOf(technique: TechniqueName): Finder {
  return SOLVER_ONLY[technique] ?? FINDERS[technique];
}

// HoDoKu searches continuous and discontinuous nice loops and AICs as one technique (and their grouped forms as
// another) and takes the best of all it found: most eliminations (a placement counts as two, which matches HoDoKu's
// choices on its exemplars best); then, if they differ, the ones on the lowest cells; if they are the same, the
// shortest chain, then continuous before discontinuous before AIC. The solver does the same.
const FAMILIES: readonly (readonly TechniqueName[])[] = [
  ['continuous-nice-loop', 'discontinuous-nice-loop', 'aic'],
  ['grouped-continuous-nice-loop', 'grouped-discontinuous-nice-loop', 'grouped-aic'],
];

/**
 * Whether a technique list holds each family whole or not at all: then the solver limited to it picks a family's best
 * step from the same members as the full solver. @internal
 */
export function holdsFamiliesWhole(techniques: readonly TechniqueName[]): boolean {
  return FAMILIES.every((family) => family.every((t) => techniques.includes(t)) || !family.some((t) => techniques.includes(t)));
}

/** The techniques of FAMILIES: the solver picks the best step among a family's members it is allowed. @internal */
export const FAMILY_MEMBERS: ReadonlySet<TechniqueName> = /* @__PURE__ */ new Set(FAMILIES.flat());

/** What the solver's choice in a family compares: the changes and the links of a step, made or not. */
type Choice = Pick<LoopChoice, 'eliminations' | 'placements' | 'links' | 'make'>;

const changeCount = (s: Choice): number => s.eliminations.length + 2 * s.placements.length;
const linkCount = (s: Step): number => (s.chain ?? '').replace(/[^=-]/g, '').length;
const changes = (s: Choice): Candidate[] => [...s.placements, ...s.eliminations];
const indexSum = (s: Choice): number => changes(s).reduce((n, c) => n + c.cell * 9 + c.digit, 0);
const sameChanges = (a: Choice, b: Choice): boolean =>
  changes(a).length === changes(b).length && changes(a).every((c, i) => c.cell === changes(b)[i]!.cell && c.digit === changes(b)[i]!.digit);

/** Whether step a (of family member ai) comes before step b (of member bi) in HoDoKu's order. */
function before(a: Choice, ai: number, b: Choice, bi: number): boolean {
  const more = changeCount(a) - changeCount(b);
  if (more !== 0) return more > 0;
  if (!sameChanges(a, b)) return indexSum(a) < indexSum(b);
  if (a.links !== b.links) return a.links < b.links;
  return ai < bi;
}

/**
 * The family members' steps as the solver's finders (finderOf) give them, before they are made: the choice compares
 * them and makes the one it takes.
 */
const CHOICES: Partial<Record<TechniqueName, (grid: Grid, limit: number) => readonly LoopChoice[]>> = {
  'continuous-nice-loop': (g, n) => findLoopChoices('continuous', false, g, n),
  'discontinuous-nice-loop': (g, n) => findLoopChoices('discontinuous', false, g, n),
  aic: (g, n) => findLoopChoices('aic', false, g, n),
  'grouped-continuous-nice-loop': (g, n) => findLoopChoices('continuous', true, g, n, false),
  'grouped-discontinuous-nice-loop': (g, n) => findLoopChoices('discontinuous', true, g, n, false),
  'grouped-aic': (g, n) => findLoopChoices('aic', true, g, n, false),
};

/** The step the solver takes: the best of `step`'s family (members allowed in `finders`), or `step` itself. @internal */
export function bestOfFamily(grid: Grid, step: Step, finders: readonly Finder[]): Step {
  const family = FAMILIES.find((f) => f.includes(step.technique));
  if (family === undefined) return step;
  let best: Choice = { eliminations: step.eliminations, placements: step.placements, links: linkCount(step), make: () => step };
  let bestIndex = family.indexOf(step.technique);
  family.forEach((t, i) => {
    if (!finders.includes(finderOf(t))) return;
    for (const other of CHOICES[t]!(grid, 30)) {
      if (before(other, i, best, bestIndex)) {
        best = other;
        bestIndex = i;
      }
    }
  });
  return best.make();
}
