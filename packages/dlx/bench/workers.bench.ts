// pnpm --filter @puzzles/dlx bench:workers
// count(problem, { workers }) with 1, 2 and 4 worker threads beside one thread (no worker), wall clock, medians; and
// the scaling projected to 16 and 64 cores from the sizes of the pieces (each piece's nodes, counted on its own): the
// pieces are handed out as the workers take them (parallel.ts), so that is simulated with nodes as time, and the
// shards of `--shard i/N` (the pieces dealt out in a fixed pseudo-random order) by the largest one's share of the nodes.
// Also the iterator (for…of over solutions, and its callback form forEach) beside dancing-links' findAll() on 12-queens
// and pentominoes.
import { cpus, loadavg } from 'node:os';
import { DancingLinks } from 'dancing-links';
import { count, createSolver, listShards, nQueensProblem, pentominoProblem, solutions, type Problem } from '@puzzles/dlx';
// The order and the batch sizes in which the workers option hands out pieces, for the simulation.
import { batchSize, interleave } from '../src/parallel.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rounds = Number(process.env.ROUNDS ?? 5);

console.log(`@puzzles/dlx workers bench on Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log('(a shared machine: other jobs take cores too, so speedups are lower bounds; rounds alternate between the settings)\n');

/**
 * Wall-clock medians of count with no worker and with 1, 2, 4 workers, alternating; and the CPU time of the process
 * (all its threads), which says what the workers cost beyond the search itself.
 */
async function scaling(name: string, problem: Problem<unknown>, expected: number): Promise<void> {
  const settings = [0, 1, 2, 4];
  const times = new Map(settings.map((w) => [w, [] as number[]]));
  const cpu = new Map(settings.map((w) => [w, [] as number[]]));
  for (let r = 0; r < rounds; r++) {
    for (const w of settings) {
      const c = process.cpuUsage();
      const t = performance.now();
      const stats = w === 0 ? count(problem) : await count(problem, { workers: w });
      times.get(w)!.push((performance.now() - t) / 1000);
      const d = process.cpuUsage(c);
      cpu.get(w)!.push((d.user + d.system) / 1e6);
      if (stats.solutions !== expected) throw new Error(`${name}: ${stats.solutions} solutions with ${w} workers, expected ${expected}`);
    }
  }
  const one = median(times.get(1)!);
  console.log(`${name}: ${expected} solutions, medians of ${rounds} runs, load average now ${loadavg()[0]!.toFixed(2)}`);
  for (const w of settings) {
    const m = median(times.get(w)!);
    console.log(
      `  ${w === 0 ? 'one thread, no worker' : `${w} worker${w === 1 ? '' : 's'}`}`.padEnd(26) +
        `wall ${m.toFixed(3)} s, CPU (all threads) ${median(cpu.get(w)!).toFixed(3)} s` +
        (w > 1 ? `   wall: ${(one / m).toFixed(2)}x one worker` : ''),
    );
  }
}

/** The dispatch of parallel.ts simulated with nodes as time: the speedup over one worker on `cores` workers. */
function simulate(pieceNodes: number[], cores: number): number {
  const nodes = interleave(pieceNodes, cores);
  const free = new Array<number>(cores).fill(0);
  let next = 0;
  while (next < nodes.length) {
    const size = batchSize(nodes.length - next, cores);
    let k = 0;
    for (let j = 1; j < cores; j++) if (free[j]! < free[k]!) k = j;
    for (let j = next; j < next + size && j < nodes.length; j++) free[k]! += nodes[j]!;
    next += size;
  }
  const total = nodes.reduce((a, b) => a + b, 0);
  return total / Math.max(...free);
}

function projection(name: string, problem: Problem<unknown>): void {
  console.log(`${name}: projected from the pieces' nodes`);
  const solver = createSolver(problem);
  for (const cores of [2, 4, 16, 64]) {
    // The workers option and --shard i/N split alike (at least 64 pieces per worker or per machine), in search order
    // here; each piece's nodes are those of its subtree (the search with its options given).
    const pieces = solver.split([], cores * 64).pieces;
    const nodes = pieces.map((piece) => solver.count({ given: [...piece] }).nodes);
    const total = nodes.reduce((a, b) => a + b, 0);
    const largest = Math.max(...nodes);
    const size = new Map(pieces.map((piece, k) => [piece.join(' '), nodes[k]!]));
    const shardNodes = listShards(problem, cores).map((s) => s.pieces.reduce((sum, piece) => sum + size.get(piece.join(' '))!, 0));
    console.log(
      `  ${String(cores).padStart(2)} cores: ${nodes.length} pieces, the largest ${((100 * largest) / total).toFixed(2)}% of the nodes` +
        ` (bound ${(total / largest).toFixed(1)}x); workers simulated ${simulate(nodes, cores).toFixed(1)}x;` +
        ` ${cores} shards: the largest ${((100 * Math.max(...shardNodes)) / total).toFixed(1)}% → ${(total / Math.max(...shardNodes)).toFixed(1)}x`,
    );
  }
}

