import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GOAL,
  applyMove,
  gameHint,
  newGame,
  playMove,
  randomPosition,
  resetGame,
  randomLightsOutBoard,
  seededRandom,
  solve,
} from '../src/index.js';
import { seededRandom as kitRandom, seededWords } from '@puzzles/kit/random';
import { expectError, prop } from './reference.js';

describe('seeded randomness is the family\'s one generator (@puzzles/kit/random)', () => {
  prop([fc.oneof(fc.integer(), fc.string())])('seededRandom and seeded boards give the kit generator\'s numbers and words', (seed) => {
    const ours = seededRandom(seed);
    const kit = kitRandom(seed);
    for (let i = 0; i < 5; i++) expect(ours()).toBe(kit());
    const words = seededWords(seed);
    const expected = Uint32Array.from({ length: 4 }, () => words());
    expect(randomLightsOutBoard(8, 16, { seed, solvable: false })).toEqual(expected);
  });
});

describe('randomPosition', () => {
  prop([fc.oneof(fc.integer(), fc.string())])('is reproducible with a seed and never the goal by default', (seed) => {
    const p = randomPosition({ seed });
    expect(p).toBe(randomPosition({ seed }));
    expect(p).toBeGreaterThanOrEqual(0);
    expect(p).toBeLessThan(512);
    expect(p).not.toBe(GOAL);
  });

  it('covers every position (and the goal only with includeGoal)', () => {
    const random = seededRandom('cover');
    const seen = new Set<number>();
    const seenAll = new Set<number>();
    for (let i = 0; i < 20000; i++) {
      seen.add(randomPosition({ random }));
      seenAll.add(randomPosition({ random, includeGoal: true }));
    }
    expect(seen.size).toBe(511);
    expect(seen.has(GOAL)).toBe(false);
    expect(seenAll.size).toBe(512);
  });

  it('uses an injected random source, and crypto otherwise', () => {
    expect(randomPosition({ random: () => 0 })).toBe(0);
    expect(randomPosition({ random: () => 0.999999999 })).toBe(511);
    expect(randomPosition({ random: () => 0.999999999, includeGoal: true })).toBe(511);
    expect(randomPosition()).not.toBe(GOAL);
  });

  it('rejects bad options', () => {
    expectError(() => randomPosition({ seed: NaN }), TypeError, /seed must be a finite number, a bigint or a string; got NaN/);
    expectError(() => randomPosition({ random: () => 1 }), RangeError, /random\(\) must return a number in \[0, 1\); got 1/);
    expectError(() => randomPosition(3 as never), TypeError, /options of randomPosition must be an object; got 3/);
    expectError(() => randomPosition({ includeGoal: 'yes' as never }), TypeError, /includeGoal must be a boolean/);
  });
});

describe('the game', () => {
  it("plays the blog post's game: start 1 1 0 / 0 1 1 / 1 0 1, five moves", () => {
    let game = newGame({ start: 0b101_110_011 });
    expect(game).toMatchObject({ start: 0b101110011, position: 0b101110011, moves: 0, solved: false, history: [] });
    for (const move of [3, 2, 4, 6, 8]) game = playMove(game, move);
    expect(game).toMatchObject({ moves: 5, solved: true, position: GOAL, history: [3, 2, 4, 6, 8] });
    expect(gameHint(game)).toBeNull();
  });

  prop([fc.integer({ min: 0, max: 511 }), fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 12 })])(
    'tracks start, position and moves; reset goes back to the start; the value never changes',
    (start, moves) => {
      const first = newGame({ start });
      let game = first;
      let position = start;
      let played = 0;
      for (const move of moves) {
        if (game.solved) break;
        game = playMove(game, move);
        position = applyMove(position, move);
        played++;
      }
      expect(game.start).toBe(start);
      expect(game.position).toBe(position);
      expect(game.moves).toBe(played);
      expect(game.history).toEqual(moves.slice(0, played));
      expect(game.solved).toBe(position === GOAL);
      expect(first).toMatchObject({ position: start, moves: 0 });
      expect(Object.isFrozen(game)).toBe(true);
      const reset = resetGame(game);
      expect(reset).toMatchObject({ start, position: start, moves: 0, history: [] });
    },
  );

  prop([fc.integer({ min: 0, max: 511 })])('following the hints solves the game in the fewest moves', (start) => {
    let game = newGame({ start });
    for (let hint = gameHint(game); hint !== null; hint = gameHint(game)) game = playMove(game, hint);
    expect(game.solved).toBe(true);
    expect(game.moves).toBe(solve(start).length);
  });

  it('starts new puzzles from a seed or a random stream', () => {
    expect(newGame({ seed: 7 })).toEqual(newGame({ seed: 7 }));
    const random = seededRandom(1);
    const again = seededRandom(1);
    expect(newGame({ random }).start).toBe(newGame({ random: again }).start);
    expect(newGame({ random }).solved).toBe(false);
  });

  it('refuses to play on a solved game, and bad moves or games', () => {
    const solved = newGame({ start: GOAL });
    expect(solved.solved).toBe(true);
    expectError(() => playMove(solved, 1), RangeError, /already solved in 0 moves; reset it or start a new puzzle/);
    expectError(() => playMove(newGame({ start: 0 }), 12), RangeError, /move must be an integer from 1 to 9; got 12/);
    expectError(() => playMove({} as never, 1), TypeError, /game must be a Game from newGame; got an object/);
    expectError(() => newGame({ start: 512 }), RangeError, /start \(a 9-bit integer\)/);
    // review regression: an object without a start was accepted and gave a game with start undefined
    expectError(() => playMove({ history: [], position: 5 } as never, 1), TypeError, /game start \(a 9-bit integer\)/);
    expectError(() => resetGame({ history: [], position: 5, start: 'x' } as never), TypeError, /game start \(a 9-bit integer\)/);
  });
});
