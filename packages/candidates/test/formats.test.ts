import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCandidateGrid,
  formatCandidateTable,
  formatGivens,
  formatPencilMarks,
  parseCandidateGrid,
  parseGivens,
  parseGrid,
  parsePencilMarks,
} from '../src/formats.js';
import { Grid } from '../src/grid.js';
import { solveLogically } from '../src/solver.js';
import { EASY, expectError, fuzzText, onlyOurErrors, prop } from './reference.js';

/** A valid state: a classic puzzle partly solved (some steps applied), so pencil marks are not just the givens'. */
const states = fc.integer({ min: 0, max: 60 }).map((n) => solveLogically(EASY, { maxSteps: n }).grid);

function same(a: Grid, b: Grid): void {
  expect(Array.from(a.values)).toEqual(Array.from(b.values));
  expect(Array.from(a.candidates)).toEqual(Array.from(b.candidates));
}

describe('givens', () => {
  it('parses 81 characters with . or 0 and computes the candidates', () => {
    const grid = parseGivens(EASY);
    expect(grid.values[2]).toBe(3);
    expect(grid.candidatesOf(0)).toEqual([4, 5]);
    expect(formatGivens(grid)).toBe(EASY.replaceAll('0', '.'));
    expect(formatGivens(parseGivens(EASY.replaceAll('0', '.')), '0')).toBe(EASY);
    expect(formatGivens(parseGivens(`  ${EASY}\n`))).toBe(EASY.replaceAll('0', '.'));
  });

  it('rejects wrong lengths, bad characters and duplicate givens', () => {
    expectError(() => parseGivens(EASY.slice(1)), RangeError, /81 characters; got 80/);
    expectError(() => parseGivens(`x${EASY.slice(1)}`), RangeError, /bad character 'x' at position 1/);
    expectError(() => parseGivens(`33${EASY.slice(2)}`), RangeError, /duplicate givens: 3 in r1c1 and r1c2/);
    expectError(() => parseGivens(42 as unknown as string), TypeError, /must be a string; got 42/);
  });

  it('rejects givens that leave a cell without candidates', () => {
    // r1c1 empty; its row holds 1-6, its column 7 and 8, its box 9.
    const text = `.123456..7........8........${'.'.repeat(9)}${'.'.repeat(45)}`.split('');
    text[10] = '9';
    expectError(() => parseGivens(text.join('')), RangeError, /r1c1 has no candidates/);
  });
});

describe('{candidates} notation', () => {
  prop([states])('round-trips: parse(format(grid)) is the grid', (grid) => {
    same(parseCandidateGrid(formatCandidateGrid(grid)), grid);
  });

  prop([states])('round-trips: format(parse(text)) is the text', (grid) => {
    const text = formatCandidateGrid(grid);
    expect(formatCandidateGrid(parseCandidateGrid(text))).toBe(text);
  });

  it('reads a digit or {digits} per cell, ignoring whitespace', () => {
    const text = formatCandidateGrid(parseGivens(EASY));
    expect(text.startsWith('{45}{4578}3{49}2{147}6{5789}{57}')).toBe(true);
    same(parseCandidateGrid(text.replace(/}/g, '} ')), parseGivens(EASY));
  });

  it('keeps a player\'s pencil marks as they are, and rejects impossible ones', () => {
    const text = formatCandidateGrid(parseGivens(EASY));
    const fewer = text.replace('{45}{4578}', '{5}{4578}');
    expect(parseCandidateGrid(fewer).candidatesOf(0)).toEqual([5]);
    expectError(() => parseCandidateGrid(text.replace('{45}', '{}')), RangeError, /cell 1 .* no candidates/);
    expectError(() => parseCandidateGrid(text.replace('{45}', '{345}')), RangeError, /r1c1 has candidate 3, but r1c3 in the same row holds 3/);
    expectError(() => parseCandidateGrid(text.replace('{45}', '{4x}')), RangeError, /bad candidate 'x'/);
    expectError(() => parseCandidateGrid(text.replace('{45}', '{44}')), RangeError, /repeated/);
    expectError(() => parseCandidateGrid(text.replace('{45}', '{45')), RangeError, /./);
    expectError(() => parseCandidateGrid(`${text}1`), RangeError, /81 cells/);
    expectError(() => parseCandidateGrid(text.slice(4)), RangeError, /81 cells; got 80/);
  });
});

