// A worker thread of a count in several threads (workers.ts): counts the panels of one byte range of an uncompressed
// log (whole, or day by day), its user agents unclassified, and posts them back in compact form (typed arrays
// transferred, not copied), to be classified and merged by the main thread as they arrive.
import { parentPort, workerData } from 'node:worker_threads';
import { compactPanels, countRange, countRangeDays, transferables } from './threads.js';

/** What the main thread gives a worker (workers.ts's WorkerJob). */
interface Job {
  file: string;
  start: number;
  end: number;
  format: unknown;
  maxLineLength: number | undefined;
  byDay: boolean;
}

const job = workerData as Job;
const options = { format: job.format as never, ...(job.maxLineLength === undefined ? {} : { maxLineLength: job.maxLineLength }) };
if (job.byDay) {
  const { days, byAgent } = await countRangeDays(job.file, job.start, job.end, options);
  // As strings and typed arrays (the items' packed visitor lists are class instances, which a structured clone does
  // not keep).
  const compact = [...days].map(([day, stats]) => [day, compactPanels(stats, true)] as const);
  parentPort!.postMessage({ byAgent, days: compact }, compact.flatMap(([, c]) => transferables(c)));
} else {
  const { stats, byAgent } = await countRange(job.file, job.start, job.end, options);
  const compact = compactPanels(stats, true);
  parentPort!.postMessage({ byAgent, stats: compact }, transferables(compact));
}
