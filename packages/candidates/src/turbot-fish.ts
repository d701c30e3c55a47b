import type { Grid } from './grid.js';
import { DigitMemo } from './digit-memo.js';
import { commonPeers, strongLinks, type StrongLink } from './links.js';
import { Eliminations, type Step } from './step.js';
import { cellName, SEES, unitName } from './tables.js';

/** The digits known to give nothing on a state, one memo per search (see digit-memo.ts). */
let memoTurbots: DigitMemo | undefined;

/**
 * The turbot fish of these ends, or null when it removes nothing new (not seen before). A function of its own: the
 * search runs on every stuck state and stays small for the optimizing compiler; this runs only for the few candidates.
 */
function turbotStep(grid: Grid, digit: number, p: StrongLink, q: StrongLink, pFar: number, pNear: number, qNear: number, qFar: number, seen: Set<string>): Step | null {
  const bit = 1 << (digit - 1);
  const cells = new Set([pFar, pNear, qNear, qFar]);
  const seers = commonPeers(grid, [pFar, qFar], bit, SEES).filter((x) => !cells.has(x));
  if (seers.length === 0) return null;
  const elim = new Eliminations();
  for (const x of seers) elim.add(grid.candidates, x, bit);
  const eliminations = elim.list();
  const key = `${digit}:${eliminations.map((e) => e.cell).join(',')}`;
  if (seen.has(key)) return null;
  seen.add(key);
  return {
    technique: 'turbot-fish',
    cells: [pFar, pNear, qNear, qFar],
    digits: [digit],
    eliminations,
    placements: [],
    explanation: `Turbot fish on ${digit}: ${unitName(p.unit)} holds ${digit} only in ${cellName(pFar)} and ${cellName(pNear)}, ${unitName(q.unit)} only in ${cellName(qNear)} and ${cellName(qFar)}, and ${cellName(pNear)} sees ${cellName(qNear)}; one of ${cellName(pFar)} and ${cellName(qFar)} is ${digit}, so remove ${digit} from the cells that see both`,
  };
}

/**
 * Turbot fish: two strong links on a digit (units where it has exactly two places), in any units, with an end of one
 * seeing an end of the other; those two cannot both hold the digit, so one of the two far ends does, and the digit
 * leaves every cell that sees both far ends. (Skyscraper, 2-String Kite and empty rectangle are special turbot fish.)
 */
export function findTurbotFish(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const seen = new Set<string>();
  // Each digit's turbot fish depend on that digit's candidates only: digits known to hold none on this state are skipped.
  const turbots = (memoTurbots ??= new DigitMemo());
  const digits = turbots.digits(grid.candidates);
  for (let digit = 1; digit <= 9 && steps.length < limit; digit++) {
    if (!(digits & (1 << (digit - 1)))) continue;
    const bit = 1 << (digit - 1);
    const links = strongLinks(grid, digit);
    for (let i = 0; i < links.length; i++) {
      for (let j = i + 1; j < links.length; j++) {
        const p = links[i]!;
        const q = links[j]!;
        for (let s = 0; s < 2; s++) {
          const pFar = s === 0 ? p.a : p.b;
          const pNear = s === 0 ? p.b : p.a;
          for (let t = 0; t < 2; t++) {
            const qNear = t === 0 ? q.a : q.b;
            const qFar = t === 0 ? q.b : q.a;
            // Four different cells, the near ends seeing each other (no allocation: this runs for every pair of links).
            if (!SEES[pNear * 81 + qNear] || qNear === pFar || qFar === pFar || qFar === pNear) continue;
            const c = grid.candidates;
            let any = false;
            for (let x = 0; x < 81 && !any; x++) {
              any = (c[x]! & bit) !== 0 && SEES[pFar * 81 + x] === 1 && SEES[qFar * 81 + x] === 1 && x !== pNear && x !== qNear;
            }
            if (!any) continue;
            const step = turbotStep(grid, digit, p, q, pFar, pNear, qNear, qFar, seen);
            if (step === null) continue;
            steps.push(step);
            if (steps.length >= limit) return steps;
          }
        }
      }
    }
  }
  turbots.searched(steps.length > 0 || !(limit > 0));
  return steps;
}
