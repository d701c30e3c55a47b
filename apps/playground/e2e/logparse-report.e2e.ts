// @puzzles/logparse's HTML report (`logparse LOG --html report.html`) in Chromium: the numbers a reader sees equal
// `--report all --json`, and for a range of days picked in the page `--report all --json` over only those days' lines;
// sorting, paging, keyboard use and copying whole keys work; screenshots at 1,300 and 390
// pixels wide, light and dark, are kept in apps/playground/.tmp/screenshots/; axe-core finds no serious or critical
// accessibility violation. The page is opened as a file, as a person opens it, and any request it makes fails the test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from './browser.js';

const browser = useBrowser();
const PACKAGE = fileURLToPath(new URL('../../../packages/logparse/', import.meta.url));
const CLI = `${PACKAGE}dist/cli.js`;
/** The package's demo log (43 lines of 2006), the sample its README and `pnpm demo` use. */
const SAMPLE = `${PACKAGE}demo/access-sample.txt`;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Row {
  key: string;
  hits: number;
  visitors: number;
  bytes: number;
}
type Report = { general: Record<string, number> } & Record<string, Row[]>;

/** A deterministic log of three days: 60 hosts, pages with long tracking URLs, static files, 404s, several agents. */
function generatedLog(): string {
  let state = 20260127;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * random() * list.length)]!;
  const pages = [
    '/',
    '/blog/',
    '/about',
    ...Array.from({ length: 30 }, (_, i) => `/blog/2026/01/post-${i}.html`),
    ...Array.from({ length: 6 }, (_, i) => `/blog/2026/01/post-${i}.html?utm_source=feedburner&utm_medium=feed&utm_campaign=Feed%3A+example%2Fmain+%28Example+blog%29&n=${i}`),
  ];
  const files = ['/style.css', '/app.js', '/logo.png', '/favicon.ico', '/fonts/body.woff2'];
  const referrers = ['-', 'https://www.google.com/', 'https://news.ycombinator.com/item?id=1', 'https://example.org/links', 'https://www.bing.com/search?q=logs'];
  const agents = [
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'curl/8.5.0',
  ];
  const lines: string[] = [];
  for (let i = 0; i < 1500; i++) {
    const day = 25 + Math.floor((i / 1500) * 3);
    const hour = String(Math.floor(random() * 24)).padStart(2, '0');
    const host = `198.51.100.${1 + Math.floor(random() * random() * 60)}`;
    const kind = random();
    const path = kind < 0.6 ? pick(pages) : kind < 0.9 ? pick(files) : `/missing/${Math.floor(random() * 12)}`;
    const status = kind >= 0.9 ? 404 : random() < 0.05 ? 500 : random() < 0.1 ? 304 : 200;
    const bytes = status === 304 ? '-' : String(Math.floor(random() * 90_000));
    lines.push(`${host} - - [${day}/Jan/2026:${hour}:14:07 +0000] "GET ${path} HTTP/1.1" ${status} ${bytes} "${pick(referrers)}" "${pick(agents)}"`);
  }
  lines.push('this line is not a log line');
  return `${lines.join('\n')}\n`;
}

/** The page and the JSON report of one run of the CLI (`--html FILE --json` prints both from one reading). */
function report(log: string, dir: string): { page: string; json: Report } {
  const page = join(dir, `${log.split('/').pop()}.html`);
  const run = spawnSync(process.execPath, [CLI, log, '--html', page, '--report', 'all', '--json', '--quiet'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`logparse failed (${run.status}): ${run.stderr}`);
  return { page, json: JSON.parse(run.stdout) as Report };
}

let dir = '';
let sample: { page: string; json: Report };
let generated: { page: string; json: Report };

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`build @puzzles/logparse first (pnpm --filter playground e2e does): ${CLI} is missing`);
  dir = mkdtempSync(join(tmpdir(), 'logparse-report-e2e-'));
  const log = join(dir, 'generated-access.log');
  writeFileSync(log, generatedLog());
  sample = report(SAMPLE, dir);
  generated = report(log, dir);
});

