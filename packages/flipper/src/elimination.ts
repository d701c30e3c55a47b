// Gaussian elimination over GF(2), bit-packed: the "back of the envelope" of the Clojure/Lisp flipper blog posts, done
// on 32-bit words. Each move is a vector over the cells, tagged with the set of moves it is a sum of (the identity at
// first). Reducing the vectors cell by cell (Gauss–Jordan) leaves a pivot vector for each cell of a basis of the moves'
// span, and vectors that reduce to nothing: their tags are the null space, the sets of moves that change nothing.
import { bitsOf, popcount32, wordsFor } from './bits.js';
import { checkBoard } from './board.js';
import { checkInteger, optionsOf } from './errors.js';
import { chaseSolve, lightsOutKernel } from './lights-out.js';
import { checkPuzzle, type Puzzle } from './puzzle.js';
import { formatCount, watch, type StopOptions, type Watch } from './stop.js';

/** The reduced moves of a puzzle. @internal */
export interface Basis {
  readonly cells: number;
  readonly moves: number;
  /** Words of the cell part and of the tag (move set) part of each vector. */
  readonly cellWords: number;
  readonly tagWords: number;
  readonly stride: number;
  /** moves × stride words: cell part, then tag part. */
  readonly data: Uint32Array;
  /** The vector index and the cell of each pivot, in the order they were found. */
  readonly pivotVector: Int32Array;
  readonly pivotCell: Int32Array;
  /** Indices of the vectors that reduced to zero: their tags span the null space. */
  readonly nullVectors: Int32Array;
}

/**
 * The most bits the general elimination works on: moves × (cells + moves), 2^31 (256 MB). Larger puzzles are refused
 * with a RangeError; classic Lights Out of any size goes to light chasing instead.
 */
export const MAX_ELIMINATION_BITS = 2 ** 31;

/** Reduces move vectors over GF(2) (Gauss–Jordan, pivots taken cell by cell). @internal */
export function eliminate(cells: number, moves: readonly Uint32Array[], watcher: Watch = watch({}, '', 0, '')): Basis {
  const m = moves.length;
  const cellWords = wordsFor(cells);
  const tagWords = wordsFor(m);
  const stride = cellWords + tagWords;
  const data = new Uint32Array(m * stride);
  for (let k = 0; k < m; k++) {
    data.set(moves[k]!, k * stride);
    data[k * stride + cellWords + (k >>> 5)]! |= 1 << (k & 31);
  }
  const isPivot = new Uint8Array(m);
  const pivotVector: number[] = [];
  const pivotCell: number[] = [];
  for (let c = 0; c < cells && pivotVector.length < m; c++) {
    const w = c >>> 5;
    watcher.step(c, m);
    const bit = 1 << (c & 31);
    let p = -1;
    for (let k = 0; k < m; k++) {
      if (isPivot[k] === 0 && (data[k * stride + w]! & bit) !== 0) {
        p = k;
        break;
      }
    }
    if (p < 0) continue;
    isPivot[p] = 1;
    pivotVector.push(p);
    pivotCell.push(c);
    const pb = p * stride;
    // The pivot vector is zero at every cell before c, so only words from w on can change.
    for (let k = 0; k < m; k++) {
      const kb = k * stride;
      if (k === p || (data[kb + w]! & bit) === 0) continue;
      for (let i = w; i < stride; i++) data[kb + i]! ^= data[pb + i]!;
      watcher.step(c, stride - w);
    }
  }
  const nullVectors: number[] = [];
  for (let k = 0; k < m; k++) if (isPivot[k] === 0) nullVectors.push(k);
  return {
    cells,
    moves: m,
    cellWords,
    tagWords,
    stride,
    data,
    pivotVector: Int32Array.from(pivotVector),
    pivotCell: Int32Array.from(pivotCell),
    nullVectors: Int32Array.from(nullVectors),
  };
}

/**
 * A set of moves whose combined toggles are `wanted` (a bit-packed cell mask), as a bit-packed move mask, or null
 * when no set of moves toggles exactly `wanted`. @internal
 */
export function solveBasis(basis: Basis, wanted: Uint32Array): Uint32Array | null {
  const { cellWords, tagWords, stride, data, pivotVector, pivotCell } = basis;
  const residual = wanted.slice(0, cellWords);
  const presses = new Uint32Array(tagWords);
  for (let i = 0; i < pivotCell.length; i++) {
    const c = pivotCell[i]!;
    if (((residual[c >>> 5]! >>> (c & 31)) & 1) === 0) continue;
    const base = pivotVector[i]! * stride;
    for (let w = c >>> 5; w < cellWords; w++) residual[w]! ^= data[base + w]!;
    for (let w = 0; w < tagWords; w++) presses[w]! ^= data[base + cellWords + w]!;
  }
  for (let w = 0; w < cellWords; w++) if (residual[w] !== 0) return null;
  return presses;
}

