// The pack-check consumer (scripts/pack-check.mjs): compiled as consumer.mts and consumer.cts under module nodenext
// against the installed tarball, then run with node. It uses the public API the way a user would, with its types,
// and throws if anything is wrong. No top-level await and no import.meta: it must also compile as CommonJS.
import {
  Component,
  explainPuzzle,
  findSteps,
  formatCandidateGrid,
  formatElimination,
  formatPencilMarks,
  formatPlacement,
  Grid,
  NakedPairsTechnique,
  nextStep,
  parseGrid,
  parseGivens,
  Puzzle,
  ratePath,
  solveLogically,
  TECHNIQUE_NAMES,
  TECHNIQUE_SCORES,
  verifyPuzzle,
  type Rating,
  type SolveResult,
  type Step,
  type TechniqueName,
} from '@puzzles/candidates';

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`@puzzles/candidates consumer: ${what}`);
}

const EASY = '003020600900305001001806400008102900700000008006708200002609500800203009005010300';
const SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';

// The "Lonely Duos" naked-pairs article's string API.
const empty = Array.from({ length: 9 }, () => '000000000');
const row = Component.row(Puzzle.fromList(empty), 0);
row.setCandidatesAt(0, ['7', '8']);
row.setCandidatesAt(3, ['7', '8']);
row.setCandidatesAt(2, ['5', '6']);
row.setCandidatesAt(7, ['5', '6']);
check(JSON.stringify(new NakedPairsTechnique(row).findPairsOfIndicesOfNakedPairs()) === '[[0,3],[2,7]]', 'naked pairs');
// The bitmask layer under it: the grid's own components.
const givensGrid = parseGivens(EASY);
const top: Component = givensGrid.row(0);
check(givensGrid.components.length === 27 && Component.row(givensGrid, 0) === top && top.toString() === 'row 1', 'grid components');
check(top.mask(0) === 0b11000 && (top.positionsOf(4) & 1) === 1 && top.positionsOf(3) === 0, 'mask, positionsOf');
check(top.removeMask(0, 0b1000) === 0b1000 && givensGrid.candidates[0] === 0b10000 && givensGrid.box(0).mask(0) === 0b10000, 'removeMask');

// Solving, hints, rating.
const result: SolveResult = solveLogically(EASY);
check(result.solved && result.grid.toString() === SOLUTION, 'solveLogically');
const rating: Rating = ratePath(result.steps, result.solved);
check(rating.level === 'Easy' && rating.score > 0, 'rating');
const hint: Step | null = nextStep(EASY);
check(hint !== null && hint.placements.map(formatPlacement)[0] === 'r5c6=4', 'nextStep');

// Formats.
const grid: Grid = parseGrid(EASY);
check(parseGrid(formatCandidateGrid(grid)).toString() === grid.toString(), '{candidates} round trip');
check(formatPencilMarks(grid).length === 729, 'pencil marks');

// Techniques and validation (through @puzzles/dlx).
const names: readonly TechniqueName[] = TECHNIQUE_NAMES;
check(names.length === 68 && names.includes('forcing-net') && TECHNIQUE_SCORES['x-wing'] === 140, 'technique table');
const locked = findSteps(grid, 'locked-candidates');
check(locked.every((s) => s.eliminations.map(formatElimination).every((e) => /^r\dc\d<>\d$/.test(e))), 'findSteps');
check(verifyPuzzle(EASY).solution === SOLUTION, 'verifyPuzzle');
check(verifyPuzzle('.'.repeat(81)).status === 'multiple', 'multiple solutions');
check(explainPuzzle(EASY).rating.solved, 'explainPuzzle');
let threw = false;
try {
  parseGrid('12345');
} catch (error) {
  threw = error instanceof RangeError;
}
check(threw, 'bad input throws a RangeError');
console.log('@puzzles/candidates consumer: ok');
