// Classic Lights Out on large boards by light chasing. Once the first row's presses are chosen, every later press is
// forced: the press under a lit cell is the only one left that can put it out. So write the first row as unknowns
// x0..x(c−1), chase them down the board as affine functions of x (bit-packed (c+1)-bit vectors: c coefficients and a
// constant), and solve the c × c system that says the bottom row ends dark. Then chase once more with the numbers.
//
// Boards here are the flat row-major bit-packed boards of board.ts; internally each row is padded to whole words.
import { countBits, popcount32, wordsFor } from './bits.js';
import { checkBoard, checkSize } from './board.js';
import { checkInteger, describeValue, optionsOf } from './errors.js';
import { wordSource, type RandomOptions } from './random.js';
import { formatCount, watch, type StopOptions, type Watch } from './stop.js';

/** What light chasing found for a classic Lights Out board. */
export interface LightsOutSolution {
  readonly rows: number;
  readonly cols: number;
  /** The rank of the rows·cols press matrix over GF(2). */
  readonly rank: number;
  /** rows·cols − rank: each solvable board has 2^nullity solutions. */
  readonly nullity: number;
  readonly solvable: boolean;
  /** The cells to press (a flat bit-packed board), or null when the board cannot be cleared. */
  readonly presses: Uint32Array | null;
  /** How many presses. */
  readonly pressCount: number;
  /** Whether the presses are as few as possible: the solution is unique, or all 2^nullity were searched. */
  readonly minimal: boolean;
  /** Whether applying the presses to the board was checked to put every light out. */
  readonly verified: boolean;
}

/** Copies a flat board into rows padded to `stride` words. @internal */
export function toRows(flat: Uint32Array, rows: number, cols: number, stride: number): Uint32Array {
  const out = new Uint32Array(rows * stride);
  const tail = cols & 31;
  const lastMask = tail === 0 ? 0xffffffff : (1 << tail) - 1;
  for (let r = 0; r < rows; r++) {
    const base = r * cols;
    for (let w = 0; w < stride; w++) {
      const pos = base + w * 32;
      const i = pos >>> 5;
      const shift = pos & 31;
      let value = flat[i]! >>> shift;
      if (shift !== 0 && i + 1 < flat.length) value |= flat[i + 1]! << (32 - shift);
      out[r * stride + w] = w === stride - 1 ? value & lastMask : value;
    }
  }
  return out;
}

/** Copies padded rows (bits past `cols` must be zero) back into a flat board. @internal */
export function fromRows(padded: Uint32Array, rows: number, cols: number, stride: number): Uint32Array {
  const flat = new Uint32Array(wordsFor(rows * cols));
  for (let r = 0; r < rows; r++) {
    const base = r * cols;
    for (let w = 0; w < stride; w++) {
      const value = padded[r * stride + w]!;
      if (value === 0) continue;
      const pos = base + w * 32;
      const i = pos >>> 5;
      const shift = pos & 31;
      flat[i]! |= value << shift;
      if (shift !== 0) {
        const high = value >>> (32 - shift);
        if (high !== 0) flat[i + 1]! |= high;
      }
    }
  }
  return flat;
}

/**
 * The flat board of a rows × cols board turned into the flat board of its cols × rows transpose. Lights Out is the
 * same game on the transpose, and light chasing costs about cols³ / 32 for the bottom-edge system, so wide boards are
 * solved on their transpose (the chase then runs down the longer side). @internal
 */
