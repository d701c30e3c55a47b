// The generator's judge (solveKnownUnique) must take exactly the path solveLogically takes, or generated puzzles would
// be rated differently from explainPuzzle.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePuzzle, judgeOf, levelTechniques, MIN_STEP_SCORE } from '../src/generate.js';
import { applyTrusted, Grid } from '../src/grid.js';
import { parseGivens } from '../src/formats.js';
import { levelIndex, LEVELS, ratePath, rateTechniques, TECHNIQUE_LEVELS, TECHNIQUE_SCORES, type Level } from '../src/rating.js';
import { firstSingle, solveKnownUnique, solveLogically, solverPlan, unitEmpties, type JudgeMemo, type PathEnd } from '../src/solver.js';
import type { TechniqueName } from '../src/step.js';
import { findFullHouses, findHiddenSingles, findNakedSingles } from '../src/singles.js';
import { randomPuzzle } from './reference.js';

const cellsOf = (puzzle: string): number[] => [...puzzle].map((ch) => (ch === '.' ? 0 : Number(ch)));

/**
 * A level judge on the steps' scores alone: a step ends the path once the rating is sure to be above the level with
 * index `target` (what generatePuzzle({ level }) did before it counted the empty cells too).
 */
function scoreJudge(target: number): PathEnd {
  let score = 0;
  let level = 0;
  const index = (t: TechniqueName): number => LEVELS.indexOf(TECHNIQUE_LEVELS[t]);
  return {
    ends: (t) => levelIndex(Math.max(level, index(t)), score + TECHNIQUE_SCORES[t]) > target,
    took: (t) => {
      score += TECHNIQUE_SCORES[t];
      level = Math.max(level, index(t));
    },
  };
}

/** The first single the solver's finders give, encoded as firstSingle encodes it. */
function expectedSingle(grid: Grid): number {
  const finders = [findFullHouses, findNakedSingles, findHiddenSingles];
  for (let i = 0; i < 3; i++) {
    const [step] = finders[i]!(grid, 1);
    if (step !== undefined) return i * 2048 + step.placements[0]!.cell * 16 + step.placements[0]!.digit;
  }
  return -1;
}

