// Many double-dummy tables at once, on worker threads (Web Workers in a browser), or on this thread between turns of
// the event loop when one worker is asked for.
import type { Deal } from '../numbering/deal.js';
import { formatPbn } from '../numbering/pbn.js';
import { describeValue } from '../errors.js';
import { handsOf } from './position.js';
import { DoubleDummyStopped, checkOptions, doubleDummyTable, type DoubleDummyOptions, type DoubleDummyTable } from './table.js';
import { startThread, type Thread } from './threads.js';

/** Options of doubleDummyTables. */
export interface TablesOptions extends DoubleDummyOptions {
  /** Worker threads (1 to 256, default 1: this thread, yielding between tables). */
  workers?: number;
  /** Called with each table as it is made (in the order they finish). */
  onTable?: (table: DoubleDummyTable, index: number) => void;
}

const MAX_WORKERS = 256;

function pbnOf(deal: unknown, index: number): string {
  try {
    if (typeof deal === 'string') {
      handsOf(deal);
      return deal;
    }
    handsOf(deal);
    return formatPbn(deal as Deal);
  } catch (error) {
    throw new RangeError(`deals[${index}]: ${(error as Error).message}`);
  }
}

/**
 * The double-dummy tables of many deals, in order, made on `workers` threads. Stops at the signal or timeout with a
 * DoubleDummyStopped whose `partial` holds the tables finished (undefined where not).
 */
export async function doubleDummyTables(deals: readonly (Deal | string)[], options: TablesOptions = {}): Promise<DoubleDummyTable[]> {
  if (!Array.isArray(deals)) throw new TypeError(`deals must be an array of deals; got ${describeValue(deals)}`);
  const { workers = 1, onTable, signal, timeout, maxMemory = 32 * 1024 * 1024, engine } = options;
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    throw new RangeError(`workers must be an integer from 1 to ${MAX_WORKERS}; got ${describeValue(workers)}`);
  }
  if (onTable !== undefined && typeof onTable !== 'function') throw new TypeError(`onTable must be a function; got ${describeValue(onTable)}`);
  checkOptions(options);
  const texts = deals.map(pbnOf);
  const tables: (DoubleDummyTable | undefined)[] = new Array(texts.length).fill(undefined);
  const started = performance.now();
  const stopReason = (): 'aborted' | 'timeout' | undefined =>
    signal?.aborted ? 'aborted' : timeout !== undefined && performance.now() - started >= timeout ? 'timeout' : undefined;
  if (workers === 1) {
    for (let index = 0; index < texts.length; index++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const why = stopReason();
      if (why !== undefined) throw new DoubleDummyStopped(why, `after ${index} of ${texts.length} tables`, tables, 0);
      const left = timeout === undefined ? undefined : Math.max(1, timeout - (performance.now() - started));
      try {
        tables[index] = doubleDummyTable(texts[index]!, { ...(signal === undefined ? {} : { signal }), ...(left === undefined ? {} : { timeout: left }), maxMemory, ...(engine === undefined ? {} : { engine }) });
      } catch (error) {
        if (error instanceof DoubleDummyStopped) throw new DoubleDummyStopped(error.reason, `after ${index} of ${texts.length} tables`, tables, error.nodes);
        throw error;
      }
      onTable?.(tables[index]!, index);
    }
    return tables as DoubleDummyTable[];
  }
  return new Promise((resolve, reject) => {
    const threads: Thread[] = [];
    let next = 0;
    let done = 0;
    let over = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (error?: Error): void => {
      if (over) return;
      over = true;
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      for (const thread of threads) thread.terminate();
      if (error === undefined) resolve(tables as DoubleDummyTable[]);
      else reject(error);
    };
    const stop = (why: 'aborted' | 'timeout'): void =>
      finish(new DoubleDummyStopped(why, `after ${done} of ${texts.length} tables`, tables, 0));
    const onAbort = (): void => stop('aborted');
    if (signal?.aborted) {
      stop('aborted');
      return;
    }
    signal?.addEventListener('abort', onAbort);
    if (timeout !== undefined) timer = setTimeout(() => stop('timeout'), timeout);
    const feed = (thread: Thread): void => {
      if (next < texts.length) {
        thread.post({ index: next, deal: texts[next], maxMemory, engine });
        next++;
      }
    };
    const count = Math.min(workers, Math.max(1, texts.length));
    if (texts.length === 0) {
      finish();
      return;
    }
    for (let k = 0; k < count; k++) {
      let thread: Thread;
      try {
        thread = startThread(
          (message) => {
            if (over) return;
            const { index, table, error } = message as { index: number; table?: DoubleDummyTable; error?: string };
            if (error !== undefined || table === undefined) {
              finish(new RangeError(`deals[${index}]: ${error ?? 'no table'}`));
              return;
            }
            tables[index] = table;
            done++;
            try {
              onTable?.(table, index);
            } catch (thrown) {
              finish(thrown instanceof Error ? thrown : new Error(String(thrown)));
              return;
            }
            if (done === texts.length) finish();
            else feed(thread);
          },
          (error) => finish(error),
        );
      } catch (error) {
        finish(error as Error);
        return;
      }
      threads.push(thread);
      feed(thread);
    }
  });
}
