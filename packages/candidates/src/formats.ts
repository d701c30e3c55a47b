import { describeValue, expectString } from './errors.js';
import { Grid, validateGrid } from './grid.js';
import { PEERS, POPCOUNT } from './tables.js';

/**
 * Parses 81 givens, row-major: '1'..'9' for a given, '.' or '0' for an empty cell (surrounding whitespace is ignored).
 * Every empty cell gets the candidates its peers' givens leave.
 */
export function parseGivens(text: string): Grid {
  expectString(text, 'a grid');
  const s = text.trim();
  if (s.length !== 81) throw new RangeError(`a grid of givens needs 81 characters; got ${s.length} in ${describeValue(s)}`);
  const values = new Uint8Array(81);
  for (let i = 0; i < 81; i++) {
    const ch = s.charCodeAt(i);
    if (ch >= 49 && ch <= 57) values[i] = ch - 48;
    else if (ch !== 46 && ch !== 48) {
      throw new RangeError(`bad character ${describeValue(s[i])} at position ${i + 1} of a grid; expected 1-9, '.' or '0'`);
    }
  }
  const grid = Grid.fromValues(values);
  validateGrid(grid);
  return grid;
}

/**
 * The formatters read only a grid's `values` and `candidates`, so they check those rather than `instanceof Grid`: a
 * bundle that imports only a formatter then leaves out the Grid class and its components.
 */
function expectGrid(grid: unknown, what: string): asserts grid is Grid {
  const g = grid as { values?: unknown; candidates?: unknown } | null;
  if (
    typeof g !== 'object' ||
    g === null ||
    !(g.values instanceof Uint8Array && g.values.length === 81) ||
    !(g.candidates instanceof Uint16Array && g.candidates.length === 81)
  ) {
    throw new TypeError(`${what} needs a Grid; got ${describeValue(grid)}`);
  }
}

/** The character for an empty cell or a missing candidate: one character that is not a digit 1-9. */
function expectEmptyMark(empty: unknown, what: string): asserts empty is string {
  if (typeof empty !== 'string' || empty.length !== 1 || (empty >= '1' && empty <= '9')) {
    throw new RangeError(`the empty mark of ${what} must be one character other than 1-9; got ${describeValue(empty)}`);
  }
}

/** Formats the values as 81 characters, '.' (or `empty`) for an empty cell. */
export function formatGivens(grid: Grid, empty = '.'): string {
  expectGrid(grid, 'formatGivens');
  expectEmptyMark(empty, 'formatGivens');
  let out = '';
  for (let cell = 0; cell < 81; cell++) out += grid.values[cell] ? String(grid.values[cell]) : empty;
  return out;
}

/**
 * Parses the {candidates} notation: per cell, row-major, a solved digit or its candidates in braces ("{158}");
 * whitespace between cells is ignored. The pencil marks are taken as they are (validated, not recomputed).
 */
export function parseCandidateGrid(text: string): Grid {
  expectString(text, 'a candidate grid');
  const values = new Uint8Array(81);
  const candidates = new Uint16Array(81);
  let cell = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i]!;
    if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t') {
      i++;
      continue;
    }
    if (cell >= 81) throw new RangeError(`a candidate grid has 81 cells; found more at character ${i + 1}`);
    if (ch >= '1' && ch <= '9') {
      values[cell++] = ch.charCodeAt(0) - 48;
      i++;
    } else if (ch === '{') {
      const close = text.indexOf('}', i);
      if (close < 0) throw new RangeError(`unclosed '{' at character ${i + 1} of a candidate grid`);
      let mask = 0;
      for (let j = i + 1; j < close; j++) {
        const d = text[j]!;
        if (d < '1' || d > '9') {
          throw new RangeError(`bad candidate ${describeValue(d)} at character ${j + 1} of a candidate grid; expected digits 1-9 inside {}`);
        }
        const bit = 1 << (d.charCodeAt(0) - 49);
        if (mask & bit) throw new RangeError(`candidate ${d} repeated in cell ${cell + 1} of a candidate grid`);
        mask |= bit;
      }
      if (mask === 0) throw new RangeError(`cell ${cell + 1} of a candidate grid has no candidates ('{}')`);
      candidates[cell++] = mask;
      i = close + 1;
    } else {
      throw new RangeError(`bad character ${describeValue(ch)} at character ${i + 1} of a candidate grid; expected a digit 1-9 or {candidates}`);
    }
  }
  if (cell !== 81) throw new RangeError(`a candidate grid needs 81 cells; got ${cell}`);
  const grid = new Grid(values, candidates);
  validateGrid(grid);
  return grid;
}

/** Formats the {candidates} notation: a solved digit or "{digits}" per cell, no separators. */
export function formatCandidateGrid(grid: Grid): string {
  expectGrid(grid, 'formatCandidateGrid');
  let out = '';
  for (let cell = 0; cell < 81; cell++) {
    const v = grid.values[cell]!;
    if (v) out += String(v);
    else {
      out += '{';
      const mask = grid.candidates[cell]!;
      for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) out += String(d);
      out += '}';
    }
  }
  return out;
}

