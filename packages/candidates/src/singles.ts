import type { Grid } from './grid.js';
import type { Step } from './step.js';
import { ALL, cellName, LOWEST_DIGIT, POPCOUNT } from './tables.js';

/** Full house: the last empty cell of a unit takes the one digit the unit lacks. */
export function findFullHouses(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  let done = 0n;
  for (let u = 0; u < 27 && steps.length < limit; u++) {
    const unit = grid.components[u]!;
    const empty = unit.emptyPositions();
    if (POPCOUNT[empty] !== 1) continue;
    const position = 31 - Math.clz32(empty);
    const missing = ALL & ~unit.placedMask();
    if (POPCOUNT[missing] !== 1 || (unit.mask(position) & missing) === 0) continue;
    const cell = unit.cellAt(position);
    const bit = 1n << BigInt(cell);
    if (done & bit) continue;
    done |= bit;
    const digit = LOWEST_DIGIT[missing]!;
    steps.push({
      technique: 'full-house',
      cells: [cell],
      digits: [digit],
      eliminations: [],
      placements: [{ cell, digit }],
      explanation: `Full house: ${cellName(cell)} is the last empty cell of ${unit}, so it is ${digit}`,
    });
  }
  return steps;
}

/** Naked single: a cell with one candidate left takes it. */
export function findNakedSingles(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  // Row by row: the cells in order 0..80.
  for (let r = 0; r < 9 && steps.length < limit; r++) {
    const row = grid.components[r]!;
    for (let k = 0; k < 9 && steps.length < limit; k++) {
      const mask = row.mask(k);
      if (POPCOUNT[mask] !== 1 || row.value(k)) continue;
      const cell = row.cellAt(k);
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
  }
  return steps;
}

/** Hidden single: a digit with one place left in a unit goes there. */
export function findHiddenSingles(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const seen = new Set<number>();
  // Boxes first (the usual order of a player's scan), then rows and columns.
  for (let i = 0; i < 27 && steps.length < limit; i++) {
    const unit = grid.components[(i + 18) % 27]!;
    let once = 0;
    let twice = 0;
    for (let k = 0; k < 9; k++) {
      if (unit.value(k)) continue;
      const m = unit.mask(k);
      twice |= once & m;
      once |= m;
    }
    let single = once & ~twice;
    if (!single) continue;
    single &= ~unit.placedMask();
    while (single && steps.length < limit) {
      const bit = single & -single;
      single &= single - 1;
      const digit = LOWEST_DIGIT[bit]!;
      const cell = unit.cellAt(31 - Math.clz32(unit.positionsOf(digit)));
      const key = cell * 10 + digit;
      if (seen.has(key)) continue;
      seen.add(key);
      steps.push({
        technique: 'hidden-single',
        cells: [cell],
        digits: [digit],
        eliminations: [],
        placements: [{ cell, digit }],
        explanation: `Hidden single: ${cellName(cell)} is the only place for ${digit} in ${unit}`,
      });
    }
  }
  return steps;
}
