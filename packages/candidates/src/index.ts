export { Grid, validateGrid } from './grid.js';
export {
  formatCandidateGrid,
  formatCandidateTable,
  formatGivens,
  formatPencilMarks,
  parseCandidateGrid,
  parseGivens,
  parseGrid,
  parsePencilMarks,
} from './formats.js';
export { Component, type ComponentKind } from './component.js';
export { Puzzle } from './puzzle.js';
export { NakedPairsTechnique } from './naked-pairs.js';
export {
  formatElimination,
  formatPlacement,
  isTechniqueName,
  TECHNIQUE_NAMES,
  type Candidate,
  type Step,
  type TechniqueName,
} from './step.js';
export { findSteps } from './techniques.js';
export { MAX_CHAIN_LENGTH } from './chains.js';
export { MAX_ALS_CHAIN } from './als.js';
export { formatChain, formatChainNode, parseChain, type Chain, type ChainNode } from './eureka.js';
export { findForcingSteps, FORCING_BUDGET, type ForcingKind, type ForcingOptions, type ForcingResult } from './forcing.js';
export { MAX_LOOP_LENGTH } from './nice-loops.js';
export { nextStep, solveLogically, type SolveOptions, type SolveResult, type SolveStatus } from './solver.js';
export {
  LEVEL_MAX_SCORES,
  LEVELS,
  ratePath,
  TECHNIQUE_LEVELS,
  TECHNIQUE_SCORES,
  type Level,
  type Rating,
} from './rating.js';
export { stepAgreesWith, verifyPuzzle, type Verification } from './validation.js';
export { explainPuzzle, type Explanation } from './explain.js';
export { cellName } from './tables.js';
export {
  generatePuzzle,
  generatePuzzles,
  GenerationError,
  SYMMETRIES,
  type GenerateOptions,
  type GeneratePuzzlesOptions,
  type GeneratedPuzzle,
  type GenerateSeed,
  type GenerateStopReason,
  type PuzzleGenerator,
  type Symmetry,
} from './generate.js';
export { endGeneratorWorkers } from './threads.js';
