export {
  PATTERNS,
  SOLVED_CODE,
  decodePattern,
  encodePattern,
  formatScore,
  parseScore,
  scoreCode,
  scoreGuess,
  type Mark,
  type Score,
} from './score.js';
export {
  FIRST_DAY,
  REASONS,
  allowedGuesses,
  answerForDate,
  answerForDay,
  answers,
  checkValidWord,
  createWordList,
  dayNumber,
  originalWords,
  pickAnswer,
  type PickOptions,
  type RandomOptions,
  type WordCheck,
  type WordList,
  type WordListInput,
} from './words.js';
export { WORD_LIST_NAMES, wordList, type WordListName } from './lists/named.js';
export { buildPatternMatrix, patternMatrix, type PatternMatrix } from './matrix.js';
export { GameOverError } from './errors.js';
export { hardModeViolation, type ScoredGuess } from './hard.js';
export { createGame, playRound, shareGrid, type Game, type GameOptions, type Round } from './game.js';
export { createSolver, type EvaluateOptions, type SolveStep, type SolveSummary, type Solver, type SolverOptions } from './solver.js';
export { solveExact, type ExactOptions, type ExactResult } from './exact/solve.js';
export { checkStrategy, type StrategyCheck } from './exact/strategy.js';
