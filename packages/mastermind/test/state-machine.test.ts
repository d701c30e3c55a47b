import { describe, expect, it } from 'vitest';
import { evaluate, solve } from '../src/index.js';
import { allCodes, expectError } from './reference.js';

const trace = (text: string) => text.trim().split('\n').map((line) => line.trim());

describe("the state machine of the Mastermind design essay (strategy 'state-machine')", () => {
  it('reproduces the acab run: rule one, then rule two and permuting', () => {
    expect(solve('acab', { strategy: 'state-machine', first: 'e' }).lines).toEqual(
      trace(`eeff 0 0
        eliminating e
        eliminating e
        eliminating f
        eliminating f
        aabb 2 1
        possible guesses eliminated were 18
        caba 0 4
        removing c from position 1
        removing a from position 2
        removing b from position 3
        removing a from position 4
        possible guesses eliminated were 3
        acab 4 0`),
    );
  });

  it('reproduces the fafa run: straight from GuessOne to GuessPermute (rule three)', () => {
    expect(solve('fafa', { strategy: 'state-machine', first: 'f' }).lines).toEqual(
      trace(`ffaa 2 2
        possible guesses eliminated were 1
        afaf 0 4
        possible guesses eliminated were 2
        fafa 4 0`),
    );
  });

  it('reproduces the afae run: the special case after the first two guesses', () => {
    expect(solve('afae', { strategy: 'state-machine', first: 'd' }).lines).toEqual(
      trace(`ddee 1 0
        ffaa 2 1
        eliminating b
        eliminating c
        possible guesses eliminated were 35
        faea 0 4
        removing f from position 1
        removing a from position 2
        removing e from position 3
        removing a from position 4
        possible guesses eliminated were 33
        afae 4 0`),
    );
  });

  it('reproduces the fcaf run of the summary', () => {
    const result = solve('fcaf', { strategy: 'state-machine', first: 'f' });
    expect(result.lines).toEqual(
      trace(`ffaa 2 1
        bbcc 0 1
        removing b from position 1
        removing b from position 2
        removing c from position 3
        removing c from position 4
        eliminating d
        eliminating e
        possible guesses eliminated were 11
        faba 1 1
        possible guesses eliminated were 13
        cffa 0 4
        removing c from position 1
        removing f from position 2
        removing f from position 3
        removing a from position 4
        possible guesses eliminated were 11
        fcaf 4 0`),
    );
    expect(result.guesses).toBe(5);
    expect(result.turns[3]).toEqual({ guess: 'cffa', black: 0, white: 4 });
  });

  it('solves every secret from every first color, and other sizes', () => {
    for (const first of 'abcdef') {
      for (const secret of allCodes(4, 6)) {
        const result = solve(secret, { strategy: 'state-machine', first });
        expect(result.turns.at(-1)).toEqual({ guess: secret, black: 4, white: 0 });
      }
    }
    for (const secret of ['abcde', 'hhhha', 'gfedc']) {
      expect(solve(secret, { strategy: 'state-machine', pegs: 5, colors: 8, seed: 1 }).turns.at(-1)?.guess).toBe(secret);
    }
    expect(solve('ab', { strategy: 'state-machine', pegs: 2, colors: 3, seed: 1 }).turns.at(-1)?.guess).toBe('ab');
  });

  it('is reproducible with a seed, and evaluates', () => {
    const a = solve('cfee', { strategy: 'state-machine', seed: 'x' });
    expect(solve('cfee', { strategy: 'state-machine', seed: 'x' })).toEqual(a);
    const run = evaluate({ strategy: 'state-machine', seed: 1 });
    expect(run).toEqual(evaluate({ strategy: 'state-machine', seed: 1 }));
    expect(run.secrets).toBe(1296);
    expect(Object.values(run.distribution).reduce((x, y) => x + y, 0)).toBe(1296);
    expect(run.total).toBe(Object.entries(run.distribution).reduce((sum, [guesses, count]) => sum + count * Number(guesses), 0));
  });

  it('refuses games without repeats and openers', () => {
    expectError(() => solve('abcd', { strategy: 'state-machine', colors: 10, repeats: false }), RangeError, /needs a game that allows repeats/);
    expectError(() => solve('abcd', { strategy: 'state-machine', opener: 'aabb' }), RangeError, /an opener does not apply/);
    expectError(() => solve('abcd', { strategy: 'state-machine', first: 'g' }), RangeError, /first must be one color letter from a to f; got 'g'/);
  });
});
