// A general "flip" puzzle: a rows × cols board and a set of moves, each move a bit mask of the cells it toggles.
// Positions are bit-packed boards (see board.ts); a move is numbered from 0 in the general API.
import { wordsFor } from './bits.js';
import { boardOf, checkBoard, checkSize } from './board.js';
import { checkInteger, checkIterable, describeValue } from './errors.js';
import { formatCount } from './stop.js';

/** A board and its moves: each move toggles the cells of its mask (XOR); the goal is the position to reach. */
export interface Puzzle {
  /** A short name, for messages. */
  readonly name: string;
  readonly rows: number;
  readonly cols: number;
  /** rows × cols. */
  readonly cells: number;
  /** The cells each move toggles, one bit-packed mask (wordsFor(cells) words) per move, move 0 first. */
  readonly moves: readonly Uint32Array[];
  /** The position to reach (all off for Lights Out). */
  readonly goal: Uint32Array;
}

/** How to describe a puzzle: each move (and the goal) as a bit mask or as a list of 0-based cells. */
export interface PuzzleSpec {
  readonly name?: string;
  readonly rows: number;
  readonly cols: number;
  readonly moves: ReadonlyArray<Uint32Array | readonly number[]>;
  /** The position to reach; all off when left out. */
  readonly goal?: Uint32Array | readonly number[];
}

/** The largest number of moves a puzzle may have. */
export const MAX_MOVES = 2 ** 20;

/**
 * The most bits a puzzle's moves may take together, moves × cells: 2^31 (256 MB; classic Lights Out up to 215 × 215).
 * Bigger classic boards go to solveLightsOut, which needs no move masks.
 */
export const MAX_PUZZLE_BITS = 2 ** 31;

/** Refuses a puzzle whose move masks would take more than MAX_PUZZLE_BITS. @internal */
export function checkPuzzleBits(moves: number, cells: number, rows: number, cols: number): void {
  if (moves * cells > MAX_PUZZLE_BITS) {
    throw new RangeError(
      `a puzzle's moves may take at most MAX_PUZZLE_BITS = ${formatCount(MAX_PUZZLE_BITS)} bits (moves × cells); ` +
        `got ${formatCount(moves)} moves × ${formatCount(cells)} cells (${rows}×${cols}); solve big classic Lights Out boards with solveLightsOut`,
    );
  }
}

/** A puzzle from its board size and moves (masks or cell lists); checks every mask. */
export function createPuzzle(spec: PuzzleSpec): Puzzle {
  if (typeof spec !== 'object' || spec === null) throw new TypeError(`a puzzle spec must be an object; got ${describeValue(spec)}`);
  const { rows, cols } = spec;
  checkSize(rows, cols);
  const cells = rows * cols;
  if (!Array.isArray(spec.moves)) throw new TypeError(`moves must be an array of masks; got ${describeValue(spec.moves)}`);
  checkInteger(spec.moves.length, 1, MAX_MOVES, 'the number of moves');
  checkPuzzleBits(spec.moves.length, cells, rows, cols);
  const asMask = (value: Uint32Array | readonly number[], what: string): Uint32Array => {
    if (value instanceof Uint32Array) return checkBoard(value, cells, what).slice();
    if (Array.isArray(value)) return boardOf(rows, cols, value);
    throw new TypeError(`${what} must be a Uint32Array mask or an array of cells; got ${describeValue(value)}`);
  };
  const moves = Object.freeze(spec.moves.map((move, k) => asMask(move, `move ${k}`)));
  const goal = spec.goal === undefined ? new Uint32Array(wordsFor(cells)) : asMask(spec.goal, 'goal');
  if (spec.name !== undefined && typeof spec.name !== 'string') throw new TypeError(`name must be a string; got ${describeValue(spec.name)}`);
  const name = spec.name ?? `${rows}×${cols} puzzle with ${moves.length} moves`;
  return Object.freeze({ name, rows, cols, cells, moves, goal });
}

/** Checks a puzzle value. @internal */
export function checkPuzzle(puzzle: unknown): Puzzle {
  const p = puzzle as Puzzle | null;
  if (
    typeof puzzle !== 'object' ||
    p === null ||
    !Array.isArray(p.moves) ||
    !(p.goal instanceof Uint32Array) ||
    !Number.isInteger(p.rows) ||
    !Number.isInteger(p.cols) ||
    p.cells !== p.rows * p.cols
  ) {
    throw new TypeError(`puzzle must be a Puzzle from createPuzzle; got ${describeValue(puzzle)}`);
  }
  return puzzle as Puzzle;
}

/** The position after pressing each of `presses` (0-based move numbers) once, in order. */
export function applyPresses(puzzle: Puzzle, position: Uint32Array, presses: Iterable<number>): Uint32Array {
  checkPuzzle(puzzle);
  const out = checkBoard(position, puzzle.cells, 'position').slice();
  for (const k of checkIterable(presses, 'presses')) {
    checkInteger(k, 0, puzzle.moves.length - 1, 'a press (0-based move)');
    const mask = puzzle.moves[k]!;
    for (let i = 0; i < out.length; i++) out[i]! ^= mask[i]!;
  }
  return out;
}
