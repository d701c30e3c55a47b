// Where each digit can go in each unit, as 9-bit position masks, for the fish and link searches that the solver runs
// one after another on the same state: made once per state (a state's candidates), instead of per search and digit.
import { UNIT_CELLS } from './tables.js';

/** The candidates the table was made for, and the table: positions[u * 9 + d - 1], bit k for the unit's k-th cell. */
let madeFor: Uint16Array | undefined;
let positions: Uint16Array | undefined;

/**
 * The positions of every digit in every unit (rows 0–8, columns 9–17, boxes 18–26), as Component.positionsOf gives
 * them: `table[u * 9 + digit - 1]`. The table is shared and made again when the candidates differ from the last
 * call's; read it before the candidates change. @internal
 */
export function digitPositions(candidates: Uint16Array): Uint16Array {
  if (madeFor !== undefined && positions !== undefined) {
    let same = true;
    for (let cell = 0; cell < 81 && same; cell++) same = madeFor[cell] === candidates[cell];
    if (same) return positions;
  }
  madeFor ??= new Uint16Array(81);
  positions ??= new Uint16Array(27 * 9);
  const table = positions;
  table.fill(0);
  for (let u = 0; u < 27; u++) {
    for (let k = 0; k < 9; k++) {
      let m = candidates[UNIT_CELLS[u * 9 + k]!]!;
      while (m) {
        const bit = m & -m;
        m ^= bit;
        table[u * 9 + 31 - Math.clz32(bit)]! |= 1 << k;
      }
    }
  }
  madeFor.set(candidates);
  return table;
}
