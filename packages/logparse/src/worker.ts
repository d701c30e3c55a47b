// A worker thread of a count in several threads (workers.ts): counts the panels of one byte range of an uncompressed
// log (whole, or day by day), its user agents unclassified; merges into them the parts its children in the merge tree
// hand it, as they arrive; and hands the result on in compact form (typed arrays transferred, not copied) to its
// parent in the tree, or to the main thread, which classifies the agents.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { compactPanels, countRangeCompact, countRangeDays, expandPanels, exposedGc, mergePanels, transferables } from './threads.js';

/** What the main thread gives a worker (workers.ts's WorkerJob). */
interface Job {
  file: string;
  start: number;
  end: number;
  format: unknown;
  maxLineLength: number | undefined;
  byDay: boolean;
  lean: boolean;
  up: MessagePort | null;
  downs: MessagePort[];
}

/** What a worker hands on (workers.ts's WorkerPart). */
interface Part {
  byAgent: boolean;
  stats?: ReturnType<typeof compactPanels>;
  days?: Array<[string, ReturnType<typeof compactPanels>]>;
}

const job = workerData as Job;
const options = { format: job.format as never, ...(job.maxLineLength === undefined ? {} : { maxLineLength: job.maxLineLength }) };
const to = job.up ?? parentPort!;
/** Calls `merge` with each child's part as it arrives; settles once all have. */
const children = (merge: (part: Part) => void): Promise<void[]> =>
  Promise.all(
    job.downs.map(
      (port) =>
        new Promise<void>((resolve) =>
          port.once('message', (part: Part) => {
            port.close();
            merge(part);
            resolve();
          }),
        ),
    ),
  );
if (job.byDay) {
  // In compact form, as strings and typed arrays (the items' packed visitor lists are class instances, which a
  // structured clone does not keep); a day this worker and a child both counted is merged, one day at a time.
  const gc = job.lean ? exposedGc() : null;
  const { days, byAgent } = await countRangeDays(job.file, job.start, job.end, options, gc ?? undefined);
  await children((part) => {
    for (const [day, compact] of part.days!) {
      const mine = days.get(day);
      days.set(day, mine === undefined ? compact : compactPanels(mergePanels(expandPanels(mine), expandPanels(compact)), true));
      if (mine !== undefined) gc?.();
    }
  });
  const compact = [...days].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  to.postMessage({ byAgent, days: compact } satisfies Part, compact.flatMap(([, c]) => transferables(c)));
} else {
  // In compact form straight from the counter; made statistics (once) only to merge a child's part into.
  const { compact: own, byAgent } = await countRangeCompact(job.file, job.start, job.end, options);
  if (job.lean) exposedGc()?.();
  let stats: ReturnType<typeof expandPanels> | null = null;
  await children((part) => {
    stats = mergePanels(stats ?? expandPanels(own), expandPanels(part.stats!));
  });
  const compact = stats === null ? own : compactPanels(stats, true);
  to.postMessage({ byAgent, stats: compact } satisfies Part, transferables(compact));
}
