// A generating worker (dist/generate-worker.js): makes the attempts generatePuzzles posts to it, one at a time, and
// answers each with its puzzle or null.
import { attemptMaker, type GeneratedPuzzle } from './generate.js';
import type { FromWorker, ToWorker } from './generate-threads.js';
import { workerPort } from './threads.js';

const port = workerPort();
let make: ((state: readonly number[]) => GeneratedPuzzle | null) | undefined;

port.listen((message) => {
  const m = message as ToWorker;
  if (m.type === 'start') {
    make = attemptMaker(m.options);
    return;
  }
  let answer: FromWorker;
  try {
    answer = { run: m.run, index: m.index, puzzle: make!(m.state) };
  } catch (error) {
    answer = { run: m.run, index: m.index, error: error instanceof Error ? error.message : String(error) };
  }
  port.post(answer);
});
