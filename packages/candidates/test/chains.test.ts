// Nice loops, AICs, remote pairs, ALS techniques, forcing chains and nets on small hand-made positions; their soundness
// on random puzzles; the Eureka notation of their chains.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseChain, formatChain, formatChainNode, type ChainNode } from '../src/eureka.js';
import { findForcingSteps, FORCING_BUDGET } from '../src/forcing.js';
import { parseGivens } from '../src/formats.js';
import { Grid } from '../src/grid.js';
import { nextStep, OFF_BY_DEFAULT, solveLogically } from '../src/solver.js';
import { formatElimination, formatPlacement, type Step, type TechniqueName } from '../src/step.js';
import { findSteps } from '../src/techniques.js';
import { ratePath } from '../src/rating.js';
import { expectError, onlyOurErrors, prop, randomPuzzle, referenceSolve } from './reference.js';

const cell = (r: number, c: number) => (r - 1) * 9 + (c - 1);
const bits = (...digits: number[]) => digits.reduce((m, d) => m | (1 << (d - 1)), 0);
function set(grid: Grid, r: number, c: number, ...digits: number[]): void {
  grid.candidates[cell(r, c)] = bits(...digits);
}
function rowOnly(grid: Grid, digit: number, r: number, cols: number[]): void {
  for (let c = 1; c <= 9; c++) if (!cols.includes(c)) grid.eliminate(cell(r, c), digit);
}
function colOnly(grid: Grid, digit: number, c: number, rows: number[]): void {
  for (let r = 1; r <= 9; r++) if (!rows.includes(r)) grid.eliminate(cell(r, c), digit);
}
const changes = (s: Step): string => [...s.placements.map(formatPlacement), ...s.eliminations.map(formatElimination)].join(' ');

function find(grid: Grid, technique: TechniqueName): Step[] {
  const steps = findSteps(grid, technique);
  for (const s of steps) {
    expect(s.technique).toBe(technique);
    expect(s.eliminations.length + s.placements.length).toBeGreaterThan(0);
    expect(s.explanation.length).toBeGreaterThan(20);
    // Every chain these techniques print reads back (forcing steps print one chain per branch).
    for (const part of (s.chain ?? '').split(' | ')) expect(formatChain(parseChain(part))).toBe(part);
  }
  return steps;
}

/** Four bivalue cells r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4} and r5c9 or r5c1 {4,1} on an otherwise open grid. */
function xyGrid(lastColumn: number): Grid {
  const grid = new Grid();
  set(grid, 1, 1, 1, 2);
  set(grid, 1, 5, 2, 3);
  set(grid, 5, 5, 3, 4);
  set(grid, 5, lastColumn, 4, 1);
  return grid;
}

describe('remote pairs', () => {
  it('removes both digits from the cells that see two ends an odd number of links apart', () => {
    const grid = new Grid();
    for (const [r, c] of [[1, 1], [1, 5], [5, 5], [5, 9]] as const) set(grid, r, c, 1, 2);
    const steps = find(grid, 'remote-pair');
    expect(steps.map(changes)).toEqual(['r1c9<>1 r1c9<>2 r5c1<>1 r5c1<>2']);
    expect(steps[0]!.chain).toBe('(1)r1c1=(2)r1c1-(2)r1c5=(1)r1c5-(1)r5c5=(2)r5c5-(2)r5c9=(1)r5c9');
    // Three cells are not a remote pair (ends two links apart hold the same digit).
    set(grid, 5, 9, 1, 2, 3);
    expect(find(grid, 'remote-pair')).toEqual([]);
  });
});

