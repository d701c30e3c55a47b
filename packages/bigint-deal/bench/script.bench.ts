// pnpm --filter @puzzles/bigint-deal bench:script (after a build)
// The dealer-script reader against Hans van Staveren's dealer (Debian's /usr/games/dealer) on dealer's own example
// scripts (/usr/share/doc/dealer/examples): both run the same script (dealer -s 1, ours --seed 1, the same produce),
// and every average and frequency table must agree within sampling error: averages by a two-sample z-test (|z| < 4),
// frequency tables by a chi-square test of homogeneity at the 0.001 level. Skips what is not installed, and says so.
// Prints both times too (dealer's wall-clock time beside ours, medians are not taken: one run each, the machine may be
// loaded).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDealerScript, runDealerScript, type ScriptAction } from '@puzzles/bigint-deal';

const DEALER = '/usr/games/dealer';
const EXAMPLES = '/usr/share/doc/dealer/examples';
// The examples with averages or frequencies (every example but Descr.evaluation, which uses cccc and quality, refused
// by name); produce is capped so a run takes seconds.
const SCRIPTS: [string, number][] = [
  ['Descr.controls', 10_000],
  ['Descr.1c', 20_000],
  ['Descr.weaktwo', 20_000],
  ['Descr.stayman', 5_000],
  ['Descr.vvga2', 5_000],
  ['Descr.6c', 5_000],
  ['Descr.junkstayman', 300],
  ['Descr.hm1dr2d', 5_000],
  ['Descr.blue_team', 2_000],
  ['Descr.test_dealer', 20_000],
  ['Descr.yarb', 2_000],
];

if (!existsSync(DEALER) || !existsSync(EXAMPLES)) {
  console.log(`dealer or its examples are not installed (apt-get install dealer): nothing to compare`);
  process.exit(0);
}

interface Stats {
  averages: number[];
  tables: { rows: Map<string, number> }[];
  produced: number;
}

/** Dealer's statistics, in the order of its actions: averages ("label: value" or "value") and frequency tables. */
function dealerStats(out: string): Stats {
  const stats: Stats = { averages: [], tables: [], produced: Number(/Produced (\d+) hands/.exec(out)?.[1] ?? NaN) };
  let table: Map<string, number> | undefined;
  // The statistics follow the last page of print(seats), whose rows could pass for numbers.
  for (const line of out.slice(out.lastIndexOf('\f') + 1).split('\n')) {
    const row = /^\s*(Low|High|-?\d+)\t\s*(\d+)$/.exec(line);
    if (table !== undefined && row !== null) {
      table.set(row[1]!.toLowerCase(), Number(row[2]));
      continue;
    }
    table = undefined;
    if (line.startsWith('Frequency')) {
      table = new Map();
      stats.tables.push({ rows: table });
    } else if (/^(Generated|Produced|Initial|Time)/.test(line)) {
      continue;
    } else {
      const avg = /^(?:.*: )?(-?[\d.]+(?:e[-+]?\d+)?)$/.exec(line);
      if (avg !== null) stats.averages.push(Number(avg[1]));
    }
  }
  return stats;
}

/** Upper 0.001 point of chi-square with df degrees of freedom (Wilson–Hilferty). */
const chiCritical = (df: number): number => df * (1 - 2 / (9 * df) + 3.09 * Math.sqrt(2 / (9 * df))) ** 3;

let failures = 0;
for (const [name, produce] of SCRIPTS) {
  const path = join(EXAMPLES, name);
  if (!existsSync(path)) continue;
  const text = readFileSync(path, 'utf8');
  let start = performance.now();
  const result = spawnSync(DEALER, ['-s', '1', '-p', String(produce), path], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const dealerSeconds = (performance.now() - start) / 1000;
  const theirs = dealerStats(result.stdout);
  // Our time counts reading the script and the run (its averages and tables included), not this check's own
  // recomputation of every value for the variances.
  start = performance.now();
  const script = parseDealerScript(text);
  const actions = script.actions.filter((a): a is Extract<ScriptAction, { kind: 'average' | 'frequency' }> => a.kind === 'average' || a.kind === 'frequency');
  const values = actions.map(() => [] as number[]);
  const run = runDealerScript(script, { seed: 1, produce: theirs.produced });
  let checking = 0;
  let next = run.next();
  for (; next.done !== true; next = run.next()) {
    const { deal } = next.value;
    const before = performance.now();
    actions.forEach((a, k) => values[k]!.push(a.value(deal)));
    checking += performance.now() - before;
  }
  const ours = next.value;
  const ourSeconds = (performance.now() - start - checking) / 1000;
  console.log(`${name}: dealer produced ${theirs.produced} in ${dealerSeconds.toFixed(2)} s; ours ${ours.produced} (${ours.method}, ${ours.generated.toLocaleString('en-US')} generated) in ${ourSeconds.toFixed(2)} s`);
  let a = 0;
  let f = 0;
  for (const [k, action] of actions.entries()) {
    const xs = values[k]!;
    const n = xs.length;
    const mean = xs.reduce((s, x) => s + x, 0) / n;
    if (action.kind === 'average') {
      const theirMean = theirs.averages[a++]!;
      const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, n - 1);
      const se = Math.sqrt(variance / n + variance / theirs.produced);
      const z = se === 0 ? (mean === theirMean ? 0 : Infinity) : (mean - theirMean) / se;
      const ok = Math.abs(z) < 4;
      if (!ok) failures++;
      console.log(`  average ${action.label || action.text}: ours ${mean.toFixed(4)}, dealer ${theirMean}; z = ${z.toFixed(2)} ${ok ? 'ok' : 'DIFFERENT'}`);
    } else {
      const table = theirs.tables[f++]!.rows;
      const key = (x: number): string => (x < action.low ? 'low' : x > action.high ? 'high' : String(x));
      const mine = new Map<string, number>();
      for (const x of xs) mine.set(key(x), (mine.get(key(x)) ?? 0) + 1);
      const keys = [...new Set([...mine.keys(), ...table.keys()])].filter((k2) => (mine.get(k2) ?? 0) + (table.get(k2) ?? 0) > 0);
      const n1 = n;
      const n2 = [...table.values()].reduce((s, x) => s + x, 0);
      let chi = 0;
      for (const k2 of keys) {
        const o1 = mine.get(k2) ?? 0;
        const o2 = table.get(k2) ?? 0;
        const e1 = ((o1 + o2) * n1) / (n1 + n2);
        const e2 = ((o1 + o2) * n2) / (n1 + n2);
        chi += (o1 - e1) ** 2 / e1 + (o2 - e2) ** 2 / e2;
      }
      const df = Math.max(1, keys.length - 1);
      const ok = keys.length <= 1 || chi < chiCritical(df);
      if (!ok) failures++;
      console.log(`  frequency ${action.label || action.text}: chi-square ${chi.toFixed(1)} on ${df} df (0.001 point ${chiCritical(df).toFixed(1)}) ${ok ? 'ok' : 'DIFFERENT'}`);
    }
  }
}
console.log(failures === 0 ? 'every average and frequency agrees with dealer within sampling error' : `${failures} statistics differ from dealer's`);
process.exitCode = failures === 0 ? 0 : 1;
