// pnpm --filter @puzzles/logparse bench:phases — where the time of a panel run goes, and what threads give:
//   1. one thread over LINES (3M) lines, phase by phase in a fresh process each round (bench/phase-child.mjs): start
//      (Node and the import), the count (cut at line starts, count, merge the parts), merging one more part (timed on
//      its own), building the report, writing it; the serial share is what no number of threads shortens (start,
//      one merge, report, write) over the whole run: Amdahl's law gives 8x at 16 threads only below ~5%;
//   2. the CLI with --workers 2 against --workers 1 over LINES2 (2M) lines, wall clock and CPU time, cases in turn;
//   3. memory over many visitors: the sample 100 times (1M lines), each copy's client addresses with the copy's number
//      as their first byte (209,500 visitors), `--report all --json` in one thread against the same log with few
//      visitors, the JSON with two workers and the HTML page with one and two, and GoAccess (when installed) on both
//      logs: peak RSS and CPU time, cases in turn.
// The log is the sample log repeated, written into a temporary folder (LOGPARSE_TMP, default the system's) and removed
// at the end. Medians of ROUNDS (5) rounds. A shared machine is noisy: the load average is printed beside the figures.
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DATA = process.env.LOGPARSE_DATA ?? fileURLToPath(new URL('../../../../shared/data/logs/elastic-apache.log', import.meta.url));
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const LINES = Number(process.env.LINES ?? 3_000_000);
const LINES2 = Number(process.env.LINES2 ?? 2_000_000);
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const child = fileURLToPath(new URL('./phase-child.mjs', import.meta.url));
const TIME = '/usr/bin/time';

