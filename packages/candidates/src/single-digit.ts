import type { Grid } from './grid.js';
import { DigitMemo } from './digit-memo.js';
import { commonPeers, strongLinks, type StrongLink } from './links.js';
import { Eliminations, type Step } from './step.js';
import { BOX_OF, cellName, COL_OF, listing, ROW_OF, SEES, unitName } from './tables.js';

/** The digits known to give nothing on a state, one memo per search (see digit-memo.ts). */
let memoColorings: DigitMemo | undefined;
let memoKites: DigitMemo | undefined;
let memoSkyscrapers: DigitMemo | undefined;

function eliminateSeeingBoth(grid: Grid, ends: readonly number[], bit: number): Eliminations | null {
  const seers = commonPeers(grid, ends, bit, SEES);
  if (seers.length === 0) return null;
  const elim = new Eliminations();
  for (const t of seers) elim.add(grid.candidates, t, bit);
  return elim;
}

// The steps are made by functions of their own: the searches run on every stuck state and stay small for the
// optimizing compiler; these run only for the patterns found.

function skyscraperStep(digit: number, p: StrongLink, q: StrongLink, rows: boolean, base: number, pb: number, pt: number, qb: number, qt: number, elim: Eliminations): Step {
  return {
    technique: 'skyscraper',
    cells: [pb, pt, qb, qt],
    digits: [digit],
    eliminations: elim.list(),
    placements: [],
    explanation: `Skyscraper on ${digit}: ${unitName(p.unit)} and ${unitName(q.unit)} hold ${digit} only twice, with a base in ${rows ? 'column' : 'row'} ${base + 1}; one of the tops ${cellName(pt)} and ${cellName(qt)} is ${digit}, so remove ${digit} from the cells that see both`,
  };
}

function kiteStep(digit: number, r: StrongLink, k: StrongLink, rb: number, rt: number, kb: number, kt: number, elim: Eliminations): Step {
  return {
    technique: 'two-string-kite',
    cells: [rb, rt, kb, kt],
    digits: [digit],
    eliminations: elim.list(),
    placements: [],
    explanation: `2-String Kite on ${digit}: ${unitName(r.unit)} and ${unitName(k.unit)} hold ${digit} only twice, joined in box ${BOX_OF[rb]! + 1} (${cellName(rb)}, ${cellName(kb)}); one of ${cellName(rt)} and ${cellName(kt)} is ${digit}, so remove ${digit} from the cells that see both`,
  };
}

/**
 * Skyscraper: two rows (or columns) each hold a digit exactly twice, and one end of each lies in the same column (row);
 * one of the two other ends (the tops) holds the digit, so it leaves every cell that sees both tops.
 */
export function findSkyscrapers(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  // Each digit's skyscrapers depend on that digit's candidates only: digits known to hold none on this state are skipped.
  const skyscrapers = (memoSkyscrapers ??= new DigitMemo());
  const digits = skyscrapers.digits(grid.candidates);
  for (let digit = 1; digit <= 9 && steps.length < limit; digit++) {
    if (!(digits & (1 << (digit - 1)))) continue;
    const bit = 1 << (digit - 1);
    const all = strongLinks(grid, digit);
    for (let kind = 0; kind < 2; kind++) {
      const rows = kind === 0;
      const lines = all.filter((l) => (rows ? l.unit < 9 : l.unit >= 9 && l.unit < 18));
      const across = rows ? COL_OF : ROW_OF;
      for (let i = 0; i < lines.length && steps.length < limit; i++) {
        for (let j = i + 1; j < lines.length && steps.length < limit; j++) {
          const p = lines[i]!;
          const q = lines[j]!;
          // Each end of p as its base, then each end of q (index loops: this runs for every pair of links).
          for (let s = 0; s < 2; s++) {
            const pb = s === 0 ? p.a : p.b;
            const pt = s === 0 ? p.b : p.a;
            for (let t = 0; t < 2; t++) {
              const qb = t === 0 ? q.a : q.b;
              const qt = t === 0 ? q.b : q.a;
              if (across[pb] !== across[qb] || across[pt] === across[qt]) continue;
              const elim = eliminateSeeingBoth(grid, [pt, qt], bit);
              if (elim === null || steps.length >= limit) continue;
              steps.push(skyscraperStep(digit, p, q, rows, across[pb]!, pb, pt, qb, qt, elim));
            }
          }
        }
      }
    }
  }
  skyscrapers.searched(steps.length > 0 || !(limit > 0));
  return steps;
}

/**
 * 2-String Kite: a row and a column each hold a digit exactly twice, and one end of each share a box; one of the two
 * other ends holds the digit, so it leaves every cell that sees both.
 */
