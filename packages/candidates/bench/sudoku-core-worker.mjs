// A worker thread of generate.bench.ts: makes sudoku-core puzzles at one level, posting each as 81 characters with the
// CPU time since the worker began (the process's: the bench's main thread only waits meanwhile), until the bench ends
// it. sudoku-core's generate is synchronous and at its harder levels sometimes takes minutes for one puzzle: in a
// worker, the bench can stop it at its time budget.
import { parentPort, workerData } from 'node:worker_threads';
import { generate } from 'sudoku-core';

const start = process.cpuUsage();
for (;;) {
  const board = generate(workerData.level);
  const usage = process.cpuUsage(start);
  parentPort.postMessage({ puzzle: board.map((v) => (v === null ? '.' : String(v))).join(''), cpuMs: (usage.user + usage.system) / 1000 });
}
