// Where each digit can go in each unit, as 9-bit position masks, for the fish and link searches that the solver runs
// one after another on the same state: made once per state (a state's candidates), instead of per search and digit.
import { UNIT_CELLS } from './tables.js';

/**
 * A table made from a state's candidates and kept while they stay the same: the searches the solver runs one after
 * another on one state share it. `of` makes it again when the candidates differ from the last call's; read it before
 * the candidates change. @internal
 */
export class CandidateTable<T extends Uint16Array | Int32Array> {
  #madeFor: Uint16Array | undefined;
  readonly #table: T;
  readonly #make: (candidates: Uint16Array, table: T) => void;

  /** `make` fills the zeroed `table` from the candidates. */
  constructor(table: T, make: (candidates: Uint16Array, table: T) => void) {
    this.#table = table;
    this.#make = make;
  }

  /** The table for these candidates. */
  of(candidates: Uint16Array): T {
    const madeFor = this.#madeFor;
    if (madeFor !== undefined) {
      let same = true;
      for (let cell = 0; cell < 81 && same; cell++) same = madeFor[cell] === candidates[cell];
      if (same) return this.#table;
    }
    this.#table.fill(0);
    this.#make(candidates, this.#table);
    (this.#madeFor ??= new Uint16Array(81)).set(candidates);
    return this.#table;
  }
}

const positions = new CandidateTable(new Uint16Array(27 * 9), (candidates, table) => {
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
});

/**
 * The positions of every digit in every unit (rows 0–8, columns 9–17, boxes 18–26), as Component.positionsOf gives
 * them: `table[u * 9 + digit - 1]`. The table is shared and made again when the candidates differ from the last
 * call's; read it before the candidates change. @internal
 */
export function digitPositions(candidates: Uint16Array): Uint16Array {
  return positions.of(candidates);
}
