import type { Grid } from './grid.js';
import { Eliminations, type Candidate, type Step, type TechniqueName } from './step.js';
import { digitPositions } from './positions.js';
import { DigitMemo } from './digit-memo.js';
import { cellName, listing, POPCOUNT } from './tables.js';

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
 * What a search for one kind (finned or sashimi) found of the other kind on the same state, kept for the next call:
 * the solver asks for finned and then sashimi fish of each size in a row, and both come from one enumeration.
 */
interface Kept {
  /** The values and then the candidates of the state searched. */
  readonly state: Uint16Array;
  size: number;
  sashimi: boolean;
  /** The fish found of that kind, in the order the search found them (at most `cap`). */
  steps: Step[];
  cap: number;
  /** Whether the enumeration went to its end (else `steps` is only complete when it holds `cap`). */
  finished: boolean;
}

let kept: Kept | undefined;

/**
 * One memo per size for the enumeration of both kinds: the digits known to hold no finned and no sashimi fish of that
 * size on a state (each digit's fish depend on that digit's candidates only).
 */
const memos: (DigitMemo | undefined)[] = [];

function sameState(state: Uint16Array, grid: Grid): boolean {
  const { values, candidates } = grid;
  for (let cell = 0; cell < 81; cell++) if (state[cell] !== values[cell] || state[81 + cell] !== candidates[cell]) return false;
  return true;
}

/**
 * Finned (or sashimi) fish of `size` (2 X-Wing, 3 Swordfish, 4 Jellyfish) on rows or columns: in n base lines the digit
 * lies in n cover lines but for some extra candidates, the fins, all in one box. Either a fin holds the digit, or the
 * fish does; so a cell of the cover lines outside the base lines that shares the fins' box loses the digit. Sashimi:
 * some base line has only one candidate left in the cover lines (without the fins the fish would not stand).
 */
export function findFinnedFish(grid: Grid, size: 2 | 3 | 4, sashimi: boolean, limit = Infinity): Step[] {
  // The other kind's fish, found by the last search on this state, are given once (each Step object to one caller).
  if (kept !== undefined && kept.size === size && kept.sashimi === sashimi && (kept.steps.length >= limit || (kept.finished && kept.cap >= limit)) && sameState(kept.state, grid)) {
    const steps = kept.steps.length > limit ? kept.steps.slice(0, limit) : kept.steps;
    kept.size = 0;
    return steps;
  }
  const memo = (memos[size] ??= new DigitMemo());
  const both = searchFinnedFish(grid, size, sashimi, limit, memo.digits(grid.candidates));
  // Nothing of either kind: the enumeration went to its end (the kind asked for never reached its limit).
  memo.searched(both.steps.length > 0 || both.other.length > 0 || !(limit > 0));
  const state = kept?.state ?? new Uint16Array(162);
  state.set(grid.values);
  state.set(grid.candidates, 81);
  kept = { state, size, sashimi: !sashimi, steps: both.other, cap: limit, finished: both.finished };
  return both.steps;
}

/**
 * The enumeration of findFinnedFish: the fish of the kind asked for (at most `limit`), and on the way those of the other
 * kind (at most `limit` too, in their own order), until the kind asked for has `limit` or the enumeration ends. Each
 * kind's list is what a search for that kind alone finds first: the same order, each kind with its own seen keys.
 */