/** The null space basis as move masks. @internal */
export function nullSpaceOf(basis: Basis): Uint32Array[] {
  const { cellWords, tagWords, stride, data, nullVectors } = basis;
  return Array.from(nullVectors, (k) => data.slice(k * stride + cellWords, k * stride + cellWords + tagWords));
}

const cache = new WeakMap<Puzzle, Basis>();

/** The (cached) reduced moves of a puzzle; refuses one over MAX_ELIMINATION_BITS. @internal */
export function basisOf(puzzle: Puzzle, options: StopOptions = {}): Basis {
  checkPuzzle(puzzle);
  let basis = cache.get(puzzle);
  if (basis === undefined) {
    const { cells } = puzzle;
    const m = puzzle.moves.length;
    const bits = m * (cells + m);
    if (bits > MAX_ELIMINATION_BITS) {
      throw new RangeError(
        `${puzzle.name} is too large to eliminate: ${formatCount(m)} moves × (${formatCount(cells)} cells + ${formatCount(m)} moves) ` +
          `is ${formatCount(bits)} bits; at most MAX_ELIMINATION_BITS = ${formatCount(MAX_ELIMINATION_BITS)}`,
      );
    }
    basis = eliminate(cells, puzzle.moves, watch(options, `eliminating the ${formatCount(m)} moves of ${puzzle.name}`, cells, 'cells'));
    cache.set(puzzle, basis);
  }
  return basis;
}

const classic = new WeakMap<Puzzle, boolean>();

/**
 * Whether a puzzle is classic Lights Out: move k presses cell k, toggling it and its orthogonal neighbours (any goal).
 * Such puzzles are solved by light chasing, in milliseconds where elimination would take minutes. @internal
 */
export function isClassicLightsOut(puzzle: Puzzle): boolean {
  let known = classic.get(puzzle);
  if (known === undefined) {
    known = checkClassic(puzzle);
    classic.set(puzzle, known);
  }
  return known;
}

function checkClassic({ rows, cols, cells, moves }: Puzzle): boolean {
  if (moves.length !== cells) return false;
  const has = (mask: Uint32Array, i: number) => ((mask[i >>> 5]! >>> (i & 31)) & 1) === 1;
  for (let k = 0; k < cells; k++) {
    const mask = moves[k]!;
    const r = Math.floor(k / cols);
    const c = k - r * cols;
    let expected = 1;
    if (!has(mask, k)) return false;
    if (r > 0 && (++expected, !has(mask, k - cols))) return false;
    if (r < rows - 1 && (++expected, !has(mask, k + cols))) return false;
    if (c > 0 && (++expected, !has(mask, k - 1))) return false;
    if (c < cols - 1 && (++expected, !has(mask, k + 1))) return false;
    let count = 0;
    for (let w = 0; w < mask.length; w++) count += popcount32(mask[w]!);
    if (count !== expected) return false;
  }
  return true;
}

/** What elimination tells about a puzzle's moves. */
export interface PuzzleAnalysis {
  /** Cells and moves of the puzzle. */
  readonly cells: number;
  readonly moves: number;
  /** The dimension of the span of the moves: 2^rank positions are reachable from any one. */
  readonly rank: number;
  /** moves − rank: the dimension of the null space; each solvable position has 2^nullity solutions. */
  readonly nullity: number;
  /** Whether every position can reach every other (rank = cells). */
  readonly allReachable: boolean;
  /** A basis of the null space: sets of moves (bit-packed over moves) that together change nothing. */
  readonly nullSpace: readonly Uint32Array[];
}

/** Options of `analyzePuzzle`: a way to stop it (it throws a StoppedError) and to watch it. */
export type AnalyzePuzzleOptions = StopOptions;

/**
 * Rank, nullity and null space of a puzzle's moves over GF(2): by light chasing for classic Lights Out (any size, in
 * milliseconds), else by elimination, which costs about moves² × (cells + moves) / 32 word operations (seconds from
 * a few thousand moves: pass `signal` or `timeout` to bound it) and refuses puzzles over MAX_ELIMINATION_BITS.
 */
export function analyzePuzzle(puzzle: Puzzle, options?: AnalyzePuzzleOptions): PuzzleAnalysis {
  checkPuzzle(puzzle);
  const opts = optionsOf(options, 'analyzePuzzle');
  if (isClassicLightsOut(puzzle)) {
    const { rows, cols, cells } = puzzle;
    const w = watch(opts, `analysing ${puzzle.name} by light chasing`, Math.min(rows, cols), 'first-row unknowns');
    const { rank, nullity, quiet } = lightsOutKernel(rows, cols, w);
    return { cells, moves: cells, rank, nullity, allReachable: nullity === 0, nullSpace: quiet };
  }
  const basis = basisOf(puzzle, opts);
  const rank = basis.pivotCell.length;
  return {
    cells: basis.cells,
    moves: basis.moves,
    rank,
    nullity: basis.moves - rank,
    allReachable: rank === basis.cells,
    nullSpace: nullSpaceOf(basis),
  };
}

