export { Problem, defineProblem, isValidName, type OptionSpec, type ProblemSpec } from './problem.js';
export {
  Search,
  Solution,
  Solver,
  createSolver,
  first,
  listShards,
  type BudgetOptions,
  type Progress,
  type SearchOptions,
  type SearchStats,
  type ShardPieces,
  type SolveOptions,
  type SolverOptions,
  type StopReason,
} from './search.js';
export { ParallelSearch, count, endIdleWorkers, solutions, type ParallelOptions } from './parallel.js';
export { formatShard, parseShard, type Shard } from './shard.js';
export { formatDlx, parseDlx } from './format.js';
export { seededRandom, type Seed } from './seed.js';
export {
  SUDOKU_SIZES,
  SUDOKU_SYMBOLS,
  SudokuSolver,
  countSudokuSolutions,
  formatSudoku,
  parseSudoku,
  solveSudoku,
  type SudokuGrid,
  type SudokuInput,
  type SudokuMethod,
  type SudokuSearchOptions,
  type SudokuSolverOptions,
  type SudokuStats,
} from './sudoku.js';
export {
  solveSudokuBatch,
  type SudokuBatchError,
  type SudokuBatchInput,
  type SudokuBatchOptions,
  type SudokuBatchResult,
  type SudokuBatchWorkerOptions,
} from './sudoku-batch.js';
export {
  PENTOMINOES,
  cellsOfPicture,
  formatPacking,
  orientations,
  packingProblem,
  pentominoProblem,
  rectangle,
  type Cell,
  type PackingSpec,
  type PieceSpec,
  type Placement,
} from './packing.js';
export { nQueensProblem, type QueenSquare } from './queens.js';
