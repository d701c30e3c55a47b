// The counter behind collectStats: kept hits by (day, referrer id, request id) in typed arrays, the filters on status,
// method and request, and the finished statistics (strings, host prefix, www merging, sorting) made at the end.
import { encodeText } from './bytes.js';
import { describeValue } from './errors.js';
import { ByteInterner, PairTable } from './intern.js';
import { compilePattern, type Pattern } from './pattern.js';
import type { LogRecord, LogReject, ParseSummary } from './record.js';
import type { DayStats, LogStats, PairCount, ReferrerCount, StatsOptions } from './stats.js';
import type { StopReason } from './stop.js';
import { mergeWww } from './url.js';

/** Counts kept hits by (day, referrer id, request id). @internal */
export class Collector {
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