/**
 * Parses the 729-character pencil-mark grid: 81 blocks of 9 characters, row-major; character j of a block is the digit
 * j+1 when it is a candidate, '.' or '0' when not; whitespace is ignored. A block with one digit is a placed value, unless
 * a peer still has that digit as a candidate: then it is an empty cell with one candidate left (a naked single to come).
 */
export function parsePencilMarks(text: string): Grid {
  expectString(text, 'a pencil-mark grid');
  const s = text.replace(/\s+/g, '');
  if (s.length !== 729) throw new RangeError(`a pencil-mark grid needs 729 characters (9 per cell); got ${s.length}`);
  const values = new Uint8Array(81);
  const candidates = new Uint16Array(81);
  for (let cell = 0; cell < 81; cell++) {
    let mask = 0;
    for (let j = 0; j < 9; j++) {
      const ch = s[cell * 9 + j]!;
      if (ch === String(j + 1)) mask |= 1 << j;
      else if (ch !== '.' && ch !== '0') {
        throw new RangeError(
          `bad character ${describeValue(ch)} at position ${cell * 9 + j + 1} of a pencil-mark grid; expected '${j + 1}', '.' or '0' (cell ${cell + 1}, slot ${j + 1})`,
        );
      }
    }
    if (mask === 0) throw new RangeError(`cell ${cell + 1} of a pencil-mark grid has no candidates`);
    candidates[cell] = mask;
  }
  // A one-digit block is a placed value unless a peer still has that digit as a candidate (then it is a single to come).
  for (let cell = 0; cell < 81; cell++) {
    const mask = candidates[cell]!;
    if (POPCOUNT[mask] !== 1) continue;
    let free = true;
    for (let k = 0; k < 20 && free; k++) if (candidates[PEERS[cell * 20 + k]!]! & mask) free = false;
    if (free) values[cell] = 32 - Math.clz32(mask);
  }
  for (let cell = 0; cell < 81; cell++) if (values[cell]) candidates[cell] = 0;
  const grid = new Grid(values, candidates);
  validateGrid(grid);
  return grid;
}

/** Formats the 729-character pencil-mark grid (a solved cell shows only its digit; `empty` marks a missing candidate). */
export function formatPencilMarks(grid: Grid, empty = '.'): string {
  expectGrid(grid, 'formatPencilMarks');
  expectEmptyMark(empty, 'formatPencilMarks');
  let out = '';
  for (let cell = 0; cell < 81; cell++) {
    const v = grid.values[cell]!;
    const mask = v ? 1 << (v - 1) : grid.candidates[cell]!;
    for (let j = 0; j < 9; j++) out += mask & (1 << j) ? String(j + 1) : empty;
  }
  return out;
}

/** Parses any of the three formats: '{' means the {candidates} notation, 729 characters a pencil-mark grid, else givens. */
export function parseGrid(text: string): Grid {
  expectString(text, 'a grid');
  if (text.includes('{')) return parseCandidateGrid(text);
  if (text.replace(/\s+/g, '').length === 729) return parsePencilMarks(text);
  return parseGivens(text);
}

/**
 * A readable 9×9 pencil-mark table: a cell that holds a value shows the digit, an empty cell its candidates in braces
 * as in the {candidates} notation (`{45}`, and `{5}` for one candidate left, never confused with a placed 5), each
 * column padded to its widest cell. Without the rules and spaces, the table reads back with parseCandidateGrid.
 */
export function formatCandidateTable(grid: Grid): string {
  expectGrid(grid, 'formatCandidateTable');
  const texts: string[] = [];
  for (let cell = 0; cell < 81; cell++) {
    const v = grid.values[cell]!;
    if (v) texts.push(String(v));
    else {
      let t = '{';
      for (let d = 1; d <= 9; d++) if (grid.candidates[cell]! & (1 << (d - 1))) t += String(d);
      texts.push(`${t}}`);
    }
  }
  const widths = Array.from({ length: 9 }, (_, c) => Math.max(...Array.from({ length: 9 }, (_, r) => texts[r * 9 + c]!.length)));
  const rule = [0, 1, 2].map((b) => '-'.repeat(widths.slice(b * 3, b * 3 + 3).reduce((a, w) => a + w + 1, 1))).join('+');
  const lines: string[] = [];
  for (let r = 0; r < 9; r++) {
    if (r === 3 || r === 6) lines.push(rule);
    const parts: string[] = [];
    for (let b = 0; b < 3; b++) {
      parts.push(` ${[0, 1, 2].map((k) => texts[r * 9 + b * 3 + k]!.padEnd(widths[b * 3 + k]!)).join(' ')} `);
    }
    lines.push(parts.join('|').trimEnd());
  }
  return lines.join('\n');
}

