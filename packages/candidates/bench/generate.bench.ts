// Puzzles made per second at each of our levels (median of several seeded runs), beside qqwing 1.3.4 (C++, run as a
// process in the same run when it is installed) and sudoku-core's generate, with the share of attempts that reach the
// level, and the clue counts and scores of generated puzzles beside qqwing's output rated by our own rating.
// Run: pnpm --filter @puzzles/candidates bench:generate   (env BENCH_N=<n> puzzles per level for the distributions; default 1,000)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { generatePuzzles, LEVELS, ratePath, solveLogically, type Level } from '@puzzles/candidates';
import { median } from './harness.js';

const N = Number(process.env.BENCH_N ?? 1000);
const ROUNDS = 3;

console.log(`generate benchmark: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('the machine is shared: rates are medians of several runs, in CPU time (user + system) and wall-clock time\n');
const cpuMs = (since: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

const quantiles = (xs: number[]): string => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number): number => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return s.length === 0 ? '-' : `${q(0)} / ${q(0.25)} / ${q(0.5)} / ${q(0.75)} / ${s[s.length - 1]}`;
};
const histogram = (xs: number[]): string => {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}:${v}`).join(' ');
};
const rateOf = (puzzle: string) => {
  const result = solveLogically(puzzle);
  return ratePath(result.steps, result.solved);
};

