import type { Grid } from './grid.js';
import { commonPeers, strongLinks, type StrongLink } from './links.js';
import { Eliminations, type Step } from './step.js';
import { cellName, digitsOf, digitSet, LOWEST_DIGIT, PEERS, POPCOUNT, SEES, unitName } from './tables.js';

const ascending = (a: number, b: number): number => a - b;

/**
 * The bivalue peers of a pivot with candidates `pm` that can be its pincers, ascending, into `out` (XY-Wing: sharing
 * one digit with the pivot; XYZ-Wing: both digits in the pivot): the pivot's 20 peers (its row, column and box, each
 * cell once), read straight from the candidates (this runs for every bivalue or trivalue cell of every state).
 */
function wingsOf(grid: Grid, pivot: number, pm: number, xyz: boolean, out: number[]): number[] {
  out.length = 0;
  const c = grid.candidates;
  for (let k = pivot * 20; k < pivot * 20 + 20; k++) {
    const cell = PEERS[k]!;
    const m = c[cell]!;
    if (POPCOUNT[m] !== 2 || (xyz ? (m & ~pm) !== 0 : POPCOUNT[m & pm] !== 1)) continue;
    out.push(cell);
  }
  if (out.length > 1) out.sort(ascending);
  return out;
}

/**
 * XY-Wing: a pivot {x,y} sees two pincers {x,z} and {y,z}; whichever the pivot is, one pincer is z, so z leaves every
 * cell that sees both pincers.
 */
export function findXYWings(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const c = grid.candidates;
  const scratch: number[] = [];
  for (let pivot = 0; pivot < 81 && steps.length < limit; pivot++) {
    const pm = c[pivot]!;
    if (POPCOUNT[pm] !== 2) continue;
    const wings = wingsOf(grid, pivot, pm, false, scratch);
    for (let i = 0; i < wings.length && steps.length < limit; i++) {
      for (let j = i + 1; j < wings.length && steps.length < limit; j++) {
        const a = wings[i]!;
        const b = wings[j]!;
        const am = c[a]!;
        const bm = c[b]!;
        const z = am & ~pm;
        if (z !== (bm & ~pm) || (am & pm) === (bm & pm)) continue;
        const seers = commonPeers(grid, [a, b], z, SEES);
        if (seers.length === 0) continue;
        const elim = new Eliminations();
        for (const t of seers) elim.add(c, t, z);
        const zd = LOWEST_DIGIT[z]!;
        steps.push({
          technique: 'xy-wing',
          cells: [pivot, a, b],
          digits: [LOWEST_DIGIT[pm]!, LOWEST_DIGIT[pm & (pm - 1)]!, zd],
          eliminations: elim.list(),
          placements: [],
          explanation: `XY-Wing: pivot ${cellName(pivot)} ${digitSet(pm)} with pincers ${cellName(a)} ${digitSet(am)} and ${cellName(b)} ${digitSet(bm)}; one pincer is ${zd}, so remove ${zd} from the cells that see both`,
        });
      }
    }
  }
  return steps;
}

/**
 * XYZ-Wing: a pivot {x,y,z} sees pincers {x,z} and {y,z}; one of the three is z, so z leaves every cell that sees all three.
 */
export function findXYZWings(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const c = grid.candidates;
  const scratch: number[] = [];
  for (let pivot = 0; pivot < 81 && steps.length < limit; pivot++) {
    const pm = c[pivot]!;
    if (POPCOUNT[pm] !== 3) continue;
    const wings = wingsOf(grid, pivot, pm, true, scratch);
    for (let i = 0; i < wings.length && steps.length < limit; i++) {
      for (let j = i + 1; j < wings.length && steps.length < limit; j++) {
        const a = wings[i]!;
        const b = wings[j]!;
        const am = c[a]!;
        const bm = c[b]!;
        if (am === bm) continue;
        const z = am & bm;
        const seers = commonPeers(grid, [pivot, a, b], z, SEES);
        if (seers.length === 0) continue;
        const elim = new Eliminations();
        for (const t of seers) elim.add(c, t, z);
        const zd = LOWEST_DIGIT[z]!;
        steps.push({
          technique: 'xyz-wing',
          cells: [pivot, a, b],
          digits: digitsOf(pm),
          eliminations: elim.list(),
          placements: [],
          explanation: `XYZ-Wing: pivot ${cellName(pivot)} ${digitSet(pm)} with pincers ${cellName(a)} ${digitSet(am)} and ${cellName(b)} ${digitSet(bm)}; one of them is ${zd}, so remove ${zd} from the cells that see all three`,
        });
      }
    }
  }
  return steps;
}

/** The first strong link with one end seeing a and the other b, none of them a or b. */
function joining(links: readonly StrongLink[], a: number, b: number): StrongLink | undefined {
  for (const link of links) {
    const p = link.a;
    const q = link.b;
    if (p !== a && p !== b && q !== a && q !== b && ((SEES[p * 81 + a] && SEES[q * 81 + b]) || (SEES[p * 81 + b] && SEES[q * 81 + a]))) return link;
  }
  return undefined;
}

/** The step of a W-Wing found (a function of its own, which keeps the search small for the optimizing compiler). */
function wWingStep(grid: Grid, a: number, b: number, m: number, x: number, ybit: number, link: StrongLink, seers: readonly number[]): Step {
  const [la, lb] = SEES[link.a * 81 + a] && SEES[link.b * 81 + b] ? [link.a, link.b] : [link.b, link.a];
  const elim = new Eliminations();
  for (const t of seers) elim.add(grid.candidates, t, ybit);
  const y = LOWEST_DIGIT[ybit]!;
  return {
    technique: 'w-wing',
    cells: [a, b, la, lb],
    digits: [x, y],
    eliminations: elim.list(),
    placements: [],
    explanation: `W-Wing: ${cellName(a)} and ${cellName(b)} are both ${digitSet(m)}, and ${x} in ${unitName(link.unit)} is only in ${cellName(la)} or ${cellName(lb)}, which see them; so one of them is ${y}: remove ${y} from the cells that see both`,
  };
}

/**
 * W-Wing: two cells {x,y} that do not see each other, joined by a strong link on x (a unit where x has only two places,
 * one seeing each cell): one of the two cells is y, so y leaves every cell that sees both.
 */
export function findWWings(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const c = grid.candidates;
  const links = Array.from({ length: 10 }, (_, d) => (d === 0 ? [] : strongLinks(grid, d)));
  const bivalue: number[] = [];
  for (let cell = 0; cell < 81; cell++) if (POPCOUNT[c[cell]!] === 2) bivalue.push(cell);
  for (let i = 0; i < bivalue.length && steps.length < limit; i++) {
    for (let j = i + 1; j < bivalue.length && steps.length < limit; j++) {
      const a = bivalue[i]!;
      const b = bivalue[j]!;
      const m = c[a]!;
      if (c[b] !== m || SEES[a * 81 + b]) continue;
      for (let side = 0; side < 2; side++) {
        const x = side === 0 ? LOWEST_DIGIT[m]! : LOWEST_DIGIT[m & (m - 1)]!;
        if (steps.length >= limit) break;
        const ybit = m & ~(1 << (x - 1));
        const seers = commonPeers(grid, [a, b], ybit, SEES);
        if (seers.length === 0) continue;
        const link = joining(links[x]!, a, b);
        if (link === undefined) continue;
        steps.push(wWingStep(grid, a, b, m, x, ybit, link, seers));
      }
    }
  }
  return steps;
}