export function transposeBoard(flat: Uint32Array, rows: number, cols: number): Uint32Array {
  // Padded rows, then 32 × 32 blocks of bits transposed word-wise: (row r, word W) blocks become (row c, word R) ones.
  const strideC = wordsFor(cols);
  const strideR = wordsFor(rows);
  const padded = toRows(flat, rows, cols, strideC);
  const out = new Uint32Array(cols * strideR);
  const block = new Uint32Array(32);
  for (let R = 0; R < strideR; R++) {
    const rowsHere = Math.min(32, rows - 32 * R);
    for (let W = 0; W < strideC; W++) {
      for (let i = 0; i < 32; i++) block[i] = i < rowsHere ? padded[(32 * R + i) * strideC + W]! : 0;
      transpose32(block);
      const colsHere = Math.min(32, cols - 32 * W);
      for (let i = 0; i < colsHere; i++) out[(32 * W + i) * strideR + R] = block[i]!;
    }
  }
  return fromRows(out, cols, rows, strideR);
}

/** Transposes a 32 × 32 bit matrix in place: bit j of word i trades places with bit i of word j. @internal */
export function transpose32(a: Uint32Array): void {
  const masks = [0x0000ffff, 0x00ff00ff, 0x0f0f0f0f, 0x33333333, 0x55555555];
  for (let step = 0, j = 16; j !== 0; step++, j >>>= 1) {
    const m = masks[step]!;
    for (let k = 0; k < 32; k++) {
      if ((k & j) !== 0) continue;
      // Bits at columns c + j of word k and at columns c of word k + j (c without the j bit) change places.
      const t = ((a[k]! >>> j) ^ a[k + j]!) & m;
      a[k + j]! ^= t;
      a[k]! ^= t << j;
    }
  }
}

/** Lights toggled by pressing `presses` (padded rows), XORed into `lights` (padded rows). @internal */
function togglePadded(lights: Uint32Array, presses: Uint32Array, rows: number, cols: number, stride: number): void {
  const tail = cols & 31;
  const lastMask = tail === 0 ? 0xffffffff : (1 << tail) - 1;
  for (let r = 0; r < rows; r++) {
    const o = r * stride;
    for (let w = 0; w < stride; w++) {
      const p = presses[o + w]!;
      let t = p ^ (p << 1) ^ (p >>> 1);
      if (w > 0) t ^= presses[o + w - 1]! >>> 31;
      if (w < stride - 1) t ^= presses[o + w + 1]! << 31;
      if (r > 0) t ^= presses[o - stride + w]!;
      if (r < rows - 1) t ^= presses[o + stride + w]!;
      if (w === stride - 1) t &= lastMask;
      lights[o + w]! ^= t;
    }
  }
}

/** The board after pressing each cell of `presses` once (classic rule: the cell and its orthogonal neighbours). */
export function applyLightsOut(board: Uint32Array, presses: Uint32Array, rows: number, cols: number = rows): Uint32Array {
  checkSize(rows, cols);
  checkBoard(board, rows * cols, 'board');
  checkBoard(presses, rows * cols, 'presses');
  const stride = wordsFor(cols);
  const lights = toRows(board, rows, cols, stride);
  togglePadded(lights, toRows(presses, rows, cols, stride), rows, cols, stride);
  return fromRows(lights, rows, cols, stride);
}

/** Options of `randomLightsOutBoard`. */
export interface RandomLightsOutOptions extends RandomOptions {
  /** Draw a board that can be cleared (the lights of random presses; the default) or any board. */
  readonly solvable?: boolean;
}

/** A random classic Lights Out board: the lights of uniformly random presses (so solvable), or uniform lights. */
export function randomLightsOutBoard(rows: number, cols: number = rows, options?: RandomLightsOutOptions): Uint32Array {
  checkSize(rows, cols);
  const opts = optionsOf(options, 'randomLightsOutBoard');
  if (opts.solvable !== undefined && typeof opts.solvable !== 'boolean') {
    throw new TypeError(`solvable must be a boolean; got ${describeValue(opts.solvable)}`);
  }
  const word = wordSource(opts);
  const cells = rows * cols;
  const random = new Uint32Array(wordsFor(cells));
  for (let i = 0; i < random.length; i++) random[i] = word();
  if ((cells & 31) !== 0) random[random.length - 1]! &= (1 << (cells & 31)) - 1;
  if (opts.solvable === false) return random;
  return applyLightsOut(new Uint32Array(random.length), random, rows, cols);
}