describe('nice loops and AICs', () => {
  it('AIC: one end is true, so what sees both ends goes', () => {
    const steps = find(xyGrid(9), 'aic');
    const step = steps.find((s) => changes(s) === 'r1c9<>1 r5c1<>1');
    expect(step).toBeDefined();
    expect(step!.chain).toBe('(1)r1c1=(2)r1c1-(2)r1c5=(3)r1c5-(3)r5c5=(4)r5c5-(4)r5c9=(1)r5c9');
    expect(step!.explanation).toMatch(/^Alternating inference chain \(1\)r1c1=\(2\)r1c1-\(2\)r1c5=\(3\)r1c5-\(3\)r5c5=\(4\)r5c5-\(4\)r5c9=\(1\)r5c9 /);
    // Break the last cell: no chain ends in 1 any more.
    const broken = xyGrid(9);
    set(broken, 5, 9, 4, 5);
    expect(find(broken, 'aic').some((s) => changes(s).includes('r1c9<>1'))).toBe(false);
  });

  it('discontinuous nice loop: a candidate that denies itself goes; one that implies itself is placed', () => {
    const steps = find(xyGrid(9), 'discontinuous-nice-loop');
    const r1c9 = steps.find((s) => changes(s) === 'r1c9<>1');
    expect(r1c9).toBeDefined();
    expect(r1c9!.chain).toMatch(/^\(1\)r1c9-\(1\)r(1c1|5c9)=.*-\(1\)r1c9$/);
    // If r1c1 is not 1 it is 2, then r1c5 is 3, r5c5 is 1, r5c1 is not 1, and column 1's 1 (in r1c1 or r5c1 only)
    // is in r1c1 after all: r1c1 is 1.
    const grid = new Grid();
    set(grid, 1, 1, 1, 2);
    set(grid, 1, 5, 2, 3);
    set(grid, 5, 5, 3, 1);
    colOnly(grid, 1, 1, [1, 5]);
    const placed = find(grid, 'discontinuous-nice-loop').filter((s) => s.placements.length);
    expect(placed.map(changes)).toContain('r1c1=1');
  });

  it('the solver takes the family\'s best step as HoDoKu does: most eliminations, then on a tie of the same ones the shortest', () => {
    const loops: TechniqueName[] = ['continuous-nice-loop', 'discontinuous-nice-loop', 'aic'];
    // Two eliminations by the AIC beat one by a discontinuous loop.
    expect(nextStep(xyGrid(9), { techniques: loops })).toMatchObject({ technique: 'aic', eliminations: [{ cell: cell(1, 9), digit: 1 }, { cell: cell(5, 1), digit: 1 }] });
    // Without 1 in r5c1 both prove r1c9<>1 alone: the shorter AIC comes first, though loops come first in the family.
    const grid = xyGrid(9);
    grid.eliminate(cell(5, 1), 1);
    const aic = find(grid, 'aic').find((s) => changes(s) === 'r1c9<>1')!;
    const loop = find(grid, 'discontinuous-nice-loop').find((s) => changes(s) === 'r1c9<>1')!;
    expect(aic.chain!.length).toBeLessThan(loop.chain!.length);
    expect(nextStep(grid, { techniques: loops })).toMatchObject({ technique: 'aic', eliminations: [{ cell: cell(1, 9), digit: 1 }] });
    expect(nextStep(grid, { techniques: ['continuous-nice-loop', 'discontinuous-nice-loop'] })?.technique).toBe('discontinuous-nice-loop');
  });

  it('continuous nice loop: the weak links become strong', () => {
    const steps = find(xyGrid(1), 'continuous-nice-loop');
    expect(steps).toHaveLength(1);
    const removed = new Set(changes(steps[0]!).split(' '));
    // 2 leaves row 1 outside the loop, 3 column 5, 4 row 5, 1 column 1.
    for (const x of ['r1c2<>2', 'r1c9<>2', 'r9c5<>3', 'r2c5<>3', 'r5c2<>4', 'r5c9<>4', 'r9c1<>1', 'r2c1<>1']) expect(removed.has(x), x).toBe(true);
    for (const x of removed) expect(x, x).toMatch(/^(r1c\d<>2|r\dc5<>3|r5c\d<>4|r\dc1<>1)$/);
    expect(steps[0]!.chain).toMatch(/^\(\d\)r\dc\d=.*-\(\d\)r\dc\d$/);
  });

  it('grouped AIC: a group of cells in a box line is one node', () => {
    const grid = new Grid();
    rowOnly(grid, 5, 1, [1, 2, 9]);
    colOnly(grid, 5, 9, [1, 7]);
    for (const [r, c] of [[2, 1], [2, 2], [2, 3], [3, 1], [3, 2]] as const) grid.eliminate(cell(r, c), 5);
    expect(find(grid, 'aic').some((s) => changes(s) === 'r7c3<>5')).toBe(false);
    const steps = find(grid, 'grouped-aic');
    const step = steps.find((s) => changes(s) === 'r7c3<>5');
    expect(step).toBeDefined();
    expect(step!.chain).toContain('(5)r1c12');
  });
});

