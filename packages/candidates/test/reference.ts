// Shared test helpers and an independent, deliberately plain reference: a backtracking Sudoku solver and a puzzle
// generator. Nothing here imports the library, so the tests compare it against something it cannot share a bug with.
import fc from 'fast-check';

export { expectError, onlyOurErrors, prop } from '@puzzles/testkit';

/** A small seeded generator (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function peersOf(cell: number): number[] {
  const r = Math.floor(cell / 9);
  const c = cell % 9;
  const out: number[] = [];
  for (let x = 0; x < 81; x++) {
    if (x === cell) continue;
    const xr = Math.floor(x / 9);
    const xc = x % 9;
    if (xr === r || xc === c || (Math.floor(xr / 3) === Math.floor(r / 3) && Math.floor(xc / 3) === Math.floor(c / 3))) out.push(x);
  }
  return out;
}
const PEERS = Array.from({ length: 81 }, (_, cell) => peersOf(cell));

/**
 * Plain backtracking over the cell with fewest options (row, column and box masks of used digits): calls `found` with
 * each solution until it returns true. `order` shuffles the digits tried (for random grids).
 */
function search(cells: number[], found: (s: number[]) => boolean, order?: () => number): boolean {
  const rows = new Array<number>(9).fill(0);
  const cols = new Array<number>(9).fill(0);
  const boxes = new Array<number>(9).fill(0);
  const box = (cell: number) => Math.floor(cell / 27) * 3 + Math.floor((cell % 9) / 3);
  for (let cell = 0; cell < 81; cell++) {
    const d = cells[cell]!;
    if (!d) continue;
    rows[Math.floor(cell / 9)]! |= 1 << d;
    cols[cell % 9]! |= 1 << d;
    boxes[box(cell)]! |= 1 << d;
  }
  const go = (): boolean => {
    let best = -1;
    let bestFree = 0;
    let bestCount = 10;
    for (let cell = 0; cell < 81; cell++) {
      if (cells[cell]) continue;
      const free = ~(rows[Math.floor(cell / 9)]! | cols[cell % 9]! | boxes[box(cell)]!) & 0x3fe;
      let n = 0;
      for (let d = 1; d <= 9; d++) if (free & (1 << d)) n++;
      if (n < bestCount) {
        best = cell;
        bestFree = free;
        bestCount = n;
        if (n === 0) return false;
      }
    }
    if (best < 0) return found(cells);
    const options = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => bestFree & (1 << d));
    if (order) options.sort(() => order() - 0.5);
    const r = Math.floor(best / 9);
    const c = best % 9;
    const b = box(best);
    for (const d of options) {
      cells[best] = d;
      rows[r]! |= 1 << d;
      cols[c]! |= 1 << d;
      boxes[b]! |= 1 << d;
      const done = go();
      rows[r]! &= ~(1 << d);
      cols[c]! &= ~(1 << d);
      boxes[b]! &= ~(1 << d);
      if (done) return true;
    }
    cells[best] = 0;
    return false;
  };
  return go();
}

function digitsOfText(grid: string): number[] {
  return [...grid].map((ch) => (ch >= '1' && ch <= '9' ? Number(ch) : 0));
}

/** The number of solutions of 81 givens ('.' or '0' empty), up to `limit`; 0 when givens repeat. */
export function countSolutions(grid: string, limit = 2): number {
  const cells = digitsOfText(grid);
  for (let cell = 0; cell < 81; cell++) if (cells[cell] && PEERS[cell]!.some((p) => cells[p] === cells[cell])) return 0;
  let n = 0;
  search(cells, () => ++n >= limit);
  return n;
}

/** The first solution of 81 givens, or null. */
export function referenceSolve(grid: string): string | null {
  let out: string | null = null;
  search(digitsOfText(grid), (s) => {
    out = s.join('');
    return true;
  });
  return out;
}

/** A random solved grid. */
export function randomSolution(random: () => number): string {
  let out = '';
  search(new Array<number>(81).fill(0), (s) => {
    out = s.join('');
    return true;
  }, random);
  return out;
}

/** A random puzzle with a unique solution: a random solved grid with clues removed in random order while it stays unique, down to `keep` clues at least. */
export function randomPuzzle(seed: number, keep = 17): { puzzle: string; solution: string } {
  const random = rng(seed);
  const solution = randomSolution(random);
  const cells = [...solution];
  const order = Array.from({ length: 81 }, (_, i) => i).sort(() => random() - 0.5);
  let clues = 81;
  for (const cell of order) {
    if (clues <= keep) break;
    const saved = cells[cell]!;
    cells[cell] = '.';
    if (countSolutions(cells.join('')) === 1) clues--;
    else cells[cell] = saved;
  }
  return { puzzle: cells.join(''), solution };
}

/** Arbitrary text of several kinds. */
export function fuzzText(alphabet: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 100 }),
    fc.string({ unit: fc.constantFrom(...alphabet), minLength: 75, maxLength: 90 }),
    fc.string({ unit: fc.constantFrom(...alphabet), minLength: 720, maxLength: 740 }),
  );
}

/** A classic puzzle (Project Euler 96, grid 1) and its solution: solved by singles. */
export const EASY = '003020600900305001001806400008102900700000008006708200002609500800203009005010300';
export const EASY_SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';
