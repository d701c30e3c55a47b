// Statistics as the Lisp blog post on access logs counted them: hits per day, referrers per day, (referrer → request)
// pairs per day and overall. The types, the fast path that scans bytes into the counter (collector.ts) without making
// records, the entry points with a platform's reader, and the top-N helpers.
import { LogLineError, describeValue } from './errors.js';
import { Collector } from './collector.js';
import { LineSplitter } from './lines.js';
import type { Pattern } from './pattern.js';
import { StopWatch, readUntilStopped, type StopReason } from './stop.js';
import {
  RecordBuilder,
  finalReason,
  overlongReason,
  readParseOptions,
  rejectText,
  type LogRecord,
  type LogReject,
  type ParseOptions,
} from './record.js';
import { splitRequest, unescapeInto } from './request.js';
import { allocBytes } from './bytes.js';
import { coreChunks, counted, isByteArray, type ChunkSource, type LogChunk } from './chunks.js';

/** Which records count, and how URLs are written. */
export interface StatsOptions extends ParseOptions {
  /** Status codes to keep, or `'any'` (the default). The CLI keeps `[200]`, as the Lisp blog post on access logs did. */
  readonly status?: readonly number[] | 'any';
  /** Methods to keep, or `'any'` (the default). The CLI keeps `['GET']`. */
  readonly methods?: readonly string[] | 'any';
  /**
   * Requests (paths) matching this are left out, e.g. `'static-files|favicon\\.ico'`. A string is compiled with
   * `compilePattern` and matched in linear time (no backreferences or lookaround); a RegExp runs as given.
   */
  readonly exclude?: string | Pattern | RegExp | null;
  /**
   * The site's own address, written before requests that are paths (`http://www.example.com` + `/blogs/lisp`). Without
   * it requests stay paths, and referrers from the site itself count like any other referrer.
   */
  readonly host?: string;
  /** Count `www.example.com` and `example.com` as one site, in referrers and requests. Default false. */
  readonly mergeWww?: boolean;
  /** How many rejects to keep in `rejects` (default 10; all of them are counted). */
  readonly keepRejects?: number;
  /**
   * Called as input is read, with the bytes read so far from the current source (compressed bytes for gzip) and
   * the source's index in `collectStatsFromSources` (0 in `collectStats`).
   */
  readonly onProgress?: (bytes: number, source: number) => void;
  /** Stops reading when aborted; the statistics of what was read come back with `stopped: 'aborted'`. */
  readonly signal?: AbortSignal;
  /** Stops reading after this many milliseconds; the statistics come back with `stopped: 'timeout'`. */
  readonly timeout?: number;
}

/** A referrer and how many kept hits it sent. */
export interface ReferrerCount {
  readonly referrer: string;
  readonly hits: number;
}

/** A (referrer → request) pair and its hits. */
export interface PairCount {
  readonly referrer: string;
  readonly request: string;
  readonly hits: number;
}

/** Counts over a period; lists sorted by hits, most first (ties by text). A missing referrer is `'-'`. */
export interface PeriodStats {
  readonly hits: number;
  readonly referrers: readonly ReferrerCount[];
  readonly pairs: readonly PairCount[];
}

/** Counts for one day (YYYYMMDD). */
export interface DayStats extends PeriodStats {
  readonly day: number;
}

/** Everything `collectStats` found. */
export interface LogStats {
  /** Lines read (records + rejects). */
  readonly read: number;
  /** Lines that parsed into records. */
  readonly parsed: number;
  /** Records that passed the filters (status, methods, exclude) and were counted. */
  readonly kept: number;
  readonly rejected: number;
  /** Records whose last quoted field had no closing quote (kept as far as it went). */
  readonly truncated: number;
  /** The first rejects (see `keepRejects`), in line order. */
  readonly rejects: readonly LogReject[];
  /** One entry per day, newest first (records without a time are only in `overall`). */
  readonly days: readonly DayStats[];
  readonly overall: PeriodStats;
  /** Present when the work stopped before the end of the input (`signal` aborted or `timeout` passed): the counts are of the lines read until then. */
  readonly stopped?: StopReason;
}

