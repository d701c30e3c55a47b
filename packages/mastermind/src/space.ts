import { describeValue } from './errors.js';
import { codeToIndex, formatCode, indexToCode, parseCode, resolveSize, type CodeSize } from './code.js';

/** The most codes a solver will enumerate (8 colors × 7 pegs is 2,097,152). */
export const MAX_CODES = 1 << 21;
/** The full score table is kept when it takes at most this many bytes (8,192 codes squared). */
const TABLE_BYTES = 1 << 26;

const spaces = new Map<string, CodeSpace>();

/**
 * Every code of one size as small integers, with their scores against each other precomputed: a full table of
 * size² bytes when it fits in 64 MiB (4 × 6: 1,296² bytes), otherwise factorised tables (black pegs of each half of
 * the code, total matches of each pair of color multisets) that score a pair with three look-ups.
 * Codes are numbered densely from 0 in order (aaaa, aaab, …); the solvers work on these numbers.
 */
export class CodeSpace {
  readonly pegs: number;
  readonly colors: number;
  readonly repeats: boolean;
  /** How many codes there are. */
  readonly size: number;
  /** The encoded score of a win, pegs × (pegs + 1). */
  readonly win: number;
  /** Encoded scores are below this: (pegs + 1)². */
  readonly outcomes: number;
  /** How many scores can occur (black + white ≤ pegs, but not pegs − 1 black and 1 white). */
  readonly scoreCount: number;
  /** Each code's number among all codes of the size with repeats (its colors in base `colors`). */
  readonly values: Int32Array;
  /** Each code's colors, pegs bytes per code. */
  readonly digits: Uint8Array;
  /** Each code's set of colors as a bit mask. */
  readonly colorMasks: Int32Array;
  private readonly table: Uint8Array | null;
  private readonly hi: Int32Array;
  private readonly lo: Int32Array;
  private readonly multiset: Int32Array;
  private readonly blackHi: Uint8Array;
  private readonly blackLo: Uint8Array;
  private readonly totals: Uint8Array;
  private readonly hiCount: number;
  private readonly loCount: number;
  private readonly multisets: number;
  /** Whether the factorised tables are used (false: scores computed peg by peg, for very wide spaces). */
  private readonly factorised: boolean;

