// The game as an immutable value: where it started, where it is, which moves were played.
import { describeValue, optionsOf } from './errors.js';
import { GOAL, MOVES, checkMove, checkPosition, type Position } from './position.js';
import { integerSource, type RandomOptions } from './random.js';
import { hint as solverHint } from './solver.js';

/** Options of `randomPosition`. */
export interface RandomPositionOptions extends RandomOptions {
  /** Whether the goal itself may be drawn (default false: a puzzle that is already solved is no puzzle). */
  readonly includeGoal?: boolean;
}

/** A uniformly random position: one of the 511 positions other than the goal, or of all 512 with `includeGoal`. */
export function randomPosition(options?: RandomPositionOptions): Position {
  const opts = optionsOf(options, 'randomPosition');
  if (opts.includeGoal !== undefined && typeof opts.includeGoal !== 'boolean') {
    throw new TypeError(`includeGoal must be a boolean; got ${describeValue(opts.includeGoal)}`);
  }
  const below = integerSource(opts);
  if (opts.includeGoal === true) return below(512);
  // 511 outcomes: every position but the goal, each once.
  const x = below(511);
  return x >= GOAL ? x + 1 : x;
}

/** A game: the start position, the current position and the moves played so far (a value; never changed). */
export interface Game {
  readonly start: Position;
  readonly position: Position;
  /** The moves played since the start (or the last reset), in order. */
  readonly history: readonly number[];
  /** The move counter: history.length. */
  readonly moves: number;
  /** Whether the position is the goal. */
  readonly solved: boolean;
}

function gameOf(start: Position, position: Position, history: readonly number[]): Game {
  return Object.freeze({ start, position, history: Object.freeze(history), moves: history.length, solved: position === GOAL });
}

/** Options of `newGame`: a start position, or where the random start comes from. */
export interface NewGameOptions extends RandomOptions {
  /** Start here instead of at a random position (the goal is allowed: the game is then solved in 0 moves). */
  readonly start?: Position;
}

/** A new game at `start`, or at a random position other than the goal. */
export function newGame(options?: NewGameOptions): Game {
  const opts = optionsOf(options, 'newGame');
  const start = opts.start === undefined ? randomPosition(opts) : checkPosition(opts.start, 'start');
  return gameOf(start, start, []);
}

/** The game after playing `move` (1..9). Playing on a solved game is a RangeError: reset it or start a new one. */
export function playMove(game: Game, move: number): Game {
  checkGame(game);
  checkMove(move);
  if (game.solved) {
    throw new RangeError(`the game is already solved in ${game.moves} moves; reset it or start a new puzzle before playing move ${move}`);
  }
  return gameOf(game.start, game.position ^ MOVES[move - 1]!, [...game.history, move]);
}

/** The game back at its start position with the move counter at 0. */
export function resetGame(game: Game): Game {
  checkGame(game);
  return gameOf(game.start, game.start, []);
}

/** The solver's next move for the game's position, or null when it is solved. */
export function gameHint(game: Game): number | null {
  checkGame(game);
  return solverHint(game.position);
}

function checkGame(game: unknown): asserts game is Game {
  if (typeof game !== 'object' || game === null || !Array.isArray((game as Game).history)) {
    throw new TypeError(`game must be a Game from newGame; got ${describeValue(game)}`);
  }
  checkPosition((game as Game).start, 'game start');
  checkPosition((game as Game).position, 'game position');
}
