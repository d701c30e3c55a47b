// Statistics as the Lisp blog post on access logs counted them: hits per day, referrers per day, (referrer → request)
// pairs per day and overall.
// Counting works on interned ids and typed arrays; strings (host prefix, www merging, sorting) come at the end.
import { LogLineError, describeValue } from './errors.js';
import { ByteInterner, PairTable } from './intern.js';
import { LineSplitter } from './lines.js';
import { compilePattern, type Pattern } from './pattern.js';
import {
  RecordBuilder,
  finalReason,
  overlongReason,
  readParseOptions,
  rejectText,
  type LogRecord,
  type LogReject,
  type ParseOptions,
  type ParseSummary,
} from './record.js';
import { splitRequest, unescapeInto } from './scan.js';
import { allocBytes, encodeText } from './bytes.js';
import { coreChunks, isByteArray, type ChunkSource, type LogChunk } from './chunks.js';

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

/** Counts kept hits by (day, referrer id, request id). @internal */
class Collector {
  readonly refs = new ByteInterner();
  readonly requests = new ByteInterner();
  readonly pairs = new PairTable();
  read = 0;
  parsed = 0;
  kept = 0;
  rejected = 0;
  truncated = 0;
  stopped: StopReason | undefined;
  readonly rejects: LogReject[] = [];
  readonly #keepRejects: number;
  // Per-day counts: the current day is dense (indexed by pair id), the others sparse.
  #day = Number.NaN;
  #counts = new Int32Array(1 << 14);
  #touched: number[] = [];
  readonly #store = new Map<number, Map<number, number>>();
  // Filters.
  readonly #status: Uint8Array | null;
  readonly #methods: string[] | null;
  readonly #methodBytes: Uint8Array[] | null;
  readonly #exclude: Pick<Pattern, 'test'> | null;
  #excluded = new Int8Array(1 << 13); // per request id: 0 unknown, 1 kept, 2 excluded
  readonly host: string | null;
  readonly mergeWww: boolean;

  constructor(options: StatsOptions) {
    const status = options.status ?? 'any';
    if (status === 'any') this.#status = null;
    else {
      if (!Array.isArray(status)) throw new TypeError(`status must be an array of status codes or 'any'; got ${describeValue(status)}`);
      this.#status = new Uint8Array(1000);
      for (const code of status as unknown[]) {
        if (typeof code !== 'number' || !Number.isInteger(code) || code < 100 || code > 999) {
          throw new RangeError(`a status code must be an integer from 100 to 999; got ${describeValue(code)}`);
        }
        this.#status[code] = 1;
      }
    }
    const methods = options.methods ?? 'any';
    if (methods === 'any') {
      this.#methods = null;
      this.#methodBytes = null;
    } else {
      if (!Array.isArray(methods)) throw new TypeError(`methods must be an array of method names or 'any'; got ${describeValue(methods)}`);
      for (const m of methods as unknown[]) {
        if (typeof m !== 'string' || !/^[A-Z]+$/.test(m)) {
          throw new RangeError(`a method must be an upper-case name such as 'GET'; got ${describeValue(m)}`);
        }
      }
      this.#methods = [...methods];
      this.#methodBytes = methods.map((m) => encodeText(m));
    }
    const exclude = options.exclude ?? null;
    if (exclude === null) this.#exclude = null;
    else if (exclude instanceof RegExp) this.#exclude = new RegExp(exclude.source, exclude.flags.replace(/[gy]/g, ''));
    else if (typeof exclude === 'string') {
      if (exclude === '') {
        throw new RangeError("exclude must not be empty (the empty pattern matches every request); leave it out or pass null to keep every request");
      }
      this.#exclude = compilePattern(exclude);
    } else if (typeof exclude === 'object' && typeof (exclude as Partial<Pattern>).test === 'function') this.#exclude = exclude;
    else throw new TypeError(`exclude must be a pattern string, a compiled pattern, a RegExp or null; got ${describeValue(exclude)}`);
    if (options.host !== undefined && typeof options.host !== 'string') {
      throw new TypeError(`host must be a string such as 'http://www.example.com'; got ${describeValue(options.host)}`);
    }
    this.host = options.host === undefined || options.host === '' ? null : options.host.replace(/\/+$/, '');
    this.mergeWww = options.mergeWww === true;
    if (options.onProgress !== undefined && typeof options.onProgress !== 'function') {
      throw new TypeError(`onProgress must be a function; got ${describeValue(options.onProgress)}`);
    }
    const keep = options.keepRejects ?? 10;
    if (!Number.isInteger(keep) || keep < 0) throw new RangeError(`keepRejects must be a non-negative integer; got ${describeValue(keep)}`);
    this.#keepRejects = keep;
  }

