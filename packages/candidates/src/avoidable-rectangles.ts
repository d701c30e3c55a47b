import type { Grid } from './grid.js';
import { Eliminations, type Candidate, type Step } from './step.js';
import { cellName, listing, SEES } from './tables.js';
import { RECTANGLES } from './unique-rectangles.js';

// Avoidable rectangles: unique rectangles made of values placed while solving. Four cells in two rows, two columns and
// two boxes holding x y / y x could swap their values and leave a second solution, unless one of them is a given,
// which pins it. So values placed by the solver (HoDoKu's '+' cells, `Grid.placed`) must not complete such a pattern.
// Givens never take part: a grid whose values are all givens (the default) has no avoidable rectangle. Assumes a
// unique solution, as every uniqueness technique does.

/** The cell across a rectangle (a b / c d) from corner i: a and d, b and c are diagonal. */
const across = (i: number): number => 3 - i;

/** Whether a cell holds a value placed while solving (not a given). */
const placedValue = (grid: Grid, cell: number): number => (grid.placed[cell] === 1 ? grid.values[cell]! : 0);

/** How many corners of the rectangle at RECTANGLES[i..i+3] hold a placed value (most hold none: a quick way past them). */
function placedCorners(grid: Grid, i: number): number {
  const p = grid.placed;
  return p[RECTANGLES[i]!]! + p[RECTANGLES[i + 1]!]! + p[RECTANGLES[i + 2]!]! + p[RECTANGLES[i + 3]!]!;
}

function arStep(technique: 'avoidable-rectangle-1' | 'avoidable-rectangle-2', corners: number[], x: number, y: number, eliminations: Candidate[], why: string): Step {
  return {
    technique,
    cells: corners,
    digits: x < y ? [x, y] : [y, x],
    eliminations,
    placements: [],
    explanation: `Avoidable rectangle type ${technique.slice(-1)} ${Math.min(x, y)}/${Math.max(x, y)} in ${listing(corners.map(cellName))}: ${why}; none of them is a given, so ${x} and ${y} could swap and the puzzle would have two solutions`,
  };
}

/**
 * Type 1: three corners hold placed values x, y, y (x across from the empty fourth corner, y beside it); the fourth
 * cannot be x, or the four would read x y / y x.
 */
export function findAvoidableRectangles1(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const { candidates, values } = grid;
  for (let i = 0; i < RECTANGLES.length && steps.length < limit; i += 4) {
    if (placedCorners(grid, i) < 3) continue;
    for (let open = 0; open < 4; open++) {
      const cell = RECTANGLES[i + open]!;
      if (values[cell]) continue;
      const x = placedValue(grid, RECTANGLES[i + across(open)]!);
      if (x === 0 || (candidates[cell]! & (1 << (x - 1))) === 0) continue;
      // The two corners beside the open one (in its row and its column).
      const side = [0, 1, 2, 3].filter((k) => k !== open && k !== across(open)).map((k) => RECTANGLES[i + k]!);
      const y = placedValue(grid, side[0]!);
      if (y === 0 || y === x || placedValue(grid, side[1]!) !== y) continue;
      const corners = [RECTANGLES[i]!, RECTANGLES[i + 1]!, RECTANGLES[i + 2]!, RECTANGLES[i + 3]!];
      const elim = new Eliminations();
      elim.add(candidates, cell, 1 << (x - 1));
      steps.push(arStep('avoidable-rectangle-1', corners, x, y, elim.list(), `${cellName(cell)} cannot be ${x}, across from the placed ${x} in ${cellName(RECTANGLES[i + across(open)]!)} with ${y} placed in ${cellName(side[0]!)} and ${cellName(side[1]!)}`));
      if (steps.length >= limit) break;
    }
  }
  return steps;
}

/**
 * Type 2: two corners in a line hold placed values x and y; the corner across the rectangle's short side from x holds
 * only y and z, the one beside y only x and z. Both cannot avoid z without completing x y / y x, so one of them is z,
 * and z leaves every cell that sees both.
 */
export function findAvoidableRectangles2(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const seen = new Set<string>();
  const { candidates } = grid;
  // Lines of a rectangle (a b / c d): rows a b and c d, columns a c and b d; each with the parallel line opposite.
  const LINES = [
    [0, 1, 2, 3],
    [2, 3, 0, 1],
    [0, 2, 1, 3],
    [1, 3, 0, 2],
  ] as const;
  for (let i = 0; i < RECTANGLES.length && steps.length < limit; i += 4) {
    if (placedCorners(grid, i) < 2) continue;
    for (const [p, q, pp, qq] of LINES) {
      // p and q placed (x, y) in one line; pp holds y and z (it sits across from p: same column or row as p), qq x and z.
      const x = placedValue(grid, RECTANGLES[i + p]!);
      const y = placedValue(grid, RECTANGLES[i + q]!);
      if (x === 0 || y === 0 || x === y) continue;
      const a = RECTANGLES[i + pp]!;
      const b = RECTANGLES[i + qq]!;
      const bx = 1 << (x - 1);
      const by = 1 << (y - 1);
      const za = candidates[a]! & ~by;
      const zb = candidates[b]! & ~bx;
      if ((candidates[a]! & by) === 0 || (candidates[b]! & bx) === 0 || za === 0 || za !== zb || (za & (za - 1)) !== 0) continue;
      const elim = new Eliminations();
      for (let cell = 0; cell < 81; cell++) {
        if (cell !== a && cell !== b && SEES[cell * 81 + a] && SEES[cell * 81 + b]) elim.add(candidates, cell, za);
      }
      const eliminations = elim.list();
      if (eliminations.length === 0) continue;
      const key = eliminations.map((e) => e.cell * 10 + e.digit).join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      const z = 32 - Math.clz32(za);
      const corners = [RECTANGLES[i]!, RECTANGLES[i + 1]!, RECTANGLES[i + 2]!, RECTANGLES[i + 3]!];
      steps.push(
        arStep(
          'avoidable-rectangle-2',
          corners,
          x,
          y,
          eliminations,
          `${cellName(a)} holds only ${y} and ${z}, ${cellName(b)} only ${x} and ${z}; without ${z} they would be ${y} and ${x}, beside the placed ${x} in ${cellName(RECTANGLES[i + p]!)} and ${y} in ${cellName(RECTANGLES[i + q]!)}, so one of them is ${z}, and ${z} leaves the cells that see both`,
        ),
      );
      if (steps.length >= limit) break;
    }
  }
  return steps;
}
