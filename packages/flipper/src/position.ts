// The 3×3 flipper of the Clojure/Lisp flipper blog posts: positions as 9-bit integers, square k (1..9, row by row) is bit k − 1 (square 1 = bit 0,
// the least significant), 1 = on. MOVES[k − 1] is the mask of squares that move k toggles.
import { formatBoard, parseBoard } from './board.js';
import { checkInteger, checkIterable, describeValue } from './errors.js';

/** A flipper position: a 9-bit integer, square k (1..9, row by row) is bit k − 1, a set bit is an "on" square. */
export type Position = number;

/** The number of squares (and of moves). */
export const SQUARES = 9;

/** The goal: every edge square on, the centre off (squares 1,2,3,4,6,7,8,9 on). */
export const GOAL: Position = 0b111_101_111;

/** A list of lists, frozen all the way down (pure: the constants below cost nothing when unused). */
function frozen(lists: number[][]): readonly (readonly number[])[] {
  return Object.freeze(lists.map((list) => Object.freeze(list)));
}

/** The squares each move toggles, 1-based, as the flipper blog posts list them: `MOVE_SQUARES[k − 1]` for move k. */
export const MOVE_SQUARES: readonly (readonly number[])[] = /* @__PURE__ */ frozen([
  [1, 2, 4, 5],
  [1, 2, 3],
  [2, 3, 5, 6],
  [1, 4, 7],
  [1, 3, 5, 7, 9],
  [3, 6, 9],
  [4, 5, 7, 8],
  [7, 8, 9],
  [5, 6, 8, 9],
]);

/** The moves as 9-bit masks: `MOVES[k − 1]` is the set of squares move k toggles (square s = bit s − 1, square 1 last). */
export const MOVES: readonly number[] = /* @__PURE__ */ Object.freeze([
  0b000011011, 0b000000111, 0b000110110, 0b001001001, 0b101010101, 0b100100100, 0b011011000, 0b111000000, 0b110110000,
]);

/** Checks a position. @internal */
export function checkPosition(position: unknown, what = 'position'): Position {
  return checkInteger(position, 0, 511, `${what} (a 9-bit integer)`);
}

/** Checks a move number. @internal */
export function checkMove(move: unknown): number {
  return checkInteger(move, 1, 9, 'move');
}

/** The position after move `move` (1..9): the position XOR the move's mask. */
export function applyMove(position: Position, move: number): Position {
  return checkPosition(position) ^ MOVES[checkMove(move) - 1]!;
}

/** The position after several moves, in order (order does not matter: moves commute). */
export function applyMoves(position: Position, moves: Iterable<number>): Position {
  let p = checkPosition(position);
  for (const move of checkIterable(moves, 'moves')) p ^= MOVES[checkMove(move) - 1]!;
  return p;
}

/** Whether the position is the goal. */
export function isSolved(position: Position): boolean {
  return checkPosition(position) === GOAL;
}

/** Whether square `square` (1..9) is on. */
export function isOn(position: Position, square: number): boolean {
  checkInteger(square, 1, 9, 'square');
  return ((checkPosition(position) >>> (square - 1)) & 1) === 1;
}

/** The position as 9 digits, square 1 first, `1` = on: GOAL is '111101111'. */
export function formatPosition(position: Position): string {
  checkPosition(position);
  let text = '';
  for (let s = 0; s < SQUARES; s++) text += (position >>> s) & 1 ? '1' : '0';
  return text;
}

/** A position from 9 digits 0/1, square 1 first (surrounding whitespace ignored). */
export function parsePosition(text: string): Position {
  if (typeof text !== 'string') throw new TypeError(`a position must be a string of 9 digits 0 or 1; got ${describeValue(text)}`);
  const digits = text.trim();
  if (!/^[01]{9}$/.test(digits)) {
    throw new RangeError(`a position must be 9 digits 0 or 1, square 1 first (like 101010101); got ${describeValue(text)}`);
  }
  let position = 0;
  for (let s = 0; s < SQUARES; s++) if (digits.charCodeAt(s) === 49) position |= 1 << s;
  return position;
}

/** The position as the text grid of the flipper blog posts: three lines like " 1 1 0" (no trailing newline). */
export function formatGrid(position: Position): string {
  return formatBoard(Uint32Array.of(checkPosition(position)), 3, 3);
}

/** A position from the text grid of the flipper blog posts: three rows of three 0/1 squares. */
export function parseGrid(text: string): Position {
  const { rows, cols, board } = parseBoard(text);
  if (rows !== 3 || cols !== 3) throw new RangeError(`a flipper grid must be 3 rows of 3 squares; got ${rows} rows of ${cols}`);
  return board[0]!;
}
