import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { count, createSolver, solutions } from '../src/index.js';
import { prop, type PlainProblem } from './reference.js';

/**
 * Knuth's Algorithm X written plainly (recursion, arrays of flags, no links), counting as DLX1 counts: a node per
 * level entered, and per cover one update plus one per node hidden. It chooses the first primary item (in item
 * order) with at most one option left, else the first with the fewest, tries its options in option order, and
 * covers the other items of an option starting after the chosen item, circularly. Given options are covered first,
 * their items in order. Returns the solutions in the order found (each sorted) and the statistics.
 */
function referenceX(problem: PlainProblem, given: readonly number[] = []): { list: number[][]; nodes: number; updates: number } {
  const names = [...problem.primary, ...problem.secondary];
  const options = problem.options.map((option) => option.map((entry) => names.indexOf(entry)));
  const primaryCount = problem.primary.length;
  const covered = names.map(() => false);
  const active = options.map(() => true);
  let nodes = 0;
  let updates = 0;
  const list: number[][] = [];
  const cover = (i: number): number[] => {
    updates++;
    const hidden: number[] = [];
    options.forEach((option, o) => {
      if (active[o] && option.includes(i)) {
        active[o] = false;
        updates += option.length - 1;
        hidden.push(o);
      }
    });
    covered[i] = true;
    return hidden;
  };
  const uncover = (i: number, hidden: readonly number[]): void => {
    covered[i] = false;
    for (const o of hidden) active[o] = true;
  };
  const optionsLeft = (i: number) => options.filter((option, o) => active[o] && option.includes(i)).length;
  const chosen: number[] = [];
  const search = (): void => {
    nodes++;
    const open = [...Array(primaryCount).keys()].filter((i) => !covered[i]);
    if (open.length === 0) {
      list.push([...given, ...chosen].sort((a, b) => a - b));
      return;
    }
    let best = open[0]!;
    for (const i of open) {
      if (optionsLeft(i) <= 1) {
        best = i;
        break;
      }
      if (optionsLeft(i) < optionsLeft(best)) best = i;
    }
    if (optionsLeft(best) === 0) return;
    const tried = cover(best);
    for (const o of tried) {
      const option = options[o]!;
      const at = option.indexOf(best);
      const others = [...option.slice(at + 1), ...option.slice(0, at)];
      const undo = others.map((j) => [j, cover(j)] as const);
      chosen.push(o);
      search();
      chosen.pop();
      for (const [j, hidden] of undo.reverse()) uncover(j, hidden);
    }
    uncover(best, tried);
  };
  for (const g of given) for (const i of options[g]!) cover(i);
  search();
  return { list, nodes, updates };
}

/** Problems without colors, bigger than the brute-force ones: up to 12 primary items, so both item lists are long. */
const problemArb: fc.Arbitrary<PlainProblem> = fc
  .record({
    primaryCount: fc.integer({ min: 1, max: 12 }),
    secondaryCount: fc.integer({ min: 0, max: 3 }),
    rows: fc.array(fc.uniqueArray(fc.nat(14), { minLength: 1, maxLength: 5 }), { minLength: 0, maxLength: 30 }),
  })
  .map(({ primaryCount, secondaryCount, rows }) => {
    const primary = Array.from({ length: primaryCount }, (_, k) => `p${k}`);
    const secondary = Array.from({ length: secondaryCount }, (_, k) => `s${k}`);
    const all = [...primary, ...secondary];
    const options = rows
      .map((row) => [...new Set(row.map((k) => all[k % all.length]!))])
      .filter((option) => option.length > 0);
    return { primary, secondary, options };
  });

describe('search order and statistics (DLX1)', () => {
  prop([problemArb])('same solutions in the same order, same nodes and updates as a plain Algorithm X', (problem) => {
    const expected = referenceX(problem);
    expect([...solutions(problem)].map((s) => [...s.options])).toEqual(expected.list);
    const stats = count(problem);
    expect({ solutions: stats.solutions, nodes: stats.nodes, updates: stats.updates }).toEqual({
      solutions: expected.list.length,
      nodes: expected.nodes,
      updates: expected.updates,
    });
  });

  prop([problemArb, fc.nat()])('with a given option, and again without it on the same solver', (problem, pick) => {
    fc.pre(problem.options.length > 0);
    const g = pick % problem.options.length;
    const solver = createSolver(problem);
    for (const given of [[g], [], [g]]) {
      const expected = referenceX(problem, given);
      const stats = solver.count({ given });
      expect({ solutions: stats.solutions, nodes: stats.nodes, updates: stats.updates }).toEqual({
        solutions: expected.list.length,
        nodes: expected.nodes,
        updates: expected.updates,
      });
      expect([...solver.solutions({ given })].map((s) => [...s.options])).toEqual(expected.list);
    }
  });
});