describe('almost locked sets', () => {
  it('ALS-XZ: a one-cell and a two-cell ALS with the restricted common 1 remove the other common digit 2', () => {
    const grid = new Grid();
    set(grid, 1, 1, 1, 2);
    set(grid, 5, 1, 1, 3);
    set(grid, 5, 2, 2, 3);
    // r4c1 and r6c1 see r1c1 (column 1) and r5c2 (box 4) too.
    const step = find(grid, 'als-xz').find((s) => changes(s) === 'r1c2<>2 r2c2<>2 r3c2<>2 r4c1<>2 r6c1<>2');
    expect(step).toBeDefined();
    expect(step!.explanation).toMatch(/restricted common candidate 1/);
  });

  it('ALS links join the grouped chains of findSteps, but not the solver\'s, which takes ALS-XZ there as HoDoKu does', () => {
    // A = r1c1 {1,2} and B = {r5c1 {1,3}, r5c2 {2,3,4}, r5c3 {2,4}} share the restricted common 1, so 2 is in r1c1 or
    // in B's r5c2-r5c3: r4c1 and r6c1 lose 2. As a chain, (1)r5c1=(2)r5c23 is a link only the set B makes.
    const grid = new Grid();
    set(grid, 1, 1, 1, 2);
    set(grid, 5, 1, 1, 3);
    set(grid, 5, 2, 2, 3, 4);
    set(grid, 5, 3, 2, 4);
    const expected = 'r4c1<>2 r6c1<>2';
    expect(find(grid, 'als-xz').map(changes)).toContain(expected);
    expect(find(grid, 'aic').map(changes)).not.toContain(expected);
    const chained = find(grid, 'grouped-aic').find((s) => changes(s) === expected);
    // (Through r1c1's own 1, or through the set {r1c1, r5c1} of column 1: as long.)
    expect(chained?.chain).toMatch(/^\(2\)r1c1=\((1\)r1c1|3\)r5c1)-\(1\)r5c1=\(2\)r5c23$/);
    expect(nextStep(grid, { techniques: ['grouped-aic', 'als-xz'] })?.technique).toBe('als-xz');
  });

  it('ALS-XY-Wing, ALS chain and death blossom on bivalue cells', () => {
    const wing = new Grid();
    set(wing, 5, 5, 1, 2);
    set(wing, 5, 1, 1, 3);
    set(wing, 1, 5, 2, 3);
    expect(find(wing, 'als-xy-wing').map(changes)).toContain('r1c1<>3');
    expect(find(wing, 'death-blossom').map(changes)).toContain('r1c1<>3');
    expect(find(xyGrid(9), 'als-chain').map(changes)).toContain('r1c9<>1 r5c1<>1');
    // HoDoKu's solver leaves death blossoms out by default; named, they are used.
    expect(nextStep(wing, { techniques: ['death-blossom'] })?.technique).toBe('death-blossom');
    expect(OFF_BY_DEFAULT.has('death-blossom')).toBe(true);
    // Take the pivot's link away: the wing is gone.
    set(wing, 5, 5, 1, 4);
    expect(find(wing, 'als-xy-wing').map(changes)).not.toContain('r1c1<>3');
  });
});

