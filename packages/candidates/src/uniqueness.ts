import type { Grid } from './grid.js';
import { Eliminations, type Step } from './step.js';
import { cellName, digitsOf, digitSet, listing, POPCOUNT } from './tables.js';

/**
 * Unique rectangle type 1: four empty cells in two rows, two columns and two boxes, three of them exactly {x,y}; if the
 * fourth were x or y too the puzzle would have two solutions, so it loses x and y. Assumes a unique solution.
 */
export function findUniqueRectangles1(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const { candidates: c, values } = grid;
  for (let i = 0; i < RECTANGLES.length && steps.length < limit; i += 4) {
    const a = RECTANGLES[i]!;
    const b = RECTANGLES[i + 1]!;
    const d = RECTANGLES[i + 2]!;
    const e = RECTANGLES[i + 3]!;
    if (values[a] || values[b] || values[d] || values[e]) continue;
    // The pair: a two-candidate mask held exactly by three corners and contained in the fourth.
    const masks = [c[a]!, c[b]!, c[d]!, c[e]!];
    let pair = 0;
    let other = -1;
    for (let k = 0; k < 4 && !pair; k++) {
      const m = masks[k]!;
      if (POPCOUNT[m] !== 2) continue;
      let exact = 0;
      let odd = -1;
      for (let j = 0; j < 4; j++) {
        if (masks[j] === m) exact++;
        else if ((masks[j]! & m) === m) odd = j;
      }
      if (exact === 3 && odd >= 0) {
        pair = m;
        other = RECTANGLES[i + odd]!;
      }
    }
    if (!pair) continue;
    const corners = [a, b, d, e];
    const elim = new Eliminations();
    elim.add(c, other, pair);
    const digits = digitsOf(pair);
    steps.push({
      technique: 'unique-rectangle-1',
      cells: corners,
      digits,
      eliminations: elim.list(),
      placements: [],
      explanation: `Unique rectangle type 1 ${digitSet(pair)} in ${listing(corners.map(cellName))}: ${cellName(other)} cannot be ${digits.join(' or ')}, or the puzzle would have two solutions`,
    });
  }
  return steps;
}

// Every rectangle of two rows and two columns that spans exactly two boxes, as 4 cells each.
const RECTANGLES: readonly number[] = /* @__PURE__ */ rectangles();

function rectangles(): number[] {
  const out: number[] = [];
  for (let r1 = 0; r1 < 9; r1++) {
    for (let r2 = r1 + 1; r2 < 9; r2++) {
      const sameBand = Math.floor(r1 / 3) === Math.floor(r2 / 3);
      for (let c1 = 0; c1 < 9; c1++) {
        for (let c2 = c1 + 1; c2 < 9; c2++) {
          if (sameBand !== (Math.floor(c1 / 3) === Math.floor(c2 / 3))) out.push(r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2);
        }
      }
    }
  }
  return out;
}

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
