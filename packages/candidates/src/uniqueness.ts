import type { Grid } from './grid.js';
import type { Step } from './step.js';
import { cellName, digitsOf, digitSet, POPCOUNT } from './tables.js';

/**
 * BUG+1: every empty cell has two candidates but one, which has three; the digit that appears three times in that
 * cell's units must go there, or the grid would be a deadly pattern with no unique solution.
 */
export function findBugPlusOne(grid: Grid, limit = Infinity): Step[] {
  if (limit < 1) return [];
  const { candidates: c, values } = grid;
  let extra = -1;
  for (let cell = 0; cell < 81; cell++) {
    if (values[cell]) continue;
    const n = POPCOUNT[c[cell]!]!;
    if (n === 2) continue;
    if (n !== 3 || extra >= 0) return [];
    extra = cell;
  }
  if (extra < 0) return [];
  // The digit of the extra cell that appears three times in its row (and must in its column and box too).
  const [row, column, box] = grid.componentsOf(extra);
  let digit = 0;
  for (const d of digitsOf(c[extra]!)) if (POPCOUNT[row.positionsOf(d)] === 3) digit = d;
  if (!digit) return [];
  // Check the whole BUG condition: each digit twice (or not at all) in each unit, three times for `digit` around `extra`.
  for (const unit of grid.components) {
    const holdsExtra = unit === row || unit === column || unit === box;
    for (let d = 1; d <= 9; d++) {
      const n = POPCOUNT[unit.positionsOf(d)]!;
      const want = holdsExtra && d === digit ? 3 : 2;
      if (n !== 0 && n !== want) return [];
      if (n === 0 && want === 3) return [];
    }
  }
  return [
    {
      technique: 'bug-plus-1',
      cells: [extra],
      digits: digitsOf(c[extra]!),
      eliminations: [],
      placements: [{ cell: extra, digit }],
      explanation: `BUG+1: every empty cell but ${cellName(extra)} ${digitSet(c[extra]!)} has two candidates, and ${digit} appears three times in ${row}, ${column} and ${box}; ${cellName(extra)} must be ${digit}, or the puzzle would not have a unique solution`,
    },
  ];
}
