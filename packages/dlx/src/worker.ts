// The script of a search worker (dist/worker.js): it lays the problem out once, then runs the batches of pieces it
// is sent, answering with their solutions (when asked for), progress and statistics. See parallel.ts.
import { defineProblem } from './problem.js';
import { Solver, type SearchOptions } from './search.js';
import { workerPort } from './threads.js';
import type { ToWorker } from './parallel.js';
import { solveHere, type SudokuBatchReply, type SudokuBatchTask } from './sudoku-batch.js';

/** Solutions are sent in batches of this many, or sooner when the batch has been gathering this long (ms). */
const BATCH = 1024;
const BATCH_MS = 20;
/** Flow control: the search waits while this many solutions sent are not yet taken by the consumer, until half are. */
const UNTAKEN = 8192;

const port = workerPort();
let solver: Solver | null = null;
/** Solutions sent and not yet acknowledged as taken; a promise's resolve while the search waits for acknowledgements. */
let untaken = 0;
let resume: (() => void) | null = null;
/** The runs in the order their messages came. */
let queue: Promise<void> = Promise.resolve();

port.listen((message) => {
  const m = message as ToWorker | SudokuBatchTask;
  if (m.type === 'sudoku') {
    // A run of a Sudoku batch: solved at once, in this thread.
    let reply: SudokuBatchReply;
    try {
      reply = { type: 'sudoku', id: m.id, result: solveHere(m.puzzles, m.limit, m.solutions) };
    } catch (error) {
      reply = { type: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    port.post(reply);
    return;
  }
  if (m.type === 'taken') {
    untaken -= m.count;
    if (resume !== null && untaken <= UNTAKEN / 2) {
      resume();
      resume = null;
    }
    return;
  }
  // Batches arrive ahead of time (parallel.ts sends two): each runs after the one before, even when that one waits for
  // its consumer.
  queue = queue.then(() => run(m));
});

async function run(m: Exclude<ToWorker, { type: 'taken' }>): Promise<void> {
  try {
    if (m.type === 'init') {
      solver = new Solver(defineProblem(m.spec), m.seed === undefined ? {} : { seed: m.seed });
      untaken = 0;
      return;
    }
    const options: SearchOptions = {
      ...(m.given.length === 0 ? {} : { given: m.given }),
      ...(m.limit === null ? {} : { limit: m.limit }),
      ...(m.maxNodes === null ? {} : { maxNodes: m.maxNodes }),
      progressInterval: m.progressInterval,
      onProgress: (p) => port.post({ type: 'progress', id: m.id, nodes: p.nodes, solutions: p.solutions }),
    };
    const search = solver!.searchPieces(options, { pieces: m.pieces, nodes: 0, updates: 0, maxDepth: 0, countsGiven: m.countsGiven });
    if (m.solutions) {
      let list: number[][] = [];
      let since = performance.now();
      for (let r = search.next(); r.done !== true; r = search.next()) {
        list.push(r.value.options as number[]);
        if (list.length >= BATCH || performance.now() - since >= BATCH_MS) {
          port.post({ type: 'solutions', id: m.id, list });
          untaken += list.length;
          list = [];
          // The consumer is behind: wait (letting its acknowledgements in) rather than queue solutions in memory.
          if (untaken >= UNTAKEN) await new Promise<void>((resolve) => (resume = resolve));
          since = performance.now();
        }
      }
      if (list.length > 0) port.post({ type: 'solutions', id: m.id, list });
    } else {
      search.drain();
    }
    const { solutions, nodes, updates, maxDepth, complete, stoppedBy } = search.stats;
    port.post({ type: 'done', id: m.id, stats: { solutions, nodes, updates, maxDepth, complete, stoppedBy } });
  } catch (error) {
    port.post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
