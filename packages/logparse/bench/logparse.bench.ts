// pnpm --filter @puzzles/logparse bench: lines per CPU-second and peak RSS for parse + statistics on
// elastic-apache.log repeated to 1M lines, beside the other parsers measured in the same run (npm alpine, a readline +
// one-regex + aggregation baseline, GoAccess if installed), then peak memory on a ~1 GB log.
// Each run is a fresh process (bench/child.mjs); the figure is the median of the rounds.
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DATA = process.env.LOGPARSE_DATA ?? fileURLToPath(new URL('../../../../shared/data/logs/elastic-apache.log', import.meta.url));
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const LARGE_MB = Number(process.env.LARGE_MB ?? 1024);
const child = fileURLToPath(new URL('./child.mjs', import.meta.url));

interface Run {
  lines: number;
  kept: number;
  cpu: number;
  wall: number;
  maxRssMB: number;
}

async function repeatTo(file: string, source: Buffer, lines: number): Promise<number> {
  const per = source.toString('latin1').split('\n').filter((l) => l !== '').length;
  const times = Math.ceil(lines / per);
  const out = createWriteStream(file);
  for (let i = 0; i < times; i++) if (!out.write(source)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(() => r()));
  return per * times;
}

function runOnce(mode: string, file: string): Run {
  const result = spawnSync(process.execPath, [child, mode, file], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (result.status !== 0) throw new Error(`${mode} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as Run;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function measure(mode: string, file: string): { rate: number; rss: number; kept: number; lines: number } {
  const runs = Array.from({ length: ROUNDS }, () => runOnce(mode, file));
  return {
    rate: median(runs.map((r) => r.lines / r.cpu)),
    rss: median(runs.map((r) => r.maxRssMB)),
    kept: runs[0]!.kept,
    lines: runs[0]!.lines,
  };
}

const M = (n: number): string => `${(n / 1e6).toFixed(2)}M`;

const dir = mkdtempSync(join(tmpdir(), 'logparse-bench-'));
try {
  console.log(`logparse bench: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (shared machine: figures are noisy)`);
  const source = readFileSync(DATA);
  const file = join(dir, 'elastic-1m.log');
  const total = await repeatTo(file, source, 1_000_000);
  console.log(`input: ${DATA} repeated to ${total.toLocaleString('en-US')} lines (${(statSync(file).size / 1e6).toFixed(0)} MB), ${ROUNDS} rounds each, median\n`);
  const cases: Array<[string, string]> = [
    ['logparse collectStats (parse + 3 statistics)', 'ours-stats'],
    ['logparse parseLog (full records, parse only)', 'ours-records'],
    ['alpine 0.2.1 + readline + aggregation', 'alpine'],
    ['readline + one regex + aggregation', 'regex'],
  ];
  const results = new Map<string, ReturnType<typeof measure>>();
  for (const [name, mode] of cases) {
    const r = measure(mode, file);
    results.set(mode, r);
    console.log(`${name.padEnd(48)} ${M(r.rate).padStart(7)} lines/CPU-s   peak RSS ${r.rss.toFixed(0).padStart(4)} MB   (kept ${r.kept.toLocaleString('en-US')})`);
  }
  const ours = results.get('ours-stats')!.rate;
  console.log(`\nratio logparse stats / alpine: ${(ours / results.get('alpine')!.rate).toFixed(1)}x; / readline+regex: ${(ours / results.get('regex')!.rate).toFixed(1)}x; 2M lines/CPU-s: ${ours >= 2e6 ? 'met' : 'NOT met'} (${M(ours)})`);
  let goaccess = '';
  try {
    goaccess = execFileSync('sh', ['-c', 'command -v goaccess'], { encoding: 'utf8' }).trim();
  } catch {
    goaccess = '';
  }
  if (goaccess === '') console.log('GoAccess: not installed (context only; it does more work per line)');
  else {
    const t0 = process.cpuUsage();
    const g = spawnSync(goaccess, [file, '--log-format=COMBINED', '-o', join(dir, 'report.json')], { encoding: 'utf8' });
    const c = process.cpuUsage(t0);
    console.log(`GoAccess (${goaccess}): exit ${g.status}; see its own timing (children CPU is not in process.cpuUsage): ${c.user}`);
  }
  // Peak memory on a large log.
  if (LARGE_MB > 0) {
    rmSync(file);
    const large = join(dir, 'large.log');
    const lines = await repeatTo(large, source, Math.round((LARGE_MB * 1e6) / (source.length / 10_000)));
    const size = statSync(large).size;
    console.log(`\nlarge log: ${(size / 1e6).toFixed(0)} MB, ${lines.toLocaleString('en-US')} lines (one run each; goal: under 100 MB peak)`);
    for (const [name, mode] of cases.slice(0, 2)) {
      const run = runOnce(mode, large);
      console.log(`${name.padEnd(48)} ${M(run.lines / run.cpu).padStart(7)} lines/CPU-s   peak RSS ${run.maxRssMB.toFixed(0).padStart(4)} MB   ${run.wall.toFixed(1)} s wall`);
    }
  }
} finally {
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
}
