// Whole solving paths without guessing, the way HoDoKu solves: every technique simplest first, forcing chains and nets
// as the last resort.
//   1. The 49,158 17-clue puzzles (G. Royle / M. Dobrichev): share solved, share of puzzles each technique was needed
//      for, puzzles per second (median of the rounds when repeated).
//   2. forum-hardest-1106 (the enjoysudoku forum's hardest list, 2011-06), if present: solved as far as the techniques
//      reach, each puzzle's hardest step.
//   3. HoDoKu's 669 exemplars (hodoku-exemplars-1.0.txt, GPL data read from ../shared/data, never copied): each solved,
//      and the technique each exemplar is named for used on our path.
// There is no reference tool to run beside it here (HoDoKu is a Java GUI, not installed); the exemplars carry
// HoDoKu's own path summary, which is what we compare with.
//
// Run: pnpm --filter @puzzles/candidates bench:paths   (env PATHS_EVERY=n: every n-th 17-clue puzzle, default 1;
//      PATHS_ROUNDS=r: passes over the 17-clue set, default 1; PATHS_LIST=1 prints each forum-hardest puzzle)
import { existsSync, readFileSync } from 'node:fs';
import { LEVELS, ratePath, solveLogically, TECHNIQUE_LEVELS, TECHNIQUE_SCORES, TECHNIQUE_NAMES, type Step, type TechniqueName } from '@puzzles/candidates';
import { median, rate } from './harness.js';

const DATA = new URL('../../../../shared/data/', import.meta.url);
const every = Math.max(1, Number(process.env.PATHS_EVERY ?? 1));
const rounds = Math.max(1, Number(process.env.PATHS_ROUNDS ?? 1));
const n = (x: number): string => x.toLocaleString('en-US');
const pct = (a: number, b: number): string => `${((100 * a) / b).toFixed(2)}%`;

function load(name: string): string[] {
  return readFileSync(new URL(name, DATA), 'utf8')
    .split(/\r?\n/)
    .filter((l) => /^[0-9.]{81}/.test(l))
    .map((l) => l.slice(0, 81));
}

function hardest(steps: readonly Step[]): TechniqueName | null {
  let best: TechniqueName | null = null;
  for (const s of steps) if (best === null || TECHNIQUE_SCORES[s.technique] > TECHNIQUE_SCORES[best]) best = s.technique;
  return best;
}

// 1. 17-clue
{
  const all = load('sudoku/17-clue.txt');
  const puzzles = all.filter((_, i) => i % every === 0);
  const rates: number[] = [];
  const cpuRates: number[] = [];
  let solved = 0;
  let stuckExample = '';
  const needed = new Map<TechniqueName, number>();
  const levels = new Map<string, number>();
  for (let r = 0; r < rounds; r++) {
    solved = 0;
    needed.clear();
    levels.clear();
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (const p of puzzles) {
      const result = solveLogically(p);
      if (result.solved) solved++;
      else stuckExample ||= p;
      for (const t of new Set(result.steps.map((s) => s.technique))) needed.set(t, (needed.get(t) ?? 0) + 1);
      const level = ratePath(result.steps, result.solved).level;
      levels.set(level, (levels.get(level) ?? 0) + 1);
    }
    rates.push((puzzles.length / (performance.now() - t0)) * 1000);
    const cpu = process.cpuUsage(c0);
    cpuRates.push(puzzles.length / ((cpu.user + cpu.system) / 1e6));
  }
  const perSecond = median(rates);
  console.log(`17-clue: ${n(puzzles.length)} of ${n(all.length)} puzzles${every > 1 ? ` (every ${every}th)` : ''}, ${rounds} round${rounds > 1 ? 's (median)' : ''}`);
  console.log(`  solved without guessing: ${n(solved)} (${pct(solved, puzzles.length)})${stuckExample ? `; first stuck: ${stuckExample}` : ''}`);
  console.log(`  ${rate(perSecond)} puzzles/s (target 1,000/s: ×${(perSecond / 1000).toFixed(2)}); rounds: ${rates.map(rate).join(', ')}`);
  console.log(`  per CPU second (what to read on a shared machine): ${rate(median(cpuRates))} (×${(median(cpuRates) / 1000).toFixed(2)}); rounds: ${cpuRates.map(rate).join(', ')}`);
  console.log(`  levels: ${[...levels].map(([l, k]) => `${l} ${pct(k, puzzles.length)}`).join(', ')}`);
  console.log('  share of puzzles each technique was needed for (used on the path):');
  for (const t of TECHNIQUE_NAMES) {
    const k = needed.get(t) ?? 0;
    if (k) console.log(`    ${t.padEnd(34)} ${n(k).padStart(7)} ${pct(k, puzzles.length).padStart(8)}`);
  }
}

