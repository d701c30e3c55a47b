// The async forms of the searches (for await, drainAsync, SudokuSolver.searchAsync): the same results as the
// synchronous ones, on both engines, and the event loop let in often enough for a timer to stop them.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { setWasmEnabled } from '../src/engine-wasm.js';
import { SudokuSolver, count, createSolver, nQueensProblem, parseSudoku, solutions } from '../src/index.js';
import { asyncProp, bruteForceSolutions, expectError, smallProblemArb } from './reference.js';

const TEXTBOOK = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const cellsOf = (line: string) => parseSudoku(line).cells;

/** Counts the turns of the event loop (setImmediate callbacks) while `work` runs. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const spin = (): void => {
    if (!running) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  const value = await work();
  running = false;
  return { value, turns };
}

for (const kind of ['wasm', 'js'] as const) {
  describe(`async searches (${kind} engine)`, () => {
    setWasmEnabled(kind === 'wasm');
    afterAll(() => setWasmEnabled(true));

    asyncProp([smallProblemArb], { numRuns: 60 })('for await gives the solutions of the sync iterator, drainAsync the stats of drain', async (plain) => {
      setWasmEnabled(kind === 'wasm');
      const sync = [...solutions(plain)].map((s) => s.options.join(','));
      const lazy: string[] = [];
      for await (const s of solutions(plain)) lazy.push(s.options.join(','));
      expect(lazy).toEqual(sync);
      expect(lazy.length).toBe(bruteForceSolutions(plain).length);
      const { seconds: _a, ...drained } = solutions(plain).drain();
      const { seconds: _b, ...drainedAsync } = await solutions(plain).drainAsync();
      expect(drainedAsync).toEqual(drained);
    });

    it('a long count is searched in slices: the event loop runs between them, and the totals do not change', async () => {
      setWasmEnabled(kind === 'wasm');
      const problem = nQueensProblem(kind === 'wasm' ? 13 : 12);
      const { seconds: _a, ...sync } = count(problem);
      const { value, turns } = await turnsDuring(() => solutions(problem).drainAsync());
      const { seconds, ...async } = value;
      expect(async).toEqual(sync);
      // A slice lasts about 15 ms: a search that took longer let the event loop in.
      if (seconds > 0.05) expect(turns).toBeGreaterThan(0);
      // The same with solutions coming one by one.
      let k = 0;
      for await (const _ of solutions(problem, { limit: 3000 })) k++;
      expect(k).toBe(3000);
    });

    it('a timer can abort an endless drainAsync or for await (20 queens)', async () => {
      setWasmEnabled(kind === 'wasm');
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const stats = await solutions(nQueensProblem(20), { signal: controller.signal }).drainAsync();
      expect(stats).toMatchObject({ complete: false, stoppedBy: 'signal' });
      expect(stats.solutions).toBeGreaterThan(0);
      const later = new AbortController();
      setTimeout(() => later.abort(), 50);
      const search = solutions(nQueensProblem(20), { signal: later.signal });
      let found = 0;
      for await (const _ of search) found++;
      expect(search.stats).toMatchObject({ solutions: found, complete: false, stoppedBy: 'signal' });
    });

    it('break in for await ends the search (stoppedBy caller) and frees the solver', async () => {
      setWasmEnabled(kind === 'wasm');
      const solver = createSolver(nQueensProblem(8));
      const search = solver.solutions();
      for await (const _ of search) break;
      expect(search.stats).toMatchObject({ solutions: 1, complete: false, stoppedBy: 'caller' });
      expect(solver.count().solutions).toBe(92);
    });

    it('SudokuSolver.searchAsync gives what search gives, and a timer can stop counting an empty grid', async () => {
      setWasmEnabled(kind === 'wasm');
      const solver = new SudokuSolver(9);
      for (const [line, limit] of [
        [TEXTBOOK, 2],
        ['.'.repeat(81), 500],
      ] as const) {
        const outSync = new Uint8Array(81);
        const outAsync = new Uint8Array(81);
        expect(await solver.searchAsync(cellsOf(line), limit, outAsync)).toBe(solver.search(cellsOf(line), limit, outSync));
        const afterSync = { ...solver.lastStats };
        await solver.searchAsync(cellsOf(line), limit, outAsync);
        expect(solver.lastStats).toEqual(afterSync);
        expect(outAsync).toEqual(outSync);
      }
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const found = await solver.searchAsync(cellsOf('.'.repeat(81)), 1e8, undefined, { signal: controller.signal });
      expect(solver.lastStats).toMatchObject({ solutions: found, complete: false, stoppedBy: 'signal' });
      expect(found).toBeGreaterThan(0);
      expect(found).toBeLessThan(1e8);
      // The solver is free again.
      expect(solver.search(cellsOf(TEXTBOOK), 2)).toBe(1);
    });
  });
}

describe('SudokuSolver budgets', () => {
  const empty = cellsOf('.'.repeat(81));

  it('stats say whether the search was complete and what stopped it', () => {
    const solver = new SudokuSolver(9);
    expect(solver.search(cellsOf(TEXTBOOK), 2)).toBe(1);
    expect(solver.lastStats).toMatchObject({ solutions: 1, complete: true, stoppedBy: null });
    expect(solver.search(empty, 2)).toBe(2);
    expect(solver.lastStats).toMatchObject({ solutions: 2, complete: false, stoppedBy: 'limit' });
  });

  it('maxNodes, timeout and signal stop a search; onProgress reports solutions and nodes', () => {
    const solver = new SudokuSolver(9);
    const found = solver.search(empty, 1e8, undefined, { maxNodes: 5000 });
    expect(solver.lastStats).toMatchObject({ solutions: found, nodes: 5000, complete: false, stoppedBy: 'nodes' });
    solver.search(empty, 1e8, undefined, { timeout: 20 });
    expect(solver.lastStats).toMatchObject({ complete: false, stoppedBy: 'time' });
    const seen: Array<[number, number]> = [];
    const controller = new AbortController();
    solver.search(empty, 1e8, undefined, {
      signal: controller.signal,
      progressInterval: 1000,
      onProgress: (p) => {
        seen.push([p.nodes, p.solutions]);
        if (seen.length === 3) controller.abort();
      },
    });
    expect(seen.map(([nodes]) => nodes)).toEqual([1000, 2000, 3000]);
    expect(seen[2]![1]).toBeGreaterThan(0);
    expect(solver.lastStats).toMatchObject({ nodes: 3000, complete: false, stoppedBy: 'signal' });
  });

  it('an onProgress that throws ends the search and leaves the solver usable', async () => {
    const solver = new SudokuSolver(9);
    const boom = () => {
      throw new Error('boom');
    };
    expect(() => solver.search(empty, 1e8, undefined, { progressInterval: 100, onProgress: boom })).toThrow('boom');
    expect(solver.search(cellsOf(TEXTBOOK), 2)).toBe(1);
    await expect(solver.searchAsync(empty, 1e8, undefined, { progressInterval: 100, onProgress: boom })).rejects.toThrow('boom');
    expect(solver.search(cellsOf(TEXTBOOK), 2)).toBe(1);
  });

  it('one search at a time: a second one while an async search runs is refused', async () => {
    const solver = new SudokuSolver(9);
    const controller = new AbortController();
    const running = solver.searchAsync(empty, 1e8, undefined, { signal: controller.signal });
    expect(() => solver.search(cellsOf(TEXTBOOK), 2)).toThrow(/already running a search/);
    controller.abort();
    await running;
    expect(solver.search(cellsOf(TEXTBOOK), 2)).toBe(1);
  });

  it('bad budgets are a TypeError or RangeError naming the value', () => {
    const solver = new SudokuSolver(9);
    expectError(() => solver.search(empty, 1, undefined, { signal: 3 as never }), TypeError, /signal must be an AbortSignal; got 3/);
    expectError(() => solver.search(empty, 1, undefined, { maxNodes: -1 }), RangeError, /maxNodes must be at least 0; got -1/);
    expectError(() => solver.search(empty, 1, undefined, 'fast' as never), TypeError, /options of a Sudoku search must be an object; got 'fast'/);
    expect(solver.search(cellsOf(TEXTBOOK), 2)).toBe(1);
  });

  it('budgets never change what a complete search finds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), (interval) => {
        const solver = new SudokuSolver(4);
        let reports = 0;
        const found = solver.search(cellsOf('.'.repeat(16)), 1000, undefined, { progressInterval: interval, onProgress: () => reports++ });
        expect(found).toBe(288);
        expect(solver.lastStats.complete).toBe(true);
        expect(reports).toBe(Math.floor((solver.lastStats.nodes - 1) / interval));
      }),
      { numRuns: 20 },
    );
  });
});
