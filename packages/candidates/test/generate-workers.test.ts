// generatePuzzles on worker threads, through the built package (the worker is dist/generate-worker.js, as users get
// it): the same puzzles in the same order for any number of workers, and every worker ended on abort and timeout.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import * as dist from '../dist/index.js';
import type { GeneratedPuzzle, PuzzleGenerator } from '../dist/index.js';

beforeAll(() => {
  const worker = fileURLToPath(new URL('../dist/generate-worker.js', import.meta.url));
  if (!existsSync(worker)) throw new Error(`build the package first: ${worker} is missing`);
});

async function all(generator: PuzzleGenerator): Promise<string[]> {
  const out: string[] = [];
  for await (const puzzle of generator as AsyncIterable<GeneratedPuzzle>) out.push(puzzle.puzzle);
  return out;
}

describe('generatePuzzles({ workers })', () => {
  it("gives an Extreme puzzle's rating (made when first read in one thread) as one thread does", async () => {
    const options = { level: 'Extreme', count: 2, seed: 3 } as const;
    const here = [...dist.generatePuzzles(options)].map((p) => ({ ...p }));
    const threaded: GeneratedPuzzle[] = [];
    for await (const p of dist.generatePuzzles({ ...options, workers: 1 }) as AsyncIterable<GeneratedPuzzle>) threaded.push(p);
    expect(threaded).toEqual(here);
    for (const p of here) expect(p.rating).toEqual(dist.explainPuzzle(p.puzzle).rating);
  });

  it('gives the puzzles of one thread, in the same order, on 1 and 2 workers', async () => {
    const options = { level: 'Medium', symmetry: 'rotational', count: 5, seed: 'workers' } as const;
    const here = [...dist.generatePuzzles(options)].map((p) => p.puzzle);
    expect(here).toHaveLength(5);
    expect(new Set(here).size).toBe(5);
    const inThread = dist.generatePuzzles(options);
    expect(await all(inThread)).toEqual(here);
    const one = dist.generatePuzzles({ ...options, workers: 1 });
    expect(await all(one)).toEqual(here);
    const two = dist.generatePuzzles({ ...options, workers: 2 });
    expect(await all(two)).toEqual(here);
    expect(two.attempts).toBe(inThread.attempts);
    expect(two.stopReason).toBe('count');
    await dist.endGeneratorWorkers();
  });

  it('the attempts limit counts in attempt order, as in one thread', async () => {
    // Scores of 1 to 3 cannot be met (one empty cell already scores 4): every attempt fails.
    const generator = dist.generatePuzzles({ score: [1, 3], attempts: 7, seed: 1, workers: 2 });
    expect(await all(generator)).toEqual([]);
    expect(generator.stopReason).toBe('attempts');
    expect(generator.attempts).toBe(7);
  });

  it('abort ends every worker at once, and the iteration with it', async () => {
    const controller = new AbortController();
    const generator = dist.generatePuzzles({ score: [1, 3], attempts: 1e9, seed: 2, workers: 2, signal: controller.signal });
    const iterator = generator[Symbol.asyncIterator]();
    expect(generator.threads).toBe(0);
    const pending = iterator.next();
    expect(generator.threads).toBe(2);
    controller.abort();
    expect(generator.threads).toBe(0);
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(generator.stopReason).toBe('aborted');
    expect(generator.found).toBe(0);
  });

  it('a timeout ends every worker and says so', async () => {
    const generator = dist.generatePuzzles({ score: [1, 3], attempts: 1e9, seed: 3, workers: 2, timeout: 50 });
    expect(await all(generator)).toEqual([]);
    expect(generator.stopReason).toBe('timeout');
    expect(generator.threads).toBe(0);
  });

  it('with workers, a plain for…of is a TypeError that says to use for await; a bad count of workers a RangeError', () => {
    expect(() => [...dist.generatePuzzles({ workers: 2, count: 1 })]).toThrow(/workers \(2\).*for await/);
    expect(() => dist.generatePuzzles({ workers: 2 }).attempt()).toThrow(TypeError);
    for (const workers of [-1, 1.5, 257, '2', Number.NaN]) {
      expect(() => dist.generatePuzzles({ workers } as never)).toThrow(/workers must be an integer from 0 to 256; got/);
    }
  });
});