// A 17-clue puzzle (G. Royle's list) that needs forcing chains and nets once singles, locked candidates and pairs stop.
const HARD17 = '..............1..2..3.4..5.......34..1...6...2......7......2..8..4.5......5.....6';
const BASIC_AND_FORCING: TechniqueName[] = ['full-house', 'naked-single', 'hidden-single', 'locked-candidates', 'naked-pair', 'hidden-pair', 'forcing-chain', 'forcing-net'];

describe('forcing chains and nets', () => {
  it('solve what the simpler techniques do not, each step agreeing with the solution, rated Extreme', () => {
    const solution = referenceSolve(HARD17)!;
    expect(solveLogically(HARD17, { techniques: BASIC_AND_FORCING.filter((t) => !t.startsWith('forcing')) }).solved).toBe(false);
    const result = solveLogically(HARD17, { techniques: BASIC_AND_FORCING });
    expect(result.solved).toBe(true);
    expect(result.grid.toString()).toBe(solution);
    const forcing = result.steps.filter((s) => s.technique === 'forcing-chain' || s.technique === 'forcing-net');
    expect(forcing.length).toBeGreaterThan(0);
    for (const s of result.steps) {
      for (const e of s.eliminations) expect(Number(solution[e.cell]), s.explanation).not.toBe(e.digit);
      for (const p of s.placements) expect(Number(solution[p.cell]), s.explanation).toBe(p.digit);
    }
    for (const s of forcing) {
      expect(s.explanation).toMatch(/^Forcing (chain|net) \((contradiction|verity)\): /);
      for (const part of s.chain!.split(' | ')) expect(formatChain(parseChain(part))).toBe(part);
    }
    expect(ratePath(result.steps).level).toBe('Extreme');
  });

  it('are bounded: a budget, a signal and a timeout stop the search and say why', () => {
    const grid = parseGivens(HARD17);
    expect(findForcingSteps(grid, 'net', { budget: 1 }).stopped).toBe('budget');
    const controller = new AbortController();
    controller.abort();
    expect(findForcingSteps(grid, 'chain', { signal: controller.signal })).toEqual({ steps: [], stopped: 'aborted' });
    const found = findForcingSteps(grid, 'net', { limit: 2 });
    expect(found.steps.length).toBeLessThanOrEqual(2);
    expect(FORCING_BUDGET).toBeGreaterThan(81 * 9 * 2);
    expectError(() => findForcingSteps(grid, 'net', { budget: 0 }), RangeError, /budget must be a positive integer \(propagations\); got 0/);
    expectError(() => findForcingSteps(grid, 'maybe' as never), RangeError, /kind must be 'chain' or 'net'; got 'maybe'/);
    expectError(() => findForcingSteps('x' as never, 'net'), TypeError, /findForcingSteps needs a Grid/);
    expectError(() => findForcingSteps(grid, 'net', { timeout: -1 }), RangeError, /timeout must be a positive number/);
  });
});

describe('soundness on random puzzles', () => {
  const MINE: TechniqueName[] = [
    'remote-pair',
    'continuous-nice-loop',
    'discontinuous-nice-loop',
    'aic',
    'grouped-continuous-nice-loop',
    'grouped-discontinuous-nice-loop',
    'grouped-aic',
    'als-xz',
    'als-xy-wing',
    'als-chain',
    'death-blossom',
    'forcing-chain',
    'forcing-net',
  ];
  // Random minimal puzzles, checked by the independent reference solver: at states along the path taken with the
  // simpler techniques only, every instance of these techniques agrees with the solution.
  prop([fc.integer({ min: 1, max: 2 ** 31 - 1 })], { numRuns: 6 })('every chain, ALS and forcing step agrees with the solution', (seed) => {
    const { puzzle, solution } = randomPuzzle(seed, 24);
    const grid = parseGivens(puzzle);
    const basic = solveLogically(puzzle, { techniques: ['full-house', 'naked-single', 'hidden-single', 'locked-candidates', 'naked-pair'] });
    basic.steps.forEach((step, i) => {
      if (i % 12 === 0) {
        for (const t of MINE) {
          for (const s of findSteps(grid, t, 20)) {
            for (const e of s.eliminations) expect(Number(solution[e.cell]), s.explanation).not.toBe(e.digit);
            for (const p of s.placements) expect(Number(solution[p.cell]), s.explanation).toBe(p.digit);
          }
        }
      }
      grid.apply(step);
    });
  });
});

