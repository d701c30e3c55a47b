import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { count, createSolver, solutions } from '../src/index.js';
import { prop, problemArb, referenceX } from './reference.js';

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
