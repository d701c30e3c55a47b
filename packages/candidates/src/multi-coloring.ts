import type { Grid } from './grid.js';
import { DigitMemo } from './digit-memo.js';
import { strongLinks } from './links.js';
import { Eliminations, type Step } from './step.js';
import { cellName, listing, SEES } from './tables.js';

/** The digits known to give nothing on a state, one memo per search (see digit-memo.ts). */
let memoMultiColorings: DigitMemo | undefined;

/** The clusters of a digit's strong links, each two-colored: [one color's cells, the other's]. */
function clusters(grid: Grid, digit: number): [number[], number[]][] {
  const adjacent: number[][] = Array.from({ length: 81 }, () => []);
  for (const { a, b } of strongLinks(grid, digit)) {
    adjacent[a]!.push(b);
    adjacent[b]!.push(a);
  }
  const color = new Int8Array(81);
  const out: [number[], number[]][] = [];
  for (let start = 0; start < 81; start++) {
    if (color[start] || adjacent[start]!.length === 0) continue;
    color[start] = 1;
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      const x = queue[i]!;
      for (const y of adjacent[x]!) {
        if (color[y]) continue;
        color[y] = -color[x]! as 1 | -1;
        queue.push(y);
      }
    }
    queue.sort((a, b) => a - b);
    out.push([queue.filter((x) => color[x] === 1), queue.filter((x) => color[x] === -1)]);
  }
  return out;
}

const seesAny = (xs: readonly number[], ys: readonly number[]): boolean => xs.some((x) => ys.some((y) => SEES[x * 81 + y]));

/**
 * Multi-coloring: two clusters of a digit's strong links, each two-colored (one color of each cluster is true).
 * A color that sees both colors of the other cluster is false. When a color of one cluster sees a color of the other, the two cannot both be true, so one of their opposites is, and cells that see both opposites lose the digit.
 */
export function findMultiColorings(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const seen = new Set<string>();
  const c = grid.candidates;
  // The explanation is made only for a step that is kept (it is the costly part of a step).
  const push = (digit: number, cells: number[], elim: Eliminations, explanation: () => string): void => {
    if (elim.empty || steps.length >= limit) return;
    const eliminations = elim.list();
    const key = `${digit}:${eliminations.map((e) => e.cell).join(',')}`;
    if (seen.has(key)) return;
    seen.add(key);
    steps.push({ technique: 'multi-coloring', cells, digits: [digit], eliminations, placements: [], explanation: explanation() });
  };
  // Each digit's multi-colorings depend on that digit's candidates only: digits known to hold none on this state are skipped.
  const memo = (memoMultiColorings ??= new DigitMemo());
  const digits = memo.digits(grid.candidates);
  for (let digit = 1; digit <= 9 && steps.length < limit; digit++) {
    if (!(digits & (1 << (digit - 1)))) continue;
    const bit = 1 << (digit - 1);
    const all = clusters(grid, digit);
    for (let i = 0; i < all.length; i++) {
      for (let j = 0; j < all.length; j++) {
        if (i === j) continue;
        const a1 = all[i]![0];
        const a2 = all[i]![1];
        const b1 = all[j]![0];
        const b2 = all[j]![1];
        // The cells of both clusters, made when first needed (most pairs of clusters give nothing).
        let both: number[] | undefined;
        const cellsOf = (): number[] => (both ??= [...a1, ...a2, ...b1, ...b2].sort((x, y) => x - y));
        for (let s = 0; s < 2; s++) {
          const a = s === 0 ? a1 : a2;
          // Type 1: color a sees both colors of cluster B.
          if (seesAny(a, b1) && seesAny(a, b2)) {
            const elim = new Eliminations();
            for (const x of a) elim.add(c, x, bit);
            push(digit, cellsOf(), elim, () => `Multi-coloring on ${digit} (a color sees both colors of another cluster): ${listing(a.map(cellName))} see both colors of the cluster ${listing([...b1, ...b2].sort((x, y) => x - y).map(cellName))}, so they are not ${digit}`);
          }
        }
        if (i > j) continue;
        // Type 2: a color of A sees a color of B; their opposites: one of them is true.
        for (let s = 0; s < 2; s++) {
          const a = s === 0 ? a1 : a2;
          const aOpp = s === 0 ? a2 : a1;
          for (let t = 0; t < 2; t++) {
            const b = t === 0 ? b1 : b2;
            const bOpp = t === 0 ? b2 : b1;
            if (!seesAny(a, b)) continue;
            const elim = new Eliminations();
            const cells = cellsOf();
            for (let x = 0; x < 81; x++) {
              if (!(c[x]! & bit) || cells.includes(x)) continue;
              if (aOpp.some((y) => SEES[x * 81 + y]) && bOpp.some((y) => SEES[x * 81 + y])) elim.add(c, x, bit);
            }
            push(digit, cells, elim, () => `Multi-coloring on ${digit} (two colors see each other): ${listing(a.map(cellName))} and ${listing(b.map(cellName))} see each other, so ${listing(aOpp.map(cellName))} or ${listing(bOpp.map(cellName))} holds ${digit}; the cells that see both lose it`);
          }
        }
      }
    }
  }
  memo.searched(steps.length > 0 || !(limit > 0));
  return steps;
}
