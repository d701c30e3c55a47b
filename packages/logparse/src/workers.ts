// Counting one large file in several threads (Node only): the file is cut at line starts into byte ranges, the main
// thread counts the first range while worker threads count the others. The workers' parts are merged in a tree among
// the workers themselves (worker k hands its part to worker k - lowbit(k), which merges the parts it is handed into
// its own), and the first worker hands the main thread one part for all: the main thread merges one part whatever
// the number of threads, each merge costs in proportion to its parts' distinct keys, and the longest chain of merges
// is log2 of the number of workers.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { compactPanels, expandPanels, type CompactPanels } from './compact.js';
import { DaySums } from './daysum.js';
import { partsReport } from './partsreport.js';
import type { DayPanels } from './days.js';
import { describeValue } from './errors.js';
import { compileFormat } from './format.js';
import { PANELS, createPanels, isOrderedPanel, mergePanels, panelReport, type PanelName, type PanelReport, type PanelStats } from './panels.js';
import { PanelCounter, addDay, collectDayPanelsWith, collectPanelsWith, countDays, countWhole, type CounterDump, type DayCollection, type DayCounters, type DaySumOptions, type PanelCollection, type PanelOptions, type RowsReport } from './panelscan.js';
import { NODE_READER, fileRangeChunks } from './source.js';
import { compactOf, counterOf, familiesOf } from './threads.js';
import type { StopReason } from './stop.js';

/** The most threads one count takes. */
export const MAX_WORKERS = 64;

/** What the main thread gives a worker thread. @internal */
export interface WorkerJob {
  readonly file: string;
  readonly start: number;
  readonly end: number;
  readonly format: unknown;
  readonly maxLineLength: number | undefined;
  readonly byDay: boolean;
  /** Sets `--semi-space-growth-factor=1` again once started, collects between days (`DaySumOptions.lean`). */
  readonly lean: boolean;
  /** Where this worker's part goes (merged with its children's): its parent's port, or null for the main thread. */
  readonly up: MessagePort | null;
  /** The ports its children's parts come from, to be merged into its own before it hands it on. */
  readonly downs: MessagePort[];
}

/**
 * What a worker thread posts back, whole or per day: a counter's dump (`PanelCounter.dump`, its buffers transferred),
 * or compact statistics (counted through records, or a day counted in pieces), their `os` list keyed by agent when
 * `byAgent`. @internal
 */
export interface WorkerPart {
  readonly byAgent: boolean;
  readonly dump?: CounterDump;
  readonly stats?: CompactPanels;
  readonly days?: Array<[string, DayPart]>;
}

/** One day of a worker's part: a counter's dump, or compact statistics. @internal */
export type DayPart = { readonly dump: CounterDump } | { readonly compact: CompactPanels };

/** A day's part as statistics whose agents are classified. */
function dayStats(part: DayPart, byAgent: boolean): PanelStats {
  return 'dump' in part ? counterOf(part.dump).result() : partStats(part.compact, byAgent);
}

/** The offset of the first line start at or after `at` (the file's size when there is none). @internal */
export function nextLineStart(file: string, at: number): number {
  if (at === 0) return 0;
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(65536);
    for (let pos = at - 1; ; pos += buf.length) {
      const n = readSync(fd, buf, 0, buf.length, pos);
      if (n === 0) return pos;
      const nl = buf.subarray(0, n).indexOf(10);
      if (nl >= 0) return pos + nl + 1;
    }
  } finally {
    closeSync(fd);
  }
}

