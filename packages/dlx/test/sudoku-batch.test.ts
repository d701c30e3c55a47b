// solveSudokuBatch: the same counts and solutions as the one-puzzle functions, puzzle by puzzle, from a text or from
// cells, in this thread (WebAssembly, or TypeScript where it is refused) and on workers (through the built package:
// the worker is dist/worker.js); bad puzzles by index.
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { countSudokuSolutions, formatSudoku, parseSudoku, solveSudoku, solveSudokuBatch, type SudokuBatchResult } from '../src/index.js';
import { setSudokuWasmEnabled } from '../src/sudoku-wasm.js';
import { prop } from './reference.js';
import * as dist from '../dist/index.js';
import { FIXTURES } from './fixtures.js';

afterEach(() => setSudokuWasmEnabled(true));
afterAll(() => dist.endIdleWorkers());

/** One line of a batch: a puzzle from the fixtures, one with random clues, or a bad line. */
const lineArb = fc.oneof(
  fc.constantFrom(...FIXTURES),
  fc
    .array(fc.tuple(fc.nat(80), fc.integer({ min: 1, max: 9 })), { maxLength: 25 })
    .map((draws) => {
      const cells = new Array<string>(81).fill('.');
      for (const [cell, digit] of draws) cells[cell] = String(digit);
      return cells.join('');
    }),
  fc.constantFrom('', 'abc', `5 3${'.'.repeat(79)}`, `${'.'.repeat(80)}x`, '.'.repeat(16), `${'1'.repeat(2)}${'.'.repeat(79)}`),
);

