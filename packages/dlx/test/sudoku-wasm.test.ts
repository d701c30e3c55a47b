// The 9×9 search in WebAssembly (wasm/sudoku.as.ts) against its TypeScript twin (sudoku-bands.ts, the path where
// WebAssembly is refused) and dancing links: the same counts, solutions and statistics, and the same errors.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { SudokuSolver, countSudokuSolutions, parseSudoku, solveSudoku, solveSudokuBatch } from '../src/index.js';
import { BandSearch } from '../src/sudoku-bands.js';
import { SOLVED } from '../src/sudoku-bitset.js';
import { setSudokuWasmEnabled, sudokuWasm } from '../src/sudoku-wasm.js';
import { FIXTURES } from './fixtures.js';
import { isValidSolution, prop } from './reference.js';

const dlx = new SudokuSolver(9, { method: 'dlx' });
const bands = new BandSearch();

/** The TypeScript search by bands, driven directly: count, first solution, statistics. */
function typescriptSearch(cells: Uint8Array, limit: number) {
  bands.load(cells);
  const out = new Uint8Array(81);
  let found = 0;
  while (found < limit && bands.run() === SOLVED) {
    if (found === 0) bands.writeSolution(out);
    found++;
  }
  return { found, solution: found === 0 ? null : out.join(''), nodes: bands.nodes, updates: bands.updates };
}

/** Any digits in any cells, clashes included (the search takes cells that parseSudoku refuses). */
const cellsArb = (maxClues: number) =>
  fc.array(fc.tuple(fc.nat(80), fc.integer({ min: 1, max: 9 })), { maxLength: maxClues }).map((draws) => {
    const cells = new Uint8Array(81);
    for (const [cell, digit] of draws) cells[cell] = digit;
    return cells;
  });

