import type { Grid } from './grid.js';
import { Eliminations, type Step } from './step.js';
import { LOWEST_DIGIT, UNIT_CELLS, unitName } from './tables.js';

// The 54 box-line intersections: for each, the box unit, the line unit, the 3 shared cells, the 6 other cells of the
// box and the 6 other cells of the line.
const INTERSECTIONS: { box: number; line: number; shared: number[]; boxRest: number[]; lineRest: number[] }[] = [];
for (let b = 0; b < 9; b++) {
  const boxCells = Array.from(UNIT_CELLS.subarray((18 + b) * 9, (18 + b) * 9 + 9));
  for (let line = 0; line < 18; line++) {
    const lineCells = Array.from(UNIT_CELLS.subarray(line * 9, line * 9 + 9));
    const shared = boxCells.filter((c) => lineCells.includes(c));
    if (shared.length !== 3) continue;
    INTERSECTIONS.push({
      box: 18 + b,
      line,
      shared,
      boxRest: boxCells.filter((c) => !shared.includes(c)),
      lineRest: lineCells.filter((c) => !shared.includes(c)),
    });
  }
}

/**
 * Locked candidates. Pointing: a digit that a box holds only in one row or column leaves the rest of that line.
 * Claiming (box-line reduction): a digit that a row or column holds only in one box leaves the rest of that box.
 */
export function findLockedCandidates(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const c = grid.candidates;
  for (const kind of ['pointing', 'claiming'] as const) {
    for (const { box, line, shared, boxRest, lineRest } of INTERSECTIONS) {
      if (steps.length >= limit) return steps;
      const inter = c[shared[0]!]! | c[shared[1]!]! | c[shared[2]!]!;
      if (!inter) continue;
      let restBox = 0;
      let restLine = 0;
      for (let k = 0; k < 6; k++) {
        restBox |= c[boxRest[k]!]!;
        restLine |= c[lineRest[k]!]!;
      }
      let digits = kind === 'pointing' ? inter & ~restBox & restLine : inter & ~restLine & restBox;
      while (digits && steps.length < limit) {
        const bit = digits & -digits;
        digits &= digits - 1;
        const digit = LOWEST_DIGIT[bit]!;
        const elim = new Eliminations();
        for (const cell of kind === 'pointing' ? lineRest : boxRest) elim.add(c, cell, bit);
        const cells = shared.filter((cell) => c[cell]! & bit);
        const [from, to] = kind === 'pointing' ? [box, line] : [line, box];
        steps.push({
          technique: 'locked-candidates',
          cells,
          digits: [digit],
          eliminations: elim.list(),
          placements: [],
          explanation: `Locked candidates (${kind}): in ${unitName(from)} the ${digit}s lie only in ${unitName(to)}, so remove ${digit} from the rest of ${unitName(to)}`,
        });
      }
    }
  }
  return steps;
}
