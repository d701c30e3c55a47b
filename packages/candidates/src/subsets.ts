import type { Component } from './component.js';
import type { Grid } from './grid.js';
import { Eliminations, type Step, type TechniqueName } from './step.js';
import { cellName, CELL_UNITS, digitsOf, digitSet, listing, POPCOUNT, UNIT_CELLS } from './tables.js';
import { UnitMemo } from './unit-memo.js';

/** One memo per size: the units known to hold no hidden subset on a state (see unit-memo.ts). */
const hiddenMemos: (UnitMemo | undefined)[] = [];

const SIZE_NAME = ['', '', 'pair', 'triple', 'quad'] as const;

// The steps are made by functions of their own: the searches run on every stuck state and stay small for the
// optimizing compiler; these run only for the subsets found.

function nakedStep(technique: TechniqueName, size: 2 | 3 | 4, cells: number[], union: number, units: readonly Component[], elim: Eliminations): Step {
  const digits = digitsOf(union);
  return {
    technique,
    cells,
    digits,
    eliminations: elim.list(),
    placements: [],
    explanation: `Naked ${SIZE_NAME[size]} ${digitSet(union)} in ${listing(cells.map(cellName))}: remove ${listing(digits)} from the other cells of ${listing(units.map(String))}`,
  };
}

function hiddenStep(technique: TechniqueName, size: 2 | 3 | 4, cells: number[], digitMask: number, unit: Component, elim: Eliminations): Step {
  const digits = digitsOf(digitMask);
  return {
    technique,
    cells,
    digits,
    eliminations: elim.list(),
    placements: [],
    explanation: `Hidden ${SIZE_NAME[size]} ${digitSet(digitMask)} in ${listing(cells.map(cellName))}: in ${unit} ${listing(digits)} fit only in these cells, so remove their other candidates`,
  };
}

