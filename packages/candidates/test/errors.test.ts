// Every public function, given arbitrary values, returns or throws our RangeError/TypeError naming what it expected:
// never an engine error ("Cannot read properties of null", "x is not iterable") and never anything else.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import { EASY, prop } from './reference.js';

const ENGINE = /Cannot read|Cannot convert|is not a function|is not iterable|is not a constructor|undefined is not|null is not|Cannot destructure|Invalid array length/;

function onlyOurs(call: () => unknown): void {
  try {
    call();
  } catch (error) {
    expect(error instanceof RangeError || error instanceof TypeError, String(error)).toBe(true);
    expect((error as Error).message).not.toMatch(ENGINE);
    expect((error as Error).message.length).toBeGreaterThan(0);
  }
}

const grid = (): api.Grid => api.parseGivens(EASY);
const value = fc.oneof(
  fc.anything(),
  fc.constantFrom(EASY, 'naked-single', 0, 80, 81, 1, 9, -1, Number.NaN, [], [{}], [null], { placements: null }),
  fc.constant(null).map(() => grid()),
);

// Each entry calls one public function (or constructor) with arbitrary arguments.
const CALLS: Record<string, (a: unknown, b: unknown) => unknown> = {
  parseGivens: (a) => api.parseGivens(a as string),
  parseCandidateGrid: (a) => api.parseCandidateGrid(a as string),
  parsePencilMarks: (a) => api.parsePencilMarks(a as string),
  parseGrid: (a) => api.parseGrid(a as string),
  formatGivens: (a, b) => api.formatGivens(a as api.Grid, b as string),
  formatCandidateGrid: (a) => api.formatCandidateGrid(a as api.Grid),
  formatPencilMarks: (a, b) => api.formatPencilMarks(a as api.Grid, b as string),
  formatCandidateTable: (a) => api.formatCandidateTable(a as api.Grid),
  validateGrid: (a) => api.validateGrid(a as api.Grid),
  findSteps: (a, b) => api.findSteps(a as api.Grid, b as api.TechniqueName, 1),
  formatPlacement: (a) => api.formatPlacement(a as api.Candidate),
  formatElimination: (a) => api.formatElimination(a as api.Candidate),
  cellName: (a) => api.cellName(a as number),
  isTechniqueName: (a) => api.isTechniqueName(a as string),
  nextStep: (a, b) => api.nextStep(a as string, b as api.SolveOptions),
  solveLogically: (a, b) => api.solveLogically(a as string, b as api.SolveOptions),
  ratePath: (a, b) => api.ratePath(a as api.Step[], b as boolean),
  verifyPuzzle: (a) => api.verifyPuzzle(a as string),
  explainPuzzle: (a, b) => api.explainPuzzle(a as string, b as api.SolveOptions),
  stepAgreesWith: (a, b) => api.stepAgreesWith(a as api.Step, b as string),
  'Grid.fromValues': (a) => api.Grid.fromValues(a as number[]),
  'new Grid': (a, b) => new api.Grid(a as number[], b as number[]),
  'new Puzzle': (a) => new api.Puzzle(a as api.Grid),
  'Puzzle.fromList': (a) => api.Puzzle.fromList(a as string[]),
  'new Component': (a, b) => new api.Component(a as api.Grid, b as number),
  'Component.row': (a, b) => api.Component.row(a as api.Grid, b as number),
  'Component.box': (a, b) => api.Component.box(a as api.Grid, b as number),
  'new NakedPairsTechnique': (a) => new api.NakedPairsTechnique(a as api.Component),
  'grid.apply': (a) => grid().apply(a as api.Step),
  'grid.componentOf': (a, b) => grid().componentOf(a as number, b as 0),
  'puzzle.candidatesAt': (a) => api.Puzzle.fromList(Array(9).fill('000000000')).candidatesAt(a as number),
  'component.setCandidatesAt': (a, b) => grid().row(0).setCandidatesAt(a as number, b as string[]),
  'component.removeCandidatesAt': (a, b) => grid().row(0).removeCandidatesAt(a as number, b as string[]),
  'component.setMaskAt': (a, b) => grid().row(0).setMaskAt(a as number, b as number),
  'component.positionsByDigit': (a) => grid().row(0).positionsByDigit(a as Uint16Array),
};

describe('the public API on arbitrary values', () => {
  for (const [name, call] of Object.entries(CALLS)) {
    prop([value, value], { numRuns: 60 })(`${name}: only our errors`, (a, b) => onlyOurs(() => call(a, b)));
  }
});

describe('values that fail to convert', () => {
  it('a position whose toString is not a function is our RangeError, not an engine error (found by the test above)', () => {
    const row = api.parseGivens('003020600900305001001806400008102900700000008006708200002609500800203009005010300').row(0);
    for (const position of [{ toString: 0 }, { valueOf: 1, toString: null }]) {
      expect(() => row.removeCandidatesAt(position as never, [])).toThrow(/a position in a component must be an integer from 0 to 8; got/);
      expect(() => row.maskAt(position as never)).toThrow(RangeError);
    }
  });

  it('a cell whose toString is not a function is our RangeError in Puzzle.candidatesAt (found by the API fuzz)', () => {
    const puzzle = api.Puzzle.fromList(Array(9).fill('000000000'));
    for (const cell of [{ toString: false }, { valueOf: 1, toString: null }]) {
      expect(() => puzzle.candidatesAt(cell as never)).toThrow(/cell must be an integer from 0 to 80; got/);
    }
  });
});
