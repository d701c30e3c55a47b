// The two Algorithm X engines, WebAssembly (the default where it runs) and JS (the fallback), side by side: the same
// solutions in the same order, the same nodes, updates and depths, budgets and progress at the same nodes.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../src/engine.js';
import { setWasmEnabled, wasmAvailable } from '../src/engine-wasm.js';
import { SudokuSolver, count, createSolver, nQueensProblem, parseDlx, parseSudoku, pentominoProblem, solutions, type Problem } from '../src/index.js';
import { compiledOf } from '../src/problem.js';
import { isValidSolution, problemArb, prop, referenceX, sudokuCountByBacktracking } from './reference.js';

type Kind = 'wasm' | 'js';

/** Runs f with Engines made on the given engine, then switches WebAssembly back on. */
function on<R>(kind: Kind, f: () => R): R {
  setWasmEnabled(kind === 'wasm');
  try {
    return f();
  } finally {
    setWasmEnabled(true);
  }
}

/** f on both engines; both results, after checking that each engine really was the one used. */
function both<R>(f: () => R): { wasm: R; js: R } {
  return { wasm: on('wasm', f), js: on('js', f) };
}

const usesWasm = (problem: Problem<unknown>) => new Engine(compiledOf(problem)).usesWasm;

const stats = (problem: Problem<unknown>, options?: Parameters<typeof count>[1]) => {
  const s = count(problem, options);
  return { solutions: s.solutions, nodes: s.nodes, updates: s.updates, maxDepth: s.maxDepth, complete: s.complete, stoppedBy: s.stoppedBy };
};

const sudokus = [
  '000000010400000000020000000000050407008000300001090000300400200050100000000806000', // 17 clues
  '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..', // a hard one
  '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..',
  '000000000000000000000000000000000000000000000000000000000000000000000000000000001', // many solutions
];
/** Cells for a grid, parsed; or, for clues that contradict each other (which parseSudoku rejects), made by hand. */
const cellsOf = (line: string) => (line.startsWith('11') ? Uint8Array.from(line, (ch) => Number(ch)) : parseSudoku(line).cells);
const contradiction = '11' + '0'.repeat(79);

describe('the WebAssembly engine', () => {
  it('runs here (Node 20 has WebAssembly), and only for problems without colors', () => {
    expect(wasmAvailable()).toBe(true);
    expect(usesWasm(nQueensProblem(6))).toBe(true);
    expect(usesWasm(parseDlx('a b | c\na c:1\nb c:2\n'))).toBe(false);
    expect(on('js', () => usesWasm(nQueensProblem(6)))).toBe(false);
    expect(on('js', () => wasmAvailable())).toBe(false);
  });

  it('falls back to the JS engine when WebAssembly cannot instantiate (a CSP without wasm-unsafe-eval)', () => {
    const real = (globalThis as { WebAssembly?: object }).WebAssembly;
    const failing = Object.create(real ?? null) as object;
    Object.defineProperty(failing, 'Instance', {
      value: function Instance() {
        throw new Error('WebAssembly.Instance(): Refused to compile or instantiate WebAssembly module');
      },
    });
    Object.defineProperty(globalThis, 'WebAssembly', { value: failing, configurable: true, writable: true });
    try {
      expect(usesWasm(nQueensProblem(8))).toBe(false);
      expect(count(nQueensProblem(8)).solutions).toBe(92);
    } finally {
      Object.defineProperty(globalThis, 'WebAssembly', { value: real, configurable: true, writable: true });
    }
    expect(usesWasm(nQueensProblem(8))).toBe(true);
  });

  it('falls back when there is no WebAssembly at all', () => {
    const real = (globalThis as { WebAssembly?: object }).WebAssembly;
    Object.defineProperty(globalThis, 'WebAssembly', { value: undefined, configurable: true, writable: true });
    try {
      expect(usesWasm(nQueensProblem(8))).toBe(false);
      expect(count(nQueensProblem(8)).solutions).toBe(92);
    } finally {
      Object.defineProperty(globalThis, 'WebAssembly', { value: real, configurable: true, writable: true });
    }
  });
});