// 2. forum-hardest-1106
{
  const file = new URL('sudoku/forum-hardest-1106.txt', DATA);
  if (!existsSync(file)) console.log('\nforum-hardest-1106.txt is not in ../shared/data: skipped');
  else {
    const puzzles = load('sudoku/forum-hardest-1106.txt');
    let solved = 0;
    const byHardest = new Map<string, number>();
    const t0 = performance.now();
    for (const p of puzzles) {
      const result = solveLogically(p);
      if (result.solved) solved++;
      const h = hardest(result.steps) ?? 'none';
      const key = `${h}${result.solved ? '' : ' (then stuck)'}`;
      byHardest.set(key, (byHardest.get(key) ?? 0) + 1);
      if (process.env.PATHS_LIST) console.log(`  ${p} ${result.solved ? 'solved' : 'stuck'} after ${result.steps.length} steps, hardest step ${h}`);
    }
    const ms = performance.now() - t0;
    console.log(`\nforum-hardest-1106: ${n(puzzles.length)} puzzles, ${n(solved)} solved (${pct(solved, puzzles.length)}), ${rate((puzzles.length / ms) * 1000)} puzzles/s`);
    console.log('  hardest step of each puzzle:');
    for (const [k, v] of [...byHardest].sort((a, b) => b[1] - a[1])) console.log(`    ${k.padEnd(46)} ${String(v).padStart(5)}`);
  }
}