  /** Use codeSpace(size), which caches one space per size. @internal */
  constructor(pegs: number, colors: number, repeats: boolean) {
    resolveSize({ pegs, colors, repeats }); // a RangeError or TypeError for a size that is not one
    this.pegs = pegs;
    this.colors = colors;
    this.repeats = repeats;
    this.win = pegs * (pegs + 1);
    this.outcomes = (pegs + 1) * (pegs + 1);
    this.scoreCount = ((pegs + 1) * (pegs + 2)) / 2 - 1;
    const all = colors ** pegs;
    if (all > MAX_CODES * (repeats ? 1 : 8)) {
      throw new RangeError(`${pegs} pegs of ${colors} colors make ${all} codes; the solvers enumerate at most ${MAX_CODES}`);
    }
    const values: number[] = [];
    for (let v = 0; v < all; v++) {
      if (repeats || distinct(v, pegs, colors)) values.push(v);
    }
    if (values.length > MAX_CODES) {
      throw new RangeError(`${pegs} pegs of ${colors} colors make ${values.length} codes; the solvers enumerate at most ${MAX_CODES}`);
    }
    const n = values.length;
    this.size = n;
    this.values = Int32Array.from(values);
    this.digits = new Uint8Array(n * pegs);
    this.colorMasks = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const code = indexToCode(values[i]!, pegs, colors);
      for (let p = 0; p < pegs; p++) {
        this.digits[i * pegs + p] = code[p]!;
        this.colorMasks[i]! |= 1 << code[p]!;
      }
    }
    // Factorised tables: black pegs of the first and last halves, total matches of color multisets.
    const hiPegs = pegs >> 1;
    const loPegs = pegs - hiPegs;
    this.hiCount = colors ** hiPegs;
    this.loCount = colors ** loPegs;
    this.hi = new Int32Array(n);
    this.lo = new Int32Array(n);
    this.multiset = new Int32Array(n);
    const multisetIds = new Map<string, number>();
    const multisetCounts: Uint8Array[] = [];
    for (let i = 0; i < n; i++) {
      this.hi[i] = Math.floor(values[i]! / this.loCount);
      this.lo[i] = values[i]! % this.loCount;
      const counts = new Uint8Array(colors);
      for (let p = 0; p < pegs; p++) counts[this.digits[i * pegs + p]!]!++;
      const key = counts.join(',');
      let id = multisetIds.get(key);
      if (id === undefined) {
        id = multisetCounts.length;
        multisetIds.set(key, id);
        multisetCounts.push(counts);
      }
      this.multiset[i] = id;
    }
    this.multisets = multisetCounts.length;
    this.factorised = this.multisets <= 4096 && this.loCount <= 4096;
    this.blackHi = this.factorised ? blackTable(hiPegs, colors, pegs) : new Uint8Array(0);
    this.blackLo = this.factorised ? blackTable(loPegs, colors, pegs) : new Uint8Array(0);
    const m = this.factorised ? this.multisets : 0;
    this.totals = new Uint8Array(m * m);
    for (let a = 0; a < m; a++) {
      for (let b = 0; b < m; b++) {
        let total = 0;
        const ca = multisetCounts[a]!;
        const cb = multisetCounts[b]!;
        for (let c = 0; c < colors; c++) total += Math.min(ca[c]!, cb[c]!);
        this.totals[a * m + b] = total;
      }
    }
    this.table = null;
    if (n * n <= TABLE_BYTES) {
      const table = new Uint8Array(n * n);
      const row = new Int32Array(n);
      for (let i = 0; i < n; i++) row[i] = i;
      for (let g = 0; g < n; g++) this.scoreRow(g, row, n, table.subarray(g * n, g * n + n));
      this.table = table;
    }
  }

  /** The encoded score (black × (pegs + 1) + white) of guess number g against secret number s. */
  score(g: number, s: number): number {
    if (!((g >>> 0) === g && g < this.size && (s >>> 0) === s && s < this.size)) {
      this.checkIndex(g, 'guess');
      this.checkIndex(s, 'secret');
    }
    if (this.table !== null) return this.table[g * this.size + s]!;
    if (!this.factorised) return this.slowScore(g, s);
    return (
      this.blackHi[this.hi[g]! * this.hiCount + this.hi[s]!]! +
      this.blackLo[this.lo[g]! * this.loCount + this.lo[s]!]! +
      this.totals[this.multiset[g]! * this.multisets + this.multiset[s]!]!
    );
  }

  /** Fills out[k] with the encoded score of guess g against secret set[k] (code numbers of this space), for k < count. */
  scoreRow(g: number, set: Int32Array, count: number, out: Uint8Array): void {
    if (!((g >>> 0) === g && g < this.size)) this.checkIndex(g, 'guess');
    if (!(set instanceof Int32Array) || !(out instanceof Uint8Array)) {
      throw new TypeError(`scoreRow needs an Int32Array of code numbers and a Uint8Array for the scores; got ${describeValue(set)} and ${describeValue(out)}`);
    }
    if (!(Number.isInteger(count) && count >= 0 && count <= set.length && count <= out.length)) {
      throw new RangeError(`count must be an integer from 0 to ${Math.min(set.length, out.length)} (the lengths of set and out); got ${describeValue(count)}`);
    }
    const table = this.table;
    if (table !== null) {
      const base = g * this.size;
      for (let k = 0; k < count; k++) out[k] = table[base + set[k]!]!;
      return;
    }
    if (!this.factorised) {
      for (let k = 0; k < count; k++) out[k] = this.slowScore(g, set[k]!);
      return;
    }
    const blackHi = this.blackHi;
    const blackLo = this.blackLo;
    const totals = this.totals;
    const hi = this.hi;
    const lo = this.lo;
    const multiset = this.multiset;
    const hiBase = hi[g]! * this.hiCount;
    const loBase = lo[g]! * this.loCount;
    const totalBase = multiset[g]! * this.multisets;
    for (let k = 0; k < count; k++) {
      const s = set[k]!;
      out[k] = blackHi[hiBase + hi[s]!]! + blackLo[loBase + lo[s]!]! + totals[totalBase + multiset[s]!]!;
    }
  }

  /** Scores a pair peg by peg and color by color (spaces too wide for the factorised tables). */
  private slowScore(g: number, s: number): number {
    const pegs = this.pegs;
    const digits = this.digits;
    let black = 0;
    const counts = new Int8Array(this.colors);
    for (let p = 0; p < pegs; p++) {
      const a = digits[g * pegs + p]!;
      const b = digits[s * pegs + p]!;
      if (a === b) black++;
      counts[a]!++;
    }
    let total = 0;
    for (let p = 0; p < pegs; p++) {
      const b = digits[s * pegs + p]!;
      if (counts[b]! > 0) {
        counts[b]!--;
        total++;
      }
    }
    return black * pegs + total;
  }

  /** The number of a code in this space, or -1 if it is not one of its codes. */
  indexOfValue(value: number): number {
    const values = this.values;
    let lo = 0;
    let hi = values.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = values[mid]!;
      if (v === value) return mid;
      if (v < value) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Reads a code (letters or digits) and returns its number in this space; a RangeError names what is wrong. */
  parse(text: string): number {
    const code = parseCode(text, { pegs: this.pegs, colors: this.colors, repeats: this.repeats });
    return this.indexOfValue(codeToIndex(code, this.colors));
  }

  /** The colors of code number i, numbered from 0. */
  code(i: number): number[] {
    if (!((i >>> 0) === i && i < this.size)) this.checkIndex(i, 'code number');
    return Array.from(this.digits.subarray(i * this.pegs, i * this.pegs + this.pegs));
  }

  /** Throws the error for something that is not a code number of this space. */
  private checkIndex(i: unknown, what: string): void {
    const expected = `${what} must be a code number from 0 to ${this.size - 1}`;
    if (typeof i !== 'number') throw new TypeError(`${expected}; got ${describeValue(i)}`);
    if (!(Number.isInteger(i) && i >= 0 && i < this.size)) throw new RangeError(`${expected}; got ${describeValue(i)}`);
  }

  /** Code number i as letters. */
  format(i: number): string {
    return formatCode(this.code(i));
  }
}

