// tsx bench/exact.bench.ts [--runs N] [--only cpu,process,workers] [--workers 1,2] [--tarse]: the exact solver beside Alex Selby's C++ solver, on the same problem
// in the same run, alternating, medians. Both figures are the CPU time of the search alone (Selby's own "Time taken",
// clock(); ours process.cpuUsage() around solveExact in this thread, after the pattern matrix is built): CPU time moves
// less than wall time on a shared machine. The whole processes' wall times (start-up and matrix included) follow, then
// two worker threads, and with --tarse TARSE on the NYT lists of 2023-07-01 (about a minute each).
// Selby's solver: bash ../shared/tools/build-selby-wordle.sh (cached in ~/.cache/puzzles-tools); without it the
// comparison is skipped and said so. His word lists: ../shared/data/external/wordle/selby/.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, homedir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveExact, wordList, type WordListName } from '../src/index.js';

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1] ?? 0) || 5;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1]!.split(',') : ['cpu', 'process', 'workers'];
const here = fileURLToPath(new URL('.', import.meta.url));
const cli = process.env['WORDLE_CLI'] ?? join(here, '..', 'dist', 'cli.js');
// SELBY_LISTS and SELBY_BIN point elsewhere (a copy on another machine).
const listDir = process.env['SELBY_LISTS'] ?? join(here, '..', '..', '..', '..', 'shared', 'data', 'external', 'wordle', 'selby');
const selby = process.env['SELBY_BIN'] ?? join(process.env['TOOLS_CACHE'] ?? join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'puzzles-tools'), 'selby-wordle', 'wordle');
const WORKERS = args.includes('--workers') ? args[args.indexOf('--workers') + 1]!.split(',').map(Number) : [1, 2];
const haveSelby = existsSync(selby) && existsSync(listDir);

interface Problem {
  readonly name: string;
  readonly list: WordListName;
  readonly opener: string;
  readonly hard: boolean;
  readonly expected: number;
  /** Selby's files for the list: all guesses, answers. */
  readonly files: readonly [string, string];
}

const ORIGINAL: readonly [string, string] = ['wordlist_orig_all', 'wordlist_orig_hidden'];
const NYT_2023: readonly [string, string] = ['wordlist_nyt20220830_all', 'wordlist_nyt20230701_hidden'];
const PROBLEMS: Problem[] = [
  { name: 'original, salet, normal', list: 'original', opener: 'salet', hard: false, expected: 7920, files: ORIGINAL },
  { name: 'original, salet, hard', list: 'original', opener: 'salet', hard: true, expected: 8122, files: ORIGINAL },
];
const TARSE: Problem = { name: 'nyt-2023-07-01, tarse, normal', list: 'nyt-2023-07-01', opener: 'tarse', hard: false, expected: 11219, files: NYT_2023 };

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const n = (x: number): string => x.toLocaleString('en-US');

/** One run of Selby's solver: its total, its own CPU time of the search, its nodes, and the process's wall time. */
function runSelby(p: Problem): { total: number; ms: number; nodes: number; wallMs: number } {
  const start = performance.now();
  const out = spawnSync(selby, ['-a', p.files[0], '-h', p.files[1], '-w', p.opener, ...(p.hard ? ['-H'] : [])], { cwd: listDir, encoding: 'utf8', maxBuffer: 1 << 26 });
  const wallMs = performance.now() - start;
  const total = Number(/Best first guess score = (\d+)/.exec(out.stdout)?.[1]);
  const ms = Number(/Time taken = ([\d.]+)s/.exec(out.stdout)?.[1]) * 1000;
  const nodes = Number(/Nodes used = (\d+)/.exec(out.stdout)?.[1]);
  if (!(total > 0)) throw new Error(`Selby's solver gave no total: ${out.stderr || out.stdout.slice(-500)}`);
  return { total, ms, nodes, wallMs };
}

/** The built package, whose worker script is in dist/ (workers cannot start from the sources). */
const built = (await import(process.env['WORDLE_DIST'] ?? new URL('../dist/index.js', import.meta.url).href)) as typeof import('../src/index.js');

/** One run of ours (in this thread unless told): the total, the CPU time of the search (matrix built), nodes, wall time. */
async function runOurs(p: Problem, workers = 0): Promise<{ total: number; ms: number; nodes: number; wallMs: number }> {
  const words = workers === 0 ? await wordList(p.list) : await built.wordList(p.list);
  const cpu = process.cpuUsage();
  const result = await (workers === 0 ? solveExact : built.solveExact)({ words, opener: p.opener, hardMode: p.hard, workers });
  const used = process.cpuUsage(cpu);
  if (!result.proven || result.total !== p.expected) throw new Error(`${p.name}: expected ${p.expected} proven; got ${JSON.stringify(result)}`);
  return { total: result.total, ms: (used.user + used.system) / 1000, nodes: result.nodes, wallMs: result.ms - result.setupMs };
}