interface Phases {
  start: number;
  count: number;
  merge: number;
  report: number;
  write: number;
  cpu: number;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function repeatTo(file: string, source: Buffer, lines: number): Promise<number> {
  const per = source.toString('latin1').split('\n').filter((l) => l !== '').length;
  const times = Math.ceil(lines / per);
  const out = createWriteStream(file);
  for (let i = 0; i < times; i++) if (!out.write(source)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(() => r()));
  return per * times;
}

function timed(args: string[]): { cpu: number; wall: number; rssMB: number } {
  const r = spawnSync(TIME, ['-f', 'TIME %U %S %e %M', process.execPath, cli, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const line = r.stderr.split('\n').find((l) => l.startsWith('TIME '));
  if (r.status !== 0 || line === undefined) throw new Error(`logparse ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-500)}`);
  const [, user, sys, wall, kb] = line.split(' ').map(Number);
  return { cpu: user! + sys!, wall: wall!, rssMB: kb! / 1024 };
}

if (!existsSync(cli)) {
  console.log(`${cli} is missing: build the package first (pnpm --filter @puzzles/logparse build)`);
  process.exit(1);
}
const dir = mkdtempSync(join(process.env.LOGPARSE_TMP ?? tmpdir(), 'logparse-phases-'));
try {
  const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`logparse phases bench: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load average ${load()}`);
  const source = readFileSync(DATA);
  const big = join(dir, 'big.log');
  const total = await repeatTo(big, source, LINES);
  console.log(`input 1: ${DATA} repeated to ${total.toLocaleString('en-US')} lines (${(statSync(big).size / 1e6).toFixed(0)} MB); ${ROUNDS} rounds, medians\n`);

  const runs: Phases[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const r = spawnSync(process.execPath, [child, big, '1', join(dir, 'report.json')], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`phase-child failed: ${r.stderr}`);
    runs.push(JSON.parse(r.stdout.trim()) as Phases);
  }
  const m = (k: keyof Phases): number => median(runs.map((r) => r[k]));
  const whole = runs.map((r) => r.start + r.count + r.report + r.write);
  const serial = runs.map((r) => r.start + r.merge + r.report + r.write);
  const shares = runs.map((_, i) => serial[i]! / whole[i]!);
  const ms = (x: number): string => `${x.toFixed(0).padStart(6)} ms`;
  console.log('one thread, phase by phase (ms, medians):');
  console.log(`  start and import          ${ms(m('start'))}`);
  console.log(`  cut and count             ${ms(m('count'))}   (the part threads share)`);
  console.log(`  merging one more part     ${ms(m('merge'))}   (timed apart: two halves of the log merged)`);
  console.log(`  building the report       ${ms(m('report'))}`);
  console.log(`  writing the JSON          ${ms(m('write'))}`);
  console.log(`  whole run                 ${ms(median(whole))}   (${(m('cpu') / 1000).toFixed(2)} CPU-s in the process after the import)`);
  const share = median(shares);
  console.log(`serial share (start + one merge + report + write over the whole run): ${(100 * share).toFixed(1)}% (goal below 5%: ${share < 0.05 ? 'met' : 'NOT met'}); Amdahl's bound at 16 threads: ${(1 / (share + (1 - share) / 16)).toFixed(1)}x\n`);

  if (!existsSync(TIME)) console.log(`${TIME} is not installed: the CLI comparison reads CPU time through it (apt-get install time); skipped`);
  else {
    const mid = join(dir, 'mid.log');
    const total2 = await repeatTo(mid, source, LINES2);
    console.log(`input 2: the same sample repeated to ${total2.toLocaleString('en-US')} lines (${(statSync(mid).size / 1e6).toFixed(0)} MB); logparse --report all --json, cases in turn, load average ${load()}`);
    const one: Array<{ cpu: number; wall: number; rssMB: number }> = [];
    const two: Array<{ cpu: number; wall: number; rssMB: number }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      one.push(timed([mid, '--report', 'all', '--json', '--workers', '1', '--quiet']));
      two.push(timed([mid, '--report', 'all', '--json', '--workers', '2', '--quiet']));
    }
    for (const [name, r] of [['--workers 1', one], ['--workers 2', two]] as const) {
      console.log(`  ${name}   ${median(r.map((x) => x.wall)).toFixed(2).padStart(6)} s wall ${median(r.map((x) => x.cpu)).toFixed(2).padStart(6)} CPU-s   peak RSS ${median(r.map((x) => x.rssMB)).toFixed(0).padStart(4)} MB`);
    }
    const speedups = one.map((r, i) => r.wall / two[i]!.wall);
    const s = median(speedups);
    console.log(`--workers 2 against --workers 1 (wall clock): ${s.toFixed(2)}x median of per-round ratios (${speedups.map((x) => x.toFixed(2)).join(' ')}); goal 1.5x: ${s >= 1.5 ? 'met' : 'NOT met'}`);
    const extra = one.map((r, i) => two[i]!.cpu - r.cpu);
    console.log(`the second thread's CPU cost: +${median(extra).toFixed(2)} CPU-s (median of per-round differences); load average now ${load()}`);
  }
  if (existsSync(TIME) && process.env.MEMORY !== '0') {
    const text = source.toString('latin1');
    const many = join(dir, 'many.log');
    const few = join(dir, 'few.log');
    const out = createWriteStream(many);
    for (let i = 0; i < 100; i++) if (!out.write(Buffer.from(text.replace(/^\d+\./gm, `${i % 256}.`), 'latin1'))) await new Promise<void>((r) => out.once('drain', () => r()));
    await new Promise<void>((r) => out.end(() => r()));
    await repeatTo(few, source, 1_000_000);
    console.log(`\ninput 3: the sample 100 times, each copy's client addresses starting with the copy's number (many visitors), and plain (few); load average ${load()}`);
    const goaccess = spawnSync('sh', ['-c', 'command -v goaccess'], { encoding: 'utf8' }).stdout.trim();
    if (goaccess === '') console.log('  GoAccess: not installed (apt-get install goaccess): no comparison');
    const cases: Array<[string, () => { cpu: number; wall: number; rssMB: number }]> = [
      ['logparse many visitors', () => timed([many, '--report', 'all', '--json', '--workers', '1', '--quiet'])],
      ['logparse few visitors', () => timed([few, '--report', 'all', '--json', '--workers', '1', '--quiet'])],
      ['logparse many visitors, 2 workers', () => timed([many, '--report', 'all', '--json', '--workers', '2', '--quiet'])],
      ['logparse many visitors --html', () => timed([many, '--html', join(dir, 'page.html'), '--workers', '1', '--quiet'])],
      ['logparse many visitors --html, 2 workers', () => timed([many, '--html', join(dir, 'page.html'), '--workers', '2', '--quiet'])],
    ];
    const gorun = (file: string) => (): { cpu: number; wall: number; rssMB: number } => {
      const r = spawnSync(TIME, ['-f', 'TIME %U %S %e %M', goaccess, file, '--log-format=COMBINED', '-o', join(dir, 'goaccess.json')], { encoding: 'utf8' });
      const line = r.stderr.split('\n').find((l) => l.startsWith('TIME '));
      if (r.status !== 0 || line === undefined) throw new Error(`goaccess failed: ${r.stderr.slice(-300)}`);
      const [, user, sys, wall, kb] = line.split(' ').map(Number);
      return { cpu: user! + sys!, wall: wall!, rssMB: kb! / 1024 };
    };
    if (goaccess !== '') cases.push([`GoAccess (${goaccess}) many visitors`, gorun(many)], [`GoAccess (${goaccess}) few visitors`, gorun(few)]);
    const results = new Map<string, Array<{ cpu: number; wall: number; rssMB: number }>>(cases.map(([n]) => [n, []]));
    for (let round = 0; round < ROUNDS; round++) for (const [name, run] of cases) results.get(name)!.push(run());
    for (const [name, r] of results) {
      console.log(`  ${name.padEnd(44)} ${median(r.map((x) => x.cpu)).toFixed(2).padStart(6)} CPU-s ${median(r.map((x) => x.wall)).toFixed(2).padStart(6)} s wall   peak RSS ${median(r.map((x) => x.rssMB)).toFixed(0).padStart(4)} MB`);
    }
    for (const [name, what] of [
      ['logparse many visitors', '--report all --json in one thread'],
      ['logparse many visitors, 2 workers', '--report all --json with 2 workers'],
      ['logparse many visitors --html', '--html in one thread'],
      ['logparse many visitors --html, 2 workers', '--html with 2 workers'],
    ] as const) {
      const peak = median(results.get(name)!.map((x) => x.rssMB));
      console.log(`many visitors, ${what}: peak RSS ${peak.toFixed(0)} MB (goal below 150 MB: ${peak < 150 ? 'met' : 'NOT met'})`);
    }
    console.log(`load average now ${load()}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