/** Reads a source on the fast path: bytes are scanned and interned, and records are never made. */
async function collectFromSource(
  reader: ChunkReader,
  source: unknown,
  options: StatsOptions,
  collector: Collector,
  watch: StopWatch,
  name?: string,
  index = 0,
): Promise<void> {
  const { format, strict, maxLineLength, onReject, raw } = readParseOptions(options, 'collectStats');
  const builder = new RecordBuilder(format, raw);
  const scanner = builder.scanner;
  const kinds = format.fields.map((f) => f.kind);
  const requestField = kinds.indexOf('request');
  const statusField = kinds.indexOf('status');
  const referrerField = kinds.indexOf('referrer');
  // Formats without a %r field (separate method and path), and raw mode, count through records.
  const viaRecords = requestField < 0 || raw;
  const split = new Int32Array(4);
  let scratch = allocBytes(4096);
  let refScratch = allocBytes(4096);
  const dash = collector.refs.internString('-');
  let failure: LogLineError | null = null;
  const reject = (line: number, reason: string, text: string): void => {
    if (strict) failure ??= new LogLineError(line, reason, name === undefined ? '' : `${name}: `);
    if (failure) return;
    const r: LogReject = name === undefined ? { line, reason, text } : { source: name, line, reason, text };
    collector.reject(r);
    onReject?.(r);
  };
  const onLine = (buf: Uint8Array, s: number, e: number, line: number, final: boolean): void => {
    if (failure) return;
    if (!scanner.scan(buf, s, e)) {
      const reason = scanner.reason(buf, s, e);
      reject(line, final ? finalReason(reason) : reason, rejectText(buf, s, e));
      return;
    }
    if (viaRecords) {
      collector.addRecord(builder.record(buf, line));
      return;
    }
    collector.read++;
    collector.parsed++;
    collector.truncated += scanner.truncated ? 1 : 0; // no branch first taken late (see scan.ts)
    const starts = scanner.starts;
    const ends = scanner.ends;
    if (collector.filtersStatus) {
      if (statusField < 0) return;
      const p = starts[statusField]!;
      // '-' (no status) is never among the kept codes.
      if (ends[statusField]! - p !== 3) return;
      if (!collector.statusKept((buf[p]! - 48) * 100 + (buf[p + 1]! - 48) * 10 + (buf[p + 2]! - 48))) return;
    }
    let rb: Uint8Array = buf;
    let rs = starts[requestField]!;
    let re = ends[requestField]!;
    if (scanner.escaped[requestField] === 1) {
      if (scratch.length < re - rs) scratch = allocBytes(2 * (re - rs));
      re = unescapeInto(buf, rs, re, scratch);
      rs = 0;
      rb = scratch;
    }
    splitRequest(rb, rs, re, split);
    const hasMethod = split[0]! >= 0;
    if (collector.filtersMethods && !(hasMethod && collector.methodKeptBytes(rb, rs, split[0]!))) return;
    const request = hasMethod ? collector.requests.intern(rb, split[1]!, split[2]!) : collector.requests.intern(rb, rs, re);
    if (!collector.requestKept(request)) return;
    let ref = dash;
    if (referrerField >= 0 && starts[referrerField]! >= 0) {
      const fs = starts[referrerField]!;
      const fe = ends[referrerField]!;
      if (scanner.escaped[referrerField] === 1) {
        if (refScratch.length < fe - fs) refScratch = allocBytes(2 * (fe - fs));
        ref = collector.refs.intern(refScratch, 0, unescapeInto(buf, fs, fe, refScratch));
      } else ref = collector.refs.intern(buf, fs, fe);
    }
    collector.add(scanner.day >= 0 ? scanner.day : 0, ref, request);
  };
  const splitter = new LineSplitter(maxLineLength, onLine, (line, _length, head) => {
    if (!failure) reject(line, overlongReason(maxLineLength), rejectText(head, 0, head.length));
  });
  const onProgress = options.onProgress;
  const chunks = reader.chunks(source, onProgress && ((bytes: number) => onProgress(bytes, index)));
  const stopped = await readUntilStopped(chunks, watch, (chunk) => {
    scanner.newChunk();
    splitter.push(chunk);
    if (failure) throw failure;
  });
  if (stopped !== undefined) {
    // The line being read when the work stopped is not counted.
    collector.stopped = stopped;
    return;
  }
  scanner.newChunk();
  splitter.end();
  if (failure) throw failure;
}

