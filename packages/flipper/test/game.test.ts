import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GOAL,
  applyMove,
  gameHint,
  newGame,
  playCommand,
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

describe('playCommand', () => {
  const commandArb = fc.oneof(
    fc.constantFrom('1', '2', '5', '9', ' 3 ', 'N', 'n', 'r', 'h', 'H', 'q', 'quit', 'QUIT', 'x', '0', '10', '', '\u001b[2J'),
    fc.string({ maxLength: 6 }),
  );

  prop([fc.integer({ min: 0, max: 511 }), fc.array(commandArb, { maxLength: 20 }), fc.integer()])(
    'does what the game functions do, one typed command at a time',
    (start, commands, seed) => {
      let game = newGame({ start });
      const random = seededRandom(seed);
      const same = seededRandom(seed); // the same stream, for the expected new puzzles
      for (const command of commands) {
        const word = command.trim().toLowerCase();
        const { game: next, outcome } = playCommand(game, command, { random });
        if (/^[1-9]$/.test(word) && !game.solved) {
          const expected = playMove(game, Number(word));
          expect(next).toEqual(expected);
          expect(outcome).toEqual({ kind: 'move', move: Number(word), solved: expected.solved });
        } else if (/^[1-9]$/.test(word)) {
          expect(next).toBe(game);
          expect(outcome).toEqual({ kind: 'solved-already', move: Number(word) });
        } else if (word === 'n') {
          expect(next).toEqual(newGame({ random: same }));
          expect(outcome).toEqual({ kind: 'new' });
        } else if (word === 'r') {
          expect(next).toEqual(resetGame(game));
          expect(outcome).toEqual({ kind: 'reset' });
        } else if (word === 'h') {
          expect(next).toBe(game);
          expect(outcome).toEqual({ kind: 'hint', move: gameHint(game), movesLeft: solve(game.position).length });
        } else if (word === 'q' || word === 'quit') {
          expect(next).toBe(game);
          expect(outcome).toEqual({ kind: 'quit' });
        } else {
          expect(next).toBe(game);
          expect(outcome).toEqual({ kind: 'unknown', command });
        }
        game = next;
      }
    },
  );

  it('says when a move finishes the puzzle; a new puzzle never takes a start from the options', () => {
    const one = playCommand(newGame({ start: applyMove(GOAL, 4) }), '4');
    expect(one.outcome).toEqual({ kind: 'move', move: 4, solved: true });
    expect(one.game.solved).toBe(true);
    const fresh = playCommand(one.game, 'n', { seed: 3, start: GOAL } as never);
    expect(fresh.game).toEqual(newGame({ seed: 3 }));
    expect(fresh.game.solved).toBe(false);
  });

  it('rejects a command that is not a string, and bad games or options', () => {
    expectError(() => playCommand(newGame({ start: 0 }), 5 as never), TypeError, /command must be a string; got 5/);
    expectError(() => playCommand({} as never, 'n'), TypeError, /game must be a Game from newGame/);
    expectError(() => playCommand(newGame({ start: 0 }), 'n', 3 as never), TypeError, /options of playCommand must be an object; got 3/);
  });
});