/** The space of every code of a size (cached: the tables are built once per size). */
export function codeSpace(size?: CodeSize): CodeSpace {
  const { pegs, colors, repeats } = resolveSize(size);
  const key = `${pegs}/${colors}/${repeats}`;
  let space = spaces.get(key);
  if (space === undefined) {
    space = new CodeSpace(pegs, colors, repeats);
    spaces.set(key, space);
  }
  return space;
}

function distinct(value: number, pegs: number, colors: number): boolean {
  let seen = 0;
  for (let p = 0; p < pegs; p++) {
    const bit = 1 << value % colors;
    if (seen & bit) return false;
    seen |= bit;
    value = Math.floor(value / colors);
  }
  return true;
}

/** Black pegs × pegs for every pair of codes of `length` pegs (the scale folds black into the encoded score). */
function blackTable(length: number, colors: number, pegs: number): Uint8Array {
  const count = colors ** length;
  const table = new Uint8Array(count * count);
  for (let a = 0; a < count; a++) {
    for (let b = 0; b < count; b++) {
      let black = 0;
      for (let x = a, y = b, p = 0; p < length; p++, x = Math.floor(x / colors), y = Math.floor(y / colors)) {
        if (x % colors === y % colors) black++;
      }
      table[a * count + b] = black * pegs;
    }
  }
  return table;
}
