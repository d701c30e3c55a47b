import { describe, expect, it, vi } from 'vitest';
import { MAX_OPTIMAL_CODES, STRATEGIES, STRATEGY_LIMITS, codeCount, defaultOpener, evaluate, nextGuess, score, solve, type StrategyName } from '../src/index.js';
import { expectError } from './reference.js';

describe('evaluate over all 1,296 secrets reproduces the published table exactly', () => {
  it('simple (first consistent code): 7,471, max 9', () => {
    const run = evaluate({ strategy: 'simple' });
    expect(run).toMatchObject({ total: 7471, max: 9, secrets: 1296, opener: 'aaaa' });
  });

  it("Knuth's minimax from aabb (1122): 5,801, average 4.476, max 5, distribution 1/6/62/533/694", () => {
    const run = evaluate({ strategy: 'knuth' });
    expect(run).toMatchObject({ strategy: 'knuth', opener: 'aabb', total: 5801, max: 5, distribution: { 1: 1, 2: 6, 3: 62, 4: 533, 5: 694 } });
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
    expect(Object.values(small.distribution).reduce((a, b) => a + b, 0)).toBe(64);
    expect(small.opener).toMatch(/^[a-d]{3}$/);
  });

  it('reports progress: secrets played, growing to all of them', () => {
    const seen: number[] = [];
    evaluate({ strategy: 'simple', onProgress: ({ stage, done, total }) => stage === 'play' && seen.push(done / total!) });
    expect(seen.at(-1)).toBe(1);
    expect(seen.length).toBeGreaterThan(5);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
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
    expectError(() => solve('abcd', { strategy: 'optimal', colors: 7 }), RangeError, /optimal strategy takes on a game of at most 1,296 codes.*4 pegs × 7 colors has 2,401 codes/);
    expectError(() => evaluate({ strategy: 'optimal', pegs: 5, colors: 5 }), RangeError, /5 pegs × 5 colors has 3,125 codes/);
    expectError(() => solve('abcd', { strategy: 'optimal', colors: 10, repeats: false }), RangeError, /without repeats has 5,040 codes/);
  });
});

