// The report in bounded memory, for logs whose distinct keys do not fit: visitors and distinct items counted with
// HyperLogLog, the items of the long panels (requests, static files, 404s, hosts, referrers, sites) with Space-Saving
// counters. No byte string is interned: fields are hashed where they lie, and a name is decoded only when its item
// takes a counter. The short panels (days, hours, status classes, operating systems, browsers) keep exact hits and
// bytes; their visitors are estimates.
import { agentClass } from './agent.js';
import { allocBytes, encodeText } from './bytes.js';
import { LogLineError, describeValue } from './errors.js';
import { HyperLogLog, checkPrecision, fmix32, hashBytes, standardError } from './hyperloglog.js';
import { LineSplitter } from './lines.js';
import { PANELS, isOrderedPanel, isStaticPath, referringSite, sortRows, type GeneralPanel, type PanelName, type PanelReport, type PanelRow } from './panels.js';
import { RecordBuilder, finalReason, overlongReason, readParseOptions, rejectText, type LogReject, type ParseOptions } from './record.js';
import { formatDay } from './report.js';
import { splitRequest, unescapeInto } from './request.js';
import { TopCounters, checkCounters } from './spacesaving.js';
import { readUntilStopped, type StopReason, type StopWatch } from './stop.js';
import type { ChunkReader } from './stats.js';
import { utf8TextOf } from './text.js';

/** How an approximate report counts: HyperLogLog's precision and the number of Space-Saving counters per panel. */
export interface ApproximateOptions {
  /** Registers of the HyperLogLog of the total visitors and distinct items: 2^precision (4 to 18; default 14). */
  readonly precision?: number;
  /** Space-Saving counters per long panel (1 to 1,048,576; default 5,000): the items a panel can list. */
  readonly counters?: number;
}

/** What an approximate report says about itself (its `approximate` field): which numbers are estimates, and how good. */
export interface ApproximateInfo {
  /** How distinct counts were estimated. */
  readonly distinct: 'hyperloglog';
  /** The precision of the general panel's distinct counts (2^precision registers). */
  readonly precision: number;
  /** Their relative standard error, 1.04 / sqrt(2^precision). */
  readonly standardError: number;
  /** The precision of the distinct visitors of each day, hour, status class, system and browser. */
  readonly panelPrecision: number;
  /** The precision of the distinct visitors of each item of a long panel. */
  readonly itemPrecision: number;
  /** How the long panels' items were kept. */
  readonly items: 'space-saving';
  /** Counters per long panel. */
  readonly counters: number;
  /** The long panels, whose `hits` may exceed the true count by the row's `hitsError` and whose `bytes` may fall short. */
  readonly sketched: readonly PanelName[];
  /** The general panel's estimates (the other totals are exact). */
  readonly estimated: readonly (keyof GeneralPanel)[];
}

/** The default precision of the general panel's distinct counts. */
export const DEFAULT_PRECISION = 14;
/** The default number of Space-Saving counters per long panel. */
export const DEFAULT_COUNTERS = 5000;
/** The precision of the visitors of a short panel's item (a day, an hour…): 4,096 registers, 1.6%. */
const PANEL_PRECISION = 12;
/** The precision of the visitors of a long panel's item: 256 registers, 6.5% (exact up to 16 visitors). */
const ITEM_PRECISION = 8;
/** Slots of each cache of per-value facts (a user agent's families, a request's kind, a referrer's site). */
const CACHE_BITS = 16;

const SKETCHED: readonly PanelName[] = ['requests', 'static', 'notFound', 'hosts', 'referringSites', 'referrerUrls'];
const ESTIMATED: readonly (keyof GeneralPanel)[] = ['visitors', 'files', 'referrers', 'notFound', 'staticFiles'];

/** Reads the `approximate` option: null when off. @internal */
export function readApproximate(value: unknown): { precision: number; counters: number } | null {
  if (value === undefined || value === false) return null;
  if (value === true) return { precision: DEFAULT_PRECISION, counters: DEFAULT_COUNTERS };
  if (typeof value !== 'object' || value === null) throw new TypeError(`approximate must be true, false or { precision, counters }; got ${describeValue(value)}`);
  const o = value as ApproximateOptions;
  return {
    precision: o.precision === undefined ? DEFAULT_PRECISION : checkPrecision(o.precision),
    counters: o.counters === undefined ? DEFAULT_COUNTERS : checkCounters(o.counters),
  };
}

