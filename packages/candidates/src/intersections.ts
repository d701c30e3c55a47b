import type { Grid } from './grid.js';
import { Eliminations, type Step } from './step.js';
import { LOWEST_DIGIT, POSITION_IN, UNIT_CELLS } from './tables.js';

// The 54 box-line intersections, in position space: the box unit and line unit, and the 3 shared cells as a 9-bit
// position mask in the box and in the line. Boxes in order, for each its rows then its columns.
const INTERSECTIONS = /* @__PURE__ */ intersections();

function intersections(): { BOXES: number[]; LINES: number[]; IN_BOX: number[]; IN_LINE: number[]; CELLS: Uint8Array } {
  const out = { BOXES: [] as number[], LINES: [] as number[], IN_BOX: [] as number[], IN_LINE: [] as number[], CELLS: new Uint8Array(54 * 15) };
  for (let b = 0; b < 9; b++) {
    for (let line = 0; line < 18; line++) {
      let inBox = 0;
      let inLine = 0;
      for (let k = 0; k < 9; k++) {
        const cell = UNIT_CELLS[(18 + b) * 9 + k]!;
        const linePosition = line < 9 ? POSITION_IN[cell * 3]! : POSITION_IN[cell * 3 + 1]!;
        if (UNIT_CELLS[line * 9 + linePosition] === cell) {
          inBox |= 1 << k;
          inLine |= 1 << linePosition;
        }
      }
      if (inBox === 0) continue;
      out.BOXES.push(18 + b);
      out.LINES.push(line);
      out.IN_BOX.push(inBox);
      out.IN_LINE.push(inLine);
    }
  }
  // For each intersection, its 3 cells, the box's 6 others and the line's 6 others (cells in position order).
  for (let i = 0; i < out.BOXES.length; i++) {
    let n = i * 15;
    for (const [unit, inside] of [[out.BOXES[i]!, out.IN_BOX[i]!], [out.BOXES[i]!, ~out.IN_BOX[i]! & 0x1ff], [out.LINES[i]!, ~out.IN_LINE[i]! & 0x1ff]] as const) {
      for (let k = 0; k < 9; k++) if (inside & (1 << k)) out.CELLS[n++] = UNIT_CELLS[unit * 9 + k]!;
    }
  }
  return out;
}

/** The unions of findLockedCandidates, one array for every call. */
let unionsOf: Int32Array | undefined;

/**
 * Locked candidates. Pointing: a digit that a box holds only in one row or column leaves the rest of that line.
 * Claiming (box-line reduction): a digit that a row or column holds only in one box leaves the rest of that box.
 */
export function findLockedCandidates(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const units = grid.components;
  const { BOXES, LINES, IN_BOX, IN_LINE, CELLS } = INTERSECTIONS;
  const c = grid.candidates;
  // The candidates of each intersection, of the rest of its box and of the rest of its line, read once for both passes.
  const unions = (unionsOf ??= new Int32Array(BOXES.length * 3));
  for (let i = 0, n = 0; i < BOXES.length; i++) {
    unions[i * 3] = c[CELLS[n++]!]! | c[CELLS[n++]!]! | c[CELLS[n++]!]!;
    let box = 0;
    for (let k = 0; k < 6; k++) box |= c[CELLS[n++]!]!;
    let line = 0;
    for (let k = 0; k < 6; k++) line |= c[CELLS[n++]!]!;
    unions[i * 3 + 1] = box;
    unions[i * 3 + 2] = line;
  }
  for (let pass = 0; pass < 2; pass++) {
    const pointing = pass === 0;
    for (let i = 0; i < BOXES.length; i++) {
      if (steps.length >= limit) return steps;
      const inter = unions[i * 3]!;
      if (!inter) continue;
      const restBox = unions[i * 3 + 1]!;
      const restLine = unions[i * 3 + 2]!;
      let digits = pointing ? inter & ~restBox & restLine : inter & ~restLine & restBox;
      if (!digits) continue;
      const box = units[BOXES[i]!]!;
      const line = units[LINES[i]!]!;
      const inBox = IN_BOX[i]!;
      const inLine = IN_LINE[i]!;
      while (digits && steps.length < limit) {
        const bit = digits & -digits;
        digits &= digits - 1;
        const digit = LOWEST_DIGIT[bit]!;
        const elim = new Eliminations();
        if (pointing) elim.addIn(line, ~inLine & 0x1ff, bit);
        else elim.addIn(box, ~inBox & 0x1ff, bit);
        const cells: number[] = [];
        let at = box.positionsOf(digit) & inBox;
        while (at) {
          const p = at & -at;
          at ^= p;
          cells.push(box.cellAt(31 - Math.clz32(p)));
        }
        const [from, to] = pointing ? [box, line] : [line, box];
        steps.push({
          technique: 'locked-candidates',
          cells,
          digits: [digit],
          eliminations: elim.list(),
          placements: [],
          explanation: `Locked candidates (${pointing ? 'pointing' : 'claiming'}): in ${from} the ${digit}s lie only in ${to}, so remove ${digit} from the rest of ${to}`,
        });
      }
    }
  }
  return steps;
}
