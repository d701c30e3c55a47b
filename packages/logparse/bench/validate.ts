// Validation against the shared real logs (not a test: the tests must not read ../shared). Checks the counts the
// data README states and prints what was found: tsx bench/validate.ts
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectPanels, collectStats, panelReport, parseLog, type LogReject } from '../src/node.js';

const dir = process.env.LOGPARSE_LOGS ?? fileURLToPath(new URL('../../../../shared/data/logs/', import.meta.url));
let failed = false;
const expect = (ok: boolean, what: string): void => {
  console.log(`  ${ok ? 'ok ' : 'FAIL'} ${what}`);
  if (!ok) failed = true;
};

for (const [name, format] of [
  ['elastic-apache.log', 'combined'],
  ['lnav-shop-access.log', 'combined'],
  ['nasa-aug95-part.log', 'common'],
  ['edge-cases.log', 'combined'],
] as const) {
  const rejects: LogReject[] = [];
  let records = 0;
  let dashSize = 0;
  let truncated = 0;
  let noProtocol = 0;
  let noMethod = 0;
  let extra = 0;
  let ipv6 = 0;
  for await (const r of parseLog(dir + name, { format, onReject: (x) => rejects.push(x) })) {
    records++;
    if (r.bytes === null) dashSize++;
    if (r.truncated) truncated++;
    if (r.method !== null && r.protocol === null) noProtocol++;
    if (r.method === null) noMethod++;
    if (r.extra.length > 0) extra++;
    if (r.ip?.includes(':')) ipv6++;
  }
  const stats = await collectStats(dir + name, { format });
  console.log(`${name}: ${records + rejects.length} lines, ${records} records, ${rejects.length} rejects; '-' size ${dashSize}, truncated ${truncated}, no protocol ${noProtocol}, no method ${noMethod}, extra fields ${extra}, IPv6 ${ipv6}`);
  expect(stats.read === records + rejects.length && stats.parsed === records && stats.rejected === rejects.length, 'the fast path counts the same lines as parseLog');
  if (name === 'elastic-apache.log') {
    expect(records === 10_000 && rejects.length === 0, '10,000 lines, all records');
    expect(truncated === 1, 'one truncated user agent, kept and flagged');
    expect(dashSize === 669, "669 lines with '-' size");
  } else if (name === 'lnav-shop-access.log') {
    expect(records === 1000 && extra === 1000, '1,000 lines, each with an 11th quoted field');
  } else if (name === 'nasa-aug95-part.log') {
    expect(records + rejects.length === 1930, '1,930 lines');
    expect(rejects.length === 89, `about 89 fragments rejected (got ${rejects.length})`);
    expect(noProtocol > 0, `HTTP/0.9-style requests parsed without a protocol (${noProtocol})`);
    for (const r of rejects.slice(0, 4)) console.log(`    line ${r.line}: ${r.reason}`);
  } else {
    expect(records === 13 && rejects.length === 0, '13 hand-made edge cases, all records (none silently dropped)');
    expect(noMethod === 4 && ipv6 === 1 && dashSize === 1 && noProtocol === 1, 'binary/empty/-/garbage requests have no method; IPv6; - size; no protocol');
  }
}
// The panels beside GoAccess's JSON (`goaccess FILE --log-format=COMBINED -o report.json`), where both count the same.
let goaccess = '';
try {
  goaccess = execFileSync('sh', ['-c', 'command -v goaccess'], { encoding: 'utf8' }).trim();
} catch {
  goaccess = '';
}
if (goaccess === '') console.log('GoAccess is not installed: the panels are not compared with it');
else {
  const file = `${dir}elastic-apache.log`;
  const tmp = mkdtempSync(join(tmpdir(), 'logparse-validate-'));
  try {
    const out = join(tmp, 'report.json');
    const run = spawnSync(goaccess, [file, '--log-format=COMBINED', '-o', out], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`goaccess failed: ${run.stderr}`);
    interface Row { hits: { count: number }; visitors: { count: number }; bytes: { count: number }; data: string; method?: string }
    const ga = JSON.parse(readFileSync(out, 'utf8')) as { general: { unique_visitors: number; valid_requests: number; unique_not_found: number }; visitors: { data: Row[] }; status_codes: { data: Row[] }; requests: { data: Row[] } };
    const report = panelReport(await collectPanels(file));
    console.log(`elastic-apache.log beside GoAccess (${goaccess}):`);
    expect(report.general!.valid === ga.general.valid_requests && report.general!.visitors === ga.general.unique_visitors, `valid requests (${report.general!.valid}) and unique visitors (${report.general!.visitors}) equal GoAccess's`);
    // (Not compared: GoAccess counts a 404 path once per method and protocol.)
    console.log(`  distinct 404 requests: ${report.general!.notFound}; GoAccess (by method, path and protocol): ${ga.general.unique_not_found}`);
    const day = (d: string): string => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
    const gaDays = new Map(ga.visitors.data.map((r) => [day(r.data), `${r.hits.count}/${r.visitors.count}/${r.bytes.count}`]));
    expect(report.visitors!.length === gaDays.size && report.visitors!.every((r) => gaDays.get(r.key) === `${r.hits}/${r.visitors}/${r.bytes}`), 'hits, visitors and bytes per day equal GoAccess\'s');
    const gaStatus = new Map(ga.status_codes.data.map((r) => [r.data.slice(0, 3), r.hits.count]));
    expect(report.status!.every((r) => gaStatus.get(r.key) === r.hits) && report.status!.length === gaStatus.size, 'hits per status class equal GoAccess\'s');
    // GoAccess keys requests by method + path + protocol and lists at most 366 rows: summed per path, its top 10 are
    // ours, and each of its sums is at most our count (the rows of rarer methods may be past its list).
    const gaPaths = new Map<string, number>();
    for (const r of ga.requests.data) gaPaths.set(r.data, (gaPaths.get(r.data) ?? 0) + r.hits.count);
    const gaTop = [...gaPaths].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([path]) => path);
    const top = report.requests!.slice(0, 10);
    expect(top.every((r, i) => r.key === gaTop[i]), 'the top 10 requests are GoAccess\'s top 10 (its rows summed per path), in the same order');
    expect(top.every((r) => (gaPaths.get(r.key) ?? 0) <= r.hits && (gaPaths.get(r.key) ?? 0) >= r.hits - 3), `their hits are GoAccess's, give or take rows past its 366 (${top.map((r) => `${r.hits}/${gaPaths.get(r.key)}`).join(' ')})`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
process.exitCode = failed ? 1 : 0;
