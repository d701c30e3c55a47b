// pnpm --filter @puzzles/logparse bench:approx — the approximate report (--approximate: HyperLogLog visitors,
// Space-Saving items) against the exact one, on logs whose distinct keys grow:
//   many visitors: the sample 100 times (1M lines), each copy's client addresses starting with the copy's number
//     (209,500 visitors, 175,300 hosts), as bench:phases builds it;
//   many items: the same, each copy's requests and referrers also carrying the copy's number (100× the requests and
//     referrer URLs);
//   every line its own: the many-visitors log with each line's request path and referrer URL made unique by its line
//     number (a million distinct requests and ~600,000 distinct referrer URLs: the worst case for the counters).
// Each case a fresh process (`--report all --json`, one thread), the cases in turn for ROUNDS (5) rounds; CPU seconds
// and peak RSS from /usr/bin/time, medians. The first round's reports are compared: the general panel's estimates,
// each panel's visitors (relative error of items with at least 100 visitors, held from their first hit), the hits
// bounds of the sketched panels ([hits − hitsError, hits] must hold the true count) and whether every item with more
// than N/k of a panel's N hits is listed, as Space-Saving promises.
// The logs are written into a temporary folder (LOGPARSE_TMP, default the system's) and removed at the end.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DATA = process.env.LOGPARSE_DATA ?? fileURLToPath(new URL('../../../../shared/data/logs/elastic-apache.log', import.meta.url));
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const TIME = '/usr/bin/time';

interface Row {
  key: string;
  hits: number;
  visitors: number;
  bytes: number;
  hitsError?: number;
}
type Report = Record<string, Row[] | Record<string, number>>;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');

function timed(args: string[], out: string): { cpu: number; rssMB: number } {
  const r = spawnSync('sh', ['-c', `"${TIME}" -f 'TIME %U %S %e %M' "${process.execPath}" "${cli}" ${args.map((a) => `'${a}'`).join(' ')} > '${out}'`], { encoding: 'utf8' });
  const line = r.stderr.split('\n').find((l) => l.startsWith('TIME '));
  if (r.status !== 0 || line === undefined) throw new Error(`logparse ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-500)}`);
  const [, user, sys, , kb] = line.split(' ').map(Number);
  return { cpu: user! + sys!, rssMB: kb! / 1024 };
}

function compare(exact: Report, approx: Report): void {
  const g = exact.general as Record<string, number>;
  const a = approx.general as Record<string, number>;
  const info = approx.approximate as unknown as { standardError: number };
  for (const k of ['visitors', 'files', 'referrers', 'notFound', 'staticFiles']) {
    const err = (a[k]! - g[k]!) / g[k]!;
    console.log(`  general.${k.padEnd(12)} exact ${String(g[k]).padStart(8)}  estimate ${String(a[k]).padStart(8)}  ${(100 * err).toFixed(2).padStart(6)}% (${(err / info.standardError).toFixed(1)} standard errors)`);
  }
  const counters = (approx.approximate as unknown as { counters: number }).counters;
  for (const [name, rows] of Object.entries(exact)) {
    if (!Array.isArray(rows)) continue;
    const truth = new Map(rows.map((r) => [r.key, r]));
    const got = approx[name] as Row[];
    const errors: number[] = [];
    let bad = 0;
    for (const r of got) {
      const t = truth.get(r.key)!;
      if (t.visitors >= 100 && (r.hitsError ?? 0) === 0) errors.push(Math.abs(r.visitors - t.visitors) / t.visitors);
      const e = r.hitsError ?? 0;
      if (!(r.hits - e <= t.hits && t.hits <= r.hits)) bad++;
    }
    // Space-Saving's promise: every item with more than N/k of the panel's N hits is listed.
    const n = rows.reduce((a, r) => a + r.hits, 0);
    const heavy = rows.filter((r) => r.hits > n / counters);
    const listed = new Set(got.map((r) => r.key));
    const maxError = Math.max(0, ...got.map((r) => r.hitsError ?? 0));
    const visitors = errors.length === 0 ? 'no item of 100+ visitors held from its first hit' : `visitors of ${errors.length} items of 100+ held from their first hit: median error ${(100 * median(errors)).toFixed(1)}%, worst ${(100 * Math.max(...errors)).toFixed(1)}%`;
    const sketched = (approx.approximate as unknown as { sketched: string[] }).sketched.includes(name);
    const items = sketched ? `hits outside [hits − hitsError, hits]: ${bad}; largest hitsError ${maxError} (N/k ${Math.round(n / counters)}); items over N/k listed ${heavy.filter((r) => listed.has(r.key)).length}/${heavy.length}` : `hits not the exact ones: ${bad}`;
    console.log(`  ${name.padEnd(15)} ${String(rows.length).padStart(7)} items exact, ${String(got.length).padStart(5)} listed; ${items}; ${visitors}`);
  }
}

