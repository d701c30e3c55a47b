import type { Grid } from './grid.js';
import { Eliminations, type Candidate, type Step, type TechniqueName } from './step.js';
import { BOX_OF, cellName, listing, POPCOUNT } from './tables.js';

const TITLES: Record<number, string> = { 2: 'X-Wing', 3: 'Swordfish', 4: 'Jellyfish' };

/** The finned technique name of a size, sashimi or not. @internal */
export function finnedName(size: 2 | 3 | 4, sashimi: boolean): TechniqueName {
  const base = size === 2 ? 'x-wing' : size === 3 ? 'swordfish' : 'jellyfish';
  return `${sashimi ? 'sashimi' : 'finned'}-${base}` as TechniqueName;
}

/**
 * The step of a finned fish found, and its key (the digit and the cells it changes). A function of its own: the search
 * runs on every stuck state and stays small for the optimizing compiler; this runs only for the fish found.
 */
function finnedStep(
  technique: TechniqueName,
  title: string,
  digit: number,
  byRows: boolean,
  chosen: readonly number[],
  lines: Uint16Array,
  cover: number,
  fins: number[],
  finBox: number,
  eliminations: Candidate[],
): { key: string; step: Step } {
  const key = `${digit}:${eliminations.map((e) => e.cell).join(',')}`;
  const cellAt = (y: number, x: number): number => (byRows ? y * 9 + x : x * 9 + y);
  const cells: number[] = [];
  for (const y of chosen) {
    let at = lines[y]! & cover;
    while (at) {
      const p = at & -at;
      at ^= p;
      cells.push(cellAt(y, 31 - Math.clz32(p)));
    }
  }
  cells.sort((a, b) => a - b);
  fins.sort((a, b) => a - b);
  const base = chosen.map((b) => b + 1);
  const covers: number[] = [];
  for (let x = 0; x < 9; x++) if (cover & (1 << x)) covers.push(x + 1);
  const [baseName, coverName] = byRows ? ['rows', 'columns'] : ['columns', 'rows'];
  return {
    key,
    step: {
      technique,
      cells: [...cells, ...fins],
      digits: [digit],
      eliminations,
      placements: [],
      explanation: `${title} on ${digit}: in ${baseName} ${listing(base)} the ${digit}s lie in ${coverName} ${listing(covers)} but for the fin${fins.length > 1 ? 's' : ''} ${listing(fins.map(cellName))} in box ${finBox + 1}; either a fin or the fish holds ${digit}, so remove ${digit} from the cells of ${coverName} ${listing(covers)} in box ${finBox + 1}`,
    },
  };
}

/**
 * Finned (or sashimi) fish of `size` (2 X-Wing, 3 Swordfish, 4 Jellyfish) on rows or columns: in n base lines the digit
 * lies in n cover lines but for some extra candidates, the fins, all in one box. Either a fin holds the digit, or the
 * fish does; so a cell of the cover lines outside the base lines that shares the fins' box loses the digit. Sashimi:
 * some base line has only one candidate left in the cover lines (without the fins the fish would not stand).
 */
export function findFinnedFish(grid: Grid, size: 2 | 3 | 4, sashimi: boolean, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const units = grid.components;
  const lines = new Uint16Array(9);
  const pool: number[] = [];
  const chosen: number[] = [];
  const seen = new Set<string>();
  const technique = finnedName(size, sashimi);
  const title = `${sashimi ? 'Sashimi' : 'Finned'} ${TITLES[size]}`;
  let digit = 0;
  let byRows = true;

  // The cell at base line y, cover line x.
  const cellAt = (y: number, x: number): number => (byRows ? y * 9 + x : x * 9 + y);

  const tryCover = (baseMask: number, cover: number): void => {
    let finBox = -1;
    const fins: number[] = [];
    let thin = false;
    for (const y of chosen) {
      const inCover = lines[y]! & cover;
      if (!inCover) return;
      if (POPCOUNT[inCover] === 1) thin = true;
      let out = lines[y]! & ~cover;
      while (out) {
        const p = out & -out;
        out ^= p;
        const cell = cellAt(y, 31 - Math.clz32(p));
        if (finBox < 0) finBox = BOX_OF[cell]!;
        else if (BOX_OF[cell] !== finBox) return;
        fins.push(cell);
      }
    }
    if (fins.length === 0 || thin !== sashimi) return;
    const bit = 1 << (digit - 1);
    const elim = new Eliminations();
    for (let x = 0; x < 9; x++) {
      if (!(cover & (1 << x))) continue;
      for (let y = 0; y < 9; y++) {
        if (baseMask & (1 << y)) continue;
        const cell = cellAt(y, x);
        if (BOX_OF[cell] === finBox) elim.add(grid.candidates, cell, bit);
      }
    }
    if (elim.empty) return;
    const step = finnedStep(technique, title, digit, byRows, chosen, lines, cover, fins, finBox, elim.list());
    if (seen.has(step.key)) return;
    seen.add(step.key);
    steps.push(step.step);
  };

  // Covers: the fins lie in one box, so for each box the candidates outside it fix most covers (those columns must be
  // covers); the rest are chosen among the box's own columns.
  const covers = (baseMask: number, union: number): void => {
    for (let box = 0; box < 9 && steps.length < limit; box++) {
      // Across the base lines: the box's band (base lines crossing the box) and stack (cover lines crossing it).
      const bandLines = byRows ? 7 << (Math.floor(box / 3) * 3) : 7 << ((box % 3) * 3);
      const stack = byRows ? 7 << ((box % 3) * 3) : 7 << (Math.floor(box / 3) * 3);
      if (!(baseMask & bandLines)) continue;
      let forced = 0;
      for (const y of chosen) forced |= bandLines & (1 << y) ? lines[y]! & ~stack : lines[y]!;
      const n = POPCOUNT[forced]!;
      if (n > size) continue;
      const free = union & stack & ~forced;
      // Every subset of the free columns of the right size completes the covers.
      for (let sub = free; ; sub = (sub - 1) & free) {
        if (POPCOUNT[sub] === size - n) tryCover(baseMask, forced | sub);
        if (sub === 0) break;
      }
    }
  };

  const bases = (from: number, union: number, baseMask: number): void => {
    if (chosen.length === size) {
      if (POPCOUNT[union]! > size) covers(baseMask, union);
      return;
    }
    for (let i = from; i < pool.length && steps.length < limit; i++) {
      const y = pool[i]!;
      chosen.push(y);
      bases(i + 1, union | lines[y]!, baseMask | (1 << y));
      chosen.pop();
    }
  };

  for (digit = 1; digit <= 9 && steps.length < limit; digit++) {
    for (let pass = 0; pass < 2 && steps.length < limit; pass++) {
      byRows = pass === 0;
      pool.length = 0;
      for (let y = 0; y < 9; y++) {
        const at = units[(byRows ? 0 : 9) + y]!.positionsOf(digit);
        lines[y] = at;
        // A base line holds at most size candidates in the covers and at most 3 fins (one box).
        if (at && POPCOUNT[at]! <= size + 3) pool.push(y);
      }
      if (pool.length >= size) bases(0, 0, 0);
    }
  }
  return steps.length > limit ? steps.slice(0, limit) : steps;
}
