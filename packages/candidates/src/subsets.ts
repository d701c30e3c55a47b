import type { Grid } from './grid.js';
import { Eliminations, type Step, type TechniqueName } from './step.js';
import { cellName, CELL_UNITS, digitsOf, digitSet, listing, POPCOUNT, UNIT_CELLS, unitName } from './tables.js';

const SIZE_NAME = ['', '', 'pair', 'triple', 'quad'] as const;

/** Naked subsets of `size` cells (2 pair, 3 triple, 4 quad): n cells of a unit holding only n digits between them. */
export function findNakedSubsets(grid: Grid, size: 2 | 3 | 4, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const { candidates: c, values } = grid;
  const technique = `naked-${SIZE_NAME[size]}` as TechniqueName;
  const seen = new Set<string>();
  const pool: number[] = [];
  const chosen: number[] = [];

  const report = (union: number): void => {
    const cells = [...chosen].sort((a, b) => a - b);
    const key = cells.join(',');
    if (seen.has(key)) return;
    seen.add(key);
    const elim = new Eliminations();
    const units: number[] = [];
    for (let j = 0; j < 3; j++) {
      const u = CELL_UNITS[cells[0]! * 3 + j]!;
      if (!cells.every((cell) => CELL_UNITS[cell * 3 + j] === u)) continue;
      let any = false;
      for (let k = 0; k < 9; k++) {
        const cell = UNIT_CELLS[u * 9 + k]!;
        if (values[cell] || cells.includes(cell) || !(c[cell]! & union)) continue;
        elim.add(c, cell, union);
        any = true;
      }
      if (any) units.push(u);
    }
    if (elim.empty) return;
    const digits = digitsOf(union);
    steps.push({
      technique,
      cells,
      digits,
      eliminations: elim.list(),
      placements: [],
      explanation: `Naked ${SIZE_NAME[size]} ${digitSet(union)} in ${listing(cells.map(cellName))}: remove ${listing(digits)} from the other cells of ${listing(units.map(unitName))}`,
    });
  };

  const search = (from: number, union: number): void => {
    if (chosen.length === size) {
      if (POPCOUNT[union] === size) report(union);
      return;
    }
    for (let i = from; i < pool.length && steps.length < limit; i++) {
      const cell = pool[i]!;
      const u = union | c[cell]!;
      if (POPCOUNT[u]! > size) continue;
      chosen.push(cell);
      search(i + 1, u);
      chosen.pop();
    }
  };

  for (let u = 0; u < 27 && steps.length < limit; u++) {
    pool.length = 0;
    let open = 0;
    for (let k = 0; k < 9; k++) {
      const cell = UNIT_CELLS[u * 9 + k]!;
      if (values[cell]) continue;
      open++;
      const n = POPCOUNT[c[cell]!]!;
      if (n >= 2 && n <= size) pool.push(cell);
    }
    // A subset that fills every open cell of the unit removes nothing there (it may in a shared unit, found from it).
    if (pool.length < size || open <= size) continue;
    search(0, 0);
  }
  return steps;
}

/** Hidden subsets of `size` digits: n digits that fit only in the same n cells of a unit; those cells lose their other candidates. */
export function findHiddenSubsets(grid: Grid, size: 2 | 3 | 4, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const { candidates: c, values } = grid;
  const technique = `hidden-${SIZE_NAME[size]}` as TechniqueName;
  const seen = new Set<string>();
  const where = new Uint16Array(10); // positions (bit k = k-th cell of the unit) of each digit
  const pool: number[] = [];
  const chosen: number[] = [];
  let unit = 0;

  const report = (positions: number): void => {
    let digitMask = 0;
    for (const d of chosen) digitMask |= 1 << (d - 1);
    const cells: number[] = [];
    for (let k = 0; k < 9; k++) if (positions & (1 << k)) cells.push(UNIT_CELLS[unit * 9 + k]!);
    cells.sort((a, b) => a - b);
    const key = `${cells.join(',')}:${digitMask}`;
    if (seen.has(key)) return;
    seen.add(key);
    const elim = new Eliminations();
    for (const cell of cells) elim.add(c, cell, ~digitMask & 0x1ff);
    if (elim.empty) return;
    const digits = digitsOf(digitMask);
    steps.push({
      technique,
      cells,
      digits,
      eliminations: elim.list(),
      placements: [],
      explanation: `Hidden ${SIZE_NAME[size]} ${digitSet(digitMask)} in ${listing(cells.map(cellName))}: in ${unitName(unit)} ${listing(digits)} fit only in these cells, so remove their other candidates`,
    });
  };

  const search = (from: number, positions: number): void => {
    if (chosen.length === size) {
      if (POPCOUNT[positions] === size) report(positions);
      return;
    }
    for (let i = from; i < pool.length && steps.length < limit; i++) {
      const d = pool[i]!;
      const p = positions | where[d]!;
      if (POPCOUNT[p]! > size) continue;
      chosen.push(d);
      search(i + 1, p);
      chosen.pop();
    }
  };

  for (let u = 0; u < 27 && steps.length < limit; u++) {
    unit = u;
    where.fill(0);
    let open = 0;
    for (let k = 0; k < 9; k++) {
      const cell = UNIT_CELLS[u * 9 + k]!;
      if (values[cell]) continue;
      open++;
      const m = c[cell]!;
      for (let d = 1; d <= 9; d++) if (m & (1 << (d - 1))) where[d]! |= 1 << k;
    }
    if (open <= size) continue;
    pool.length = 0;
    for (let d = 1; d <= 9; d++) {
      const n = POPCOUNT[where[d]!]!;
      if (n >= 1 && n <= size) pool.push(d);
    }
    if (pool.length < size) continue;
    search(0, 0);
  }
  return steps;
}
