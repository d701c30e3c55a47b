import type { Grid } from './grid.js';
import { Eliminations, type Step, type TechniqueName } from './step.js';
import { BOX_OF, cellName, COL_OF, digitsOf, digitSet, listing, LOWEST_DIGIT, POPCOUNT, ROW_OF, SEES, UNIT_CELLS, unitName } from './tables.js';

// Unique rectangles: four empty cells in two rows, two columns and two boxes. If all four held only x and y, the
// puzzle would have two solutions (x and y swap) or none, so a puzzle with one solution avoids that — whatever
// candidates were already removed from the corners ("missing candidates" change nothing). Assumes a unique solution.

/** Every rectangle of two rows and two columns that spans exactly two boxes, as 4 cells each (a b / c d). @internal */
export const RECTANGLES: readonly number[] = /* @__PURE__ */ rectangles();

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

/** The units (row, column, box numbers) two cells share. */
function sharedUnits(a: number, b: number): number[] {
  const out: number[] = [];
  if (ROW_OF[a] === ROW_OF[b]) out.push(ROW_OF[a]!);
  if (COL_OF[a] === COL_OF[b]) out.push(9 + COL_OF[a]!);
  if (BOX_OF[a] === BOX_OF[b]) out.push(18 + BOX_OF[a]!);
  return out;
}

/** The cells of unit u holding a candidate of `mask`. */
function holders(grid: Grid, u: number, mask: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < 9; k++) {
    const cell = UNIT_CELLS[u * 9 + k]!;
    if (grid.candidates[cell]! & mask) out.push(cell);
  }
  return out;
}

/** One rectangle with a pair: corners, which are floors (only x and y), the extra candidates of the others. */
interface Rect {
  readonly corners: readonly [number, number, number, number];
  readonly pair: number;
  readonly floors: readonly number[];
  readonly roofs: readonly number[];
}

/** The last state rectanglesWithPairs was asked about (values, then candidates) and its answer. */
let memo: { readonly state: Uint16Array; rects: readonly Rect[] } | undefined;

/**
 * Each empty rectangle with each pair of digits held by a two-candidate corner, every corner holding x or y. The
 * solver asks this for the same state seven times in a row (unique rectangles 1–6, hidden rectangles): the answer
 * for the last state is kept and given again while the values and candidates are the same.
 */
function rectanglesWithPairs(grid: Grid): readonly Rect[] {
  const { candidates: c, values } = grid;
  memo ??= { state: new Uint16Array(162), rects: [] };
  const state = memo.state;
  let same = memo.rects !== undefined;
  for (let cell = 0; cell < 81 && same; cell++) same = state[cell] === values[cell] && state[81 + cell] === c[cell];
  if (same) return memo.rects;
  const rects: Rect[] = [];
  for (let i = 0; i < RECTANGLES.length; i += 4) {
    const a = RECTANGLES[i]!;
    const b = RECTANGLES[i + 1]!;
    const d = RECTANGLES[i + 2]!;
    const e = RECTANGLES[i + 3]!;
    if (values[a] || values[b] || values[d] || values[e]) continue;
    const ma = c[a]!;
    const mb = c[b]!;
    const md = c[d]!;
    const me = c[e]!;
    // Each two-candidate mask of a corner, in corner order, once (at the first corner holding it).
    for (let k = 0; k < 4; k++) {
      const pair = k === 0 ? ma : k === 1 ? mb : k === 2 ? md : me;
      if (POPCOUNT[pair] !== 2 || (k > 0 && ma === pair) || (k > 1 && mb === pair) || (k > 2 && md === pair)) continue;
      if (!(ma & pair) || !(mb & pair) || !(md & pair) || !(me & pair)) continue;
      const corners = [a, b, d, e] as const;
      const floors = corners.filter((x) => (c[x]! & ~pair) === 0);
      const roofs = corners.filter((x) => (c[x]! & ~pair) !== 0);
      rects.push({ corners, pair, floors, roofs });
    }
  }
  state.set(values);
  state.set(c, 81);
  memo.rects = rects;
  return rects;
}

const inLine = (a: number, b: number): boolean => ROW_OF[a] === ROW_OF[b] || COL_OF[a] === COL_OF[b];

function urStep(technique: TechniqueName, type: string, r: Rect, eliminations: Eliminations, why: string): Step {
  const corners = [...r.corners];
  return {
    technique,
    cells: corners,
    digits: digitsOf(r.pair),
    eliminations: eliminations.list(),
    placements: [],
    explanation: `Unique rectangle type ${type} ${digitSet(r.pair)} in ${listing(corners.map(cellName))}: ${why}, or the puzzle would have two solutions`,
  };
}

