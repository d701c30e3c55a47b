import type { Grid } from './grid.js';
import { Eliminations, type Step } from './step.js';
import { BOX_OF, cellName, digitsOf, digitSet, listing, POPCOUNT, UNIT_CELLS, unitName } from './tables.js';

interface Subset {
  readonly cells: number[];
  readonly mask: number;
}

/** Every non-empty subset of the cells (at most 6 of them), with the union of its candidates. */
function subsets(grid: Grid, cells: readonly number[]): Subset[] {
  const out: Subset[] = [];
  for (let bits = 1; bits < 1 << cells.length; bits++) {
    const chosen: number[] = [];
    let mask = 0;
    for (let k = 0; k < cells.length; k++) {
      if (bits & (1 << k)) {
        chosen.push(cells[k]!);
        mask |= grid.candidates[cells[k]!]!;
      }
    }
    out.push({ cells: chosen, mask });
  }
  return out;
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
  for (let box = 0; box < 9 && steps.length < limit; box++) {
    for (let k = 0; k < 6 && steps.length < limit; k++) {
      // The line: one of the box's three rows (k < 3) or three columns.
      const line = k < 3 ? Math.floor(box / 3) * 3 + k : 9 + (box % 3) * 3 + (k - 3);
      const lineCells: number[] = [];
      const crossing: number[] = [];
      const boxCells: number[] = [];
      for (let i = 0; i < 9; i++) {
        const cell = UNIT_CELLS[line * 9 + i]!;
        if (values[cell]) continue;
        if (BOX_OF[cell] === box) crossing.push(cell);
        else lineCells.push(cell);
      }
      for (let i = 0; i < 9; i++) {
        const cell = UNIT_CELLS[(18 + box) * 9 + i]!;
        if (!values[cell] && !crossing.includes(cell)) boxCells.push(cell);
      }
      if (crossing.length < 2 || lineCells.length === 0 || boxCells.length === 0) continue;
      // The subsets of the line and the box are made only when the crossing has a core (most often it has none).
      const cores = subsets(grid, crossing).filter((core) => core.cells.length >= 2 && POPCOUNT[core.mask]! >= core.cells.length + 2);
      if (cores.length === 0) continue;
      const lineSets = subsets(grid, lineCells);
      const boxSets = subsets(grid, boxCells);
      for (const core of cores) {
        const n0 = core.cells.length;
        const v = core.mask;
        for (const l of lineSets) {
          if (!(l.mask & v) || POPCOUNT[v | l.mask]! > n0 + l.cells.length + boxCells.length) continue;
          for (const b of boxSets) {
            if (l.mask & b.mask || !(b.mask & v)) continue;
            const n = n0 + l.cells.length + b.cells.length;
            if (POPCOUNT[v | l.mask | b.mask] !== n) continue;
            const elim = new Eliminations();
            const lineLoses = (v | l.mask) & ~b.mask;
            const boxLoses = (v | b.mask) & ~l.mask;
            for (const x of lineCells) if (!l.cells.includes(x)) elim.add(c, x, lineLoses);
            for (const x of crossing) if (!core.cells.includes(x)) elim.add(c, x, lineLoses | boxLoses);
            for (const x of boxCells) if (!b.cells.includes(x)) elim.add(c, x, boxLoses);
            if (elim.empty) continue;
            const eliminations = elim.list();
            const key = eliminations.map((e) => e.cell * 10 + e.digit).join(',');
            if (seen.has(key)) continue;
            seen.add(key);
            const cells = [...core.cells, ...l.cells, ...b.cells].sort((a, b2) => a - b2);
            const lineName = unitName(line);
            steps.push({
              technique: 'sue-de-coq',
              cells,
              digits: digitsOf(v | l.mask | b.mask),
              eliminations,
              placements: [],
              explanation: `Sue de Coq: ${listing(core.cells.map(cellName))} (${digitSet(v)}) where ${lineName} crosses box ${box + 1}, with ${listing(l.cells.map(cellName))} (${digitSet(l.mask)}) in ${lineName} and ${listing(b.cells.map(cellName))} (${digitSet(b.mask)}) in box ${box + 1}, hold ${n} digits in ${n} cells; the rest of ${lineName} cannot be ${digitsOf(lineLoses).join(', ')} and the rest of box ${box + 1} cannot be ${digitsOf(boxLoses).join(', ')}`,
            });
            if (steps.length >= limit) return steps;
          }
        }
      }
    }
  }
  return steps;
}
