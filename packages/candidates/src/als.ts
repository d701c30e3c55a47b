// Almost locked sets: N cells of one unit holding N + 1 candidates between them (a bivalue cell is the smallest). If a
// digit is taken out of an ALS, the rest is locked. Two ALS share a restricted common candidate (RCC) x when every x of
// one sees every x of the other: at most one of them holds x. ALS-XZ, ALS-XY-Wing, ALS chains and death blossoms
// follow from that; cell sets are bitboards of three 27-bit words (rows 1-3, 4-6, 7-9).
import { cellsText } from './eureka.js';
import type { Grid } from './grid.js';
import { Eliminations, type Step } from './step.js';
import { cellName, digitSet, POPCOUNT, SEES, UNIT_CELLS, unitName } from './tables.js';

/** An almost locked set. @internal */
export interface Als {
  readonly unit: number;
  readonly cells: readonly number[];
  /** The cells as a bitboard. */
  readonly board: Board;
  /** Its candidates (N + 1 digits for N cells). */
  readonly mask: number;
  /** Per digit 1..9: the cells outside the set that see every cell of the set holding the digit (index 0 unused). */
  readonly seeAll: readonly Board[];
  /** Per digit: the cells of the set holding it. */
  readonly holding: readonly Board[];
}

type Board = [number, number, number];

const PEER_BOARDS: Board[] = /* @__PURE__ */ (() => {
  const out: Board[] = [];
  for (let a = 0; a < 81; a++) {
    const b: Board = [0, 0, 0];
    for (let x = 0; x < 81; x++) if (SEES[a * 81 + x]) b[Math.floor(x / 27)]! |= 1 << x % 27;
    out.push(b);
  }
  return out;
})();

const bit = (x: number): Board => {
  const b: Board = [0, 0, 0];
  b[Math.floor(x / 27)] = 1 << x % 27;
  return b;
};
const and = (a: Board, b: Board): Board => [a[0] & b[0], a[1] & b[1], a[2] & b[2]];
const andNot = (a: Board, b: Board): Board => [a[0] & ~b[0], a[1] & ~b[1], a[2] & ~b[2]];
const isEmpty = (a: Board): boolean => (a[0] | a[1] | a[2]) === 0;
const within = (a: Board, b: Board): boolean => (a[0] & ~b[0]) === 0 && (a[1] & ~b[1]) === 0 && (a[2] & ~b[2]) === 0;
const disjoint = (a: Board, b: Board): boolean => ((a[0] & b[0]) | (a[1] & b[1]) | (a[2] & b[2])) === 0;
function cellsOf(a: Board): number[] {
  const out: number[] = [];
  for (let w = 0; w < 3; w++) {
    let m = a[w]!;
    while (m) {
      const low = m & -m;
      m ^= low;
      out.push(w * 27 + 31 - Math.clz32(low));
    }
  }
  return out;
}

/** Every ALS of a grid state (each cell set once), at most `maxCells` cells. @internal */
export function findAlses(grid: Grid, maxCells = 8): Als[] {
  const c = grid.candidates;
  const out: Als[] = [];
  const seen = new Set<string>();
  const digitBoards: Board[] = [[0, 0, 0]];
  for (let d = 1; d <= 9; d++) {
    const b: Board = [0, 0, 0];
    for (let x = 0; x < 81; x++) if (c[x]! & (1 << (d - 1))) b[Math.floor(x / 27)]! |= 1 << x % 27;
    digitBoards.push(b);
  }
  for (let u = 0; u < 27; u++) {
    const open: number[] = [];
    for (let k = 0; k < 9; k++) if (c[UNIT_CELLS[u * 9 + k]!]) open.push(UNIT_CELLS[u * 9 + k]!);
    const n = open.length;
    for (let subset = 1; subset < 1 << n; subset++) {
      const size = POPCOUNT[subset]!;
      if (size > maxCells || size >= n) continue;
      let mask = 0;
      const cells: number[] = [];
      for (let i = 0; i < n; i++) {
        if (subset & (1 << i)) {
          mask |= c[open[i]!]!;
          cells.push(open[i]!);
        }
      }
      if (POPCOUNT[mask] !== size + 1) continue;
      const key = cells.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      const board: Board = [0, 0, 0];
      for (const x of cells) board[Math.floor(x / 27)]! |= 1 << x % 27;
      const seeAll: Board[] = [[0, 0, 0]];
      const holding: Board[] = [[0, 0, 0]];
      for (let d = 1; d <= 9; d++) {
        if (!(mask & (1 << (d - 1)))) {
          seeAll.push([0, 0, 0]);
          holding.push([0, 0, 0]);
          continue;
        }
        let see: Board = digitBoards[d]!;
        const hold: Board = [0, 0, 0];
        for (const x of cells) {
          if (!(c[x]! & (1 << (d - 1)))) continue;
          see = and(see, PEER_BOARDS[x]!);
          hold[Math.floor(x / 27)]! |= 1 << x % 27;
        }
        seeAll.push(andNot(see, board));
        holding.push(hold);
      }
      out.push({ unit: u, cells, board, mask, seeAll, holding });
    }
  }
  return out;
}

