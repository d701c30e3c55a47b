// pnpm --filter @puzzles/logparse bench:report — the report panels beside GoAccess, measured in the same run:
//   1. the full HTML report (`logparse FILE --html report.html --workers 1`) against
//      `goaccess FILE --log-format=COMBINED -o report.html`: lines per CPU-second and peak RSS of each whole process
//      (CPU and RSS from the child's resource usage, read by /usr/bin/time; Node's start-up is included);
//   2. `--workers 2` against `--workers 1`: wall-clock rate, and the CPU time the second thread adds;
//   3. `--state` over 1% new lines against a full run.
// On elastic-apache.log repeated to 1M lines (LINES), as the other bench does; SPREAD=1 gives each copy its own
// clients (many more hosts and visitors). Every case runs in a fresh process, the cases take turns round by round,
// and the figures are medians. GoAccess is skipped (and said so) when it is not installed: Debian's 1.7 from the PATH,
// and 1.11 (`-j 1`, one parsing thread) as ../shared/tools/build-goaccess.sh builds it into $TOOLS_CACHE
// (~/.cache/puzzles-tools) or from $GOACCESS. HTML_ONLY=1 runs only the one-thread HTML report and GoAccess.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, homedir, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DATA = process.env.LOGPARSE_DATA ?? fileURLToPath(new URL('../../../../shared/data/logs/elastic-apache.log', import.meta.url));
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const LINES = Number(process.env.LINES ?? 1_000_000);
const SPREAD = process.env.SPREAD === '1';
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const TIME = '/usr/bin/time';

interface Run {
  cpu: number;
  wall: number;
  rssMB: number;
}