  reject(reject: LogReject): void {
    this.read++;
    this.rejected++;
    if (this.rejects.length < this.#keepRejects) this.rejects.push(reject);
  }

  /**
   * Takes the rejects of records that came from `parseLog` (its iterator's return value, a `ParseSummary`), which
   * the records themselves cannot show.
   */
  addSummary(summary: unknown): void {
    if (typeof summary !== 'object' || summary === null) return;
    const { rejected, rejects } = summary as Partial<ParseSummary>;
    if (typeof rejected !== 'number' || !Number.isInteger(rejected) || rejected <= 0 || !Array.isArray(rejects)) return;
    this.read += rejected;
    this.rejected += rejected;
    for (const r of rejects.slice(0, this.#keepRejects - this.rejects.length)) this.rejects.push(r);
  }

  statusKept(status: number): boolean {
    return this.#status === null || this.#status[status] === 1;
  }

  get filtersStatus(): boolean {
    return this.#status !== null;
  }

  get filtersMethods(): boolean {
    return this.#methods !== null;
  }

  methodKeptBytes(buf: Uint8Array, s: number, e: number): boolean {
    const allowed = this.#methodBytes!;
    outer: for (let m = 0; m < allowed.length; m++) {
      const name = allowed[m]!;
      if (name.length !== e - s) continue;
      for (let k = 0; k < name.length; k++) if (name[k] !== buf[s + k]) continue outer;
      return true;
    }
    return false;
  }

  methodKept(method: string | null): boolean {
    return this.#methods === null || (method !== null && this.#methods.includes(method));
  }

  /** False when the request with this id matches `exclude`. */
  requestKept(id: number): boolean {
    if (this.#exclude === null) return true;
    if (id >= this.#excluded.length) {
      const bigger = new Int8Array(Math.max(this.#excluded.length * 2, id + 1));
      bigger.set(this.#excluded);
      this.#excluded = bigger;
    }
    let state = this.#excluded[id]!;
    if (state === 0) {
      state = this.#exclude.test(this.requests.strings[id]!) ? 2 : 1;
      this.#excluded[id] = state;
    }
    return state === 1;
  }

  /** Counts one kept hit. */
  add(day: number, ref: number, request: number): void {
    if (day !== this.#day) this.#switchDay(day);
    const pair = this.pairs.id(ref, request);
    let counts = this.#counts;
    if (pair >= counts.length) {
      const bigger = new Int32Array(counts.length * 2);
      bigger.set(counts);
      this.#counts = counts = bigger;
    }
    const before = counts[pair]!;
    counts[pair] = before + 1;
    if (before === 0) this.#touched.push(pair);
    this.kept++;
  }

  /** Counts a record (the slower path for records from `parseLog` or elsewhere). */
  addRecord(record: LogRecord): void {
    this.read++;
    this.parsed++;
    if (record.truncated) this.truncated++;
    if (this.#status !== null && (record.status === null || this.#status[record.status] !== 1)) return;
    if (!this.methodKept(record.method)) return;
    const request = this.requests.internString(record.method !== null && record.path !== null ? record.path : (record.request ?? '-'));
    if (!this.requestKept(request)) return;
    this.add(record.day ?? 0, this.refs.internString(record.referrer ?? '-'), request);
  }

  #switchDay(day: number): void {
    this.#flush();
    this.#day = day;
  }

  #flush(): void {
    if (this.#touched.length === 0) return;
    let stored = this.#store.get(this.#day);
    if (!stored) this.#store.set(this.#day, (stored = new Map()));
    const counts = this.#counts;
    for (const pair of this.#touched) {
      stored.set(pair, (stored.get(pair) ?? 0) + counts[pair]!);
      counts[pair] = 0;
    }
    this.#touched = [];
  }

  /** The finished statistics. */
  result(): LogStats {
    this.#flush();
    const host = this.host;
    const www = this.mergeWww;
    const refText = this.refs.strings.map((r) => (www ? mergeWww(r) : r));
    const requestText = this.requests.strings.map((path) => {
      const full = host !== null && path.startsWith('/') ? host + path : path;
      return www ? mergeWww(full) : full;
    });
    const firsts = this.pairs.firsts;
    const seconds = this.pairs.seconds;
    const overallRefs = new Map<string, number>();
    const overallPairs = new Map<string, number>();
    let overallHits = 0;
    const days: DayStats[] = [];
    for (const [day, counts] of this.#store) {
      const refs = new Map<string, number>();
      const pairs = new Map<string, number>();
      let hits = 0;
      for (const [pair, count] of counts) {
        const ref = refText[firsts[pair]!]!;
        const key = `${ref}\u0000${requestText[seconds[pair]!]!}`;
        hits += count;
        refs.set(ref, (refs.get(ref) ?? 0) + count);
        pairs.set(key, (pairs.get(key) ?? 0) + count);
        overallRefs.set(ref, (overallRefs.get(ref) ?? 0) + count);
        overallPairs.set(key, (overallPairs.get(key) ?? 0) + count);
      }
      overallHits += hits;
      if (day > 0) days.push({ day, hits, referrers: referrerList(refs), pairs: pairList(pairs) });
    }
    days.sort((a, b) => b.day - a.day);
    return {
      read: this.read,
      parsed: this.parsed,
      kept: this.kept,
      rejected: this.rejected,
      truncated: this.truncated,
      rejects: this.rejects,
      days,
      overall: { hits: overallHits, referrers: referrerList(overallRefs), pairs: pairList(overallPairs) },
      ...(this.stopped === undefined ? {} : { stopped: this.stopped }),
    };
  }
}

function byHits<T extends { hits: number }>(a: T, b: T, ta: string, tb: string): number {
  return b.hits - a.hits || (ta < tb ? -1 : ta > tb ? 1 : 0);
}

function referrerList(counts: Map<string, number>): ReferrerCount[] {
  const list = [...counts].map(([referrer, hits]) => ({ referrer, hits }));
  return list.sort((a, b) => byHits(a, b, a.referrer, b.referrer));
}

function pairList(counts: Map<string, number>): PairCount[] {
  const list = [...counts].map(([key, hits]) => {
    const cut = key.indexOf('\u0000');
    return { referrer: key.slice(0, cut), request: key.slice(cut + 1), hits, key };
  });
  list.sort((a, b) => byHits(a, b, a.key, b.key));
  return list.map(({ referrer, request, hits }) => ({ referrer, request, hits }));
}

const WWW = /^([a-z][a-z0-9+.-]*:\/\/)?www\.(?=[^/:?#]*\.)/i;

/** `http://www.example.com/x` → `http://example.com/x` (only a leading `www.` of a host with another dot). */
export function mergeWww(url: string): string {
  if (typeof url !== 'string') throw new TypeError(`mergeWww takes a URL string; got ${describeValue(url)}`);
  return url.replace(WWW, '$1');
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
  let done = false;
  let pending = false;
  try {
    for (;;) {
      const read = chunks.next();
      pending = true;
      const next = await watch.race(read);
      if (next === STOPPED) {
        // The line being read when the work stopped is not counted.
        collector.stopped = watch.reason;
        return;
      }
      pending = false;
      if (next.done) {
        done = true;
        break;
      }
      scanner.newChunk();
      splitter.push(next.value);
      if (failure) throw failure;
    }
  } finally {
    // A read still in progress (a stalled stream) cannot be waited for: the source is closed once it settles.
    if (!done) {
      if (pending) chunks.return(undefined).catch(() => {});
      else await chunks.return(undefined);
    }
  }
  scanner.newChunk();
  splitter.end();
  if (failure) throw failure;
}

/** Why a collection stopped early: its `signal` was aborted, or its `timeout` passed. */
export type StopReason = 'aborted' | 'timeout';

const STOPPED = Symbol('stopped');

/** The `signal` and `timeout` of a collection, as one stop that can be raced against a read. */
class StopWatch {
  reason: StopReason | undefined;
  #wake: (() => void) | null = null;
  #stopped: Promise<typeof STOPPED> | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort = (): void => this.#stop('aborted');

  constructor(options: StatsOptions) {
    const { signal, timeout } = options;
    if (signal !== undefined && (typeof signal !== 'object' || signal === null || typeof signal.aborted !== 'boolean')) {
      throw new TypeError(`signal must be an AbortSignal; got ${describeValue(signal)}`);
    }
    if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0) || timeout > 2 ** 31 - 1)) {
      throw new RangeError(`timeout must be a number of milliseconds from 1 to 2147483647; got ${describeValue(timeout)}`);
    }
    this.#signal = signal;
    if (signal?.aborted) this.reason = 'aborted';
    else signal?.addEventListener('abort', this.#onAbort, { once: true });
    if (timeout !== undefined) this.#timer = setTimeout(() => this.#stop('timeout'), timeout);
  }

  #stop(reason: StopReason): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    this.#wake?.();
  }

  /** The read's result, or STOPPED as soon as the work is stopped (at once if it already is). */
  race<T>(read: Promise<T>): Promise<T | typeof STOPPED> {
    if (this.reason !== undefined) return Promise.resolve(STOPPED);
    if (this.#signal === undefined && this.#timer === undefined) return read;
    this.#stopped ??= new Promise((resolve) => {
      this.#wake = () => resolve(STOPPED);
    });
    return Promise.race([read, this.#stopped]);
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#signal?.removeEventListener('abort', this.#onAbort);
  }
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

async function* counted(chunks: AsyncGenerator<Uint8Array>, onProgress: ((bytes: number) => void) | undefined): AsyncGenerator<Uint8Array> {
  if (!onProgress) return yield* chunks;
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    onProgress(bytes);
    yield chunk;
  }
}

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
    throw new TypeError(
      `collectStats takes records or an iterable of chunks${reader === CORE_READER ? '' : ', a path or a stream'}; got ${describeValue(input)}`,
    );
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
