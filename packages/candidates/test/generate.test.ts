import { countSudokuSolutions } from '@puzzles/dlx';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainPuzzle, generatePuzzle, generatePuzzles, GenerationError, ratePath, solveLogically, SYMMETRIES, type Symmetry } from '../src/index.js';
import { levelTechniques, symmetryOrbits } from '../src/generate.js';
import { OFF_BY_DEFAULT } from '../src/solver.js';
import { countSolutions, forcedByClues, randomFullGrid } from '../src/sudoku-search.js';
import { seededWords } from '@puzzles/kit/random';

const cellsOf = (puzzle: string): number[] => [...puzzle].map((ch) => (ch === '.' ? 0 : Number(ch)));

/** The image of a cell under each symmetry's generators, written out plainly (row r, column c). */
const IMAGES: Record<Symmetry, ((r: number, c: number) => [number, number])[]> = {
  none: [],
  rotational: [(r, c) => [8 - r, 8 - c]],
  'rotational-90': [(r, c) => [c, 8 - r]],
  diagonal: [(r, c) => [c, r]],
  'anti-diagonal': [(r, c) => [8 - c, 8 - r]],
  'both-diagonals': [(r, c) => [c, r], (r, c) => [8 - c, 8 - r]],
  horizontal: [(r, c) => [8 - r, c]],
  vertical: [(r, c) => [r, 8 - c]],
  'both-mirrors': [(r, c) => [8 - r, c], (r, c) => [r, 8 - c]],
  full: [(r, c) => [c, 8 - r], (r, c) => [c, r], (r, c) => [8 - r, 8 - c], (r, c) => [8 - c, 8 - r]],
};

function isSymmetric(puzzle: string, symmetry: Symmetry): boolean {
  for (let cell = 0; cell < 81; cell++) {
    if (puzzle[cell] === '.') continue;
    for (const image of IMAGES[symmetry]) {
      const [r, c] = image(Math.floor(cell / 9), cell % 9);
      if (puzzle[r * 9 + c] === '.') return false;
    }
  }
  return true;
}

function isMinimal(puzzle: string): boolean {
  for (let cell = 0; cell < 81; cell++) {
    if (puzzle[cell] === '.') continue;
    if (countSudokuSolutions(puzzle.slice(0, cell) + '.' + puzzle.slice(cell + 1), 2) < 2) return false;
  }
  return true;
}

describe('the search behind generation agrees with @puzzles/dlx', () => {
  it('counts solutions (limit 2) as dlx does, on random puzzles with clues removed', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 17, max: 70 }), (seed, keep) => {
        const word = seededWords(seed);
        const full = randomFullGrid(word);
        const cells = Array.from(full);
        const order = [...Array(81).keys()].sort((a, b) => ((a * 7919 + seed) % 81) - ((b * 7919 + seed) % 81));
        for (const cell of order.slice(keep)) cells[cell] = 0;
        const text = cells.map((d) => (d ? String(d) : '.')).join('');
        expect(countSolutions(cells, 2)).toBe(countSudokuSolutions(text, 2));
      }),
      { numRuns: 40 },
    );
  });

  it('a digit the clues force into a cell is in every solution there, and most single clues of a full grid are forced', () => {
    let forced = 0;
    let asked = 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 17, max: 60 }), fc.nat(80), fc.integer({ min: 1, max: 9 }), (seed, keep, cellSeed, digit) => {
        const full = randomFullGrid(seededWords(seed));
        const cells = Array.from(full);
        const order = [...Array(81).keys()].sort((a, b) => ((a * 7919 + seed) % 81) - ((b * 7919 + seed) % 81));
        for (const cell of order.slice(keep)) cells[cell] = 0;
        const empty = order.slice(keep);
        const cell = empty[cellSeed % empty.length]!;
        for (const d of [digit, full[cell]!]) {
          asked++;
          if (!forcedByClues(cells, cell, d)) continue;
          forced++;
          // Forced: no solution has another digit in the cell.
          expect(countSolutions(cells, 1, cell, d)).toBe(0);
        }
      }),
      { numRuns: 200 },
    );
    // The check must also say yes, or it would be useless: a full grid less one clue always forces it back.
    const full = randomFullGrid(seededWords(5));
    for (let cell = 0; cell < 81; cell++) {
      const cells = Array.from(full);
      cells[cell] = 0;
      expect(forcedByClues(cells, cell, full[cell]!)).toBe(true);
    }
    expect(forced).toBeGreaterThan(0);
    expect(asked).toBe(400);
  });

  it('fills a valid full grid, and the same words give the same grid', () => {
    for (const seed of [1, 2, 'x']) {
      const grid = randomFullGrid(seededWords(seed));
      expect(countSudokuSolutions(Array.from(grid).join(''), 2)).toBe(1);
      expect(randomFullGrid(seededWords(seed))).toEqual(grid);
    }
  });

  it('orbits partition the 81 cells for every symmetry', () => {
    for (const symmetry of SYMMETRIES) {
      const cells = symmetryOrbits(symmetry).flat().sort((a, b) => a - b);
      expect(cells).toEqual([...Array(81).keys()]);
    }
  });
});

