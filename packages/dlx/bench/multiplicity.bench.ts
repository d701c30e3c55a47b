// pnpm --filter @puzzles/dlx bench:m
// Algorithm M (multiplicities, src/engine-m.ts) beside Algorithm C (the JS engine of src/engine.ts, made to run C by
// giving every entry the "no color" color) on problems whose bounds are all 1, where both explore the same search
// tree (same nodes, same updates: test/multiplicity.test.ts checks it). The public API sends such problems to X or C;
// this bench drives the M engine itself on them, because that is the cost of the multiplicity machinery. Algorithm X
// (WebAssembly, what `count` uses on these problems) is printed for reference. Then problems that need M, with
// counts published elsewhere: no other multiplicity solver is installed here (Knuth's DLX3 is a CWEB program), so
// those rows have no reference figure. Medians; M and C alternate, so both see the same load.
import { cpus, loadavg } from 'node:os';
import { Engine, FOUND, type CompiledProblem } from '../src/engine.js';
import { EngineM } from '../src/engine-m.js';
import { count, defineProblem, nQueensProblem, pentominoProblem, type Problem } from '../src/index.js';
import { compiledOf } from '../src/problem.js';
import { timePair, type Timed } from './harness.js';

/** Counts the solutions of an engine from a fresh start. */
function countOn(engine: Engine | EngineM): number {
  engine.resetStats();
  let found = 0;
  while (engine.run() === FOUND) found++;
  engine.reset();
  return found;
}

const ones = (problem: Problem<unknown>) => new Int32Array(problem.primary.length).fill(1);
const engineM = (problem: Problem<unknown>) => new EngineM(compiledOf(problem), { lower: ones(problem), upper: ones(problem) });
/** Algorithm C's engine on a problem without colors: every entry given color 0 ("none"). */
const engineC = (problem: Problem<unknown>) => {
  const compiled: CompiledProblem = compiledOf(problem);
  return new Engine({ ...compiled, optionColors: new Int32Array(compiled.optionItems.length) });
};

console.log(`@puzzles/dlx Algorithm M bench on Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log('(the machine is shared: absolute times are noisy; M and C alternate, so the ratio is the figure to read)\n');

const rows: Array<Timed & { note: string }> = [];
const cases: Array<[string, Problem<unknown>, number, number]> = [
  ['12-queens, all 14200', nQueensProblem(12), 14200, 7],
  ['pentominoes 6×10, all 2339 (X restricted)', pentominoProblem(6, 10, { breakSymmetry: true }), 2339, 5],
];
for (const [name, problem, expect, rounds] of cases) {
  const m = engineM(problem);
  const c = engineC(problem);
  const t = timePair({ name, expect, ours: () => countOn(m), reference: () => countOn(c), rounds });
  const x = new Engine(compiledOf(problem));
  const tx = timePair({ name, expect, ours: () => countOn(x), reference: null, rounds });
  const note = `X (WASM) ${tx.ours.toFixed(3)} s [${tx.oursCpu.toFixed(3)}]`;
  rows.push({ ...t, note });
  console.log(`  ${name}: M ${t.ours.toFixed(3)} s, C ${t.reference!.toFixed(3)} s, M/C ${(t.oursCpu / t.referenceCpu!).toFixed(2)} (CPU); ${note}`);
}

/** n×n 0-1 matrices with k ones in every row and column (OEIS A001499 for k = 2, A001501 for k = 3). */
const matrices = (n: number, k: number) => {
  const r = Array.from({ length: n }, (_, i) => `r${i}`);
  const c = Array.from({ length: n }, (_, i) => `c${i}`);
  return defineProblem({ primary: [...r, ...c].map((name) => `${k}|${name}`), options: r.flatMap((a) => c.map((b) => [a, b])) });
};

/** Sets of k queens that attack or occupy every square of an n×n board. */
const domination = (n: number, k: number) => {
  const squares: string[] = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) squares.push(`${r}_${c}`);
  const options = squares.map((_, q) => [
    '#',
    ...squares.filter((_, s) => {
      const [r, c, r2, c2] = [Math.floor(q / n), q % n, Math.floor(s / n), s % n];
      return r === r2 || c === c2 || r - c === r2 - c2 || r + c === r2 + c2;
    }),
  ]);
  return defineProblem({ primary: [`${k}|#`, ...squares.map((s) => `1:${k}|${s}`)], options });
};

/** The same count by trying every set of k squares of an n×n board (n ≤ 8), with 64-bit masks as two 32-bit words. */
function dominationByBruteForce(n: number, k: number): number {
  const cells = n * n;
  const lo = new Uint32Array(cells);
  const hi = new Uint32Array(cells);
  for (let q = 0; q < cells; q++) {
    for (let s = 0; s < cells; s++) {
      const [r, c, r2, c2] = [Math.floor(q / n), q % n, Math.floor(s / n), s % n];
      if (r === r2 || c === c2 || r - c === r2 - c2 || r + c === r2 + c2) {
        if (s < 32) lo[q]! |= 1 << s;
        else hi[q]! |= 1 << (s - 32);
      }
    }
  }
  const fullLo = cells >= 32 ? 0xffffffff : 2 ** cells - 1;
  const fullHi = cells > 32 ? 2 ** (cells - 32) - 1 : 0;
  let found = 0;
  const pick = (from: number, left: number, l: number, h: number): void => {
    if (left === 0) {
      if (l >>> 0 === fullLo && h >>> 0 === fullHi) found++;
      return;
    }
    for (let q = from; q <= cells - left; q++) pick(q + 1, left - 1, l | lo[q]!, h | hi[q]!);
  };
  pick(0, k, 0, 0);
  return found;
}

const t0 = performance.now();
const dominating = dominationByBruteForce(8, 5);
console.log(`\n  5 queens dominating 8×8 by brute force over all ${(7624512).toLocaleString('en-US')} sets: ${dominating} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

const published: Array<[string, Problem<unknown>, number, number, string]> = [
  ['6×6 0-1 matrices, two 1s per row and column', matrices(6, 2), 67950, 3, '67,950: OEIS A001499'],
  ['6×6 0-1 matrices, three 1s per row and column', matrices(6, 3), 297200, 1, '297,200: OEIS A001501'],
  ['5 queens dominating the 8×8 board', domination(8, 5), dominating, 1, `${dominating.toLocaleString('en-US')}: brute force above`],
];
for (const [name, problem, expect, rounds, source] of published) {
  const t = timePair({ name, expect, ours: () => count(problem).solutions, reference: null, rounds, noWarmUp: true });
  rows.push({ ...t, note: `count checked against ${source}; no multiplicity solver to compare with` });
  console.log(`  ${name}: ${t.ours.toFixed(3)} s`);
}

console.log('\nmedian seconds, wall clock [CPU of this process]; ratio = M / C by CPU time (required: at most 1.5)');
const pad = (s: string, n: number) => s.padEnd(n);
console.log(`${pad('case', 50)}${pad('Algorithm M', 24)}${pad('Algorithm C', 24)}${pad('M/C', 8)}notes`);
for (const row of rows) {
  const fmt = (wall: number | null, cpu: number | null) => (wall === null || cpu === null ? '-' : `${wall.toFixed(3)} s [${cpu.toFixed(3)}]`);
  const ratio = row.referenceCpu === null ? '-' : `${(row.oursCpu / row.referenceCpu).toFixed(2)}`;
  console.log(`${pad(row.name, 50)}${pad(fmt(row.ours, row.oursCpu), 24)}${pad(fmt(row.reference, row.referenceCpu), 24)}${pad(ratio, 8)}${row.note}`);
}
