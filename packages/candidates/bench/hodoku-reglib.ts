// HoDoKu's regression library (hodoku-reglib-1.4.txt, 1,112 cases, GPL test data read from ../shared/data, never
// copied): each case is a pencil-mark grid on which one instance of a technique exists, with HoDoKu's eliminations or
// placements for it. For every case whose technique we implement, this runs OUR technique on the grid and compares.
//
// A case counts as found when one of our steps has exactly HoDoKu's eliminations/placements ("exact"), or when the
// union of our steps that stay within HoDoKu's set equals it ("combined": HoDoKu reports some instances merged — a
// locked pair eliminates in its line and its box, siamese fish and dual kites/empty rectangles join two instances —
// where we report each on its own). A step that places a digit also counts as eliminating the cell's other candidates
// (HoDoKu reports BUG+1 that way). Fail cases (variant "x") count as right when our technique finds nothing. Every
// step we find is checked against the DLX solution of the grid ("unsound" counts those that remove a solution digit
// or place a wrong one).
//
// Run: pnpm --filter @puzzles/candidates bench:reglib [--verbose] [--technique CODE]
import { readFileSync } from 'node:fs';
import { solveSudoku } from '@puzzles/dlx';
import {
  findSteps,
  formatElimination,
  formatPlacement,
  Grid,
  isTechniqueName,
  stepAgreesWith,
  type Step,
  type TechniqueName,
} from '../src/index.js';
import { finderOf } from '../src/techniques.js';

const FILE = new URL('../../../../shared/data/external/candidates/hodoku-reglib-1.4.txt', import.meta.url);

interface Row {
  /** HoDoKu's name of the technique. */
  readonly name: string;
  /** Our technique names (a string that is not one of ours yet counts as not implemented). */
  readonly ours: readonly string[];
  /** Keeps only the steps of the right kind when one of our techniques covers several of HoDoKu's. */
  readonly keep?: (step: Step) => boolean;
}

