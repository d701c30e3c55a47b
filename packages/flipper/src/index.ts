export { bitsOf, countBits, hasBit, wordsFor } from './bits.js';
export { MAX_CELLS, boardOf, emptyBoard, formatBoard, parseBoard } from './board.js';
export {
  GOAL,
  MOVES,
  MOVE_SQUARES,
  SQUARES,
  applyMove,
  applyMoves,
  formatGrid,
  formatPosition,
  isOn,
  isSolved,
  parseGrid,
  parsePosition,
  type Position,
} from './position.js';
export { seededRandom, type RandomOptions } from './random.js';
export {
  gameHint,
  newGame,
  playCommand,
  playMove,
  randomPosition,
  resetGame,
  type CommandOutcome,
  type Game,
  type NewGameOptions,
  type RandomPositionOptions,
} from './game.js';
export { hint, reachable, singleSquareToggles, solve } from './solver.js';
export { MAX_MOVES, MAX_PUZZLE_BITS, applyPresses, createPuzzle, type Puzzle, type PuzzleSpec } from './puzzle.js';
export {
  MAX_ELIMINATION_BITS,
  analyzePuzzle,
  isSolvable,
  solvePuzzle,
  type AnalyzePuzzleOptions,
  type PuzzleAnalysis,
  type PuzzleSolution,
  type SolvePuzzleOptions,
} from './elimination.js';
export { flipperPuzzle, lightsOutPuzzle, merlinPuzzle } from './presets.js';
export {
  applyLightsOut,
  lightsOutRank,
  randomLightsOutBoard,
  solveLightsOut,
  type LightsOutSolution,
  type RandomLightsOutOptions,
  type SolveLightsOutOptions,
} from './lights-out.js';
export { StoppedError, type StopOptions } from './stop.js';
