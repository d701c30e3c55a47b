// The messages between the Sudoku page and its generator worker (puzzles are made off the main thread, so the page
// never freezes while the library searches for a puzzle of the level asked for).
import type { GeneratedPuzzle, Level } from '@puzzles/candidates';

/** Make one puzzle of this level (seed: for a reproducible puzzle, from the page's address). */
export interface GenerateRequest {
  readonly level: Level;
  readonly seed?: string;
}

/** The puzzle made, or the library's reason for making none. */
export type GenerateResponse = { readonly puzzle: GeneratedPuzzle; readonly ms: number } | { readonly error: string };
