import { describe, expect, it } from 'vitest';
import {
  PENTOMINOES,
  cellsOfPicture,
  count,
  formatPacking,
  orientations,
  packingProblem,
  pentominoProblem,
  rectangle,
  solutions,
} from '../src/index.js';
import { expectError } from './reference.js';

// The example of the Lisp blog post on Dancing Links Sudoku: an L, a big square and a small square into a 3×3 square, without rotating.
const SEED_PIECES = [
  { name: 'L', cells: '###\n#..' },
  { name: 'B', cells: '##\n##' },
  { name: 'S', cells: '#' },
];

describe('packingProblem', () => {
  it('builds the 15 options of the blog post, and its rows 1, 6 and 13 (1-based) solve it', () => {
    const problem = packingProblem({ board: rectangle(3, 3), pieces: SEED_PIECES, rotate: false, reflect: false });
    expect(problem.optionCount).toBe(15);
    expect(problem.primary).toEqual(['r0c0', 'r0c1', 'r0c2', 'r1c0', 'r1c1', 'r1c2', 'r2c0', 'r2c1', 'r2c2', 'L', 'B', 'S']);
    // The blog post's matrix, row by row: 1) L in top/middle row ... 15) small square bottom right.
    expect(problem.optionText(0)).toBe('r0c0 r0c1 r0c2 r1c0 L');
    expect(problem.optionText(1)).toBe('r1c0 r1c1 r1c2 r2c0 L');
    expect(problem.optionText(5)).toBe('r1c1 r1c2 r2c1 r2c2 B');
    expect(problem.optionText(12)).toBe('r2c0 S');
    const all = [...solutions(problem)];
    expect(all.map((s) => s.options.map((o) => o + 1))).toEqual([[1, 6, 13]]);
    expect(formatPacking(rectangle(3, 3), all[0]!.data)).toBe('LLL\nLBB\nSBB');
  });

  it('with rotations and reflections the 3×3 example has more solutions', () => {
    const problem = packingProblem({ board: rectangle(3, 3), pieces: SEED_PIECES });
    // L has 8 orientations; the big square 1. Solutions: the L in any of the 4 corners' ways: count by hand = 8.
    expect(count(problem).solutions).toBe(8);
  });

  it('pentominoes: 63 orientations in all, 8 ways on 3×20, 520 on the 8×8 board with a 2×2 hole', () => {
    expect(PENTOMINOES.map((p) => orientations(cellsOfPicture(p.cells as string)).length)).toEqual([8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
    expect(count(pentominoProblem(3, 20)).solutions).toBe(8);
    const holed = '########\n########\n########\n###  ###\n###..###\n########\n########\n########';
    expect(count(packingProblem({ board: holed, pieces: PENTOMINOES })).solutions).toBe(520);
  });

  it('6×10 pentominoes: 2339 solutions with the X piece restricted by symmetry', { timeout: 60_000 }, () => {
    const problem = pentominoProblem(6, 10, { breakSymmetry: true });
    // The X piece keeps the placements with its centre in the upper-left quarter: 2 rows × 4 columns.
    expect(problem.data.filter((p) => p.piece === 'X')).toHaveLength(8);
    expect(count(problem)).toMatchObject({ solutions: 2339, complete: true });
  });

  it('each solution covers the board once with every piece', () => {
    for (const solution of solutions(pentominoProblem(3, 20))) {
      const cells = solution.data.flatMap((p) => p.cells.map(([r, c]) => `${r},${c}`));
      expect(new Set(cells).size).toBe(60);
      expect(solution.data.map((p) => p.piece).sort()).toEqual([...'FILNPTUVWXYZ']);
    }
  });

  it('fill: false lets board cells stay empty', () => {
    const problem = packingProblem({ board: rectangle(2, 2), pieces: [{ name: 'D', cells: [[0, 0], [0, 1]] }], fill: false });
    expect(problem.secondary).toHaveLength(4);
    expect(count(problem).solutions).toBe(4);
    expect(count(packingProblem({ board: rectangle(2, 2), pieces: [{ name: 'D', cells: '##' }] })).solutions).toBe(0);
  });

  it('refuses bad pieces, boards and symmetry requests', () => {
    expectError(() => packingProblem({ board: [], pieces: [] }), RangeError, /board has no cells/);
    expectError(() => packingProblem({ board: '##', pieces: [{ name: 'a b', cells: '#' }] }), RangeError, /piece 0 needs a name/);
    expectError(() => packingProblem({ board: '##', pieces: [{ name: 'a', cells: '#' }, { name: 'a', cells: '#' }] }), RangeError, /used twice/);
    expectError(() => packingProblem({ board: [[0, 0], [0, 0]], pieces: [] }), RangeError, /lists cell \[0, 0\] twice/);
    expectError(() => packingProblem({ board: [[0, 0.5]] as never, pieces: [] }), TypeError, /must be \[row, column\] with integers/);
    expectError(() => packingProblem({ board: '#', pieces: [{ name: 'a', cells: '' }] }), RangeError, /at least one cell/);
    expectError(() => packingProblem({ board: '#', pieces: [], breakSymmetry: 'X' }), RangeError, /breakSymmetry names no piece/);
    expectError(() => pentominoProblem(3, 20, { breakSymmetry: true }), RangeError, /symmetric under a board symmetry/);
    expectError(
      () => packingProblem({ board: rectangle(2, 3), pieces: [{ name: 'L', cells: '##\n#.', rotate: false }, { name: 'M', cells: '#' }], breakSymmetry: 'M' }),
      RangeError,
      /not symmetric/,
    );
    expectError(() => rectangle(0, 3), RangeError, /rows must be an integer from 1 to 1000; got 0/);
  });

  it('breaks symmetry on a board of one row (whose reflection across the row moves no cell)', () => {
    const pieces = [
      { name: 'I', cells: '#####' },
      { name: 'D', cells: '##' },
    ];
    expect(count(packingProblem({ board: rectangle(1, 7), pieces })).solutions).toBe(2);
    const reduced = packingProblem({ board: rectangle(1, 7), pieces, breakSymmetry: 'D' });
    expect(count(reduced).solutions).toBe(1);
    // A placement that the end-to-end turn really maps onto itself is still refused.
    expectError(() => packingProblem({ board: rectangle(1, 5), pieces: [{ name: 'I', cells: '#####' }], breakSymmetry: 'I' }), RangeError, /symmetric/);
  });

  it('draws placements', () => {
    expect(formatPacking('###\n# #', [{ piece: 'Vee', cells: [[0, 0], [1, 0], [0, 1]] }])).toBe('VV.\nV .');
    expectError(() => formatPacking('###', null as never), TypeError, /placements must be an array .*; got null/);
  });
});

describe('boards and pieces', () => {
  it('cellsOfPicture reads any character but space and . as a cell', () => {
    expect(cellsOfPicture('#.x\n  o')).toEqual([
      [0, 0],
      [0, 2],
      [1, 2],
    ]);
    expect(cellsOfPicture('')).toEqual([]);
  });

  it('rectangle lists cells row by row', () => {
    expect(rectangle(2, 2)).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);
  });

  it('orientations honours rotate and reflect', () => {
    const l = cellsOfPicture('###\n#..');
    expect(orientations(l)).toHaveLength(8);
    expect(orientations(l, { reflect: false })).toHaveLength(4);
    expect(orientations(l, { rotate: false })).toHaveLength(2);
    expect(orientations(l, { rotate: false, reflect: false })).toEqual([l]);
    expect(orientations([[5, 5]])).toEqual([[[0, 0]]]);
  });
});
