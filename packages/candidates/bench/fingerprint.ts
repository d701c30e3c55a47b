// Regression fingerprint: solved shares per technique tier on the 17-clue set (every 5th puzzle), a hash of every step
// (technique, cells, digits, eliminations, placements, explanation) of every path, and a hash of every instance of
// every technique listed on the grids along some paths; plus the whole-path rate. Used to check that a refactor
// changes nothing. Run: pnpm --filter @puzzles/candidates exec tsx bench/fingerprint.ts
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { findSteps, Grid, parseGivens, solveLogically, TECHNIQUE_NAMES, type TechniqueName } from '../src/index.js';
import { passes, rate } from './harness.js';

const DATA = new URL('../../../../shared/data/sudoku/', import.meta.url);
const load = (file: string): string[] =>
  readFileSync(new URL(file, DATA), 'utf8').split(/\r?\n/).map((l) => l.trim().split(/\s+/)[0] ?? '').filter((l) => l.length >= 81 && !l.startsWith('#')).map((l) => l.slice(0, 81));

const spread = load('17-clue.txt').filter((_, i) => i % 5 === 0);
const SINGLES: TechniqueName[] = ['full-house', 'naked-single', 'hidden-single'];
const LOCKED: TechniqueName[] = [...SINGLES, 'locked-candidates'];
const SUBSETS: TechniqueName[] = [...LOCKED, 'naked-pair', 'naked-triple', 'naked-quad', 'hidden-pair', 'hidden-triple', 'hidden-quad'];
const FISH: TechniqueName[] = [...SUBSETS, 'x-wing', 'swordfish', 'jellyfish', 'xy-wing', 'xyz-wing'];
console.log(`load ${loadavg().map((x) => x.toFixed(2)).join(' ')}; ${spread.length} puzzles (every 5th 17-clue)`);
for (const [name, techniques] of [['singles', SINGLES], ['locked', LOCKED], ['subsets', SUBSETS], ['fish+wings', FISH], ['all', undefined]] as const) {
  let solved = 0;
  const h = createHash('sha256');
  for (const p of spread) {
    const r = solveLogically(p, techniques ? { techniques } : undefined);
    if (r.solved) solved++;
    h.update(JSON.stringify(r.steps));
  }
  console.log(`${name.padEnd(11)} ${solved}/${spread.length} = ${((100 * solved) / spread.length).toFixed(2)}%  steps ${h.digest('hex').slice(0, 16)}`);
}
// Every instance of every technique on the grids along 150 paths (stuck ones included), and on other sets.
const h = createHash('sha256');
let listed = 0;
const sample = [...spread.slice(0, 100), ...load('top1465.txt').slice(0, 30), ...load('qqwing_expert.sdm').slice(0, 20)];
for (const p of sample) {
  const grid: Grid = parseGivens(p);
  const path = solveLogically(grid).steps;
  const g = parseGivens(p);
  for (let i = 0; i <= path.length; i++) {
    if (i % 3 === 0 || i === path.length) {
      for (const t of TECHNIQUE_NAMES) {
        const steps = findSteps(g, t);
        listed += steps.length;
        h.update(JSON.stringify(steps));
      }
    }
    if (i < path.length) g.apply(path[i]!);
  }
}
console.log(`all instances along ${sample.length} paths: ${listed} steps, hash ${h.digest('hex').slice(0, 16)}`);
const whole = passes(spread.length, () => spread.filter((p) => solveLogically(p).solved).length, 3, false);
console.log(`whole path, all techniques: ${rate(whole.perSecond)} puzzles/s (median of 3), load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
