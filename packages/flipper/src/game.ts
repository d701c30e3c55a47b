// The game as an immutable value: where it started, where it is, which moves were played.
import { describeValue, optionsOf } from './errors.js';
import { GOAL, MOVES, checkMove, checkPosition, type Position } from './position.js';
import { integerSource, type RandomOptions } from './random.js';
import { hint as solverHint, solve as solveMoves } from './solver.js';

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

/** What a typed command did (see `playCommand`). */
export type CommandOutcome =
  /** Move `move` was played; `solved` when it finished the puzzle. */
  | { readonly kind: 'move'; readonly move: number; readonly solved: boolean }
  /** A move typed on a solved game: not played (start a new puzzle, reset, or quit). */
  | { readonly kind: 'solved-already'; readonly move: number }
  /** A new random puzzle (n). */
  | { readonly kind: 'new' }
  /** Back to the start with the move counter at 0 (r). */
  | { readonly kind: 'reset' }
  /** The solver's next move, null when solved, and how many moves the solution has (h). */
  | { readonly kind: 'hint'; readonly move: number | null; readonly movesLeft: number }
  /** The player wants to stop (q or quit); the game is unchanged. */
  | { readonly kind: 'quit' }
  /** Not a command; the game is unchanged. */
  | { readonly kind: 'unknown'; readonly command: string };

/**
 * The game after one typed command, and what it did: a move 1–9, `n` (a new random puzzle, from `options` as in
 * newGame: pass one `random` stream such as seededRandom(seed) so that successive puzzles differ), `r` (reset), `h`
 * (hint), `q` or `quit`. Case and surrounding spaces do not matter; anything else is `unknown`.
 */
export function playCommand(game: Game, command: string, options?: RandomOptions): { game: Game; outcome: CommandOutcome } {
  checkGame(game);
  if (typeof command !== 'string') throw new TypeError(`command must be a string; got ${describeValue(command)}`);
  const word = command.trim().toLowerCase();
  if (/^[1-9]$/.test(word)) {
    const move = Number(word);
    if (game.solved) return { game, outcome: { kind: 'solved-already', move } };
    const next = playMove(game, move);
    return { game: next, outcome: { kind: 'move', move, solved: next.solved } };
  }
  switch (word) {
    case 'n': {
      // Only where randomness comes from: a `start` among the options is not for a new random puzzle.
      const { seed, random } = optionsOf(options, 'playCommand');
      return { game: newGame(seed !== undefined ? { seed } : random !== undefined ? { random } : {}), outcome: { kind: 'new' } };
    }
    case 'r':
      return { game: resetGame(game), outcome: { kind: 'reset' } };
    case 'h':
      return { game, outcome: { kind: 'hint', move: gameHint(game), movesLeft: solveMoves(game.position).length } };
    case 'q':
    case 'quit':
      return { game, outcome: { kind: 'quit' } };
    default:
      return { game, outcome: { kind: 'unknown', command } };
  }
}
