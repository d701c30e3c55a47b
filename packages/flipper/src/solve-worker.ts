// The CLI's worker thread for `flipper lights-out`: solves one board and sends back the solution, progress at most
// every 100 ms, or where a --timeout stopped it. The main thread stays free, so Ctrl-C ends a long solve at once.
import { parentPort, workerData } from 'node:worker_threads';
import { StoppedError, solveLightsOut, type LightsOutSolution } from './index.js';

/** What the CLI sends: the board (its buffer, transferred), its size and the time limit. */
export interface SolveRequest {
  readonly board: ArrayBuffer;
  readonly rows: number;
  readonly cols: number;
  readonly timeout: number | undefined;
}

/** What the worker sends back: progress, then the solution and its time, or where the time limit stopped it. */
export interface SolveMessage {
  readonly progress?: [number, number];
  readonly solution?: LightsOutSolution;
  readonly ms?: number;
  readonly stopped?: { readonly task: string; readonly done: number; readonly total: number; readonly unit: string };
}

if (parentPort !== null) {
  const port = parentPort;
  const { board, rows, cols, timeout } = workerData as SolveRequest;
  let last = 0;
  const onProgress = (done: number, total: number): void => {
    const now = Date.now();
    if (now - last < 100) return;
    last = now;
    port.postMessage({ progress: [done, total] } satisfies SolveMessage);
  };
  try {
    const start = performance.now();
    const solution = solveLightsOut(new Uint32Array(board), rows, cols, { timeout, onProgress });
    const ms = performance.now() - start;
    port.postMessage({ solution, ms } satisfies SolveMessage, solution.presses === null ? [] : [solution.presses.buffer as ArrayBuffer]);
  } catch (error) {
    if (!(error instanceof StoppedError)) throw error;
    const { task, done, total, unit } = error;
    port.postMessage({ stopped: { task, done, total, unit } } satisfies SolveMessage);
  }
}