if (!existsSync(cli) || !existsSync(TIME)) {
  console.log(`${!existsSync(cli) ? `${cli} is missing: build the package first` : `${TIME} is not installed (apt-get install time)`}; skipped`);
  process.exit(0);
}
const dir = mkdtempSync(join(process.env.LOGPARSE_TMP ?? tmpdir(), 'logparse-approx-'));
try {
  console.log(`logparse approximate bench: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load average ${load()}`);
  const text = readFileSync(DATA).toString('latin1');
  const logs: Array<[string, string]> = [
    ['many visitors', join(dir, 'many.log')],
    ['many items', join(dir, 'items.log')],
    ['every line its own', join(dir, 'unique.log')],
  ];
  const copies = (f: (copy: string, i: number) => string): Buffer => Buffer.from(Array.from({ length: 100 }, (_, i) => f(text, i)).join(''), 'latin1');
  writeFileSync(logs[0]![1], copies((t, i) => t.replace(/^\d+\./gm, `${i % 256}.`)));
  writeFileSync(logs[1]![1], copies((t, i) => t.replace(/^\d+\./gm, `${i % 256}.`).replace(/"(GET|POST|HEAD) \//g, `"$1 /c${i}/`).replace(/" \d{3} [\d-]+ "http[^"]*/g, (m) => `${m}?c=${i}`)));
  let line = 0;
  writeFileSync(
    logs[2]![1],
    Buffer.from(
      readFileSync(logs[0]![1], 'latin1').replace(/^(.*)$/gm, (l) => {
        if (l === '') return l;
        line++;
        return l.replace(/"(GET|POST|HEAD) \//, `"$1 /u${line}/`).replace(/" (\d{3}) ([\d-]+) "http([^"]*)/, (_, status: string, bytes: string, rest: string) => `" ${status} ${bytes} "http${rest}?u=${line}`);
      }),
      'latin1',
    ),
  );
  for (const [name, file] of logs) {
    const results = { exact: [] as Array<{ cpu: number; rssMB: number }>, approximate: [] as Array<{ cpu: number; rssMB: number }> };
    for (let round = 0; round < ROUNDS; round++) {
      results.exact.push(timed([file, '--report', 'all', '--json', '--workers', '1', '--quiet'], join(dir, 'exact.json')));
      results.approximate.push(timed([file, '--report', 'all', '--json', '--approximate', '--quiet'], join(dir, 'approx.json')));
      if (round === 0) {
        console.log(`\n${name} (1M lines), load average ${load()}:`);
        compare(JSON.parse(readFileSync(join(dir, 'exact.json'), 'utf8')) as Report, JSON.parse(readFileSync(join(dir, 'approx.json'), 'utf8')) as Report);
      }
    }
    for (const [mode, r] of Object.entries(results)) {
      console.log(`  ${`--report all --json${mode === 'exact' ? ' --workers 1' : ' --approximate'}`.padEnd(36)} ${median(r.map((x) => x.cpu)).toFixed(2).padStart(6)} CPU-s   peak RSS ${median(r.map((x) => x.rssMB)).toFixed(0).padStart(4)} MiB (rounds ${r.map((x) => x.rssMB.toFixed(0)).join(' ')})`);
    }
  }
  console.log(`\nload average now ${load()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
