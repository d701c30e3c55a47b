// Independent, deliberately plain reference implementations and shared test helpers. Nothing here imports the
// library, so the tests compare it against something it cannot share a bug with.
import fc from 'fast-check';
import { fuzzText as fuzzTextOver } from '@puzzles/testkit';

export { asyncProp, expectError, onlyOurErrors, prop } from '@puzzles/testkit';

/** Arbitrary text for fuzzing parsers (any UTF-16, code points, graphemes, and strings over `alphabet` up to `maxLength`). */
export const fuzzText = (alphabet: string, maxLength = 80) => fuzzTextOver(alphabet, maxLength);

/** A small problem in plain data: item names and options as entries `item` or `item:color`. */
export interface PlainProblem {
  primary: string[];
  secondary: string[];
  options: string[][];
}

/**
 * Every solution of an exact-cover problem with colors, by trying all subsets of options (so only for a handful of
 * options): each primary item covered exactly once, each secondary item at most once or always with one color.
 * Options without a primary item are never part of a solution (as in Knuth's algorithms, which choose options only
 * to cover primary items), except `given` options, which every solution listed here contains. Solutions as sorted option-index lists, sorted.
 */
export function bruteForceSolutions(problem: PlainProblem, given: readonly number[] = []): number[][] {
  const n = problem.options.length;
  const out: number[][] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    const chosen: number[] = [];
    for (let k = 0; k < n; k++) if (mask & (1 << k)) chosen.push(k);
    if (!given.every((g) => chosen.includes(g))) continue;
    if (chosen.some((k) => !given.includes(k) && problem.options[k]!.every((entry) => !problem.primary.includes(entry)))) continue;
    const uses = new Map<string, string[]>();
    for (const k of chosen) {
      for (const entry of problem.options[k]!) {
        const [name, color] = entry.split(':') as [string, string | undefined];
        const list = uses.get(name) ?? [];
        list.push(color ?? '');
        uses.set(name, list);
      }
    }
    const ok =
      problem.primary.every((item) => uses.get(item)?.length === 1) &&
      problem.secondary.every((item) => {
        const list = uses.get(item) ?? [];
        if (list.length <= 1) return true;
        return list.every((c) => c !== '' && c === list[0]);
      });
    if (ok) out.push(chosen);
  }
  return out;
}

/** A random small problem (up to 12 options), with secondary items and colors sometimes. */
export const smallProblemArb: fc.Arbitrary<PlainProblem> = fc
  .record({
    primaryCount: fc.integer({ min: 1, max: 5 }),
    secondaryCount: fc.integer({ min: 0, max: 3 }),
    rows: fc.array(fc.array(fc.tuple(fc.nat(7), fc.integer({ min: 0, max: 2 })), { minLength: 1, maxLength: 4 }), {
      minLength: 0,
      maxLength: 12,
    }),
  })
  .map(({ primaryCount, secondaryCount, rows }) => {
    const primary = Array.from({ length: primaryCount }, (_, k) => `p${k}`);
    const secondary = Array.from({ length: secondaryCount }, (_, k) => `s${k}`);
    const all = [...primary, ...secondary];
    const options = rows.map((row) => {
      const names = new Map<string, string>();
      for (const [item, color] of row) {
        const name = all[item % all.length]!;
        const entry = name.startsWith('s') && color > 0 ? `${name}:${color === 1 ? 'red' : 'blue'}` : name;
        if (!names.has(name)) names.set(name, entry);
      }
      return [...names.values()];
    });
    return { primary, secondary, options };
  });

/** The number of N-queens solutions by plain backtracking over rows with sets. */
export function queensByBacktracking(n: number): number {
  const cols = new Set<number>();
  const up = new Set<number>();
  const down = new Set<number>();
  const place = (row: number): number => {
    if (row === n) return 1;
    let total = 0;
    for (let c = 0; c < n; c++) {
      if (cols.has(c) || up.has(row + c) || down.has(row - c)) continue;
      cols.add(c);
      up.add(row + c);
      down.add(row - c);
      total += place(row + 1);
      cols.delete(c);
      up.delete(row + c);
      down.delete(row - c);
    }
    return total;
  };
  return place(0);
}

/** Counts Sudoku solutions (up to limit) by plain cell-by-cell backtracking; cells 0 blank, 1..n. */
export function sudokuCountByBacktracking(cells: readonly number[], limit: number): number {
  const size = Math.round(Math.sqrt(cells.length));
  const box = Math.round(Math.sqrt(size));
  const grid = [...cells];
  const fits = (k: number, v: number): boolean => {
    const r = Math.floor(k / size);
    const c = k % size;
    for (let j = 0; j < size; j++) {
      if (grid[r * size + j] === v && r * size + j !== k) return false;
      if (grid[j * size + c] === v && j * size + c !== k) return false;
    }
    const br = r - (r % box);
    const bc = c - (c % box);
    for (let i = 0; i < box; i++) {
      for (let j = 0; j < box; j++) {
        const q = (br + i) * size + bc + j;
        if (q !== k && grid[q] === v) return false;
      }
    }
    return true;
  };
  let found = 0;
  const go = (k: number): void => {
    while (k < grid.length && grid[k] !== 0) k++;
    if (k === grid.length) {
      found++;
      return;
    }
    for (let v = 1; v <= size && found < limit; v++) {
      if (!fits(k, v)) continue;
      grid[k] = v;
      go(k + 1);
      grid[k] = 0;
    }
  };
  go(0);
  return found;
}

