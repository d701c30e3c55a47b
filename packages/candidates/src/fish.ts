import type { Grid } from './grid.js';
import { Eliminations, type Step, type TechniqueName } from './step.js';
import { listing, POPCOUNT } from './tables.js';
import { digitPositions } from './positions.js';
import { DigitMemo } from './digit-memo.js';

/** One memo per size: the digits known to hold no fish on a state. */
const memos: (DigitMemo | undefined)[] = [];

const FISH_NAME: Record<number, { technique: TechniqueName; title: string }> = {
  2: { technique: 'x-wing', title: 'X-Wing' },
  3: { technique: 'swordfish', title: 'Swordfish' },
  4: { technique: 'jellyfish', title: 'Jellyfish' },
};

/**
 * The step of a fish found. A function of its own: the search runs on every stuck state and stays small for the
 * optimizing compiler; this runs only for the fish found.
 */
function fishStep(technique: TechniqueName, title: string, digit: number, byRows: boolean, chosen: readonly number[], cover: number, cells: number[], elim: Eliminations): Step {
  cells.sort((a, b) => a - b);
  const base = chosen.map((b) => b + 1);
  const covers: number[] = [];
  for (let x = 0; x < 9; x++) if (cover & (1 << x)) covers.push(x + 1);
  const [baseName, coverName] = byRows ? ['rows', 'columns'] : ['columns', 'rows'];
  return {
    technique,
    cells,
    digits: [digit],
    eliminations: elim.list(),
    placements: [],
    explanation: `${title} on ${digit}: in ${baseName} ${listing(base)} the ${digit}s lie only in ${coverName} ${listing(covers)}, so remove ${digit} from the other cells of ${coverName} ${listing(covers)}`,
  };
}

/**
 * Basic fish of `size` (2 X-Wing, 3 Swordfish, 4 Jellyfish): n rows whose candidates for a digit lie in the same n
 * columns (or n columns in n rows); the digit leaves the other cells of those columns (rows).
 */
export function findFish(grid: Grid, size: 2 | 3 | 4, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const units = grid.components;
  const { technique, title } = FISH_NAME[size]!;
  const lines = new Uint16Array(9); // for each base line, the cover positions holding the digit
  const pool: number[] = [];
  const chosen: number[] = [];
  let digit = 0;
  let byRows = true;

  const report = (cover: number): void => {
    let baseMask = 0;
    for (const b of chosen) baseMask |= 1 << b;
    // A fish that removes nothing (most: one already used stays on every later state) is left before anything is
    // made: the digit's places in the cover lines (the table read below) outside the base lines.
    let outside = 0;
    for (let x = 0; x < 9; x++) if (cover & (1 << x)) outside |= positions[((byRows ? 9 : 0) + x) * 9 + digit - 1]! & ~baseMask;
    if (!outside) return;
    const elim = new Eliminations();
    const cells: number[] = [];
    // The cover lines are columns for row-based fish (positions in a column are rows) and rows otherwise.
    for (let x = 0; x < 9; x++) {
      if (!(cover & (1 << x))) continue;
      const line = units[(byRows ? 9 : 0) + x]!;
      const at = line.positionsOf(digit);
      elim.addIn(line, at & ~baseMask, 1 << (digit - 1));
      let corners = at & baseMask; // the fish's own cells
      while (corners) {
        const p = corners & -corners;
        corners ^= p;
        cells.push(line.cellAt(31 - Math.clz32(p)));
      }
    }
    if (elim.empty) return;
    steps.push(fishStep(technique, title, digit, byRows, chosen, cover, cells, elim));
  };

  const search = (from: number, cover: number): void => {
    if (chosen.length === size) {
      if (POPCOUNT[cover] === size) report(cover);
      return;
    }
    for (let i = from; i < pool.length && steps.length < limit; i++) {
      const b = pool[i]!;
      const u = cover | lines[b]!;
      if (POPCOUNT[u]! > size) continue;
      chosen.push(b);
      search(i + 1, u);
      chosen.pop();
    }
  };

  const positions = digitPositions(grid.candidates);
  // Each digit's fish depend on that digit's candidates only: digits known to hold none on this state are skipped.
  const memo = (memos[size] ??= new DigitMemo());
  const digits = memo.digits(grid.candidates);
  for (digit = 1; digit <= 9 && steps.length < limit; digit++) {
    if (!(digits & (1 << (digit - 1)))) continue;
    for (let pass = 0; pass < 2; pass++) {
      byRows = pass === 0;
      // For each base line (a row for row-based fish), the positions of the digit, which are the cover line numbers.
      pool.length = 0;
      for (let y = 0; y < 9; y++) {
        const at = positions[((byRows ? 0 : 9) + y) * 9 + digit - 1]!;
        lines[y] = at;
        const n = POPCOUNT[at]!;
        if (n >= 2 && n <= size) pool.push(y);
      }
      if (pool.length >= size) search(0, 0);
    }
  }
  memo.searched(steps.length > 0 || !(limit > 0));
  return steps;
}
