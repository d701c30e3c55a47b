// The messages between the Mastermind page and its solver worker (the solvers run off the main thread, so a long
// exact search never freezes the page).
import type { SolveResult, StrategyName } from '@puzzles/mastermind';

/** Solve one secret with every strategy in `strategies`, in that order. */
export interface SolveRequest {
  readonly secret: string;
  readonly pegs: number;
  readonly colors: number;
  /** Seed of the state-machine strategy's random first color. */
  readonly seed: string;
  readonly strategies: readonly StrategyName[];
}

/** One strategy's answer: its solve() result, or the library's reason for refusing. */
export type SolveResponse =
  | { readonly strategy: StrategyName; readonly result: SolveResult; readonly ms: number; readonly opener: string | null }
  | { readonly strategy: StrategyName; readonly error: string };