interface Link {
  readonly to: number;
  readonly rcc: number;
}

interface AlsState {
  readonly values: Uint8Array;
  readonly candidates: Uint16Array;
  readonly alses: Als[];
  links?: Link[][];
  overlapping?: Link[][];
}

// The ALS of the last state asked for: the four ALS techniques run one after another on the same state.
let last: AlsState | null = null;

function stateOf(grid: Grid): AlsState {
  if (last !== null) {
    let same = true;
    for (let i = 0; i < 81 && same; i++) same = last.values[i] === grid.values[i] && last.candidates[i] === grid.candidates[i];
    if (same) return last;
  }
  last = { values: grid.values.slice(), candidates: grid.candidates.slice(), alses: findAlses(grid) };
  return last;
}

function linksFor(state: AlsState, overlap = false): Link[][] {
  if (overlap) return (state.overlapping ??= linksOf(state.alses, true));
  state.links ??= linksOf(state.alses, false);
  return state.links;
}

/** The restricted common candidates of two disjoint ALS, as a digit mask. @internal */
export function rccs(a: Als, b: Als, overlap = false): number {
  // Sets that overlap may share no cell holding a restricted common candidate (seeAll leaves a's own cells out).
  if (!overlap && !disjoint(a.board, b.board)) return 0;
  let common = a.mask & b.mask;
  let out = 0;
  while (common) {
    const low = common & -common;
    common ^= low;
    const d = 32 - Math.clz32(low);
    // Every d of b must see every d of a: b's d-cells lie in a's seeAll (which already excludes a's cells).
    if (within(b.holding[d]!, a.seeAll[d]!)) out |= low;
  }
  return out;
}

function alsName(a: Als): string {
  return `${digitSet(a.mask)} in ${a.cells.map(cellName).join(' ')} (${unitName(a.unit)})`;
}

/** Eureka-style name of an ALS node for a digit: "(5)r1c23" is written as the ALS's cells holding it. */
function alsNode(a: Als, d: number): string {
  return `(${d})${cellsText(cellsOf(a.holding[d]!))}`;
}

interface Found {
  readonly length: number;
  readonly key: string;
  /** Makes the step (its sentences are built only for the steps returned). */
  readonly make: () => Step;
}