/** The fields of a LogRecord that counting reads. */
const RECORD_KEYS = ['line', 'day', 'request', 'method', 'path', 'status', 'referrer', 'truncated'] as const;

function isChunk(value: unknown): value is LogChunk {
  return typeof value === 'string' || isByteArray(value);
}

async function* prepend<T>(first: T, rest: AsyncIterator<T> | Iterator<T>): AsyncGenerator<T> {
  let done = false;
  try {
    yield first;
    for (;;) {
      const next = await rest.next();
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!done) await rest.return?.();
  }
}

/** How a platform reads sources: the core reads iterables of chunks, @puzzles/logparse/node files and streams too. @internal */
export interface ChunkReader {
  /** True for a source read whole (a path, a URL, a stream), as opposed to an iterable whose items are looked at. */
  isSource(input: unknown): boolean;
  /** The source's bytes, a chunk at a time; `onProgress` gets the bytes read so far. */
  chunks(source: unknown, onProgress?: (bytes: number) => void): AsyncGenerator<Uint8Array>;
  /** How rejects name the source (`collectStatsFromSources`), given its index. */
  name(source: unknown, index: number): string;
}

/** The platform-neutral reader: iterables and async iterables of chunks. */
const CORE_READER: ChunkReader = {
  isSource: () => false,
  chunks: (source, onProgress) => counted(coreChunks(source as ChunkSource), onProgress),
  name: (_, index) => `source ${index + 1}`,
};

/** `collectStats` with a platform's reader. @internal */
export async function collectStatsWith(reader: ChunkReader, input: unknown, options: StatsOptions = {}): Promise<LogStats> {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`the options of collectStats must be an object; got ${describeValue(options)}`);
  }
  const collector = new Collector(options);
  const watch = new StopWatch(options);
  try {
    await collectInto(reader, input, options, collector, watch);
  } finally {
    watch.dispose();
  }
  return collector.result();
}

/**
 * Counts hits per day, referrers and (referrer → request) pairs. Takes records (an array or (async) iterable, e.g.
 * from `parseLog`) or log text as chunks (an iterable or async iterable of `Uint8Array`s or strings), which it reads
 * on a fast path that never builds records. Records from `parseLog` bring its rejects along (its iterator's return
 * value), so `read` and `rejected` count every line either way.
 */
export function collectStats(input: ChunkSource | Iterable<LogRecord> | AsyncIterable<LogRecord>, options: StatsOptions = {}): Promise<LogStats> {
  return collectStatsWith(CORE_READER, input, options);
}

