// The generator worker: runs @puzzles/candidates' generatePuzzle for the level asked for and posts the puzzle (or the
// library's error, e.g. no Extreme puzzle within its attempts).
import { generatePuzzle } from '@puzzles/candidates';
import type { GenerateRequest, GenerateResponse } from './generate-protocol.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<GenerateRequest>) => void) | null;
  postMessage(message: GenerateResponse): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { level, seed } = event.data;
  try {
    const start = performance.now();
    const puzzle = generatePuzzle(seed === undefined ? { level, timeout: 30_000 } : { level, seed, timeout: 30_000 });
    scope.postMessage({ puzzle, ms: performance.now() - start });
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
