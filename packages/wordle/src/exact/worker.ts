// The exact search's worker thread (dist/exact-worker.js): it receives the setup once, over shared memory, then runs
// tasks one at a time and posts each result; its cache lives as long as the worker.
import { parentPort } from 'node:worker_threads';
import { ExactSearch, type SearchSetup } from './search.js';
import { runTask, type Task } from './task.js';

let search: ExactSearch | undefined;
parentPort?.on('message', (message: { setup: SearchSetup } | { task: Task }) => {
  if ('setup' in message) {
    search = new ExactSearch(message.setup);
    return;
  }
  parentPort!.postMessage(runTask(search!, message.task));
});