// HoDoKu's technique codes → ours. Codes without a row, or whose names are not technique names yet, are not implemented.
const MAP: Record<string, Row> = {
  '0000': { name: 'Full House', ours: ['full-house'] },
  '0002': { name: 'Hidden Single', ours: ['hidden-single'] },
  '0003': { name: 'Naked Single', ours: ['naked-single'] },
  '0100': { name: 'Locked Candidates 1', ours: ['locked-candidates'], keep: (s) => s.explanation.includes('(pointing)') },
  '0101': { name: 'Locked Candidates 2', ours: ['locked-candidates'], keep: (s) => s.explanation.includes('(claiming)') },
  '0110': { name: 'Locked Pair', ours: ['naked-pair'] },
  '0111': { name: 'Locked Triple', ours: ['naked-triple'] },
  '0200': { name: 'Naked Pair', ours: ['naked-pair'] },
  '0201': { name: 'Naked Triple', ours: ['naked-triple'] },
  '0202': { name: 'Naked Quadruple', ours: ['naked-quad'] },
  '0210': { name: 'Hidden Pair', ours: ['hidden-pair'] },
  '0211': { name: 'Hidden Triple', ours: ['hidden-triple'] },
  '0212': { name: 'Hidden Quadruple', ours: ['hidden-quad'] },
  '0300': { name: 'X-Wing', ours: ['x-wing'] },
  '0301': { name: 'Swordfish', ours: ['swordfish'] },
  '0302': { name: 'Jellyfish', ours: ['jellyfish'] },
  '0310': { name: 'Finned X-Wing', ours: ['finned-x-wing'] },
  '0311': { name: 'Finned Swordfish', ours: ['finned-swordfish'] },
  '03111': { name: 'Siamese Finned Swordfish', ours: ['finned-swordfish', 'sashimi-swordfish'] },
  '0312': { name: 'Finned Jellyfish', ours: ['finned-jellyfish'] },
  '03121': { name: 'Siamese Finned Jellyfish', ours: ['finned-jellyfish', 'sashimi-jellyfish'] },
  '0320': { name: 'Sashimi X-Wing', ours: ['sashimi-x-wing'] },
  '0321': { name: 'Sashimi Swordfish', ours: ['sashimi-swordfish'] },
  '03211': { name: 'Siamese Sashimi Swordfish', ours: ['sashimi-swordfish', 'finned-swordfish'] },
  '0322': { name: 'Sashimi Jellyfish', ours: ['sashimi-jellyfish'] },
  '03221': { name: 'Siamese Sashimi Jellyfish', ours: ['sashimi-jellyfish', 'finned-jellyfish'] },
  '0330': { name: 'Franken X-Wing', ours: ['franken-x-wing'] },
  '0331': { name: 'Franken Swordfish', ours: ['franken-swordfish'] },
  '0332': { name: 'Franken Jellyfish', ours: ['franken-jellyfish'] },
  '0340': { name: 'Finned Franken X-Wing', ours: ['finned-franken-x-wing'] },
  '0341': { name: 'Finned Franken Swordfish', ours: ['finned-franken-swordfish'] },
  '03411': { name: 'Siamese Finned Franken Swordfish', ours: ['finned-franken-swordfish'] },
  '0342': { name: 'Finned Franken Jellyfish', ours: ['finned-franken-jellyfish'] },
  '03421': { name: 'Siamese Finned Franken Jellyfish', ours: ['finned-franken-jellyfish'] },
  '0350': { name: 'Mutant X-Wing', ours: ['mutant-x-wing'] },
  '0351': { name: 'Mutant Swordfish', ours: ['mutant-swordfish'] },
  '0352': { name: 'Mutant Jellyfish', ours: ['mutant-jellyfish'] },
  '0360': { name: 'Finned Mutant X-Wing', ours: ['finned-mutant-x-wing'] },
  '0361': { name: 'Finned Mutant Swordfish', ours: ['finned-mutant-swordfish'] },
  '0362': { name: 'Finned Mutant Jellyfish', ours: ['finned-mutant-jellyfish'] },
  '03621': { name: 'Siamese Finned Mutant Jellyfish', ours: ['finned-mutant-jellyfish'] },
  '0363': { name: 'Finned Mutant Squirmbag', ours: ['finned-mutant-squirmbag'] },
  '0364': { name: 'Finned Mutant Whale', ours: ['finned-mutant-whale'] },
  '0400': { name: 'Skyscraper', ours: ['skyscraper'] },
  '0401': { name: '2-String Kite', ours: ['two-string-kite'] },
  '0402': { name: 'Empty Rectangle', ours: ['empty-rectangle'] },
  '0403': { name: 'Turbot Fish', ours: ['turbot-fish'] },
  '0404': { name: 'Dual 2-String Kite', ours: ['two-string-kite'] },
  '0405': { name: 'Dual Empty Rectangle', ours: ['empty-rectangle'] },
  '0500': { name: 'Simple Colors Trap', ours: ['simple-coloring'], keep: (s) => s.explanation.includes('(color trap)') },
  '0501': { name: 'Simple Colors Wrap', ours: ['simple-coloring'], keep: (s) => s.explanation.includes('(color wrap)') },
  '0502': { name: 'Multi-Colors 1', ours: ['multi-coloring'] },
  '0503': { name: 'Multi-Colors 2', ours: ['multi-coloring'] },
  '0600': { name: 'Uniqueness Test 1', ours: ['unique-rectangle-1'] },
  '0601': { name: 'Uniqueness Test 2', ours: ['unique-rectangle-2'] },
  '0602': { name: 'Uniqueness Test 3', ours: ['unique-rectangle-3'] },
  '0603': { name: 'Uniqueness Test 4', ours: ['unique-rectangle-4'] },
  '0604': { name: 'Uniqueness Test 5', ours: ['unique-rectangle-5'] },
  '0605': { name: 'Uniqueness Test 6', ours: ['unique-rectangle-6'] },
  '0606': { name: 'Hidden Rectangle', ours: ['hidden-rectangle'] },
  '0607': { name: 'Avoidable Rectangle 1', ours: ['avoidable-rectangle-1'] },
  '0608': { name: 'Avoidable Rectangle 2', ours: ['avoidable-rectangle-2'] },
  '0610': { name: 'BUG+1', ours: ['bug-plus-1'] },
  '0701': { name: 'X-Chain', ours: ['x-chain'] },
  '0702': { name: 'XY-Chain', ours: ['xy-chain'] },
  '0703': { name: 'Remote Pair', ours: ['remote-pair'] },
  '0706': { name: 'Continuous Nice Loop', ours: ['continuous-nice-loop'] },
  '0707': { name: 'Discontinuous Nice Loop', ours: ['discontinuous-nice-loop'] },
  '0708': { name: 'AIC', ours: ['aic'] },
  '0709': { name: 'Grouped Continuous Nice Loop', ours: ['grouped-continuous-nice-loop'] },
  '0710': { name: 'Grouped Discontinuous Nice Loop', ours: ['grouped-discontinuous-nice-loop'] },
  '0711': { name: 'Grouped AIC', ours: ['grouped-aic'] },
  '0800': { name: 'XY-Wing', ours: ['xy-wing'] },
  '0801': { name: 'XYZ-Wing', ours: ['xyz-wing'] },
  '0803': { name: 'W-Wing', ours: ['w-wing'] },
  '0901': { name: 'ALS-XZ', ours: ['als-xz'] },
  '0902': { name: 'ALS-XY-Wing', ours: ['als-xy-wing'] },
  '0903': { name: 'ALS Chain', ours: ['als-chain'] },
  '0904': { name: 'Death Blossom', ours: ['death-blossom'] },
  '1101': { name: 'Sue de Coq', ours: ['sue-de-coq'] },
  '1201': { name: 'Template Set', ours: ['template-set'] },
  '1202': { name: 'Template Delete', ours: ['template-delete'] },
};

