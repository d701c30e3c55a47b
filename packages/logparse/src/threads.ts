// The panels of `logparse --workers N` (Node only, internal: the CLI and its worker threads load it as dist/threads.js,
// which shares the core's chunk). A worker counts its byte range into a counter and hands it on as the counter's dump
// (its typed arrays and its texts' bytes, transferred: no string made, nothing copied), which the receiving counter
// adds up (`PanelCounter.absorb`), classifying the agents once as any counter does. Statistics counted through
// records (a format without `%r`) go in compact form, their `os` list keyed by agent until the main thread classifies
// them (`familiesOf`).
import { agentClass } from './agent.js';
import { compileFormat } from './format.js';
import { PackedItem, visitorList, type PanelItem, type PanelStats } from './panels.js';
import { statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { compactPanels, type CompactPanels } from './compact.js';
import type { DaySums } from './daysum.js';
import { PanelCounter, collectDaySumsWith, countDays, countWhole, type CounterDump, type DaySumOptions, type PanelOptions } from './panelscan.js';
import type { StopReason } from './stop.js';
import { canSplit, checkWorkers, daySumsInThreads, sourcePath } from './workers.js';
import { NODE_READER, fileRangeChunks } from './source.js';

export { compactPanels, expandPanels, transferables } from './compact.js';
export { ColumnRows, PanelCounter, dumpTransferables, type CounterDump, type RowsReport } from './panelscan.js';
export { mergePanels } from './panels.js';
export { reportInThreads } from './workers.js';
export { pageHtml, type ZippedDays } from './html.js';
export type { RowSummary } from './htmlpanel.js';
export { dayData, type DayData } from './htmlrange.js';

/**
 * V8's `gc`, exposed at run time, called only while the process's resident memory is over `above` bytes (a full
 * collection costs tens of milliseconds: a log of few visitors never pays it); null when it cannot be had. For a
 * thread of a process that owns its V8. @internal
 */
export function exposedGc(above = COLLECT_ABOVE): (() => void) | null {
  let gc: () => void;
  try {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  } catch {
    return null;
  }
  return () => {
    if (process.memoryUsage.rss() > above) gc();
  };
}

/** Resident bytes over which `exposedGc`'s collections run. */
const COLLECT_ABOVE = 96 << 20;

/**
 * The days' full reports of a source (a path, `-`, chunks…) added up (`DaySums`): the report of the whole log, of any
 * range of days and the HTML page's partials, in the least memory. With `workers`, a plain file is read in threads.
 * @internal
 */
export async function collectDaySums(input: unknown, options: DaySumOptions & { readonly workers?: number }): Promise<{ sums: DaySums; stopped?: StopReason }> {
  const workers = checkWorkers(options.workers);
  const path = sourcePath(input);
  if (canSplit(path, workers, options)) return daySumsInThreads(path, 0, statSync(path).size, workers, options);
  return collectDaySumsWith(NODE_READER, input, options);
}

/**
 * A counter's whole statistics in compact form, and whether their `os` list is keyed by agent (`byAgent` asked for;
 * records counted on the slower path, for a format without `%r`, come classified). @internal
 */
export function compactOf(counter: PanelCounter, byAgent: boolean): { compact: CompactPanels; byAgent: boolean } {
  if (counter.records === null) return { compact: counter.compact(byAgent), byAgent };
  const r = counter.records;
  r.failed = counter.failed;
  r.logSize = counter.logSize;
  return { compact: compactPanels(r, true), byAgent: false };
}

/**
 * Counts bytes `[start, end)` of a file into one counter (user agents unclassified until a report is made of it): what
 * a worker thread dumps and hands on. @internal
 */
export async function countRangeCounter(file: string, start: number, end: number, options: PanelOptions): Promise<PanelCounter> {
  return (await countWhole(NODE_READER, fileRangeChunks(file, start, end), options, 'collectPanels')).counter;
}

/**
 * Counts bytes `[start, end)` of a file day by day: each day's counter (or its statistics when the day was counted in
 * pieces, their `os` list keyed by agent when `byAgent`), in order of days. @internal
 */
export async function countRangeDayParts(file: string, start: number, end: number, options: PanelOptions): Promise<{ days: Map<string, PanelCounter | PanelStats>; byAgent: boolean }> {
  const byAgent = compileFormat(options.format ?? 'combined').fields.some((f) => f.kind === 'request');
  const { counters } = await countDays(NODE_READER, fileRangeChunks(file, start, end), options, byAgent, 'collectDayPanels');
  return { days: new Map(counters.parts()), byAgent };
}

/** A counter holding what a dump counted (a counter of its own, for a part no counter here has yet). @internal */
export function counterOf(dump: CounterDump, between?: () => void): PanelCounter {
  const counter = new PanelCounter();
  counter.absorb(dump, between);
  return counter;
}

/**
 * Turns statistics whose `os` list is keyed by user agent into the operating-system and browser panels (each agent
 * classified once, through the cache of classes); returns them. An agent's visitors are its own (a visitor key holds
 * its agent), so a family's visitors are its agents' visitors put together. @internal
 */
export function familiesOf(stats: PanelStats): PanelStats {
  const byAgent = [...stats.lists.os];
  stats.lists.os.clear();
  stats.lists.browsers.clear();
  const groups = (pick: 'os' | 'browser'): Map<string, PanelItem[]> => {
    const out = new Map<string, PanelItem[]>();
    for (const [agent, item] of byAgent) {
      const name = agentClass(agent === '' ? null : agent)[pick];
      const list = out.get(name);
      if (list === undefined) out.set(name, [item]);
      else list.push(item);
    }
    return out;
  };
  const fill = (into: Map<string, PanelItem>, from: Map<string, PanelItem[]>): void => {
    for (const [name, items] of from) {
      let hits = 0;
      let bytes = 0;
      let n = 0;
      for (const item of items) {
        hits += item.hits;
        bytes += item.bytes;
        n += visitorList(item).length;
      }
      const ids = new Int32Array(n);
      let at = 0;
      for (const item of items) {
        const list = visitorList(item);
        for (let k = 0; k < list.length; k++) ids[at++] = list[k]!;
      }
      into.set(name, new PackedItem(hits, bytes, ids.sort()));
    }
  };
  fill(stats.lists.os, groups('os'));
  fill(stats.lists.browsers, groups('browser'));
  return stats;
}