describe("the generator's judge", () => {
  it('firstSingle gives the step the three single finders give first, at every state of solving paths', () => {
    let states = 0;
    const seen = new Set<number>();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 17, max: 30 }), (seed, keep) => {
        const { puzzle } = randomPuzzle(seed, keep);
        const grid = parseGivens(puzzle);
        for (const step of solveLogically(puzzle).steps) {
          const single = firstSingle(grid.values, grid.candidates);
          expect(single).toBe(expectedSingle(grid));
          // The same with each unit's count of empty cells (only units with one are looked at for a full house).
          expect(firstSingle(grid.values, grid.candidates, unitEmpties(grid.values))).toBe(single);
          seen.add(single < 0 ? -1 : single >> 11);
          states++;
          applyTrusted(grid, step);
        }
        expect(firstSingle(grid.values, grid.candidates)).toBe(expectedSingle(grid));
      }),
      { numRuns: 30 },
    );
    // Every kind of answer came up: full houses, naked and hidden singles, and none.
    expect([...seen].sort()).toEqual([-1, 0, 1, 2]);
    expect(states).toBeGreaterThan(500);
  });

  it('solveKnownUnique takes the path solveLogically takes, with the full solver and with the techniques of a level', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 17, max: 32 }), fc.constantFrom<Level | undefined>(undefined, 'Easy', 'Medium', 'Hard', 'Unfair'), (seed, keep, level) => {
        const { puzzle, solution } = randomPuzzle(seed, keep);
        const techniques = level === undefined || level === 'Extreme' ? undefined : levelTechniques(level);
        const expected = solveLogically(puzzle, techniques === undefined ? undefined : { techniques });
        const path = solveKnownUnique(cellsOf(puzzle), solverPlan(techniques));
        expect(path.techniques).toEqual(expected.steps.map((s) => s.technique));
        expect(path.solved).toBe(expected.solved);
        expect(path.complete).toBe(true);
        expect(Array.from(path.values)).toEqual(Array.from(expected.grid.values));
        if (path.solved) expect(path.values.join('')).toBe(solution);
        expect(rateTechniques(path.techniques, path.solved)).toEqual(ratePath(expected.steps, expected.solved));
      }),
      { numRuns: 40 },
    );
  });

  it('solveKnownUnique stops before the step its PathEnd says ends the path, with the path so far', () => {
    const { puzzle } = randomPuzzle(11, 24);
    const full = solveKnownUnique(cellsOf(puzzle), solverPlan());
    expect(full.techniques.length).toBeGreaterThan(10);
    const told: TechniqueName[] = [];
    const cut = solveKnownUnique(cellsOf(puzzle), solverPlan(), { ends: () => told.length >= 10, took: (t) => void told.push(t) });
    expect(cut).toMatchObject({ complete: false, solved: false });
    expect(cut.techniques).toEqual(full.techniques.slice(0, 10));
    expect(told).toEqual(cut.techniques);
  });

  it('a level judge that cuts paths short gives the verdict of the whole path, and whole paths where they fit', () => {
    const verdicts = new Set<string>();
    let cut = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 17, max: 30 }), fc.constantFrom<Level>('Easy', 'Medium', 'Hard', 'Unfair'), (seed, keep, level) => {
        const { puzzle } = randomPuzzle(seed, keep);
        const target = LEVELS.indexOf(level);
        const plan = solverPlan(levelTechniques(level as Exclude<Level, 'Extreme'>));
        const whole = solveKnownUnique(cellsOf(puzzle), plan);
        const tooHard = LEVELS.indexOf(rateTechniques(whole.techniques, whole.solved).level) > target;
        const judged = solveKnownUnique(cellsOf(puzzle), plan, scoreJudge(target));
        verdicts.add(`${level} ${tooHard}`);
        if (!judged.complete) cut++;
        // The verdict as the generator reads it: a path cut short is too hard, else its rating says.
        const judgedTooHard = LEVELS.indexOf(rateTechniques(judged.techniques, judged.solved && judged.complete).level) > target;
        expect(judgedTooHard).toBe(tooHard);
        // Up to where it stopped, the same path.
        expect(judged.techniques).toEqual(whole.techniques.slice(0, judged.techniques.length));
        if (!tooHard) expect(judged).toEqual(whole);
      }),
      // A Medium path too hard and cut short, and a Hard path that fits, so that the checks below do not hang on what a
      // random seed draws.
      {
        numRuns: 60,
        examples: [
          [4, 21, 'Medium'],
          [1, 18, 'Hard'],
        ],
      },
    );
    // Both outcomes were met, and paths were cut short.
    expect(verdicts).toContain('Medium true');
    expect(verdicts).toContain('Hard false');
    expect(cut).toBeGreaterThan(0);
  });

  it("generate's judges (level, score range, required technique) that cut paths short give the whole path's verdict", () => {
    const cut = new Set<string>();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 17, max: 30 }),
        fc.oneof(
          fc.constantFrom<Level>('Easy', 'Medium', 'Hard', 'Unfair', 'Extreme').map((level) => ({ level })),
          fc.tuple(fc.integer({ min: 200, max: 1200 }), fc.integer({ min: 0, max: 800 })).map(([min, extra]) => ({ score: [min, min + extra] as [number, number] })),
          fc.constantFrom<TechniqueName>('locked-candidates', 'naked-pair', 'x-wing', 'xy-wing', 'skyscraper', 'unique-rectangle-1', 'x-chain', 'aic').map((requires) => ({ requires })),
        ),
        (seed, keep, options) => {
          const { puzzle } = randomPuzzle(seed, keep);
          const { plan, judge, pathEnd } = judgeOf(options);
          const whole = solveKnownUnique(cellsOf(puzzle), plan);
          const judged = solveKnownUnique(cellsOf(puzzle), plan, pathEnd?.());
          const verdict = (p: typeof whole): number => judge(rateTechniques(p.techniques, p.solved && p.complete));
          expect(verdict(judged), JSON.stringify(options)).toBe(verdict(whole));
          expect(judged.techniques).toEqual(whole.techniques.slice(0, judged.techniques.length));
          if (!judged.complete) cut.add(Object.keys(options)[0]!);
        },
      ),
      // One path each judge is known to cut short, so that the check below does not hang on what a random seed draws.
      {
        numRuns: 80,
        examples: [
          [4, 21, { level: 'Medium' }],
          [1, 18, { score: [200, 300] }],
          [4, 21, { requires: 'x-wing' }],
        ],
      },
    );
    expect([...cut].sort()).toEqual(['level', 'requires', 'score']);
  });

  it('the judge of Extreme cuts an Extreme path short where it is sure to rate above Unfair, with the whole path\'s verdict', () => {
    const { puzzle } = generatePuzzle({ level: 'Extreme', seed: 1 });
    const { plan, judge, pathEnd } = judgeOf({ level: 'Extreme' });
    const whole = solveKnownUnique(cellsOf(puzzle), plan);
    const cut = solveKnownUnique(cellsOf(puzzle), plan, pathEnd!());
    expect(whole.complete).toBe(true);
    expect(cut.complete).toBe(false);
    expect(cut.techniques.length).toBeLessThan(whole.techniques.length);
    expect(cut.techniques).toEqual(whole.techniques.slice(0, cut.techniques.length));
    expect(judge(rateTechniques(cut.techniques, cut.solved && cut.complete))).toBe(0);
    expect(judge(rateTechniques(whole.techniques, whole.solved && whole.complete))).toBe(0);
  });

  it("the level judges count what the empty cells must add: they stop sooner than on the steps' scores alone, with the same verdict", () => {
    // The bound holds for the default set: no step scores less than MIN_STEP_SCORE, and none places more than one cell.
    expect(Math.min(...Object.values(TECHNIQUE_SCORES))).toBe(MIN_STEP_SCORE);
    let sooner = 0;
    // Paths too hard and cut short (the first two stop two steps sooner with the bound), and a Hard path that fits.
    for (const [seed, keep, level] of [
      [49, 20, 'Hard'],
      [49, 24, 'Hard'],
      [4, 21, 'Medium'],
      [1, 18, 'Hard'],
    ] as const) {
      const { puzzle } = randomPuzzle(seed, keep);
      const { plan, judge, pathEnd } = judgeOf({ level });
      const byScores = solveKnownUnique(cellsOf(puzzle), plan, scoreJudge(LEVELS.indexOf(level)));
      const bounded = solveKnownUnique(cellsOf(puzzle), plan, pathEnd!());
      const verdict = (p: typeof bounded): number => judge(rateTechniques(p.techniques, p.solved && p.complete));
      expect(verdict(bounded)).toBe(verdict(byScores));
      expect(bounded.techniques).toEqual(byScores.techniques.slice(0, bounded.techniques.length));
      if (bounded.techniques.length < byScores.techniques.length) sooner++;
    }
    expect(sooner).toBeGreaterThan(0);
  });

  it('a memo of the scans of states met before gives the paths without it, along removal paths', () => {
    /** A memo that counts the states it knew. */
    class Counting extends Map<string, unknown> {
      hits = 0;
      override get(key: string): unknown {
        const known = super.get(key);
        if (known !== undefined) this.hits++;
        return known;
      }
    }
    let hits = 0;
    // Seeds whose states need more than singles (most random states here need singles only).
    for (const seed of [4, 7, 11]) {
      // The states of one removal path, from 26 clues down to 19 (each has the clues of the next).
      const states = Array.from({ length: 8 }, (_, i) => cellsOf(randomPuzzle(seed, 26 - i).puzzle));
      // Judges whose verdict a path reaches at different steps on states met before (cut short or not).
      for (const options of [{ level: 'Unfair' as const }, { level: 'Hard' as const }, { level: 'Extreme' as const }, { score: [0, 400] as [number, number] }, { score: [0, 700] as [number, number] }]) {
        const { plan, pathEnd } = judgeOf(options);
        const memo = new Counting();
        for (const cells of states) {
          expect(solveKnownUnique(cells, plan, pathEnd?.(), memo as unknown as JudgeMemo)).toEqual(solveKnownUnique(cells, plan, pathEnd?.()));
        }
        hits += memo.hits;
      }
      // A memo filled by whole paths (no end), then read by paths that end at the first step of 100 points or more.
      const plan = solverPlan();
      const memo = new Counting();
      for (const cells of states) solveKnownUnique(cells, plan, undefined, memo as unknown as JudgeMemo);
      const heavy = (): PathEnd => ({ ends: (t) => TECHNIQUE_SCORES[t] >= 100, took: () => {} });
      for (const cells of states) expect(solveKnownUnique(cells, plan, heavy(), memo as unknown as JudgeMemo)).toEqual(solveKnownUnique(cells, plan, heavy()));
      hits += memo.hits;
    }
    // The paths of neighbouring states met the same states.
    expect(hits).toBeGreaterThan(10);
  });

  it('rateTechniques rates as ratePath does, and an unfinished path is Extreme', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<TechniqueName>('naked-single', 'hidden-single', 'locked-candidates', 'x-wing', 'xy-chain', 'forcing-net')), fc.boolean(), (names, solved) => {
        const rating = rateTechniques(names, solved);
        expect(rating).toEqual(ratePath(names.map((technique) => ({ technique, cells: [], digits: [], eliminations: [], placements: [], explanation: '' })), solved));
        if (!solved) expect(rating.level).toBe(LEVELS[4]);
      }),
    );
  });
});