describe('sizes beyond each strategy, and a way out of every long call', () => {
  it('refuses sizes whose cost is out of reach, naming the limit, per strategy', () => {
    // The state machine used to skip every limit: 9 × 16 and 10 × 26 ran for hours.
    expectError(() => solve('abcdefghi', { strategy: 'state-machine', pegs: 9, colors: 16 }), RangeError, /state-machine strategy takes on a game of at most 100,000,000 codes.*9 pegs × 16 colors has 68,719,476,736 codes/);
    expectError(() => solve('abcdefghij', { strategy: 'state-machine', pegs: 10, colors: 26 }), RangeError, /at most 100,000,000 codes/);
    // Knuth over a million codes ran silently for minutes.
    expectError(() => solve('abcdef', { pegs: 6, colors: 10 }), RangeError, /knuth strategy takes on a game of at most 262,144 codes.*6 pegs × 10 colors has 1,000,000 codes/);
    expectError(() => evaluate({ strategy: 'entropy', pegs: 6, colors: 6 }), RangeError, /entropy strategy takes on an evaluation of every secret of at most 32,768 codes.*46,656 codes/);
    expectError(() => nextGuess([], { strategy: 'most-parts', pegs: 6, colors: 10 }), RangeError, /at most 262,144 codes/);
    // Within the limits the same sizes are taken on.
    expect(solve('abcdefgh', { strategy: 'state-machine', pegs: 8, colors: 10, first: 'a' }).solved).toBe(true);
    expect(solve('abcdef', { strategy: 'simple', pegs: 6, colors: 10 }).solved).toBe(true);
    for (const strategy of STRATEGIES) {
      expect(STRATEGY_LIMITS[strategy].solve).toBeGreaterThanOrEqual(STRATEGY_LIMITS[strategy].evaluate);
      expect(STRATEGY_LIMITS[strategy].evaluate).toBeGreaterThanOrEqual(1296);
    }
    expect(codeCount({ pegs: 9, colors: 16 })).toBe(16 ** 9);
    expect(codeCount({ colors: 10, repeats: false })).toBe(5040);
  });

  it('stops on an aborted signal or a timeout and returns what it did', () => {
    const controller = new AbortController();
    controller.abort();
    const signal = controller.signal;
    const solved = solve('abcdef', { pegs: 6, colors: 8, signal });
    expect(solved).toMatchObject({ secret: 'abcdef', solved: false, stopped: 'aborted', guesses: 0 });
    expect(evaluate({ strategy: 'optimal', signal })).toMatchObject({ secrets: 0, total: 0, stopped: 'aborted' });
    expect(nextGuess([], { strategy: 'optimal', signal })).toMatchObject({ guess: undefined, remaining: 1296, stopped: 'aborted' });
    expect(solve('abcdefgh', { strategy: 'state-machine', pegs: 8, colors: 10, first: 'a', signal })).toMatchObject({ solved: false, stopped: 'aborted' });
    // A timeout partway: the evaluation keeps the secrets it played, consistently.
    let stopAfter = 0;
    const partial = evaluate({
      strategy: 'knuth',
      pegs: 5,
      colors: 8,
      signal: { get aborted() { return stopAfter > 300; } } as AbortSignal,
      onProgress: ({ stage, done }) => {
        if (stage === 'play') stopAfter = done;
      },
    });
    expect(partial.stopped).toBe('aborted');
    expect(partial.secrets).toBeGreaterThan(0);
    expect(partial.secrets).toBeLessThan(32768);
    expect(Object.values(partial.distribution).reduce((a, b) => a + b, 0)).toBe(partial.secrets);
    // A clock that runs a second per reading: the 1 ms limit passes at the first look, on any machine.
    let skew = 0;
    const now = performance.now.bind(performance);
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now() + (skew += 1000));
    let timed: ReturnType<typeof solve>;
    try {
      timed = solve('abcdef', { pegs: 6, colors: 8, timeout: 1 });
    } finally {
      clock.mockRestore();
    }
    expect(timed.stopped).toBe('timeout');
    expectError(() => solve('abcd', { timeout: -1 }), RangeError, /timeout must be a positive number of milliseconds; got -1/);
    expectError(() => solve('abcd', { signal: 'x' as never }), TypeError, /signal must be an AbortSignal/);
  });

  it('reports progress from the start of the optimal search, with growing counts, before it finishes', () => {
    // A size whose optimal search takes a moment (a fresh size, so no memo from other tests): 4 pegs × 5 colors.
    const events: Array<{ stage: string; done: number }> = [];
    let finished = false;
    const run = evaluate({
      strategy: 'optimal',
      pegs: 4,
      colors: 5,
      onProgress: ({ stage, done }) => {
        expect(finished).toBe(false);
        events.push({ stage, done });
      },
    });
    finished = true;
    const search = events.filter((e) => e.stage === 'search').map((e) => e.done);
    const play = events.filter((e) => e.stage === 'play').map((e) => e.done);
    expect(search.length).toBeGreaterThan(2);
    expect(search[0]).toBe(1);
    expect(search).toEqual([...search].sort((a, b) => a - b));
    expect(new Set(search).size).toBe(search.length);
    // The search comes first (the old onProgress fired only once secrets were played, at the very end).
    expect(events[0]!.stage).toBe('search');
    expect(play.at(-1)).toBe(run.secrets);
    const solveEvents: number[] = [];
    solve('gfed', { strategy: 'knuth', pegs: 4, colors: 7, onProgress: ({ done }) => solveEvents.push(done) });
    expect(solveEvents.length).toBeGreaterThan(2);
    expect(solveEvents).toEqual([...solveEvents].sort((a, b) => a - b));
  });
});
