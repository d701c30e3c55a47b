// One run of the library's incremental path in a fresh process, timed from after the import (Node's start-up and
// loading the package are left out): node bench/state-child.mjs full|inc <log> <state>
// full: count the whole log day by day, report, write the state; inc: read the state, count the bytes after its
// offset, merge the days, report, write the state. Prints one JSON line: {cpu, wall} (seconds).
import { statSync } from 'node:fs';

const [mode, file, state] = process.argv.slice(2);
const L = await import('../dist/node.js');
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const size = statSync(file).size;
const end = L.lastLineEnd(file, size);
let days;
if (mode === 'full') days = (await L.collectDayPanels(file, { start: 0, end })).days;
else {
  const before = L.readState(state);
  days = L.mergeDays(before.days, (await L.collectDayPanels(file, { start: before.offset, end })).days);
}
const report = JSON.stringify(L.panelReport(L.panelsOfDays(days)));
L.writeState(state, { format: 'combined', offset: end, head: L.headFingerprint(file, end), days });
const c = process.cpuUsage(cpu0);
console.log(JSON.stringify({ cpu: (c.user + c.system) / 1e6, wall: (performance.now() - t0) / 1000, reportLength: report.length }));