/** Collects distinct steps (the same deduction can come from two pairs of one rectangle). */
class StepList {
  readonly steps: Step[] = [];
  private readonly keys = new Set<string>();
  constructor(readonly limit: number) {}
  get full(): boolean {
    return this.steps.length >= this.limit;
  }
  push(step: Step): void {
    const key = `${step.cells.join(',')}:${step.eliminations.map((e) => e.cell * 10 + e.digit).join(',')}`;
    if (this.keys.has(key) || this.full) return;
    this.keys.add(key);
    this.steps.push(step);
  }
}

/** Type 1: three corners hold only x and y, so the fourth loses both. */
export function findUniqueRectangles1(grid: Grid, limit = Infinity): Step[] {
  const out = new StepList(limit);
  for (const r of rectanglesWithPairs(grid)) {
    if (out.full) break;
    if (r.roofs.length !== 1) continue;
    const roof = r.roofs[0]!;
    const elim = new Eliminations();
    elim.add(grid.candidates, roof, r.pair);
    const lost = digitsOf(grid.candidates[roof]! & r.pair);
    out.push(urStep('unique-rectangle-1', '1', r, elim, `${cellName(roof)} cannot be ${lost.join(' or ')}`));
  }
  return out.steps;
}

/**
 * Types 2 and 5: the corners that hold more than x and y hold one same extra digit z (two in a line: type 2; two
 * diagonal or three: type 5); one of them is z, so z leaves every cell that sees all of them.
 */
export function findUniqueRectangles25(grid: Grid, type: 2 | 5, limit = Infinity): Step[] {
  const out = new StepList(limit);
  const c = grid.candidates;
  for (const r of rectanglesWithPairs(grid)) {
    if (out.full) break;
    const n = r.roofs.length;
    if (n < 2 || n > 3) continue;
    const extra = c[r.roofs[0]!]! & ~r.pair;
    if (POPCOUNT[extra] !== 1 || r.roofs.some((x) => (c[x]! & ~r.pair) !== extra)) continue;
    const line = n === 2 && inLine(r.roofs[0]!, r.roofs[1]!);
    if ((type === 2) !== line) continue;
    const elim = new Eliminations();
    for (let cell = 0; cell < 81; cell++) {
      if (!(c[cell]! & extra) || r.roofs.includes(cell)) continue;
      if (r.roofs.every((x) => SEES[x * 81 + cell])) elim.add(c, cell, extra);
    }
    if (elim.empty) continue;
    const z = LOWEST_DIGIT[extra]!;
    out.push(urStep(`unique-rectangle-${type}`, String(type), r, elim, `one of ${listing(r.roofs.map(cellName))} must be ${z}, so the cells that see them all cannot be ${z}`));
  }
  return out.steps;
}

/**
 * Type 3: two corners in a line hold only x and y; the other two, in a line too, act as one cell holding their extra
 * digits, which form a naked subset with other cells of a unit they share; those digits leave the rest of the unit.
 */
export function findUniqueRectangles3(grid: Grid, limit = Infinity): Step[] {
  const out = new StepList(limit);
  const { candidates: c, values } = grid;
  for (const r of rectanglesWithPairs(grid)) {
    if (out.full) break;
    if (r.roofs.length !== 2 || !inLine(r.roofs[0]!, r.roofs[1]!)) continue;
    const [p, q] = r.roofs as [number, number];
    const extra = (c[p]! | c[q]!) & ~r.pair;
    if (POPCOUNT[extra]! < 2) continue;
    for (const u of sharedUnits(p, q)) {
      const others: number[] = [];
      for (let k = 0; k < 9; k++) {
        const cell = UNIT_CELLS[u * 9 + k]!;
        if (!values[cell] && cell !== p && cell !== q) others.push(cell);
      }
      // Subsets S of 1..3 other cells with |digits(S) ∪ extra| = |S| + 1.
      const search = (from: number, chosen: number[], mask: number): void => {
        if (chosen.length && POPCOUNT[mask] === chosen.length + 1) {
          const elim = new Eliminations();
          for (const x of others) if (!chosen.includes(x)) elim.add(c, x, mask);
          if (!elim.empty) {
            const subset = [...chosen];
            out.push(
              urStep('unique-rectangle-3', '3', r, elim, `one of ${cellName(p)} and ${cellName(q)} holds one of ${digitSet(extra)}, which with ${listing(subset.map(cellName))} makes a naked subset ${digitSet(mask)} in ${unitName(u)}: the rest of ${unitName(u)} cannot be ${digitsOf(mask).join(' or ')}`),
            );
          }
        }
        if (chosen.length === 3) return;
        for (let i = from; i < others.length && !out.full; i++) {
          const m = mask | c[others[i]!]!;
          if (POPCOUNT[m]! > 4) continue;
          chosen.push(others[i]!);
          search(i + 1, chosen, m);
          chosen.pop();
        }
      };
      search(0, [], extra);
    }
  }
  return out.steps;
}

/**
 * Type 4: two corners in a line hold only x and y; in a unit the other two share, x has no other place, so one of
 * them is x, and neither can be y.
 */