/** Opens a page file in a fresh context; every error it logs and every request it makes is collected. */
async function openReport(file: string, options: { width?: number; scheme?: 'light' | 'dark'; locale?: string } = {}): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  const context = await browser().newContext({ viewport: { width: options.width ?? 1300, height: 900 }, colorScheme: options.scheme ?? 'light', locale: options.locale ?? 'en-US' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  await context.route(/^(?!file:)/, (route) => {
    problems.push(`request: ${route.request().url()}`);
    return route.abort();
  });
  await page.goto(pathToFileURL(file).href);
  return { page, context, problems };
}

/** What the page shows: the cards (exact figures from their hover text for bytes) and every table row after "Show all". */
async function shown(page: Page): Promise<{ cards: Record<string, string>; tables: Record<string, Array<{ key: string; hits: string; visitors: string; bytes: string; shares: string[] }>> }> {
  const all = page.locator('button.all:visible');
  while ((await all.count()) > 0) await all.first().click();
  return page.evaluate(() => {
    const cards: Record<string, string> = {};
    for (const card of document.querySelectorAll('.card')) {
      const value = card.querySelector('dd data')!;
      cards[card.querySelector('dt')!.textContent!] = value.getAttribute('title') ?? value.textContent!;
    }
    const tables: Record<string, Array<{ key: string; hits: string; visitors: string; bytes: string; shares: string[] }>> = {};
    for (const table of document.querySelectorAll('table[data-panel]')) {
      tables[table.getAttribute('data-panel')!] = [...table.querySelectorAll('tbody tr')].map((tr) => {
        const cells = [...tr.querySelectorAll('td')];
        return {
          key: tr.querySelector('th')!.textContent!,
          hits: cells[0]!.querySelector('.v')!.textContent!,
          visitors: cells[1]!.querySelector('.v')!.textContent!,
          bytes: cells[2]!.querySelector('.v')!.getAttribute('title')!,
          shares: cells.map((c) => c.querySelector('.p')?.textContent ?? ''),
        };
      });
    }
    return { cards, tables };
  });
}

const WORDS: Record<string, string> = {
  requests: 'Total requests',
  valid: 'Valid requests',
  failed: 'Failed requests',
  visitors: 'Unique visitors',
  files: 'Requested files',
  staticFiles: 'Static files',
  notFound: 'Not found',
  referrers: 'Referrers',
  logSize: 'Log size',
  bytes: 'Bytes sent',
};
const count = (n: number) => n.toLocaleString('en-US');
const bytes = (n: number) => `${count(n)} ${n === 1 ? 'byte' : 'bytes'}`;
const share = (part: number, whole: number) => `${(whole > 0 ? (part / whole) * 100 : 0).toFixed(2)}%`;

describe('the logparse HTML report in Chromium', () => {
  it.each([
    ['the demo sample', () => sample],
    ['a generated log of 1,501 lines', () => generated],
  ])('shows the numbers of --report all --json for %s, with their shares, and makes no request', async (_, which) => {
    const { page: file, json } = which();
    const { page, context, problems } = await openReport(file);
    const { cards, tables } = await shown(page);
    const g = json.general;
    expect(cards).toEqual(Object.fromEntries(Object.entries(WORDS).map(([k, words]) => [words, k === 'logSize' || k === 'bytes' ? bytes(g[k]!) : count(g[k]!)])));
    const panels = Object.keys(json).filter((k) => k !== 'general');
    expect(Object.keys(tables)).toEqual(panels);
    for (const name of panels) {
      const rows = json[name] as Row[];
      expect(rows.length, name).toBeGreaterThan(0);
      expect(tables[name], name).toEqual(
        rows.map((r) => ({
          key: r.key,
          hits: count(r.hits),
          visitors: count(r.visitors),
          bytes: bytes(r.bytes),
          shares: [share(r.hits, g['valid']!), share(r.visitors, g['visitors']!), share(r.bytes, g['bytes']!)],
        })),
      );
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sorts from the keyboard, shows more rows a page at a time, and copies a key cut in the middle whole', async () => {
    const { page, context, problems } = await openReport(generated.page, { width: 390 });
    const section = page.locator('#p-requests');
    const rows = generated.json['requests']!;
    const keys = () => section.locator('tbody th').allTextContents();
    expect(await keys()).toEqual(rows.slice(0, 10).map((r) => r.key));
    expect(await section.locator('.pager p').textContent()).toBe(`Rows 1–10 of ${rows.length}`);
    await section.getByRole('button', { name: 'Show 20 more' }).click();
    expect(await section.locator('tbody tr').count()).toBe(30);
    // Tab reaches the column buttons; Enter sorts, twice reverses.
    const hits = section.getByRole('columnheader', { name: /Hits/ });
    expect(await hits.getAttribute('aria-sort')).toBe('descending');
    await page.locator('#p-requests h2').click();
    let focused = '';
    for (let k = 0; k < 8 && focused !== 'Bytes'; k++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => (document.activeElement?.closest('#p-requests') ? document.activeElement.textContent ?? '' : ''));
    }
    expect(focused).toBe('Bytes');
    await page.keyboard.press('Enter');
    const byBytes = [...rows].sort((a, b) => b.bytes - a.bytes || (a.key < b.key ? -1 : 1)).slice(0, 30).map((r) => r.key);
    expect(await keys()).toEqual(byBytes);
    expect(await section.getByRole('columnheader', { name: /Bytes/ }).getAttribute('aria-sort')).toBe('descending');
    expect(await hits.getAttribute('aria-sort')).toBe(null);
    await page.keyboard.press('Enter');
    expect((await keys())[0]).toBe([...rows].sort((a, b) => a.bytes - b.bytes || (a.key < b.key ? -1 : 1))[0]!.key);
    await section.getByRole('button', { name: /^Request/ }).click();
    expect(await keys()).toEqual(rows.map((r) => r.key).sort().slice(0, 30));
    // A long key is cut in the middle on a phone, whole on hover and when copied.
    const long = rows.map((r) => r.key).filter((k) => k.includes('utm_source')).sort()[0]!;
    const cell = section.locator('tbody th').filter({ hasText: long });
    const cut = await cell.evaluate((th) => {
      const head = th.querySelector('.h') as HTMLElement;
      return { clipped: head.scrollWidth > head.clientWidth, tail: th.querySelector('.t')!.getBoundingClientRect().width > 0, title: th.querySelector('.mid')!.getAttribute('title') };
    });
    expect(cut).toEqual({ clipped: true, tail: true, title: long });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const selected = await cell.evaluate((th) => {
      const range = document.createRange();
      range.selectNodeContents(th);
      const selection = getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return selection.toString();
    });
    await page.keyboard.press('Control+C');
    // What a reader's copy puts on the clipboard (the selection itself holds the head and the tail as two boxes).
    expect(selected.replace('\n', '')).toBe(long);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(long);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([1300, 390])('lays out %i pixels (two columns wide, one on a phone) in light and dark colours; screenshots kept', async (width) => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, context, problems } = await openReport(generated.page, { width, scheme });
      const tops = await page.locator('main > section').evaluateAll((sections) => sections.slice(0, 2).map((s) => Math.round(s.getBoundingClientRect().top)));
      if (width === 1300) expect(tops[0], 'two columns').toBe(tops[1]);
      else expect(tops[1]!, 'one column').toBeGreaterThan(tops[0]!);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [r] = background.match(/\d+/g)!.map(Number);
      expect(scheme === 'dark' ? r! < 50 : r! > 200, background).toBe(true);
      await screenshot(page, `logparse-report-${width}-${scheme}`);
      if (width === 390 && scheme === 'light') await screenshot(await openSample(context), 'logparse-report-sample-390-light');
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("writes every figure in the reader's locale: cards, dates, table rows and footers, chart ticks", async () => {
    const { page, context, problems } = await openReport(generated.page, { locale: 'de-DE' });
    const g = generated.json.general;
    const de = (n: number) => n.toLocaleString('de-DE');
    expect(await page.locator('.card[data-k="requests"] dd').textContent()).toBe(de(g['requests']!));
    expect(await page.locator('.card[data-k="bytes"] data').getAttribute('title')).toBe(`${de(g['bytes']!)} bytes`);
    expect(await page.locator('.range time').first().textContent()).toBe(new Date(Date.UTC(2026, 0, 25)).toLocaleDateString('de-DE', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));
    const requests = generated.json['requests']!;
    const first = page.locator('#p-requests tbody tr').first();
    expect(await first.locator('td .p').first().textContent()).toBe(`${((requests[0]!.hits / g['valid']!) * 100).toFixed(2).replace('.', ',')}\u00a0%`);
    const total = requests.reduce((s, r) => s + r.hits, 0);
    expect(await page.locator('#p-requests tfoot tr.agg').nth(1).locator('td').first().textContent()).toBe(de(Math.round(total / requests.length)));
    // The average bytes per request, in binary units with the German decimal comma.
    expect(await page.locator('#p-requests tfoot tr.agg').nth(1).locator('td').nth(2).textContent()).toMatch(/^\d{1,3},\d\d (KiB|MiB)$/);
    expect(await page.locator('#p-visitors svg text.tick').last().textContent()).toBe(new Date(Date.UTC(2026, 0, 27)).toLocaleDateString('de-DE', { month: 'short', day: 'numeric', timeZone: 'UTC' }));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hides the controls in print', async () => {
    const { page, context } = await openReport(generated.page);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('nav.toc').isVisible()).toBe(false);
    expect(await page.locator('button.more').first().isVisible()).toBe(false);
    expect(await page.locator('table[data-panel="requests"]').isVisible()).toBe(true);
    await context.close();
  });

  it.each([
    [1300, 'light', 'generated'],
    [1300, 'dark', 'generated'],
    [390, 'light', 'sample'],
  ] as const)('passes axe-core with no serious or critical violation at %i pixels, %s, on the %s log', async (width, scheme, log) => {
    const { page, context } = await openReport(log === 'sample' ? sample.page : generated.page, { width, scheme });
    await page.addScriptTag({ content: AXE });
    const checked = (await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ passes: unknown[]; violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return { passed: result.passes.length, violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) })) };
    })) as { passed: number; violations: Array<{ id: string; impact: string; nodes: string[] }> };
    // The check ran its rules over the page (color contrast, names of buttons and images, table headers…).
    expect(checked.passed).toBeGreaterThan(10);
    expect(checked.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), `${width} ${scheme}`).toEqual([]);
    await context.close();
  });
});

