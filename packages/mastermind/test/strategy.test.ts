import { describe, expect, it } from 'vitest';
import { MAX_OPTIMAL_CODES, STRATEGIES, defaultOpener, evaluate, score, solve, type StrategyName } from '../src/index.js';
import { expectError } from './reference.js';

describe('evaluate over all 1,296 secrets reproduces the published table exactly', () => {
  it('simple (first consistent code): 7,471, max 9', () => {
    const run = evaluate({ strategy: 'simple' });
    expect(run).toMatchObject({ total: 7471, max: 9, secrets: 1296, opener: 'aaaa' });
  });

  it("Knuth's minimax from aabb (1122): 5,801, average 4.476, max 5, distribution 1/6/62/533/694", () => {
    const run = evaluate({ strategy: 'knuth' });
    expect(run).toMatchObject({ strategy: 'knuth', opener: 'aabb', total: 5801, max: 5, distribution: [1, 6, 62, 533, 694] });
    expect(run.average.toFixed(3)).toBe('4.476');
    expect(evaluate()).toEqual(run);
  });

  it('maximum entropy from abcd (1234): 5,722, max 6', () => {
    expect(evaluate({ strategy: 'entropy' })).toMatchObject({ opener: 'abcd', total: 5722, max: 6 });
  });

  it('minimal expected size from aabc (1123): 5,696, max 6', () => {
    expect(evaluate({ strategy: 'expected-size' })).toMatchObject({ opener: 'aabc', total: 5696, max: 6 });
  });

  it('most parts (Kooi) from aabc (1123): 5,668, max 6', () => {
    expect(evaluate({ strategy: 'most-parts' })).toMatchObject({ opener: 'aabc', total: 5668, max: 6 });
  });

  it('takes another opener, and the strategy chooses its own first guess for other sizes', () => {
    const knuth1123 = evaluate({ strategy: 'knuth', opener: '1123' });
    expect(knuth1123.opener).toBe('aabc');
    expect(knuth1123.total).not.toBe(5801);
    const small = evaluate({ strategy: 'knuth', pegs: 3, colors: 4 });
    expect(small.secrets).toBe(64);
    expect(small.distribution.reduce((a, b) => a + b, 0)).toBe(64);
    expect(small.opener).toMatch(/^[a-d]{3}$/);
  });

  it('reports progress', () => {
    const seen: number[] = [];
    evaluate({ strategy: 'simple', onProgress: (done, total) => seen.push(done / total) });
    expect(seen.at(-1)).toBe(1);
    expect(seen.length).toBeGreaterThan(5);
  });
});

describe('solve', () => {
  const heuristics: StrategyName[] = ['simple', 'knuth', 'entropy', 'expected-size', 'most-parts'];

  it('every strategy solves secrets with a consistent trace', () => {
    for (const strategy of heuristics) {
      for (const secret of ['acab', 'ffff', 'abcd', '6543']) {
        const result = solve(secret, { strategy });
        expect(result.turns.at(-1)?.black).toBe(4);
        for (const turn of result.turns) expect(score(result.secret, turn.guess)).toEqual({ black: turn.black, white: turn.white });
        expect(result.lines).toEqual(result.turns.map((t) => `${t.guess} ${t.black} ${t.white}`));
      }
    }
  });

  it('follows the same tree as evaluate (Knuth: at most 5 guesses, 4,476 average)', () => {
    let total = 0;
    for (let i = 0; i < 1296; i += 5) {
      const secret = [216, 36, 6, 1].map((w) => 'abcdef'[Math.floor(i / w) % 6]).join('');
      const result = solve(secret, { strategy: 'knuth' });
      expect(result.guesses).toBeLessThanOrEqual(5);
      expect(result.turns[0]?.guess).toBe('aabb');
      total += result.guesses;
    }
    expect(total).toBeGreaterThan(0);
    expect(solve('acab').lines).toEqual(['aabb 2 1', 'abbc 1 2', 'bade 0 2', 'acab 4 0']);
  });

  it('plays Bulls and Cows (4 of 10 digits, no repeats) choosing only allowed codes', () => {
    const result = solve('1234', { strategy: 'most-parts', colors: 10, repeats: false });
    for (const turn of result.turns) expect(new Set(turn.guess).size).toBe(4);
    expect(result.turns.at(-1)?.guess).toBe('abcd');
  });

  it('knows the published openers', () => {
    expect(defaultOpener('knuth')).toBe('aabb');
    expect(defaultOpener('entropy')).toBe('abcd');
    expect(defaultOpener('expected-size')).toBe('aabc');
    expect(defaultOpener('most-parts')).toBe('aabc');
    expect(defaultOpener('most-parts', { pegs: 5, colors: 8 })).toBe('aabbc');
    expect(defaultOpener('simple')).toBeUndefined();
    expect(defaultOpener('knuth', { pegs: 3, colors: 3 })).toBeUndefined();
    expect(STRATEGIES).toHaveLength(7);
  });

  it('rejects bad strategies, openers and secrets', () => {
    expectError(() => solve('abcd', { strategy: 'fast' as StrategyName }), RangeError, /strategy must be one of state-machine, simple, knuth/);
    // The strategy of the Mastermind design essay is called 'state-machine'; 'seed' is only the option for randomness.
    expectError(() => solve('abcd', { strategy: 'seed' as StrategyName }), RangeError, /strategy must be one of state-machine, simple.*; got 'seed'/);
    expectError(() => solve('abcg'), RangeError, /unknown color 'g'/);
    expectError(() => solve('abcd', { opener: 'aab' }), RangeError, /code 'aab' has 3 pegs/);
    expectError(() => evaluate({ strategy: 'knuth', onProgress: 1 as never }), TypeError, /onProgress must be a function/);
    expectError(() => solve('abcd', null as never), TypeError, /options of solve must be an object/);
    expectError(() => solve('abcd', { strategy: 'knuth', first: 'e' }), RangeError, /first \(GuessOne's first color\) is for the state-machine strategy, not knuth/);
    expectError(() => evaluate({ strategy: 'simple', first: 'e' }), RangeError, /is for the state-machine strategy, not simple/);
  });
});

describe('the optimal strategy on sizes beyond its reach', () => {
  it('refuses code spaces above MAX_OPTIMAL_CODES with a clear error instead of running for hours', () => {
    expect(MAX_OPTIMAL_CODES).toBe(1296);
    expectError(() => solve('abcd', { strategy: 'optimal', colors: 7 }), RangeError, /practical up to 1,296 codes.*4 pegs × 7 colors has 2,401 codes/);
    expectError(() => evaluate({ strategy: 'optimal', pegs: 5, colors: 5 }), RangeError, /5 pegs × 5 colors has 3,125 codes/);
    expectError(() => solve('abcd', { strategy: 'optimal', colors: 10, repeats: false }), RangeError, /without repeats has 5,040 codes/);
  });
});
