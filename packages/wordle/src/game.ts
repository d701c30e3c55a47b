import { describeValue, GameOverError, optionsOf } from './errors.js';
import { hardModeViolation, type ScoredGuess } from './hard.js';
import { formatScore, normalizeWord, scoreGuess, type Score } from './score.js';
import { checkValidWord, originalWords, wordListOf, type WordList } from './words.js';

/** A game of Wordle as an immutable value: the answer, the rules, and the scored guesses so far. */
export interface Game {
  readonly answer: string;
  readonly maxGuesses: number;
  readonly hardMode: boolean;
  /** The Wordle day number of the answer, when known (a daily game); shown in the share grid. */
  readonly day: number | undefined;
  readonly guesses: readonly ScoredGuess[];
  readonly status: 'playing' | 'won' | 'lost';
  readonly words: WordList;
}

/** Options of `createGame`. */
export interface GameOptions {
  /** The answer: any allowed guess of the word list (case and surrounding blanks ignored). */
  readonly answer: string;
  /** How many guesses are scored before the game is lost: 6 unless told (1 to 100). */
  readonly maxGuesses?: number;
  /** Hard mode: revealed hints must be used in every later guess. */
  readonly hardMode?: boolean;
  /** The Wordle day number of a daily game, shown in the share grid; leave it out for a practice game (see `shareGrid`). */
  readonly day?: number;
  /** The word lists guesses are checked against: the original lists unless told. */
  readonly words?: WordList;
}

/** What one round did: the game after it, the outcome, a message for the player and the score (null if not counted). */
export interface Round {
  readonly game: Game;
  readonly outcome: 'continue' | 'won' | 'lost';
  /** False when the guess was refused (not a word, wrong length, or against hard mode); it was not counted. */
  readonly accepted: boolean;
  readonly message: string;
  readonly score: Score | null;
}

/** A new game: `createGame({ answer, maxGuesses: 6, hardMode: false })`. */
export function createGame(gameOptions: GameOptions): Game {
  const options = optionsOf(gameOptions, 'createGame');
  const words = options.words === undefined ? originalWords() : wordListOf(options.words);
  const answer = normalizeWord(options.answer, 'answer');
  if (!words.has(answer)) throw new RangeError(`answer must be a word of the list ${words.name ?? 'given'}; got ${describeValue(options.answer)}`);
  const maxGuesses = options.maxGuesses ?? 6;
  if (!Number.isInteger(maxGuesses) || maxGuesses < 1 || maxGuesses > 100) {
    throw new RangeError(`maxGuesses must be an integer from 1 to 100; got ${describeValue(maxGuesses)}`);
  }
  const day = options.day;
  if (day !== undefined && (!Number.isSafeInteger(day) || day < 0)) throw new RangeError(`day must be an integer ≥ 0; got ${describeValue(day)}`);
  if (options.hardMode !== undefined && typeof options.hardMode !== 'boolean') {
    throw new TypeError(`hardMode must be a boolean; got ${describeValue(options.hardMode)}`);
  }
  return Object.freeze({ answer, maxGuesses, hardMode: options.hardMode === true, day, guesses: Object.freeze([]), status: 'playing', words });
}

/** The game argument of a call, checked: an object shaped like a `createGame` game. */
function gameOf(game: unknown): Game {
  const g = game as Partial<Game> | null;
  if (typeof g !== 'object' || g === null || typeof g.answer !== 'string' || !Array.isArray(g.guesses) || typeof g.status !== 'string') {
    throw new TypeError(`game must be a game from createGame; got ${describeValue(game)}`);
  }
  return g as Game;
}

/** Plays one guess: scores it if valid (and allowed in hard mode), and says whether the game goes on, is won or lost. */
export function playRound(game: Game, guess: string): Round {
  gameOf(game);
  if (game.status !== 'playing') {
    throw new GameOverError(
      `the game is already over (${game.status === 'won' ? `won in ${game.guesses.length}` : 'lost'}; the answer was ${game.answer}); start a new game`,
    );
  }
  const check = checkValidWord(guess, game.words);
  if (!check.valid) return Object.freeze({ game, outcome: 'continue', accepted: false, message: check.reason, score: null });
  const word = check.word;
  if (game.hardMode) {
    const violation = hardModeViolation(game.guesses, word);
    if (violation !== undefined) return Object.freeze({ game, outcome: 'continue', accepted: false, message: violation, score: null });
  }
  const score = scoreGuess(word, game.answer);
  const count = game.guesses.length + 1;
  const guesses = Object.freeze([...game.guesses, Object.freeze({ guess: word, marks: score })]);
  const won = word === game.answer;
  const lost = !won && count >= game.maxGuesses;
  const status = won ? 'won' : lost ? 'lost' : 'playing';
  const next: Game = Object.freeze({ ...game, guesses, status });
  const row = formatScore(score);
  const message = won
    ? `Correct! Game Won in ${count} ${count === 1 ? 'guess' : 'guesses'}`
    : lost
      ? `Too many guesses: Game Over. Answer was: ${game.answer}. Score is: ${row}`
      : `Try again! Guess number ${count}. Score is: ${row}`;
  return Object.freeze({ game: next, outcome: won ? 'won' : lost ? 'lost' : 'continue', accepted: true, message, score });
}

/**
 * The share text of a game: `Wordle 123 4/6*` (X/6 when lost, * in hard mode), a blank line, then the emoji rows. The
 * number is the game's `day`; a game without one (a random or chosen answer) is a practice game, shared as
 * `Wordle (practice) 4/6`. A game still being played is a RangeError.
 */
export function shareGrid(game: Game): string {
  gameOf(game);
  if (game.status === 'playing') throw new RangeError(`the game is not over yet (${game.guesses.length} of ${game.maxGuesses} guesses); share it when it is`);
  const day = game.day === undefined ? '(practice)' : String(game.day);
  const result = game.status === 'won' ? String(game.guesses.length) : 'X';
  const header = `Wordle ${day} ${result}/${game.maxGuesses}${game.hardMode ? '*' : ''}`;
  return [header, '', ...game.guesses.map(({ marks }) => formatScore(marks))].join('\n');
}