function which(tool: string): string {
  try {
    return execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

/** Runs a command under /usr/bin/time: user + system CPU seconds, wall seconds and peak RSS of the child. */
function timed(command: string, args: string[]): Run {
  const r = spawnSync(TIME, ['-f', 'TIME %U %S %e %M', command, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  // (GoAccess draws its progress on stderr without line ends: the figures are found where they are.)
  const line = /TIME [\d.]+ [\d.]+ [\d.:]+ \d+/.exec(r.stderr)?.[0];
  if (r.status !== 0 || line === undefined) throw new Error(`${command} ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-500)}`);
  const [, user, sys, wall, kb] = line.split(' ').map(Number);
  return { cpu: user! + sys!, wall: wall!, rssMB: kb! / 1024 };
}

/**
 * The sample repeated to `lines` lines; with SPREAD=1 each copy's client addresses get the copy's number as their
 * first byte, so that there are as many more hosts and visitors as copies (a log of many visitors, not one week
 * replayed).
 */
async function repeatTo(file: string, source: Buffer, lines: number): Promise<number> {
  const text = source.toString('latin1');
  const per = text.split('\n').filter((l) => l !== '').length;
  const times = Math.ceil(lines / per);
  const out = createWriteStream(file);
  for (let i = 0; i < times; i++) {
    const copy = SPREAD ? Buffer.from(text.replace(/^\d+\./gm, `${i % 256}.`), 'latin1') : source;
    if (!out.write(copy)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
  return per * times;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const M = (n: number): string => `${(n / 1e6).toFixed(2)}M`;

if (!existsSync(TIME)) {
  console.log(`${TIME} is not installed: this bench reads CPU time and peak RSS of child processes through it (apt-get install time)`);
  process.exit(0);
}
const goaccess = which('goaccess');
const goaccess111 = process.env.GOACCESS ?? join(process.env.TOOLS_CACHE ?? join(homedir(), '.cache', 'puzzles-tools'), 'goaccess-1.11', 'goaccess');
const has111 = existsSync(goaccess111);
const HTML_ONLY = process.env.HTML_ONLY === '1';
const dir = mkdtempSync(join(tmpdir(), 'logparse-report-bench-'));
try {
  console.log(`logparse report bench: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (a shared machine: figures are noisy)`);
  const source = readFileSync(DATA);
  const file = join(dir, 'elastic-1m.log');
  const total = await repeatTo(file, source, LINES);
  console.log(`input: ${DATA} repeated to ${total.toLocaleString('en-US')} lines (${(statSync(file).size / 1e6).toFixed(0)} MB)${SPREAD ? ', each copy with its own client addresses (SPREAD=1)' : ''}; ${ROUNDS} rounds, cases in turn, medians\n`);

  // The grown log of the incremental case: the file plus 1% more lines (the first 1% of the sample, as new lines).
  const grown = join(dir, 'grown.log');
  copyFileSync(file, grown);
  const all = source.toString('latin1').split('\n').filter((l) => l !== '');
  const extra = Math.round(total / 100);
  const added: string[] = [];
  for (let i = 0; added.length < extra; i++) added.push(all[i % all.length]!);
  const addedText = `${added.join('\n')}\n`;
  const base = join(dir, 'base.state');
  timed(process.execPath, [cli, file, '--report', 'all', '--json', '--workers', '1', '--quiet', '--state', base]);
  appendFileSync(grown, addedText, 'latin1');

  const html = join(dir, 'report.html');
  const cases: Array<[string, () => Run]> = [
    ['logparse --html (1 thread)', () => timed(process.execPath, [cli, file, '--html', html, '--workers', '1'])],
    ['logparse --report all --json (1 thread)', () => timed(process.execPath, [cli, file, '--report', 'all', '--json', '--workers', '1'])],
    ['logparse --html --workers 2', () => timed(process.execPath, [cli, file, '--html', html, '--workers', '2'])],
    [`logparse --report all --json, ${M(total)} + 1% lines`, () => timed(process.execPath, [cli, grown, '--report', 'all', '--json', '--workers', '1'])],
    [
      'logparse --report all --json --state, 1% new',
      () => {
        const state = join(dir, 'run.state');
        copyFileSync(base, state);
        return timed(process.execPath, [cli, grown, '--report', 'all', '--json', '--workers', '1', '--state', state]);
      },
    ],
  ];
  if (HTML_ONLY) cases.splice(1);
  if (has111) cases.push(['GoAccess 1.11 -j 1 -o report.html', () => timed(goaccess111, [file, '--log-format=COMBINED', '-j', '1', '--no-progress', '-o', join(dir, 'goaccess111.html')])]);
  else console.log(`GoAccess 1.11: not built (${goaccess111}; ../shared/tools/build-goaccess.sh builds it): no comparison with it\n`);
  if (goaccess !== '' && !HTML_ONLY) cases.push([`GoAccess (${goaccess}) -o report.html`, () => timed(goaccess, [file, '--log-format=COMBINED', '-o', join(dir, 'goaccess.html')])]);
  else console.log('GoAccess: not installed (apt-get install goaccess): no comparison\n');
  const runs = new Map<string, Run[]>(cases.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) for (const [name, run] of cases) runs.get(name)!.push(run());

  const med = (name: string): Run => {
    const r = runs.get(name)!;
    return { cpu: median(r.map((x) => x.cpu)), wall: median(r.map((x) => x.wall)), rssMB: median(r.map((x) => x.rssMB)) };
  };
  for (const [name] of cases) {
    const r = med(name);
    console.log(`${name.padEnd(48)} ${r.cpu.toFixed(2).padStart(6)} CPU-s ${r.wall.toFixed(2).padStart(6)} s wall   ${M(total / r.cpu).padStart(6)} lines/CPU-s   peak RSS ${r.rssMB.toFixed(0).padStart(4)} MB`);
  }
  const ours = med(cases[0]![0]);
  console.log('');
  if (has111) {
    const g = med('GoAccess 1.11 -j 1 -o report.html');
    const ratio = g.cpu / ours.cpu;
    const perRound = runs.get(cases[0]![0])!.map((r, i) => runs.get('GoAccess 1.11 -j 1 -o report.html')![i]!.cpu / r.cpu);
    console.log(`HTML report, one thread each, lines per CPU-second: logparse ${M(total / ours.cpu)}, GoAccess 1.11 ${M(total / g.cpu)}: ${ratio.toFixed(1)}x (per round ${perRound.map((x) => x.toFixed(1)).join(' ')}; goal 10x: ${ratio >= 10 ? 'met' : 'NOT met'}); peak RSS ${ours.rssMB.toFixed(0)} MB, GoAccess 1.11 ${g.rssMB.toFixed(0)} MB`);
  }
  if (goaccess !== '' && !HTML_ONLY) {
    const g = med(cases[cases.length - 1]![0]);
    const ratio = g.cpu / ours.cpu;
    console.log(`HTML report, lines per CPU-second: logparse ${M(total / ours.cpu)}, GoAccess ${M(total / g.cpu)}: ${ratio.toFixed(1)}x (goal 10x: ${ratio >= 10 ? 'met' : 'NOT met'}); peak RSS ${ours.rssMB.toFixed(0)} MB (goal 150 MB: ${ours.rssMB <= 150 ? 'met' : 'NOT met'}), GoAccess ${g.rssMB.toFixed(0)} MB`);
  }
  if (!HTML_ONLY) moreCases(runs, cases, grown, base);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** The threads and the incremental runs' figures (left out with HTML_ONLY=1). */
function moreCases(runs: Map<string, Run[]>, cases: Array<[string, () => Run]>, grown: string, base: string): void {
  // Per-round ratios too: rounds ran close together, so their ratio is less disturbed by other work than the medians.
  const w1 = runs.get(cases[0]![0])!;
  const w2 = runs.get(cases[2]![0])!;
  const speedups = w1.map((r, i) => r.wall / w2[i]!.wall);
  console.log(`--workers 2 against 1 thread (wall clock, HTML report): ${median(speedups).toFixed(2)}x median of per-round ratios (${speedups.map((s) => s.toFixed(2)).join(' ')}); goal 1.7x`);
  // What the second thread costs, which a loaded machine shows even when the wall clock cannot.
  const secondThread = w1.map((r, i) => w2[i]!.cpu - r.cpu);
  console.log(`--workers 2 against 1 thread (CPU time, HTML report): +${median(secondThread).toFixed(2)} CPU-s median of per-round differences (${secondThread.map((x) => x.toFixed(2)).join(' ')})`);
  // The same in the library, timed from after the import in each process (Node's start-up left out of both).
  const stateChild = fileURLToPath(new URL('./state-child.mjs', import.meta.url));
  const lib = (mode: string, log: string, state: string): Run => {
    const r = spawnSync(process.execPath, [stateChild, mode, log, state], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`state-child ${mode} failed: ${r.stderr}`);
    const { cpu, wall } = JSON.parse(r.stdout.trim()) as { cpu: number; wall: number };
    return { cpu, wall, rssMB: 0 };
  };
  const libFull: Run[] = [];
  const libInc: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    libFull.push(lib('full', grown, join(dir, 'lib-full.state')));
    copyFileSync(base, join(dir, 'lib-inc.state'));
    libInc.push(lib('inc', grown, join(dir, 'lib-inc.state')));
  }
  const full = runs.get(cases[3]![0])!;
  const inc = runs.get(cases[4]![0])!;
  const shares = full.map((r, i) => inc[i]!.wall / r.wall);
  const cpuShares = full.map((r, i) => inc[i]!.cpu / r.cpu);
  console.log(`--state over 1% new lines against a full run (whole processes): ${(100 * median(shares)).toFixed(1)}% of its wall time, ${(100 * median(cpuShares)).toFixed(1)}% of its CPU time (medians of per-round ratios; goal 5%)`);
  const libShares = libFull.map((r, i) => libInc[i]!.wall / r.wall);
  const libCpuShares = libFull.map((r, i) => libInc[i]!.cpu / r.cpu);
  console.log(
    `the same in the library after start-up (count, merge, report, write the state): full ${median(libFull.map((r) => r.cpu)).toFixed(2)} CPU-s, incremental ${median(libInc.map((r) => r.cpu)).toFixed(3)} CPU-s: ${(100 * median(libShares)).toFixed(1)}% of the wall time, ${(100 * median(libCpuShares)).toFixed(1)}% of the CPU time`,
  );
}
