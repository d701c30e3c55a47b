// pnpm --filter @puzzles/bigint-deal bench:dd [--deals N] [--rounds R] (after a build)
// Double-dummy tables beside DDS 2.9.1 (Bo Haglund and Soren Hein's solver, built by ../shared/tools/build-dds.sh;
// its `ddtable 1` makes one table at a time on one thread and prints each table's time). The first N deals of DDS's
// list1000 (its list100 is the first 100), each table made by DDS and by us in turn R times (3 by default), one thread
// each, same run: each deal's median times, the medians of those and of the per-deal ratios; the JavaScript build on
// the first few; tables on 2 workers against one; the peak memory of a process that makes tables.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { doubleDummyTable, doubleDummyTables } from '@puzzles/bigint-deal/double-dummy';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const at = args.indexOf('--deals');
const count = at >= 0 ? Number(args[at + 1]) : 10;
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 3;
const list = join(here, '../../../../shared/data/external/bigint-deal/dds-list1000.txt');
if (!existsSync(list)) {
  console.error(`${list}: not found (DDS's lists live in ../shared/data/external/bigint-deal/)`);
  process.exit(1);
}
const deals = readFileSync(list, 'utf8').split('\n').filter((l) => l.startsWith('PBN ')).map((l) => /"([^"]*)"/.exec(l)![1]!).slice(0, count);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const cache = process.env.TOOLS_CACHE ?? join(homedir(), '.cache/puzzles-tools');
const ddtable = join(cache, 'dds-2.9.1/ddtable');
const hasDds = existsSync(ddtable);
if (!hasDds) console.log(`DDS is not built here (${ddtable}): run ../shared/tools/build-dds.sh for the comparison; our figures alone follow.`);

const ours: number[] = [];
const dds: number[] = [];
const ratios: number[] = [];
for (const [k, deal] of deals.entries()) {
  // Each deal `rounds` times, DDS and ours in turn; the medians of each (this machine is shared and noisy).
  const theirTimes: number[] = [];
  const ourTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    if (hasDds) {
      const out = execFileSync(ddtable, ['1'], { input: `${deal}\n`, encoding: 'utf8' }).trim().split(/\s+/);
      theirTimes.push(Number(out.at(-1)));
    }
    const start = performance.now();
    doubleDummyTable(deal);
    ourTimes.push(performance.now() - start);
  }
  const theirs = hasDds ? median(theirTimes) : Number.NaN;
  if (hasDds) dds.push(theirs);
  const ms = median(ourTimes);
  ours.push(ms);
  if (hasDds) ratios.push(ms / theirs);
  console.log(`deal ${k + 1}: ours ${ms.toFixed(0)} ms${hasDds ? `, DDS ${theirs.toFixed(0)} ms (${(ms / theirs).toFixed(1)}×)` : ''}`);
}
console.log(`\n${deals.length} deals of DDS's list100, one thread, ${rounds} rounds, median ms a table:`);
console.log(`  WebAssembly ${median(ours).toFixed(0)} ms${hasDds ? ` · DDS 2.9.1 ${median(dds).toFixed(0)} ms · ratio per deal, median ${median(ratios).toFixed(1)}× DDS's time` : ''}`);

const few = deals.slice(0, Math.min(3, deals.length));
const js: number[] = [];
const wasm: number[] = [];
for (const deal of few) {
  let start = performance.now();
  doubleDummyTable(deal, { engine: 'js' });
  js.push(performance.now() - start);
  start = performance.now();
  doubleDummyTable(deal);
  wasm.push(performance.now() - start);
}
console.log(`  JavaScript build (where WebAssembly is refused), first ${few.length} deals: median ${median(js).toFixed(0)} ms against ${median(wasm).toFixed(0)} ms (${(median(js) / median(wasm)).toFixed(2)}× WebAssembly's time)`);

const batch = deals.slice(0, Math.min(8, deals.length));
let start = performance.now();
await doubleDummyTables(batch, { workers: 1 });
const oneWorker = performance.now() - start;
start = performance.now();
await doubleDummyTables(batch, { workers: 2 });
const twoWorkers = performance.now() - start;
console.log(`  ${batch.length} tables: 1 thread ${(oneWorker / 1000).toFixed(1)} s, 2 workers ${(twoWorkers / 1000).toFixed(1)} s (${(oneWorker / twoWorkers).toFixed(2)}×)`);

// Peak memory: a child process that makes the first table, its maximum resident set from GNU time when present.
const child = `import('@puzzles/bigint-deal/double-dummy').then((m) => m.doubleDummyTable(${JSON.stringify(deals[0])}))`;
const timed = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, '--input-type=module', '-e', child], { encoding: 'utf8', cwd: here });
if (timed.status === 0) console.log(`  peak RSS of a process making one table (32 MiB table): ${(Number(timed.stderr.trim().split('\n').at(-1)) / 1024).toFixed(0)} MiB`);
else console.log('  peak RSS: /usr/bin/time is not installed here');