/** Options of `solveLightsOut`. */
export interface SolveLightsOutOptions extends StopOptions {
  /**
   * Search all 2^nullity solutions for the fewest presses when that takes at most about `maxWork` word operations
   * (2^nullity × rows × ⌈cols/32⌉, with rows the longer side; default 2^26, well under a second). 0 turns the search off.
   */
  readonly maxWork?: number;
  /**
   * How to find the bottom-edge system: 'kernel' (default) chases one reflected ring row for the linear part;
   * 'affine' chases every cell as an (cols + 1)-bit affine vector of the first row. Same answers.
   */
  readonly method?: 'kernel' | 'affine';
}

/**
 * Solves a classic Lights Out board of rows × cols by light chasing; verifies the presses by applying them. Stops with
 * a StoppedError when `signal` aborts or `timeout` ms pass (8192 × 8192, the largest square board, takes seconds).
 */
export function solveLightsOut(
  board: Uint32Array,
  rows: number,
  cols: number = rows,
  options?: SolveLightsOutOptions,
): LightsOutSolution {
  checkSize(rows, cols);
  checkBoard(board, rows * cols, 'board');
  const opts = optionsOf(options, 'solveLightsOut');
  const maxWork = opts.maxWork === undefined ? 2 ** 26 : checkInteger(opts.maxWork, 0, 2 ** 40, 'maxWork');
  if (opts.method !== undefined && opts.method !== 'kernel' && opts.method !== 'affine') {
    throw new RangeError(`method must be 'kernel' or 'affine'; got ${describeValue(opts.method)}`);
  }
  const short = Math.min(rows, cols);
  const w = watch(opts, `solving Lights Out ${rows}×${cols} by light chasing`, short, 'first-row unknowns');
  return chaseSolve(board, rows, cols, {
    method: opts.method ?? 'kernel',
    search: (nullity, longSide, stride) => 2 ** nullity * longSide * stride <= maxWork,
    watch: w,
  });
}

/** How `chaseSolve` works: the method, whether to search the 2^nullity solutions for the fewest presses, the watch. @internal */
export interface ChaseOptions {
  readonly method: 'kernel' | 'affine';
  readonly search: (nullity: number, rows: number, stride: number) => boolean;
  readonly watch: Watch;
}

/** Light chasing on a checked board (the work of solveLightsOut and of solvePuzzle on classic boards). @internal */
export function chaseSolve(board: Uint32Array, rows: number, cols: number, options: ChaseOptions): LightsOutSolution {
  if (cols > rows) {
    // Chase down the longer side: the bottom-edge system then has min(rows, cols) unknowns.
    const t = chaseSolve(transposeBoard(board, rows, cols), cols, rows, options);
    const presses = t.presses === null ? null : transposeBoard(t.presses, cols, rows);
    // Verified again on the board as given, so the transposition itself is checked too.
    let verified = t.verified;
    if (presses !== null && verified) {
      const stride = wordsFor(cols);
      const check = toRows(board, rows, cols, stride);
      togglePadded(check, toRows(presses, rows, cols, stride), rows, cols, stride);
      for (let i = 0; i < check.length; i++) if (check[i] !== 0) verified = false;
    }
    return { rows, cols, rank: t.rank, nullity: t.nullity, solvable: t.solvable, presses, pressCount: t.pressCount, minimal: t.minimal, verified };
  }
  const { watch: w } = options;
  const stride = wordsFor(cols);
  const lights = toRows(board, rows, cols, stride);
  const firstRow = options.method === 'affine' ? firstRowAffine : firstRowKernel;
  const { x, rank, solvable, quiet } = firstRow(lights, rows, cols, stride, w);
  const nullity = cols - rank;
  const fullRank = rows * cols - nullity;
  if (!solvable) {
    return { rows, cols, rank: fullRank, nullity, solvable: false, presses: null, pressCount: 0, minimal: false, verified: false };
  }
  let presses = chase(lights, x, rows, cols, stride, w);
  const minimal = nullity === 0 || options.search(nullity, rows, stride);
  if (nullity > 0 && minimal) {
    const empty = new Uint32Array(rows * stride);
    presses = fewestPresses(
      presses,
      quiet.map((z) => chase(empty, z, rows, cols, stride, w)),
      w,
    );
  }
  // Verify: the board's lights plus the lights the presses toggle must be all off.
  const check = lights.slice();
  togglePadded(check, presses, rows, cols, stride);
  let verified = true;
  for (let i = 0; i < check.length; i++) if (check[i] !== 0) verified = false;
  const flat = fromRows(presses, rows, cols, stride);
  return { rows, cols, rank: fullRank, nullity, solvable: true, presses: flat, pressCount: countBits(flat), minimal, verified };
}

