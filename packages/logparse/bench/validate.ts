// Validation against the shared real logs (not a test: the tests must not read ../shared). Checks the counts the
// data README states and prints what was found: tsx bench/validate.ts
import { fileURLToPath } from 'node:url';
import { collectStats, parseLog, type LogReject } from '../src/node.js';

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
process.exitCode = failed ? 1 : 0;
