// The double-dummy worker: runs @puzzles/bigint-deal's doubleDummyTable on the deal asked for and posts the table (or
// the library's error). The page ends a search that is no longer wanted by terminating this worker.
import { doubleDummyTable } from '@puzzles/bigint-deal/double-dummy';
import type { TableRequest, TableResponse } from './dd-protocol.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<TableRequest>) => void) | null;
  postMessage(message: TableResponse): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, pbn } = event.data;
  try {
    const start = performance.now();
    // A generous bound, so that a pathological deal ends with a message instead of a worker that never answers.
    const table = doubleDummyTable(pbn, { timeout: 120_000 });
    scope.postMessage({ id, table, ms: performance.now() - start });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