for (const kind of ['wasm', 'js'] as const) {
  describe(`search order and statistics against a plain Algorithm X (${kind} engine)`, () => {
    beforeAll(() => setWasmEnabled(kind === 'wasm'));
    afterAll(() => setWasmEnabled(true));

    it('is the engine asked for', () => {
      expect(usesWasm(nQueensProblem(5))).toBe(kind === 'wasm');
    });

    prop([problemArb])('same solutions in the same order, same nodes and updates', (problem) => {
      const expected = referenceX(problem);
      expect([...solutions(problem)].map((s) => [...s.options])).toEqual(expected.list);
      const s = count(problem);
      expect({ solutions: s.solutions, nodes: s.nodes, updates: s.updates }).toEqual({
        solutions: expected.list.length,
        nodes: expected.nodes,
        updates: expected.updates,
      });
    });

    prop([problemArb, fc.nat()])('with a given option, then without it, on one solver', (problem, pick) => {
      fc.pre(problem.options.length > 0);
      const g = pick % problem.options.length;
      const solver = createSolver(problem);
      for (const given of [[g], [], [g]]) {
        const expected = referenceX(problem, given);
        const s = solver.count({ given });
        expect({ solutions: s.solutions, nodes: s.nodes, updates: s.updates }).toEqual({
          solutions: expected.list.length,
          nodes: expected.nodes,
          updates: expected.updates,
        });
        expect([...solver.solutions({ given })].map((x) => [...x.options])).toEqual(expected.list);
      }
    });

    it('Sudoku: unique puzzles solved correctly, a count, a contradiction, on one reused solver', () => {
      const solver = new SudokuSolver(9);
      for (const line of sudokus.slice(0, 3)) {
        expect(solver.search(cellsOf(line), 2)).toBe(1);
        expect(isValidSolution(line, solver.solve(line)!)).toBe(true);
      }
      expect(solver.search(cellsOf(sudokus[3]!), 5)).toBe(5);
      expect(solver.search(cellsOf(contradiction), 2)).toBe(0);
      // A 4×4 grid small enough for plain backtracking to count.
      const small = new SudokuSolver(4);
      const grid = parseSudoku('1...........2...').cells;
      expect(small.search(grid, 1000)).toBe(sudokuCountByBacktracking([...grid], 1000));
    });
  });
}

describe('both engines: identical solutions and statistics', () => {
  afterEach(() => setWasmEnabled(true));

  it('queens 8 and 10 (92, 724)', () => {
    for (const [n, expected] of [
      [8, 92],
      [10, 724],
    ] as const) {
      const r = both(() => stats(nQueensProblem(n)));
      expect(r.wasm.solutions).toBe(expected);
      expect(r.wasm).toEqual(r.js);
      const lists = both(() => [...solutions(nQueensProblem(n), { limit: 50 })].map((s) => s.options.join(' ')));
      expect(lists.wasm).toEqual(lists.js);
    }
  });

  it('pentominoes on 3×20 (8) and 5×6 boards', () => {
    const r = both(() => stats(pentominoProblem(3, 20)));
    expect(r.wasm.solutions).toBe(8);
    expect(r.wasm).toEqual(r.js);
    const lists = both(() => [...solutions(pentominoProblem(3, 20))].map((s) => s.options.join(' ')));
    expect(lists.wasm).toEqual(lists.js);
    const five = both(() => stats(pentominoProblem(5, 6)));
    expect(five.wasm).toEqual(five.js);
  });

  it('Sudoku: the same counts, nodes and updates per puzzle, on reused solvers', () => {
    const run = () => {
      const solver = new SudokuSolver(9);
      return [...sudokus, contradiction].map((line) => {
        const found = solver.search(cellsOf(line), line === sudokus[3] ? 1000 : 2);
        return { found, ...solver.lastStats };
      });
    };
    const r = both(run);
    expect(r.wasm).toEqual(r.js);
    expect(r.wasm.map((x) => x.found)).toEqual([1, 1, 1, 1000, 0]);
  });

  it('budgets, progress and the signal stop at the same node (also past the chunks WASM runs between returns)', () => {
    const queens = nQueensProblem(10); // about 13,000 nodes: several chunks
    for (const maxNodes of [0, 1, 57, 4095, 4096, 4097, 9000]) {
      const r = both(() => stats(queens, { maxNodes }));
      expect(r.wasm).toEqual(r.js);
      expect(r.wasm.nodes).toBe(maxNodes);
      expect(r.wasm.stoppedBy).toBe('nodes');
    }
    const progress = both(() => {
      const seen: string[] = [];
      const s = stats(queens, { progressInterval: 1000, onProgress: (p) => seen.push(`${p.nodes} ${p.updates} ${p.depth} ${p.solutions}`) });
      return { s, seen };
    });
    expect(progress.wasm).toEqual(progress.js);
    expect(progress.wasm.seen.length).toBe(Math.floor(progress.wasm.s.nodes / 1000));
    // A report at every node: each check returns to JS, which must still enter the node it checked at.
    const every = both(() => {
      let reports = 0;
      const s = stats(nQueensProblem(6), { progressInterval: 1, onProgress: () => reports++ });
      return { s, reports };
    });
    expect(every.wasm).toEqual(every.js);
    expect(every.wasm.reports).toBe(every.wasm.s.nodes - 1); // checked before entering each node after the first
    const aborted = both(() => {
      const controller = new AbortController();
      return stats(queens, { signal: controller.signal, progressInterval: 3000, onProgress: () => controller.abort() });
    });
    expect(aborted.wasm).toEqual(aborted.js);
    expect(aborted.wasm.stoppedBy).toBe('signal');
  });

  it('a lazy search stopped halfway leaves the solver ready for the next search', () => {
    const r = both(() => {
      const solver = createSolver(nQueensProblem(9));
      const search = solver.solutions();
      const firstFive = [...Array(5)].map(() => search.next().value);
      search.return();
      const again = solver.count();
      return { firstFive: firstFive.map((s) => JSON.stringify(s)), again: { solutions: again.solutions, nodes: again.nodes, updates: again.updates } };
    });
    expect(r.wasm).toEqual(r.js);
    expect(r.wasm.again.solutions).toBe(352);
  });
});