interface Case {
  readonly line: number;
  readonly code: string;
  readonly variant: string;
  readonly text: string;
  readonly grid: Grid;
  readonly expected: ReadonlySet<string>;
  readonly fail: boolean;
}

function cellOf(token: string, what: string, line: number): { digit: number; cell: number } {
  if (!/^[1-9]{3}$/.test(token)) throw new Error(`line ${line}: bad ${what} ${JSON.stringify(token)}`);
  const [d, r, c] = [...token].map(Number) as [number, number, number];
  return { digit: d, cell: (r - 1) * 9 + (c - 1) };
}

function tokens(field: string | undefined): string[] {
  return (field ?? '').trim().split(/\s+/).filter(Boolean);
}

/** Parses one library line: the givens (a '+' before a digit marks a value placed while solving: `Grid.placed`), deleted candidates, the result. */
function parseCase(text: string, line: number): Case {
  const fields = text.split(':');
  const [code = '', variant = ''] = (fields[1] ?? '').split('-');
  const givens = fields[3] ?? '';
  const values: number[] = [];
  const placed: number[] = [];
  for (const [i, ch] of [...givens].entries()) {
    if (ch === '+') continue;
    values.push(ch === '.' || ch === '0' ? 0 : Number(ch));
    placed.push(givens[i - 1] === '+' ? 1 : 0);
  }
  if (values.length !== 81 || values.some((v) => !Number.isInteger(v))) throw new Error(`line ${line}: bad givens`);
  const grid = Grid.fromValues(values, placed);
  for (const t of tokens(fields[4])) {
    const { digit, cell } = cellOf(t, 'deleted candidate', line);
    grid.eliminate(cell, digit);
  }
  const expected = new Set<string>();
  for (const t of tokens(fields[5])) expected.add(formatElimination(cellOf(t, 'elimination', line)));
  for (const t of tokens(fields[6])) expected.add(formatPlacement(cellOf(t, 'placement', line)));
  return { line, code, variant, text, grid, expected, fail: variant === 'x' };
}

function readCases(): Case[] {
  const out: Case[] = [];
  readFileSync(FILE, 'utf8')
    .split(/\r?\n/)
    .forEach((text, i) => {
      if (text.startsWith(':')) out.push(parseCase(text, i + 1));
    });
  return out;
}

function setOf(step: Step): string[] {
  return [...step.placements.map(formatPlacement), ...step.eliminations.map(formatElimination)];
}

/** A placement step's cells with their other candidates eliminated instead (the same deduction). */
function asEliminations(step: Step, grid: Grid): string[] {
  if (step.eliminations.length || !step.placements.length) return [];
  return step.placements.flatMap(({ cell, digit }) => grid.candidatesOf(cell).filter((d) => d !== digit).map((d) => formatElimination({ cell, digit: d })));
}

function sameSet(a: ReadonlySet<string>, b: readonly string[] | ReadonlySet<string>): boolean {
  const list = [...b];
  return list.length === a.size && list.every((x) => a.has(x));
}

interface Tally {
  cases: number;
  implemented: number;
  exact: number;
  combined: number;
  failCases: number;
  failRight: number;
  unsound: number;
}

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const only = args.includes('--technique') ? args[args.indexOf('--technique') + 1] : undefined;

