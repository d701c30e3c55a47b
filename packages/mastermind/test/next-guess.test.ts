import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STRATEGIES, nextGuess, score, solve, type StrategyOptions, type Turn } from '../src/index.js';
import { allCodes, expectError, prop } from './reference.js';

/**
 * Checks that nextGuess agrees with solve on every secret of a size: after the first k turns of solve(secret),
 * nextGuess gives solve's guess k + 1, the candidates are exactly the codes that score like every turn, and after the
 * last turn it says the code is found. Prefixes shared by many secrets are asked once.
 */
function agreesWithSolve(options: StrategyOptions, pegs: number, colors: number, secrets: readonly string[]): number {
  const asked = new Map<string, string | undefined>();
  let checked = 0;
  for (const secret of secrets) {
    const { turns, solved } = solve(secret, { ...options, pegs, colors });
    expect(solved).toBe(true);
    for (let k = 0; k <= turns.length; k++) {
      const history = turns.slice(0, k);
      const key = history.map((t) => `${t.guess} ${t.black} ${t.white}`).join(' ');
      if (!asked.has(key)) {
        const next = nextGuess(history, { ...options, pegs, colors });
        // Every code listed fits every turn, the secret is among them, and the count is the list's length.
        // (One expect for the whole list: an expect per code made this file several times slower.)
        expect(next.candidates.filter((code) => !history.every((t) => sameScore(score(code, t.guess, { pegs, colors }), t)))).toEqual([]);
        expect(next.candidates).toContain(secret);
        expect(next.remaining).toBe(next.candidates.length);
        expect(next.solved).toBe(k === turns.length);
        asked.set(key, next.guess);
      }
      const expected = k < turns.length ? turns[k]!.guess : undefined;
      if (asked.get(key) !== expected) expect(asked.get(key), `${options.strategy} ${secret} turn ${k + 1}`).toBe(expected);
      checked++;
    }
  }
  return checked;
}

const sameScore = (a: { black: number; white: number }, b: Turn) => a.black === b.black && a.white === b.white;

describe('nextGuess agrees with solve', () => {
  for (const strategy of STRATEGIES.filter((s) => s !== 'optimal' && s !== 'state-machine')) {
    it(`${strategy}: on every 4 × 6 secret`, () => {
      expect(agreesWithSolve({ strategy }, 4, 6, allCodes(4, 6))).toBeGreaterThan(1296 * 3);
    });
  }

  it('state-machine: on every 4 × 6 secret (first color a), and every 13th from the other first colors', () => {
    expect(agreesWithSolve({ strategy: 'state-machine', first: 'a' }, 4, 6, allCodes(4, 6))).toBeGreaterThan(1296 * 3);
    const sample = allCodes(4, 6).filter((_, i) => i % 13 === 3);
    for (const first of 'bcdef') agreesWithSolve({ strategy: 'state-machine', first }, 4, 6, sample);
    // Without `first`, the first turn says which color the machine started from.
    const { turns } = solve('fcaf', { strategy: 'state-machine', seed: 2026 });
    expect(nextGuess(turns.slice(0, 2), { strategy: 'state-machine' }).guess).toBe(turns[2]!.guess);
    expect(nextGuess([], { strategy: 'state-machine', seed: 2026 }).guess).toBe(turns[0]!.guess);
  });

  // The optimal tree of 4 × 6 takes 25-40 s to search, so the unit tests check the sizes that take a moment, and
  // bench/next-guess.ts checks all 1,296 secrets of 4 × 6 (the search is done once and its memo serves every call).
  it('optimal: on every secret of 4 × 4 and 3 × 5', () => {
    expect(agreesWithSolve({ strategy: 'optimal' }, 4, 4, allCodes(4, 4))).toBeGreaterThan(256 * 3);
    expect(agreesWithSolve({ strategy: 'optimal' }, 3, 5, allCodes(3, 5))).toBeGreaterThan(125 * 2);
  });

  it('other sizes and openers: 5 × 8 (a sample), Bulls and Cows', () => {
    const sample = Array.from({ length: 4 }, (_, i) => allCodes(5, 8)[(i * 8191 + 77) % 32768]!);
    agreesWithSolve({ strategy: 'most-parts' }, 5, 8, sample);
    agreesWithSolve({ strategy: 'knuth', opener: 'abcc' }, 4, 6, ['ffff', 'acab', 'dcba']);
    const bulls = solve('9870', { strategy: 'entropy', colors: 10, repeats: false });
    expect(bulls.guesses).toBeGreaterThan(3);
    expect(nextGuess(bulls.turns.slice(0, 2), { strategy: 'entropy', colors: 10, repeats: false }).guess).toBe(bulls.turns[2]!.guess);
  });
});

