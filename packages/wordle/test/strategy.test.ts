// Every strategy the heuristic solver follows, played against every answer of the original lists by checkStrategy
// (a small set of openers: salet in normal mode is in solver.test.ts, beside its evaluation; crane in hard mode here;
// the benchmark does every named list in both modes), agrees with what evaluate() says.
import { describe, expect, it } from 'vitest';
import { checkStrategy, createSolver } from '../src/index.js';

describe('the heuristic solver, played against every answer', () => {
  for (const [opener, hardMode] of [['crane', true]] as const) {
    it(`${opener}, ${hardMode ? 'hard' : 'normal'} mode: one strategy, every answer solved, the total evaluate() says`, () => {
      const solver = createSolver({ opener, hardMode });
      const summary = solver.evaluate();
      const games = Object.fromEntries(solver.words.answers.map((answer) => [answer, solver.solve(answer).map((step) => step.guess)]));
      const played = checkStrategy(solver.words, games, { hardMode });
      expect(played).toEqual({ total: summary.total, max: summary.max });
      expect(summary.failures).toEqual([]);
      // Selby's proven optimum with salet (the best opener) bounds every strategy from below.
      expect(played.total).toBeGreaterThanOrEqual(hardMode ? 8122 : 7920);
    }, 120_000);
  }
});