const cases = readCases();
const tallies = new Map<string, Tally>();
const total: Tally = { cases: 0, implemented: 0, exact: 0, combined: 0, failCases: 0, failRight: 0, unsound: 0 };
let checkedSteps = 0;
const t0 = performance.now();

for (const c of cases) {
  if (only !== undefined && c.code !== only) continue;
  const row = MAP[c.code];
  const t = tallies.get(c.code) ?? { cases: 0, implemented: 0, exact: 0, combined: 0, failCases: 0, failRight: 0, unsound: 0 };
  tallies.set(c.code, t);
  t.cases++;
  total.cases++;
  // A name can be registered before its finder exists while a technique is being written.
  const ours = (row?.ours ?? []).filter((t) => isTechniqueName(t) && typeof finderOf(t) === 'function') as TechniqueName[];
  if (row === undefined || ours.length === 0 || ours.length < row.ours.length) continue;
  t.implemented++;
  total.implemented++;
  const solution = solveSudoku(c.grid.toString());
  const steps: Step[] = [];
  for (const name of new Set(ours)) steps.push(...findSteps(c.grid, name));
  for (const s of steps) {
    checkedSteps++;
    if (solution === null || !stepAgreesWith(s, solution)) {
      t.unsound++;
      total.unsound++;
      console.log(`UNSOUND ${c.code}${c.variant ? `-${c.variant}` : ''} (line ${c.line}): ${s.explanation}`);
    }
  }
  const kept = row.keep ? steps.filter(row.keep) : steps;
  if (c.fail) {
    t.failCases++;
    total.failCases++;
    if (kept.length === 0) {
      t.failRight++;
      total.failRight++;
    } else if (verbose) console.log(`\n${c.code}-x (line ${c.line}): HoDoKu finds nothing, we find: ${kept.map((s) => s.explanation).join(' | ')}`);
    continue;
  }
  if (kept.some((s) => sameSet(c.expected, setOf(s)) || sameSet(c.expected, asEliminations(s, c.grid)))) {
    t.exact++;
    total.exact++;
    continue;
  }
  const union = new Set<string>();
  for (const s of kept) {
    const set = setOf(s);
    if (set.every((x) => c.expected.has(x))) for (const x of set) union.add(x);
  }
  if (sameSet(c.expected, union)) {
    t.combined++;
    total.combined++;
    continue;
  }
  if (verbose) {
    const all = new Set(kept.flatMap(setOf));
    console.log(`\n${c.code}${c.variant ? `-${c.variant}` : ''} ${row.name} (line ${c.line}): ${c.text}`);
    console.log(`  HoDoKu:      ${[...c.expected].join(' ')}`);
    console.log(`  our steps:   ${kept.length ? kept.map((s) => `[${setOf(s).join(' ')}]`).join(' ') : '-'}`);
    console.log(`  not found:   ${[...c.expected].filter((x) => !all.has(x)).join(' ') || '-'}`);
  }
}

const n = (x: number): string => x.toLocaleString('en-US');
console.log(`HoDoKu regression library 1.4: ${n(cases.length)} cases${only !== undefined ? ` (technique ${only} only)` : ''}`);
console.log('code   HoDoKu technique                   ours                                        cases impl exact comb fail-ok unsound');
for (const [code, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
  const row = MAP[code];
  const ours = row ? [...new Set(row.ours)].join(', ') : '-';
  const fails = t.failCases ? `${t.failRight}/${t.failCases}` : '';
  console.log(
    `${code.padEnd(6)} ${(row?.name ?? '?').padEnd(34)} ${(t.implemented ? ours : `(${ours})`).slice(0, 43).padEnd(43)} ${String(t.cases).padStart(5)} ${String(t.implemented).padStart(4)} ${String(t.exact).padStart(5)} ${String(t.combined).padStart(4)} ${fails.padStart(7)} ${String(t.unsound).padStart(7)}`,
  );
}
const found = total.exact + total.combined + total.failRight;
console.log(
  `\nTotals: techniques of ${n(total.implemented)} of ${n(total.cases)} cases implemented, ${n(found)} found exactly (${n(total.exact)} by one step, ${n(total.combined)} by steps combined, ${n(total.failRight)} of ${n(total.failCases)} fail cases finding nothing), ${n(total.unsound)} unsound (${n(checkedSteps)} steps checked against the DLX solution) in ${Math.round(performance.now() - t0)} ms`,
);
