// @puzzles/logparse/node: everything of the platform-neutral core, with sources Node can read (file paths, `-` for
// standard input, `file:` URLs, Node streams, gzip data), and SVG rendering through @viz-js/viz.
import { isUtf8 } from 'node:buffer';
import type { LogRecord, ParseOptions, ParseSummary } from './record.js';
import { describeValue } from './errors.js';
import { NODE_READER, closeWhenCollected, fileRangeChunks, readChunks, type LogSource, type OpenFile } from './source.js';
import { collectStatsFromSourcesWith, collectStatsWith, type LogStats, type StatsOptions } from './stats.js';
import { RecordStream } from './stream.js';
import { isLineStart } from './state.js';
import { collectDayPanelsWith, collectPanelReportWith, collectPanelsWith, type ApproximateReportOptions, type DayCollection, type PanelCollection, type PanelOptions, type PanelReportCollection } from './panelscan.js';
import { readReportOptions, type PanelReportOptions } from './panels.js';
import { canSplit, checkWorkers, dayPanelsInThreads, panelsInThreads, reportInThreads, sourcePath } from './workers.js';
import { statSync } from 'node:fs';

export * from './index.js';
export type { LogSource } from './source.js';
export { renderSvg } from './svg.js';

/**
 * Parses an access log from a source (a path, `'-'` for stdin, a `file:` URL, a stream, or an iterable of chunks;
 * gzip is inflated), yielding a record per line; rejected lines go to `onReject` (or throw a `LogLineError` with
 * `strict`), and the iterator's return value is the `ParseSummary`. The file is closed when the iteration ends, on
 * `return()`, or when an iterator dropped unfinished is garbage-collected.
 */
export function parseLog(source: LogSource, options?: ParseOptions): AsyncGenerator<LogRecord, ParseSummary, undefined> {
  const file: OpenFile = { handle: null };
  const records = new RecordStream(() => readChunks(source, undefined, file), options, isUtf8);
  closeWhenCollected(records, file);
  return records;
}

/**
 * Counts hits per day, referrers and (referrer → request) pairs of records or of a source (a path, `'-'`, a URL, a
 * stream, or an iterable of chunks; gzip is inflated), read on a fast path that never builds records.
 */
export function collectStats(input: LogSource | Iterable<LogRecord> | AsyncIterable<LogRecord>, options: StatsOptions = {}): Promise<LogStats> {
  return collectStatsWith(NODE_READER, input, options);
}

/**
 * Counts over several sources read one after another (files, `'-'` for stdin) on the fast path, as if they were one
 * log; line numbers restart in each source and rejects name their source.
 */
export function collectStatsFromSources(sources: readonly LogSource[], options: StatsOptions = {}): Promise<LogStats> {
  return collectStatsFromSourcesWith(NODE_READER, sources, options);
}
/**
 * Counts the report panels of a source (a path, `'-'` for stdin, a `file:` URL, a stream, or an iterable of chunks;
 * gzip is inflated) on a fast path that never builds records; rejected lines are counted as failed. With `workers`,
 * an uncompressed file is cut at line starts and counted in that many threads.
 */
export async function collectPanels(input: LogSource, options: FilePanelOptions = {}): Promise<PanelCollection> {
  const plan = planRead(input, options, 'collectPanels');
  if (plan.threads) return panelsInThreads(plan.path, plan.start, plan.end, plan.workers, options);
  return collectPanelsWith(NODE_READER, plan.input, options);
}

/**
 * Counts the report panels of a source day by day (see `collectPanels` for the sources and `workers`): each day's
 * statistics on their own, to merge into any range of days with `panelsOfDays` or keep in a state file.
 */
export async function collectDayPanels(input: LogSource, options: FilePanelOptions = {}): Promise<DayCollection> {
  const plan = planRead(input, options, 'collectDayPanels');
  if (plan.threads) return dayPanelsInThreads(plan.path, plan.start, plan.end, plan.workers, options);
  return collectDayPanelsWith(NODE_READER, plan.input, options);
}

