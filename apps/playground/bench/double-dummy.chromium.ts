// pnpm --filter playground bench:dd [--deals N] (after `pnpm --filter playground build`)
// The Bridge page's double-dummy table in Debian's Chromium: the built site served by `vite preview`, each of the
// first N deals of DDS's list100 (../shared/data/external/bigint-deal/dds-list1000.txt) typed into the page in turn,
// the time its worker reports for the table (WebAssembly, one thread), and the same deal's table made by the package
// in Node in the same run, for comparison. Medians over the deals; the first deal includes the worker's start.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { doubleDummyTable } from '@puzzles/bigint-deal/double-dummy';
import { launch } from '../e2e/browser.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const at = args.indexOf('--deals');
const count = at >= 0 ? Number(args[at + 1]) : 12;
const list = fileURLToPath(new URL('../../../../shared/data/external/bigint-deal/dds-list1000.txt', import.meta.url));
if (!existsSync(list)) {
  console.error(`${list}: not found (DDS's lists live in ../shared/data/external/bigint-deal/)`);
  process.exit(1);
}
if (!existsSync(`${root}dist/bridge.html`)) {
  console.error('apps/playground/dist has no built site: run `pnpm --filter playground build` first');
  process.exit(1);
}
const deals = readFileSync(list, 'utf8').split('\n').filter((l) => l.startsWith('PBN ')).map((l) => /"([^"]*)"/.exec(l)![1]!).slice(0, count);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

const server = await preview({ root, logLevel: 'warn', preview: { host: '127.0.0.1', port: 4173, strictPort: false } });
const url = server.resolvedUrls?.local[0];
if (url === undefined) throw new Error('vite preview did not report a local URL');
const browser = await launch();
try {
  const page = await (await browser.newContext({ baseURL: url })).newPage();
  await page.goto('bridge.html');
  const chromium: number[] = [];
  const node: number[] = [];
  for (const [k, deal] of deals.entries()) {
    const before = await page.locator('#dd-status').getAttribute('data-ms');
    await page.getByLabel('Deal', { exact: true }).fill(deal);
    await page.getByRole('button', { name: 'Find its pages' }).click();
    await page.waitForFunction(
      ([subject, previous]) => {
        const status = document.querySelector('#dd-status') as HTMLElement | null;
        return document.querySelector('#dd-subject')?.textContent?.includes(subject) === true && status?.dataset['ms'] !== undefined && status.dataset['ms'] !== previous && status.textContent?.startsWith('Solved in') === true;
      },
      ['the deal typed in', before ?? ''] as const,
      { timeout: 600_000, polling: 50 },
    );
    const ms = Number(await page.locator('#dd-status').getAttribute('data-ms'));
    chromium.push(ms);
    const start = performance.now();
    doubleDummyTable(deal);
    const nodeMs = performance.now() - start;
    node.push(nodeMs);
    console.log(`deal ${k + 1}: Chromium ${ms} ms, Node ${nodeMs.toFixed(0)} ms`);
  }
  console.log(`\n${deals.length} deals of DDS's list100, one thread each, median ms a table: Chromium ${median(chromium)} ms (${median(chromium) < 500 ? 'under' : 'over'} 0.5 s), Node ${median(node).toFixed(0)} ms, Chromium / Node ${(median(chromium) / median(node)).toFixed(2)}`);
} finally {
  await browser.close();
  await server.close();
}
