import type { Grid } from './grid.js';
import { digitPositions } from './positions.js';
import { POPCOUNT, UNIT_CELLS } from './tables.js';

/** A strong link: a unit in which a digit has exactly two places. @internal */
export interface StrongLink {
  readonly unit: number;
  readonly a: number;
  readonly b: number;
}

/** The strong links of a digit, units in order (rows, columns, boxes). @internal */
export function strongLinks(grid: Grid, digit: number): StrongLink[] {
  const out: StrongLink[] = [];
  const positions = digitPositions(grid.candidates);
  for (let u = 0; u < 27; u++) {
    const at = positions[u * 9 + digit - 1]!;
    if (POPCOUNT[at] !== 2) continue;
    out.push({ unit: u, a: UNIT_CELLS[u * 9 + 31 - Math.clz32(at & -at)]!, b: UNIT_CELLS[u * 9 + 31 - Math.clz32(at)]! });
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