/** The whole CLI process, start-up and matrix included (wall time). */
function runOurProcess(p: Problem): number {
  const start = performance.now();
  const out = spawnSync(process.execPath, [cli, 'solve', '--exact', '--opener', p.opener, ...(p.hard ? ['--hard'] : []), '--list', p.list, '--workers', '0', '--json'], { encoding: 'utf8' });
  const wall = performance.now() - start;
  const value = JSON.parse(out.stdout) as { total: number; proven: boolean };
  if (!value.proven || value.total !== p.expected) throw new Error(`${p.name}: the CLI gave ${out.stdout}`);
  return wall;
}

console.log(`# exact solver vs Selby (${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}, ${RUNS} runs each, alternating)`);
if (!haveSelby) console.log(`Selby's solver is not built (${selby}) or his lists are absent (${listDir}): our figures only. Build it: bash ../shared/tools/build-selby-wordle.sh`);
// Build the pattern matrices first (not part of either search time).
for (const p of PROBLEMS) await solveExact({ words: await wordList(p.list), opener: p.opener, hardMode: p.hard, signal: AbortSignal.abort() });
for (const p of PROBLEMS) await built.solveExact({ words: await built.wordList(p.list), opener: p.opener, hardMode: p.hard, signal: AbortSignal.abort() });

for (const p of only.includes('cpu') ? PROBLEMS : []) {
  const ours: number[] = [];
  const theirs: number[] = [];
  let oursNodes = 0;
  let theirNodes = 0;
  for (let r = 0; r < RUNS; r++) {
    const o = await runOurs(p);
    ours.push(o.ms);
    oursNodes = o.nodes;
    if (haveSelby) {
      const t = runSelby(p);
      if (t.total !== p.expected) throw new Error(`Selby's solver gave ${t.total} for ${p.name}`);
      theirs.push(t.ms);
      theirNodes = t.nodes;
    }
  }
  const line = `${p.name}: ${n(p.expected)} proven; ours ${s(median(ours))} CPU (${n(oursNodes)} nodes)`;
  console.log(haveSelby ? `${line}; Selby ${s(median(theirs))} CPU (${n(theirNodes)} nodes); ratio ${(median(ours) / median(theirs)).toFixed(2)}×` : line);
}

if (only.includes('process')) console.log('# whole processes (wall time: start-up, lists, matrix and search), alternating');
for (const p of only.includes('process') ? PROBLEMS : []) {
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let r = 0; r < Math.min(RUNS, 3); r++) {
    ours.push(runOurProcess(p));
    if (haveSelby) theirs.push(runSelby(p).wallMs);
  }
  console.log(`${p.name}: wordle solve --exact ${s(median(ours))}${haveSelby ? `; Selby's wordle ${s(median(theirs))}; ratio ${(median(ours) / median(theirs)).toFixed(2)}×` : ''}`);
}

if (only.includes('workers')) console.log('# worker threads (wall time of the search, medians, alternating)');
for (const p of only.includes('workers') ? PROBLEMS : []) {
  const times = WORKERS.map((): number[] => []);
  for (let r = 0; r < Math.min(RUNS, 3); r++) for (const [i, w] of WORKERS.entries()) times[i]!.push((await runOurs(p, w)).wallMs);
  const first = median(times[0]!);
  console.log(`${p.name}: ${WORKERS.map((w, i) => `${w} worker${w === 1 ? '' : 's'} ${s(median(times[i]!))} (${(first / median(times[i]!)).toFixed(2)}×)`).join(', ')}`);
}

if (args.includes('--tarse')) {
  console.log('# TARSE on the NYT lists of 2023-07-01 (one run each)');
  await solveExact({ words: await wordList(TARSE.list), opener: TARSE.opener, signal: AbortSignal.abort() });
  const o = await runOurs(TARSE);
  console.log(`ours: ${n(o.total)} proven, ${s(o.ms)} CPU, ${n(o.nodes)} nodes`);
  if (haveSelby) {
    const t = runSelby(TARSE);
    console.log(`Selby: ${n(t.total)} proven, ${s(t.ms)} CPU, ${n(t.nodes)} nodes; ratio ${(o.ms / t.ms).toFixed(2)}×`);
  }
}
