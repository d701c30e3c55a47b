// Share of puzzles solved without guessing, per technique tier, and puzzles/second for the whole logical path, on the
// shared sets in ../shared/data/sudoku, beside the shares published with the tdoku benchmark sets; sudoku-core (the
// best npm package, six strategies) on the same puzzles for context.
// Run: pnpm --filter @puzzles/candidates bench   (env BENCH_17=<n> to change how many 17-clue puzzles; default 10000)
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createSudokuInstance } from 'sudoku-core/dist/cjs/sudoku.js';
import { parseGivens, solveLogically, TECHNIQUE_NAMES, type TechniqueName } from '@puzzles/candidates';
import { passes, rate } from './harness.js';
import { OFF_BY_DEFAULT } from '../src/solver.js'; // a name list for a label only: the solving goes through the built package

const DATA = new URL('../../../../shared/data/sudoku/', import.meta.url);

function load(file: string, limit = Infinity): string[] {
  return readFileSync(new URL(file, DATA), 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim().split(/\s+/)[0] ?? '')
    .filter((l) => l.length >= 81 && !l.startsWith('#'))
    .map((l) => l.slice(0, 81))
    .slice(0, limit);
}

const SINGLES: TechniqueName[] = ['full-house', 'naked-single', 'hidden-single'];
const LOCKED: TechniqueName[] = [...SINGLES, 'locked-candidates'];
const SUBSETS: TechniqueName[] = [...LOCKED, 'naked-pair', 'naked-triple', 'naked-quad', 'hidden-pair', 'hidden-triple', 'hidden-quad'];
const FISH_WINGS: TechniqueName[] = [...SUBSETS, 'x-wing', 'swordfish', 'jellyfish', 'xy-wing', 'xyz-wing'];
// The last tier is the solver's default set: every technique but the few HoDoKu also leaves off (mutant fish, …).
const TIERS: { name: string; techniques: readonly TechniqueName[] | undefined; published: number | null }[] = [
  { name: 'singles only', techniques: SINGLES, published: 44.6 },
  { name: '+ locked candidates', techniques: LOCKED, published: 76.0 },
  { name: '+ subsets (pairs, triples, quads)', techniques: SUBSETS, published: 84.7 },
  { name: '+ basic fish and XY/XYZ-wings', techniques: FISH_WINGS, published: 87.1 },
  { name: `all techniques (default ${TECHNIQUE_NAMES.length - OFF_BY_DEFAULT.size} of ${TECHNIQUE_NAMES.length})`, techniques: undefined, published: null },
];

function solvedShare(puzzles: readonly string[], techniques?: readonly TechniqueName[]): number {
  let solved = 0;
  const options = techniques ? { techniques } : undefined;
  for (const p of puzzles) if (solveLogically(p, options).solved) solved++;
  return (100 * solved) / puzzles.length;
}

function sudokuCore(puzzles: readonly string[], budgetMs: number): { count: number; share: number; perSecond: number } {
  let solved = 0;
  let count = 0;
  const t0 = performance.now();
  for (const p of puzzles) {
    const board = [...p].map((ch) => (ch >= '1' && ch <= '9' ? Number(ch) : null));
    // Its strategies only: the public solve() also runs a brute-force uniqueness check, which on 17-clue puzzles ends
    // the process (deep recursion), so the bench calls the solver instance that solve() uses, then solveAll().
    const result = createSudokuInstance({ initBoard: board }).solveAll();
    if (result.every((v) => v !== null)) solved++;
    count++;
    if (performance.now() - t0 > budgetMs) break;
  }
  const ms = performance.now() - t0;
  return { count, share: (100 * solved) / count, perSecond: (count / ms) * 1000 };
}

const pct = (x: number) => `${x.toFixed(1)}%`;
const start = performance.now();
console.log(`@puzzles/candidates bench — Node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} (shared machine: rates are noisy)\n`);

