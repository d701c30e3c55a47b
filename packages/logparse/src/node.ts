// @puzzles/logparse/node: everything of the platform-neutral core, with sources Node can read (file paths, `-` for
// standard input, `file:` URLs, Node streams, gzip data), and SVG rendering through @viz-js/viz.
import { isUtf8 } from 'node:buffer';
import type { LogRecord, ParseOptions, ParseSummary } from './record.js';
import { fileURLToPath } from 'node:url';
import { describeValue } from './errors.js';
import { NODE_READER, closeWhenCollected, fileRangeChunks, readChunks, type LogSource, type OpenFile } from './source.js';
import { collectStatsFromSourcesWith, collectStatsWith, type LogStats, type StatsOptions } from './stats.js';
import { RecordStream } from './stream.js';
import { isLineStart } from './state.js';
import { collectPanelsWith, type PanelCollection, type PanelOptions } from './panelscan.js';

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
 * gzip is inflated) on a fast path that never builds records; rejected lines are counted as failed.
 */
export async function collectPanels(input: LogSource, options: FilePanelOptions = {}): Promise<PanelCollection> {
  if (typeof options === 'object' && options !== null && (options.start !== undefined || options.end !== undefined)) {
    if (typeof input !== 'string' && !(input instanceof URL)) throw new TypeError(`start and end take a file path or URL; got ${describeValue(input)}`);
    const path = input instanceof URL ? fileURLToPath(input) : input;
    if (path === '-') throw new TypeError('start and end take a file path, not standard input');
    const start = options.start ?? 0;
    const end = options.end ?? Number.MAX_SAFE_INTEGER;
    if (!Number.isSafeInteger(start) || start < 0) throw new RangeError(`start must be a byte offset (a non-negative integer); got ${describeValue(start)}`);
    if (!Number.isSafeInteger(end) || end < start) throw new RangeError(`end must be a byte offset not before start (${start}); got ${describeValue(end)}`);
    // A start inside a line would count the rest of that line as a line of its own.
    if (!startsLine(path, start)) throw new RangeError(`start must be a line start of ${describeValue(path)} (0, or just after a line end); got ${start}`);
    return collectPanelsWith(NODE_READER, fileRangeChunks(path, start, end), options);
  }
  return collectPanelsWith(NODE_READER, input, options);
}

/** True when `at` is a line start of the file, or the file cannot be read (reading it then says why). */
function startsLine(path: string, at: number): boolean {
  try {
    return isLineStart(path, at);
  } catch {
    return true;
  }
}

/** Options of `collectPanels` in Node: the core's, and a byte range of a file. */
export interface FilePanelOptions extends PanelOptions {
  /** Count from this byte offset of the file (a line start; default 0). For a path or `file:` URL only. */
  readonly start?: number;
  /** Stop before this byte offset (just after a line end; default the end of the file). For a path or `file:` URL only. */
  readonly end?: number;
}

export { MAX_STATE_BYTES, StateError, headFingerprint, isLineStart, lastLineEnd, readState, writeState, type LogState } from './state.js';
