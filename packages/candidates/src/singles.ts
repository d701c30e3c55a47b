import type { Grid } from './grid.js';
import type { Step } from './step.js';
import { ALL, cellName, LOWEST_DIGIT, POPCOUNT, UNIT_CELLS, unitName } from './tables.js';

/**
 * The full house of unit u: its last empty cell, when that cell can take the one digit the unit lacks, as
 * cell * 16 + digit; else -1. @internal
 */
export function fullHouseOf(values: Uint8Array, candidates: Uint16Array, u: number): number {
  // The unit's one empty cell (-1: none yet, -2: more than one) and the digits placed in it.
  let empty = -1;
  let placed = 0;
  for (let k = u * 9, end = k + 9; k < end; k++) {
    const cell = UNIT_CELLS[k]!;
    const v = values[cell]!;
    if (v) placed |= 1 << (v - 1);
    else if (empty === -1) empty = cell;
    else return -1;
  }
  if (empty < 0) return -1;
  const missing = ALL & ~placed;
  return POPCOUNT[missing] === 1 && (candidates[empty]! & missing) !== 0 ? empty * 16 + LOWEST_DIGIT[missing]! : -1;
}

/** Full house: the last empty cell of a unit takes the one digit the unit lacks. */
export function findFullHouses(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const { values, candidates } = grid;
  for (let u = 0; u < 27 && steps.length < limit; u++) {
    const found = fullHouseOf(values, candidates, u);
    if (found < 0) continue;
    const cell = found >> 4;
    // A cell can be the last of its row, column and box at once: one step for it.
    if (steps.some((step) => step.cells[0] === cell)) continue;
    const digit = found & 15;
    steps.push({
      technique: 'full-house',
      cells: [cell],
      digits: [digit],
      eliminations: [],
      placements: [{ cell, digit }],
      explanation: `Full house: ${cellName(cell)} is the last empty cell of ${unitName(u)}, so it is ${digit}`,
    });
  }
  return steps;
}

/** Naked single: a cell with one candidate left takes it. */
export function findNakedSingles(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const { values, candidates } = grid;
  // Row by row: the cells in order 0..80.
  for (let cell = 0; cell < 81 && steps.length < limit; cell++) {
    const mask = candidates[cell]!;
    if (POPCOUNT[mask] !== 1 || values[cell]) continue;
    const digit = LOWEST_DIGIT[mask]!;
    steps.push({
      technique: 'naked-single',
      cells: [cell],
      digits: [digit],
      eliminations: [],
      placements: [{ cell, digit }],
      explanation: `Naked single: ${digit} is the only candidate left in ${cellName(cell)}`,
    });
  }
  return steps;
}

/** The digits with one place left in unit u, as a mask. @internal */
export function hiddenSinglesOf(values: Uint8Array, candidates: Uint16Array, u: number): number {
  let once = 0;
  let twice = 0;
  let placed = 0;
  for (let k = u * 9, end = k + 9; k < end; k++) {
    const cell = UNIT_CELLS[k]!;
    const v = values[cell]!;
    if (v) {
      placed |= 1 << (v - 1);
      continue;
    }
    const m = candidates[cell]!;
    twice |= once & m;
    once |= m;
  }
  return once & ~twice & ~placed;
}

/** The empty cell of unit u that can hold the digit `bit` (one with one place there: see hiddenSinglesOf). @internal */
export function placeOf(values: Uint8Array, candidates: Uint16Array, u: number, bit: number): number {
  let cell = -1;
  for (let k = u * 9, end = k + 9; k < end; k++) {
    const c = UNIT_CELLS[k]!;
    if (!values[c] && candidates[c]! & bit) cell = c;
  }
  return cell;
}

/** The i-th unit hidden singles are looked for in: boxes first (the usual order of a player's scan), then rows and columns. @internal */
export const hiddenSingleUnit = (i: number): number => (i + 18) % 27;

/** Hidden single: a digit with one place left in a unit goes there. */
export function findHiddenSingles(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const { values, candidates } = grid;
  for (let i = 0; i < 27 && steps.length < limit; i++) {
    const u = hiddenSingleUnit(i);
    let single = hiddenSinglesOf(values, candidates, u);
    while (single && steps.length < limit) {
      const bit = single & -single;
      single &= single - 1;
      const digit = LOWEST_DIGIT[bit]!;
      const cell = placeOf(values, candidates, u, bit);
      // The same placement may be hidden in two units: one step for it.
      if (steps.some((step) => step.cells[0] === cell && step.digits[0] === digit)) continue;
      steps.push({
        technique: 'hidden-single',
        cells: [cell],
        digits: [digit],
        eliminations: [],
        placements: [{ cell, digit }],
        explanation: `Hidden single: ${cellName(cell)} is the only place for ${digit} in ${unitName(u)}`,
      });
    }
  }
  return steps;
}
