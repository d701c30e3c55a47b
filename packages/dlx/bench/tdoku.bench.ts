// pnpm --filter @puzzles/dlx bench:tdoku
// The 9×9 search beside tdoku (Tom Dillon's SIMD C++ solver, the fastest published one: its own `run_benchmark -s
// tdoku`, built by ../shared/tools/build-tdoku.sh), in the same run, alternating, medians of ROUNDS rounds (default
// 5). Both count solutions up to 2 (uniqueness) and keep the first; puzzles per second of wall-clock time, as
// run_benchmark reports it, each side running over the set for about a second per round. Ours three ways: the per-call
// API (`countSudokuSolutions(string, 2)` in a loop), the batch API (`solveSudokuBatch(text)`: one call, counts and
// solutions out), and the per-call API where WebAssembly is refused (a child process run with --no-expose-wasm).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, homedir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countSudokuSolutions, solveSudokuBatch } from '@puzzles/dlx';

const DATA = new URL('../../../../shared/data/sudoku/', import.meta.url);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SECONDS = Number(process.env.SECONDS_PER_RUN ?? 1);
const cache = process.env.TOOLS_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'puzzles-tools');
const TDOKU = process.env.TDOKU ?? join(cache, 'tdoku', 'build', 'run_benchmark');

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rate = (n: number): string => `${Math.round(n).toLocaleString('en-US')}/s`;

/** The JS side of a round, also run in the child process without WebAssembly: puzzles per second over ~SECONDS. */
function perCall(puzzles: readonly string[], seconds: number): number {
  let unique = 0;
  let done = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  do {
    for (const p of puzzles) unique += countSudokuSolutions(p, 2) === 1 ? 1 : 0;
    done += puzzles.length;
  } while (performance.now() < end);
  if (unique !== done) throw new Error(`countSudokuSolutions: ${done - unique} puzzles not unique`);
  return done / ((performance.now() - start) / 1000);
}

function batch(text: string, count: number, seconds: number): number {
  let done = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  do {
    const result = solveSudokuBatch(text);
    if (result.errors.length > 0 || result.counts.some((c) => c !== 1)) throw new Error('solveSudokuBatch: a puzzle is not unique');
    done += count;
  } while (performance.now() < end);
  return done / ((performance.now() - start) / 1000);
}

/** The per-call loop in a child process where WebAssembly does not exist (the TypeScript search). */
function perCallWithoutWasm(file: string): number {
  const script = `
    import { readFileSync } from 'node:fs';
    import { countSudokuSolutions } from '@puzzles/dlx';
    if (typeof WebAssembly !== 'undefined') throw new Error('WebAssembly is there');
    const puzzles = readFileSync(${JSON.stringify(file)}, 'utf8').split('\\n').filter((l) => l.length >= 81 && !l.startsWith('#')).map((l) => l.slice(0, 81));
    let done = 0; const start = performance.now(); const end = start + ${SECONDS * 1000};
    do { for (const p of puzzles) if (countSudokuSolutions(p, 2) !== 1) throw new Error(p); done += puzzles.length; } while (performance.now() < end);
    console.log(done / ((performance.now() - start) / 1000));`;
  const result = spawnSync(process.execPath, ['--no-expose-wasm', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: fileURLToPath(new URL('..', import.meta.url)),
  });
  if (result.status !== 0) throw new Error(`the run without WebAssembly failed: ${result.stderr}`);
  return Number(result.stdout.trim());
}

/** One run of tdoku's own benchmark: puzzles per second (its CSV's sixth field). */
function tdoku(file: string): number {
  const out = execFileSync(TDOKU, ['-s', 'tdoku', '-t', String(SECONDS), '-w', '1', '-c', '1', file], { encoding: 'utf8' });
  const fields = out.trim().split('\n').pop()!.split(',');
  const value = Number(fields[5]);
  if (!(value > 0)) throw new Error(`could not read tdoku's output: ${out}`);
  return value;
}

console.log(`@puzzles/dlx 9×9 search beside tdoku, Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const haveTdoku = existsSync(TDOKU);
if (!haveTdoku) console.log(`tdoku's run_benchmark is not at ${TDOKU} (bash ../shared/tools/build-tdoku.sh builds it): its column is left out`);
console.log(`medians of ${ROUNDS} alternating rounds of about ${SECONDS} s each; puzzles per second, wall-clock time\n`);

for (const name of ['17-clue.txt', 'forum-hardest-1106.txt']) {
  const url = new URL(name, DATA);
  if (!existsSync(url)) {
    console.log(`${name}: not found in ../shared/data/sudoku, skipped`);
    continue;
  }
  const file = fileURLToPath(url);
  const puzzles = readFileSync(url, 'utf8')
    .split('\n')
    .filter((line) => line.length >= 81 && !line.startsWith('#'))
    .map((line) => line.slice(0, 81));
  const text = `${puzzles.join('\n')}\n`;
  const runs: Record<string, number[]> = { tdoku: [], perCall: [], batch: [], noWasm: [] };
  // A warm-up, then the rounds: tdoku, per call, batch, without WebAssembly.
  perCall(puzzles, 0.3);
  batch(text, puzzles.length, 0.3);
  for (let round = 0; round < ROUNDS; round++) {
    if (haveTdoku) runs.tdoku!.push(tdoku(file));
    runs.perCall!.push(perCall(puzzles, SECONDS));
    runs.batch!.push(batch(text, puzzles.length, SECONDS));
    runs.noWasm!.push(perCallWithoutWasm(file));
  }
  const reference = haveTdoku ? median(runs.tdoku!) : null;
  console.log(`${name}: ${puzzles.length.toLocaleString('en-US')} puzzles, each unique (counted up to 2)`);
  const labels: Record<string, string> = {
    tdoku: 'tdoku run_benchmark -s tdoku',
    perCall: 'countSudokuSolutions(string, 2)',
    batch: 'solveSudokuBatch(text)',
    noWasm: 'countSudokuSolutions, no WebAssembly',
  };
  for (const [key, list] of Object.entries(runs)) {
    if (list.length === 0) continue;
    const m = median(list);
    const ratio = reference === null || key === 'tdoku' ? '' : `  ${(m / reference).toFixed(2)}× tdoku`;
    // Each round's figure over tdoku's in the same round (taken side by side), and their median.
    const rounds = reference === null || key === 'tdoku' ? '' : `, round by round ${median(list.map((v, i) => v / runs.tdoku![i]!)).toFixed(2)}×`;
    console.log(`  ${labels[key]!.padEnd(38)} ${rate(m).padStart(11)}${ratio}   (runs: ${list.map((v) => Math.round(v)).join(', ')}${rounds})`);
  }
  console.log('');
}
console.log(`load average after the run: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
