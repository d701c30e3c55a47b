// A worker thread of a count in several threads (workers.ts): counts the panels of one byte range of an uncompressed
// log (whole, or day by day), its user agents unclassified; adds into them the parts its children in the merge tree
// hand it, as they arrive; and hands the result on to its parent in the tree, or to the main thread. A counter goes
// as its dump (its own typed arrays and its texts' bytes, transferred: nothing copied, no string made), which the
// receiving counter adds up (`PanelCounter.absorb`); statistics counted through records (a format without `%r`) go
// in compact form, and are merged as statistics.
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PanelCounter, compactOf, compactPanels, countRangeCounter, countRangeDayParts, counterOf, dumpTransferables, expandPanels, exposedGc, mergePanels, transferables, type CounterDump } from './threads.js';

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

/** A day's part (workers.ts's DayPart). */
type DayPart = { dump: CounterDump } | { compact: ReturnType<typeof compactPanels> };

/** What a worker hands on (workers.ts's WorkerPart). */
interface Part {
  byAgent: boolean;
  dump?: CounterDump;
  stats?: ReturnType<typeof compactPanels>;
  days?: Array<[string, DayPart]>;
}

const job = workerData as Job;
// (V8's flags are the whole process's: this holds for the main thread's heap too, as the CLI had set it.)
if (job.lean) setFlagsFromString('--semi-space-growth-factor=1');
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
  const { days: counted, byAgent } = await countRangeDayParts(job.file, job.start, job.end, options);
  // Each day as a counter (to dump, or to add a child's dump into), a child's dump, or compact statistics.
  const days = new Map<string, PanelCounter | CounterDump | ReturnType<typeof compactPanels>>();
  for (const [day, part] of counted) days.set(day, part instanceof PanelCounter ? part : compactPanels(part, true));
  counted.clear();
  /** A day held here in compact form. */
  const compactOfHeld = (held: PanelCounter | CounterDump | ReturnType<typeof compactPanels>): ReturnType<typeof compactPanels> =>
    held instanceof PanelCounter ? compactOf(held, byAgent).compact : 'keyHits' in held ? counterOf(held).compact(byAgent) : held;
  await children((part) => {
    for (const [day, theirs] of part.days!) {
      const mine = days.get(day);
      if (mine === undefined) days.set(day, 'dump' in theirs ? theirs.dump : theirs.compact);
      else if (mine instanceof PanelCounter && mine.records === null && 'dump' in theirs) mine.absorb(theirs.dump);
      else days.set(day, compactPanels(mergePanels(expandPanels(compactOfHeld(mine)), expandPanels(compactOfHeld('dump' in theirs ? theirs.dump : theirs.compact))), true));
    }
  });
  /** A day's part to hand on, the day dropped from `days` (no reference to its counter left here). */
  const handOn = (day: string): DayPart => {
    const held = days.get(day)!;
    days.delete(day);
    return held instanceof PanelCounter ? (held.records === null ? { dump: held.dump() } : { compact: compactOfHeld(held) }) : 'keyHits' in held ? { dump: held } : { compact: held };
  };
  // Each day's counter collected once its dump is made (`lean`): the dumps, at their exact sizes, take its place.
  const gc = job.lean ? exposedGc() : null;
  const out: Array<[string, DayPart]> = [];
  for (const day of [...days.keys()].sort()) {
    out.push([day, handOn(day)]);
    gc?.();
  }
  to.postMessage({ byAgent, days: out } satisfies Part, out.flatMap(([, p]) => ('dump' in p ? dumpTransferables(p.dump) : transferables(p.compact))));
} else {
  const counter = await countRangeCounter(job.file, job.start, job.end, options);
  if (counter.records === null) {
    // A child counts the same format: its part is a dump too.
    await children((part) => counter.absorb(part.dump!));
    // (Lean: the count's garbage collected before the dump is made, and the counter's parts as they are copied.)
    const gc = job.lean ? exposedGc() : null;
    gc?.();
    const dump = counter.dump(gc ?? undefined);
    to.postMessage({ byAgent: false, dump } satisfies Part, dumpTransferables(dump));
  } else {
    // Through records: compact statistics, made statistics (once) only to merge a child's part into.
    const { compact: own, byAgent } = compactOf(counter, false);
    let stats: ReturnType<typeof expandPanels> | null = null;
    await children((part) => {
      stats = mergePanels(stats ?? expandPanels(own), expandPanels(part.stats!));
    });
    const compact = stats === null ? own : compactPanels(stats, true);
    to.postMessage({ byAgent, stats: compact } satisfies Part, transferables(compact));
  }
}