/** The fewest presses among `presses` plus every combination of the quiet patterns (Gray code order). */
function fewestPresses(presses: Uint32Array, quiet: readonly Uint32Array[], watcher: Watch): Uint32Array {
  const current = presses.slice();
  const best = presses.slice();
  let bestCount = countBits(current);
  const total = 2 ** quiet.length;
  watcher.task(`searching the ${formatCount(total)} solutions for the fewest presses`, total, 'solutions');
  for (let i = 1; i < total; i++) {
    const flip = quiet[31 - Math.clz32(i & -i)]!;
    let count = 0;
    for (let w = 0; w < current.length; w++) count += popcount32((current[w]! ^= flip[w]!));
    if (count < bestCount) {
      bestCount = count;
      best.set(current);
    }
    watcher.step(i, current.length);
  }
  return best;
}

/**
 * Rank and nullity of classic Lights Out on rows × cols (by light chasing on the empty board); takes `signal`,
 * `timeout` and `onProgress` as solveLightsOut does.
 */
export function lightsOutRank(rows: number, cols: number = rows, options?: StopOptions): { rank: number; nullity: number } {
  checkSize(rows, cols);
  const opts = optionsOf(options, 'lightsOutRank');
  const { rank, nullity } = lightsOutKernel(rows, cols, watch(opts, `finding the rank of Lights Out ${rows}×${cols}`, Math.min(rows, cols), 'first-row unknowns'));
  return { rank, nullity };
}

/**
 * Rank, nullity and a basis of the quiet patterns (press sets that change nothing, as flat boards) of classic Lights
 * Out on rows × cols, by light chasing. @internal
 */
export function lightsOutKernel(rows: number, cols: number, w: Watch): { rank: number; nullity: number; quiet: Uint32Array[] } {
  if (cols > rows) {
    // The same game on the transpose; chase down the longer side.
    const t = lightsOutKernel(cols, rows, w);
    return { rank: t.rank, nullity: t.nullity, quiet: t.quiet.map((q) => transposeBoard(q, cols, rows)) };
  }
  const stride = wordsFor(cols);
  const empty = new Uint32Array(rows * stride);
  const { rank, quiet } = firstRowKernel(empty, rows, cols, stride, w);
  const nullity = cols - rank;
  return {
    rank: rows * cols - nullity,
    nullity,
    quiet: quiet.map((z) => fromRows(chase(empty, z, rows, cols, stride, w), rows, cols, stride)),
  };
}

