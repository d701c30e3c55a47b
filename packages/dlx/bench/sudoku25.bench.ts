// pnpm --filter @puzzles/dlx bench:sudoku25
// The five published 25×25 puzzles of michael404/SudokuSolver's test data (../shared/data/external/dlx), through the
// built package as users call it: solved (limit 1) and proved unique (limit 2) by SudokuSolver(25) (clause learning),
// each run with a 10 s budget, CPU time of this process, medians of ROUNDS rounds (default 5) with the puzzles
// alternating; the solution checked against the published one. With DLX=1, one run per puzzle of method 'dlx'
// (dancing links, the same 10 s budget) beside it. No native 25×25 solver is installed here to compare with.
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { SUDOKU_SYMBOLS, SudokuSolver, formatSudoku, parseSudoku } from '@puzzles/dlx';

const DATA = new URL('../../../../shared/data/external/dlx/sudoku-vectors.json', import.meta.url);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const BUDGET_MS = 10_000;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!existsSync(DATA)) {
  console.log('../shared/data/external/dlx/sudoku-vectors.json not found: nothing to measure');
  process.exit(0);
}

// Symbols A-Y there, 1-9 and A-P here.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXY';
const relabel = (grid: string) => Array.from(grid, (ch) => (ch === '.' ? '.' : SUDOKU_SYMBOLS[ALPHABET.indexOf(ch)]!)).join('');
const { cases } = JSON.parse(readFileSync(DATA, 'utf8')) as {
  cases: Array<{ name: string; size: number; puzzle: string; solution?: string; kind?: string }>;
};
const puzzles = cases
  .filter((c) => c.size === 25 && c.kind !== 'invalid')
  .map((c) => ({ name: c.name, cells: parseSudoku(relabel(c.puzzle)).cells.slice(), solution: c.solution === undefined ? null : relabel(c.solution) }));

console.log(`@puzzles/dlx 25×25 bench on Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

interface Run {
  cpu: number;
  wall: number;
  nodes: number;
  answer: string;
}

function runOnce(solver: SudokuSolver, cells: Uint8Array, limit: number, solution: string | null): Run {
  const out = new Uint8Array(625);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const found = solver.search(cells, limit, out, { timeout: BUDGET_MS });
  const wall = (performance.now() - t0) / 1000;
  const d = process.cpuUsage(c0);
  const s = solver.lastStats;
  const right = found === 0 || solution === null ? '' : formatSudoku(out) === solution ? ', solution as published' : ', ANOTHER SOLUTION';
  let answer: string;
  if (limit === 1) answer = found === 1 ? 'solved' : s.complete ? 'no solution' : `stopped (${s.stoppedBy})`;
  else if (s.complete) answer = found === 1 ? 'unique' : found === 0 ? 'no solution' : 'several';
  else answer = found === 2 ? 'several' : `not proved (stopped by ${s.stoppedBy}, ${found} found)`;
  return { cpu: (d.user + d.system) / 1e6, wall, nodes: s.nodes, answer: answer + right };
}

const solver = new SudokuSolver(25);
const runs = new Map<string, Run[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const p of puzzles) {
    for (const limit of [1, 2]) {
      const key = `${p.name} ${limit}`;
      if (!runs.has(key)) runs.set(key, []);
      runs.get(key)!.push(runOnce(solver, p.cells, limit, p.solution));
    }
  }
}

console.log(`\nSudokuSolver(25): 10 s budget per run, medians of ${ROUNDS} rounds (CPU time of this process; wall clock in brackets)`);
for (const p of puzzles) {
  const clues = p.cells.reduce((sum, v) => sum + (v === 0 ? 0 : 1), 0);
  const parts = [1, 2].map((limit) => {
    const list = runs.get(`${p.name} ${limit}`)!;
    const answers = [...new Set(list.map((r) => r.answer))].join(' / ');
    const cpu = list.map((r) => r.cpu);
    return `limit ${limit}: ${answers}, CPU ${median(cpu).toFixed(2)} s (${Math.min(...cpu).toFixed(2)}-${Math.max(...cpu).toFixed(2)}) [${median(list.map((r) => r.wall)).toFixed(2)} s], ${median(list.map((r) => r.nodes)).toLocaleString('en-US')} decisions`;
  });
  console.log(`  ${p.name} (${clues} clues)\n    ${parts.join('\n    ')}`);
}

if (process.env.DLX === '1') {
  console.log(`\nmethod 'dlx' (dancing links), uniqueness, one run each, 10 s budget`);
  const dlx = new SudokuSolver(25, { method: 'dlx' });
  for (const p of puzzles) {
    const r = runOnce(dlx, p.cells, 2, p.solution);
    console.log(`  ${p.name}: ${r.answer}, CPU ${r.cpu.toFixed(2)} s, ${r.nodes.toLocaleString('en-US')} nodes`);
  }
}
console.log(`\nload average after the run: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