export function findUniqueRectangles4(grid: Grid, limit = Infinity): Step[] {
  const out = new StepList(limit);
  const c = grid.candidates;
  for (const r of rectanglesWithPairs(grid)) {
    if (out.full) break;
    if (r.roofs.length !== 2 || !inLine(r.roofs[0]!, r.roofs[1]!)) continue;
    const [p, q] = r.roofs as [number, number];
    for (const x of digitsOf(r.pair)) {
      const bit = 1 << (x - 1);
      const other = r.pair & ~bit;
      for (const u of sharedUnits(p, q)) {
        const at = holders(grid, u, bit);
        if (at.length !== 2 || !at.includes(p) || !at.includes(q)) continue;
        const elim = new Eliminations();
        elim.add(c, p, other);
        elim.add(c, q, other);
        if (elim.empty) continue;
        const y = LOWEST_DIGIT[other]!;
        out.push(urStep('unique-rectangle-4', '4', r, elim, `${x} has only ${cellName(p)} and ${cellName(q)} in ${unitName(u)}, so one of them is ${x} and neither can be ${y}`));
      }
    }
  }
  return out.steps;
}

/**
 * Type 6: two diagonal corners hold only x and y; x has no other place in both rows (or both columns) of the
 * rectangle, so x lies on one diagonal: not the other two corners (they would complete the deadly pattern).
 */
export function findUniqueRectangles6(grid: Grid, limit = Infinity): Step[] {
  const out = new StepList(limit);
  const c = grid.candidates;
  for (const r of rectanglesWithPairs(grid)) {
    if (out.full) break;
    if (r.roofs.length !== 2 || inLine(r.roofs[0]!, r.roofs[1]!)) continue;
    const [a, b, d] = r.corners;
    for (const x of digitsOf(r.pair)) {
      const bit = 1 << (x - 1);
      // x has exactly two places in each row (column): the rectangle's two corners there.
      const locked = (u: number): boolean => {
        const at = holders(grid, u, bit);
        return at.length === 2 && at.every((cell) => r.corners.includes(cell));
      };
      const rowsLocked = locked(ROW_OF[a]!) && locked(ROW_OF[d]!);
      const colsLocked = locked(9 + COL_OF[a]!) && locked(9 + COL_OF[b]!);
      if (!rowsLocked && !colsLocked) continue;
      const elim = new Eliminations();
      for (const roof of r.roofs) elim.add(c, roof, bit);
      if (elim.empty) continue;
      out.push(
        urStep('unique-rectangle-6', '6', r, elim, `${x} lies only in the rectangle in both its ${rowsLocked ? 'rows' : 'columns'}, so it takes a diagonal; ${listing(r.roofs.map(cellName))} cannot be ${x}`),
      );
    }
  }
  return out.steps;
}

/**
 * Hidden rectangle: a corner holds only x and y; in the row and in the column of the opposite corner, x lies only in
 * the rectangle. If the opposite corner were y, x would fill the other diagonal and the rectangle would be deadly.
 */
export function findHiddenRectangles(grid: Grid, limit = Infinity): Step[] {
  const out = new StepList(limit);
  const c = grid.candidates;
  for (const r of rectanglesWithPairs(grid)) {
    if (out.full) break;
    const [a, b, d, e] = r.corners;
    const opposite = new Map([[a, e], [b, d], [d, b], [e, a]]);
    for (const floor of r.floors) {
      if (POPCOUNT[c[floor]!] !== 2) continue;
      const far = opposite.get(floor)!;
      for (const x of digitsOf(r.pair)) {
        const bit = 1 << (x - 1);
        const other = r.pair & ~bit;
        if (!(c[far]! & other)) continue;
        // The x of the far corner's row and column must lie in the rectangle's other two corners (not be placed elsewhere).
        const across = r.corners.filter((x) => x !== far && x !== floor);
        if (across.some((x) => !(c[x]! & bit))) continue;
        const inRow = holders(grid, ROW_OF[far]!, bit);
        const inCol = holders(grid, 9 + COL_OF[far]!, bit);
        if (!inRow.every((cell) => r.corners.includes(cell)) || !inCol.every((cell) => r.corners.includes(cell))) continue;
        const elim = new Eliminations();
        elim.add(c, far, other);
        const y = LOWEST_DIGIT[other]!;
        out.push({
          technique: 'hidden-rectangle',
          cells: [...r.corners],
          digits: digitsOf(r.pair),
          eliminations: elim.list(),
          placements: [],
          explanation: `Hidden rectangle ${digitSet(r.pair)} in ${listing([...r.corners].map(cellName))}: ${cellName(floor)} holds only ${digitsOf(r.pair).join(' and ')}, and ${x} lies only in the rectangle in row ${ROW_OF[far]! + 1} and column ${COL_OF[far]! + 1}; if ${cellName(far)} were ${y}, the rectangle would be deadly, so it cannot be ${y}`,
        });
      }
    }
  }
  return out.steps;
}