describe('nextGuess refuses what cannot be', () => {
  it('names the turn whose feedback cannot happen, contradicts the turns before it, or follows a win', () => {
    expectError(() => nextGuess([{ guess: 'aabb', black: 3, white: 1 }]), RangeError, /^turn 1: 3 black and 1 white cannot happen with 4 pegs$/);
    expectError(() => nextGuess([{ guess: 'aabb', black: 2, white: 3 }]), RangeError, /^turn 1: 2 black and 3 white cannot happen with 4 pegs$/);
    expectError(() => nextGuess([{ guess: 'aaaa', black: 0, white: 1 }]), RangeError, /^turn 1: no code scores aaaa 0 1$/);
    expectError(
      () => nextGuess([{ guess: 'aabb', black: 0, white: 0 }, { guess: 'abcd', black: 1, white: 0 }, { guess: 'cdef', black: 0, white: 4 }]),
      RangeError,
      /^turn 3: no code scores cdef 0 4 and fits the turns before it; check the feedback of turns 1 to 3$/,
    );
    expectError(() => nextGuess([{ guess: 'abcd', black: 4, white: 0 }, { guess: 'abcd', black: 4, white: 0 }]), RangeError, /^turn 2 comes after turn 1 found the code$/);
    expectError(() => nextGuess([{ guess: 'abcz', black: 0, white: 0 }]), RangeError, /^turn 1: code 'abcz' has an unknown color 'z'/);
    expectError(() => nextGuess([{ guess: 'abcd', black: 1.5, white: 0 }]), RangeError, /^turn 1: black must be an integer from 0 to 4; got 1.5$/);
    expectError(() => nextGuess([{ guess: 'abcd', black: 0, white: -1 }]), RangeError, /^turn 1: white must be an integer from 0 to 4; got -1$/);
    expectError(() => nextGuess([null as never]), TypeError, /^turn 1 must be a turn/);
    expectError(() => nextGuess('aabb' as never), TypeError, /history must be an array/);
    expectError(() => nextGuess([], null as never), TypeError, /options of nextGuess must be an object/);
  });

  it('the state machine continues only its own games', () => {
    expectError(() => nextGuess([{ guess: 'abcd', black: 0, white: 0 }], { strategy: 'state-machine' }), RangeError, /^turn 1: the state-machine strategy opens with a color and the next one \(such as aabb\); got 'abcd'$/);
    expectError(
      () => nextGuess([{ guess: 'eeff', black: 0, white: 0 }, { guess: 'abcd', black: 0, white: 2 }], { strategy: 'state-machine' }),
      RangeError,
      /^turn 2: the state-machine strategy guesses aabb here, not 'abcd'; it can only continue its own games$/,
    );
    expectError(() => nextGuess([{ guess: 'eeff', black: 0, white: 0 }], { strategy: 'state-machine', first: 'a' }), RangeError, /turn 1 starts with color e, not first 'a'/);
  });

  it('a solved game has no next guess, and one code left is the guess', () => {
    expect(nextGuess([{ guess: 'acab', black: 4, white: 0 }])).toEqual({ guess: undefined, solved: true, remaining: 1, candidates: ['acab'] });
    const turns = solve('acab').turns;
    expect(nextGuess(turns.slice(0, 3))).toMatchObject({ guess: 'acab', remaining: 1, candidates: ['acab'] });
  });

  prop([fc.array(fc.record({ guess: fc.oneof(fc.string({ maxLength: 4 }), fc.stringMatching(/^[a-d]{3}$/)), black: fc.integer({ min: -1, max: 4 }), white: fc.integer({ min: -1, max: 4 }) }), { maxLength: 4 })])(
    'any history gives exactly the codes that fit and a guess among them, or one of our errors naming a turn',
    (history) => {
      try {
        const next = nextGuess(history, { strategy: 'simple', pegs: 3, colors: 4 });
        const fits = allCodes(3, 4).filter((code) => history.every((t) => sameScore(score(code, t.guess, { pegs: 3, colors: 4 }), t)));
        expect(next.candidates).toEqual(fits);
        if (next.guess !== undefined) expect(next.candidates).toContain(next.guess);
      } catch (error) {
        expect(error instanceof RangeError || error instanceof TypeError).toBe(true);
        expect((error as Error).message).toMatch(/^turn \d/);
      }
    },
  );
});