/** Options of `solvePuzzle`. */
export interface SolvePuzzleOptions extends StopOptions {
  /** The position to reach; the puzzle's goal when left out. */
  readonly to?: Uint32Array;
  /** Search the null space for the fewest presses when its dimension is at most this (default 20, at most 30). */
  readonly maxNullity?: number;
}

/** A solution of a puzzle position, or why there is none. */
export type PuzzleSolution =
  | {
      readonly solvable: true;
      /** The moves to press once each (0-based, ascending); order does not matter. */
      readonly presses: number[];
      /**
       * Whether `presses` is known to be as few as possible: always when the solution is unique (nullity 0), after an
       * exhaustive search of the 2^nullity solutions when nullity ≤ maxNullity, and false (not searched) otherwise.
       */
      readonly minimal: boolean;
      readonly rank: number;
      readonly nullity: number;
    }
  | { readonly solvable: false; readonly presses: null; readonly minimal: false; readonly rank: number; readonly nullity: number };

/**
 * The moves that take `position` to the goal (or `to`): the fewest when the null space is small enough to search.
 * Classic Lights Out goes to light chasing; other puzzles to elimination (see analyzePuzzle for its cost and limit).
 * Stops with a StoppedError when `signal` aborts or `timeout` ms pass.
 */
export function solvePuzzle(puzzle: Puzzle, position: Uint32Array, options?: SolvePuzzleOptions): PuzzleSolution {
  const opts = optionsOf(options, 'solvePuzzle');
  checkPuzzle(puzzle);
  checkBoard(position, puzzle.cells, 'position');
  const to = opts.to === undefined ? puzzle.goal : checkBoard(opts.to, puzzle.cells, 'to');
  const maxNullity = opts.maxNullity === undefined ? 20 : checkInteger(opts.maxNullity, 0, 30, 'maxNullity');
  const wanted = position.slice();
  for (let w = 0; w < wanted.length; w++) wanted[w]! ^= to[w]!;
  if (isClassicLightsOut(puzzle)) {
    const { rows, cols } = puzzle;
    const w = watch(opts, `solving ${puzzle.name} by light chasing`, Math.min(rows, cols), 'first-row unknowns');
    const chased = chaseSolve(wanted, rows, cols, { method: 'kernel', search: (nullity) => nullity <= maxNullity, watch: w });
    const { rank, nullity } = chased;
    if (!chased.solvable) return { solvable: false, presses: null, minimal: false, rank, nullity };
    return { solvable: true, presses: bitsOf(chased.presses!), minimal: chased.minimal, rank, nullity };
  }
  const basis = basisOf(puzzle, opts);
  const rank = basis.pivotCell.length;
  const nullity = basis.moves - rank;
  const found = solveBasis(basis, wanted);
  if (found === null) return { solvable: false, presses: null, minimal: false, rank, nullity };
  let best = found;
  if (nullity > 0 && nullity <= maxNullity) {
    const total = 2 ** nullity;
    const w = watch(opts, `searching the ${formatCount(total)} solutions of ${puzzle.name} for the fewest presses`, total, 'solutions');
    best = fewestPresses(found, nullSpaceOf(basis), w);
  }
  const presses: number[] = [];
  for (let k = 0; k < basis.moves; k++) if ((best[k >>> 5]! >>> (k & 31)) & 1) presses.push(k);
  return { solvable: true, presses, minimal: nullity <= maxNullity, rank, nullity };
}

/** Whether some set of moves takes `position` to the goal (or `to`). */
export function isSolvable(puzzle: Puzzle, position: Uint32Array, to?: Uint32Array): boolean {
  return solvePuzzle(puzzle, position, to === undefined ? { maxNullity: 0 } : { to, maxNullity: 0 }).solvable;
}

/** The solution with the fewest presses among `solution` + every combination of `nullSpace` (Gray code order). */
function fewestPresses(solution: Uint32Array, nullSpace: readonly Uint32Array[], watcher: Watch): Uint32Array {
  const words = solution.length;
  const current = solution.slice();
  const best = solution.slice();
  let bestCount = 0;
  for (let w = 0; w < words; w++) bestCount += popcount32(current[w]!);
  const total = 2 ** nullSpace.length;
  for (let i = 1; i < total; i++) {
    const flip = nullSpace[31 - Math.clz32(i & -i)]!;
    let count = 0;
    for (let w = 0; w < words; w++) {
      const x = (current[w]! ^= flip[w]!);
      count += popcount32(x);
    }
    if (count < bestCount) {
      bestCount = count;
      best.set(current);
    }
    watcher.step(i, words);
  }
  return best;
}