// 3. HoDoKu's exemplars
{
  // HoDoKu's section codes → our technique names (one of them used counts).
  const NAMED: Record<string, readonly TechniqueName[] | undefined> = {
    '0100': ['locked-candidates'],
    '0101': ['locked-candidates'],
    '0110': ['naked-pair', 'locked-candidates'],
    '0111': ['naked-triple', 'locked-candidates'],
    '0200': ['naked-pair'],
    '0201': ['naked-triple'],
    '0202': ['naked-quad'],
    '0210': ['hidden-pair'],
    '0211': ['hidden-triple'],
    '0212': ['hidden-quad'],
    '0300': ['x-wing'],
    '0301': ['swordfish'],
    '0302': ['jellyfish'],
    '0310': ['finned-x-wing'],
    '0311': ['finned-swordfish'],
    '0312': ['finned-jellyfish'],
    '0320': ['sashimi-x-wing'],
    '0321': ['sashimi-swordfish'],
    '0322': ['sashimi-jellyfish'],
    '0400': ['skyscraper'],
    '0401': ['two-string-kite'],
    '0402': ['empty-rectangle' as TechniqueName],
    '0403': ['turbot-fish' as TechniqueName],
    '0500': ['simple-coloring'],
    '0600': ['unique-rectangle-1'],
    '0601': ['unique-rectangle-2' as TechniqueName],
    '0602': ['unique-rectangle-3' as TechniqueName],
    '0603': ['unique-rectangle-4' as TechniqueName],
    '0604': ['unique-rectangle-5' as TechniqueName],
    '0605': ['unique-rectangle-6' as TechniqueName],
    '0606': ['hidden-rectangle' as TechniqueName],
    '0610': ['bug-plus-1'],
    '0701': ['x-chain'],
    '0702': ['xy-chain'],
    '0703': ['remote-pair'],
    '0706': ['continuous-nice-loop'],
    '0707': ['discontinuous-nice-loop'],
    '0708': ['aic'],
    '0709': ['grouped-continuous-nice-loop'],
    '0710': ['grouped-discontinuous-nice-loop'],
    '0711': ['grouped-aic'],
    '0800': ['xy-wing'],
    '0801': ['xyz-wing'],
    '0803': ['w-wing'],
    '0901': ['als-xz'],
    '0902': ['als-xy-wing'],
    '0903': ['als-chain'],
    '0904': ['death-blossom'],
    '1101': ['sue-de-coq' as TechniqueName],
    '1202': ['forcing-chain', 'forcing-net'],
  };
  const text = readFileSync(new URL('external/candidates/hodoku-exemplars-1.0.txt', DATA), 'utf8');
  let section = '';
  let title = '';
  const rows = new Map<string, { title: string; count: number; solved: number; used: number; implemented: boolean }>();
  let total = 0;
  let totalSolved = 0;
  let totalImplemented = 0;
  let totalUsed = 0;
  const floors: Record<string, { puzzles: number; atLeast: number; lower: Map<string, number> }> = {};
  const t0 = performance.now();
  for (const raw of text.split(/\r?\n/)) {
    const header = /^#(\d{4}): (.*)$/.exec(raw);
    if (header) {
      section = header[1]!;
      title = header[2]!.trim();
      continue;
    }
    if (!/^[0-9.]{81}/.test(raw)) continue;
    // Sections that share a code (HoDoKu's file lists two avoidable rectangles as 0607) are kept apart by title.
    const key = `${section} ${title}`;
    const named = (section === '0607' ? [/type 2/i.test(title) ? 'avoidable-rectangle-2' : 'avoidable-rectangle-1'] : (NAMED[section] ?? [])).filter((t) =>
      (TECHNIQUE_NAMES as readonly string[]).includes(t),
    );
    const row = rows.get(key) ?? { title, count: 0, solved: 0, used: 0, implemented: named.length > 0 };
    rows.set(key, row);
    const result = solveLogically(raw.slice(0, 81));
    // HoDoKu's own path used the named technique, so HoDoKu rates the puzzle at least at that technique's level (its
    // levels are ours): a lower rating of ours would mean we found an easier path than HoDoKu did.
    if (named.length) {
      const floor = Math.min(...named.map((t) => LEVELS.indexOf(TECHNIQUE_LEVELS[t as TechniqueName])));
      const ours = LEVELS.indexOf(ratePath(result.steps, result.solved).level);
      const tally = (floors[LEVELS[floor]!] ??= { puzzles: 0, atLeast: 0, lower: new Map() });
      tally.puzzles++;
      if (ours >= floor) tally.atLeast++;
      else tally.lower.set(`${key}: ours ${LEVELS[ours]}`, (tally.lower.get(`${key}: ours ${LEVELS[ours]}`) ?? 0) + 1);
    }
    row.count++;
    total++;
    if (result.solved) {
      row.solved++;
      totalSolved++;
    }
    if (named.length) {
      totalImplemented++;
      if (result.steps.some((s) => named.includes(s.technique))) {
        row.used++;
        totalUsed++;
      }
    }
  }
  const ms = performance.now() - t0;
  console.log(`\nHoDoKu exemplars 1.0: ${n(total)} puzzles, ${n(totalSolved)} solved (${pct(totalSolved, total)}) in ${Math.round(ms)} ms`);
  console.log(`  the named technique used on our path: ${n(totalUsed)} of the ${n(totalImplemented)} exemplars whose technique we have (${pct(totalUsed, totalImplemented)})`);
  console.log('  our rating against the level HoDoKu gives at least (that of the technique its path used, by its own level table):');
  for (const level of LEVELS) {
    const f = floors[level];
    if (f === undefined) continue;
    console.log(`    named technique ${level.padEnd(8)} ${n(f.atLeast)} of ${n(f.puzzles)} rated ${level} or harder by us${f.lower.size ? `; lower: ${[...f.lower].map(([k, c]) => `${k} (${c})`).join(', ')}` : ''}`);
  }
  console.log(`  ${'code'.padEnd(6)}${'named for'.padEnd(42)}${'puzzles'.padStart(8)}${'solved'.padStart(8)}${'named used'.padStart(12)}`);
  for (const [key, r] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${key.slice(0, 4).padEnd(6)}${r.title.slice(0, 41).padEnd(42)}${String(r.count).padStart(8)}${String(r.solved).padStart(8)}${(r.implemented ? String(r.used) : '-').padStart(12)}`);
  }
}