/**
 * The report of the panels of a source (see `collectPanels`), counted without keeping mergeable statistics when read
 * in one thread: the least memory and time for a report over many visitors (`panels` and `top` as `panelReport`
 * takes them). With `workers`, the parts' statistics are merged, then reported. With `approximate`, in bounded memory
 * (one thread): see `ApproximateOptions`.
 */
export async function collectPanelReport(input: LogSource, options: FilePanelOptions & PanelReportOptions & ApproximateReportOptions = {}): Promise<PanelReportCollection> {
  if (typeof options === 'object' && options !== null && options.approximate !== undefined && options.approximate !== false && options.workers !== undefined && options.workers !== 1) {
    throw new RangeError(`approximate counts are read in one thread; got workers ${describeValue(options.workers)}`);
  }
  const plan = planRead(input, options, 'collectPanelReport');
  if (plan.threads) {
    const { panels, top } = readReportOptions(options);
    return reportInThreads(plan.path, plan.start, plan.end, plan.workers, options, panels, top);
  }
  return collectPanelReportWith(NODE_READER, plan.input, options);
}

type ReadPlan = { threads: true; path: string; start: number; end: number; workers: number } | { threads: false; input: unknown };

/** How to read a source: a byte range of a file, in threads or not. */
function planRead(input: LogSource, options: FilePanelOptions, what: string): ReadPlan {
  if (typeof options !== 'object' || options === null) throw new TypeError(`the options of ${what} must be an object; got ${describeValue(options)}`);
  const workers = checkWorkers(options.workers);
  const path = sourcePath(input);
  let start = 0;
  let end: number | undefined;
  if (options.start !== undefined || options.end !== undefined) {
    if (path === undefined) throw new TypeError(`start and end take a file path or URL; got ${describeValue(input)}`);
    if (path === '-') throw new TypeError('start and end take a file path, not standard input');
    start = options.start ?? 0;
    end = options.end ?? Number.MAX_SAFE_INTEGER;
    if (!Number.isSafeInteger(start) || start < 0) throw new RangeError(`start must be a byte offset (a non-negative integer); got ${describeValue(start)}`);
    if (!Number.isSafeInteger(end) || end < start) throw new RangeError(`end must be a byte offset not before start (${start}); got ${describeValue(end)}`);
    // A start inside a line would count the rest of that line as a line of its own.
    if (!startsLine(path, start)) throw new RangeError(`start must be a line start of ${describeValue(path)} (0, or just after a line end); got ${start}`);
  }
  if (canSplit(path, workers, options)) {
    const size = statSync(path).size;
    return { threads: true, path, start: Math.min(start, size), end: Math.min(end ?? size, size), workers };
  }
  if (end !== undefined) return { threads: false, input: fileRangeChunks(path!, start, end) };
  return { threads: false, input };
}
/** True when `at` is a line start of the file, or the file cannot be read (reading it then says why). */
function startsLine(path: string, at: number): boolean {
  try {
    return isLineStart(path, at);
  } catch {
    return true;
  }
}

/** Options of `collectPanels` in Node: the core's, a byte range of a file, and threads. */
export interface FilePanelOptions extends PanelOptions {
  /**
   * Count an uncompressed file in this many threads (1 to 64; default 1). Standard input, streams, gzip, and counts
   * with `timeout`, `strict`, `onReject` or `raw` are read in one thread.
   */
  readonly workers?: number;
  /** Count from this byte offset of the file (a line start; default 0). For a path or `file:` URL only. */
  readonly start?: number;
  /** Stop before this byte offset (just after a line end; default the end of the file). For a path or `file:` URL only. */
  readonly end?: number;
}

export { MAX_WORKERS, isGzipFile } from './workers.js';
export { MAX_STATE_BYTES, STATE_VERSION, StateError, headFingerprint, isLineStart, lastLineEnd, readState, writeState, type LogState } from './state.js';
