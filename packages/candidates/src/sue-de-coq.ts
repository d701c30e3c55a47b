import type { Grid } from './grid.js';
import { Eliminations, type Step } from './step.js';
import { BOX_OF, cellName, digitsOf, digitSet, listing, POPCOUNT, UNIT_CELLS, unitName } from './tables.js';

/** The cells of a set given as bits over a list of cells (bit k: cells[k]), in list order. */
function chosen(cells: readonly number[], bits: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < cells.length; k++) if (bits & (1 << k)) out.push(cells[k]!);
  return out;
}

/** The candidates of every subset of `n` cells (at most 6) taken from `cells`: masks[bits] for bits 1 .. 2^n - 1. */
function subsetMasks(c: Uint16Array, cells: readonly number[], masks: Uint16Array): void {
  masks[0] = 0;
  for (let bits = 1; bits < 1 << cells.length; bits++) {
    const low = bits & -bits;
    masks[bits] = masks[bits ^ low]! | c[cells[31 - Math.clz32(low)]!]!;
  }
}

// Subsets of the crossing, the rest of the line and the rest of the box, by their bits (reused: no allocation per state).
const coreMasks = new Uint16Array(8);
const lineMasks = new Uint16Array(64);
const boxMasks = new Uint16Array(64);
const cores = new Uint8Array(8);

/**
 * The step of a Sue de Coq found, or null when it removes nothing, and its key. A function of its own: the search runs
 * on every stuck state and stays small for the optimizing compiler; this runs only for the sets found.
 */
function sueDeCoqStep(
  c: Uint16Array,
  box: number,
  line: number,
  crossing: readonly number[],
  lineCells: readonly number[],
  boxCells: readonly number[],
  coreBits: number,
  lBits: number,
  bBits: number,
): { key: string; step: Step } | null {
  const v = coreMasks[coreBits]!;
  const lMask = lineMasks[lBits]!;
  const bMask = boxMasks[bBits]!;
  const core = chosen(crossing, coreBits);
  const l = chosen(lineCells, lBits);
  const b = chosen(boxCells, bBits);
  const n = core.length + l.length + b.length;
  const elim = new Eliminations();
  const lineLoses = (v | lMask) & ~bMask;
  const boxLoses = (v | bMask) & ~lMask;
  for (const x of lineCells) if (!l.includes(x)) elim.add(c, x, lineLoses);
  for (const x of crossing) if (!core.includes(x)) elim.add(c, x, lineLoses | boxLoses);
  for (const x of boxCells) if (!b.includes(x)) elim.add(c, x, boxLoses);
  if (elim.empty) return null;
  const eliminations = elim.list();
  const key = eliminations.map((e) => e.cell * 10 + e.digit).join(',');
  const cells = [...core, ...l, ...b].sort((a, b2) => a - b2);
  const lineName = unitName(line);
  return {
    key,
    step: {
      technique: 'sue-de-coq',
      cells,
      digits: digitsOf(v | lMask | bMask),
      eliminations,
      placements: [],
      explanation: `Sue de Coq: ${listing(core.map(cellName))} (${digitSet(v)}) where ${lineName} crosses box ${box + 1}, with ${listing(l.map(cellName))} (${digitSet(lMask)}) in ${lineName} and ${listing(b.map(cellName))} (${digitSet(bMask)}) in box ${box + 1}, hold ${n} digits in ${n} cells; the rest of ${lineName} cannot be ${digitsOf(lineLoses).join(', ')} and the rest of box ${box + 1} cannot be ${digitsOf(boxLoses).join(', ')}`,
    },
  };
}

/**
 * Sue de Coq: two or three empty cells where a row or column crosses a box hold at least two more digits than cells
 * (V). Cells of the rest of the line (digits L) and of the rest of the box (digits B), with L and B sharing no digit,
 * complete a set of n cells holding n digits in all; each digit is then placed once in the set: L's digits in the
 * line, B's in the box, V's others in the crossing. So the rest of the line loses V ∪ L but for B, and the rest of the
 * box loses V ∪ B but for L.
 */
export function findSueDeCoqs(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const seen = new Set<string>();
  const { candidates: c, values } = grid;
  const lineCells: number[] = [];
  const crossing: number[] = [];
  const boxCells: number[] = [];
  for (let box = 0; box < 9 && steps.length < limit; box++) {
    for (let k = 0; k < 6 && steps.length < limit; k++) {
      // The line: one of the box's three rows (k < 3) or three columns.
      const line = k < 3 ? Math.floor(box / 3) * 3 + k : 9 + (box % 3) * 3 + (k - 3);
      lineCells.length = 0;
      crossing.length = 0;
      boxCells.length = 0;
      for (let i = 0; i < 9; i++) {
        const cell = UNIT_CELLS[line * 9 + i]!;
        if (values[cell]) continue;
        if (BOX_OF[cell] === box) crossing.push(cell);
        else lineCells.push(cell);
      }
      if (crossing.length < 2 || lineCells.length === 0) continue;
      for (let i = 0; i < 9; i++) {
        const cell = UNIT_CELLS[(18 + box) * 9 + i]!;
        if (!values[cell] && !(BOX_OF[cell] === box && (line < 9 ? Math.floor(cell / 9) === line : (cell % 9) + 9 === line))) boxCells.push(cell);
      }
      if (boxCells.length === 0) continue;
      // The subsets of the line and the box are made only when the crossing has a core (most often it has none).
      subsetMasks(c, crossing, coreMasks);
      let coreCount = 0;
      for (let bits = 1; bits < 1 << crossing.length; bits++) {
        if (POPCOUNT[bits]! >= 2 && POPCOUNT[coreMasks[bits]!]! >= POPCOUNT[bits]! + 2) cores[coreCount++] = bits;
      }
      if (coreCount === 0) continue;
      subsetMasks(c, lineCells, lineMasks);
      subsetMasks(c, boxCells, boxMasks);
      const lineEnd = 1 << lineCells.length;
      const boxEnd = 1 << boxCells.length;
      for (let ci = 0; ci < coreCount; ci++) {
        const coreBits = cores[ci]!;
        const n0 = POPCOUNT[coreBits]!;
        const v = coreMasks[coreBits]!;
        for (let lBits = 1; lBits < lineEnd; lBits++) {
          const lMask = lineMasks[lBits]!;
          if (!(lMask & v) || POPCOUNT[v | lMask]! > n0 + POPCOUNT[lBits]! + boxCells.length) continue;
          for (let bBits = 1; bBits < boxEnd; bBits++) {
            const bMask = boxMasks[bBits]!;
            if (lMask & bMask || !(bMask & v)) continue;
            if (POPCOUNT[v | lMask | bMask] !== n0 + POPCOUNT[lBits]! + POPCOUNT[bBits]!) continue;
            const found = sueDeCoqStep(c, box, line, crossing, lineCells, boxCells, coreBits, lBits, bBits);
            if (found === null || seen.has(found.key)) continue;
            seen.add(found.key);
            steps.push(found.step);
            if (steps.length >= limit) return steps;
          }
        }
      }
    }
  }
  return steps;
}