describe('729-character pencil-mark grid', () => {
  prop([states])('round-trips: parse(format(grid)) is the grid (a one-candidate cell reads as solved)', (grid) => {
    const canonical = parseCandidateGrid(formatCandidateGrid(grid));
    // Place the pending singles first: the format writes a single candidate like a solved cell.
    const text = formatPencilMarks(canonical);
    expect(text).toHaveLength(729);
    const back = parsePencilMarks(text);
    for (let cell = 0; cell < 81; cell++) {
      const v = canonical.values[cell]!;
      const mask = v ? 1 << (v - 1) : canonical.candidates[cell]!;
      const w = back.values[cell]!;
      expect(w ? 1 << (w - 1) : back.candidates[cell]!).toBe(mask);
    }
    expect(formatPencilMarks(back)).toBe(text);
  });

  it('has 9 slots per cell: digit j+1 in slot j, or . / 0', () => {
    const text = formatPencilMarks(parseGivens(EASY));
    expect(text.slice(0, 27)).toBe('...45.......45.78...3......');
    same(parsePencilMarks(text.replaceAll('.', '0')), parseGivens(EASY));
    expectError(() => parsePencilMarks(text.slice(1)), RangeError, /729 characters .* got 728/);
    expectError(() => parsePencilMarks(`5${text.slice(1)}`), RangeError, /bad character '5' at position 1 .* expected '1'/);
    expectError(() => parsePencilMarks(`.........${text.slice(9)}`), RangeError, /cell 1 .* no candidates/);
  });
});

describe('parseGrid and the table', () => {
  it('detects the format', () => {
    const grid = parseGivens(EASY);
    same(parseGrid(EASY), grid);
    same(parseGrid(formatCandidateGrid(grid)), grid);
    same(parseGrid(formatPencilMarks(grid)), grid);
  });

  it('formatters reject what is not a Grid', () => {
    for (const format of [formatGivens, formatCandidateGrid, formatPencilMarks, formatCandidateTable]) {
      expectError(() => format(null as unknown as Grid), TypeError, /needs a Grid; got null/);
      expectError(() => format(EASY as unknown as Grid), TypeError, /needs a Grid; got '003020600/);
    }
    const grid = parseGivens(EASY);
    expect(formatGivens(grid, '0')).toBe(EASY);
    expect(formatPencilMarks(grid, '0')).toHaveLength(729);
    // An empty mark of another length, or a digit, would give text that reads back as something else.
    for (const bad of ['', '..', '5']) {
      expectError(() => formatGivens(grid, bad), RangeError, new RegExp(`the empty mark of formatGivens must be one character other than 1-9; got '${bad.replaceAll('.', '\\.')}'`));
      expectError(() => formatPencilMarks(grid, bad), RangeError, /the empty mark of formatPencilMarks must be one character/);
    }
  });

  it('prints a readable table', () => {
    const table = formatCandidateTable(parseGivens(EASY));
    const lines = table.split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toMatch(/^ \{45\} +\{4578\} +3 +\| \{49\} +2 +\{147\} +\| 6 +\{5789\} +\{57\}$/);
    expect(lines[3]).toMatch(/^-+\+-+\+-+$/);
  });

  it('shows a cell with one candidate left apart from a placed value', () => {
    // r1c1 narrowed to 4 by a player, r1c3 a given 3: '{4}' and '3'.
    const grid = parseCandidateGrid(formatCandidateGrid(parseGivens(EASY)).replace('{45}', '{4}'));
    const first = formatCandidateTable(grid).split('\n')[0]!;
    expect(first).toMatch(/^ \{4\} +\{4578\} +3 +\|/);
    grid.place(0, 4);
    expect(formatCandidateTable(grid).split('\n')[0]).toMatch(/^ 4 +\{578\} +3 +\|/);
  });

  prop([states])('the table reads back as the same grid once its rules and spaces are dropped', (grid) => {
    const table = formatCandidateTable(grid);
    same(parseCandidateGrid(table.replace(/[-+|\s]/g, '')), grid);
  });

  prop([fuzzText('0123456789.{} \n')])('never throws anything but our errors on arbitrary text', (text) => {
    for (const parse of [parseGrid, parseGivens, parseCandidateGrid, parsePencilMarks]) {
      const grid = onlyOurErrors(() => parse(text));
      if (grid !== undefined) expect(grid.contradiction()).toBeNull();
    }
  });

  prop([states, fc.nat(), fc.constantFrom('}', '{', '', '0', '9', 'x', '{}')])('never throws anything but our errors on mutated grids', (grid, at, ch) => {
    const text = formatCandidateGrid(grid);
    const i = at % text.length;
    onlyOurErrors(() => parseGrid(text.slice(0, i) + ch + text.slice(i + 1)));
    const marks = formatPencilMarks(grid);
    const j = at % marks.length;
    onlyOurErrors(() => parseGrid(marks.slice(0, j) + ch + marks.slice(j + 1)));
  });
});