/** The presses of every row, given the first row's presses `x`, chasing the lights down. */
function chase(lights: Uint32Array, x: Uint32Array, rows: number, cols: number, stride: number, watch: Watch): Uint32Array {
  const tail = cols & 31;
  const lastMask = tail === 0 ? 0xffffffff : (1 << tail) - 1;
  const presses = new Uint32Array(rows * stride);
  presses.set(x.subarray(0, stride));
  for (let r = 0; r + 1 < rows; r++) {
    watch.step(cols, stride);
    // Press under every cell of row r still lit after the presses of rows r − 1, r (and r + 1 so far: none).
    const o = r * stride;
    for (let w = 0; w < stride; w++) {
      const p = presses[o + w]!;
      let t = lights[o + w]! ^ p ^ (p << 1) ^ (p >>> 1);
      if (w > 0) t ^= presses[o + w - 1]! >>> 31;
      if (w < stride - 1) t ^= presses[o + w + 1]! << 31;
      if (r > 0) t ^= presses[o - stride + w]!;
      if (w === stride - 1) t &= lastMask;
      presses[o + stride + w] = t;
    }
  }
  return presses;
}

/** What the bottom edge says about the first row: one solution x, the rank, consistency, the null space. */
interface FirstRow {
  readonly x: Uint32Array;
  readonly rank: number;
  readonly solvable: boolean;
  /** A basis of the first rows that clear an empty board (each chased down gives a quiet pattern). */
  readonly quiet: Uint32Array[];
}

/**
 * The first row's presses: chases the first row as unknowns down the board with affine vectors, then eliminates the
 * bottom row's c equations. Returns x (one solution, free unknowns 0), the rank of that c × c system and whether it
 * is consistent.
 */
function firstRowAffine(lights: Uint32Array, rows: number, cols: number, stride: number, watch: Watch): FirstRow {
  const c = cols;
  const W = wordsFor(c + 1); // c coefficients, then the constant at bit c
  const cw = c >>> 5;
  const cbit = 1 << (c & 31);
  // Three rows of c vectors: the presses of rows r − 1, r and r + 1 as affine functions of x.
  let prev = new Uint32Array(c * W);
  let cur = new Uint32Array(c * W);
  let next = new Uint32Array(c * W);
  for (let j = 0; j < c; j++) cur[j * W + (j >>> 5)] = 1 << (j & 31);
  const last = c - 1;
  // Row r + 1's press at j = lights(r, j) + presses (r, j−1), (r, j), (r, j+1), (r−1, j); the vector for (r, j)
  // involves only x(j−r)..x(j+r), so only the words of that band (and the constant's word) are computed.
  for (let r = 0; r < rows; r++) {
    watch.step(0, c * W);
    const band = r + 1;
    const lo = r * stride;
    for (let j = 0; j < c; j++) {
      const o = j * W;
      const from = j > band ? (j - band) >>> 5 : 0;
      const to = (j + band < last ? j + band : last) >>> 5;
      if (j > 0 && j < last) {
        for (let w = from; w <= to; w++) next[o + w] = cur[o - W + w]! ^ cur[o + w]! ^ cur[o + W + w]! ^ prev[o + w]!;
        if (cw > to) next[o + cw] = cur[o - W + cw]! ^ cur[o + cw]! ^ cur[o + W + cw]! ^ prev[o + cw]!;
      } else if (j > 0) {
        for (let w = from; w <= to; w++) next[o + w] = cur[o - W + w]! ^ cur[o + w]! ^ prev[o + w]!;
        if (cw > to) next[o + cw] = cur[o - W + cw]! ^ cur[o + cw]! ^ prev[o + cw]!;
      } else if (j < last) {
        for (let w = from; w <= to; w++) next[o + w] = cur[o + w]! ^ cur[o + W + w]! ^ prev[o + w]!;
        if (cw > to) next[o + cw] = cur[o + cw]! ^ cur[o + W + cw]! ^ prev[o + cw]!;
      } else {
        for (let w = from; w <= to; w++) next[o + w] = cur[o + w]! ^ prev[o + w]!;
        if (cw > to) next[o + cw] = cur[o + cw]! ^ prev[o + cw]!;
      }
      if ((lights[lo + (j >>> 5)]! >>> (j & 31)) & 1) next[o + cw]! ^= cbit;
    }
    // After the last row, `next` holds the bottom row's lights: they must all be off.
    const spare = prev;
    prev = cur;
    cur = next;
    next = spare;
  }
  return eliminateBottom(cur, c, W, watch);
}

