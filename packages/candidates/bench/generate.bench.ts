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
console.log(`the machine is shared: every rate is the median of ${ROUNDS} runs, in wall-clock time and in CPU time (user + system)\n`);
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
// included) making as many puzzles as qqwing's runs do, its CPU time from bash's `times`; and the same library in a
// process that has been generating for a while (a server or a worker making puzzles on demand): the median round after
// one warm-up round.
const COUNTS: Record<Level, number> = { Easy: 200, Medium: 200, Hard: 200, Unfair: 50, Extreme: 50 };
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const ours = new Map<Level, { perSecond: number; perCpuSecond: number; warmPerCpuSecond: number; share: number }>();
console.log(`ours: whole processes (sudoku-explain generate --count n), puzzles/s and per CPU second (median of ${ROUNDS}); in a warm process per CPU second; share of attempts that hit the level`);
for (const level of LEVELS) {
  const rates: number[] = [];
  const cpuRates: number[] = [];
  let attempts = 0;
  let found = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = performance.now();
    const out = spawnSync('bash', ['-c', `node '${CLI}' generate --level ${level.toLowerCase()} --count ${COUNTS[level]} --seed bench-${round} --json | tail -1; times`], { encoding: 'utf8' });
    rates.push((COUNTS[level] / (performance.now() - t0)) * 1000);
    const lines = out.stdout.trim().split('\n');
    const summary = JSON.parse(lines[0] ?? '{}').summary as { puzzles: number; attempts: number } | undefined;
    if (summary === undefined || summary.puzzles !== COUNTS[level]) throw new Error(`sudoku-explain generate --level ${level} failed: ${out.stderr}`);
    attempts += summary.attempts;
    found += summary.puzzles;
    const [user, system] = [...(lines[2] ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
    cpuRates.push(COUNTS[level] / Math.max(0.001, (user ?? 0) + (system ?? 0)));
  }
  const warm: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const c0 = process.cpuUsage();
    const generator = generatePuzzles({ level, count: COUNTS[level] / 2, seed: `warm-${round}` });
    let n = 0;
    for (const _ of generator) n++;
    if (round > 0) warm.push((n / cpuMs(c0)) * 1000);
  }
  ours.set(level, { perSecond: median(rates), perCpuSecond: median(cpuRates), warmPerCpuSecond: median(warm), share: found / attempts });
  console.log(
    `  ${level.padEnd(8)} ${median(rates).toFixed(1).padStart(8)}/s ${median(cpuRates).toFixed(1).padStart(8)}/CPU s   warm ${median(warm).toFixed(1).padStart(7)}/CPU s   ${((found / attempts) * 100).toFixed(1)}% of ${attempts} attempts`,
  );
}

// qqwing, when installed: --generate n --difficulty d --one-line, timed as a whole process.
const QQWING = ['simple', 'easy', 'intermediate', 'expert'] as const;
const QQ_COUNT: Record<(typeof QQWING)[number], number> = { simple: 20, easy: 200, intermediate: 200, expert: 200 };
const qq = new Map<string, { perSecond: number; perCpuSecond: number }>();
const hasQqwing = spawnSync('qqwing', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasQqwing) console.log('\nqqwing is not installed (apt-get install qqwing): no qqwing figures in this run');
else {
  console.log(`\n${spawnSync('qqwing', ['--version'], { encoding: 'utf8' }).stdout.trim()}: puzzles/s (median of ${ROUNDS} runs)`);
  for (const d of QQWING) {
    const rates: number[] = [];
    const cpuRates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const t0 = performance.now();
      // bash's `times` gives the CPU time of the qqwing child (second line: user and system).
      const out = spawnSync('bash', ['-c', `qqwing --generate ${QQ_COUNT[d]} --difficulty ${d} --one-line > /dev/null; times`], { encoding: 'utf8' });
      rates.push((QQ_COUNT[d] / (performance.now() - t0)) * 1000);
      const [user, system] = [...(out.stdout.trim().split('\n')[1] ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
      cpuRates.push(QQ_COUNT[d] / Math.max(0.001, (user ?? 0) + (system ?? 0)));
    }
    qq.set(d, { perSecond: median(rates), perCpuSecond: median(cpuRates) });
    console.log(`  ${d.padEnd(12)} ${median(rates).toFixed(1).padStart(8)}/s ${median(cpuRates).toFixed(1).padStart(8)}/CPU s   (${QQ_COUNT[d]} per run)`);
  }
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

// Ratios: each of our levels against qqwing's nearest level (qqwing easy = singles, intermediate = intersections and
// pairs, expert = anything beyond, guessing included).
const NEAREST: Record<Level, (typeof QQWING)[number]> = { Easy: 'easy', Medium: 'intermediate', Hard: 'expert', Unfair: 'expert', Extreme: 'expert' };
if (hasQqwing) {
  console.log('\nours / qqwing at its nearest level, per CPU second (the machine is shared; goal through Hard: 2x or more; Easy and Medium: 100/s or more)');
  for (const level of LEVELS) {
    const o = ours.get(level)!;
    const q = qq.get(NEAREST[level])!;
    const verdict = (r: number) => (LEVELS.indexOf(level) > 2 ? 'reported' : r >= 2 * q.perCpuSecond && (level === 'Hard' || r >= 100) ? 'met' : 'NOT met');
    console.log(
      `  ${level.padEnd(8)} whole process ${o.perCpuSecond.toFixed(1).padStart(7)} vs ${NEAREST[level].padEnd(12)} ${q.perCpuSecond.toFixed(1).padStart(7)} = ${(o.perCpuSecond / q.perCpuSecond).toFixed(2)}x ${verdict(o.perCpuSecond)}; ` +
        `warm ${o.warmPerCpuSecond.toFixed(1).padStart(7)} = ${(o.warmPerCpuSecond / q.perCpuSecond).toFixed(2)}x ${verdict(o.warmPerCpuSecond)}  (wall clock ${(o.perSecond / q.perSecond).toFixed(2)}x)`,
    );
  }
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
