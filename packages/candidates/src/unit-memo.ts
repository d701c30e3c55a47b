// A search that finds in each unit what that unit's cells alone allow (hidden subsets) gives nothing again in a unit
// whose cells (values and candidates) are the same as when its last call found nothing at all: a memo per search lets
// it skip those units on the next state of a path (a step changes the cells of a few units only).
import { UNIT_CELLS } from './tables.js';

/**
 * What one search (of one unit at a time) knows from its last call that found nothing: every cell's value and
 * candidates then. A search asks `units` which units it must look at, looks at those only, and says what it found
 * (`searched`).
 * @internal
 */
export class UnitMemo {
  /** Each cell's candidates and value (value << 9 | candidates) when the search last found nothing. */
  private readonly quietCells = new Uint16Array(81);
  /** Whether quietCells holds a state on which the search found nothing. */
  private quiet = false;
  /** The cells of the state being searched, the same way. */
  private readonly asked = new Uint16Array(81);

  /** The units (bit u for unit u: rows 0–8, columns 9–17, boxes 18–26) the search must look at on this state. */
  units(values: Uint8Array, candidates: Uint16Array): number {
    const asked = this.asked;
    for (let cell = 0; cell < 81; cell++) asked[cell] = (values[cell]! << 9) | candidates[cell]!;
    if (!this.quiet) return (1 << 27) - 1;
    let out = 0;
    for (let u = 0; u < 27; u++) {
      for (let k = u * 9; k < u * 9 + 9; k++) {
        if (asked[UNIT_CELLS[k]!] !== this.quietCells[UNIT_CELLS[k]!]) {
          out |= 1 << u;
          break;
        }
      }
    }
    return out;
  }

  /**
   * Says what the search just asked about found: when nothing (it looked at every unit `units` gave, to the end), no
   * unit gives anything on that state; when something, the memo forgets (it may have stopped before some units).
   */
  searched(found: boolean): void {
    if (found) this.quiet = false;
    else {
      this.quietCells.set(this.asked);
      this.quiet = true;
    }
  }
}