/** The generated log's lines of the days `from` to `to` (25 to 27 January), cut out of it as a reader would with grep. */
function rangeLog(from: number, to: number): string {
  const file = join(dir, `generated-${from}-${to}.log`);
  const lines = generatedLog()
    .split('\n')
    .filter((line) => {
      const day = /\[(\d\d)\/Jan\/2026:/.exec(line)?.[1];
      return day !== undefined && Number(day) >= from && Number(day) <= to;
    });
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** Picks the days shown in the page (indexes of its days, 0 for 25 January). */
async function pick(page: Page, from: number, to: number): Promise<void> {
  await page.selectOption('#dr-from', String(from));
  await page.selectOption('#dr-to', String(to));
}

/** The cards and tables a page should show for a report, as `shown` reads them. */
function expected(json: Report): Awaited<ReturnType<typeof shown>> {
  const g = json.general;
  const tables: Awaited<ReturnType<typeof shown>>['tables'] = {};
  for (const name of Object.keys(json).filter((k) => k !== 'general')) {
    tables[name] = (json[name] as Row[]).map((r) => ({
      key: r.key,
      hits: count(r.hits),
      visitors: count(r.visitors),
      bytes: bytes(r.bytes),
      shares: [share(r.hits, g['valid']!), share(r.visitors, g['visitors']!), share(r.bytes, g['bytes']!)],
    }));
  }
  return { cards: Object.fromEntries(Object.entries(WORDS).map(([k, words]) => [words, k === 'logSize' || k === 'bytes' ? bytes(g[k]!) : count(g[k]!)])), tables };
}

describe('the date range of the logparse HTML report in Chromium', () => {
  it.each([
    [25, 25],
    [26, 27],
    [25, 26],
    [27, 27],
    [25, 27],
  ])('shows for the days %i to %i of January 25–27 the numbers of --report all --json over only their lines (for all three, the whole log)', async (from, to) => {
    const { page, context, problems } = await openReport(generated.page);
    await pick(page, from - 25, to - 25);
    // All three days are the whole log: its page as written, the line that is not a record included.
    const range = from === 25 && to === 27 ? generated.json : report(rangeLog(from, to), dir).json;
    expect(await shown(page)).toEqual(expected(range));
    expect(await page.locator('.range').textContent()).toMatch(new RegExp(`· ${to - from + 1} days?$`));
    expect(await page.locator('body').getAttribute('data-range')).toBe(from === 25 && to === 27 ? null : `2026-01-${from}..2026-01-${to}`);
    // The charts are drawn again: one column pair per day of the range.
    expect(await page.locator('#p-visitors svg rect.bh').count()).toBe(to - from + 1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('compares a range with another: each card and each row says how its hits changed', async () => {
    const { page, context, problems } = await openReport(generated.page);
    await pick(page, 2, 2);
    await page.check('#dr-cmp');
    // The other range is the days before, as long as the first where there are enough (one day here: the 26th).
    expect([await page.inputValue('#dr-bfrom'), await page.inputValue('#dr-bto')]).toEqual(['1', '1']);
    await page.selectOption('#dr-bfrom', '0');
    const a = report(rangeLog(27, 27), dir).json;
    const b = report(rangeLog(25, 26), dir).json;
    expect(await page.locator('body').getAttribute('data-range')).toBe('2026-01-27..2026-01-27 vs 2026-01-25..2026-01-26');
    const change = (v: number, w: number) => {
      const d = w === 0 ? (v === 0 ? 0 : 1) : (v - w) / w;
      return `${d > 0 ? '+' : d < 0 ? '\u2212' : '\u00b1'}${(Math.abs(d) * 100).toFixed(2)}%`;
    };
    for (const [k, words] of Object.entries(WORDS)) {
      const card = page.locator('.card').filter({ has: page.locator('dt', { hasText: new RegExp(`^${words}$`) }) });
      expect(await card.locator('dd > data').getAttribute('value'), words).toBe(String(a.general[k]));
      expect(await card.locator('.vs .d').textContent(), words).toBe(change(a.general[k]!, b.general[k]!));
      expect(await card.locator('.vs .was data').getAttribute('value'), words).toBe(String(b.general[k]));
    }
    const before = new Map(b['requests']!.map((r) => [r.key, r.hits]));
    const rows = await page.locator('#p-requests tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td .d')?.textContent]));
    expect(rows).toEqual(a['requests']!.slice(0, 10).map((r) => [r.key, before.has(r.key) ? change(r.hits, before.get(r.key)!) : 'new']));
    await screenshot(page, 'logparse-report-range-compare-1300-light');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is used from the keyboard, and "All days" gives back the whole log', async () => {
    const { page, context, problems } = await openReport(generated.page);
    const whole = await shown(page);
    await page.focus('#dr-to');
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('body').getAttribute('data-range')).toBe('2026-01-25..2026-01-26');
    expect(await shown(page)).toEqual(expected(report(rangeLog(25, 26), dir).json));
    // From "to" to "compare" and "All days" with Tab; Space ticks, Enter presses.
    await page.focus('#dr-to');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('dr-cmp');
    await page.keyboard.press('Space');
    expect(await page.locator('.cmp-range').isVisible()).toBe(true);
    await page.locator('#dr-all').focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('body').getAttribute('data-range')).toBe(null);
    expect(await page.isChecked('#dr-cmp')).toBe(false);
    expect(await page.locator('#dr-all').isDisabled()).toBe(true);
    expect(await shown(page)).toEqual(whole);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('writes the days picked in the address, and a link with them opens the page on those days', async () => {
    const { page, context, problems } = await openReport(generated.page);
    await pick(page, 1, 2);
    await page.check('#dr-cmp');
    expect(new URL(page.url()).hash).toBe('#days=2026-01-26..2026-01-27,2026-01-25..2026-01-27');
    const linked = await context.newPage();
    await linked.goto(page.url());
    await linked.waitForFunction(() => document.body.hasAttribute('data-range'));
    expect(await linked.locator('body').getAttribute('data-range')).toBe('2026-01-26..2026-01-27 vs 2026-01-25..2026-01-27');
    expect([await linked.inputValue('#dr-from'), await linked.inputValue('#dr-to'), await linked.isChecked('#dr-cmp')]).toEqual(['1', '2', true]);
    await page.click('#dr-all');
    expect(new URL(page.url()).hash).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([1300, 390])('lays out the picker at %i pixels in light and dark colours, and passes axe-core; screenshots kept', async (width) => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, context, problems } = await openReport(generated.page, { width, scheme });
      await pick(page, 1, 2);
      await page.check('#dr-cmp');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `logparse-report-range-${width}-${scheme}`);
      await page.addScriptTag({ content: AXE });
      const violations = (await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string }> }> } }).axe;
        return (await axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => ({ id: v.id, impact: v.impact }));
      })) as Array<{ id: string; impact: string }>;
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), `${width} ${scheme}`).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

/** The demo sample's page in another tab of the same context. */
async function openSample(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(pathToFileURL(sample.page).href);
  return page;
}
