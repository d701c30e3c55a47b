// Validates Literate Wordle's feature "Playing a round" (Track number of guesses), hard mode and the share grid.
import { describe, expect, it } from 'vitest';
import { GameOverError, createGame, createWordList, hardModeViolation, playRound, scoreGuess, shareGrid, type Game } from '../src/index.js';
import { expectError, fuzzText, onlyOurErrors, prop } from './reference.js';

/** A game of `orbit` after these (valid, wrong) guesses. */
function after(guesses: string[], options: { hardMode?: boolean } = {}): Game {
  let game = createGame({ answer: 'orbit', ...options });
  for (const guess of guesses) game = playRound(game, guess).game;
  return game;
}

const WRONG = ['kebab', 'crane', 'salet', 'lobes', 'hello', 'novel'];

describe('Feature: Playing a round', () => {
  it('Scenario: First guess is allowed', () => {
    const round = playRound(createGame({ answer: 'orbit' }), 'kebab');
    expect(round.outcome).toBe('continue');
    expect(round.accepted).toBe(true);
    expect(round.score).toHaveLength(5);
    expect(round.message).toBe('Try again! Guess number 1. Score is: ⬜⬜🟩⬜⬜');
    expect(round.game.guesses).toHaveLength(1);
  });

  it('Scenario: Sixth guess still allowed', () => {
    const game = after(WRONG.slice(0, 5));
    expect(game.guesses).toHaveLength(5);
    const round = playRound(game, 'orbit');
    expect(round.score).not.toBeNull();
    expect(round.outcome).toBe('won');
  });

  it('Scenario: Six failed guess is game over', () => {
    const round = playRound(after(WRONG.slice(0, 5)), 'kebab');
    expect(round.score).not.toBeNull();
    expect(round.outcome).toBe('lost');
    expect(round.message).toContain('Game Over');
    expect(round.message).toContain('orbit');
    expect(round.game.status).toBe('lost');
  });

  it('Scenario: Winning guess', () => {
    const round = playRound(after(WRONG.slice(0, 3)), 'orbit');
    expect(round.score).toEqual(['correct', 'correct', 'correct', 'correct', 'correct']);
    expect(round.outcome).toBe('won');
    expect(round.message).toBe('Correct! Game Won in 4 guesses');
    expect(playRound(createGame({ answer: 'orbit' }), 'ORBIT').message).toBe('Correct! Game Won in 1 guess');
  });

  it("Scenario: Invalid guess isn't counted", () => {
    const game = after(WRONG.slice(0, 3));
    for (const [guess, reason] of [
      ['xolfy', 'Not a word from the dictionary'],
      ['affable', 'Guess too long'],
      ['baby', 'Guess too short'],
    ] as const) {
      const round = playRound(game, guess);
      expect(round).toMatchObject({ outcome: 'continue', accepted: false, message: reason, score: null });
      expect(round.game).toBe(game);
    }
  });

  it('is an immutable value: playing returns a new game and leaves the old one alone', () => {
    const start = createGame({ answer: 'orbit' });
    const round = playRound(start, 'crane');
    expect(start.guesses).toHaveLength(0);
    expect(Object.isFrozen(start)).toBe(true);
    expect(Object.isFrozen(round.game.guesses)).toBe(true);
    expect(() => (round.game.guesses as unknown as string[]).push('x')).toThrow(TypeError);
  });

  it('refuses to play a finished game', () => {
    const won = playRound(createGame({ answer: 'orbit' }), 'orbit').game;
    expectError(() => playRound(won, 'crane'), RangeError, /already over \(won in 1; the answer was orbit\)/);
    expect(() => playRound(after(WRONG), 'crane')).toThrow(GameOverError);
  });

  it('honours maxGuesses and custom lists', () => {
    const words = createWordList({ answers: ['abcde', 'fghij'] });
    let game = createGame({ answer: 'fghij', maxGuesses: 1, words });
    const round = playRound(game, 'abcde');
    expect(round.outcome).toBe('lost');
    game = createGame({ answer: 'fghij', words });
    expect(playRound(game, 'crane').message).toBe('Not a word from the dictionary');
  });

  it('refuses bad options', () => {
    expectError(() => createGame({ answer: 'vbpdj' }), RangeError, /answer must be a word of the list original; got 'vbpdj'/);
    expectError(() => createGame({ answer: 'orb' }), RangeError, /answer must be five letters/);
    expectError(() => createGame({ answer: 'orbit', maxGuesses: 0 }), RangeError, /maxGuesses must be an integer from 1 to 100; got 0/);
    expectError(() => createGame({ answer: 'orbit', day: -2 }), RangeError, /day must be an integer/);
    expectError(() => createGame({ answer: 'orbit', hardMode: 'yes' as unknown as boolean }), TypeError, /hardMode must be a boolean/);
  });

  it('refuses what is not a game or not a word list with our own message', () => {
    // Review regression: these were "Cannot read properties of null (reading 'status')" and "words.has is not a function".
    expectError(() => playRound(null as unknown as Game, 'crane'), TypeError, /game must be a game from createGame; got null/);
    expectError(() => playRound({} as Game, 'crane'), TypeError, /game must be a game from createGame; got an object/);
    expectError(() => shareGrid(undefined as unknown as Game), TypeError, /game must be a game from createGame; got undefined/);
    expectError(() => createGame({ answer: 'crane', words: {} as never }), TypeError, /words must be a word list from createWordList or originalWords\(\); got an object/);
  });

  prop([fuzzText('orbitcane ')])('any text as a guess is scored or refused with a reason, never a crash', (text) => {
    const round = onlyOurErrors(() => playRound(createGame({ answer: 'orbit' }), text));
    expect(round).toBeDefined();
    if (round && !round.accepted) expect(round.game.guesses).toHaveLength(0);
  });
});