/** Hits, bytes and visitors of a short panel's items, by id. */
class Short {
  hits: number[] = [];
  bytes: number[] = [];
  visitors: HyperLogLog[] = [];

  add(id: number, bytes: number, v1: number, v2: number, visitor: boolean): void {
    while (id >= this.hits.length) {
      this.hits.push(0);
      this.bytes.push(0);
      this.visitors.push(new HyperLogLog(PANEL_PRECISION));
    }
    this.hits[id]!++;
    this.bytes[id]! += bytes;
    if (visitor) this.visitors[id]!.add(v1, v2);
  }

  rows(name: (id: number) => string): PanelRow[] {
    const out: PanelRow[] = [];
    for (let id = 0; id < this.hits.length; id++) if (this.hits[id]! > 0) out.push({ key: name(id), hits: this.hits[id]!, visitors: this.visitors[id]!.estimate(), bytes: this.bytes[id]! });
    return out;
  }
}

/** A name's hash as two halves. */
type Hashed = { readonly name: string; readonly h1: number; readonly h2: number };

const scratchHash = new Int32Array(2);
function hashText(name: string): Hashed {
  const bytes = encodeText(name);
  hashBytes(bytes, 0, bytes.length, scratchHash);
  return { name, h1: scratchHash[0]!, h2: scratchHash[1]! };
}

/**
 * A direct-mapped cache of a number per value, keyed by the value's 64-bit hash: a slot per hash's low bits, a newer
 * value taking the slot of an older one. Fixed memory, no objects per entry.
 */
class HashCache {
  readonly #h1 = new Int32Array(1 << CACHE_BITS);
  readonly #h2 = new Int32Array(1 << CACHE_BITS);
  readonly #values = new Int32Array(1 << CACHE_BITS);
  readonly #used = new Uint8Array(1 << CACHE_BITS);

  /** The slot of the hash. */
  slot(h1: number, h2: number): number {
    return (h1 ^ (h2 >>> CACHE_BITS)) & ((1 << CACHE_BITS) - 1);
  }

  /** True when the slot holds the value hashed (h1, h2). */
  has(slot: number, h1: number, h2: number): boolean {
    return this.#used[slot] === 1 && this.#h1[slot] === h1 && this.#h2[slot] === h2;
  }

  value(slot: number): number {
    return this.#values[slot]!;
  }

  set(slot: number, h1: number, h2: number, value: number): void {
    this.#used[slot] = 1;
    this.#h1[slot] = h1;
    this.#h2[slot] = h2;
    this.#values[slot] = value;
  }
}

/** The counters of an approximate report. @internal */
export class ApproxCounter {
  valid = 0;
  failed = 0;
  logSize = 0;
  readonly #sent = new Float64Array(1);
  readonly precision: number;
  readonly counters: number;
  readonly visitors: HyperLogLog;
  readonly #pages: HyperLogLog;
  readonly #statics: HyperLogLog;
  readonly #missing: HyperLogLog;
  readonly #referrers: HyperLogLog;
  readonly requests: TopCounters;
  readonly static: TopCounters;
  readonly notFound: TopCounters;
  readonly hosts: TopCounters;
  readonly referrerUrls: TopCounters;
  readonly referringSites: TopCounters;
  readonly #days = new Short();
  readonly #dayIds = new Map<number, number>();
  readonly #dayNumbers: number[] = [];
  readonly #hours = new Short();
  readonly #status = new Short();
  readonly #os = new Short();
  readonly #browsers = new Short();
  readonly #families: string[] = [];
  readonly #familyIds = new Map<string, number>();
  // Caches by a value's hash: a user agent's families (os id * 2^16 + browser id), a request's kind (1 static,
  // 0 not), a referrer's site (an index into the slot's site, -1 none).
  readonly #agentFamilies = new HashCache();
  readonly #requestStatic = new HashCache();
  readonly #refSite = new HashCache();
  readonly #sites: Array<Hashed | null> = new Array<Hashed | null>(1 << CACHE_BITS).fill(null);