/** What the one-puzzle functions say of each line: count, solution, or the error's message. */
function oneByOne(lines: readonly string[], limit: number) {
  return lines.map((line) => {
    try {
      const grid = parseSudoku(line);
      if (grid.size !== 9) return { error: `a Sudoku batch holds 9×9 puzzles; got a ${grid.size}×${grid.size} grid` };
      return { count: countSudokuSolutions(line, limit), solution: solveSudoku(line) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  });
}

/** The batch's answer in the same shape. */
function byIndex(result: SudokuBatchResult) {
  const errors = new Map(result.errors.map((e) => [e.index, e.message]));
  return Array.from({ length: result.puzzles }, (_, i) => {
    const error = errors.get(i);
    if (error !== undefined) return { error };
    const count = result.counts[i]!;
    return { count, solution: count === 0 ? null : formatSudoku(result.solutions!.subarray(81 * i, 81 * i + 81)) };
  });
}

describe('solveSudokuBatch', () => {
  prop([fc.array(lineArb, { maxLength: 12 }), fc.integer({ min: 1, max: 3 }), fc.constantFrom('\n', '\r\n'), fc.boolean()])(
    'a text: per line what countSudokuSolutions and solveSudoku say, bad lines by index',
    (lines, limit, eol, finalBreak) => {
      const text = lines.join(eol) + (finalBreak && lines.length > 0 ? eol : '');
      // A final line break ends the last line and starts none (so a last empty line is no puzzle).
      const cut = text.split(eol);
      if (cut[cut.length - 1] === '') cut.pop();
      const expected = oneByOne(cut, limit);
      const result = solveSudokuBatch(text, { limit });
      expect(byIndex(result)).toEqual(expected);
      setSudokuWasmEnabled(false);
      expect(solveSudokuBatch(text, { limit })).toEqual(result);
    },
  );

  prop([fc.array(fc.oneof(fc.constantFrom(...FIXTURES), fc.constant(`1${'.'.repeat(80)}`)), { maxLength: 6 }), fc.nat(100)])(
    'cells: the same as the text of the same puzzles; a value above 9 is a bad puzzle',
    (lines, poke) => {
      const cells = new Uint8Array(81 * lines.length);
      lines.forEach((line, i) => cells.set(parseSudoku(line).cells, 81 * i));
      const fromText = solveSudokuBatch(lines.join('\n'));
      expect(solveSudokuBatch(cells)).toEqual(fromText);
      if (lines.length > 0) {
        const at = poke % cells.length;
        cells[at] = 10;
        const result = solveSudokuBatch(cells);
        const index = Math.floor(at / 81);
        expect(result.errors).toEqual([{ index, message: expect.stringContaining(`must be 0 (blank) to 9; got 10`) }]);
        expect(result.counts[index]).toBe(0);
        setSudokuWasmEnabled(false);
        expect(solveSudokuBatch(cells)).toEqual(result);
      }
    },
  );

  it('short lines whose next line ends 81 bytes after them: each line its own, not one puzzle of both', () => {
    // Line 1 of length L and line 2 of length 80 - L put a line break 81 bytes after line 1's start.
    for (const length of [0, 1, 40, 79, 80]) {
      for (const eol of ['\n', '\r\n']) {
        const lines = ['1'.repeat(length), '.'.repeat(80 - length), FIXTURES[0]!, `${FIXTURES[1]!.slice(0, 40)}\n${FIXTURES[1]!.slice(41)}`];
        const text = lines.join(eol);
        // The batch breaks lines at each \n, a \r before it dropped.
        const cut = text.split('\n').map((line) => line.replace(/\r$/, ''));
        expect(cut).toHaveLength(5);
        expect(byIndex(solveSudokuBatch(text))).toEqual(oneByOne(cut, 2));
      }
    }
  });

  it('the fixtures: unique, and the solutions solveSudoku gives; counts only with solutions: false', () => {
    const text = `${FIXTURES.join('\n')}\n`;
    const result = solveSudokuBatch(text);
    expect(result.puzzles).toBe(FIXTURES.length);
    expect(result.errors).toEqual([]);
    expect([...result.counts]).toEqual(FIXTURES.map(() => 1));
    FIXTURES.forEach((puzzle, i) => expect(formatSudoku(result.solutions!.subarray(81 * i, 81 * i + 81))).toBe(solveSudoku(puzzle)));
    expect(solveSudokuBatch(text, { solutions: false })).toEqual({ ...result, solutions: null });
  });

  it('on workers: the same result whatever their number, bad lines included', async () => {
    const lines = [...FIXTURES, 'not a puzzle', `${'.'.repeat(80)}1`, ...FIXTURES.slice(0, 7)];
    const text = lines.join('\n');
    const here = solveSudokuBatch(text, { limit: 3 });
    expect(here.errors.map((e) => e.index)).toEqual([FIXTURES.length]);
    for (const workers of [1, 3]) expect(await dist.solveSudokuBatch(text, { limit: 3, workers })).toEqual(here);
    const cells = new Uint8Array(81 * FIXTURES.length);
    FIXTURES.forEach((line, i) => cells.set(parseSudoku(line).cells, 81 * i));
    expect(await dist.solveSudokuBatch(cells, { workers: 2, solutions: false })).toEqual(solveSudokuBatch(cells, { solutions: false }));
    expect(await dist.solveSudokuBatch('', { workers: 2 })).toEqual(solveSudokuBatch(''));
  });

  it('an aborted signal rejects with its reason', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop here'));
    await expect(dist.solveSudokuBatch(FIXTURES.join('\n'), { workers: 2, signal: controller.signal })).rejects.toThrow('stop here');
  });

  it('bad arguments: errors that name the value', async () => {
    expect(() => solveSudokuBatch(42 as unknown as string)).toThrow(TypeError);
    expect(() => solveSudokuBatch(new Uint8Array(80))).toThrow(/81 values per puzzle; got 80/);
    expect(() => solveSudokuBatch('', { limit: 0 })).toThrow(/limit of a Sudoku batch must be a positive integer or Infinity; got 0/);
    expect(() => solveSudokuBatch('', { limit: Infinity })).toThrow(/at most 2147483647; got Infinity/);
    expect(() => solveSudokuBatch('', { solutions: 'yes' as unknown as boolean })).toThrow(/true or false; got 'yes'/);
    await expect(solveSudokuBatch('', { workers: 0 })).rejects.toThrow(/workers must be an integer from 1 to 256; got 0/);
    await expect(solveSudokuBatch('', { workers: '2' as unknown as number })).rejects.toThrow(TypeError);
  });
});
