import type { Grid } from './grid.js';
import { Eliminations, type Step } from './step.js';
import { cellName, listing } from './tables.js';

// A template: the 9 cells one digit takes in a solved grid (one per row, column and box), as three 27-bit words.
// There are 46,656 of them; they are made once, on first use.
let TEMPLATES: Int32Array | null = null;

function templates(): Int32Array {
  if (TEMPLATES) return TEMPLATES;
  const out: number[] = [];
  const cols: number[] = [];
  const walk = (row: number, usedCols: number, usedBoxes: number): void => {
    if (row === 9) {
      const w = [0, 0, 0];
      cols.forEach((col, r) => {
        const cell = r * 9 + col;
        w[Math.floor(cell / 27)]! |= 1 << cell % 27;
      });
      out.push(...w);
      return;
    }
    for (let col = 0; col < 9; col++) {
      const box = Math.floor(row / 3) * 3 + Math.floor(col / 3);
      if (usedCols & (1 << col) || usedBoxes & (1 << box)) continue;
      cols.push(col);
      walk(row + 1, usedCols | (1 << col), usedBoxes | (1 << box));
      cols.pop();
    }
  };
  walk(0, 0, 0);
  TEMPLATES = Int32Array.from(out);
  return TEMPLATES;
}

/** The templates of a digit that the grid allows: they take its placed cells and otherwise only its candidates. */
function allowed(grid: Grid, digit: number): Int32Array {
  const t = templates();
  const bit = 1 << (digit - 1);
  const placed = new Int32Array(3);
  const open = new Int32Array(3);
  for (let cell = 0; cell < 81; cell++) {
    const k = Math.floor(cell / 27);
    const b = 1 << cell % 27;
    if (grid.values[cell] === digit) placed[k]! |= b;
    else if (grid.candidates[cell]! & bit) open[k]! |= b;
  }
  const out: number[] = [];
  for (let i = 0; i < t.length; i += 3) {
    let ok = true;
    for (let k = 0; k < 3 && ok; k++) {
      const w = t[i + k]!;
      if ((w & placed[k]!) !== placed[k] || (w & ~(placed[k]! | open[k]!)) !== 0) ok = false;
    }
    if (ok) out.push(t[i]!, t[i + 1]!, t[i + 2]!);
  }
  return Int32Array.from(out);
}

/**
 * For each digit, the cells every template that fits takes (AND) and that some template takes (OR), keeping only the
 * templates that leave room for some allowed template of every other digit (no shared cell).
 */
function fitsAll(grid: Grid): { all: Int32Array; some: Int32Array; count: number }[] {
  let lists: Int32Array[] = [];
  for (let digit = 1; digit <= 9; digit++) lists.push(allowed(grid, digit));
  // Drop templates that leave no room for some other digit, again until nothing changes.
  for (let changed = true; changed; ) {
    changed = false;
    lists = lists.map((list, d) => {
      const kept: number[] = [];
      for (let i = 0; i < list.length; i += 3) {
        const a0 = list[i]!;
        const a1 = list[i + 1]!;
        const a2 = list[i + 2]!;
        let ok = true;
        for (let e = 0; e < 9 && ok; e++) {
          if (e === d) continue;
          const other = lists[e]!;
          let room = false;
          for (let j = 0; j < other.length && !room; j += 3) room = (a0 & other[j]!) === 0 && (a1 & other[j + 1]!) === 0 && (a2 & other[j + 2]!) === 0;
          ok = room;
        }
        if (ok) kept.push(a0, a1, a2);
      }
      if (kept.length !== list.length) changed = true;
      return Int32Array.from(kept);
    });
  }
  return lists.map((list) => {
    const all = new Int32Array([-1, -1, -1]);
    const some = new Int32Array(3);
    for (let i = 0; i < list.length; i += 3) {
      for (let k = 0; k < 3; k++) {
        all[k]! &= list[i + k]!;
        some[k]! |= list[i + k]!;
      }
    }
    return { all, some, count: list.length / 3 };
  });
}

const hasCell = (w: Int32Array, cell: number): boolean => (w[Math.floor(cell / 27)]! & (1 << cell % 27)) !== 0;

/**
 * Template set: of the 46,656 ways a digit can fill a grid (one cell per row, column and box), keep those the givens
 * and candidates allow; a cell that every one of them takes holds the digit.
 */
export function findTemplateSets(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const fits = fitsAll(grid);
  for (let digit = 1; digit <= 9 && steps.length < limit; digit++) {
    const { all, count } = fits[digit - 1]!;
    if (count === 0) continue;
    const cells: number[] = [];
    for (let cell = 0; cell < 81; cell++) if (!grid.values[cell] && hasCell(all, cell)) cells.push(cell);
    if (cells.length === 0) continue;
    steps.push({
      technique: 'template-set',
      cells,
      digits: [digit],
      eliminations: [],
      placements: cells.map((cell) => ({ cell, digit })),
      explanation: `Template set: every one of the ${count.toLocaleString('en-US')} ways ${digit} can still fill the grid (one cell per row, column and box, leaving room for the other digits) puts it in ${listing(cells.map(cellName))}, so ${digit} goes there`,
    });
  }
  return steps;
}

/** Template delete: a candidate that none of the digit's templates allowed by the grid takes cannot hold the digit. */
export function findTemplateDeletes(grid: Grid, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const fits = fitsAll(grid);
  for (let digit = 1; digit <= 9 && steps.length < limit; digit++) {
    const { some, count } = fits[digit - 1]!;
    if (count === 0) continue;
    const bit = 1 << (digit - 1);
    const elim = new Eliminations();
    const cells: number[] = [];
    for (let cell = 0; cell < 81; cell++) {
      if (grid.candidates[cell]! & bit && !hasCell(some, cell)) {
        elim.add(grid.candidates, cell, bit);
        cells.push(cell);
      }
    }
    if (elim.empty) continue;
    steps.push({
      technique: 'template-delete',
      cells,
      digits: [digit],
      eliminations: elim.list(),
      placements: [],
      explanation: `Template delete: none of the ${count.toLocaleString('en-US')} ways ${digit} can still fill the grid (one cell per row, column and box, leaving room for the other digits) uses ${listing(cells.map(cellName))}, so remove ${digit} there`,
    });
  }
  return steps;
}