describe('generatePuzzle', () => {
  it('gives a puzzle with one solution (dlx), its solution, and the rating explainPuzzle gives it', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom('Easy', 'Medium', 'Hard') as fc.Arbitrary<'Easy' | 'Medium' | 'Hard'>, (seed, level) => {
        const { puzzle, solution, rating, clues } = generatePuzzle({ level, seed });
        expect(puzzle).toMatch(/^[1-9.]{81}$/);
        expect(countSudokuSolutions(puzzle, 2)).toBe(1);
        expect(explainPuzzle(puzzle).verification.solution).toBe(solution);
        expect(explainPuzzle(puzzle).rating).toEqual(rating);
        expect(rating.level).toBe(level);
        expect(solveLogically(puzzle).solved).toBe(true);
        expect(clues).toBe([...puzzle].filter((ch) => ch !== '.').length);
      }),
      { numRuns: 12 },
    );
  });

  it("an Extreme puzzle's rating, made when first read, is explainPuzzle's: an own enumerable property, kept, in JSON and clones", () => {
    const made = [...generatePuzzles({ level: 'Extreme', count: 2, seed: 3 })];
    for (const p of made) {
      expect(Object.keys(p)).toEqual(['puzzle', 'solution', 'clues', 'rating']);
      const rating = p.rating;
      expect(rating).toEqual(explainPuzzle(p.puzzle).rating);
      expect(rating.level).toBe('Extreme');
      // Made once, then the same object.
      expect(p.rating).toBe(rating);
      expect(JSON.parse(JSON.stringify(p))).toEqual({ puzzle: p.puzzle, solution: p.solution, clues: p.clues, rating });
      expect(structuredClone(p)).toEqual({ puzzle: p.puzzle, solution: p.solution, clues: p.clues, rating });
    }
  });

  it('keeps every clue’s mirror a clue, for each symmetry', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...SYMMETRIES), (seed, symmetry) => {
        const { puzzle } = generatePuzzle({ seed, symmetry });
        expect(countSudokuSolutions(puzzle, 2)).toBe(1);
        expect(isSymmetric(puzzle, symmetry)).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  it('minimal: removing any clue gives two solutions or more, with or without symmetry', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom<Symmetry>('none', 'rotational', 'diagonal'), (seed, symmetry) => {
        const { puzzle } = generatePuzzle({ seed, symmetry, minimal: true });
        expect(isMinimal(puzzle)).toBe(true);
        expect(isSymmetric(puzzle, symmetry)).toBe(true);
      }),
      { numRuns: 6 },
    );
  });

  it('keeps the clue count in range, and a non-minimal range gives non-minimal puzzles', () => {
    const { puzzle, clues } = generatePuzzle({ seed: 3, clues: [34, 36] });
    expect(clues).toBeGreaterThanOrEqual(34);
    expect(clues).toBeLessThanOrEqual(36);
    expect(countSudokuSolutions(puzzle, 2)).toBe(1);
    expect(isMinimal(puzzle)).toBe(false);
  });

  it('meets a score range and a required technique', () => {
    const scored = generatePuzzle({ seed: 5, score: [900, 1400] });
    expect(scored.rating.score).toBeGreaterThanOrEqual(900);
    expect(scored.rating.score).toBeLessThanOrEqual(1400);
    expect(explainPuzzle(scored.puzzle).rating.score).toBe(scored.rating.score);
    const wing = generatePuzzle({ seed: 5, requires: 'x-wing' });
    expect(explainPuzzle(wing.puzzle).rating.hardest).toBe('x-wing');
  });

  it('the same seed gives the same puzzles; another seed others', () => {
    const a = [...generatePuzzles({ seed: 'repro', level: 'Medium', symmetry: 'rotational', count: 3 })];
    const b = [...generatePuzzles({ seed: 'repro', level: 'Medium', symmetry: 'rotational', count: 3 })];
    expect(a).toEqual(b);
    expect(new Set(a.map((p) => p.puzzle)).size).toBe(3);
    expect(generatePuzzle({ seed: 'other', level: 'Medium' }).puzzle).not.toBe(a[0]!.puzzle);
  });

  it('takes an injected random generator', () => {
    let x = 0.5;
    const random = (): number => (x = (x * 9301 + 49297) % 233280 / 233280);
    expect(countSudokuSolutions(generatePuzzle({ random }).puzzle, 2)).toBe(1);
  });

  it('an exhausted budget is a GenerationError that says what and how many attempts', () => {
    // Puzzles with 60 clues or more are never beyond singles, let alone Extreme.
    expect(() => generatePuzzle({ level: 'Extreme', clues: [60, 81], seed: 1, attempts: 3 })).toThrow(GenerationError);
    expect(() => generatePuzzle({ level: 'Extreme', clues: [60, 81], seed: 1, attempts: 3 })).toThrow('no Extreme puzzle in 3 attempts');
    expect(() => generatePuzzle({ level: 'Easy', clues: [17, 18], seed: 1, attempts: 2 })).toThrow(/no Easy puzzle in 2 attempts/);
  });

  it('stops on an aborted signal and says so', () => {
    const controller = new AbortController();
    controller.abort();
    const generator = generatePuzzles({ signal: controller.signal, seed: 1 });
    expect([...generator]).toEqual([]);
    expect(generator.stopReason).toBe('aborted');
    expect(() => generatePuzzle({ signal: controller.signal })).toThrow(/before it was aborted/);
  });

  it('takes the hardest state that fits on a removal path, not the first (an Easy puzzle halfway along has some 50 clues)', () => {
    for (const level of ['Easy', 'Medium', 'Hard'] as const) {
      const clues = [...generatePuzzles({ level, count: 12, seed: 'clues' })].map((p) => p.clues).sort((a, b) => a - b);
      // Stopping at the first fit of a bisection gave Easy puzzles of 51 to 55 clues, most of them.
      expect(clues[6], `${level}: ${clues.join(' ')}`).toBeLessThanOrEqual(32);
    }
  });

  it('generatePuzzles ends at count and counts its attempts', () => {
    const generator = generatePuzzles({ seed: 9, count: 2 });
    expect([...generator]).toHaveLength(2);
    expect(generator.stopReason).toBe('count');
    expect(generator.attempts).toBeGreaterThanOrEqual(2);
  });

  it.each([
    [{ level: 'Impossible' }, /level must be one of Easy, Medium, Hard, Unfair, Extreme; got 'Impossible'/],
    [{ clues: [10, 5] }, /clues must be \[min, max\].*got \[10, 5\]/],
    [{ clues: [30, 25] }, /clues .*got \[30, 25\]/],
    [{ minimal: true, clues: [45, 60] }, /minimal puzzles have at most 40 clues.*\[45, 60\]/],
    [{ symmetry: 'spiral' }, /symmetry must be one of .*; got 'spiral'/],
    [{ requires: 'guessing' }, /requires must be one of the technique names.*got 'guessing'/],
    [{ score: [500] }, /score must be \[min, max\]/],
    [{ level: 'Easy', score: [1, 2] }, /at most one of level, score and requires/],
    [{ attempts: 0 }, /attempts must be a positive integer; got 0/],
  ])('bad options %j are a RangeError naming the value', (options, message) => {
    expect(() => generatePuzzle(options as never)).toThrow(RangeError);
    expect(() => generatePuzzle(options as never)).toThrow(message);
    expect(() => generatePuzzles(options as never)).toThrow(message);
  });

  it('bad types are TypeErrors', () => {
    expect(() => generatePuzzle({ minimal: 'yes' } as never)).toThrow(TypeError);
    expect(() => generatePuzzle({ random: 3 } as never)).toThrow(TypeError);
    expect(() => generatePuzzle(7 as never)).toThrow(TypeError);
  });
});

describe('levels are checked with the full solver\'s techniques', () => {
  it('no level check uses a technique the full solver leaves out (death blossoms, mutant fish, templates)', () => {
    for (const level of ['Easy', 'Medium', 'Hard', 'Unfair'] as const) {
      expect(levelTechniques(level).filter((t) => OFF_BY_DEFAULT.has(t)), level).toEqual([]);
    }
  });

  it('a puzzle the full solver rates Extreme is not taken for Unfair (with a death blossom the limited path solved it)', () => {
    const puzzle = '..2....7.1....74..9.73....6.2....147.1..3.2......7..........3...86.9...15.....92.';
    expect(explainPuzzle(puzzle).rating.level).toBe('Extreme');
    const limited = solveLogically(puzzle, { techniques: levelTechniques('Unfair') });
    expect(ratePath(limited.steps, limited.solved).level).not.toBe('Unfair');
  });

  it('requires a technique the full solver leaves out is a RangeError naming it', () => {
    expect(() => generatePuzzle({ requires: 'death-blossom', seed: 1 })).toThrow(/requires 'death-blossom'.*leaves that technique out/);
  });
});
