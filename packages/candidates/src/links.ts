import type { Grid } from './grid.js';
import { UNIT_CELLS } from './tables.js';

/** A strong link: a unit in which a digit has exactly two places. @internal */
export interface StrongLink {
  readonly unit: number;
  readonly a: number;
  readonly b: number;
}

/** The strong links of a digit, units in order (rows, columns, boxes). @internal */
export function strongLinks(grid: Grid, digit: number): StrongLink[] {
  const c = grid.candidates;
  const bit = 1 << (digit - 1);
  const out: StrongLink[] = [];
  for (let u = 0; u < 27; u++) {
    let a = -1;
    let b = -1;
    let n = 0;
    for (let k = 0; k < 9; k++) {
      const cell = UNIT_CELLS[u * 9 + k]!;
      if (c[cell]! & bit) {
        if (n === 0) a = cell;
        else b = cell;
        n++;
      }
    }
    if (n === 2) out.push({ unit: u, a, b });
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
