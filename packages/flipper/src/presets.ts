// Ready-made puzzles: the flipper of the Clojure/Lisp flipper blog posts, Merlin's magic square and classic Lights Out of any size.
import { checkSize } from './board.js';
import { GOAL, MOVE_SQUARES } from './position.js';
import { checkPuzzleBits, createPuzzle, type Puzzle } from './puzzle.js';

/** The 3×3 flipper of the Clojure/Lisp flipper blog posts: its nine moves and its goal (edges on, centre off); cells 0..8 are squares 1..9. */
export function flipperPuzzle(): Puzzle {
  return createPuzzle({
    name: 'flipper',
    rows: 3,
    cols: 3,
    moves: MOVE_SQUARES.map((squares) => squares.map((s) => s - 1)),
    goal: Uint32Array.of(GOAL),
  });
}

/**
 * Merlin's "magic square" (Parker Brothers, 1978): pressing a corner toggles its 2×2 block, an edge toggles the three
 * squares of its side, the centre toggles the plus 2,4,5,6,8. The goal is the same square: edges on, centre off.
 */
export function merlinPuzzle(): Puzzle {
  const squares = [
    [1, 2, 4, 5],
    [1, 2, 3],
    [2, 3, 5, 6],
    [1, 4, 7],
    [2, 4, 5, 6, 8],
    [3, 6, 9],
    [4, 5, 7, 8],
    [7, 8, 9],
    [5, 6, 8, 9],
  ];
  return createPuzzle({
    name: 'merlin',
    rows: 3,
    cols: 3,
    moves: squares.map((move) => move.map((s) => s - 1)),
    goal: Uint32Array.of(GOAL),
  });
}

/**
 * Classic Lights Out on rows × cols: pressing a cell toggles it and its orthogonal neighbours; the goal is all off.
 * Up to MAX_PUZZLE_BITS (215 × 215); use solveLightsOut for bigger boards.
 */
export function lightsOutPuzzle(rows: number, cols: number = rows): Puzzle {
  checkSize(rows, cols);
  checkPuzzleBits(rows * cols, rows * cols, rows, cols);
  const moves: number[][] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell = r * cols + c;
      const move = [cell];
      if (r > 0) move.push(cell - cols);
      if (r < rows - 1) move.push(cell + cols);
      if (c > 0) move.push(cell - 1);
      if (c < cols - 1) move.push(cell + 1);
      moves.push(move);
    }
  }
  return createPuzzle({ name: `lights out ${rows}×${cols}`, rows, cols, moves });
}
