import type { Grid } from './grid.js';
import { DigitMemo } from './digit-memo.js';
import { strongLinks, type StrongLink } from './links.js';
import { Eliminations, type Step } from './step.js';
import { BOX_OF, cellName, COL_OF, ROW_OF, UNIT_CELLS, unitName } from './tables.js';

/** The digits known to give nothing on a state, one memo per search (see digit-memo.ts). */
let memoRectangles: DigitMemo | undefined;

/**
 * The step of an empty rectangle, or null when it was seen before. A function of its own: the search runs on every
 * stuck state and stays small for the optimizing compiler; this runs only for the rectangles found.
 */
function emptyRectangleStep(grid: Grid, digit: number, box: number, r: number, col: number, inBox: readonly number[], link: StrongLink, near: number, far: number, target: number, seen: Set<string>): Step | null {
  const key = `${digit}:${target}:${box}:${link.unit}`;
  if (seen.has(key)) return null;
  seen.add(key);
  const elim = new Eliminations();
  elim.add(grid.candidates, target, 1 << (digit - 1));
  return {
    technique: 'empty-rectangle',
    cells: [...inBox, near, far].sort((a, b) => a - b),
    digits: [digit],
    eliminations: elim.list(),
    placements: [],
    explanation: `Empty rectangle on ${digit}: in box ${box + 1} the ${digit}s lie only in row ${r + 1} and column ${col + 1}, and ${unitName(link.unit)} holds ${digit} only in ${cellName(near)} and ${cellName(far)}; if ${cellName(target)} were ${digit}, ${cellName(near)} would be too and box ${box + 1} would have no ${digit}, so ${cellName(target)} cannot be ${digit}`,
  };
}

/**
 * Empty rectangle: in a box, a digit lies only in one row r and one column c (the box's other four cells, a rectangle,
 * are empty of it). With a strong link on the digit in a column outside the box with one end in row r, the cell of
 * column c in the row of the link's other end cannot hold the digit: it would leave the box without one. The same
 * with rows and columns swapped.
 */
export function findEmptyRectangles(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const seen = new Set<string>();
  const c = grid.candidates;
  // Each digit's empty rectangles depend on that digit's candidates only: digits known to hold none on this state are skipped.
  const rectangles = (memoRectangles ??= new DigitMemo());
  const digits = rectangles.digits(grid.candidates);
  for (let digit = 1; digit <= 9 && steps.length < limit; digit++) {
    if (!(digits & (1 << (digit - 1)))) continue;
    const bit = 1 << (digit - 1);
    const links = strongLinks(grid, digit);
    for (let box = 0; box < 9 && steps.length < limit; box++) {
      const inBox: number[] = [];
      for (let k = 0; k < 9; k++) {
        const cell = UNIT_CELLS[(18 + box) * 9 + k]!;
        if (c[cell]! & bit) inBox.push(cell);
      }
      if (inBox.length < 2) continue;
      for (let k = 0; k < 9 && steps.length < limit; k++) {
        const hinge = UNIT_CELLS[(18 + box) * 9 + k]!;
        const r = ROW_OF[hinge]!;
        const col = COL_OF[hinge]!;
        if (!inBox.every((x) => ROW_OF[x] === r || COL_OF[x] === col)) continue;
        // Not all in one line of the box: that is locked candidates.
        if (inBox.every((x) => ROW_OF[x] === r) || inBox.every((x) => COL_OF[x] === col)) continue;
        for (const link of links) {
          const byColumn = link.unit >= 9 && link.unit < 18;
          const byRow = link.unit < 9;
          if (!byColumn && !byRow) continue;
          for (let s = 0; s < 2; s++) {
            const near = s === 0 ? link.a : link.b;
            const far = s === 0 ? link.b : link.a;
            if (BOX_OF[near] === box || BOX_OF[far] === box) continue;
            let target: number;
            if (byColumn) {
              // Column link: near end in row r, target = (row of far, column col), outside the box's band.
              if (ROW_OF[near] !== r || Math.floor(ROW_OF[far]! / 3) === Math.floor(r / 3)) continue;
              target = ROW_OF[far]! * 9 + col;
            } else {
              if (COL_OF[near] !== col || Math.floor(COL_OF[far]! / 3) === Math.floor(col / 3)) continue;
              target = r * 9 + COL_OF[far]!;
            }
            if (!(c[target]! & bit)) continue;
            const step = emptyRectangleStep(grid, digit, box, r, col, inBox, link, near, far, target, seen);
            if (step === null) continue;
            steps.push(step);
            if (steps.length >= limit) return steps;
          }
        }
      }
    }
  }
  rectangles.searched(steps.length > 0 || !(limit > 0));
  return steps;
}
