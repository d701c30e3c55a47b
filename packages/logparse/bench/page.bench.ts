// pnpm --filter @puzzles/logparse bench:page — the HTML report's page for a 1M-line log beside GoAccess's: its size,
// and how long Chromium takes to open it (navigation start to the end of the load event, the page's script
// included, and to the first contentful paint; and how long our page's script took), medians of ROUNDS
// alternating opens, each in a fresh tab.
// The page's size with and without the days' partials that its date-range picker adds up (the same report written by
// panelHtml with and without `days`).
// Three logs, each elastic-apache.log repeated to LINES lines: as it is (one week replayed), with each copy's own
// client addresses (many hosts and visitors), and with each copy's own requests and referrers (many long URLs).
// Chromium is Debian's (/usr/bin/chromium or CHROMIUM_PATH) through the playground's playwright-core; the bench
// says so and stops when either is missing, and skips GoAccess (saying so) when it is not installed.
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { collectDayPanels, panelHtml, panelReport, panelsOfDays } from '../dist/node.js';

const DATA = process.env.LOGPARSE_DATA ?? fileURLToPath(new URL('../../../../shared/data/logs/elastic-apache.log', import.meta.url));
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const LINES = Number(process.env.LINES ?? 1_000_000);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const playground = fileURLToPath(new URL('../../../apps/playground/package.json', import.meta.url));

function which(tool: string): string {
  try {
    return execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

type Variant = [name: string, copy: (text: string, i: number) => string];
const VARIANTS: Variant[] = [
  ['the sample repeated', (text) => text],
  ['each copy with its own hosts', (text, i) => text.replace(/^\d+\./gm, `${i % 256}.`).replace(/^(\d+)\.(\d+)/gm, `$1.${Math.floor(i / 256) % 256}`)],
  ['each copy with its own URLs', (text, i) => text.replace(/"(GET|POST|HEAD) (\S+)/g, `"$1 $2${'?'}copy=${i}`).replace(/" (\d{3}) (\S+) "(https?:\/\/[^"]+)"/g, `" $1 $2 "$3#copy-${i}"`)],
];

async function write(file: string, source: string, variant: Variant): Promise<number> {
  const per = source.split('\n').filter((l) => l !== '').length;
  const times = Math.ceil(LINES / per);
  const out = createWriteStream(file);
  for (let i = 0; i < times; i++) if (!out.write(Buffer.from(variant[1](source, i), 'latin1'))) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(() => r()));
  return per * times;
}

if (!existsSync(CHROMIUM)) {
  console.log(`no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH): nothing to measure`);
  process.exit(0);
}
/** The little of playwright-core this bench uses (the package is the playground's, not this one's). */
interface Tab {
  goto(url: string, options: { waitUntil: 'load' }): Promise<unknown>;
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}
interface Chromium {
  launch(options: { executablePath: string; args: string[] }): Promise<{
    newContext(options: { viewport: { width: number; height: number } }): Promise<{ newPage(): Promise<Tab>; close(): Promise<void> }>;
    close(): Promise<void>;
  }>;
}
let chromium: Chromium;
try {
  ({ chromium } = createRequire(playground)('playwright-core') as { chromium: Chromium });
} catch {
  console.log('playwright-core is not installed in apps/playground (pnpm install): nothing to measure');
  process.exit(0);
}
const goaccess = which('goaccess');
const dir = mkdtempSync(join(tmpdir(), 'logparse-page-bench-'));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
try {
  console.log(`logparse page bench: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${CHROMIUM}; ${ROUNDS} opens of each page, alternating, medians`);
  if (goaccess === '') console.log('GoAccess: not installed (apt-get install goaccess): no comparison');
  const source = readFileSync(DATA).toString('latin1');
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
  /** Opens a page in a fresh tab: ms from navigation start to the end of the load event and to the first paint with content, and the ms of our page's script. */
  const open = async (file: string): Promise<[number, number, number]> => {
    const page = await context.newPage();
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    const times = await page.evaluate<[number, number, number]>(
      // The first contentful paint can come after the load event: wait for it (a few seconds at most).
      `new Promise((resolve) => {
        const done = (paint) => { const nav = performance.getEntriesByType('navigation')[0]; const script = performance.getEntriesByName('logparse report script')[0]; resolve([nav.loadEventEnd, paint ? paint.startTime : NaN, script ? script.duration : NaN]); };
        new PerformanceObserver((list) => { const paint = list.getEntriesByName('first-contentful-paint')[0]; if (paint) done(paint); }).observe({ type: 'paint', buffered: true });
        setTimeout(() => done(undefined), 5000);
      })`,
    );
    await page.close();
    return times;
  };
  for (const variant of VARIANTS) {
    const log = join(dir, 'access.log');
    const lines = await write(log, source, variant);
    const ours = join(dir, 'logparse.html');
    execFileSync(process.execPath, [cli, log, '--html', ours, '--quiet']);
    // What the days' partials (the date-range picker's data and code) add: the same report written without them.
    const { days } = await collectDayPanels(log);
    const report = panelReport(panelsOfDays(days));
    const without = panelHtml(report, { source: 'access.log' }).length;
    const withDays = panelHtml(report, { source: 'access.log', days, gzip: gzipSync }).length;
    const pages: Array<[string, string]> = [['logparse', ours]];
    if (goaccess !== '') {
      const theirs = join(dir, 'goaccess.html');
      execFileSync(goaccess, [log, '--log-format=COMBINED', '-o', theirs], { stdio: 'ignore' });
      pages.push(['GoAccess', theirs]);
    }
    const runs = new Map<string, Array<[number, number, number]>>(pages.map(([name]) => [name, []]));
    for (const [, file] of pages) await open(file); // once each first: the files into the page cache
    for (let round = 0; round < ROUNDS; round++) for (const [name, file] of pages) runs.get(name)!.push(await open(file));
    console.log(`\n${lines.toLocaleString('en-US')} lines, ${variant[0]} (${(statSync(log).size / 1e6).toFixed(0)} MB):`);
    console.log(`  the page without the days' partials ${(without / 1024).toFixed(0)} KiB, with them (gzip'd, as --html writes them) ${(withDays / 1024).toFixed(0)} KiB (${days.size - (days.has('-') ? 1 : 0)} days; no graph in either)`);
    for (const [name, file] of pages) {
      const r = runs.get(name)!;
      console.log(
        `  ${name.padEnd(9)} page ${(statSync(file).size / 1024).toFixed(0).padStart(6)} KiB   loaded in ${median(r.map((x) => x[0])).toFixed(0).padStart(5)} ms   first paint ${median(r.map((x) => x[1])).toFixed(0).padStart(5)} ms${name === 'logparse' ? `   its script ${median(r.map((x) => x[2])).toFixed(0)} ms` : ''}   (loads: ${r.map((x) => x[0].toFixed(0)).join(' ')})`,
      );
    }
    rmSync(log);
  }
  await context.close();
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
