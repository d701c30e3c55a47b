// The double-dummy worker (dist/dd-worker.js): makes the tables it is sent, one at a time, and answers each.
import { doubleDummyTable } from './table.js';
import { workerPort } from './threads.js';

const port = workerPort();
port.listen((message) => {
  const { index, deal, maxMemory, engine } = message as { index: number; deal: string; maxMemory: number; engine?: 'wasm' | 'js' };
  try {
    port.post({ index, table: doubleDummyTable(deal, { maxMemory, ...(engine === undefined ? {} : { engine }) }) });
  } catch (error) {
    port.post({ index, error: error instanceof Error ? error.message : String(error) });
  }
});