/** What a call returns or the message it throws. */
function outcome<T>(f: () => T): { value: T } | { error: string } {
  try {
    return { value: f() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

afterEach(() => setSudokuWasmEnabled(true));

describe('the 9×9 search in WebAssembly', () => {
  it('is available in Node', () => {
    expect(sudokuWasm()).not.toBeNull();
  });

  prop([cellsArb(30), fc.integer({ min: 1, max: 3 })])('random clues: the same count, solution and statistics as the TypeScript search', (cells, limit) => {
    const solver = new SudokuSolver(9);
    const out = new Uint8Array(81);
    const found = solver.search(cells, limit, out);
    const theirs = typescriptSearch(cells, limit);
    expect(found).toBe(theirs.found);
    if (found > 0) expect(out.join('')).toBe(theirs.solution);
    expect(solver.lastStats).toMatchObject({ solutions: found, nodes: theirs.nodes, updates: theirs.updates, complete: found < limit });
  });

  // Random clues mostly clash or contradict; clues kept from a solved grid have solutions, often many, and take
  // the search deep, through the module's digit updates, placements, triads and both kinds of branch.
  prop([
    fc.nat(FIXTURES.length - 1),
    fc.array(fc.nat(99), { minLength: 81, maxLength: 81 }),
    fc.integer({ min: 15, max: 45 }),
    fc.integer({ min: 1, max: 3 }),
  ])(
    'clues kept from a solved grid: the same count, first solution and statistics as the TypeScript search',
    (which, draws, percent, limit) => {
      const grid = solveSudoku(FIXTURES[which]!)!;
      const cells = Uint8Array.from(draws, (draw, k) => (draw < percent ? Number(grid[k]) : 0));
      const solver = new SudokuSolver(9);
      const out = new Uint8Array(81);
      const found = solver.search(cells, limit, out);
      const theirs = typescriptSearch(cells, limit);
      expect(found).toBeGreaterThan(0);
      expect(found).toBe(theirs.found);
      expect(out.join('')).toBe(theirs.solution);
      expect(solver.lastStats).toMatchObject({ solutions: found, nodes: theirs.nodes, updates: theirs.updates, complete: found < limit });
    },
  );

  it('the fixtures: one solution each, as dancing links finds it, and the same nodes as the TypeScript search', () => {
    const solver = new SudokuSolver(9);
    for (const puzzle of FIXTURES) {
      const cells = parseSudoku(puzzle).cells;
      const out = new Uint8Array(81);
      const theirs = new Uint8Array(81);
      expect(solver.search(cells, 2, out), puzzle).toBe(1);
      expect(dlx.search(cells, 2, theirs)).toBe(1);
      expect(out).toEqual(theirs);
      expect(solver.lastStats.nodes).toBe(typescriptSearch(cells, 2).nodes);
      expect(countSudokuSolutions(puzzle)).toBe(1);
      expect(solveSudoku(puzzle)).toBe(Array.from(theirs).join(''));
    }
  });

  prop([cellsArb(25), fc.integer({ min: 1, max: 4 })])(
    'countSudokuSolutions and solveSudoku: the same answers and errors with WebAssembly refused',
    (cells, limit) => {
      const puzzle = Array.from(cells, (v) => (v === 0 ? '.' : String(v))).join('');
      const withWasm = [outcome(() => countSudokuSolutions(puzzle, limit)), outcome(() => solveSudoku(puzzle))];
      setSudokuWasmEnabled(false);
      const without = [outcome(() => countSudokuSolutions(puzzle, limit)), outcome(() => solveSudoku(puzzle))];
      setSudokuWasmEnabled(true);
      expect(withWasm).toEqual(without);
      const solution = withWasm[1]!;
      if ('value' in solution && solution.value !== null) expect(isValidSolution(puzzle, solution.value as string)).toBe(true);
    },
  );

  prop([fc.string({ unit: fc.constantFrom('1', '5', '9', '.', '0', ' ', 'a', 'A', '\n', 'é', '\u0131', '\u0135', '\uD83D'), minLength: 79, maxLength: 83 })])(
    'any 79 to 83 characters: the one-call reader answers or throws exactly as the parser does',
    (text) => {
      const fast = [outcome(() => countSudokuSolutions(text)), outcome(() => solveSudoku(text))];
      setSudokuWasmEnabled(false);
      const slow = [outcome(() => countSudokuSolutions(text)), outcome(() => solveSudoku(text))];
      expect(fast).toEqual(slow);
    },
  );

  it('a character whose low byte is a digit is a bad cell, not that digit', () => {
    // U+0135 and U+0131 end in the bytes 0x35 ('5') and 0x31 ('1').
    const puzzle = `\u0135${FIXTURES[0]!.slice(1)}`;
    expect(() => countSudokuSolutions(puzzle)).toThrow(/bad character 'ĵ' at cell 1/);
  });

  it('clues that clash: an error naming them from the one-call functions, none found by SudokuSolver.search', () => {
    const puzzle = `55${'.'.repeat(79)}`;
    expect(() => countSudokuSolutions(puzzle)).toThrow(/5 appears twice in row 1/);
    expect(() => solveSudoku(puzzle)).toThrow(/5 appears twice in row 1/);
    const cells = new Uint8Array(81);
    cells[0] = 5;
    cells[1] = 5;
    const solver = new SudokuSolver(9);
    expect(solver.search(cells, 2)).toBe(0);
    expect(solver.lastStats).toMatchObject({ solutions: 0, nodes: 1, complete: true, stoppedBy: null });
  });

  it('a clash in a row, a column or a box of an otherwise unique puzzle: the error, not a count (the one-call functions and the batch)', () => {
    const solution = solveSudoku(FIXTURES[0]!)!;
    // A clue copied into a blank of its row, its column or its box: every such puzzle says which digit clashes where.
    const blanks = [...FIXTURES[0]!].flatMap((ch, k) => (ch === '.' || ch === '0' ? [k] : []));
    let tried = 0;
    for (const kind of ['row', 'column', 'box'] as const) {
      for (const k of blanks) {
        const r = Math.floor(k / 9);
        const c = k % 9;
        const peer = [...FIXTURES[0]!].findIndex((ch, j) => {
          if (ch === '.' || ch === '0' || j === k) return false;
          const rj = Math.floor(j / 9);
          const cj = j % 9;
          if (kind === 'row') return rj === r;
          if (kind === 'column') return cj === c;
          return Math.floor(rj / 3) === Math.floor(r / 3) && Math.floor(cj / 3) === Math.floor(c / 3) && rj !== r && cj !== c;
        });
        if (peer < 0 || FIXTURES[0]![peer] === solution[k]) continue;
        const puzzle = `${FIXTURES[0]!.slice(0, k)}${FIXTURES[0]![peer]}${FIXTURES[0]!.slice(k + 1)}`;
        const digit = FIXTURES[0]![peer]!;
        expect(() => countSudokuSolutions(puzzle), `${kind} ${k}`).toThrow(new RegExp(`${digit} appears twice in ${kind}`));
        const batch = solveSudokuBatch(puzzle);
        expect(batch.errors.map((e) => e.index)).toEqual([0]);
        expect(batch.errors[0]!.message).toMatch(new RegExp(`${digit} appears twice in ${kind}`));
        tried++;
        break;
      }
    }
    expect(tried).toBe(3);
  });

  it('limits beyond a 32-bit count go to the TypeScript search, with the same answer', () => {
    const nearlyFull = `${solveSudoku('.'.repeat(81))!.slice(0, 60)}${'.'.repeat(21)}`;
    const big = countSudokuSolutions(nearlyFull, 2 ** 40);
    expect(big).toBe(countSudokuSolutions(nearlyFull, 1000));
    expect(big).toBeGreaterThan(0);
    // A limit that is not an integer counts as the TypeScript search counts it (up to the next integer).
    const cells = parseSudoku(`${nearlyFull.slice(0, 36)}${'.'.repeat(45)}`).cells;
    expect(new SudokuSolver(9).search(cells, 2.5)).toBe(typescriptSearch(cells, 2.5).found);
    expect(typescriptSearch(cells, 2.5).found).toBe(3);
  });
});
