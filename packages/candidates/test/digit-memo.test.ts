// The searches of one digit's patterns skip the digits their memo knows to hold nothing (digit-memo.ts), and hidden
// subsets the units (unit-memo.ts): they must find exactly what a search with nothing known finds, whatever states the
// memo saw before.
import { describe, expect, it } from 'vitest';
import { digitCells, DigitMemo } from '../src/digit-memo.js';
import { parseGivens } from '../src/formats.js';
import { Grid } from '../src/grid.js';
import { solveLogically } from '../src/solver.js';
import type { TechniqueName } from '../src/step.js';
import { findSteps } from '../src/techniques.js';
import { UnitMemo } from '../src/unit-memo.js';
import { randomPuzzle } from './reference.js';

// Puzzles whose paths get stuck before forcing chains (so every search runs on states where it finds nothing).
const HARD = [
  '..3..78..6............5.34...7.8......9..1......2.4.675.....7...4.9...5.7...48..2',
  '..52...1...9..6..3.3.....2.2..3.96...7.48.....9...........2.147.....8.5...49.....',
];

/** Each digit's cells as three 27-bit words, the plain way. */
function plainCells(candidates: Uint16Array): number[] {
  const out = new Array<number>(27).fill(0);
  for (let cell = 0; cell < 81; cell++) for (let d = 0; d < 9; d++) if (candidates[cell]! & (1 << d)) out[d * 3 + Math.floor(cell / 27)]! |= 1 << cell % 27;
  return out;
}

/** The grids along the full solver's path of a puzzle: the start and the state after each step. */
function statesOf(puzzle: string): Grid[] {
  const grid = parseGivens(puzzle);
  const states = [grid.clone()];
  for (const step of solveLogically(puzzle).steps) {
    grid.apply(step);
    states.push(grid.clone());
  }
  return states;
}

describe('the memos of the single-digit and hidden-subset searches', () => {
  it('digitCells gives each digit its cells, and sees a change of the same candidates', () => {
    for (const seed of [1, 2, 3]) {
      const grid = parseGivens(randomPuzzle(seed, 24).puzzle);
      expect([...digitCells(grid.candidates)]).toEqual(plainCells(grid.candidates));
      const cell = grid.candidates.findIndex((m) => m !== 0);
      grid.eliminate(cell, 32 - Math.clz32(grid.candidates[cell]! & -grid.candidates[cell]!));
      expect([...digitCells(grid.candidates)]).toEqual(plainCells(grid.candidates));
    }
  });

  it('asks for every digit until a search found nothing, then only for the digits whose cells changed', () => {
    const memo = new DigitMemo();
    const grid = parseGivens(HARD[0]!);
    expect(memo.digits(grid.candidates)).toBe(511);
    memo.searched(false);
    expect(memo.digits(grid.candidates)).toBe(0);
    const cell = grid.candidates.findIndex((m) => (m & (1 << 4)) !== 0);
    grid.eliminate(cell, 5);
    expect(memo.digits(grid.candidates)).toBe(1 << 4);
    // A search that found something may have stopped before some digits: every digit again.
    memo.searched(true);
    expect(memo.digits(grid.candidates)).toBe(511);
  });

  it('asks for every unit until a search found nothing, then only for the units whose cells changed', () => {
    const memo = new UnitMemo();
    const grid = parseGivens(HARD[0]!);
    expect(memo.units(grid.values, grid.candidates)).toBe((1 << 27) - 1);
    memo.searched(false);
    expect(memo.units(grid.values, grid.candidates)).toBe(0);
    // r1c1 (cell 0) is in row 1, column 1 and box 1: units 0, 9 and 18.
    grid.eliminate(0, 32 - Math.clz32(grid.candidates[0]! & -grid.candidates[0]!));
    expect(memo.units(grid.values, grid.candidates)).toBe((1 << 0) | (1 << 9) | (1 << 18));
    memo.searched(true);
    expect(memo.units(grid.values, grid.candidates)).toBe((1 << 27) - 1);
  });

  it('each search finds along solving paths what it finds with nothing known', () => {
    const techniques: TechniqueName[] = [
      'x-wing', 'swordfish', 'jellyfish', 'skyscraper', 'two-string-kite', 'turbot-fish', 'empty-rectangle', 'simple-coloring',
      'finned-x-wing', 'sashimi-x-wing', 'finned-swordfish', 'sashimi-swordfish', 'finned-jellyfish', 'sashimi-jellyfish',
      'multi-coloring', 'x-chain', 'franken-x-wing', 'finned-franken-x-wing', 'hidden-pair', 'hidden-triple', 'hidden-quad',
    ];
    // Every digit and unit of a blank grid differs from those of a puzzle's state: a search there leaves its memo
    // nothing that holds on the state searched next.
    const blank = new Grid();
    let found = 0;
    let states = 0;
    for (const puzzle of HARD) {
      const whole = statesOf(puzzle);
      for (const technique of techniques) {
        // The slower franken fish on every other state.
        const path = technique.includes('franken') ? whole.filter((_, i) => i % 2 === 0) : whole;
        // In path order (the memo carries what it knew from one state to the next), as the solver asks (limit 1) and all.
        const along = path.map((g) => JSON.stringify([findSteps(g, technique, 1), findSteps(g, technique)]));
        for (let i = 0; i < path.length; i += technique.includes('franken') ? 3 : 1) {
          findSteps(blank, technique);
          const alone = JSON.stringify([findSteps(path[i]!, technique, 1), findSteps(path[i]!, technique)]);
          expect(along[i], `${technique} at step ${i} of ${puzzle}`).toBe(alone);
          if (alone !== '[[],[]]') found++;
          states++;
        }
      }
    }
    // The paths hold states where the searches find something and states where they find nothing.
    expect(found).toBeGreaterThan(20);
    expect(states - found).toBeGreaterThan(states / 2);
  });
});