describe('hard mode', () => {
  it('keeps greens in place: "1st letter must be C"', () => {
    let game = createGame({ answer: 'cigar', hardMode: true });
    game = playRound(game, 'crane').game; // c green, r and a present
    const round = playRound(game, 'sugar');
    expect(round).toMatchObject({ accepted: false, outcome: 'continue', message: '1st letter must be C', score: null });
    expect(round.game.guesses).toHaveLength(1);
  });

  it.each([
    ['cigar', 'crane', 'sugar', '1st letter must be C'],
    ['orbit', 'green', 'stout', '2nd letter must be R'],
    ['orbit', 'debit', 'biter', '3rd letter must be B'],
    ['baker', 'coped', 'brake', '4th letter must be E'],
    ['baker', 'hiker', 'bakes', '5th letter must be R'],
    ['cigar', 'rebut', 'salon', 'Guess must contain R'],
    ['abbey', 'kebab', 'rebar', 'Guess must contain B'], // two b's revealed (one green, one yellow), rebar has one
  ])('answer %s, after %s: %s is refused with "%s"', (answer, first, second, message) => {
    const game = playRound(createGame({ answer, hardMode: true }), first).game;
    const round = playRound(game, second);
    expect(round).toMatchObject({ accepted: false, outcome: 'continue', message, score: null });
    expect(round.game).toBe(game);
  });

  it('accepts guesses that use every hint', () => {
    const game = playRound(createGame({ answer: 'abbey', hardMode: true }), 'kebab').game;
    expect(playRound(game, 'abbey').outcome).toBe('won');
    const cigar = playRound(createGame({ answer: 'cigar', hardMode: true }), 'rebut').game;
    expect(playRound(cigar, 'sugar').accepted).toBe(true);
  });

  it('does not require grey letters to be left out, nor yellows to move (as the NYT game)', () => {
    let game = createGame({ answer: 'cigar', hardMode: true });
    game = playRound(game, 'rebut').game;
    expect(playRound(game, 'rebar').accepted).toBe(true); // r again in 1st place, e and b reused
  });

  it('hardModeViolation folds case and blanks like the rest of the API, and refuses what is not a word', () => {
    // Review regression: 'CIGAR' after crane/cigar was reported as breaking "1st letter must be C".
    const history = [{ guess: 'crane', marks: scoreGuess('crane', 'cigar') }];
    expect(hardModeViolation(history, 'CIGAR')).toBeUndefined();
    expect(hardModeViolation(history, ' cigar ')).toBeUndefined();
    expect(hardModeViolation([{ guess: 'CRANE', marks: scoreGuess('crane', 'cigar') }], 'cigar')).toBeUndefined();
    expect(hardModeViolation(history, 'SUGAR')).toBe('1st letter must be C');
    // A number is not a guess that obeys the rules: it is an error, not `undefined`.
    expectError(() => hardModeViolation(history, 12345 as unknown as string), TypeError, /guess must be a string of five letters a-z; got 12345/);
    expectError(() => hardModeViolation(history, 'c'), RangeError, /guess must be five letters a-z; got 'c'/);
    expectError(() => hardModeViolation(null as unknown as [], 'cigar'), TypeError, /history must be an array of \{ guess, marks \}; got null/);
    expectError(() => hardModeViolation([null as never], 'cigar'), TypeError, /history\[0\] must be \{ guess, marks \}; got null/);
    expectError(() => hardModeViolation([{ guess: 'crane', marks: ['correct'] }], 'cigar'), TypeError, /a score must be an array of five marks/);
  });

  it('is not enforced in normal mode', () => {
    const game = playRound(createGame({ answer: 'cigar' }), 'crane').game;
    expect(playRound(game, 'sugar').accepted).toBe(true);
  });
});

describe('shareGrid', () => {
  it('shows the day, the count out of 6, * in hard mode, and the rows', () => {
    let game = createGame({ answer: 'novel', day: 123, hardMode: true });
    for (const guess of ['hello', 'lobes', 'novel']) game = playRound(game, guess).game;
    expect(shareGrid(game)).toBe('Wordle 123 3/6*\n\n⬜🟨🟨⬜🟨\n🟨🟩⬜🟩⬜\n🟩🟩🟩🟩🟩');
  });
  it('shows X/6 for a loss, and "(practice)" instead of a day when the game has none', () => {
    // Regression: a practice game shared as the day its answer first came up (Wordle 1404 for novel), a day it was not.
    const lost = after(WRONG);
    expect(shareGrid(lost).split('\n')[0]).toBe('Wordle (practice) X/6');
    const won = playRound(createGame({ answer: 'novel', hardMode: true }), 'novel').game;
    expect(shareGrid(won)).toBe('Wordle (practice) 1/6*\n\n🟩🟩🟩🟩🟩');
    expect(shareGrid(playRound(createGame({ answer: 'cigar', day: 0 }), 'cigar').game).split('\n')[0]).toBe('Wordle 0 1/6');
  });
  it('shares a game on a word outside the answer list as practice too, and refuses a game in play', () => {
    const game = playRound(createGame({ answer: 'salet' }), 'salet').game;
    expect(shareGrid(game)).toBe('Wordle (practice) 1/6\n\n🟩🟩🟩🟩🟩');
    expectError(() => shareGrid(createGame({ answer: 'orbit' })), RangeError, /not over yet \(0 of 6 guesses\)/);
  });
});
