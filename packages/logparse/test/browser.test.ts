// The core (`@puzzles/logparse`) bundles for a browser and runs without Node: bundled by esbuild for the browser
// platform, then run in a bare JavaScript context that has no Buffer, process or require.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOG_LINE } from './reference.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const core = fileURLToPath(new URL('../dist/index.js', import.meta.url));

function esbuild(): string {
  const store = `${root}/node_modules/.pnpm`;
  const dir = readdirSync(store).find((d) => /^esbuild@\d/.test(d));
  if (dir === undefined) throw new Error('esbuild is not installed in the workspace');
  return `${store}/${dir}/node_modules/esbuild/bin/esbuild`;
}

function bundle(entry: string, format: 'esm' | 'iife'): string {
  return execFileSync(esbuild(), ['--bundle', '--minify', `--format=${format}`, '--platform=browser', '--log-level=error', ...(format === 'iife' ? ['--global-name=logparse'] : [])], {
    input: entry,
    cwd: root,
    encoding: 'utf8',
  });
}

beforeAll(() => {
  if (!existsSync(core)) throw new Error(`build the package first: ${core} is missing`);
});

describe('the core in a browser bundle', () => {
  it('bundles parseLine for the browser with esbuild (review regression: failed on fs/promises)', () => {
    const code = bundle("export { parseLine } from './packages/logparse/dist/index.js'", 'esm');
    const gzipped = gzipSync(code).length;
    // What one import costs a page (see the README's Decisions); no Node module is imported.
    expect(gzipped).toBeLessThan(9_500);
    expect(code).not.toMatch(/from\s*"(node:)?(fs|zlib|stream|url)/);
  });

  it('runs parseLine, collectStats over byte chunks, reports and toDot without Node globals', async () => {
    const code = bundle("export * from './packages/logparse/dist/index.js'", 'iife');
    // Only what a browser has: no Buffer, process, require; TextDecoder and TextEncoder come from the page.
    const sandbox: Record<string, unknown> = { TextDecoder, TextEncoder, setTimeout, clearTimeout, AbortController, AbortSignal };
    runInNewContext(`${code}; globalThis.logparse = logparse;`, sandbox);
    const lib = sandbox['logparse'] as typeof import('../src/index.js');
    expect(runInNewContext('typeof Buffer + typeof process + typeof require', sandbox)).toBe('undefinedundefinedundefined');
    const record = lib.parseLine(BLOG_LINE);
    expect(lib.isReject(record)).toBe(false);
    expect(record).toMatchObject({ ip: '222.153.17.71', path: '/blog.ucw?entry-id=2', status: 200, day: 20060108 });
    expect(lib.parseLine('1.1.1.1 - - [08/Jan/2006:00:00:00 +0000] "GET /\\xff HTTP/1.1" 200 1 "http://x/\\xd0\\xbf" "-"')).toMatchObject({
      path: '/\\xff',
      referrer: 'http://x/п',
    });
    const text = `${BLOG_LINE}\n${BLOG_LINE.replace('08/Jan', '09/Jan')}\ngarbage\n`;
    const bytes = new TextEncoder().encode(text);
    const stats = await lib.collectStats([bytes.subarray(0, 100), bytes.subarray(100)], { status: [200], methods: ['GET'], exclude: 'favicon' });
    expect([stats.read, stats.kept, stats.rejected]).toEqual([3, 2, 1]);
    expect([...lib.reportLines(stats, 'days')]).toEqual(['day         hits', '2006-01-09     1', '2006-01-08     1']);
    expect(lib.toDot(stats)).toContain('"http://planet.lisp.org/"');
    const records = [];
    for await (const r of lib.parseLog([text])) records.push(r);
    expect(records).toHaveLength(2);
    // Several chunk sources are named by their position; a path is not a chunk source on the core.
    const two = await lib.collectStatsFromSources([['garbage\n'], [text]]);
    expect(two.rejects.map((r) => `${r.source} ${r.line}`)).toEqual(['source 1 1', 'source 2 3']);
    await expect(lib.parseLog('access.log' as never).next()).rejects.toThrow(
      /a log source must be an iterable or async iterable of chunks \(paths and streams are read by @puzzles\/logparse\/node\); got 'access\.log'/,
    );
    await expect(lib.collectStats('access.log' as never)).rejects.toThrow(/collectStats takes records or an iterable of chunks \(paths and streams are read by @puzzles\/logparse\/node\)/);
    // Gzip needs the Node entry (or the page's DecompressionStream) and says so.
    await expect(lib.collectStats([gzipSync(text)])).rejects.toThrow(/gzip data .*@puzzles\/logparse\/node/);
    // The report panels, user agents classified by bowser (bundled along), the HTML page.
    const panels = await lib.collectPanels([bytes]);
    expect(lib.panelReport(panels, { panels: ['general'] }).general).toMatchObject({ valid: 2, failed: 1 });
    expect(lib.classifyAgent('Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0')).toEqual({ os: 'Linux', browser: 'Firefox', crawler: false });
    expect(lib.panelHtml(lib.panelReport(panels))).toContain('<svg');
  });
});