/** Naked subsets of `size` cells (2 pair, 3 triple, 4 quad): n cells of a unit holding only n digits between them. */
export function findNakedSubsets(grid: Grid, size: 2 | 3 | 4, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const technique = `naked-${SIZE_NAME[size]}` as TechniqueName;
  const seen = new Set<string>();
  const pool: number[] = []; // positions in the unit
  const chosen: number[] = [];
  const masks = new Uint16Array(9); // the unit's candidates by position, read once per unit
  const { values, candidates } = grid;
  let unit = grid.components[0]!;

  // Whether any cell outside the chosen ones, in a unit holding all of them, has a digit of `union`: what report
  // would remove, found without making anything (most subsets remove nothing).
  const removesSomething = (union: number): boolean => {
    const first = unit.cellAt(chosen[0]!);
    for (let j = 0; j < 3; j++) {
      const u = CELL_UNITS[first * 3 + j]!;
      let shared = true;
      for (let i = 1; i < chosen.length && shared; i++) if (CELL_UNITS[unit.cellAt(chosen[i]!) * 3 + j] !== u) shared = false;
      if (!shared) continue;
      for (let k = u * 9; k < u * 9 + 9; k++) {
        const cell = UNIT_CELLS[k]!;
        if (!(candidates[cell]! & union) || values[cell]) continue;
        let inside = false;
        for (let i = 0; i < chosen.length && !inside; i++) if (unit.cellAt(chosen[i]!) === cell) inside = true;
        if (!inside) return true;
      }
    }
    return false;
  };

  const report = (union: number): void => {
    if (!removesSomething(union)) return;
    // Positions ascending give cells ascending in any unit. What a subset removes depends only on its cells, so one
    // that removes nothing is left before its key is made (most are), and a subset seen from another unit is one step.
    const cells: number[] = [];
    for (const k of chosen) cells.push(unit.cellAt(k));
    const elim = new Eliminations();
    const units: Component[] = [];
    for (let j = 0 as 0 | 1 | 2; j < 3; j++) {
      // Each unit the cells share (the row or column of a line-box subset, the box, …).
      const shared = grid.componentOf(cells[0]!, j);
      let inside = 0;
      for (const cell of cells) {
        const p = shared.positionOf(cell);
        if (p < 0) {
          inside = -1;
          break;
        }
        inside |= 1 << p;
      }
      if (inside < 0) continue;
      let any = false;
      for (let k = 0; k < 9; k++) {
        if (inside & (1 << k) || shared.value(k) || !(shared.mask(k) & union)) continue;
        elim.addIn(shared, 1 << k, union);
        any = true;
      }
      if (any) units.push(shared);
    }
    if (elim.empty) return;
    const key = cells.join(',');
    if (seen.has(key)) return;
    seen.add(key);
    steps.push(nakedStep(technique, size, cells, union, units, elim));
  };

  const search = (from: number, union: number): void => {
    if (chosen.length === size) {
      if (POPCOUNT[union] === size) report(union);
      return;
    }
    for (let i = from; i < pool.length && steps.length < limit; i++) {
      const k = pool[i]!;
      const u = union | masks[k]!;
      if (POPCOUNT[u]! > size) continue;
      chosen.push(k);
      search(i + 1, u);
      chosen.pop();
    }
  };

  for (let u = 0; u < 27 && steps.length < limit; u++) {
    unit = grid.components[u]!;
    pool.length = 0;
    let open = 0;
    for (let k = 0; k < 9; k++) {
      const cell = UNIT_CELLS[u * 9 + k]!;
      masks[k] = candidates[cell]!;
      if (values[cell]) continue;
      open++;
      const n = POPCOUNT[masks[k]!]!;
      if (n >= 2 && n <= size) pool.push(k);
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
  const technique = `hidden-${SIZE_NAME[size]}` as TechniqueName;
  const seen = new Set<string>();
  const where = new Uint16Array(9); // positions (bit k = position k of the unit) of each digit d at where[d - 1]
  const pool: number[] = [];
  const chosen: number[] = [];
  const { candidates } = grid;
  let unit = grid.components[0]!;

  const report = (positions: number): void => {
    let digitMask = 0;
    for (const d of chosen) digitMask |= 1 << (d - 1);
    // What a hidden subset removes depends only on its cells and digits: one that removes nothing is left first
    // (checked on the unit's candidates before anything is made).
    let other = 0;
    for (let k = 0; k < 9; k++) if (positions & (1 << k)) other |= candidates[UNIT_CELLS[unit.unit * 9 + k]!]!;
    if (!(other & ~digitMask & 0x1ff)) return;
    const elim = new Eliminations();
    elim.addIn(unit, positions, ~digitMask & 0x1ff);
    if (elim.empty) return;
    const cells: number[] = [];
    for (let k = 0; k < 9; k++) if (positions & (1 << k)) cells.push(unit.cellAt(k));
    cells.sort((a, b) => a - b);
    const key = `${cells.join(',')}:${digitMask}`;
    if (seen.has(key)) return;
    seen.add(key);
    steps.push(hiddenStep(technique, size, cells, digitMask, unit, elim));
  };

  const search = (from: number, positions: number): void => {
    if (chosen.length === size) {
      if (POPCOUNT[positions] === size) report(positions);
      return;
    }
    for (let i = from; i < pool.length && steps.length < limit; i++) {
      const d = pool[i]!;
      const p = positions | where[d - 1]!;
      if (POPCOUNT[p]! > size) continue;
      chosen.push(d);
      search(i + 1, p);
      chosen.pop();
    }
  };

  // Each unit's hidden subsets depend on that unit's cells only: units known to hold none on this state are skipped.
  const memo = (hiddenMemos[size] ??= new UnitMemo());
  const open = memo.units(grid.values, grid.candidates);
  for (let u = 0; u < 27 && steps.length < limit; u++) {
    if (!(open & (1 << u))) continue;
    unit = grid.components[u]!;
    // Solved cells have no candidates, so they hold no digit's position.
    if (POPCOUNT[unit.emptyPositions()]! <= size) continue;
    unit.positionsByDigit(where);
    pool.length = 0;
    for (let d = 1; d <= 9; d++) {
      const n = POPCOUNT[where[d - 1]!]!;
      if (n >= 1 && n <= size) pool.push(d);
    }
    if (pool.length < size) continue;
    search(0, 0);
  }
  memo.searched(steps.length > 0 || !(limit > 0));
  return steps;
}
