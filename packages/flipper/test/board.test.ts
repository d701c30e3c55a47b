import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsOf, boardOf, countBits, emptyBoard, formatBoard, hasBit, parseBoard, wordsFor } from '../src/index.js';
import { expectError, fuzzText, onlyOurErrors, pack, prop, unpack } from './reference.js';

const boardArb = fc
  .record({ rows: fc.integer({ min: 1, max: 9 }), cols: fc.integer({ min: 1, max: 40 }) })
  .chain(({ rows, cols }) =>
    fc.record({
      rows: fc.constant(rows),
      cols: fc.constant(cols),
      bits: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: rows * cols, maxLength: rows * cols }),
    }),
  );

describe('boards', () => {
  it('packs cells row-major, 32 to a word', () => {
    expect(wordsFor(0)).toBe(0);
    expect(wordsFor(32)).toBe(1);
    expect(wordsFor(33)).toBe(2);
    const board = boardOf(5, 7, [0, 31, 32, 34]);
    expect(Array.from(board)).toEqual([0x80000001, 0b101]);
    expect(bitsOf(board)).toEqual([0, 31, 32, 34]);
    expect(countBits(board)).toBe(4);
    expect(hasBit(board, 31)).toBe(true);
    expect(hasBit(board, 33)).toBe(false);
    expect(emptyBoard(3, 3)).toEqual(new Uint32Array(1));
    expect(formatBoard(boardOf(2, 3, [0, 4]), 2, 3)).toBe(' 1 0 0\n 0 1 0');
  });

  prop([boardArb])('formatBoard and parseBoard round-trip', ({ rows, cols, bits }) => {
    const board = pack(bits);
    const text = formatBoard(board, rows, cols);
    expect(text.split('\n')).toHaveLength(rows);
    const parsed = parseBoard(`\n${text}\n\n`);
    expect(parsed.rows).toBe(rows);
    expect(parsed.cols).toBe(cols);
    expect(unpack(parsed.board, rows * cols)).toEqual(bits);
    expect(bitsOf(board)).toEqual(bits.flatMap((b, i) => (b ? [i] : [])));
  });

  prop([fuzzText('01 \n\t')])('parseBoard returns a correct value or throws our errors', (text) => {
    const parsed = onlyOurErrors(() => parseBoard(text));
    if (parsed !== undefined) {
      expect(formatBoard(parsed.board, parsed.rows, parsed.cols).replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    }
  });

  it('boardOf turns listed cells on, even when a cell is listed twice (review regression)', () => {
    expect(bitsOf(boardOf(3, 3, [1, 1]))).toEqual([1]);
    expect(bitsOf(boardOf(3, 3, [4, 0, 4, 4]))).toEqual([0, 4]);
  });

  it('the bit helpers reject what is not a mask or a bit index, with our messages (review regression)', () => {
    expectError(() => bitsOf(null as never), TypeError, /mask must be a Uint32Array; got null/);
    expectError(() => countBits([1] as never), TypeError, /mask must be a Uint32Array; got an array of 1/);
    expectError(() => hasBit(Uint32Array.of(1), -1), RangeError, /bit index must be an integer from 0 to 31; got -1/);
    expectError(() => hasBit(Uint32Array.of(1), 32), RangeError, /bit index must be an integer from 0 to 31; got 32/);
    expectError(() => wordsFor(-1), RangeError, /bits must be an integer from 0/);
    expectError(() => wordsFor(NaN), TypeError, /bits must be an integer from 0/);
    expect(wordsFor(2 ** 32)).toBe(2 ** 27);
    expect(wordsFor(2 ** 32 + 1)).toBe(2 ** 27 + 1);
    expectError(() => boardOf(3, 3, null as never), TypeError, /cells must be an iterable of cell numbers; got null/);
  });

  it('rejects bad sizes, cells and boards', () => {
    expectError(() => emptyBoard(0, 3), RangeError, /rows must be an integer from 1 to 67108864; got 0/);
    expectError(() => emptyBoard(10000, 10000), RangeError, /at most 67108864 cells; got 10000 × 10000/);
    expectError(() => boardOf(3, 3, [9]), RangeError, /a cell must be an integer from 0 to 8; got 9/);
    expectError(() => formatBoard(new Uint32Array(2), 3, 3), RangeError, /1 words for 9 cells; got 2 words/);
    expectError(() => formatBoard(Uint32Array.of(1 << 9), 3, 3), RangeError, /bits set past its last cell/);
    expectError(() => formatBoard([1] as unknown as Uint32Array, 3, 3), TypeError, /must be a Uint32Array; got an array of 1/);
  });
});
