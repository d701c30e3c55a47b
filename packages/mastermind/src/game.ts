import { formatCode, parseCode, resolveSize, type CodeSize } from './code.js';
import { describeValue, optionsOf } from './errors.js';
import { below, wordSource } from '@puzzles/kit/random';
import type { Seed } from './random.js';
import { scoreCodes } from './score.js';
import type { Turn } from './state-machine.js';

/** The classic board has ten rows: the default limit on guesses. */
export const DEFAULT_MAX_GUESSES = 10;

/** Options of createGame. */
export interface GameOptions extends CodeSize {
  /** The code to guess (letters or digits); a random one when left out. */
  readonly secret?: string;
  /** Makes the random secret reproducible. */
  readonly seed?: Seed;
  /** A source of uniform numbers in [0, 1) for the random secret (when no seed is given). */
  readonly random?: () => number;
  /** Guesses allowed before the game is lost: default 10 (the board's rows); Infinity for no limit. */
  readonly maxGuesses?: number;
}

/** A game as an immutable value: play(game, guess) returns the next one. */
export interface Game {
  readonly pegs: number;
  readonly colors: number;
  readonly repeats: boolean;
  readonly maxGuesses: number;
  /** The secret as letters (a codemaker front end keeps it hidden). */
  readonly secret: string;
  /** The guesses scored so far; rejected guesses are not counted. */
  readonly turns: readonly Turn[];
  /** 'won' once a guess scores black = pegs, 'lost' once maxGuesses guesses missed. */
  readonly status: 'playing' | 'won' | 'lost';
}

/** What play did: a scored guess (and whether it won or lost the game), or a rejected one with the reason. */
export type PlayResult =
  | { readonly game: Game; readonly outcome: 'scored' | 'won' | 'lost'; readonly turn: Turn }
  | { readonly game: Game; readonly outcome: 'rejected'; readonly reason: string };

const games = new WeakSet<Game>();

/** Starts a game: 4 pegs of 6 colors by default, a random secret unless one is given. */
export function createGame(gameOptions?: GameOptions): Game {
  const options = optionsOf(gameOptions, 'createGame');
  const size = resolveSize(options);
  const maxGuesses = options.maxGuesses ?? DEFAULT_MAX_GUESSES;
  if (typeof maxGuesses !== 'number' || !(maxGuesses === Infinity || (Number.isInteger(maxGuesses) && maxGuesses >= 1))) {
    throw new RangeError(`maxGuesses must be a positive integer or Infinity; got ${describeValue(maxGuesses)}`);
  }
  let secret: number[];
  if (options.secret !== undefined) secret = parseCode(options.secret, size);
  else {
    const word = wordSource({ seed: options.seed, random: options.random });
    const left = Array.from({ length: size.colors }, (_, c) => c);
    secret = [];
    for (let i = 0; i < size.pegs; i++) {
      if (size.repeats) secret.push(below(word, size.colors));
      else secret.push(left.splice(below(word, left.length), 1)[0]!);
    }
  }
  return freeze({ ...size, maxGuesses, secret: formatCode(secret), turns: [], status: 'playing' });
}

/**
 * Scores a guess. A guess of the wrong length, with unknown colors (or a repeated color when repeats are not
 * allowed), or made after the game ended is rejected with the reason and does not count.
 */
export function play(game: Game, guess: string): PlayResult {
  if (!games.has(game)) throw new TypeError(`play needs a game made by createGame or play; got ${describeValue(game)}`);
  if (typeof guess !== 'string') throw new TypeError(`a guess must be a string of letters; got ${describeValue(guess)}`);
  if (game.status !== 'playing') {
    const how = game.status === 'won' ? `won in ${game.turns.length}` : `lost after ${game.turns.length}`;
    return { game, outcome: 'rejected', reason: `the game is over (${how} guesses)` };
  }
  let code: number[];
  try {
    code = parseCode(guess, game);
  } catch (error) {
    if (error instanceof RangeError) return { game, outcome: 'rejected', reason: error.message };
    throw error;
  }
  const { black, white } = scoreCodes(parseCode(game.secret, game), code);
  const turn: Turn = { guess: formatCode(code), black, white };
  const turns = [...game.turns, turn];
  const status = black === game.pegs ? 'won' : turns.length >= game.maxGuesses ? 'lost' : 'playing';
  const next = freeze({ ...game, turns, status });
  return { game: next, outcome: status === 'playing' ? 'scored' : status, turn };
}

function freeze(game: Game): Game {
  Object.freeze(game.turns);
  for (const turn of game.turns) Object.freeze(turn);
  const frozen = Object.freeze(game);
  games.add(frozen);
  return frozen;
}
