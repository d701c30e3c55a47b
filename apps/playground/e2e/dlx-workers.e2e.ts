// @puzzles/dlx's `workers` option in a browser: the built package (packages/dlx/dist, as a bundler or a CDN would
// serve it) loaded as an ES module in Chromium, counting and listing with Web Workers, beside one thread.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './browser.js';

const browser = useBrowser();
const DIST = fileURLToPath(new URL('../../../packages/dlx/dist/', import.meta.url));
const PAGE = '<!doctype html><meta charset="utf-8"><title>dlx workers</title><p>dlx workers</p>';

let server: Server;
let base = '';
/** The requests the page made, by path: the Web Workers load worker.js. */
const served = new Map<string, number>();

beforeAll(async () => {
  // index.js and worker.js are self-contained modules: the page imports the first, the library starts the second.
  server = createServer((request, response) => {
    const name = (request.url ?? '/').split('?')[0]!;
    served.set(name, (served.get(name) ?? 0) + 1);
    if (name === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    } else if (name === '/index.js' || name === '/worker.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(`${DIST}${name.slice(1)}`));
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('@puzzles/dlx workers in Chromium', () => {
  it('counts and lists with Web Workers exactly as one thread does (8 queens, pentominoes 3×20)', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(base);
    // Source text, not a function: the test runner would rewrite a dynamic import() inside a function it compiles.
    const result = (await page.evaluate(`(async () => {
      const dlx = await import('${base}index.js');
      const queens = dlx.nQueensProblem(8);
      const one = dlx.count(queens);
      const two = await dlx.count(queens, { workers: 2 });
      // A solution is { options: [option indices] }; workers may deliver them in another order.
      const key = (solution) => [...solution.options].sort((a, b) => a - b).join(',');
      const listed = [];
      for await (const solution of dlx.solutions(queens, { workers: 2 })) listed.push(key(solution));
      const single = [...dlx.solutions(queens)].map(key);
      const pentominoes = dlx.pentominoProblem(3, 20);
      return {
        isWorker: typeof Worker,
        one: [one.solutions, one.nodes, one.updates],
        two: [two.solutions, two.nodes, two.updates],
        listed: listed.sort(),
        single: single.sort(),
        pentominoes: [dlx.count(pentominoes).solutions, (await dlx.count(pentominoes, { workers: 3 })).solutions],
      };
    })()`)) as { isWorker: string; one: number[]; two: number[]; listed: string[]; single: string[]; pentominoes: number[] };
    expect(result.isWorker).toBe('function');
    expect(result.one[0]).toBe(92);
    // The same search split into pieces: the same solutions, nodes and updates.
    expect(result.two).toEqual(result.one);
    expect(result.listed).toHaveLength(92);
    expect(result.listed).toEqual(result.single);
    // 3×20 pentomino rectangles: 8 (2 up to symmetry, each in its 4 orientations).
    expect(result.pentominoes).toEqual([8, 8]);
    expect(errors).toEqual([]);
    // The pieces ran in Web Workers started from the package's own worker module.
    expect(served.get('/worker.js')).toBeGreaterThanOrEqual(1);
    await context.close();
  });
});