function best(found: readonly Found[], limit: number): Step[] {
  const sorted = [...found].sort((a, b) => a.length - b.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const seen = new Set<string>();
  const out: Step[] = [];
  for (const f of sorted) {
    if (out.length >= limit) break;
    if (seen.has(f.key)) continue;
    seen.add(f.key);
    out.push(f.make());
  }
  return out;
}

const keyOf = (s: Pick<Step, 'eliminations'>): string => s.eliminations.map((e) => `${e.cell}-${e.digit}`).join(',');

/** Removes z from the cells that see every z of all the given ALS. */
function eliminateCommon(c: Uint16Array, sets: readonly Als[], z: number, elim: Eliminations): void {
  let see = sets[0]!.seeAll[z]!;
  for (const s of sets.slice(1)) see = andNot(and(see, s.seeAll[z]!), s.board);
  for (const x of cellsOf(see)) elim.add(c, x, 1 << (z - 1));
}

const digitsIn = (mask: number): number[] => {
  const out: number[] = [];
  for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
};

/**
 * ALS-XZ: two ALS with a restricted common candidate x; x is in at most one, so the other is locked and for another
 * common digit z one of them holds z: z leaves every cell that sees all their z. With two RCCs (doubly linked) both
 * sets are locked, with more eliminations.
 */
export function findAlsXz(grid: Grid, limit = Infinity): Step[] {
  const c = grid.candidates;
  const state = stateOf(grid);
  const alses = state.alses;
  const links = linksFor(state);
  const found: Found[] = [];
  for (let i = 0; i < alses.length; i++) {
    for (const { to: j, rcc: r } of links[i]!) {
      if (j < i) continue;
      const a = alses[i]!;
      const b = alses[j]!;
      const rList = digitsIn(r);
      if (rList.length > 2) continue;
      if (rList.length === 1 && !reachesCell(a, b, a.mask & b.mask & ~r)) continue;
      const elim = new Eliminations();
      for (const z of digitsIn(a.mask & b.mask & ~r)) eliminateCommon(c, [a, b], z, elim);
      if (rList.length === 2) {
        for (const x of rList) eliminateCommon(c, [a, b], x, elim);
        for (const s of [a, b]) for (const d of digitsIn(s.mask & ~r)) for (const x of cellsOf(s.seeAll[d]!)) elim.add(c, x, 1 << (d - 1));
      }
      if (elim.empty) continue;
      const eliminations = elim.list();
      const x = rList[0]!;
      const chain = rList.length === 2
        ? `${alsNode(a, x)}=${alsNode(a, rList[1]!)}-${alsNode(b, rList[1]!)}=${alsNode(b, x)}-${alsNode(a, x)}`
        : (() => {
            const z = digitsIn(a.mask & b.mask & ~r)[0] ?? x;
            return `${alsNode(a, z)}=${alsNode(a, x)}-${alsNode(b, x)}=${alsNode(b, z)}`;
          })();
      found.push({
        length: a.cells.length + b.cells.length,
        key: keyOf({ eliminations }),
        make: () => ({
          technique: 'als-xz',
          cells: [...a.cells, ...b.cells],
          digits: digitsIn(a.mask | b.mask),
          eliminations,
          placements: [],
          explanation:
            rList.length === 2
              ? `ALS-XZ (doubly linked): ALS A ${alsName(a)} and ALS B ${alsName(b)} share the restricted common candidates ${rList.join(' and ')}, so both are locked; remove what either rules out`
              : `ALS-XZ: ALS A ${alsName(a)} and ALS B ${alsName(b)} share the restricted common candidate ${x} (in at most one), so one of them holds each other common digit; remove those from the cells that see all of them in both`,
          chain,
        }),
      });
    }
  }
  return best(found, limit);
}


function linksOf(alses: readonly Als[], overlap: boolean): Link[][] {
  const out: Link[][] = alses.map(() => []);
  for (let i = 0; i < alses.length; i++) {
    for (let j = i + 1; j < alses.length; j++) {
      const r = rccs(alses[i]!, alses[j]!, overlap);
      if (!r) continue;
      out[i]!.push({ to: j, rcc: r });
      out[j]!.push({ to: i, rcc: r });
    }
  }
  return out;
}

/**
 * ALS-XY-Wing: a pivot ALS C shares RCC x with ALS A and RCC y (≠ x) with ALS B; if A does not hold z then... one of
 * A and B holds every digit z they share (z ≠ x, y): z leaves every cell that sees all z of A and B.
 */
export function findAlsXyWings(grid: Grid, limit = Infinity, overlap = false): Step[] {
  const c = grid.candidates;
  const state = stateOf(grid);
  const alses = state.alses;
  const links = linksFor(state, overlap);
  const found: Found[] = [];
  let work = 0;
  for (let p = 0; p < alses.length && work < ALS_XY_WING_WORK; p++) {
    const pivot = alses[p]!;
    const ls = links[p]!;
    for (let i = 0; i < ls.length; i++) {
      for (let j = i + 1; j < ls.length; j++) {
        work++;
        const la = ls[i]!;
        const lb = ls[j]!;
        const a = alses[la.to]!;
        const b = alses[lb.to]!;
        if (!overlap && !disjoint(a.board, b.board)) continue;
        const common = a.mask & b.mask;
        if (!common) continue;
        for (const x of digitsIn(la.rcc)) {
          for (const y of digitsIn(lb.rcc)) {
            if (x === y) continue;
            if (!reachesCell(a, b, common & ~(1 << (x - 1)) & ~(1 << (y - 1)))) continue;
            const elim = new Eliminations();
            for (const z of digitsIn(common & ~(1 << (x - 1)) & ~(1 << (y - 1)))) eliminateCommon(c, [a, b], z, elim);
            const pv = pivot.board;
            // The pivot's own cells are not eliminated from.
            if (elim.empty) continue;
            const eliminations = elim.list().filter((e) => !within(bit(e.cell), pv));
            if (!eliminations.length) continue;
            const z = digitsIn(common & ~(1 << (x - 1)) & ~(1 << (y - 1)))[0]!;
            found.push({
              length: a.cells.length + b.cells.length + pivot.cells.length,
              key: keyOf({ eliminations }),
              make: () => ({
                technique: 'als-xy-wing',
                cells: [...pivot.cells, ...a.cells, ...b.cells],
                digits: digitsIn(a.mask | b.mask | pivot.mask),
                eliminations,
                placements: [],
                explanation: `ALS-XY-Wing: pivot ALS ${alsName(pivot)} shares ${x} with ALS ${alsName(a)} and ${y} with ALS ${alsName(b)}; one of the two wings holds each digit they share but ${x} and ${y}, so remove it from the cells that see all of it in both`,
                chain: `${alsNode(a, z)}=${alsNode(a, x)}-${alsNode(pivot, x)}=${alsNode(pivot, y)}-${alsNode(b, y)}=${alsNode(b, z)}`,
              }),
            });
          }
        }
      }
    }
  }
  return best(found, limit);
}

/** Whether some cell sees all of some digit of `zs` in both sets. */
function reachesCell(a: Als, b: Als, zs: number): boolean {
  const bb = b.board;
  for (let m = zs; m; m &= m - 1) {
    const z = 32 - Math.clz32(m & -m);
    // Word by word, without making boards: this runs for every chain and wing tried.
    const sa = a.seeAll[z]!;
    const sb = b.seeAll[z]!;
    if ((sa[0] & sb[0] & ~bb[0]) | (sa[1] & sb[1] & ~bb[1]) | (sa[2] & sb[2] & ~bb[2])) return true;
  }
  return false;
}

/** The most ALS in an ALS chain. */
export const MAX_ALS_CHAIN = 6;
/** The most chain extensions one ALS chain search tries for each length (a bound on its time). */
const ALS_CHAIN_WORK = 10_000;
/** The most pivot link pairs one ALS-XY-Wing search tries. */
const ALS_XY_WING_WORK = 300_000;
/** The most petal choices one death blossom search tries. */
const DEATH_BLOSSOM_WORK = 50_000;

/**
 * ALS chain: ALS linked one to the next by restricted common candidates, two consecutive links never on the same digit;
 * the first and the last ALS then hold between them every digit z they share (z not the first or last link): z leaves
 * every cell that sees all z of both. Four to MAX_ALS_CHAIN sets (three are an ALS-XY-Wing).
 */
export function findAlsChains(grid: Grid, limit = Infinity, overlap = false): Step[] {
  const c = grid.candidates;
  const state = stateOf(grid);
  const alses = state.alses;
  const links = linksFor(state, overlap);
  const found: Found[] = [];
  let work = 0;
  const path: number[] = [];
  const via: number[] = [];
  let cap = 4;
  // The cells of the sets on the path so far, as three words (u0, u1, u2) rather than a new board per extension.
  const dfs = (u0: number, u1: number, u2: number): void => {
    if (work++ > ALS_CHAIN_WORK) return;
    const last = path[path.length - 1]!;
    if (path.length === cap) {
      const a = alses[path[0]!]!;
      const b = alses[last]!;
      const firstX = via[0]!;
      const lastX = via[via.length - 1]!;
      const zs = a.mask & b.mask & ~(1 << (firstX - 1)) & ~(1 << (lastX - 1));
      if (zs && (overlap || disjoint(a.board, b.board)) && reachesCell(a, b, zs)) {
        const elim = new Eliminations();
        for (const z of digitsIn(zs)) eliminateCommon(c, [a, b], z, elim);
        const eliminations = elim.list().filter((e) => !path.some((p) => within(bit(e.cell), alses[p]!.board)));
        if (eliminations.length) {
          const z = digitsIn(zs)[0]!;
          let chain = alsNode(a, z);
          for (let i = 0; i < via.length; i++) chain += `=${alsNode(alses[path[i]!]!, via[i]!)}-${alsNode(alses[path[i + 1]!]!, via[i]!)}`;
          chain += `=${alsNode(b, z)}`;
          // The path and links change as the search goes on: the step keeps copies.
          const sets = path.map((p) => alses[p]!);
          const links = [...via];
          found.push({
            length: path.length * 10 + path.reduce((n, p) => n + alses[p]!.cells.length, 0),
            key: keyOf({ eliminations }),
            make: () => ({
              technique: 'als-chain',
              cells: [...new Set(sets.flatMap((x) => x.cells))],
              digits: digitsIn(sets.reduce((m, x) => m | x.mask, 0)),
              eliminations,
              placements: [],
              explanation: `ALS chain: ${sets.map((x, i) => alsName(x) + (i < links.length ? ` -${links[i]}-` : '')).join(' ')}; the first or the last set holds each digit they share but ${firstX} and ${lastX}, so remove it from the cells that see all of it in both`,
              chain,
            }),
          });
        }
      }
    }
    if (path.length >= cap) return;
    for (const { to, rcc } of links[last]!) {
      const next = alses[to]!;
      const nb = next.board;
      if (overlap ? path.includes(to) : (nb[0] & u0) | (nb[1] & u1) | (nb[2] & u2)) continue;
      for (let m = via.length ? rcc & ~(1 << (via[via.length - 1]! - 1)) : rcc; m; m &= m - 1) {
        const x = 32 - Math.clz32(m & -m);
        path.push(to);
        via.push(x);
        dfs(u0 | nb[0], u1 | nb[1], u2 | nb[2]);
        path.pop();
        via.pop();
      }
    }
  };
  // Shortest chains first: four sets, then five, then six, each length with its own budget.
  for (cap = 4; cap <= MAX_ALS_CHAIN && found.length < limit; cap++) {
    work = 0;
    for (let s = 0; s < alses.length && work <= ALS_CHAIN_WORK; s++) {
      path.push(s);
      const board = alses[s]!.board;
      dfs(board[0], board[1], board[2]);
      path.pop();
    }
  }
  return best(found, limit);
}

/**
 * Death Blossom: a stem cell whose every candidate d has a petal, an ALS (disjoint from the others) whose d all see the
 * stem; whichever digit the stem holds locks its petal, so a digit z in every petal (not in the stem) is held by one of
 * them: z leaves every cell that sees all z of all petals.
 */
export function findDeathBlossoms(grid: Grid, limit = Infinity, overlap = false): Step[] {
  const c = grid.candidates;
  const alses = stateOf(grid).alses;
  const found: Found[] = [];
  let work = 0;
  for (let stem = 0; stem < 81 && work < DEATH_BLOSSOM_WORK; stem++) {
    const sm = c[stem]!;
    if (!sm || POPCOUNT[sm]! < 2 || POPCOUNT[sm]! > 4) continue;
    const stemBoard = bit(stem);
    const digits = digitsIn(sm);
    // Petals per stem digit: ALS not holding the stem, holding d, all of its d seeing the stem.
    const petals = digits.map((d) =>
      alses.filter((a) => a.mask & (1 << (d - 1)) && !within(stemBoard, a.board) && within(a.holding[d]!, PEER_BOARDS[stem]!)),
    );
    if (petals.some((p) => p.length === 0)) continue;
    for (const z of digitsIn(0x1ff & ~sm)) {
      const lists = petals.map((p, i) => p.filter((a) => a.mask & (1 << (z - 1)) && digits[i] !== z));
      if (lists.some((l) => l.length === 0)) continue;
      const chosen: Als[] = [];
      const pick = (i: number, used: Board, see: Board): void => {
        if (work++ > DEATH_BLOSSOM_WORK) return;
        if (i === lists.length) {
          const targets = cellsOf(andNot(see, stemBoard));
          if (!targets.length) return;
          const elim = new Eliminations();
          for (const x of targets) elim.add(c, x, 1 << (z - 1));
          if (elim.empty) return;
          const eliminations = elim.list();
          const petals = [...chosen]; // chosen changes as the search goes on
          found.push({
            length: petals.reduce((n, a) => n + a.cells.length, 0),
            key: keyOf({ eliminations }),
            make: () => ({
              technique: 'death-blossom',
              cells: [stem, ...petals.flatMap((a) => a.cells)],
              digits: digitsIn(sm | (1 << (z - 1))),
              eliminations,
              placements: [],
              explanation: `Death Blossom: stem ${cellName(stem)} ${digitSet(sm)}; ${petals.map((a, k) => `for ${digits[k]} the petal ${alsName(a)}`).join(', ')}; whatever the stem holds locks one petal, so one of them holds ${z}: remove ${z} from the cells that see all of them`,
              chain: petals.map((a, k) => `(${digits[k]})${cellName(stem)}-${alsNode(a, digits[k]!)}=${alsNode(a, z)}`).join(' | '),
            }),
          });
          return;
        }
        for (const a of lists[i]!) {
          if (overlap ? chosen.includes(a) : !disjoint(a.board, used)) continue;
          const nextSee = and(see, a.seeAll[z]!);
          const nextSee2 = andNot(nextSee, a.board);
          if (isEmpty(nextSee2)) continue;
          chosen.push(a);
          pick(i + 1, [used[0] | a.board[0], used[1] | a.board[1], used[2] | a.board[2]], nextSee2);
          chosen.pop();
        }
      };
      pick(0, stemBoard, [0x7ffffff, 0x7ffffff, 0x7ffffff]);
    }
  }
  return best(found, limit);
}