// Ours, the way qqwing is measured: a whole process (`sudoku-explain generate`, Node's start and the JIT's warm-up
// included), its CPU time from bash's `times`; qqwing 1.3.4 (when installed) the same way, `--generate n --difficulty d
// --one-line`. Each round runs ours and qqwing's nearest level in turn (Easy, easy, Medium, intermediate, Hard, expert,
// Unfair, Extreme), so both see the same minutes of this shared machine; rates are medians over the rounds. Unfair and
// Extreme run at 50 puzzles a process and at qqwing's 200. Then the same library in a process that has been generating
// for a while (a server or a worker making puzzles on demand): the median round after one warm-up round.
const ROUNDS_CPU = Number(process.env.BENCH_ROUNDS ?? 5);
const COUNTS: Record<Level, number> = { Easy: 200, Medium: 200, Hard: 200, Unfair: 50, Extreme: 50 };
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const QQWING = ['simple', 'easy', 'intermediate', 'expert'] as const;
type QqLevel = (typeof QQWING)[number];
const QQ_COUNT: Record<QqLevel, number> = { simple: 20, easy: 200, intermediate: 200, expert: 200 };
const NEAREST: Record<Level, QqLevel> = { Easy: 'easy', Medium: 'intermediate', Hard: 'expert', Unfair: 'expert', Extreme: 'expert' };
const hasQqwing = spawnSync('qqwing', ['--version'], { encoding: 'utf8' }).status === 0;
/** A bash command's CPU seconds (user + system of its children, from `times`), its wall seconds and its output. */
const timed = (command: string): { cpu: number; wall: number; stdout: string } => {
  const t0 = performance.now();
  const out = spawnSync('bash', ['-c', `${command}; times`], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const wall = (performance.now() - t0) / 1000;
  if (out.status !== 0) throw new Error(`${command} failed: ${out.stderr}`);
  const lines = out.stdout.trim().split('\n');
  const [user, system] = [...(lines[lines.length - 1] ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return { cpu: Math.max(0.001, (user ?? 0) + (system ?? 0)), wall, stdout: lines.slice(0, -2).join('\n') };
};
const oursRun = (level: Level, count: number, round: number): { cpu: number; wall: number; attempts: number } => {
  const r = timed(`node '${CLI}' generate --level ${level.toLowerCase()} --count ${count} --seed bench-${round} --json | tail -1`);
  const summary = JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}').summary as { puzzles: number; attempts: number } | undefined;
  if (summary === undefined || summary.puzzles !== count) throw new Error(`sudoku-explain generate --level ${level} made ${summary?.puzzles}`);
  return { cpu: r.cpu, wall: r.wall, attempts: summary.attempts };
};
const qqRun = (d: QqLevel): { cpu: number; wall: number } => timed(`qqwing --generate ${QQ_COUNT[d]} --difficulty ${d} --one-line > /dev/null`);

interface Figures {
  readonly cpuRates: number[];
  readonly wallRates: number[];
  attempts: number;
  found: number;
}
const blank = (): Figures => ({ cpuRates: [], wallRates: [], attempts: 0, found: 0 });
const oursAt = new Map<string, Figures>();
const qqAt = new Map<QqLevel, Figures>();
// BENCH_LEVELS (e.g. "Hard,Unfair,Extreme") picks our levels; BENCH_QQ_COUNT=0 leaves out the runs at qqwing's 200.
const PICKED = (process.env.BENCH_LEVELS ?? LEVELS.join(',')).split(',');
const ROW: readonly { level: Level; count: number; qq?: QqLevel }[] = [
  { level: 'Easy' as const, count: COUNTS.Easy, qq: 'easy' as const },
  { level: 'Medium' as const, count: COUNTS.Medium, qq: 'intermediate' as const },
  { level: 'Hard' as const, count: COUNTS.Hard, qq: 'expert' as const },
  { level: 'Unfair' as const, count: COUNTS.Unfair },
  { level: 'Extreme' as const, count: COUNTS.Extreme },
  ...(process.env.BENCH_QQ_COUNT === '0' ? [] : [{ level: 'Unfair' as const, count: 200 }, { level: 'Extreme' as const, count: 200 }]),
].filter((row) => PICKED.includes(row.level));
console.log(`whole processes, ${ROUNDS_CPU} rounds, ours and qqwing in turn${hasQqwing ? '' : ' (qqwing is not installed: apt-get install qqwing; no qqwing figures in this run)'}`);
for (let round = 0; round < ROUNDS_CPU; round++) {
  for (const { level, count, qq } of ROW) {
    const key = `${level} ${count}`;
    const o = oursRun(level, count, round);
    const f = oursAt.get(key) ?? blank();
    f.cpuRates.push(count / o.cpu);
    f.wallRates.push(count / o.wall);
    f.attempts += o.attempts;
    f.found += count;
    oursAt.set(key, f);
    if (qq !== undefined && hasQqwing) {
      const q = qqRun(qq);
      const g = qqAt.get(qq) ?? blank();
      g.cpuRates.push(QQ_COUNT[qq] / q.cpu);
      g.wallRates.push(QQ_COUNT[qq] / q.wall);
      qqAt.set(qq, g);
    }
  }
  console.log(`  round ${round + 1} done, load ${loadavg()[0]!.toFixed(1)}`);
}
if (hasQqwing) {
  const q = qqRun('simple');
  qqAt.set('simple', { cpuRates: [QQ_COUNT.simple / q.cpu], wallRates: [QQ_COUNT.simple / q.wall], attempts: 0, found: 0 });
  console.log(`${spawnSync('qqwing', ['--version'], { encoding: 'utf8' }).stdout.trim()}: simple (naked singles only) ${(QQ_COUNT.simple / q.cpu).toFixed(1)}/CPU s (one run of ${QQ_COUNT.simple})`);
}
const warmAt = new Map<Level, number>();
for (const level of LEVELS.filter((l) => PICKED.includes(l))) {
  const warm: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const c0 = process.cpuUsage();
    const generator = generatePuzzles({ level, count: COUNTS[level] / 2, seed: `warm-${round}` });
    let n = 0;
    for (const _ of generator) n++;
    if (round > 0) warm.push((n / cpuMs(c0)) * 1000);
  }
  warmAt.set(level, median(warm));
}
console.log('\nour level, puzzles a process: per CPU second and per second (medians; each round in brackets), beside qqwing at its nearest level in the same rounds; warm process per CPU second; share of attempts that hit the level');
for (const { level, count } of ROW) {
  const o = oursAt.get(`${level} ${count}`)!;
  const q = hasQqwing ? qqAt.get(NEAREST[level]) : undefined;
  const ratio = q === undefined ? '' : `   qqwing ${NEAREST[level]} ${median(q.cpuRates).toFixed(1)}/CPU s: ${(median(o.cpuRates) / median(q.cpuRates)).toFixed(2)}x (wall ${(median(o.wallRates) / median(q.wallRates)).toFixed(2)}x)`;
  console.log(
    `  ${level.padEnd(8)} ${String(count).padStart(4)} ${median(o.cpuRates).toFixed(1).padStart(7)}/CPU s ${median(o.wallRates).toFixed(1).padStart(7)}/s [${o.cpuRates.map((r) => r.toFixed(1)).join(' ')}]${ratio}   warm ${warmAt.get(level)!.toFixed(1)}/CPU s ` +
      `(${(1000 / warmAt.get(level)!).toFixed(1)} ms a puzzle; the process's start and warm-up ${(count / median(o.cpuRates) - count / warmAt.get(level)!).toFixed(2)} CPU-s)   ${((o.found / o.attempts) * 100).toFixed(1)}% of ${o.attempts} attempts`,
  );
}
if (hasQqwing) console.log(`  qqwing per CPU s, each round: ${(['easy', 'intermediate', 'expert'] as const).filter((d) => qqAt.has(d)).map((d) => `${d} [${qqAt.get(d)!.cpuRates.map((r) => r.toFixed(1)).join(' ')}]`).join('; ')}`);

// Every core: the same command on 2 worker threads beside this thread (wall clock, in turn, medians; and the CPU time
// both took). To project more cores, the lines above give the CPU time of a puzzle in a warm thread and what a new
// process (a new worker too) spends on starting and on the JIT's warm-up.
const WORKER_ROUNDS = Number(process.env.BENCH_WORKER_ROUNDS ?? 5);
const WORKER_COUNT = ([['Hard', 400], ['Unfair', 100]] as [Level, number][]).filter(([level]) => (process.env.BENCH_WORKER_LEVELS ?? 'Hard,Unfair').split(',').includes(level));
console.log(`\nworkers: sudoku-explain generate --workers N, wall clock (median of ${WORKER_ROUNDS}, in turn), on ${cpus().length} cores`);
for (const [level, count] of WORKER_COUNT) {
  const walls = new Map<number, number[]>([[0, []], [2, []]]);
  const cpu = new Map<number, number[]>([[0, []], [2, []]]);
  for (let round = 0; round < WORKER_ROUNDS; round++) {
    for (const workers of [0, 2]) {
      const r = timed(`node '${CLI}' generate --level ${level.toLowerCase()} --count ${count} --seed workers-${round} --workers ${workers} > /dev/null`);
      walls.get(workers)!.push(r.wall);
      cpu.get(workers)!.push(r.cpu);
    }
  }
  const one = median(walls.get(0)!);
  const two = median(walls.get(2)!);
  const each = (w: number[]): string => w.map((x) => x.toFixed(2)).join(' ');
  console.log(
    `  ${level.padEnd(8)} ${count} puzzles: this thread ${one.toFixed(2)} s [${each(walls.get(0)!)}], 2 workers ${two.toFixed(2)} s [${each(walls.get(2)!)}]: ${(one / two).toFixed(2)}x; ` +
      `CPU ${median(cpu.get(0)!).toFixed(2)} and ${median(cpu.get(2)!).toFixed(2)} s (load ${loadavg()[0]!.toFixed(1)})`,
  );
}

// sudoku-core's generate on each of its levels, in a worker thread (its generate is synchronous and sometimes takes
// minutes at the harder levels): as many puzzles as it makes in CORE_SECONDS, at most CORE_COUNT.
const CORE = ['easy', 'medium', 'hard', 'expert', 'master'] as const;
const CORE_SECONDS = Number(process.env.CORE_SECONDS ?? 20);
const CORE_COUNT = 15;
console.log(`\nsudoku-core generate: puzzles/s over up to ${CORE_COUNT} puzzles or ${CORE_SECONDS} s per level (wall clock; CPU time while it ran), and its output rated by our rating`);
for (const d of CORE) {
  const t0 = performance.now();
  const made: { puzzle: string; cpuMs: number; ms: number }[] = [];
  const worker = new Worker(new URL('./sudoku-core-worker.mjs', import.meta.url), { workerData: { level: d } });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, CORE_SECONDS * 1000);
    worker.on('message', (m: { puzzle: string; cpuMs: number }) => {
      made.push({ ...m, ms: performance.now() - t0 });
      if (made.length >= CORE_COUNT) {
        clearTimeout(timer);
        resolve();
      }
    });
    worker.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  await worker.terminate();
  const levels = new Map<string, number>();
  for (const { puzzle } of made) {
    const level = rateOf(puzzle).level;
    levels.set(level, (levels.get(level) ?? 0) + 1);
  }
  const last = made[made.length - 1];
  const rate = last === undefined ? '   none' : `${((made.length / last.ms) * 1000).toFixed(1).padStart(7)}/s ${((made.length / last.cpuMs) * 1000).toFixed(1).padStart(7)}/CPU s`;
  console.log(
    `  ${d.padEnd(8)} ${rate}   ${made.length} puzzle${made.length === 1 ? '' : 's'} in ${((last?.ms ?? CORE_SECONDS * 1000) / 1000).toFixed(1)} s` +
      (made.length < CORE_COUNT ? ` (stopped at ${CORE_SECONDS} s)` : '') +
      (made.length > 0 ? `; our levels: ${[...levels].map(([k, v]) => `${k} ${v}`).join(', ')}` : ''),
  );
}

