// Independent, deliberately plain reference implementations and shared test helpers. Nothing here imports the
// library, so the tests compare it against something it cannot share a bug with.
import fc from 'fast-check';

import { fuzzText as fuzzTextOver } from '@puzzles/testkit';

export { expectError, onlyOurErrors, prop } from '@puzzles/testkit';

/** Arbitrary text for fuzzing parsers (any UTF-16, code points, graphemes, and strings over `alphabet` up to 40 long). */
export const fuzzText = (alphabet: string) => fuzzTextOver(alphabet, 40);

/** The moves as the flipper blog posts list them, written out again: move k toggles these squares (1..9, row by row). */
export const BLOG_MOVES: readonly number[][] = [
  [1, 2, 4, 5],
  [1, 2, 3],
  [2, 3, 5, 6],
  [1, 4, 7],
  [1, 3, 5, 7, 9],
  [3, 6, 9],
  [4, 5, 7, 8],
  [7, 8, 9],
  [5, 6, 8, 9],
];

/** A position as an array of nine 0/1 squares, square 1 first. */
export type Squares = number[];

/** The goal as squares: edges on, centre off. */
export const GOAL_SQUARES: Squares = [1, 1, 1, 1, 0, 1, 1, 1, 1];

/** Applies move k (1..9) to a position given as squares. */
export function refApply(squares: Squares, move: number): Squares {
  const out = [...squares];
  for (const s of BLOG_MOVES[move - 1]!) out[s - 1] = 1 - out[s - 1]!;
  return out;
}

/** The nine digits of a position, square 1 first. */
export const key = (squares: Squares): string => squares.join('');

/** Breadth-first search from the goal over the graph of positions (moves are their own inverse): distance by key. */
export function bfsDistances(): Map<string, number> {
  const distance = new Map<string, number>([[key(GOAL_SQUARES), 0]]);
  let frontier: Squares[] = [GOAL_SQUARES];
  for (let d = 1; frontier.length > 0; d++) {
    const nextFrontier: Squares[] = [];
    for (const position of frontier) {
      for (let move = 1; move <= 9; move++) {
        const next = refApply(position, move);
        if (!distance.has(key(next))) {
          distance.set(key(next), d);
          nextFrontier.push(next);
        }
      }
    }
    frontier = nextFrontier;
  }
  return distance;
}

/** Every 0/1 array of length n (2^n of them), as arrays. */
export function allSquares(n: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < 2 ** n; i++) out.push(Array.from({ length: n }, (_, b) => (i >>> b) & 1));
  return out;
}

/** A small general puzzle in plain arrays: cells, and each move as the list of cells it toggles. */
export interface PlainPuzzle {
  cells: number;
  moves: number[][];
}

/** The cells toggled by a set of moves (indices), as a 0/1 array. */
export function toggled(puzzle: PlainPuzzle, presses: readonly number[]): number[] {
  const out = new Array<number>(puzzle.cells).fill(0);
  for (const k of presses) for (const c of puzzle.moves[k]!) out[c] = 1 - out[c]!;
  return out;
}

/** By brute force over all 2^moves subsets: for each reachable toggle pattern (key), the fewest presses. */
export function bruteForce(puzzle: PlainPuzzle): Map<string, number> {
  const best = new Map<string, number>();
  const m = puzzle.moves.length;
  for (let subset = 0; subset < 2 ** m; subset++) {
    const presses: number[] = [];
    for (let k = 0; k < m; k++) if ((subset >>> k) & 1) presses.push(k);
    const pattern = toggled(puzzle, presses).join('');
    const known = best.get(pattern);
    if (known === undefined || presses.length < known) best.set(pattern, presses.length);
  }
  return best;
}

/** Classic Lights Out as a plain puzzle: each cell toggles itself and its orthogonal neighbours. */
export function plainLightsOut(rows: number, cols: number): PlainPuzzle {
  const moves: number[][] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const move = [r * cols + c];
      if (r > 0) move.push((r - 1) * cols + c);
      if (r < rows - 1) move.push((r + 1) * cols + c);
      if (c > 0) move.push(r * cols + c - 1);
      if (c < cols - 1) move.push(r * cols + c + 1);
      moves.push(move);
    }
  }
  return { cells: rows * cols, moves };
}

/** A 0/1 array as a bit-packed Uint32Array (bit i in word i >>> 5). */
export function pack(bits: readonly number[]): Uint32Array {
  const out = new Uint32Array(Math.ceil(bits.length / 32));
  bits.forEach((b, i) => {
    if (b) out[i >>> 5]! |= 1 << (i & 31);
  });
  return out;
}

/** A bit-packed Uint32Array of n bits as a 0/1 array. */
export function unpack(words: Uint32Array, n: number): number[] {
  return Array.from({ length: n }, (_, i) => (words[i >>> 5]! >>> (i & 31)) & 1);
}

/** Rank over GF(2) of 0/1 row vectors, by plain elimination on arrays. */
export function plainRank(vectors: readonly number[][]): number {
  const rows = vectors.map((v) => [...v]);
  let rank = 0;
  const width = rows[0]?.length ?? 0;
  for (let col = 0; col < width && rank < rows.length; col++) {
    const pivot = rows.findIndex((row, i) => i >= rank && row[col] === 1);
    if (pivot < 0) continue;
    [rows[rank], rows[pivot]] = [rows[pivot]!, rows[rank]!];
    for (let i = 0; i < rows.length; i++) {
      if (i !== rank && rows[i]![col] === 1) rows[i] = rows[i]!.map((x, j) => x ^ rows[rank]![j]!);
    }
    rank++;
  }
  return rank;
}

/** A random small puzzle: rows × cols up to 4 × 4 and 1..10 random moves (as cell lists). */
export const smallPuzzleArb: fc.Arbitrary<{ rows: number; cols: number; moves: number[][] }> = fc
  .record({ rows: fc.integer({ min: 1, max: 4 }), cols: fc.integer({ min: 1, max: 4 }) })
  .chain(({ rows, cols }) =>
    fc.record({
      rows: fc.constant(rows),
      cols: fc.constant(cols),
      moves: fc.array(fc.uniqueArray(fc.integer({ min: 0, max: rows * cols - 1 }), { maxLength: rows * cols }), {
        minLength: 1,
        maxLength: 10,
      }),
    }),
  );


/**
 * Classic Lights Out with its moves numbered backwards (move k presses cell cells − 1 − k): the same game, but not
 * recognised as classic, so the library solves it by general elimination instead of light chasing. Map a press k back
 * to its cell with `cells − 1 − k`.
 */
export function backwardsLightsOut(rows: number, cols: number): { rows: number; cols: number; moves: number[][] } {
  return { rows, cols, moves: plainLightsOut(rows, cols).moves.reverse() };
}