describe('Eureka notation', () => {
  it('formats and reads candidates, groups and ALS cells', () => {
    expect(formatChainNode({ digit: 5, cells: [1] })).toBe('(5)r1c2');
    expect(formatChainNode({ digit: 5, cells: [1, 2] })).toBe('(5)r1c23');
    expect(formatChainNode({ digit: 5, cells: [2, 20] })).toBe('(5)r13c3');
    expect(formatChainNode({ digit: 5, cells: [1, 18] })).toBe('(5)r1c2r3c1');
    expect(parseChain('(5)r1c2=(5)r3c2-(5)r3c7')).toEqual({
      nodes: [
        { digit: 5, cells: [1] },
        { digit: 5, cells: [19] },
        { digit: 5, cells: [24] },
      ],
      links: ['=', '-'],
    });
    expect(parseChain('(5)r1c23').nodes[0]!.cells).toEqual([1, 2]);
  });

  it('names the position and what was expected for bad chains', () => {
    expectError(() => parseChain('(5)r1c2='), RangeError, /expected a node like \(5\)r1c2 at position 9 of the chain '\(5\)r1c2='/);
    expectError(() => parseChain('(5)r1c2+(5)r3c2'), RangeError, /expected '=' or '-' at position 8/);
    expectError(() => parseChain('(0)r1c2'), RangeError, /position 1/);
    expectError(() => parseChain('(5)r12c23'), RangeError, /a group has one row or one column/);
    expectError(() => parseChain('(5)r1c2r1c2'), RangeError, /names r1c2 twice/);
    expectError(() => parseChain(5 as never), TypeError, /a chain must be a string; got 5/);
    expectError(() => formatChain({ nodes: [], links: [] }), RangeError, /at least one node/);
    expectError(() => formatChain({ nodes: [{ digit: 1, cells: [0] }, { digit: 1, cells: [1] }], links: ['~' as never] }), RangeError, /a link must be '=' or '-'; got '~'/);
    expectError(() => formatChainNode({ digit: 10, cells: [0] }), RangeError, /digit of a chain node must be an integer from 1 to 9; got 10/);
    expectError(() => formatChainNode({ digit: 1, cells: [3, 2] }), RangeError, /ascending and distinct/);
    expectError(() => formatChain(null as never), TypeError, /a chain must be a \{nodes, links\} object; got null/);
  });

  const node: fc.Arbitrary<ChainNode> = fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.uniqueArray(fc.integer({ min: 0, max: 80 }), { minLength: 1, maxLength: 9 }))
    .map(([digit, cells]) => ({ digit, cells: [...cells].sort((a, b) => a - b) }));
  prop([fc.array(node, { minLength: 1, maxLength: 12 }), fc.array(fc.constantFrom<'=' | '-'>('=', '-'), { minLength: 11, maxLength: 11 })])(
    'parseChain reads back what formatChain writes',
    (nodes, links) => {
      const chain = { nodes, links: links.slice(0, nodes.length - 1) };
      expect(parseChain(formatChain(chain))).toEqual(chain);
    },
  );

  prop([fc.string()])('parseChain throws only its own errors on arbitrary text', (text) => {
    onlyOurErrors(() => parseChain(text));
  });
  prop([fc.stringMatching(/^(\([0-9]\)(r[0-9]{1,3}c[0-9]{1,3}){1,3}[=\-+]?){1,5}$/)])('parseChain on chain-like text: a chain or our error', (text) => {
    onlyOurErrors(() => {
      const chain = parseChain(text);
      expect(formatChain(chain).length).toBeGreaterThan(0);
    });
  });
});
