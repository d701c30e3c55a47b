// The exact solver: its totals against a brute-force reference on tiny lists (random ones from fast-check), every
// strategy it returns played against every answer, the bound search over every opener, stopping, and bad options.
// The full proofs on the real lists (7,920 and 8,122 with salet) are the benchmark's, not the tests'.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkStrategy, createSolver, createWordList, solveExact, type WordList } from '../src/index.js';
import { expectError, referenceScore } from './reference.js';

const RUNS = process.env.CI ? 60 : 20;

/** Whether a guess keeps every hint so far, by the NYT's rule as stated: greens stay, revealed letters are reused. */
function keepsHints(history: ReadonlyArray<[string, string]>, guess: string): boolean {
  for (const [before, marks] of history) {
    const needed = new Map<string, number>();
    for (let i = 0; i < 5; i++) {
      if (marks[i] === 'G' && guess[i] !== before[i]) return false;
      if (marks[i] !== '.') needed.set(before[i]!, (needed.get(before[i]!) ?? 0) + 1);
    }
    for (const [letter, n] of needed) if ([...guess].filter((c) => c === letter).length < n) return false;
  }
  return true;
}

/**
 * The fewest total guesses with `opener` first, by trying every allowed guess at every position (no bounds, no
 * tricks): Infinity when some answer cannot be solved within maxGuesses.
 */
function referenceExact(answers: readonly string[], guesses: readonly string[], opener: string, hard: boolean, maxGuesses: number): number {
  // In normal mode the history matters only through the answers left, so positions repeat: remember them.
  const memo = new Map<string, number>();
  const solve = (left: readonly string[], history: ReadonlyArray<[string, string]>, guess: string): number => {
    // The cost of playing `guess` now (guess number history.length + 1) against every answer left.
    const depth = history.length + 1;
    const key = hard ? '' : `${left.join(',')}/${depth}/${guess}`;
    if (!hard && memo.has(key)) return memo.get(key)!;
    const cost = play(left, history, guess, depth);
    if (!hard) memo.set(key, cost);
    return cost;
  };
  const play = (left: readonly string[], history: ReadonlyArray<[string, string]>, guess: string, depth: number): number => {
    if (depth > maxGuesses) return Infinity;
    const groups = new Map<string, string[]>();
    for (const answer of left) {
      const score = referenceScore(guess, answer);
      groups.set(score, [...(groups.get(score) ?? []), answer]);
    }
    let cost = left.length;
    for (const [score, group] of groups) {
      if (score === 'GGGGG') continue;
      // A guess the search chooses that learns nothing is never better than the best guess now (it only wastes a
      // turn): left out. The opener is given, so it is played even when it learns nothing.
      if (depth > 1 && group.length === left.length && !left.includes(guess) && !hard) return Infinity;
      const next: Array<[string, string]> = [...history, [guess, score]];
      let best = Infinity;
      for (const g of guesses) if (!hard || keepsHints(next, g)) best = Math.min(best, solve(group, next, g));
      cost += best;
      if (cost === Infinity) return Infinity;
    }
    return cost;
  };
  return solve(answers, [], opener);
}

/**
 * Tiny lists made hard: answers that differ in their last letter only (abab? and abba?, as the real lists' _ight and
 * _atch families), and probes over those letters, so that no guess splits them at once and the search goes deep.
 */
const LAST = 'cdefghijlm';
const tinyLists = fc
  .tuple(
    fc.uniqueArray(fc.tuple(fc.constantFrom('abab', 'abba'), fc.constantFrom(...LAST)).map(([stem, x]) => stem + x), { minLength: 3, maxLength: 9 }),
    fc.uniqueArray(fc.string({ unit: fc.constantFrom(...LAST, 'a', 'b'), minLength: 5, maxLength: 5 }), { maxLength: 4 }),
  )
  .map(([answers, probes]) => ({ answers, guesses: probes.filter((w) => !answers.includes(w)) }));

