// The repository's own 9×9 fixtures (test/fixtures/sudoku-9x9.txt): 17-clue puzzles and some of the hardest known,
// each with one solution.
import { readFileSync } from 'node:fs';

/** The fixture puzzles, 81 characters each. */
export const FIXTURES: readonly string[] = readFileSync(new URL('fixtures/sudoku-9x9.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.length >= 81 && !line.startsWith('#'))
  .map((line) => line.slice(0, 81));