// Distributions: clue counts and scores of N generated puzzles per level, beside qqwing's output rated by us.
console.log(`\nclue counts and scores (min / p25 / median / p75 / max) of ${N} puzzles per level`);
for (const level of LEVELS) {
  const made = [...generatePuzzles({ level, count: N, seed: 'distribution' })];
  console.log(`  ours ${level.padEnd(8)} clues ${quantiles(made.map((p) => p.clues)).padEnd(24)} scores ${quantiles(made.map((p) => p.rating.score))}`);
  console.log(`       clue histogram: ${histogram(made.map((p) => p.clues))}`);
}
if (hasQqwing) {
  for (const d of QQWING) {
    const count = d === 'simple' ? Math.min(N, 40) : N;
    const out = spawnSync('qqwing', ['--generate', String(count), '--difficulty', d, '--one-line'], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const puzzles = out.stdout.split('\n').filter((l) => /^[1-9.]{81}$/.test(l));
    const ratings = puzzles.map(rateOf);
    const clues = puzzles.map((p) => [...p].filter((c) => c !== '.').length);
    const levels = new Map<string, number>();
    for (const r of ratings) levels.set(r.level, (levels.get(r.level) ?? 0) + 1);
    console.log(`  qqwing ${d.padEnd(12)} (${puzzles.length}) clues ${quantiles(clues).padEnd(24)} scores ${quantiles(ratings.filter((r) => r.solved).map((r) => r.score))}`);
    console.log(`       our levels: ${LEVELS.map((l) => `${l} ${levels.get(l) ?? 0}`).join(', ')}`);
    console.log(`       clue histogram: ${histogram(clues)}`);
  }
}
