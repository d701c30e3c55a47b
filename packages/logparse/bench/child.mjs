// One measured run in a fresh process (so peak RSS is this run's): node bench/child.mjs <mode> <file>
// Prints one JSON line: {lines, kept, cpu, wall, maxRssMB}.
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';

const [mode, file] = process.argv.slice(2);
const EXCLUDE = /static-files|favicon\.ico/;
const MONTHS = { Jan: '01', Feb: '02', Mar: '03', Apr: '04', May: '05', Jun: '06', Jul: '07', Aug: '08', Sep: '09', Oct: '10', Nov: '11', Dec: '12' };

/** The three statistics over plain strings: hits per day, referrers per day, (referrer, request) pairs per day. */
function aggregator() {
  const days = new Map();
  let kept = 0;
  return {
    add(day, referrer, request) {
      if (EXCLUDE.test(request)) return;
      kept++;
      let d = days.get(day);
      if (!d) days.set(day, (d = { hits: 0, refs: new Map(), pairs: new Map() }));
      d.hits++;
      d.refs.set(referrer, (d.refs.get(referrer) ?? 0) + 1);
      const key = `${referrer}\u0000${request}`;
      d.pairs.set(key, (d.pairs.get(key) ?? 0) + 1);
    },
    get kept() {
      return kept;
    },
  };
}

const cpu0 = process.cpuUsage();
const t0 = performance.now();
let lines = 0;
let kept = 0;
if (mode === 'ours-stats') {
  const { collectStats } = await import('../dist/node.js');
  const stats = await collectStats(file, { status: [200], methods: ['GET'], exclude: EXCLUDE });
  lines = stats.read;
  kept = stats.kept;
} else if (mode === 'ours-records') {
  const { parseLog } = await import('../dist/node.js');
  for await (const r of parseLog(file)) {
    lines++;
    if (r.status === 200) kept++;
  }
} else if (mode === 'alpine') {
  const Alpine = createRequire(import.meta.url)('alpine');
  const alpine = new Alpine();
  const agg = aggregator();
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    lines++;
    let r;
    try {
      r = alpine.parseLine(line);
    } catch {
      continue;
    }
    if (r.status !== '200') continue;
    const [method, request] = r.request.split(' ');
    if (method !== 'GET') continue;
    const t = r.time;
    const day = Number(t.slice(7, 11) + MONTHS[t.slice(3, 6)] + t.slice(0, 2));
    agg.add(day, r['RequestHeader Referer'], request);
  }
  kept = agg.kept;
} else if (mode === 'regex') {
  // The Lisp blog post's approach: readline, one regular expression, hash tables.
  const re = /^\S+ \S+ \S+ \[(\d{2})\/(\w{3})\/(\d{4})[^\]]*\] "(\S+) (\S*)[^"]*" (\d{3}) \S+ "([^"]*)"/;
  const agg = aggregator();
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    lines++;
    const m = re.exec(line);
    if (!m || m[6] !== '200' || m[4] !== 'GET') continue;
    agg.add(Number(m[3] + MONTHS[m[2]] + m[1]), m[7], m[5]);
  }
  kept = agg.kept;
} else throw new Error(`unknown mode ${mode}`);
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    lines,
    kept,
    cpu: (cpu.user + cpu.system) / 1e6,
    wall: (performance.now() - t0) / 1000,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
  }),
);