function searchFinnedFish(grid: Grid, size: 2 | 3 | 4, sashimi: boolean, limit: number, digits: number): { steps: Step[]; other: Step[]; finished: boolean } {
  const found: [Step[], Step[]] = [[], []]; // [finned, sashimi]
  const seen: [Set<string>, Set<string>] = [new Set(), new Set()];
  const asked = sashimi ? 1 : 0;
  const lines = new Uint16Array(9);
  const pool: number[] = [];
  const chosen: number[] = [];
  let digit = 0;
  let byRows = true;
  const full = (): boolean => found[asked].length >= limit;

  // The cell at base line y, cover line x.
  const cellAt = (y: number, x: number): number => (byRows ? y * 9 + x : x * 9 + y);

  // `room`: the cells of the fins' box (in cover-line bits) on its band's lines outside the base that hold the digit,
  // where a fish with these covers can remove something (see covers).
  const tryCover = (baseMask: number, cover: number, box: number, bandLines: number, stack: number): void => {
    let finBox = -1;
    let thin = false;
    for (const y of chosen) {
      const inCover = lines[y]! & cover;
      if (!inCover) return;
      if (POPCOUNT[inCover] === 1) thin = true;
      // Fins lie only in the box's stack on its band's lines (the other candidates are covers, see covers).
      if (lines[y]! & ~cover) finBox = box;
    }
    const kind = thin ? 1 : 0;
    if (finBox < 0 || found[kind].length >= limit) return;
    const fins: number[] = [];
    for (const y of chosen) {
      let out = lines[y]! & ~cover;
      while (out) {
        const p = out & -out;
        out ^= p;
        fins.push(cellAt(y, 31 - Math.clz32(p)));
      }
    }
    const bit = 1 << (digit - 1);
    const elim = new Eliminations();
    // The cells of the cover lines in the fins' box on the lines outside the base (the same cells as every cover line
    // crossed with every line outside the base, kept in the box).
    let rest = bandLines & ~baseMask;
    while (rest) {
      const yb = rest & -rest;
      rest ^= yb;
      const y = 31 - Math.clz32(yb);
      let at = cover & stack;
      while (at) {
        const xb = at & -at;
        at ^= xb;
        elim.add(grid.candidates, cellAt(y, 31 - Math.clz32(xb)), bit);
      }
    }
    if (elim.empty) return;
    const technique = finnedName(size, thin);
    const step = finnedStep(technique, `${thin ? 'Sashimi' : 'Finned'} ${TITLES[size]}`, digit, byRows, chosen, lines, cover, fins, finBox, elim.list());
    if (seen[kind].has(step.key)) return;
    seen[kind].add(step.key);
    found[kind].push(step.step);
  };

  // Covers: the fins lie in one box, so for each box the candidates outside it fix most covers (those columns must be
  // covers); the rest are chosen among the box's own columns.
  const covers = (baseMask: number, union: number): void => {
    for (let box = 0; box < 9 && !full(); box++) {
      // Across the base lines: the box's band (base lines crossing the box) and stack (cover lines crossing it).
      const bandLines = byRows ? 7 << (Math.floor(box / 3) * 3) : 7 << ((box % 3) * 3);
      const stack = byRows ? 7 << ((box % 3) * 3) : 7 << (Math.floor(box / 3) * 3);
      if (!(baseMask & bandLines)) continue;
      // Only the digit's places in the box on lines outside the base can go: a box without any gives nothing, and a
      // choice of covers gives something only when a cover line crosses one of them.
      let room = 0;
      for (let y = 0; y < 9; y++) if (bandLines & ~baseMask & (1 << y)) room |= lines[y]! & stack;
      if (!room) continue;
      let forced = 0;
      for (const y of chosen) forced |= bandLines & (1 << y) ? lines[y]! & ~stack : lines[y]!;
      const n = POPCOUNT[forced]!;
      if (n > size) continue;
      const free = union & stack & ~forced;
      // Every subset of the free columns of the right size completes the covers.
      for (let sub = free; ; sub = (sub - 1) & free) {
        if (POPCOUNT[sub] === size - n && (forced | sub) & room) tryCover(baseMask, forced | sub, box, bandLines, stack);
        if (sub === 0) break;
      }
    }
  };

  const bases = (from: number, union: number, baseMask: number): void => {
    if (chosen.length === size) {
      if (POPCOUNT[union]! > size) covers(baseMask, union);
      return;
    }
    for (let i = from; i < pool.length && !full(); i++) {
      const y = pool[i]!;
      const u = union | lines[y]!;
      // Every cover line outside the fins' stack is forced (see covers): when more than size of them are, for each of
      // the three stacks, no choice of bases that holds these lines gives a fish (their union only grows).
      if (POPCOUNT[u & ~0o7]! > size && POPCOUNT[u & ~0o70]! > size && POPCOUNT[u & ~0o700]! > size) continue;
      chosen.push(y);
      bases(i + 1, u, baseMask | (1 << y));
      chosen.pop();
    }
  };

  const positions = digitPositions(grid.candidates);
  for (digit = 1; digit <= 9 && !full(); digit++) {
    if (!(digits & (1 << (digit - 1)))) continue;
    for (let pass = 0; pass < 2 && !full(); pass++) {
      byRows = pass === 0;
      pool.length = 0;
      for (let y = 0; y < 9; y++) {
        const at = positions[((byRows ? 0 : 9) + y) * 9 + digit - 1]!;
        lines[y] = at;
        // A base line holds at most size candidates in the covers and at most 3 fins (one box).
        if (at && POPCOUNT[at]! <= size + 3) pool.push(y);
      }
      if (pool.length >= size) bases(0, 0, 0);
    }
  }
  const steps = found[asked];
  return { steps: steps.length > limit ? steps.slice(0, limit) : steps, other: found[1 - asked]!, finished: !full() };
}