async function collectInto(reader: ChunkReader, input: unknown, options: StatsOptions, collector: Collector, watch: StopWatch): Promise<void> {
  if (reader.isSource(input)) {
    await collectFromSource(reader, input, options, collector, watch);
    return;
  }
  if (typeof input !== 'object' || input === null || !(Symbol.asyncIterator in input || Symbol.iterator in input)) {
    const where = reader === CORE_READER ? (typeof input === 'string' ? ' (paths and streams are read by @puzzles/logparse/node)' : '') : ', a path or a stream';
    throw new TypeError(`collectStats takes records or an iterable of chunks${where}; got ${describeValue(input)}`);
  }
  // Look at the first item to tell chunks from records.
  const iterator: AsyncIterator<unknown> | Iterator<unknown> =
    Symbol.asyncIterator in input ? (input as AsyncIterable<unknown>)[Symbol.asyncIterator]() : (input as Iterable<unknown>)[Symbol.iterator]();
  const first = await iterator.next();
  if (first.done) {
    collector.addSummary(first.value);
    return;
  }
  if (isChunk(first.value)) {
    await collectFromSource(reader, prepend(first.value, iterator as AsyncIterator<LogChunk>), options, collector, watch);
    return;
  }
  const check = (value: unknown): LogRecord => {
    if (typeof value !== 'object' || value === null || !RECORD_KEYS.every((key) => key in value)) {
      throw new TypeError(`collectStats expected records (or chunks of log text); got ${describeValue(value)}`);
    }
    return value as LogRecord;
  };
  let done = false;
  try {
    collector.addRecord(check(first.value));
    for (;;) {
      if (watch.reason !== undefined) {
        collector.stopped = watch.reason;
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        done = true;
        // The rejects parseLog saw (its return value), so that they are counted too.
        collector.addSummary(next.value);
        break;
      }
      collector.addRecord(check(next.value));
    }
  } finally {
    // Records not read to the end (a bad item, a stop): their source is closed.
    if (!done) await iterator.return?.();
  }
}

/** `collectStatsFromSources` with a platform's reader. @internal */
export async function collectStatsFromSourcesWith(reader: ChunkReader, sources: readonly unknown[], options: StatsOptions = {}): Promise<LogStats> {
  if (!Array.isArray(sources)) throw new TypeError(`collectStatsFromSources takes an array of sources; got ${describeValue(sources)}`);
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`the options of collectStatsFromSources must be an object; got ${describeValue(options)}`);
  }
  const collector = new Collector(options);
  const watch = new StopWatch(options);
  try {
    for (let i = 0; i < sources.length && collector.stopped === undefined; i++) {
      await collectFromSource(reader, sources[i]!, options, collector, watch, reader.name(sources[i]!, i), i);
    }
  } finally {
    watch.dispose();
  }
  return collector.result();
}

/**
 * Counts over several chunk sources read one after another on the fast path, as if they were one log; line numbers
 * restart in each source and rejects name their source (`source 1`, `source 2`…).
 */
export function collectStatsFromSources(sources: readonly ChunkSource[], options: StatsOptions = {}): Promise<LogStats> {
  return collectStatsFromSourcesWith(CORE_READER, sources, options);
}

/** Throws a TypeError unless `stats` looks like the result of `collectStats`. @internal */
export function checkStats(stats: unknown, what: string): asserts stats is LogStats {
  const s = stats as Partial<LogStats> | null;
  if (typeof s !== 'object' || s === null || !Array.isArray(s.days) || typeof s.overall !== 'object' || s.overall === null) {
    throw new TypeError(`${what} takes the statistics from collectStats; got ${describeValue(stats)}`);
  }
}

/** The days and their hits, newest first. */
export function hitsPerDay(stats: LogStats): Array<{ day: number; hits: number }> {
  checkStats(stats, 'hitsPerDay');
  return stats.days.map(({ day, hits }) => ({ day, hits }));
}

function period(stats: LogStats, day: number | undefined, what: string): PeriodStats {
  checkStats(stats, what);
  if (day === undefined) return stats.overall;
  return stats.days.find((d) => d.day === day) ?? { hits: 0, referrers: [], pairs: [] };
}

function topCount(top: number | undefined): number {
  if (top === undefined) return Infinity;
  if (!Number.isInteger(top) || top < 0) throw new RangeError(`top must be a non-negative integer; got ${describeValue(top)}`);
  return top;
}

/** The `top` referrers by hits (all when `top` is left out), of one day or overall. */
export function topReferrers(stats: LogStats, top?: number, day?: number): ReferrerCount[] {
  return period(stats, day, 'topReferrers').referrers.slice(0, topCount(top));
}

/** The `top` (referrer → request) pairs by hits (all when `top` is left out), of one day or overall. */
export function topPairs(stats: LogStats, top?: number, day?: number): PairCount[] {
  return period(stats, day, 'topPairs').pairs.slice(0, topCount(top));
}

export type { StopReason } from './stop.js';