// 17-clue: tiers beside the published shares, on the first puzzles of the file (easier than average: the file is not shuffled)
// and on every 5th puzzle of the whole file.
const n17 = Number(process.env.BENCH_17 ?? 10000);
const all17 = load('17-clue.txt');
const first17 = all17.slice(0, n17);
const spread17 = all17.filter((_, i) => i % 5 === 0);
const results17: Record<string, number[]> = {};
for (const [label, puzzles] of [[`first ${first17.length.toLocaleString('en-US')}`, first17], [`every 5th (${spread17.length.toLocaleString('en-US')})`, spread17]] as const) {
  console.log(`17-clue set, ${label} of ${all17.length.toLocaleString('en-US')} puzzles — share solved without guessing`);
  console.log(`${'tier'.padEnd(38)}${'ours'.padStart(8)}${'published'.padStart(11)}${'ours − published'.padStart(18)}${'puzzles/s'.padStart(12)}`);
  for (const tier of TIERS) {
    const t0 = performance.now();
    const share = solvedShare(puzzles, tier.techniques);
    const perSecond = (puzzles.length / (performance.now() - t0)) * 1000;
    (results17[tier.name] ??= []).push(share);
    const published = tier.published === null ? '—' : pct(tier.published);
    const diff = tier.published === null ? '—' : `${share - tier.published >= 0 ? '+' : ''}${(share - tier.published).toFixed(1)} pt`;
    console.log(`${tier.name.padEnd(38)}${pct(share).padStart(8)}${published.padStart(11)}${diff.padStart(18)}${rate(perSecond).padStart(12)}`);
  }
  console.log('');
}
const whole = passes(spread17.length, () => solvedShare(spread17), 3, false);
console.log(
  `Whole path, all techniques, every 5th 17-clue puzzle, median of 3 passes: ${rate(whole.perSecond)} puzzles/s (×${(whole.perSecond / 1000).toFixed(2)} of 1,000/s), ` +
    `${pct(whole.result)} solved (${whole.result >= 90 ? 'at least' : 'below'} 90%)`,
);
const clue17 = spread17;

// Other sets.
console.log(`\n${'set'.padEnd(28)}${'puzzles'.padStart(8)}${'solved (all)'.padStart(14)}${'puzzles/s'.padStart(12)}${'sudoku-core solved'.padStart(20)}${'sudoku-core/s'.padStart(15)}${'speed ratio'.padStart(13)}`);
const sets = ['qqwing_simple.sdm', 'qqwing_easy.sdm', 'qqwing_intermediate.sdm', 'qqwing_expert.sdm', 'top1465.txt', 'forum-hardest-1106.txt', '17-clue.txt'];
for (const file of sets) {
  const puzzles = file === '17-clue.txt' ? clue17.slice(0, 2000) : load(file);
  const ours = passes(puzzles.length, () => solvedShare(puzzles), 3, false);
  const core = sudokuCore(puzzles, 6000);
  const label = file === '17-clue.txt' ? '17-clue (2,000, every 5th)' : file;
  console.log(
    `${label.padEnd(28)}${String(puzzles.length).padStart(8)}${pct(ours.result).padStart(14)}${rate(ours.perSecond).padStart(12)}` +
      `${`${pct(core.share)} of ${core.count}`.padStart(20)}${rate(core.perSecond).padStart(15)}${`×${(ours.perSecond / core.perSecond).toFixed(1)}`.padStart(13)}`,
  );
}

// Which techniques the 17-clue paths use.
const used = new Map<TechniqueName, number>();
const sample = clue17.slice(0, 2000);
for (const p of sample) for (const s of solveLogically(parseGivens(p)).steps) used.set(s.technique, (used.get(s.technique) ?? 0) + 1);
console.log(`\nSteps by technique on 2,000 17-clue paths (every 5th puzzle): ${TECHNIQUE_NAMES.filter((t) => used.has(t)).map((t) => `${t} ${used.get(t)}`).join(', ')}`);
console.log(`\nsudoku-core 3.0.3: createSudokuInstance({ initBoard }).solveAll() (its six strategies, no guessing), counted solved when it fills every cell; at most 6 s per set.`);
console.log(`Bench time ${((performance.now() - start) / 1000).toFixed(0)} s.`);
