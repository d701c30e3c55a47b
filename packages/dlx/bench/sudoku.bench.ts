// pnpm --filter @puzzles/dlx bench:sudoku
// Sudoku through the built package, as users call it: the propagation search (SudokuSolver's default; 9×9 grids by
// bands) beside the dancing-links one (method 'dlx') and qqwing (the C++ solver, `qqwing --solve
// --count-solutions`), measured in the same run, alternating; medians of several rounds, CPU time. Also the
// published 16×16 and 25×25 puzzles of michael404/SudokuSolver's test data, each with a 10 s budget: solved (limit
// 1) and checked for uniqueness (limit 2) by propagation, checked by dancing links.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUDOKU_SYMBOLS, SudokuSolver, countSudokuSolutions, formatSudoku, parseSudoku } from '@puzzles/dlx';

const DATA = new URL('../../../../shared/data/', import.meta.url);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rate = (count: number, seconds: number): string => `${Math.round(count / seconds).toLocaleString('en-US')}/s`;

function lines(file: string): string[] | null {
  const url = new URL(file, DATA);
  if (!existsSync(url)) return null;
  return readFileSync(url, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.slice(0, 81));
}

/** qqwing's version, or null when it is not installed. */
function qqwingVersion(): string | null {
  const result = spawnSync('qqwing', ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** One qqwing run over a file: wall-clock and CPU seconds (its user + sys, from bash's `times`), and puzzles it solved. */
function qqwingRun(path: string): { wall: number; cpu: number; solved: number } {
  const start = performance.now();
  const result = spawnSync('bash', ['-c', `qqwing --solve --count-solutions --one-line --nosolution < '${path}' | grep -c 'is unique'; times`], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const wall = (performance.now() - start) / 1000;
  const [count, , children] = result.stdout.trim().split('\n');
  // `times` prints "0m0.001s 0m0.002s" (the shell), then the children's user and sys.
  const cpu = (children ?? '').split(/\s+/).reduce((sum, t) => {
    const m = /^(\d+)m([\d.]+)s$/.exec(t);
    return m === null ? sum : sum + Number(m[1]) * 60 + Number(m[2]);
  }, 0);
  return { wall, cpu, solved: Number(count) };
}

/** Times f: wall-clock and CPU seconds of this process. */
function timed(f: () => number): { wall: number; cpu: number; value: number } {
  const c = process.cpuUsage();
  const t = performance.now();
  const value = f();
  const wall = (performance.now() - t) / 1000;
  const d = process.cpuUsage(c);
  return { wall, cpu: (d.user + d.system) / 1e6, value };
}

console.log(`@puzzles/dlx Sudoku bench on Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log('(the machine is shared: absolute times are noisy; the methods alternate, so their ratio is the figure to read)\n');

const qqwing = qqwingVersion();
if (qqwing === null) console.log('qqwing is not installed: its column is left out (apt install qqwing)\n');

for (const file of ['sudoku/17-clue.txt', 'sudoku/forum-hardest-1106.txt']) {
  const puzzles = lines(file);
  if (puzzles === null) {
    console.log(`${file}: not found in ../../shared/data, skipped`);
    continue;
  }
  const cells = puzzles.map((line) => parseSudoku(line).cells.slice());
  // qqwing reads cells wherever they are (digits and dots in a comment line would shift every puzzle after it).
  const plain = join(mkdtempSync(join(tmpdir(), 'sudoku-bench-')), 'puzzles.txt');
  writeFileSync(plain, `${puzzles.join('\n')}\n`);
  const propagation = new SudokuSolver(9);
  const dlx = new SudokuSolver(9, { method: 'dlx' });
  const runs: Record<string, Array<{ wall: number; cpu: number }>> = { propagation: [], countSudokuSolutions: [], dlx: [], qqwing: [] };
  const uniqueBy = (solver: SudokuSolver) => () => cells.reduce((unique, grid) => unique + (solver.search(grid, 2) === 1 ? 1 : 0), 0);
  const uniqueByCount = () => puzzles.reduce((unique, line) => unique + (countSudokuSolutions(line) === 1 ? 1 : 0), 0);
  const expected = uniqueBy(dlx)();
  for (let round = 0; round <= ROUNDS; round++) {
    // Round 0 warms up and checks the answers.
    const results = [
      ['propagation', timed(uniqueBy(propagation))],
      ['countSudokuSolutions', timed(uniqueByCount)],
      ['dlx', timed(uniqueBy(dlx))],
    ] as const;
    for (const [name, r] of results) {
      if (r.value !== expected) throw new Error(`${file}: ${name} finds ${r.value} unique puzzles, dancing links ${expected}`);
      if (round > 0) runs[name]!.push(r);
    }
    if (qqwing !== null) {
      const q = qqwingRun(plain);
      if (q.solved !== expected) throw new Error(`${file}: qqwing says ${q.solved} puzzles are unique, we say ${expected}`);
      if (round > 0) runs.qqwing!.push(q);
    }
  }
  console.log(`${file}: ${puzzles.length.toLocaleString('en-US')} puzzles, ${expected.toLocaleString('en-US')} unique; uniqueness checks (stop at 2 solutions; qqwing counts all), medians of ${ROUNDS} rounds`);
  const base = median(runs.propagation!.map((r) => r.cpu));
  const nodes = cells.reduce((sum, grid) => (propagation.search(grid, 2), sum + propagation.lastStats.nodes), 0);
  const dlxNodes = cells.reduce((sum, grid) => (dlx.search(grid, 2), sum + dlx.lastStats.nodes), 0);
  console.log(`  nodes per puzzle: bands ${(nodes / cells.length).toFixed(2)}, dancing links ${(dlxNodes / cells.length).toFixed(1)}`);
  for (const [name, list] of Object.entries(runs)) {
    if (list.length === 0) continue;
    const wall = median(list.map((r) => r.wall));
    const cpu = median(list.map((r) => r.cpu));
    const label = name === 'propagation' ? 'SudokuSolver.search (9×9 by bands)' : name === 'dlx' ? "SudokuSolver.search (method 'dlx')" : name === 'qqwing' ? qqwing! : name;
    console.log(
      `  ${label.padEnd(36)} ${wall.toFixed(3)} s = ${rate(puzzles.length, wall).padStart(9)} wall; CPU ${cpu.toFixed(3)} s = ${rate(puzzles.length, cpu).padStart(9)}; ${(cpu / base).toFixed(2)}× the bands' CPU time`,
    );
  }
  console.log('');
}

// The published 16×16 and 25×25 puzzles: symbols relabelled onto ours (0-F and A-Y there; 1-9, A-G and 1-9, A-P here).
const vectors = new URL('external/dlx/sudoku-vectors.json', DATA);
if (!existsSync(vectors)) {
  console.log('external/dlx/sudoku-vectors.json not found: the 16×16 and 25×25 puzzles are skipped');
} else {
  const ALPHABETS: Record<number, string> = { 16: '0123456789ABCDEF', 25: 'ABCDEFGHIJKLMNOPQRSTUVWXY' };
  const relabel = (grid: string, n: number) => Array.from(grid, (ch) => (ch === '.' ? '.' : SUDOKU_SYMBOLS[ALPHABETS[n]!.indexOf(ch)]!)).join('');
  const { cases } = JSON.parse(readFileSync(vectors, 'utf8')) as {
    cases: Array<{ name: string; size: number; puzzle: string; solution?: string; kind?: string }>;
  };
  console.log('michael404/SudokuSolver test data, 16×16 and 25×25: solved (limit 1) and uniqueness (stop at 2 solutions), 10 s budget per run');
  for (const c of cases) {
    if (c.size < 16 || c.kind === 'invalid') continue;
    const cells = parseSudoku(relabel(c.puzzle, c.size)).cells.slice();
    const clues = cells.reduce((sum, v) => sum + (v === 0 ? 0 : 1), 0);
    const parts: string[] = [];
    for (const [method, limit] of [
      ['propagation', 1],
      ['propagation', 2],
      ['dlx', 2],
    ] as const) {
      const solver = new SudokuSolver(c.size, { method });
      const out = new Uint8Array(cells.length);
      const c0 = process.cpuUsage();
      const t = performance.now();
      const found = solver.search(cells, limit, out, { timeout: 10_000 });
      const seconds = (performance.now() - t) / 1000;
      const d = process.cpuUsage(c0);
      const cpu = (d.user + d.system) / 1e6;
      const s = solver.lastStats;
      const right = c.solution === undefined || found === 0 ? '' : formatSudoku(out) === relabel(c.solution, c.size) ? ', solution as published' : ', a different solution';
      const answer =
        limit === 1
          ? found === 1
            ? 'solved'
            : s.complete
              ? 'no solution'
              : `stopped (${s.stoppedBy})`
          : s.complete
            ? found === 1
              ? 'unique'
              : found === 0
                ? 'no solution'
                : 'several'
            : found === 2
              ? 'several'
              : `stopped (${s.stoppedBy}) with ${found} found`;
      parts.push(`${method} limit ${limit} ${seconds.toFixed(2)} s (CPU ${cpu.toFixed(2)} s), ${s.nodes.toLocaleString('en-US')} nodes: ${answer}${right}`);
    }
    console.log(`  ${c.size}×${c.size} ${c.name} (${clues} clues):\n    ${parts.join('\n    ')}`);
  }
}
console.log(`\nload average after the run: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
