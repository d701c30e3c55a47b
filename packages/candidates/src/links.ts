import type { Grid } from './grid.js';
import { POPCOUNT } from './tables.js';

/** A strong link: a unit in which a digit has exactly two places. @internal */
export interface StrongLink {
  readonly unit: number;
  readonly a: number;
  readonly b: number;
}

/** The strong links of a digit, units in order (rows, columns, boxes). @internal */
export function strongLinks(grid: Grid, digit: number): StrongLink[] {
  const out: StrongLink[] = [];
  const units = grid.components;
  for (let u = 0; u < 27; u++) {
    const unit = units[u]!;
    const at = unit.positionsOf(digit);
    if (POPCOUNT[at] !== 2) continue;
    out.push({ unit: u, a: unit.cellAt(31 - Math.clz32(at & -at)), b: unit.cellAt(31 - Math.clz32(at)) });
  }
  return out;
}

/** The cells other than `exclude` that see every cell of `cells` and still hold a candidate in `mask`. @internal */
export function commonPeers(grid: Grid, cells: readonly number[], mask: number, sees: Uint8Array): number[] {
  const out: number[] = [];
  const c = grid.candidates;
  outer: for (let cell = 0; cell < 81; cell++) {
    if (!(c[cell]! & mask)) continue;
    for (const x of cells) if (x === cell || !sees[x * 81 + cell]) continue outer;
    out.push(cell);
  }
  return out;
}
