import type { Grid } from './grid.js';
import type { Step } from './step.js';
import { ALL, cellName, LOWEST_DIGIT, POPCOUNT, UNIT_CELLS, unitName } from './tables.js';

/** Full house: the last empty cell of a unit takes the one digit the unit lacks. */
export function findFullHouses(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const { values, candidates } = grid;
  let done = 0n;
  for (let u = 0; u < 27 && steps.length < limit; u++) {
    let empty = -1;
    let emptyCount = 0;
    let placed = 0;
    for (let k = 0; k < 9; k++) {
      const cell = UNIT_CELLS[u * 9 + k]!;
      const v = values[cell]!;
      if (v) placed |= 1 << (v - 1);
      else {
        empty = cell;
        emptyCount++;
      }
    }
    if (emptyCount !== 1) continue;
    const missing = ALL & ~placed;
    if (POPCOUNT[missing] !== 1 || (candidates[empty]! & missing) === 0) continue;
    const bit = 1n << BigInt(empty);
    if (done & bit) continue;
    done |= bit;
    const digit = LOWEST_DIGIT[missing]!;
    steps.push({
      technique: 'full-house',
      cells: [empty],
      digits: [digit],
      eliminations: [],
      placements: [{ cell: empty, digit }],
      explanation: `Full house: ${cellName(empty)} is the last empty cell of ${unitName(u)}, so it is ${digit}`,
    });
  }
  return steps;
}

/** Naked single: a cell with one candidate left takes it. */
export function findNakedSingles(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const { values, candidates } = grid;
  for (let cell = 0; cell < 81 && steps.length < limit; cell++) {
    if (values[cell]) continue;
    const mask = candidates[cell]!;
    if (POPCOUNT[mask] !== 1) continue;
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

/** Hidden single: a digit with one place left in a unit goes there. */
export function findHiddenSingles(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const { values, candidates } = grid;
  const seen = new Set<number>();
  // Boxes first (the usual order of a player's scan), then rows and columns.
  for (let i = 0; i < 27 && steps.length < limit; i++) {
    const u = (i + 18) % 27;
    let once = 0;
    let twice = 0;
    let placed = 0;
    for (let k = 0; k < 9; k++) {
      const cell = UNIT_CELLS[u * 9 + k]!;
      const v = values[cell]!;
      if (v) placed |= 1 << (v - 1);
      else {
        const m = candidates[cell]!;
        twice |= once & m;
        once |= m;
      }
    }
    let single = once & ~twice & ~placed;
    while (single && steps.length < limit) {
      const bit = single & -single;
      single &= single - 1;
      const digit = LOWEST_DIGIT[bit]!;
      let cell = -1;
      for (let k = 0; k < 9; k++) {
        const c = UNIT_CELLS[u * 9 + k]!;
        if (candidates[c]! & bit) cell = c;
      }
      const key = cell * 10 + digit;
      if (seen.has(key)) continue;
      seen.add(key);
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
