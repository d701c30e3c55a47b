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

/** Each cell's peers as three 27-bit words (cells 0-26, 27-53, 54-80); made on first use. */
let peerWords: Int32Array | undefined;

function peersAsWords(): Int32Array {
  if (peerWords !== undefined) return peerWords;
  const out = new Int32Array(81 * 3);
  for (let a = 0; a < 81; a++) for (let b = 0; b < 81; b++) if (SEES[a * 81 + b]) out[a * 3 + Math.floor(b / 27)]! |= 1 << b % 27;
  return (peerWords = out);
}

/** The cells of a list as three words (into out at `at`), and the cells that see any of them (into sees at `at`). */
function wordsOf(cells: readonly number[], out: Int32Array, sees: Int32Array, at: number): void {
  const peers = peersAsWords();
  for (const x of cells) {
    out[at + Math.floor(x / 27)]! |= 1 << x % 27;
    for (let k = 0; k < 3; k++) sees[at + k]! |= peers[x * 3 + k]!;
  }
}

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
    // Each color's cells and the cells seeing any of them, as words (color s of cluster i at (i * 2 + s) * 3): a
    // pair of colors that cannot give anything is left before its eliminations are made (most pairs give nothing).
    const colorWords = new Int32Array(all.length * 6);
    const seeWords = new Int32Array(all.length * 6);
    for (let i = 0; i < all.length; i++) for (let s = 0; s < 2; s++) wordsOf(all[i]![s]!, colorWords, seeWords, (i * 2 + s) * 3);
    // Whether a cell of the color at `x` sees a cell of the color at `y` (word offsets as above).
    const sees = (x: number, y: number): boolean =>
      ((seeWords[x]! & colorWords[y]!) | (seeWords[x + 1]! & colorWords[y + 1]!) | (seeWords[x + 2]! & colorWords[y + 2]!)) !== 0;
    const digitWords = [0, 0, 0];
    for (let x = 0; x < 81; x++) if (c[x]! & bit) digitWords[Math.floor(x / 27)]! |= 1 << x % 27;
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
          if (sees((i * 2 + s) * 3, j * 6) && sees((i * 2 + s) * 3, j * 6 + 3)) {
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
            if (!sees((i * 2 + s) * 3, (j * 2 + t) * 3)) continue;
            // The cells holding the digit outside both clusters that see both opposites: none, nothing to remove.
            const ao = (i * 2 + 1 - s) * 3;
            const bo = (j * 2 + 1 - t) * 3;
            let room = 0;
            for (let k = 0; k < 3; k++) {
              const outside = ~(colorWords[i * 6 + k]! | colorWords[i * 6 + 3 + k]! | colorWords[j * 6 + k]! | colorWords[j * 6 + 3 + k]!);
              room |= digitWords[k]! & outside & seeWords[ao + k]! & seeWords[bo + k]!;
            }
            if (!room) continue;
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