export function findTwoStringKites(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  // Each digit's kites depend on that digit's candidates only: digits known to hold none on this state are skipped.
  const kites = (memoKites ??= new DigitMemo());
  const digits = kites.digits(grid.candidates);
  for (let digit = 1; digit <= 9 && steps.length < limit; digit++) {
    if (!(digits & (1 << (digit - 1)))) continue;
    const bit = 1 << (digit - 1);
    const all = strongLinks(grid, digit);
    const rows = all.filter((l) => l.unit < 9 && BOX_OF[l.a] !== BOX_OF[l.b]);
    const cols = all.filter((l) => l.unit >= 9 && l.unit < 18 && BOX_OF[l.a] !== BOX_OF[l.b]);
    for (const r of rows) {
      for (const k of cols) {
        if (steps.length >= limit) return steps;
        if (r.a === k.a || r.a === k.b || r.b === k.a || r.b === k.b) continue;
        for (let s = 0; s < 2; s++) {
          const rb = s === 0 ? r.a : r.b;
          const rt = s === 0 ? r.b : r.a;
          for (let t = 0; t < 2; t++) {
            const kb = t === 0 ? k.a : k.b;
            const kt = t === 0 ? k.b : k.a;
            if (BOX_OF[rb] !== BOX_OF[kb]) continue;
            const elim = eliminateSeeingBoth(grid, [rt, kt], bit);
            if (elim === null || steps.length >= limit) continue;
            steps.push(kiteStep(digit, r, k, rb, rt, kb, kt, elim));
          }
        }
      }
    }
  }
  kites.searched(steps.length > 0 || !(limit > 0));
  return steps;
}

/** Whether a cell sees one of `cells`. */
function seesOne(cells: readonly number[], cell: number): boolean {
  for (let i = 0; i < cells.length; i++) if (SEES[cells[i]! * 81 + cell]) return true;
  return false;
}

/** A simple coloring step: a color wrap or a color trap, `why` the end of its explanation. */
function coloringStep(digit: number, cluster: number[], ons: readonly number[], offs: readonly number[], elim: Eliminations, kind: 'color wrap' | 'color trap', why: string): Step {
  return {
    technique: 'simple-coloring',
    cells: cluster,
    digits: [digit],
    eliminations: elim.list(),
    placements: [],
    explanation: `Simple coloring on ${digit} (${kind}): coloring ${listing(ons.map(cellName))} against ${listing(offs.map(cellName))}, ${why}`,
  };
}

/**
 * Simple coloring: the cells of a digit joined by strong links get alternating colors, one of which is true.
 * Color wrap: two cells of one color see each other, so that color is false. Color trap: a cell that sees both colors
 * cannot hold the digit. Clusters of one link only are left to locked candidates.
 */
export function findSimpleColorings(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const c = grid.candidates;
  const color = new Int8Array(81);
  const owner = new Int16Array(81);
  const adjacent = new Uint8Array(81 * 3);
  const adjacentCount = new Uint8Array(81);
  // Each digit's colorings depend on that digit's candidates only: digits known to hold none on this state are skipped.
  const colorings = (memoColorings ??= new DigitMemo());
  const digits = colorings.digits(grid.candidates);
  for (let digit = 1; digit <= 9 && steps.length < limit; digit++) {
    if (!(digits & (1 << (digit - 1)))) continue;
    const bit = 1 << (digit - 1);
    const links = strongLinks(grid, digit);
    if (links.length < 2) continue;
    // At most three links per cell (its row, column and box).
    adjacentCount.fill(0);
    for (const { a, b } of links as StrongLink[]) {
      adjacent[a * 3 + adjacentCount[a]!++] = b;
      adjacent[b * 3 + adjacentCount[b]!++] = a;
    }
    color.fill(0);
    owner.fill(-1);
    for (let start = 0; start < 81 && steps.length < limit; start++) {
      if (color[start] || adjacentCount[start] === 0) continue;
      // Two-color the cluster.
      const cluster = [start];
      color[start] = 1;
      owner[start] = start;
      for (let i = 0; i < cluster.length; i++) {
        const x = cluster[i]!;
        for (let k = 0; k < adjacentCount[x]!; k++) {
          const y = adjacent[x * 3 + k]!;
          if (color[y]) continue;
          color[y] = -color[x]!;
          owner[y] = start;
          cluster.push(y);
        }
      }
      if (cluster.length < 3) continue;
      cluster.sort((a, b) => a - b);
      const ons = cluster.filter((x) => color[x] === 1);
      const offs = cluster.filter((x) => color[x] === -1);
      // Color wrap.
      for (let side = 0; side < 2; side++) {
        const same = side === 0 ? ons : offs;
        const name = side === 0 ? 'first' : 'second';
        let clash: [number, number] | null = null;
        for (let i = 0; i < same.length && !clash; i++) {
          for (let j = i + 1; j < same.length && !clash; j++) if (SEES[same[i]! * 81 + same[j]!]) clash = [same[i]!, same[j]!];
        }
        if (!clash || steps.length >= limit) continue;
        const elim = new Eliminations();
        for (const x of same) elim.add(c, x, bit);
        steps.push(coloringStep(digit, cluster, ons, offs, elim, 'color wrap', `the ${name} color has ${cellName(clash[0])} and ${cellName(clash[1])} in one unit, so it is false: remove ${digit} from ${listing(same.map(cellName))}`));
      }
      // Color trap.
      const elim = new Eliminations();
      for (let cell = 0; cell < 81; cell++) {
        if (!(c[cell]! & bit) || owner[cell] === start) continue;
        if (seesOne(ons, cell) && seesOne(offs, cell)) elim.add(c, cell, bit);
      }
      if (!elim.empty && steps.length < limit) {
        steps.push(coloringStep(digit, cluster, ons, offs, elim, 'color trap', `one color is true, so remove ${digit} from the cells that see both colors`));
      }
    }
  }
  colorings.searched(steps.length > 0 || !(limit > 0));
  return steps;
}