/**
 * The same bottom-edge system, with the chase's linear maps computed once instead of per cell. Without lights, the
 * presses of row r are U_r(T) x, T = the tridiagonal "cell and its two neighbours" map and U_r the polynomials of
 * the chase recurrence P(r+1) = T P(r) + P(r−1). Reflecting a row of c cells into a ring of N = 2c + 2 (zeros at c
 * and 2c + 1, x mirrored on c + 1..2c) turns T into the circulant "neighbours on the ring", so U_R(T) is a
 * convolution with one kernel K = U_R(T)·δ0, found by chasing a single ring row. Row j of the system is then
 * K(j − k) + K(j + k + 2) over k; its constant is what a chase with x = 0 leaves lit on the bottom row.
 */
function firstRowKernel(lights: Uint32Array, rows: number, cols: number, stride: number, watch: Watch): FirstRow {
  const c = cols;
  const N = 2 * c + 2;
  const NW = wordsFor(N);
  const top = N - 1;
  const topWord = top >>> 5;
  const topShift = top & 31;
  const ringTail = N & 31;
  const ringMask = ringTail === 0 ? 0xffffffff : (1 << ringTail) - 1;
  let prev = new Uint32Array(NW);
  let cur = new Uint32Array(NW);
  let next = new Uint32Array(NW);
  cur[0] = 1;
  for (let r = 0; r < rows; r++) {
    watch.step(0, NW);
    for (let w = 0; w < NW; w++) {
      const x = cur[w]!;
      let t = x ^ (x << 1) ^ (x >>> 1) ^ prev[w]!;
      if (w > 0) t ^= cur[w - 1]! >>> 31;
      if (w < NW - 1) t ^= cur[w + 1]! << 31;
      next[w] = t;
    }
    // Around the ring: bit 0's left neighbour is bit N − 1 and bit N − 1's right neighbour is bit 0.
    next[0]! ^= (cur[topWord]! >>> topShift) & 1;
    next[topWord]! ^= (cur[0]! & 1) << topShift;
    next[NW - 1]! &= ringMask;
    const spare = prev;
    prev = cur;
    cur = next;
    next = spare;
  }
  // The kernel twice over, so that any N bits starting anywhere in the ring can be read without wrapping.
  const doubled = new Uint32Array(wordsFor(2 * N) + 2);
  for (let i = 0; i < N; i++) {
    if ((cur[i >>> 5]! >>> (i & 31)) & 1) {
      doubled[i >>> 5]! |= 1 << (i & 31);
      doubled[(i + N) >>> 5]! |= 1 << ((i + N) & 31);
    }
  }
  const read32 = (pos: number): number => {
    const i = pos >>> 5;
    const shift = pos & 31;
    return shift === 0 ? doubled[i]! : (doubled[i]! >>> shift) | (doubled[i + 1]! << (32 - shift));
  };
  // The constants: chase the real lights with x = 0 and see what stays lit on the bottom row.
  const residual = bottomResidual(lights, rows, cols, stride, watch);
  const W = wordsFor(c + 1);
  const cw = c >>> 5;
  const coefficientMask = (c & 31) === 0 ? 0 : (1 << (c & 31)) - 1;
  const eq = new Uint32Array(c * W);
  for (let j = 0; j < c; j++) {
    const o = j * W;
    const s1 = j === 0 ? 0 : N - j; // bit k holds K(k − j)
    const s2 = j + 2; // bit k holds K(k + j + 2)
    for (let w = 0; w < cw; w++) eq[o + w] = read32(s1 + 32 * w) ^ read32(s2 + 32 * w);
    eq[o + cw] = (read32(s1 + 32 * cw) ^ read32(s2 + 32 * cw)) & coefficientMask;
    if ((residual[j >>> 5]! >>> (j & 31)) & 1) eq[o + cw]! |= 1 << (c & 31);
  }
  return eliminateBottom(eq, c, W, watch);
}

