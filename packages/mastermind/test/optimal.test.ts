import { describe, expect, it } from 'vitest';
import { evaluate, score, solve } from '../src/index.js';
import { bruteForceOptimal } from './reference.js';

// The full 4 × 6 search (5,625) takes 15-30 s, so it lives in the benchmark and the CLI demo; here the same search
// is checked against plain exhaustive recursion on sizes small enough for it.
describe("the exact search ('optimal')", () => {
  for (const [pegs, colors] of [
    [2, 2],
    [2, 3],
    [3, 2],
    [2, 4],
    [3, 3],
  ] as const) {
    it(`finds the same optimal total as brute force for ${pegs} pegs × ${colors} colors`, () => {
      const run = evaluate({ strategy: 'optimal', pegs, colors });
      expect(run.total).toBe(bruteForceOptimal(pegs, colors));
      expect(Object.values(run.distribution).reduce((a, b) => a + b, 0)).toBe(colors ** pegs);
    });
  }

  it('is never worse than the heuristics (4 pegs × 4 colors), and solve follows it', () => {
    const optimal = evaluate({ strategy: 'optimal', pegs: 4, colors: 4 });
    for (const strategy of ['knuth', 'entropy', 'expected-size', 'most-parts'] as const) {
      expect(optimal.total).toBeLessThanOrEqual(evaluate({ strategy, pegs: 4, colors: 4 }).total);
    }
    let total = 0;
    for (let i = 0; i < 256; i++) {
      const secret = [64, 16, 4, 1].map((w) => 'abcd'[Math.floor(i / w) % 4]).join('');
      const result = solve(secret, { strategy: 'optimal', pegs: 4, colors: 4 });
      for (const turn of result.turns) expect(score(secret, turn.guess)).toEqual({ black: turn.black, white: turn.white });
      total += result.guesses;
    }
    expect(total).toBe(optimal.total);
  });
});