/** True for a readable regular file that starts with the gzip magic number (false when it cannot be read). */
export function isGzipFile(file: string): boolean {
  let fd: number;
  try {
    if (!statSync(file).isFile()) return false;
    fd = openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    const buf = Buffer.alloc(2);
    return readSync(fd, buf, 0, 2, 0) === 2 && buf[0] === 0x1f && buf[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

/** `[start, end)` cut at line starts into at most `parts` ranges of about equal size (empty ones left out). @internal */
export function cutRanges(file: string, start: number, end: number, parts: number): Array<[number, number]> {
  const cuts = [start];
  for (let i = 1; i < parts; i++) {
    const cut = Math.min(end, nextLineStart(file, start + Math.floor(((end - start) * i) / parts)));
    cuts.push(Math.max(cut, cuts[cuts.length - 1]!));
  }
  cuts.push(end);
  const out: Array<[number, number]> = [];
  for (let i = 0; i + 1 < cuts.length; i++) if (cuts[i + 1]! > cuts[i]!) out.push([cuts[i]!, cuts[i + 1]!]);
  return out;
}

/** The worker script beside this module (dist/worker.js), in the ESM and the CommonJS build. */
function workerScript(): URL {
  return typeof __filename === 'string' ? pathToFileURL(join(dirname(__filename), 'worker.js')) : new URL('./worker.js', import.meta.url);
}

/** Checks a `workers` option: undefined or an integer from 1 to MAX_WORKERS. @internal */
export function checkWorkers(workers: unknown): number {
  if (workers === undefined) return 1;
  if (!Number.isInteger(workers) || (workers as number) < 1 || (workers as number) > MAX_WORKERS) {
    throw new RangeError(`workers must be an integer from 1 to ${MAX_WORKERS}; got ${describeValue(workers)}`);
  }
  return workers as number;
}

/** True when a count can be spread over threads: several asked for, a plain file, nothing that needs one reader. @internal */
export function canSplit(path: string | undefined, workers: number, options: PanelOptions): path is string {
  if (workers < 2 || path === undefined || path === '-') return false;
  // A time limit, strict reading, rejects told one by one and the records path need the lines in one reader.
  if (options.timeout !== undefined || options.strict === true || options.onReject !== undefined || options.raw === true) return false;
  try {
    if (!statSync(path).isFile()) return false;
  } catch {
    return false;
  }
  return !isGzipFile(path);
}

/** A path of a source given as a path or `file:` URL; undefined for anything else. @internal */
export function sourcePath(input: unknown): string | undefined {
  if (typeof input === 'string') return input;
  if (input instanceof URL && input.protocol === 'file:') return fileURLToPath(input);
  return undefined;
}

/** A part counted by a worker thread, as statistics whose agents are classified. */
function partStats(compact: CompactPanels, byAgent: boolean): PanelStats {
  const stats = expandPanels(compact);
  return byAgent ? familiesOf(stats) : stats;
}

/**
 * Counts `[start, end)` of a file in `workers` threads: the main thread counts the first range with `own` while
 * worker threads count the others, and `theirs` takes the workers' one part (their merge tree's root). @internal
 */
async function inThreads(file: string, start: number, end: number, workers: number, options: DaySumOptions, byDay: boolean, own: (from: number, to: number) => Promise<StopReason | undefined>, theirs: (part: WorkerPart) => void): Promise<StopReason | undefined> {
  const ranges = cutRanges(file, start, end, workers);
  const format = compileFormat(options.format ?? 'combined');
  const threads: Worker[] = [];
  const jobs = ranges.slice(1);
  // The merge tree: worker k (from 0) hands its part up to worker k - lowbit(k); worker 0 to the main thread.
  const ups: Array<MessagePort | null> = jobs.map(() => null);
  const downs: MessagePort[][] = jobs.map(() => []);
  for (let k = 1; k < jobs.length; k++) {
    const { port1, port2 } = new MessageChannel();
    ups[k] = port1;
    downs[k - (k & -k)]!.push(port2);
  }
  // The workers start first, so that their start-up overlaps the main thread's reading. The main thread waits for
  // the one part of them all, and for every worker to have ended (its memory given back before the part is added
  // up); any worker's failure fails the count (and stops the others).
  const parts =
    jobs.length === 0
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          let waiting = jobs.length + 1;
          const done = (): void => {
            if (--waiting === 0) resolve();
          };
          jobs.forEach(([from, to], k) => {
            const up = ups[k]!;
            const job: WorkerJob = { file, start: from, end: to, format, maxLineLength: options.maxLineLength, byDay, lean: options.lean === true, up, downs: downs[k]! };
            const worker = new Worker(workerScript(), { workerData: job, transferList: up === null ? downs[k]! : [up, ...downs[k]!] });
            threads.push(worker);
            if (k === 0) {
              worker.once('message', (part: WorkerPart) => {
                try {
                  theirs(part);
                  done();
                } catch (error) {
                  reject(error as Error);
                }
              });
            }
            worker.once('error', reject);
            worker.once('exit', (code) => {
              if (code !== 0) reject(new Error(`a worker thread counting bytes ${from} to ${to} of ${describeValue(file)} stopped with exit code ${code}`));
              else done();
            });
          });
        });
  const abort = (): void => {
    for (const t of threads) void t.terminate();
  };
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    const [from, to] = ranges[0] ?? [start, start];
    let stopped = await own(from, to);
    if (stopped !== undefined) {
      abort();
      await Promise.allSettled([parts]);
    } else await parts;
    if (options.signal?.aborted) stopped = 'aborted';
    return stopped;
  } catch (error) {
    abort();
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
}

/** Counts `[start, end)` of a file in `workers` threads, the parts merged: the statistics of each day, or of the whole. @internal */
export async function countInThreads(file: string, start: number, end: number, workers: number, options: PanelOptions, byDay: boolean): Promise<{ whole?: PanelStats; days?: DayPanels; stopped?: StopReason }> {
  let whole: PanelStats | null = null;
  let days: DayPanels | null = null;
  const addWhole = (part: PanelStats): void => {
    whole = whole === null ? part : mergePanels(whole, part);
  };
  const addDays = (part: DayPanels): void => {
    if (days === null) days = part;
    else for (const [day, stats] of part) {
      const mine = days.get(day);
      if (mine === undefined) days.set(day, stats);
      else mergePanels(mine, stats);
    }
  };
  const stopped = await inThreads(
    file,
    start,
    end,
    workers,
    options,
    byDay,
    async (from, to) => {
      if (byDay) {
        const mine = await collectDayPanelsWith(NODE_READER, fileRangeChunks(file, from, to), options);
        addDays(mine.days);
        return mine.stopped;
      }
      const mine = await collectPanelsWith(NODE_READER, fileRangeChunks(file, from, to), options);
      addWhole(mine);
      return mine.stopped;
    },
    // The workers' one part (their tree merged), merged with the main thread's own.
    (part) => {
      if (part.days !== undefined) addDays(new Map(part.days.map(([day, p]) => [day, dayStats(p, part.byAgent)])));
      else if (part.dump !== undefined) addWhole(counterOf(part.dump).result());
      else addWhole(partStats(part.stats!, part.byAgent));
    },
  );
  const sorted = (all: DayPanels): DayPanels => new Map([...all].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
  const result: { whole?: PanelStats; days?: DayPanels; stopped?: StopReason } = byDay ? { days: sorted(days ?? new Map()) } : { whole: whole ?? createPanels() };
  return stopped === undefined ? result : { ...result, stopped };
}

/**
 * The days' full reports of `[start, end)` of a file counted in `workers` threads, added up day by day (`DaySums`):
 * a day the main thread alone counted is reported from its counter, a day counted in several ranges from the parts'
 * compact statistics (`partsReport`); no day's parts are merged into statistics. @internal
 */
export async function daySumsInThreads(file: string, start: number, end: number, workers: number, options: DaySumOptions): Promise<{ sums: DaySums; stopped?: StopReason }> {
  let counters: DayCounters | null = null;
  let theirs = new Map<string, DayPart>();
  let byAgent = false;
  const stopped = await inThreads(
    file,
    start,
    end,
    workers,
    options,
    true,
    async (from, to) => {
      const mine = await countDays(NODE_READER, fileRangeChunks(file, from, to), options, false, 'collectDayPanels');
      counters = mine.counters;
      return mine.stopped;
    },
    (part) => {
      theirs = new Map(part.days!);
      byAgent = part.byAgent;
    },
  );
  const sums = new DaySums();
  const own = new Map((counters as DayCounters | null)?.parts() ?? []);
  counters = null;
  for (const day of [...new Set([...own.keys(), ...theirs.keys()])].sort()) {
    addShared(sums, day, own, theirs, byAgent, options.afterDay);
    options.afterDay?.();
  }
  return stopped === undefined ? { sums } : { sums, stopped };
}

/**
 * Adds a day to the sums from this thread's part and the workers' (either may be missing), and drops both (no
 * reference to them left in the caller's frame): the workers' dump added into this thread's counter (or into a counter
 * of its own), else the parts reported together in compact form (`partsReport`).
 */
function addShared(sums: DaySums, day: string, own: Map<string, PanelCounter | PanelStats>, theirs: Map<string, DayPart>, byAgent: boolean, between: (() => void) | undefined): void {
  const mine = own.get(day);
  const other = theirs.get(day);
  own.delete(day);
  theirs.delete(day);
  if (other === undefined) addDay(sums, day, mine!);
  else if ('dump' in other && mine === undefined) addDay(sums, day, counterOf(other.dump, between));
  else if ('dump' in other && mine instanceof PanelCounter && mine.records === null) {
    mine.absorb(other.dump, between);
    addDay(sums, day, mine);
  } else {
    const [compact, agents] = 'dump' in other ? [counterOf(other.dump).compact(), false] : [other.compact, byAgent];
    const made = mine === undefined ? partsReport([compact], [agents]) : partsReport([mine instanceof PanelCounter ? compactOf(mine, false).compact : compactPanels(mine, true), compact], [false, agents]);
    sums.add(day, made.report, made.pairs);
  }
}

/**
 * The report of `[start, end)` of a file counted in `workers` threads, made from the parts' compact statistics
 * (`partsReport`: visitors seen in two parts counted once) without merging them into statistics. @internal
 */
export async function reportInThreads(file: string, start: number, end: number, workers: number, options: DaySumOptions, panels: readonly PanelName[], top: number): Promise<{ report: PanelReport; stopped?: StopReason }>;
/** With `rows`, the list panels of a report made from one counter are left as rows to be made later (`ColumnRows`). @internal */
export async function reportInThreads(file: string, start: number, end: number, workers: number, options: DaySumOptions, panels: readonly PanelName[], top: number, rows: true): Promise<{ report: PanelReport | RowsReport; stopped?: StopReason }>;
export async function reportInThreads(file: string, start: number, end: number, workers: number, options: DaySumOptions, panels: readonly PanelName[], top: number, rows = false): Promise<{ report: PanelReport | RowsReport; stopped?: StopReason }> {
  let counter: PanelCounter | null = null;
  let theirs: WorkerPart | null = null;
  const stopped = await inThreads(
    file,
    start,
    end,
    workers,
    options,
    false,
    async (from, to) => {
      const mine = await countWhole(NODE_READER, fileRangeChunks(file, from, to), options, 'collectPanelReport');
      counter = mine.counter;
      // The count's garbage collected while the workers may still count (their counters and this one held at once).
      options.afterDay?.();
      return mine.stopped;
    },
    (part) => {
      theirs = part;
    },
  );
  const own = counter as unknown as PanelCounter;
  let part = theirs as WorkerPart | null;
  counter = theirs = null;
  if (part !== null && part.dump === undefined) {
    const report = compactReport(own, part, panels, top);
    return stopped === undefined ? { report } : { report, stopped };
  }
  // The workers' dump added into this thread's counter (nothing to add: a range too small to split), then garbage.
  absorbPart(own, part, options.afterDay);
  part = null;
  options.afterDay?.();
  const report = rows && own.records === null ? own.reportRows(panels, top, options.afterDay) : counterReport(own, panels, top, options.afterDay);
  return stopped === undefined ? { report } : { report, stopped };
}

/** Adds a part's dump into a counter (and keeps no reference to it). */
function absorbPart(counter: PanelCounter, part: WorkerPart | null, between: (() => void) | undefined): void {
  if (part?.dump !== undefined) counter.absorb(part.dump, between);
}

/** The report of a counter, on the fast path or through its records. */
function counterReport(counter: PanelCounter, panels: readonly PanelName[], top: number, once: (() => void) | undefined): PanelReport {
  if (counter.records === null) return counter.report(panels, top, once);
  const r = counter.records;
  r.failed = counter.failed;
  r.logSize = counter.logSize;
  return panelReport(r, { panels, top });
}

/** The report of this thread's counter and the workers' compact statistics (counted through records), made together. */
function compactReport(counter: PanelCounter, part: WorkerPart, panels: readonly PanelName[], top: number): PanelReport {
  const all = partsReport([compactOf(counter, false).compact, part.stats!], [false, part.byAgent]).report;
  const report: Record<string, unknown> = {};
  for (const p of PANELS) {
    if (!panels.includes(p)) continue;
    report[p] = p === 'general' || isOrderedPanel(p) ? all[p] : all[p]!.slice(0, top);
  }
  return report as PanelReport;
}

/** The whole statistics of a count in threads, as `collectPanels` returns them. @internal */
export async function panelsInThreads(file: string, start: number, end: number, workers: number, options: PanelOptions): Promise<PanelCollection> {
  const { whole, stopped } = await countInThreads(file, start, end, workers, options, false);
  return stopped === undefined ? whole! : Object.assign(whole!, { stopped });
}

/** The day statistics of a count in threads, as `collectDayPanels` returns them. @internal */
export async function dayPanelsInThreads(file: string, start: number, end: number, workers: number, options: PanelOptions): Promise<DayCollection> {
  const { days, stopped } = await countInThreads(file, start, end, workers, options, true);
  return stopped === undefined ? { days: days! } : { days: days!, stopped };
}

