// Validates each technique against the 191 published SudokuWiki technique cases in ../shared/data/sudoku-techniques
// (each: a board in {candidates} notation, a technique, and ALL the removals/placements that technique makes on it).
// For each case of a technique we implement, it compares our technique's eliminations and placements with the
// expected ones, and checks every step of every one of our techniques on every board against the DLX solution.
// Run: pnpm --filter @puzzles/candidates exec tsx bench/validate-techniques.ts [--verbose]
import { readFileSync } from 'node:fs';
import { solveSudoku } from '@puzzles/dlx';
import {
  findSteps,
  formatElimination,
  formatPlacement,
  parseCandidateGrid,
  stepAgreesWith,
  TECHNIQUE_NAMES,
  type Step,
  type TechniqueName,
} from '../src/index.js';

interface Case {
  technique: string;
  test: string;
  board: string;
  expected: { type: 'remove' | 'set'; row: number; col: number; digits?: number[]; value?: number }[];
}

const FILE = new URL('../../../../shared/data/sudoku-techniques/sudokuwiki-cases.json', import.meta.url);
const { cases } = JSON.parse(readFileSync(FILE, 'utf8')) as { cases: Case[] };
const verbose = process.argv.includes('--verbose');

// Their names → ours, with a filter for techniques we report under one name (pointing vs claiming).
const MAP: Record<string, { ours: TechniqueName; keep?: (s: Step) => boolean; note?: string }> = {
  NakedSingles: { ours: 'naked-single' },
  HiddenSingles: { ours: 'hidden-single' },
  PointingPairsPointingTriples: { ours: 'locked-candidates', keep: (s) => s.explanation.includes('(pointing)') },
  BoxLineReduction: { ours: 'locked-candidates', keep: (s) => s.explanation.includes('(claiming)') },
  NakedPairs: { ours: 'naked-pair' },
  NakedTriples: { ours: 'naked-triple' },
  NakedQuads: { ours: 'naked-quad' },
  HiddenPairs: { ours: 'hidden-pair' },
  HiddenTriples: { ours: 'hidden-triple' },
  HiddenQuads: { ours: 'hidden-quad' },
  XWing: { ours: 'x-wing' },
  Swordfish: { ours: 'swordfish' },
  Jellyfish: { ours: 'jellyfish' },
  YWing: { ours: 'xy-wing' },
  XYZWing: { ours: 'xyz-wing' },
  // Their simple-colouring tests are per rule: rule 2 is the color wrap, rule 4 the color trap.
  SimpleColoring: { ours: 'simple-coloring' },
  BUG: { ours: 'bug-plus-1' },
  XYChains: { ours: 'xy-chain' },
  UniqueRectangles: { ours: 'unique-rectangle-1', note: 'theirs: UR types 1-5 together; ours: type 1 only' },
  XCycles: { ours: 'x-chain', note: 'theirs: X-cycles (chains and loops, placements too); ours: X-chains (open chains)' },
};

function expectedSet(c: Case): Set<string> {
  const out = new Set<string>();
  for (const e of c.expected) {
    const name = `r${e.row + 1}c${e.col + 1}`;
    if (e.type === 'set') out.add(`${name}=${e.value}`);
    else for (const d of e.digits ?? []) out.add(`${name}<>${d}`);
  }
  return out;
}

interface Tally {
  cases: number;
  exact: number;
  oursWithinTheirs: number;
  theirsWithinOurs: number;
  note?: string;
}
const tallies = new Map<string, Tally>();
let unsound = 0;
let checkedSteps = 0;
let boards = 0;

for (const c of cases) {
  const grid = parseCandidateGrid(c.board);
  const solution = solveSudoku(grid.toString());
  // Soundness: every step of every technique on this board agrees with the solution.
  if (solution !== null) {
    boards++;
    for (const t of TECHNIQUE_NAMES) {
      for (const s of findSteps(grid, t)) {
        checkedSteps++;
        if (!stepAgreesWith(s, solution)) {
          unsound++;
          console.log(`UNSOUND ${c.technique}/${c.test}: ${s.explanation}`);
        }
      }
    }
  }
  const map = MAP[c.technique];
  if (!map) continue;
  let keep = map.keep ?? (() => true);
  if (c.technique === 'SimpleColoring') {
    const rule = c.test.startsWith('rule2') ? '(color wrap)' : '(color trap)';
    keep = (s) => s.explanation.includes(rule);
  }
  const steps = findSteps(grid, map.ours).filter(keep);
  const ours = new Set(steps.flatMap((s) => [...s.placements.map(formatPlacement), ...s.eliminations.map(formatElimination)]));
  const theirs = expectedSet(c);
  const within = [...ours].every((x) => theirs.has(x));
  const covers = [...theirs].every((x) => ours.has(x));
  const key = `${c.technique} → ${map.ours}`;
  const t = tallies.get(key) ?? { cases: 0, exact: 0, oursWithinTheirs: 0, theirsWithinOurs: 0, ...(map.note ? { note: map.note } : {}) };
  t.cases++;
  if (within && covers) t.exact++;
  if (within) t.oursWithinTheirs++;
  if (covers) t.theirsWithinOurs++;
  tallies.set(key, t);
  if (verbose && !(within && covers)) {
    console.log(`\n${c.technique}/${c.test}:`);
    console.log(`  only ours:   ${[...ours].filter((x) => !theirs.has(x)).join(' ') || '-'}`);
    console.log(`  only theirs: ${[...theirs].filter((x) => !ours.has(x)).join(' ') || '-'}`);
  }
}

console.log(`SudokuWiki technique cases: ${cases.length}; compared ${[...tallies.values()].reduce((a, t) => a + t.cases, 0)} (techniques we implement)\n`);
console.log('their technique → ours'.padEnd(48) + 'cases  exact  ours⊆theirs  theirs⊆ours');
for (const [key, t] of tallies) {
  console.log(
    `${key.padEnd(48)}${String(t.cases).padStart(5)}  ${String(t.exact).padStart(5)}  ${String(t.oursWithinTheirs).padStart(11)}  ${String(t.theirsWithinOurs).padStart(11)}${t.note ? `   (${t.note})` : ''}`,
  );
}
console.log(`\nSoundness: ${checkedSteps} steps of all ${TECHNIQUE_NAMES.length} techniques on ${boards} boards checked against the DLX solution; ${unsound} remove a solution digit or place a wrong one.`);
