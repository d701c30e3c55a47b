export {
  MAX_COLORS,
  MAX_PEGS,
  codeToIndex,
  formatCode,
  indexToCode,
  parseCode,
  resolveSize,
  type CodeSize,
  type ResolvedSize,
} from './code.js';
export { decodeScore, encodeScore, score, scoreCodes, type Score } from './score.js';
export { CodeSpace, MAX_CODES, codeSpace } from './space.js';
export { DEFAULT_MAX_GUESSES, createGame, play, type Game, type GameOptions, type PlayResult } from './game.js';
export type { SolveResult, Turn } from './state-machine.js';
export type { LongCallOptions, Progress, StopReason } from './job.js';
export {
  MAX_OPTIMAL_CODES,
  STRATEGIES,
  STRATEGY_LIMITS,
  codeCount,
  defaultOpener,
  evaluate,
  nextGuess,
  solve,
  type EvaluateOptions,
  type Evaluation,
  type NextGuess,
  type StrategyLimit,
  type StrategyName,
  type StrategyOptions,
} from './strategy.js';
export type { Seed } from './random.js';