/** The bottom row's lights after chasing the board with no first-row presses (stride words). */
function bottomResidual(lights: Uint32Array, rows: number, cols: number, stride: number, watch: Watch): Uint32Array {
  const tail = cols & 31;
  const lastMask = tail === 0 ? 0xffffffff : (1 << tail) - 1;
  let prev = new Uint32Array(stride);
  let cur = new Uint32Array(stride);
  let next = new Uint32Array(stride);
  for (let r = 0; r < rows; r++) {
    watch.step(0, stride);
    const o = r * stride;
    for (let w = 0; w < stride; w++) {
      const p = cur[w]!;
      let t = lights[o + w]! ^ p ^ (p << 1) ^ (p >>> 1) ^ prev[w]!;
      if (w > 0) t ^= cur[w - 1]! >>> 31;
      if (w < stride - 1) t ^= cur[w + 1]! << 31;
      if (w === stride - 1) t &= lastMask;
      next[w] = t;
    }
    const spare = prev;
    prev = cur;
    cur = next;
    next = spare;
  }
  return cur;
}

/** Gauss–Jordan on c equations (bit-packed, W words each, constant at bit c): one solution, the rank, consistency. */
function eliminateBottom(eq: Uint32Array, c: number, W: number, watch: Watch): FirstRow {
  const cw = c >>> 5;
  const cbit = 1 << (c & 31);
  const order = new Int32Array(c);
  for (let i = 0; i < c; i++) order[i] = i * W;
  const pivotCol = new Int32Array(c);
  let rank = 0;
  for (let k = 0; k < c && rank < c; k++) {
    const w0 = k >>> 5;
    watch.step(k, c * (W - w0));
    const bit = 1 << (k & 31);
    let found = -1;
    for (let i = rank; i < c; i++) {
      if (eq[order[i]! + w0]! & bit) {
        found = i;
        break;
      }
    }
    if (found < 0) continue;
    const p = order[found]!;
    order[found] = order[rank]!;
    order[rank] = p;
    pivotCol[rank] = k;
    for (let i = 0; i < c; i++) {
      if (i === rank) continue;
      const q = order[i]!;
      if ((eq[q + w0]! & bit) === 0) continue;
      for (let w = w0; w < W; w++) eq[q + w]! ^= eq[p + w]!;
    }
    rank++;
  }
  // Rows without a pivot are 0 = constant: the board is solvable when every such constant is 0.
  let solvable = true;
  for (let i = rank; i < c; i++) if (eq[order[i]! + cw]! & cbit) solvable = false;
  const x = new Uint32Array(wordsFor(c));
  if (solvable) {
    for (let i = 0; i < rank; i++) {
      if (eq[order[i]! + cw]! & cbit) {
        const k = pivotCol[i]!;
        x[k >>> 5]! |= 1 << (k & 31);
      }
    }
  }
  // The null space of the first row: for each free column f, x_f = 1 and each pivot unknown takes row's bit f.
  const quiet: Uint32Array[] = [];
  const isPivot = new Uint8Array(c);
  for (let i = 0; i < rank; i++) isPivot[pivotCol[i]!] = 1;
  for (let f = 0; f < c; f++) {
    if (isPivot[f]) continue;
    const z = new Uint32Array(wordsFor(c));
    z[f >>> 5]! |= 1 << (f & 31);
    for (let i = 0; i < rank; i++) {
      if ((eq[order[i]! + (f >>> 5)]! >>> (f & 31)) & 1) {
        const k = pivotCol[i]!;
        z[k >>> 5]! |= 1 << (k & 31);
      }
    }
    quiet.push(z);
  }
  return { x, rank, solvable, quiet };
}

/** Checks a count of Lights Out rows or columns. @internal */
export function checkLightsOutSize(size: unknown, what: string): number {
  return checkInteger(size, 1, 65536, what);
}
