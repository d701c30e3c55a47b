// Puzzles made per second at each of our levels (median of several seeded runs), beside qqwing 1.3.4 (C++, run as a
// process in the same run when it is installed) and sudoku-core's generate, with the share of attempts that reach the
// level, and the clue counts and scores of generated puzzles beside qqwing's output rated by our own rating.
// Run: pnpm --filter @puzzles/candidates bench:generate   (env BENCH_N=<n> puzzles per level for the distributions; default 1,000)
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { generate as coreGenerate } from 'sudoku-core';
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

// Ours: puzzles per second per level, and the share of attempts that gave a puzzle of that level.
const COUNTS: Record<Level, number> = { Easy: 100, Medium: 100, Hard: 50, Unfair: 30, Extreme: 30 };
const ours = new Map<Level, { perSecond: number; perCpuSecond: number; share: number }>();
console.log('ours: puzzles/s (median), per CPU second   share of attempts that hit the level');
for (const level of LEVELS) {
  const rates: number[] = [];
  const cpuRates: number[] = [];
  let attempts = 0;
  let found = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const generator = generatePuzzles({ level, count: COUNTS[level], seed: `bench-${round}` });
    let n = 0;
    for (const _ of generator) n++;
    rates.push((n / (performance.now() - t0)) * 1000);
    cpuRates.push((n / cpuMs(c0)) * 1000);
    attempts += generator.attempts;
    found += generator.found;
  }
  ours.set(level, { perSecond: median(rates), perCpuSecond: median(cpuRates), share: found / attempts });
  console.log(`  ${level.padEnd(8)} ${median(rates).toFixed(1).padStart(8)}/s ${median(cpuRates).toFixed(1).padStart(8)}/CPU s   ${((found / attempts) * 100).toFixed(1)}% of ${attempts} attempts`);
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

// sudoku-core's generate on each of its levels.
console.log('\nsudoku-core generate: puzzles/s (median), and its output rated by our rating');
// Its 'master' level is left out: one run of 5 puzzles had not finished after several minutes here.
const CORE = ['easy', 'medium', 'hard', 'expert'] as const;
console.log("  (sudoku-core's master level is left out: 5 puzzles took several minutes)");
for (const d of CORE) {
  const rates: number[] = [];
  const levels = new Map<string, number>();
  const began = performance.now();
  // sudoku-core is slow at its harder levels: 5 puzzles a run, and no further runs after 20 s.
  for (let round = 0; round < ROUNDS && (round === 0 || performance.now() - began < 20_000); round++) {
    const t0 = performance.now();
    const boards: (number | null)[][] = [];
    for (let i = 0; i < 5; i++) boards.push(coreGenerate(d));
    rates.push((5 / (performance.now() - t0)) * 1000);
    if (round === 0) {
      for (const b of boards) {
        const level = rateOf(b.map((v) => (v === null ? '.' : String(v))).join('')).level;
        levels.set(level, (levels.get(level) ?? 0) + 1);
      }
    }
  }
  console.log(`  ${d.padEnd(8)} ${median(rates).toFixed(1).padStart(8)}/s   our levels of 5 (${rates.length} run${rates.length === 1 ? '' : 's'}): ${[...levels].map(([k, v]) => `${k} ${v}`).join(', ')}`);
}

// Ratios: each of our levels against qqwing's nearest level (qqwing easy = singles, intermediate = intersections and
// pairs, expert = anything beyond, guessing included).
const NEAREST: Record<Level, (typeof QQWING)[number]> = { Easy: 'easy', Medium: 'intermediate', Hard: 'expert', Unfair: 'expert', Extreme: 'expert' };
if (hasQqwing) {
  console.log('\nours / qqwing at its nearest level (goal through Hard: 2x or more; Easy and Medium: 100/s or more)');
  for (const level of LEVELS) {
    const o = ours.get(level)!;
    const q = qq.get(NEAREST[level])!;
    const ok = LEVELS.indexOf(level) <= 2 ? (o.perSecond >= 2 * q.perSecond && (level === 'Hard' || o.perSecond >= 100) ? 'met' : 'NOT met') : 'reported';
    console.log(
      `  ${level.padEnd(8)} ${o.perSecond.toFixed(1).padStart(8)}/s vs ${NEAREST[level].padEnd(12)} ${q.perSecond.toFixed(1).padStart(8)}/s = ${(o.perSecond / q.perSecond).toFixed(2)}x wall, ` +
        `${(o.perCpuSecond / q.perCpuSecond).toFixed(2)}x CPU  ${ok}`,
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
