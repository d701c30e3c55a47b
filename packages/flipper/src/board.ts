// Boards of any size as bit-packed Uint32Arrays: cell (row, col) is bit row * cols + col, row-major, bit i in word
// i >>> 5 at bit i & 31. Formatting and parsing in the text grid of the flipper blog posts (rows like " 1 1 0").
import { wordsFor } from './bits.js';
import { checkInteger, checkIterable, describeValue } from './errors.js';

/** The largest number of cells a board may have (rows × cols). */
export const MAX_CELLS = 2 ** 26;

/** A board of `rows × cols` cells, all off. */
export function emptyBoard(rows: number, cols: number): Uint32Array {
  checkSize(rows, cols);
  return new Uint32Array(wordsFor(rows * cols));
}

/** A board with the given cells (0-based, row-major) on. */
export function boardOf(rows: number, cols: number, cells: Iterable<number>): Uint32Array {
  const board = emptyBoard(rows, cols);
  const size = rows * cols;
  for (const cell of checkIterable(cells, 'cells')) {
    checkInteger(cell, 0, size - 1, 'a cell');
    board[cell >>> 5]! |= 1 << (cell & 31);
  }
  return board;
}

/** Checks a board size. @internal */
export function checkSize(rows: number, cols: number): void {
  checkInteger(rows, 1, MAX_CELLS, 'rows');
  checkInteger(cols, 1, MAX_CELLS, 'cols');
  if (rows * cols > MAX_CELLS) throw new RangeError(`a board may have at most ${MAX_CELLS} cells; got ${rows} × ${cols}`);
}

/** Checks that a value is a board of `cells` cells (right length, no bits past the last cell). @internal */
export function checkBoard(board: unknown, cells: number, what = 'board'): Uint32Array {
  if (!(board instanceof Uint32Array)) throw new TypeError(`${what} must be a Uint32Array; got ${describeValue(board)}`);
  const words = wordsFor(cells);
  if (board.length !== words) {
    throw new RangeError(`${what} must be a Uint32Array of ${words} words for ${cells} cells; got ${board.length} words`);
  }
  const spare = cells & 31;
  if (spare !== 0 && board[words - 1]! >>> spare !== 0) {
    throw new RangeError(`${what} has bits set past its last cell (${cells} cells)`);
  }
  return board;
}

/** The board as the text grid of the flipper blog posts: one line per row, each cell as " 1" (on) or " 0" (off). */
export function formatBoard(board: Uint32Array, rows: number, cols: number): string {
  checkSize(rows, cols);
  checkBoard(board, rows * cols);
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    let line = '';
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      line += (board[i >>> 5]! >>> (i & 31)) & 1 ? ' 1' : ' 0';
    }
    lines.push(line);
  }
  return lines.join('\n');
}

/** A text grid read back: rows of 0/1 cells, spaces optional, blank lines around it ignored. */
export function parseBoard(text: string): { rows: number; cols: number; board: Uint32Array } {
  if (typeof text !== 'string') throw new TypeError(`a grid must be a string; got ${describeValue(text)}`);
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines.length === 0) throw new RangeError(`a grid must have rows of cells 0 or 1 (like ' 1 1 0'); got ${describeValue(text)}`);
  const rows = lines.length;
  const digits = lines.map((line, r) => {
    const compact = line.replace(/[ \t]+/g, '');
    if (!/^[01]+$/.test(compact)) {
      throw new RangeError(`grid row ${r + 1} must be cells 0 or 1 separated by spaces; got ${describeValue(line)}`);
    }
    return compact;
  });
  const cols = digits[0]!.length;
  digits.forEach((row, r) => {
    if (row.length !== cols) throw new RangeError(`grid row ${r + 1} has ${row.length} cells; row 1 has ${cols}`);
  });
  if (rows * cols > MAX_CELLS) throw new RangeError(`a board may have at most ${MAX_CELLS} cells; got ${rows} × ${cols}`);
  const board = new Uint32Array(wordsFor(rows * cols));
  for (let r = 0; r < rows; r++) {
    const row = digits[r]!;
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (row.charCodeAt(c) === 49) board[i >>> 5]! |= 1 << (i & 31);
    }
  }
  return { rows, cols, board };
}
