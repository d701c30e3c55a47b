// The searches for one digit's patterns (fish of every kind, coloring, X-Chains, turbot fish, empty rectangles,
// skyscrapers, kites) find on each digit what that digit's candidates alone allow: a digit whose cells are the same as
// when the last search found nothing at all gives nothing again. The solver runs each search on state after state of a
// path, and a step changes the cells of a few digits only, so a memo per search lets it skip the others.

/** Each digit's cells for the candidates last asked about: three 27-bit words per digit (cells 0–26, 27–53, 54–80). */
let cellsFor: Uint16Array | undefined;
let cellsTable: Int32Array | undefined;

/**
 * The cells of each digit for these candidates: `table[(digit - 1) * 3 + k]` holds cells 27k to 27k + 26. The table is
 * shared and made again when the candidates differ from the last call's. @internal
 */
export function digitCells(candidates: Uint16Array): Int32Array {
  if (cellsFor !== undefined && cellsTable !== undefined) {
    let same = true;
    for (let cell = 0; cell < 81 && same; cell++) same = cellsFor[cell] === candidates[cell];
    if (same) return cellsTable;
  }
  cellsFor ??= new Uint16Array(81);
  cellsTable ??= new Int32Array(27);
  const table = cellsTable;
  table.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    let m = candidates[cell]!;
    const word = (cell / 27) | 0;
    const bit = 1 << cell % 27;
    while (m) {
      const b = m & -m;
      m ^= b;
      table[(31 - Math.clz32(b)) * 3 + word]! |= bit;
    }
  }
  cellsFor.set(candidates);
  return table;
}

/**
 * What one search (a technique of one digit at a time) knows from its last call that found nothing: the digits' cells
 * then. A search asks `digits` which digits it must look at, looks at those only, and says what it found (`searched`).
 * @internal
 */
export class DigitMemo {
  /** Each digit's cells when the search last found nothing. */
  private readonly quietCells = new Int32Array(27);
  /** The digits known to give nothing while their cells are those in quietCells (bit d - 1 for digit d). */
  private quiet = 0;
  /** The cells of the state being searched. */
  private readonly asked = new Int32Array(27);

  /** The digits (bit d - 1 for digit d) the search must look at on these candidates: all but those known to give nothing. */
  digits(candidates: Uint16Array): number {
    const now = digitCells(candidates);
    this.asked.set(now);
    let skip = 0;
    for (let d = 0, k = 0; d < 9; d++, k += 3) {
      if (this.quiet & (1 << d) && now[k] === this.quietCells[k] && now[k + 1] === this.quietCells[k + 1] && now[k + 2] === this.quietCells[k + 2]) skip |= 1 << d;
    }
    return 511 & ~skip;
  }

  /**
   * Says what the search just asked about found: when nothing (it looked at every digit `digits` gave, to the end), no
   * digit gives anything on that state; when something, the memo forgets (it may have stopped before some digits).
   */
  searched(found: boolean): void {
    if (found) this.quiet = 0;
    else {
      this.quietCells.set(this.asked);
      this.quiet = 511;
    }
  }
}
