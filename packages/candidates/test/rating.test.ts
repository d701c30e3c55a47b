import { describe, expect, it } from 'vitest';
import { LEVELS, ratePath, TECHNIQUE_LEVELS, TECHNIQUE_SCORES } from '../src/rating.js';
import { solveLogically } from '../src/solver.js';
import { TECHNIQUE_NAMES, type Step, type TechniqueName } from '../src/step.js';
import { EASY, expectError } from './reference.js';

const step = (technique: TechniqueName): Step => ({ technique, cells: [], digits: [], eliminations: [], placements: [], explanation: '' });

describe('rating', () => {
  it('has HoDoKu\'s base scores', () => {
    expect(TECHNIQUE_SCORES).toMatchObject({
      'naked-single': 4, 'hidden-single': 14, 'locked-candidates': 50, 'naked-pair': 60, 'hidden-pair': 70,
      'naked-triple': 80, 'hidden-triple': 100, 'x-wing': 140, swordfish: 150, 'xy-wing': 160, 'xyz-wing': 180,
    });
    for (const t of TECHNIQUE_NAMES) {
      expect(TECHNIQUE_SCORES[t]).toBeGreaterThan(0);
      expect(LEVELS).toContain(TECHNIQUE_LEVELS[t]);
    }
  });

  it('sums the scores, names the hardest technique and picks the level', () => {
    expect(ratePath([])).toEqual({ score: 0, level: 'Easy', hardest: null, solved: true });
    expect(ratePath([step('naked-single'), step('hidden-single'), step('naked-single')])).toEqual({ score: 22, level: 'Easy', hardest: 'hidden-single', solved: true });
    expect(ratePath([step('naked-single'), step('x-wing')]).level).toBe('Hard');
    expect(ratePath([step('locked-candidates')]).level).toBe('Medium');
    expect(ratePath([step('xy-chain')])).toMatchObject({ level: 'Unfair', hardest: 'xy-chain' });
  });

  it('raises the level when the score passes the level\'s maximum (HoDoKu: 800, 1000, 1600, 1800)', () => {
    const singles = (n: number) => Array.from({ length: n }, () => step('hidden-single'));
    expect(ratePath(singles(57)).level).toBe('Easy'); // 798
    expect(ratePath(singles(58)).level).toBe('Medium'); // 812
    expect(ratePath(singles(72)).level).toBe('Hard'); // 1008
    expect(ratePath(singles(115)).level).toBe('Unfair'); // 1610
    expect(ratePath(singles(129)).level).toBe('Extreme'); // 1806
  });

  it('calls an unsolved path Extreme', () => {
    expect(ratePath([step('naked-single')], false).level).toBe('Extreme');
  });

  it('rejects steps of unknown techniques instead of scoring them NaN', () => {
    expectError(() => ratePath([step('guessing' as TechniqueName)]), RangeError, /technique must be one of the technique names; got 'guessing'/);
    expectError(() => ratePath([null as unknown as Step]), RangeError, /got undefined/);
    expectError(() => ratePath('naked-single' as unknown as Step[]), TypeError, /ratePath needs an array of steps/);
    expectError(() => ratePath([], 'no' as unknown as boolean), TypeError, /ratePath's solved must be true or false; got 'no'/);
  });

  it('rates a real path', () => {
    const { steps, solved } = solveLogically(EASY);
    const rating = ratePath(steps, solved);
    expect(rating.level).toBe('Easy');
    expect(['naked-single', 'hidden-single']).toContain(rating.hardest);
    expect(rating.score).toBe(steps.reduce((a, s) => a + TECHNIQUE_SCORES[s.technique], 0));
  });
});
