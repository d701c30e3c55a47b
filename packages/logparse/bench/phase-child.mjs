// One run of the library in a fresh process, timed phase by phase: node bench/phase-child.mjs <log> <workers> <out.json>
// start: Node's start-up and the import of the package (from the process's time origin); count: collectPanels with
// `workers` (cutting the file at line starts, counting each range, merging the parts as they arrive); merge: merging
// the statistics of the log's second half into those of its first (what one more part costs the main thread, timed on
// its own); report: panelReport; write: the JSON text written to <out.json>. Prints one JSON line (milliseconds).
import { writeFileSync, statSync } from 'node:fs';

const [file, workers, out] = process.argv.slice(2);
const L = await import('../dist/node.js');
const start = performance.now();
const cpu0 = process.cpuUsage();
let t = performance.now();
const stats = await L.collectPanels(file, { workers: Number(workers) });
const count = performance.now() - t;
t = performance.now();
const report = L.panelReport(stats);
const reportMs = performance.now() - t;
t = performance.now();
writeFileSync(out, JSON.stringify(report));
const write = performance.now() - t;
const cpu = process.cpuUsage(cpu0);
// The cost of merging one more part: the two halves counted apart (not timed), then merged (timed).
let merge = 0;
if (process.env.MERGE !== '0') {
  const size = statSync(file).size;
  const half = L.lastLineEnd(file, Math.floor(size / 2));
  const a = await L.collectPanels(file, { start: 0, end: half });
  const b = await L.collectPanels(file, { start: half, end: size });
  t = performance.now();
  L.mergePanels(a, b);
  merge = performance.now() - t;
}
console.log(JSON.stringify({ start, count, merge, report: reportMs, write, cpu: (cpu.user + cpu.system) / 1000 }));