const dl = new DancingLinks<number>();
function dancingLinks(problem: Problem<unknown>) {
  const np = problem.primary.length;
  const rows = problem.options.map((option) => option.map((entry) => problem.itemIndex(entry)));
  if (problem.secondary.length === 0) {
    const solver = dl.createSolver({ columns: np });
    rows.forEach((row, k) => solver.addSparseConstraint(k, row));
    return solver;
  }
  const solver = dl.createSolver({ primaryColumns: np, secondaryColumns: problem.secondary.length });
  rows.forEach((row, k) => solver.addSparseConstraint(k, { primary: row.filter((i) => i < np), secondary: row.filter((i) => i >= np).map((i) => i - np) }));
  return solver;
}

/** for…of over our solutions beside dancing-links' findAll(), CPU time of this process, alternating; medians. */
function iterator(name: string, problem: Problem<unknown>, expected: number, n: number): void {
  const cpu = (f: () => number): number => {
    const c = process.cpuUsage();
    const value = f();
    const d = process.cpuUsage(c);
    if (value !== expected) throw new Error(`${name}: ${value} solutions, expected ${expected}`);
    return (d.user + d.system) / 1e6;
  };
  const ours: number[] = [];
  const theirs: number[] = [];
  const counted: number[] = [];
  const called: number[] = [];
  for (let r = 0; r < n + 1; r++) {
    const o = cpu(() => {
      let k = 0;
      for (const s of solutions(problem)) if (s.options.length > 0) k++;
      return k;
    });
    const f = cpu(() => {
      let k = 0;
      solutions(problem).forEach((s) => {
        if (s.options.length > 0) k++;
      });
      return k;
    });
    const t = cpu(() => dancingLinks(problem).findAll().length);
    const c = cpu(() => count(problem).solutions);
    if (r === 0) continue; // warm-up
    ours.push(o);
    theirs.push(t);
    counted.push(c);
    called.push(f);
  }
  const [o, t, c, f] = [median(ours), median(theirs), median(counted), median(called)];
  console.log(
    `  ${name}: for…of ${(o * 1000).toFixed(1)} ms, forEach ${(f * 1000).toFixed(1)} ms, count ${(c * 1000).toFixed(1)} ms, dancing-links findAll() ${(t * 1000).toFixed(1)} ms;` +
      ` ratio ${(t / o).toFixed(2)}x (for…of), ${(t / f).toFixed(2)}x (forEach), ${(t / c).toFixed(2)}x (count)`,
  );
}

const pentominoes = pentominoProblem(6, 10);
const queens13 = nQueensProblem(13);
if (process.env.ONLY !== 'iterator') {
  projection('pentominoes 6×10', pentominoes);
  projection('13-queens', queens13);
  console.log('');
  await scaling('pentominoes 6×10, all 9356 (no symmetry breaking)', pentominoes, 9356);
  await scaling('13-queens', queens13, 73712);
  console.log('');
}
console.log(`the iterator, medians of ${rounds * 2} runs, CPU time (dancing-links 4.3.10, measured in the same process)`);
iterator('12-queens, all 14200', nQueensProblem(12), 14200, rounds * 2);
iterator('pentominoes 6×10, all 2339 (X restricted)', pentominoProblem(6, 10, { breakSymmetry: true }), 2339, rounds);