  constructor(precision: number, counters: number) {
    this.precision = precision;
    this.counters = counters;
    this.visitors = new HyperLogLog(precision);
    this.#pages = new HyperLogLog(precision);
    this.#statics = new HyperLogLog(precision);
    this.#missing = new HyperLogLog(precision);
    this.#referrers = new HyperLogLog(precision);
    this.requests = new TopCounters(counters, ITEM_PRECISION);
    this.static = new TopCounters(counters, ITEM_PRECISION);
    this.notFound = new TopCounters(counters, ITEM_PRECISION);
    this.hosts = new TopCounters(counters, ITEM_PRECISION);
    this.referrerUrls = new TopCounters(counters, ITEM_PRECISION);
    this.referringSites = new TopCounters(counters, ITEM_PRECISION);
  }

  /** Bytes sent. */
  get bytes(): number {
    return this.#sent[0]!;
  }

  #family(name: string): number {
    let id = this.#familyIds.get(name);
    if (id === undefined) this.#familyIds.set(name, (id = this.#families.push(name) - 1));
    return id;
  }

  /** The families (os * 2^16 + browser) of a user agent given by its hash and bytes. */
  agentFamilies(h1: number, h2: number, text: () => string): number {
    const cache = this.#agentFamilies;
    const slot = cache.slot(h1, h2);
    if (cache.has(slot, h1, h2)) return cache.value(slot);
    const t = text();
    const c = agentClass(t === '' ? null : t);
    const f = this.#family(c.os) * 65536 + this.#family(c.browser);
    cache.set(slot, h1, h2, f);
    return f;
  }

  /** True when a request (path and query) given by its hash is a static file. */
  isStatic(h1: number, h2: number, text: () => string): boolean {
    const cache = this.#requestStatic;
    const slot = cache.slot(h1, h2);
    if (cache.has(slot, h1, h2)) return cache.value(slot) === 1;
    const s = isStaticPath(text());
    cache.set(slot, h1, h2, s ? 1 : 0);
    return s;
  }

  /** The referring site of a referrer given by its hash, or null. */
  site(h1: number, h2: number, text: () => string): Hashed | null {
    const cache = this.#refSite;
    const slot = cache.slot(h1, h2);
    if (cache.has(slot, h1, h2)) return this.#sites[slot]!;
    const name = referringSite(text());
    const s = name === null ? null : hashText(name);
    cache.set(slot, h1, h2, 0);
    this.#sites[slot] = s;
    return s;
  }

  /** The id of a day number. */
  day(day: number): number {
    let id = this.#dayIds.get(day);
    if (id === undefined) {
      id = this.#dayNumbers.push(day) - 1;
      this.#dayIds.set(day, id);
    }
    return id;
  }

  /**
   * Counts a record's short panels and totals: day id (-1 none), hour (-1 none), status (-1 none), bytes, families,
   * and its visitor key's hash (counted when `visitor`: not a 4xx).
   */
  addShort(day: number, hour: number, status: number, bytes: number, families: number, v1: number, v2: number, visitor: boolean): void {
    this.valid++;
    this.#sent[0]! += bytes;
    if (visitor) this.visitors.add(v1, v2);
    // Records without a time are the day `-`, id 0.
    this.#days.add(day + 1, bytes, v1, v2, visitor);
    if (hour >= 0) this.#hours.add(hour, bytes, v1, v2, visitor);
    this.#status.add(status < 0 ? 10 : Math.floor(status / 100), bytes, v1, v2, visitor);
    this.#os.add(Math.floor(families / 65536), bytes, v1, v2, visitor);
    this.#browsers.add(families % 65536, bytes, v1, v2, visitor);
  }

  /** Counts a request in its panel (kind: 0 page, 1 static file, 2 a 404) and among the distinct ones. */
  addRequest(kind: number, h1: number, h2: number, name: () => string, bytes: number, v1: number, v2: number, visitor: boolean): void {
    const top = kind === 0 ? this.requests : kind === 1 ? this.static : this.notFound;
    (kind === 0 ? this.#pages : kind === 1 ? this.#statics : this.#missing).add(h1, h2);
    const c = top.add(h1, h2, name, bytes);
    if (visitor) top.visit(c, v1, v2);
  }

  /** Counts a referrer URL and its site. */
  addReferrer(h1: number, h2: number, name: () => string, site: Hashed | null, bytes: number, v1: number, v2: number, visitor: boolean): void {
    this.#referrers.add(h1, h2);
    const c = this.referrerUrls.add(h1, h2, name, bytes);
    if (visitor) this.referrerUrls.visit(c, v1, v2);
    if (site !== null) {
      const s = this.referringSites.add(site.h1, site.h2, () => site.name, bytes);
      if (visitor) this.referringSites.visit(s, v1, v2);
    }
  }

  /** Counts a host. */
  addHost(h1: number, h2: number, name: () => string, bytes: number, v1: number, v2: number, visitor: boolean): void {
    const c = this.hosts.add(h1, h2, name, bytes);
    if (visitor) this.hosts.visit(c, v1, v2);
  }

  /** What the report says about its estimates. */
  info(): ApproximateInfo {
    return {
      distinct: 'hyperloglog',
      precision: this.precision,
      standardError: Number(standardError(this.precision).toFixed(5)),
      panelPrecision: PANEL_PRECISION,
      itemPrecision: ITEM_PRECISION,
      items: 'space-saving',
      counters: this.counters,
      sketched: SKETCHED,
      estimated: ESTIMATED,
    };
  }

  /** The report: `approximate` first, then the panels asked for. */
  report(panels: readonly PanelName[], top: number): PanelReport {
    const out: Record<string, unknown> = { approximate: this.info() };
    const sketched = (t: TopCounters): PanelRow[] =>
      t.items().map((i) => ({ key: i.key, hits: i.count, visitors: i.visitors, bytes: i.weight, hitsError: i.error }));
    const want = new Set(panels);
    for (const p of PANELS) {
      if (!want.has(p)) continue;
      if (p === 'general') {
        const pages = this.#pages.estimate();
        const statics = this.#statics.estimate();
        out.general = {
          requests: this.valid + this.failed,
          valid: this.valid,
          failed: this.failed,
          visitors: this.visitors.estimate(),
          files: pages + statics,
          referrers: this.#referrers.estimate(),
          notFound: this.#missing.estimate(),
          staticFiles: statics,
          logSize: this.logSize,
          bytes: this.bytes,
        } satisfies GeneralPanel;
        continue;
      }
      let rows: PanelRow[];
      if (p === 'visitors') {
        const names = ['-', ...this.#dayNumbers.map((d) => formatDay(d))];
        rows = this.#days.rows((id) => names[id]!);
      } else if (p === 'hours') rows = this.#hours.rows((id) => String(id).padStart(2, '0'));
      else if (p === 'status') rows = this.#status.rows((id) => (id === 10 ? 'unknown' : `${id}xx`));
      else if (p === 'os') rows = this.#os.rows((id) => this.#families[id]!);
      else if (p === 'browsers') rows = this.#browsers.rows((id) => this.#families[id]!);
      else rows = sketched(this[p]);
      out[p] = sortRows(rows, isOrderedPanel(p), isOrderedPanel(p) ? Infinity : top);
    }
    return out as PanelReport;
  }
}

/** Reads one source into an approximate counter. @internal */
export async function countApprox(reader: ChunkReader, source: unknown, options: ParseOptions, counter: ApproxCounter, watch: StopWatch): Promise<StopReason | undefined> {
  const { format, strict, maxLineLength, onReject, raw } = readParseOptions(options, 'collectPanelReport');
  const kinds = format.fields.map((f) => f.kind);
  const requestField = kinds.indexOf('request');
  if (requestField < 0 || raw) {
    throw new RangeError(`approximate counts read formats with a request field (%r): ${raw ? 'raw records have' : `the format ${describeValue(format.name)} has`} none`);
  }
  const builder = new RecordBuilder(format, false);
  const scanner = builder.scanner;
  const statusField = kinds.indexOf('status');
  const bytesField = kinds.indexOf('bytes');
  const referrerField = kinds.indexOf('referrer');
  const agentField = kinds.indexOf('userAgent');
  const ipField = kinds.indexOf('ip');
  const timeField = kinds.indexOf('time');
  const isoField = kinds.indexOf('timeIso');
  const hourField = timeField >= 0 ? timeField : isoField;
  const hourAt = timeField >= 0 ? 12 : 11;
  const split = new Int32Array(4);
  const hash = new Int32Array(2);
  // Unescaped fields, one buffer per field kind (a name is decoded from it after the others are hashed).
  let reqBuf = allocBytes(4096);
  let refBuf = allocBytes(4096);
  let hostBuf = allocBytes(256);
  let agentBuf = allocBytes(4096);
  // The hashes of the values written '-' or missing: '-' for hosts, requests and referrers, '' for agents.
  const dash = encodeText('-');
  hashBytes(dash, 0, 1, hash);
  const dash1 = hash[0]!;
  const dash2 = hash[1]!;
  hashBytes(dash, 0, 0, hash);
  const none1 = hash[0]!;
  const none2 = hash[1]!;
  let failure: LogLineError | null = null;
  const reject = (line: number, reason: string, text: string): void => {
    if (strict) failure ??= new LogLineError(line, reason);
    if (failure) return;
    counter.failed++;
    onReject?.({ line, reason, text } satisfies LogReject);
  };
  const starts = scanner.starts;
  const ends = scanner.ends;
  const escaped = scanner.escaped;
  // The bytes of the current line's fields (the line's buffer, or the field's own after unescaping).
  let rb: Uint8Array = reqBuf;
  let rs = 0;
  let re = 0;
  let fb: Uint8Array = refBuf;
  let fs = 0;
  let fe = 0;
  let hb: Uint8Array = hostBuf;
  let hs = 0;
  let he = 0;
  let ab: Uint8Array = agentBuf;
  let as = 0;
  let ae = 0;
  // Each decoded at most once a line (a request is looked up for its kind and may take a counter; a referrer for its
  // site and a counter).
  let requestText: string | null = null;
  let refText: string | null = null;
  const requestName = (): string => (requestText ??= utf8TextOf(rb, rs, re));
  const refName = (): string => (refText ??= utf8TextOf(fb, fs, fe));
  const hostName = (): string => utf8TextOf(hb, hs, he);
  const agentName = (): string => utf8TextOf(ab, as, ae);
  const onLine = (buf: Uint8Array, s: number, e: number, line: number, final: boolean): void => {
    if (failure) return;
    if (!scanner.scan(buf, s, e)) {
      const reason = scanner.reason(buf, s, e);
      reject(line, final ? finalReason(reason) : reason, rejectText(buf, s, e));
      return;
    }
    let status = -1;
    if (statusField >= 0 && starts[statusField]! >= 0) {
      const p = starts[statusField]!;
      if (ends[statusField]! - p === 3) status = (buf[p]! - 48) * 100 + (buf[p + 1]! - 48) * 10 + (buf[p + 2]! - 48);
    }
    let bytes = 0;
    if (bytesField >= 0 && starts[bytesField]! >= 0) {
      const be = ends[bytesField]!;
      for (let k = starts[bytesField]!; k < be; k++) {
        const d = buf[k]! - 48;
        if (d >= 0 && d <= 9) bytes = bytes * 10 + d;
      }
    }
    let hour = -1;
    if (hourField >= 0 && starts[hourField]! >= 0) {
      const p = starts[hourField]! + hourAt;
      hour = (buf[p]! - 48) * 10 + (buf[p + 1]! - 48);
    }
    // Host and agent: the visitor key's parts.
    let host1 = dash1;
    let host2 = dash2;
    hb = dash;
    hs = 0;
    he = 1;
    if (ipField >= 0 && starts[ipField]! >= 0 && !(ends[ipField]! - starts[ipField]! === 1 && buf[starts[ipField]!] === 0x2d)) {
      hb = buf;
      hs = starts[ipField]!;
      he = ends[ipField]!;
      if (escaped[ipField] === 1) {
        if (hostBuf.length < he - hs) hostBuf = allocBytes(2 * (he - hs));
        he = unescapeInto(buf, hs, he, hostBuf);
        hs = 0;
        hb = hostBuf;
      }
      hashBytes(hb, hs, he, hash);
      host1 = hash[0]!;
      host2 = hash[1]!;
    }
    let agent1 = none1;
    let agent2 = none2;
    ab = dash;
    as = 0;
    ae = 0;
    if (agentField >= 0 && starts[agentField]! >= 0 && !(ends[agentField]! - starts[agentField]! === 1 && buf[starts[agentField]!] === 0x2d)) {
      ab = buf;
      as = starts[agentField]!;
      ae = ends[agentField]!;
      if (escaped[agentField] === 1) {
        if (agentBuf.length < ae - as) agentBuf = allocBytes(2 * (ae - as));
        ae = unescapeInto(buf, as, ae, agentBuf);
        as = 0;
        ab = agentBuf;
      }
      hashBytes(ab, as, ae, hash);
      agent1 = hash[0]!;
      agent2 = hash[1]!;
    }
    const day = scanner.day;
    const dayId = day < 0 ? -1 : counter.day(day);
    // The visitor key (host, day, agent) as GoAccess makes it; a 4xx hit makes no visitor.
    const v1 = fmix32(host1 ^ Math.imul(agent1, 0x9e3779b1) ^ Math.imul(day + 2, 0x85ebca6b));
    const v2 = fmix32((host2 + Math.imul(agent2 ^ 0x27d4eb2f, 0xc2b2ae35) + Math.imul(day + 2, 0x165667b1)) | 0);
    const visitor = status < 400 || status >= 500;
    const families = counter.agentFamilies(agent1, agent2, agentName);
    counter.addShort(dayId, hour, status, bytes, families, v1, v2, visitor);
    counter.addHost(host1, host2, hostName, bytes, v1, v2, visitor);
    // The request's path and query (the whole field when it is not METHOD path PROTOCOL).
    requestText = null;
    refText = null;
    let req1 = dash1;
    let req2 = dash2;
    rb = dash;
    rs = 0;
    re = 1;
    if (starts[requestField]! >= 0) {
      rb = buf;
      rs = starts[requestField]!;
      re = ends[requestField]!;
      if (escaped[requestField] === 1) {
        if (reqBuf.length < re - rs) reqBuf = allocBytes(2 * (re - rs));
        re = unescapeInto(buf, rs, re, reqBuf);
        rs = 0;
        rb = reqBuf;
      }
      splitRequest(rb, rs, re, split);
      if (split[0]! >= 0) {
        rs = split[1]!;
        re = split[2]!;
      }
      hashBytes(rb, rs, re, hash);
      req1 = hash[0]!;
      req2 = hash[1]!;
    }
    const kind = status === 404 ? 2 : counter.isStatic(req1, req2, requestName) ? 1 : 0;
    counter.addRequest(kind, req1, req2, requestName, bytes, v1, v2, visitor);
    // As records: a referrer written '-' is none, an empty one is left out of the referrer panels.
    if (referrerField >= 0 && starts[referrerField]! >= 0) {
      fs = starts[referrerField]!;
      fe = ends[referrerField]!;
      if (fe > fs && !(fe - fs === 1 && buf[fs] === 0x2d)) {
        fb = buf;
        if (escaped[referrerField] === 1) {
          if (refBuf.length < fe - fs) refBuf = allocBytes(2 * (fe - fs));
          fe = unescapeInto(buf, fs, fe, refBuf);
          fs = 0;
          fb = refBuf;
        }
        hashBytes(fb, fs, fe, hash);
        const ref1 = hash[0]!;
        const ref2 = hash[1]!;
        counter.addReferrer(ref1, ref2, refName, counter.site(ref1, ref2, refName), bytes, v1, v2, visitor);
      }
    }
  };
  const splitter = new LineSplitter(maxLineLength, onLine, (line, _length, head) => {
    if (!failure) reject(line, overlongReason(maxLineLength), rejectText(head, 0, head.length));
  });
  const stopped = await readUntilStopped(reader.chunks(source), watch, (chunk) => {
    counter.logSize += chunk.length;
    scanner.newChunk();
    splitter.push(chunk);
    if (failure) throw failure;
  });
  if (stopped === undefined) {
    scanner.newChunk();
    splitter.end();
    if (failure) throw failure;
  }
  return stopped;
}