describe('solveExact on tiny lists, against a brute-force reference', () => {
  it('proves the same total as trying every guess everywhere, normal and hard mode, for several game lengths', async () => {
    await fc.assert(
      fc.asyncProperty(tinyLists, fc.boolean(), fc.integer({ min: 2, max: 5 }), fc.nat(), async ({ answers, guesses }, hard, maxGuesses, pick) => {
        const words = createWordList({ answers, guesses, name: 'tiny' });
        const opener = words.guesses[pick % words.guesses.length]!;
        const expected = referenceExact(words.answers, words.guesses, opener, hard, maxGuesses);
        const result = await solveExact({ words, opener, hardMode: hard, maxGuesses, strategy: true });
        expect(result.proven).toBe(true);
        if (expected === Infinity) {
          expect(result.total).toBeNull();
          expect(result.games).toBeUndefined();
        } else {
          expect(result.total).toBe(expected);
          expect(result.lowerBound).toBe(expected);
          // The strategy handed out plays every answer for exactly that total (solveExact checks it too).
          expect(checkStrategy(words, result.games!, { hardMode: hard, maxGuesses }).total).toBe(expected);
          for (const [answer, played] of Object.entries(result.games!)) {
            expect(played[0]).toBe(opener);
            expect(played.at(-1)).toBe(answer);
          }
        }
      }),
      // An opener that learns nothing (no letter of it in any answer) is still played: 2 + 3 + 4 guesses.
      { numRuns: RUNS, examples: [[{ answers: ['ababc', 'ababf', 'ababd'], guesses: ['jgjhj'] }, false, 4, 1112971311]] },
    );
  });

  it('with a bound and no opener, finds the best opener below it, or proves there is none', async () => {
    await fc.assert(
      fc.asyncProperty(tinyLists, fc.boolean(), async ({ answers, guesses }, hard) => {
        const words = createWordList({ answers, guesses });
        const best = Math.min(...words.guesses.map((g) => referenceExact(words.answers, words.guesses, g, hard, 4)));
        fc.pre(best < Infinity);
        const found = await solveExact({ words, bound: best + 1, hardMode: hard, maxGuesses: 4, strategy: true });
        expect(found).toMatchObject({ proven: true, total: best, lowerBound: best });
        expect(referenceExact(words.answers, words.guesses, found.opener!, hard, 4)).toBe(best);
        expect(checkStrategy(words, found.games!, { hardMode: hard, maxGuesses: 4 }).total).toBe(best);
        const none = await solveExact({ words, bound: best, hardMode: hard, maxGuesses: 4 });
        expect(none).toMatchObject({ proven: true, total: null, opener: null, lowerBound: best });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the heuristic solver beside the exact one', () => {
  it('rescues a position its look-ahead would leave unsolved: width 2, hard mode, 4 guesses (abebe took a fifth)', async () => {
    // Found by sampling lists like the ones below: without the exact rescue the look-ahead played abebe in 5 guesses.
    const words = createWordList({
      answers: ['abcbe', 'abhbh', 'abgbe', 'abgbc', 'abcbf', 'abdbc', 'abhbe', 'abfbd', 'abdbd', 'abfbh', 'abebe', 'abdbh'],
      guesses: ['gaafa', 'accgc', 'fbhfb', 'abfca', 'cbgfd', 'eaheh'],
    });
    const options = { words, opener: 'abfbd', hardMode: true, maxGuesses: 4 };
    expect((await solveExact(options)).total).toBe(31);
    const summary = createSolver({ ...options, width: 2 }).evaluate();
    expect(summary.failures).toEqual([]);
    expect(summary.total).toBeGreaterThanOrEqual(31);
  });

  it('leaves no answer past the last guess when a strategy with its opener can solve them all', async () => {
    await fc.assert(
      fc.asyncProperty(tinyLists, fc.boolean(), fc.integer({ min: 3, max: 4 }), fc.nat(), async ({ answers, guesses }, hardMode, maxGuesses, pick) => {
        const words = createWordList({ answers, guesses });
        const opener = words.guesses[pick % words.guesses.length]!;
        const exact = await solveExact({ words, opener, hardMode, maxGuesses });
        fc.pre(exact.total !== null);
        const summary = createSolver({ words, opener, hardMode, maxGuesses, width: 2 }).evaluate();
        expect(summary.failures).toEqual([]);
        expect(summary.total).toBeGreaterThanOrEqual(exact.total!);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the heuristic solver searching small positions exactly', () => {
  it('finds the optimum where its look-ahead alone did not (width 2: 74 for 73 in hard mode, 82 for 81 in normal mode)', async () => {
    // Found by sampling lists like the ones below, larger: the look-ahead at width 2 alone played one guess too many.
    const examples = [
      {
        answers: ['abbam', 'abbad', 'babah', 'abbah', 'ababd', 'abbae', 'ababh', 'bbaad', 'bbaaf', 'ababj', 'bbaai', 'babal', 'bbaaj', 'ababf', 'bbaac', 'bbaah', 'bbaae', 'abbac', 'abbal', 'ababi', 'babad', 'babam', 'ababl'],
        guesses: ['hggcj', 'gmmam', 'fjlld', 'gadce', 'lieai', 'haefm', 'jbacm'],
        opener: 'gadce',
        hardMode: true,
        maxGuesses: 6,
        optimum: 73,
      },
      {
        answers: ['bbaaj', 'babal', 'ababi', 'ababj', 'babac', 'ababe', 'ababm', 'ababl', 'babaj', 'abbal', 'abbae', 'babaf', 'abbad', 'babae', 'bbaai', 'abbam', 'bbaae', 'abbaj', 'babam', 'bbaag', 'bbaad', 'abbac', 'babai', 'abbah'],
        guesses: ['ccmca', 'dmaee', 'ebjac', 'lgamc', 'bhlff', 'dbcbe', 'lbjgf', 'imdhc'],
        opener: 'bbaag',
        hardMode: false,
        maxGuesses: 5,
        optimum: 81,
      },
    ];
    for (const { answers, guesses, opener, hardMode, maxGuesses, optimum } of examples) {
      const words = createWordList({ answers, guesses });
      expect((await solveExact({ words, opener, hardMode, maxGuesses })).total).toBe(optimum);
      const solver = createSolver({ words, opener, hardMode, maxGuesses, width: 2 });
      expect(solver.evaluate().total).toBe(optimum);
      const games = Object.fromEntries(words.answers.map((answer) => [answer, solver.solve(answer).map((step) => step.guess)]));
      expect(checkStrategy(words, games, { hardMode, maxGuesses }).total).toBe(optimum);
    }
  });

  it('reaches the exact optimum for its opener on tiny lists (width 2), plays that strategy, and nextGuess agrees with it', async () => {
    await fc.assert(
      fc.asyncProperty(tinyLists, fc.boolean(), fc.integer({ min: 3, max: 5 }), fc.nat(), async ({ answers, guesses }, hardMode, maxGuesses, pick) => {
        const words = createWordList({ answers, guesses });
        const opener = words.guesses[pick % words.guesses.length]!;
        const exact = await solveExact({ words, opener, hardMode, maxGuesses });
        fc.pre(exact.total !== null);
        const options = { words, opener, hardMode, maxGuesses, width: 2 };
        const solver = createSolver(options);
        const summary = solver.evaluate();
        // Every group the opener leaves is far below the size and the budget of the exact search.
        expect(summary.total).toBe(exact.total);
        const games = Object.fromEntries(words.answers.map((answer) => [answer, solver.solve(answer)]));
        const strategy = Object.fromEntries(Object.entries(games).map(([answer, steps]) => [answer, steps.map((step) => step.guess)]));
        expect(checkStrategy(words, strategy, { hardMode, maxGuesses }).total).toBe(exact.total);
        // A fresh solver told each game so far suggests the guess the game played next.
        const fresh = createSolver(options);
        for (const steps of Object.values(games)) {
          for (let turn = 1; turn < steps.length; turn++) {
            const history = steps.slice(0, turn).map(({ guess, marks }) => ({ guess, marks }));
            expect(fresh.nextGuess(history)).toBe(steps[turn]!.guess);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('solveExact on a slice of the original lists', () => {
  // 60 answers and every allowed guess: a real search (thousands of guesses per position), quick enough for a test.
  const original = createSolver().words;
  const words = createWordList({ answers: original.answers.slice(0, 60), guesses: original.guesses, name: 'slice' });

  it('is never worse than the heuristic solver, hard mode never better than normal, and its strategy holds', async () => {
    const normal = await solveExact({ words, opener: 'salet', strategy: true });
    const hard = await solveExact({ words, opener: 'salet', hardMode: true, strategy: true });
    expect(normal.proven && hard.proven).toBe(true);
    const heuristic = createSolver({ words, opener: 'salet' }).evaluate().total;
    expect(normal.total!).toBeLessThanOrEqual(heuristic);
    expect(normal.total!).toBeLessThanOrEqual(hard.total!);
    expect(normal.total!).toBeGreaterThanOrEqual(2 * 60 - 1);
    expect(checkStrategy(words, normal.games!).total).toBe(normal.total);
    expect(checkStrategy(words, hard.games!, { hardMode: true }).total).toBe(hard.total);
    expect(normal.nodes).toBeGreaterThan(0);
    expect(normal).toMatchObject({ list: 'slice', opener: 'salet', workers: 0, stopped: undefined, upperBound: normal.total });
  });

  it('stops on an aborted signal and says the lower bound proven so far', async () => {
    const controller = new AbortController();
    controller.abort();
    const progress: number[] = [];
    const stopped = await solveExact({ words, opener: 'salet', signal: controller.signal, onProgress: (done) => progress.push(done) });
    expect(stopped).toMatchObject({ proven: false, total: null, stopped: 'aborted', opener: 'salet' });
    const full = await solveExact({ words, opener: 'salet', onProgress: (done) => progress.push(done) });
    expect(stopped.lowerBound).toBeGreaterThanOrEqual(60);
    expect(stopped.lowerBound).toBeLessThanOrEqual(full.total!);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBeGreaterThan(0);
  });

  it('gives the same result in worker threads (the built package, whose worker script is in dist)', async () => {
    const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
    if (!existsSync(dist)) throw new Error(`build the package first: ${dist} is missing`);
    const built = (await import(dist)) as typeof import('../src/index.js');
    const list: WordList = built.createWordList({ answers: words.answers, guesses: words.guesses });
    const [inThread, inWorkers] = await Promise.all([built.solveExact({ words: list, opener: 'salet', hardMode: true }), built.solveExact({ words: list, opener: 'salet', hardMode: true, workers: 2, strategy: true })]);
    expect(inWorkers).toMatchObject({ proven: true, total: inThread.total, workers: 2 });
    expect(built.checkStrategy(list, inWorkers.games!, { hardMode: true }).total).toBe(inThread.total);
  });
});

describe('checkStrategy', () => {
  const words = createWordList({ answers: ['cigar', 'rebut', 'sissy'], guesses: ['salet'] });
  const good = { cigar: ['salet', 'cigar'], rebut: ['salet', 'rebut'], sissy: ['salet', 'sissy'] };

  it('plays each game and totals the guesses', () => {
    expect(checkStrategy(words, good)).toEqual({ total: 6, max: 2 });
  });

  it('refuses a strategy that is not one: a missing answer, a different guess after the same feedback, a game that does not end on its answer', () => {
    expectError(() => checkStrategy(words, { cigar: good.cigar, rebut: good.rebut }), RangeError, /each of the 3 answers/);
    expectError(() => checkStrategy(words, { ...good, sissy: ['cigar', 'sissy'] }), RangeError, /sissy plays cigar at guess 1 where another game with the same feedback plays salet/);
    // A longer game is still a strategy (salet tells sissy apart), only a worse one.
    expect(checkStrategy(words, { ...good, sissy: ['salet', 'rebut', 'sissy'] }).total).toBe(7);
    expectError(() => checkStrategy(words, { ...good, rebut: ['salet'] }), RangeError, /game of rebut ends before solving it/);
    expectError(() => checkStrategy(words, { ...good, rebut: ['salet', 'rebut', 'rebut'] }), RangeError, /goes on after solving it/);
    expectError(() => checkStrategy(words, { ...good, rebut: ['salet', 'xxxxx'] }), RangeError, /not an allowed guess of the list custom/);
    expectError(() => checkStrategy(words, good, { maxGuesses: 1 }), RangeError, /takes 2 guesses; at most 1/);
  });
});

describe('solveExact options', () => {
  it('refuses bad options, naming them', async () => {
    await expect(solveExact({})).rejects.toThrow(/give an opener, or a bound/);
    await expect(solveExact({ opener: 'salet', bound: 9000 })).rejects.toThrow(/not both/);
    await expect(solveExact({ opener: 'xyzzy' })).rejects.toThrow(/opener must be an allowed guess of the list original; got 'xyzzy'/);
    await expect(solveExact({ opener: 'salet', workers: -1 })).rejects.toThrow(/workers must be an integer from 0 to 64; got -1/);
    await expect(solveExact({ opener: 'salet', maxGuesses: 1 })).rejects.toThrow(/maxGuesses must be an integer from 2 to 20/);
    await expect(solveExact({ bound: 0 })).rejects.toThrow(/bound must be a positive integer; got 0/);
    await expect(solveExact({ opener: 'salet', timeout: -5 })).rejects.toThrow(RangeError);
    await expect(solveExact({ opener: 'salet', hardMode: 'yes' as unknown as boolean })).rejects.toThrow(TypeError);
    await expect(solveExact('salet' as never)).rejects.toThrow(TypeError);
  });
});
