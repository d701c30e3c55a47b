import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGame, play, score, type Game } from '../src/index.js';
import { expectError, fuzzText, onlyOurErrors, prop } from './reference.js';

describe('createGame / play', () => {
  it("plays the Mastermind design essay's session", () => {
    let game = createGame({ secret: 'baee' });
    const answers: string[] = [];
    for (const guess of ['bbcc', 'ddee', 'bdef', 'ddcf', 'baee']) {
      const result = play(game, guess);
      if (result.outcome === 'rejected') throw new Error(result.reason);
      answers.push(`${result.turn.black} ${result.turn.white}`);
      game = result.game;
    }
    expect(answers).toEqual(['1 0', '2 0', '2 0', '0 0', '4 0']);
    expect(game.status).toBe('won');
    expect(game.turns).toHaveLength(5);
  });

  it('is an immutable value', () => {
    const game = createGame({ secret: 'abcd' });
    const { game: next } = play(game, 'aabb');
    expect(game.turns).toHaveLength(0);
    expect(next.turns).toEqual([{ guess: 'aabb', black: 1, white: 1 }]);
    expect(Object.isFrozen(next)).toBe(true);
    expect(Object.isFrozen(next.turns)).toBe(true);
  });

  it('rejects bad guesses with a reason and does not count them', () => {
    const game = createGame({ secret: 'abcd' });
    for (const [guess, reason] of [
      ['abc', /has 3 pegs; expected 4 pegs/],
      ['abcz', /unknown color 'z' at position 4/],
      ['', /has 0 pegs/],
    ] as const) {
      const result = play(game, guess);
      expect(result.outcome).toBe('rejected');
      if (result.outcome === 'rejected') expect(result.reason).toMatch(reason);
      expect(result.game).toBe(game);
    }
    const bulls = createGame({ secret: '1234', colors: 10, repeats: false });
    const repeated = play(bulls, '1123');
    expect(repeated.outcome === 'rejected' && repeated.reason).toMatch(/repeats the color 'a'/);
  });

  it('ends when black = pegs, and after maxGuesses misses', () => {
    let game = createGame({ secret: 'abcd', maxGuesses: 2 });
    expect(play(game, 'aaaa').outcome).toBe('scored');
    game = play(game, 'aaaa').game;
    const last = play(game, 'bbbb');
    expect(last.outcome).toBe('lost');
    expect(last.game.status).toBe('lost');
    const after = play(last.game, 'abcd');
    expect(after.outcome === 'rejected' && after.reason).toBe('the game is over (lost after 2 guesses)');
    const won = play(createGame({ secret: 'abcd' }), 'ABCD');
    expect(won.outcome).toBe('won');
    expect(play(won.game, 'abcd').outcome).toBe('rejected');
    expect(createGame().maxGuesses).toBe(10);
    expect(createGame({ maxGuesses: Infinity }).maxGuesses).toBe(Infinity);
  });

  it('draws a random secret, reproducible with a seed, of the right shape', () => {
    expect(createGame({ seed: 7 }).secret).toBe(createGame({ seed: 7 }).secret);
    const secrets = new Set(Array.from({ length: 20 }, (_, i) => createGame({ seed: `s${i}` }).secret));
    expect(secrets.size).toBeGreaterThan(10);
    for (const secret of secrets) expect(secret).toMatch(/^[a-f]{4}$/);
    const bulls = createGame({ pegs: 4, colors: 10, repeats: false, seed: 1 });
    expect(new Set(bulls.secret).size).toBe(4);
    // A given random function drives the draw too (the kit's generator turns its numbers into 32-bit words).
    const fixed = createGame({ pegs: 5, colors: 8, random: () => 0.999 }).secret;
    expect(fixed).toMatch(/^[a-h]{5}$/);
    expect(createGame({ pegs: 5, colors: 8, random: () => 0.999 }).secret).toBe(fixed);
    expect(createGame({ pegs: 5, colors: 8, seed: 'x' }).secret).toBe(createGame({ pegs: 5, colors: 8, seed: 'x' }).secret);
  });

  prop([fc.integer({ min: 0, max: 1295 }), fc.array(fc.integer({ min: 0, max: 1295 }), { maxLength: 12 })])(
    'scores every guess like score() and counts only accepted guesses',
    (secretIndex, guesses) => {
      const code = (i: number) => [216, 36, 6, 1].map((w) => 'abcdef'[Math.floor(i / w) % 6]).join('');
      let game: Game = createGame({ secret: code(secretIndex), maxGuesses: Infinity });
      for (const g of guesses) {
        const result = play(game, code(g));
        if (result.outcome === 'rejected') {
          expect(result.reason).toMatch(/game is over/);
          continue;
        }
        expect(result.turn).toEqual({ guess: code(g), ...score(code(secretIndex), code(g)) });
        game = result.game;
      }
    },
  );

  prop([fuzzText('abcdefgh1234567 ')])('play never throws on arbitrary text', (text) => {
    const result = play(createGame({ secret: 'abcd' }), text);
    expect(['scored', 'won', 'rejected']).toContain(result.outcome);
    if (result.outcome === 'rejected') expect(result.reason.length).toBeGreaterThan(0);
  });

  it('rejects bad options and non-games', () => {
    expectError(() => createGame({ maxGuesses: 0 }), RangeError, /maxGuesses must be a positive integer or Infinity; got 0/);
    expectError(() => createGame({ secret: 'abcx' }), RangeError, /unknown color 'x'/);
    expectError(() => createGame({ seed: NaN }), TypeError, /seed must be a finite number, a bigint or a string; got NaN/);
    expectError(() => createGame('x' as never), TypeError, /options of createGame must be an object/);
    expectError(() => play({} as Game, 'abcd'), TypeError, /play needs a game made by createGame/);
    expectError(() => play(createGame(), 5 as unknown as string), TypeError, /a guess must be a string/);
    onlyOurErrors(() => createGame({ pegs: 3.5 }));
  });
});