/** True when a solved grid string (symbols 1-9A-P) is a valid Sudoku that agrees with the puzzle's clues. */
export function isValidSolution(puzzle: string, solution: string): boolean {
  const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';
  const size = Math.round(Math.sqrt(solution.length));
  const box = Math.round(Math.sqrt(size));
  if (size * size !== solution.length) return false;
  const v = [...solution].map((ch) => SYMBOLS.indexOf(ch) + 1);
  if (v.some((x) => x < 1 || x > size)) return false;
  const clues = puzzle.replace(/\s+/g, '').toUpperCase();
  for (let k = 0; k < clues.length; k++) if (clues[k] !== '.' && clues[k] !== '0' && clues[k] !== solution[k]) return false;
  for (let u = 0; u < size; u++) {
    const row = new Set<number>();
    const col = new Set<number>();
    const bx = new Set<number>();
    for (let j = 0; j < size; j++) {
      row.add(v[u * size + j]!);
      col.add(v[j * size + u]!);
      const r = Math.floor(u / box) * box + Math.floor(j / box);
      const c = (u % box) * box + (j % box);
      bx.add(v[r * size + c]!);
    }
    if (row.size !== size || col.size !== size || bx.size !== size) return false;
  }
  return true;
}

/** A solved grid: the classic pattern ((r mod b)·b + r div b + c) mod n, with rows, columns and digits relabelled. */
export function solvedGrid(box: number, digitOrder: readonly number[], rowSwap: number, colSwap: number): number[] {
  const n = box * box;
  const cells: number[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      // Swapping two rows (or columns) inside the first band (stack) keeps the grid valid.
      const rr = r === 0 ? rowSwap % box : r === rowSwap % box ? 0 : r;
      const cc = c === 0 ? colSwap % box : c === colSwap % box ? 0 : c;
      cells.push(digitOrder[(((rr % box) * box + Math.floor(rr / box) + cc) % n)]! + 1);
    }
  }
  return cells;
}

/**
 * Knuth's Algorithm X written plainly (recursion, arrays of flags, no links), counting as DLX1 counts: a node per
 * level entered, and per cover one update plus one per node hidden. It chooses the first primary item (in item
 * order) with at most one option left, else the first with the fewest, tries its options in option order, and
 * covers the other items of an option starting after the chosen item, circularly. Given options are covered first,
 * their items in order. Returns the solutions in the order found (each sorted) and the statistics.
 */
export function referenceX(problem: PlainProblem, given: readonly number[] = []): { list: number[][]; nodes: number; updates: number } {
  const names = [...problem.primary, ...problem.secondary];
  const options = problem.options.map((option) => option.map((entry) => names.indexOf(entry)));
  const primaryCount = problem.primary.length;
  const covered = names.map(() => false);
  const active = options.map(() => true);
  let nodes = 0;
  let updates = 0;
  const list: number[][] = [];
  const cover = (i: number): number[] => {
    updates++;
    const hidden: number[] = [];
    options.forEach((option, o) => {
      if (active[o] && option.includes(i)) {
        active[o] = false;
        updates += option.length - 1;
        hidden.push(o);
      }
    });
    covered[i] = true;
    return hidden;
  };
  const uncover = (i: number, hidden: readonly number[]): void => {
    covered[i] = false;
    for (const o of hidden) active[o] = true;
  };
  const optionsLeft = (i: number) => options.filter((option, o) => active[o] && option.includes(i)).length;
  const chosen: number[] = [];
  const search = (): void => {
    nodes++;
    const open = [...Array(primaryCount).keys()].filter((i) => !covered[i]);
    if (open.length === 0) {
      list.push([...given, ...chosen].sort((a, b) => a - b));
      return;
    }
    let best = open[0]!;
    for (const i of open) {
      if (optionsLeft(i) <= 1) {
        best = i;
        break;
      }
      if (optionsLeft(i) < optionsLeft(best)) best = i;
    }
    if (optionsLeft(best) === 0) return;
    const tried = cover(best);
    for (const o of tried) {
      const option = options[o]!;
      const at = option.indexOf(best);
      const others = [...option.slice(at + 1), ...option.slice(0, at)];
      const undo = others.map((j) => [j, cover(j)] as const);
      chosen.push(o);
      search();
      chosen.pop();
      for (const [j, hidden] of undo.reverse()) uncover(j, hidden);
    }
    uncover(best, tried);
  };
  for (const g of given) for (const i of options[g]!) cover(i);
  search();
  return { list, nodes, updates };
}

/** Problems without colors, bigger than the brute-force ones: up to 12 primary items, so both item lists are long. */
export const problemArb: fc.Arbitrary<PlainProblem> = fc
  .record({
    primaryCount: fc.integer({ min: 1, max: 12 }),
    secondaryCount: fc.integer({ min: 0, max: 3 }),
    rows: fc.array(fc.uniqueArray(fc.nat(14), { minLength: 1, maxLength: 5 }), { minLength: 0, maxLength: 30 }),
  })
  .map(({ primaryCount, secondaryCount, rows }) => {
    const primary = Array.from({ length: primaryCount }, (_, k) => `p${k}`);
    const secondary = Array.from({ length: secondaryCount }, (_, k) => `s${k}`);
    const all = [...primary, ...secondary];
    const options = rows
      .map((row) => [...new Set(row.map((k) => all[k % all.length]!))])
      .filter((option) => option.length > 0);
    return { primary, secondary, options };
  });
