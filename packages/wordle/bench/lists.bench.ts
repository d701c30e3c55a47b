// tsx bench/lists.bench.ts [--exact]: the heuristic solver on every named list in both modes, each strategy played
// against every answer (checkStrategy) before its total is printed, beside the proven optimum for the same opener
// (Selby's published figures; with --exact also our exact solver's, proven in the same run).
import { cpus, loadavg } from 'node:os';
import { checkStrategy, createSolver, solveExact, wordList, type WordListName } from '../src/index.js';

interface Row {
  readonly list: WordListName;
  readonly hard: boolean;
  readonly opener: string;
  /** Selby's published optimum for this opener, where there is one. */
  readonly published?: number;
}

const ROWS: Row[] = [
  { list: 'original', hard: false, opener: 'salet', published: 7920 },
  { list: 'original', hard: true, opener: 'salet', published: 8122 },
  { list: 'nyt-2022-03-16', hard: false, opener: 'salet' },
  { list: 'nyt-2022-03-16', hard: true, opener: 'salet' },
  { list: 'nyt-2022-08-30', hard: false, opener: 'tarse', published: 7883 },
  { list: 'nyt-2022-08-30', hard: true, opener: 'salet', published: 8097 },
  { list: 'nyt-2023-07-01', hard: false, opener: 'tarse', published: 11219 },
  { list: 'nyt-2023-07-01', hard: true, opener: 'tarse', published: 11627 },
];
const exact = process.argv.includes('--exact');
const n = (x: number): string => x.toLocaleString('en-US');

console.log(`# the heuristic solver (width 12) on every list (${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load ${loadavg().map((x) => x.toFixed(1)).join(' ')})`);
console.log('| list | mode | opener | heuristic total | max | time (CPU) | proven optimum |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const row of ROWS) {
  const words = await wordList(row.list);
  const solver = createSolver({ words, hardMode: row.hard, opener: row.opener });
  const start = performance.now();
  const cpu = process.cpuUsage();
  const summary = solver.evaluate();
  const ms = performance.now() - start;
  const { user, system } = process.cpuUsage(cpu);
  // Play the strategy the solver follows against every answer, independently of evaluate().
  const games = Object.fromEntries(words.answers.map((answer) => [answer, solver.solve(answer).map((step) => step.guess)]));
  // Games past the sixth guess are the solver's failures (evaluate() lists them): played all the same, to the end.
  const played = checkStrategy(words, games, { hardMode: row.hard, maxGuesses: 20 });
  if (played.total !== summary.total) throw new Error(`${row.list}: the strategy plays ${played.total}, evaluate says ${summary.total}`);
  let optimum = row.published === undefined ? '' : `${n(row.published)} (Selby)`;
  if (exact) {
    const proof = await solveExact({ words, opener: row.opener, hardMode: row.hard });
    if (row.published !== undefined && proof.total !== row.published) throw new Error(`${row.list}: proved ${proof.total}, Selby ${row.published}`);
    optimum = `${n(proof.total!)} (ours${row.published === undefined ? '' : ', = Selby'}, ${(proof.ms / 1000).toFixed(1)} s)`;
  }
  console.log(`| ${row.list} | ${row.hard ? 'hard' : 'normal'} | ${row.opener} | ${n(summary.total)}${summary.failures.length ? ` (${summary.failures.length} over 6: ${summary.failures.join(' ')})` : ''} | ${summary.max} | ${(ms / 1000).toFixed(1)} s (${((user + system) / 1e6).toFixed(1)} s) | ${optimum} |`);
}
