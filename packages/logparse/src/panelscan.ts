// The fast path of the report panels: lines are scanned into byte ranges, the fields the panels group by are interned
// to dense ids, and hits, bytes and distinct (item, visitor) pairs are counted in typed arrays. User agents are
// classified once per distinct agent, referring sites found once per distinct referrer, static files decided once per
// distinct request. The strings, Maps and packed visitor lists of `PanelStats` are made once, at the end.
import { agentClass } from './agent.js';
import { allocBytes } from './bytes.js';
import { coreChunks, type ChunkSource } from './chunks.js';
import { LogLineError, describeValue } from './errors.js';
import { ByteInterner, PairSet, PairTable, type InternerDump } from './intern.js';
import type { CompactPanels } from './compact.js';
import { LineSplitter } from './lines.js';
import type { DayPanels } from './days.js';
import { DaySums } from './daysum.js';
import { PANELS, PackedItem, addRecord, createPanels, isOrderedPanel, isStaticPath, mergePanels, panelReport, readReportOptions, referringSite, sortRows, type GeneralPanel, type PanelName, type PanelReport, type PanelReportOptions, type PanelRow, type PanelStats } from './panels.js';
import { RecordBuilder, finalReason, overlongReason, readParseOptions, rejectText, type LogRecord, type LogReject, type ParseOptions } from './record.js';
import { formatDay } from './report.js';
import { splitRequest, unescapeInto } from './request.js';
import { ApproxCounter, countApprox, readApproximate, type ApproximateOptions } from './approx.js';
import type { ChunkReader } from './stats.js';
import { StopWatch, readUntilStopped, type StopReason } from './stop.js';

/** Options of `collectPanels`: the parse options, and when to stop. */
export interface PanelOptions extends ParseOptions {
  /** Stops reading when aborted; the statistics of what was read come back with `stopped: 'aborted'`. */
  readonly signal?: AbortSignal;
  /** Stops reading after this many milliseconds; the statistics come back with `stopped: 'timeout'`. */
  readonly timeout?: number;
}

/** What `collectPanels` found: the panel statistics, with `stopped` when the work stopped before the end. */
export type PanelCollection = PanelStats & {
  /** Present when the work stopped before the end of the input: the counts are of the lines read until then. */
  readonly stopped?: StopReason;
};

/** The items of one list panel. */
type ItemMap = PanelStats['lists']['hosts'];

/** Hits and bytes per item id, and (when `pairs`) the distinct (item, visitor) pairs. */
class Tally {
  // Small at first: a log of many days makes a counter a day, and most days hold a few thousand items or fewer.
  hits = new Float64Array(1 << 10);
  bytes = new Float64Array(1 << 10);
  pairs: PairSet | null;

  constructor(pairs: boolean) {
    this.pairs = pairs ? new PairSet() : null;
  }

  #lastItem = -1;
  #lastVisitor = -1;

  add(item: number, bytes: number, visitor: number): void {
    if (item >= this.hits.length) this.#grow(item);
    this.hits[item]!++;
    this.bytes[item]! += bytes;
    // The same visitor on the same item as the last hit (a page and its parts) is already counted.
    if (visitor >= 0 && (item !== this.#lastItem || visitor !== this.#lastVisitor)) {
      this.pairs!.add(item, visitor);
      this.#lastItem = item;
      this.#lastVisitor = visitor;
    }
  }

  /** Adds hits and bytes to an item (its visitors apart). */
  addCounts(item: number, hits: number, bytes: number): void {
    if (item >= this.hits.length) this.#grow(item);
    this.hits[item]! += hits;
    this.bytes[item]! += bytes;
  }

  /** The tally as typed arrays of their exact sizes, to hand to another thread (`TallyDump`). */
  dump(): TallyDump {
    let n = this.hits.length;
    while (n > 0 && this.hits[n - 1] === 0) n--;
    const [firsts, seconds] = this.pairs === null ? [null, null] : this.pairs.lists();
    return { hits: this.hits.slice(0, n), bytes: this.bytes.slice(0, n), firsts, seconds };
  }

  /**
   * Adds a dumped tally: its item `i` is item `items[i]` here (`i` itself when `items` is null), its visitor `v`
   * visitor `visitors[v]`.
   */
  absorb(from: TallyDump, items: Int32Array | null, visitors: Int32Array, size: number): void {
    // Room made at once: `size` items (every id `items` maps to is below it), and all of the dump's pairs.
    if (size > this.hits.length) this.#grow(size - 1, true);
    if (from.firsts !== null) this.pairs!.reserve(from.firsts.length);
    const n = items === null ? from.hits.length : Math.min(from.hits.length, items.length);
    for (let i = 0; i < n; i++) if (from.hits[i] !== 0) this.addCounts(items === null ? i : items[i]!, from.hits[i]!, from.bytes[i]!);
    const { firsts, seconds } = from;
    if (firsts === null || seconds === null) return;
    const pairs = this.pairs!;
    for (let p = 0; p < firsts.length; p++) pairs.add(items === null ? firsts[p]! : items[firsts[p]!]!, visitors[seconds[p]!]!);
  }

  #grow(item: number, exact = false): void {
    const size = exact ? item + 1 : Math.max(this.hits.length * 2, item + 1);
    const hits = new Float64Array(size);
    hits.set(this.hits);
    const bytes = new Float64Array(size);
    bytes.set(this.bytes);
    this.hits = hits;
    this.bytes = bytes;
  }
}

/** A tally as typed arrays: hits and bytes by item id, and its distinct (item, visitor) pairs (none for hours, status). @internal */
export interface TallyDump {
  readonly hits: Float64Array;
  readonly bytes: Float64Array;
  readonly firsts: Int32Array | null;
  readonly seconds: Int32Array | null;
}

/**
 * A counter's state as typed arrays of their exact sizes (its texts as the interners' bytes, its hash tables as lists
 * of what they hold) and a few small lists: what a worker thread hands on, its buffers transferred, for another
 * counter to add up (`absorb`). @internal
 */
export interface CounterDump {
  readonly valid: number;
  readonly failed: number;
  readonly logSize: number;
  readonly bytes: number;
  readonly hosts: InternerDump;
  readonly requests: InternerDump;
  readonly refs: InternerDump;
  readonly agents: InternerDump;
  /** Day numbers by day index. */
  readonly days: number[];
  /** (host, agent) pairs by id, and (who, day index + 1) pairs by key: the first `size` of each. */
  readonly who: PairsDump;
  readonly keys: PairsDump;
  readonly keyHits: Float64Array;
  readonly keyBytes: Float64Array;
  readonly keyVisitor: Int32Array;
  readonly visitorCount: number;
  readonly hoursOf: Int32Array;
  readonly statusOf: Int32Array;
  /** Requests, static files, not found, hours, referrers, referring sites, status classes. */
  readonly tallies: TallyDump[];
  readonly sites: string[];
  /** (referrer, request) pairs of the graph, and their hits by pair id. */
  readonly pairs: PairsDump;
  readonly pairHits: Float64Array;
}

/** The first `size` pairs of a `PairTable`. @internal */
export interface PairsDump {
  readonly size: number;
  readonly firsts: Int32Array;
  readonly seconds: Int32Array;
}

/** A type whose fields can be set (a dump let go of part by part as it is added up). */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

// What a dump's parts are set to once added up.
const NO_IDS = new Int32Array(0);
const NO_SUMS = new Float64Array(0);
const NO_TEXTS: InternerDump = { size: 0, arena: new Uint8Array(0), offsets: NO_IDS, lengths: NO_IDS };
const NO_PAIRS: PairsDump = { size: 0, firsts: NO_IDS, seconds: NO_IDS };
const NO_TALLY: TallyDump = { hits: NO_SUMS, bytes: NO_SUMS, firsts: null, seconds: null };

/** The buffers of a counter dump's typed arrays, to transfer with it. @internal */
export function dumpTransferables(dump: CounterDump): ArrayBuffer[] {
  const all: ArrayBufferView[] = [dump.keyHits, dump.keyBytes, dump.keyVisitor, dump.hoursOf, dump.statusOf, dump.pairHits];
  for (const i of [dump.hosts, dump.requests, dump.refs, dump.agents]) all.push(i.arena, i.offsets, i.lengths);
  for (const p of [dump.who, dump.keys, dump.pairs]) all.push(p.firsts, p.seconds);
  for (const t of dump.tallies) {
    all.push(t.hits, t.bytes);
    if (t.firsts !== null && t.seconds !== null) all.push(t.firsts, t.seconds);
  }
  // (Each array has a buffer of its own; a buffer listed twice could not be transferred.)
  return [...new Set(all.map((a) => a.buffer as ArrayBuffer))];
}

/** A growable Int32Array of ids, -1 for "not known yet". */
function growIds(a: Int32Array, need: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(a.length * 2, need + 1)).fill(-1);
  b.set(a);
  return b;
}

/** One list panel's hits, bytes and visitors by item id (below `size`; an id with no hits is no item), and names. @internal */
export interface PanelColumns {
  readonly size: number;
  readonly hits: ArrayLike<number>;
  readonly bytes: ArrayLike<number>;
  readonly visitors: ArrayLike<number>;
  readonly name: (id: number) => string;
}

/**
 * A list panel's rows made from its columns a slice at a time, in the order of `sortRows` (hits, then key; or key for
 * the ordered panels) and cut to `top` as it does: the same rows as `report`'s, never all held as objects. @internal
 */
export class ColumnRows {
  readonly #columns: PanelColumns;
  readonly #order: number[];

  constructor(columns: PanelColumns, ordered: boolean, top: number) {
    const { hits, name } = columns;
    // Item ids in id order, sorted (stably, as `sortRows` sorts rows made in id order).
    const order: number[] = [];
    for (let id = 0; id < columns.size; id++) if (hits[id] !== 0) order.push(id);
    const byKey = (a: number, b: number): number => {
      const x = name(a);
      const y = name(b);
      return x < y ? -1 : x > y ? 1 : 0;
    };
    order.sort(ordered ? byKey : (a, b) => hits[b]! - hits[a]! || byKey(a, b));
    if (!ordered && top < order.length) order.length = top;
    this.#columns = columns;
    this.#order = order;
  }

  /** The number of rows. */
  get length(): number {
    return this.#order.length;
  }

  /** Rows `from` to `to` (excluded), as `report` makes them. */
  slice(from: number, to: number): PanelRow[] {
    const c = this.#columns;
    const out: PanelRow[] = [];
    for (const id of this.#order.slice(from, to)) out.push({ key: c.name(id), hits: c.hits[id]!, visitors: c.visitors[id]!, bytes: c.bytes[id]! });
    return out;
  }

  /** The rows one by one. */
  *[Symbol.iterator](): IterableIterator<PanelRow> {
    for (let i = 0; i < this.length; i += 4096) yield* this.slice(i, i + 4096);
  }
}

/** A report whose list panels are `ColumnRows` (`PanelCounter.reportRows`). @internal */
export type RowsReport = { general?: GeneralPanel } & { [panel: string]: GeneralPanel | ColumnRows };

/** The counter of the fast path. @internal */
export class PanelCounter {
  readonly hosts = new ByteInterner();
  readonly requests = new ByteInterner();
  readonly refs = new ByteInterner();
  readonly agents = new ByteInterner();
  valid = 0;
  failed = 0;
  logSize = 0;
  // Bytes sent, in a Float64Array: a number field would start as a small integer and be recompiled as a double
  // when the sum passes 2^30.
  readonly #sent = new Float64Array(1);
  get bytes(): number {
    return this.#sent[0]!;
  }
  // Visitor keys: (host, agent) → who; (who, day index + 1) → key. Every record has a key (4xx hits too); a key
  // becomes a visitor, numbered in order, at its first hit that is not a 4xx. Hits and bytes of the day, host,
  // operating-system and browser panels are counted per key and added up at the end.
  #who = new PairTable();
  #keys = new PairTable();
  #keyHits = new Float64Array(1 << 12);
  #keyBytes = new Float64Array(1 << 12);
  #keyVisitor = new Int32Array(1 << 12).fill(-1);
  #visitorCount = 0;
  // Days by index.
  readonly #days: number[] = [];
  readonly #dayIndex = new Map<number, number>();
  #lastDay = -2;
  #lastDayIndex = -1;
  // The last key found, by (host, agent, day index).
  #lastHost = -1;
  #lastAgent = -1;
  #lastKeyDay = -2;
  #lastKey = -1;
  // Tallies by panel.
  readonly #byRequest = new Tally(true);
  readonly #byStatic = new Tally(true);
  readonly #byNotFound = new Tally(true);
  readonly #byHour = new Tally(false);
  readonly #byRef = new Tally(true);
  readonly #bySite = new Tally(true);
  readonly #byStatus = new Tally(false);
  // The hours (bits 0–23) and status classes (bits 0–10) each visitor was seen in: a few items, so bit masks by
  // visitor instead of a table of (item, visitor) pairs.
  #hoursOf = new Int32Array(1 << 12);
  #statusOf = new Int32Array(1 << 12);
  // (referrer, request) → hits.
  #pairs = new PairTable();
  #pairHits = new Float64Array(1 << 10);
  // Per-id caches: request → 1 static, 2 not (0 unknown); referrer → site id (-1 none, -2 unknown).
  #requestKind = new Int8Array(1 << 10);
  #siteOf = new Int32Array(1 << 10).fill(-2);
  readonly #sites: string[] = [];
  readonly #siteIds = new Map<string, number>();
  readonly dash: number;
  readonly empty: number;
  readonly noHost: number;
  readonly noRequest: number;
  /** The statistics of records counted on the slower path (formats without `%r`, `raw`). */
  records: PanelStats | null = null;

  constructor() {
    this.dash = this.refs.internString('-');
    this.empty = this.agents.internString('');
    this.noHost = this.hosts.internString('-');
    this.noRequest = this.requests.internString('-');
  }

  /** The index of a day number (-1: no time). */
  day(day: number): number {
    if (day === this.#lastDay) return this.#lastDayIndex;
    if (day < 0) return -1;
    let index = this.#dayIndex.get(day);
    if (index === undefined) {
      index = this.#days.length;
      this.#days.push(day);
      this.#dayIndex.set(day, index);
    }
    this.#lastDay = day;
    this.#lastDayIndex = index;
    return index;
  }

  #site(ref: number): number {
    if (ref >= this.#siteOf.length) {
      const old = this.#siteOf.length;
      this.#siteOf = growIds(this.#siteOf, ref).fill(-2, old);
    }
    let site = this.#siteOf[ref]!;
    if (site === -2) {
      const name = referringSite(this.refs.strings[ref]!);
      if (name === null) site = -1;
      else {
        site = this.#siteIds.get(name) ?? -1;
        if (site < 0) {
          site = this.#sites.length;
          this.#sites.push(name);
          this.#siteIds.set(name, site);
        }
      }
      this.#siteOf[ref] = site;
    }
    return site;
  }

  #kind(request: number): number {
    if (request >= this.#requestKind.length) {
      const bigger = new Int8Array(Math.max(this.#requestKind.length * 2, request + 1));
      bigger.set(this.#requestKind);
      this.#requestKind = bigger;
    }
    let kind = this.#requestKind[request]!;
    if (kind === 0) {
      kind = isStaticPath(this.requests.strings[request]!) ? 1 : 2;
      this.#requestKind[request] = kind;
    }
    return kind;
  }

  /**
   * Counts one record given by ids: host, agent (the empty agent for none), day index (-1 none), request, referrer
   * (`dash` for none; `ref` is skipped in the referrer panels when `refCounts` is false), status (-1 none), bytes,
   * hour (-1 none).
   */
  add(host: number, agent: number, day: number, request: number, ref: number, refCounts: boolean, status: number, bytes: number, hour: number): void {
    this.valid++;
    this.#sent[0]! += bytes;
    let key = this.#lastKey;
    if (host !== this.#lastHost || agent !== this.#lastAgent || day !== this.#lastKeyDay) {
      key = this.#keys.id(this.#who.id(host, agent), day + 1);
      if (key >= this.#keyHits.length) this.#growKeys(key);
      this.#lastHost = host;
      this.#lastAgent = agent;
      this.#lastKeyDay = day;
      this.#lastKey = key;
    }
    this.#keyHits[key]!++;
    this.#keyBytes[key]! += bytes;
    let visitor = -1;
    // As GoAccess (without --4xx-to-unique-count): a client error does not make its client a visitor.
    if (status < 400 || status >= 500) {
      visitor = this.#keyVisitor[key]!;
      if (visitor < 0) {
        this.#keyVisitor[key] = visitor = this.#visitorCount++;
        if (visitor >= this.#hoursOf.length) this.#growVisitors(this.#hoursOf.length * 2);
      }
    }
    if (status === 404) this.#byNotFound.add(request, bytes, visitor);
    else if (this.#kind(request) === 1) this.#byStatic.add(request, bytes, visitor);
    else {
      this.#byRequest.add(request, bytes, visitor);
      // The graph: referrers of pages.
      const pair = this.#pairs.id(ref, request);
      if (pair >= this.#pairHits.length) this.#growPairHits(pair);
      this.#pairHits[pair]!++;
    }
    if (hour >= 0) {
      this.#byHour.add(hour, bytes, -1);
      if (visitor >= 0) this.#hoursOf[visitor]! |= 1 << hour;
    }
    if (refCounts) {
      this.#byRef.add(ref, bytes, visitor);
      const site = this.#site(ref);
      if (site >= 0) this.#bySite.add(site, bytes, visitor);
    }
    const statusClass = status < 0 ? 10 : Math.floor(status / 100);
    this.#byStatus.add(statusClass, bytes, -1);
    if (visitor >= 0) this.#statusOf[visitor]! |= 1 << statusClass;
  }

  /**
   * The state as typed arrays of their exact sizes (`CounterDump`), to go to another thread. Only for the fast path
   * (`records` null). With `once`, the counter lets go of each part once it is copied (the tallies' pairs, then the
   * keys) and calls `once` (a collection then frees it before the next copy is made); it is spent after.
   */
  dump(once?: () => void): CounterDump {
    if (this.records !== null) throw new Error('a counter of records (a format without %r) cannot be dumped');
    const tallies = [this.#byRequest, this.#byStatic, this.#byNotFound, this.#byHour, this.#byRef, this.#bySite, this.#byStatus];
    const tallyDumps = tallies.map((t) => t.dump());
    if (once !== undefined) {
      for (const t of tallies) t.pairs = null;
      once();
    }
    const pairs = (t: PairTable): PairsDump => ({ size: t.size, firsts: t.firsts.slice(0, t.size), seconds: t.seconds.slice(0, t.size) });
    const keys = this.#keys.size;
    const visitors = this.#visitorCount;
    const who = pairs(this.#who);
    const keyPairs = pairs(this.#keys);
    const keyHits = this.#keyHits.slice(0, keys);
    const keyBytes = this.#keyBytes.slice(0, keys);
    const keyVisitor = this.#keyVisitor.slice(0, keys);
    const hoursOf = this.#hoursOf.slice(0, visitors);
    const statusOf = this.#statusOf.slice(0, visitors);
    if (once !== undefined) {
      this.#who = new PairTable();
      this.#keys = new PairTable();
      this.#keyHits = this.#keyBytes = new Float64Array(0);
      this.#keyVisitor = this.#hoursOf = this.#statusOf = new Int32Array(0);
      once();
    }
    return {
      valid: this.valid,
      failed: this.failed,
      logSize: this.logSize,
      bytes: this.bytes,
      hosts: this.hosts.dump(),
      requests: this.requests.dump(),
      refs: this.refs.dump(),
      agents: this.agents.dump(),
      days: [...this.#days],
      who,
      keys: keyPairs,
      keyHits,
      keyBytes,
      keyVisitor,
      visitorCount: visitors,
      hoursOf,
      statusOf,
      tallies: tallyDumps,
      sites: [...this.#sites],
      pairs: pairs(this.#pairs),
      pairHits: this.#pairHits.slice(0, this.#pairs.size),
    };
  }

  /**
   * Adds another counter's dump (of other lines) into this one: afterwards it counts as if it had read both parts,
   * a visitor seen in both (the same host, agent and day) once. Texts are matched by their bytes, the other part's
   * new ones numbered after this one's in their own order. Only for the fast path (`records` null). Each table is
   * grown once, to the sizes the dump's add up to, before its part is added (not by doubling as it fills), and the
   * dump lets go of each part once it is added: the dump is spent after (added up again, it throws). `between` is
   * called between the steps (the keys; the tallies of requests; of static files; the rest), when the arrays this
   * counter outgrew and the dump's parts added are garbage: a collection then frees them before the next step grows
   * more.
   */
  absorb(dump: CounterDump, between?: () => void): void {
    if (this.records !== null) throw new Error('a counter of records (a format without %r) cannot absorb a dump');
    const from = dump as Mutable<CounterDump>;
    if (from.tallies.length !== 7) throw new Error('a counter dump can be added up once: this one was added up already');
    this.valid += from.valid;
    this.failed += from.failed;
    this.logSize += from.logSize;
    this.#sent[0]! += from.bytes;
    const hosts = this.hosts.internAll(from.hosts);
    const requests = this.requests.internAll(from.requests);
    const refs = this.refs.internAll(from.refs);
    const agents = this.agents.internAll(from.agents);
    from.hosts = from.requests = from.refs = from.agents = NO_TEXTS;
    const days = from.days.map((d) => this.day(d));
    const who = new Int32Array(from.who.size);
    for (let w = 0; w < who.length; w++) who[w] = this.#who.id(hosts[from.who.firsts[w]!]!, agents[from.who.seconds[w]!]!);
    from.who = NO_PAIRS;
    // Room made at once for all of its keys and visitors (a key or visitor seen in both parts takes one; keys hold
    // the day, so two parts of a log share keys of one day at most).
    this.#keys.reserve(from.keys.size);
    if (this.#keys.size + from.keys.size > this.#keyHits.length) this.#growKeys(this.#keys.size + from.keys.size - 1, true);
    if (this.#visitorCount + from.visitorCount > this.#hoursOf.length) this.#growVisitors(this.#visitorCount + from.visitorCount);
    // Its visitors here: a key's visitor, or a new one when the key had none here (unseen, or 4xx hits only).
    const visitors = new Int32Array(from.visitorCount);
    for (let k = 0; k < from.keys.size; k++) {
      const day = from.keys.seconds[k]!;
      const key = this.#keys.id(who[from.keys.firsts[k]!]!, day === 0 ? 0 : days[day - 1]! + 1);
      if (key >= this.#keyHits.length) this.#growKeys(key);
      this.#keyHits[key]! += from.keyHits[k]!;
      this.#keyBytes[key]! += from.keyBytes[k]!;
      const theirs = from.keyVisitor[k]!;
      if (theirs < 0) continue;
      let visitor = this.#keyVisitor[key]!;
      if (visitor < 0) {
        this.#keyVisitor[key] = visitor = this.#visitorCount++;
        if (visitor >= this.#hoursOf.length) this.#growVisitors(this.#hoursOf.length * 2);
      }
      visitors[theirs] = visitor;
      this.#hoursOf[visitor]! |= from.hoursOf[theirs]!;
      this.#statusOf[visitor]! |= from.statusOf[theirs]!;
    }
    from.keys = NO_PAIRS;
    from.keyHits = from.keyBytes = NO_SUMS;
    from.keyVisitor = from.hoursOf = from.statusOf = NO_IDS;
    between?.();
    const sites = Int32Array.from(from.sites, (name) => {
      let site = this.#siteIds.get(name);
      if (site === undefined) {
        site = this.#sites.push(name) - 1;
        this.#siteIds.set(name, site);
      }
      return site;
    });
    // Each tally's dump let go of once added (the largest, requests' and static files', collected after each).
    const tallies = from.tallies as [TallyDump, TallyDump, TallyDump, TallyDump, TallyDump, TallyDump, TallyDump];
    from.tallies = [];
    const tally = (into: Tally, i: number, items: Int32Array | null, size: number): void => {
      into.absorb(tallies[i]!, items, visitors, size);
      tallies[i] = NO_TALLY;
    };
    tally(this.#byRequest, 0, requests, this.requests.size);
    between?.();
    tally(this.#byStatic, 1, requests, this.requests.size);
    between?.();
    tally(this.#byNotFound, 2, requests, this.requests.size);
    tally(this.#byHour, 3, null, tallies[3].hits.length);
    tally(this.#byRef, 4, refs, this.refs.size);
    tally(this.#bySite, 5, sites, this.#sites.length);
    tally(this.#byStatus, 6, null, tallies[6].hits.length);
    for (let p = 0; p < from.pairs.size; p++) {
      const pair = this.#pairs.id(refs[from.pairs.firsts[p]!]!, requests[from.pairs.seconds[p]!]!);
      if (pair >= this.#pairHits.length) this.#growPairHits(pair);
      this.#pairHits[pair]! += from.pairHits[p]!;
    }
    from.pairs = NO_PAIRS;
    from.pairHits = NO_SUMS;
    // (The caches of the last key found name ids that still hold; the next `add` finds its key again anyway.)
    this.#lastHost = -1;
    this.#lastKey = -1;
  }

  /**
   * The report straight from the counters (one thread, no merging ahead): hits, bytes and the number of distinct
   * visitors of each item, without making the statistics' maps, packed visitor lists or visitor keys. Equal to
   * `panelReport(this.result())`. With `once`, the counter lets go of what the rows do not need once it has the
   * columns, and calls `once` (a garbage collection then frees it before the rows are made); it is spent after.
   */
  report(panels: readonly PanelName[], top: number, once?: () => void): PanelReport {
    const out: Record<string, unknown> = {};
    const columns = this.columns(panels);
    if (once !== undefined) {
      this.#release();
      once();
    }
    const rowsOf = (c: PanelColumns): PanelRow[] => {
      const all: PanelRow[] = [];
      for (let id = 0; id < c.size; id++) if (c.hits[id] !== 0) all.push({ key: c.name(id), hits: c.hits[id]!, visitors: c.visitors[id]!, bytes: c.bytes[id]! });
      return all;
    };
    for (const p of PANELS) {
      if (!panels.includes(p)) continue;
      if (p === 'general') out.general = this.general(columns);
      else out[p] = sortRows(rowsOf(columns.get(p)!), isOrderedPanel(p), top);
    }
    return out as PanelReport;
  }

  /**
   * `report`, its list panels left as rows to be made a slice at a time from the columns (`ColumnRows`, in the same
   * order, the same rows): a report of many items (a host a row) is then never held as objects at once. With `once`,
   * as `report`. @internal
   */
  reportRows(panels: readonly PanelName[], top: number, once?: () => void): RowsReport {
    const out: Record<string, GeneralPanel | ColumnRows> = {};
    const columns = this.columns(panels);
    if (once !== undefined) {
      this.#release();
      once();
    }
    for (const p of PANELS) {
      if (!panels.includes(p)) continue;
      if (p === 'general') out.general = this.general(columns);
      else out[p] = new ColumnRows(columns.get(p)!, isOrderedPanel(p), top);
    }
    return out;
  }

  /**
   * Lets go of all but what the rows of columns made already need (the texts and the items' hits and bytes): the
   * hash tables, the keys and the visitor pairs. The counter then neither counts nor reports again.
   */
  #release(): void {
    for (const t of [this.#byRequest, this.#byStatic, this.#byNotFound, this.#byRef, this.#bySite]) t.pairs = null;
    for (const i of [this.hosts, this.requests, this.refs, this.agents]) i.release();
    this.#who = new PairTable();
    this.#keys = new PairTable();
    this.#pairs = new PairTable();
    this.#keyHits = this.#keyBytes = this.#pairHits = new Float64Array(0);
    this.#keyVisitor = this.#hoursOf = this.#statusOf = new Int32Array(0);
  }

  /** The general panel, from the columns of the requests, static, notFound and referrerUrls panels. */
  general(columns: Map<PanelName, PanelColumns>): GeneralPanel {
    const items = (p: PanelName): number => {
      const c = columns.get(p)!;
      let n = 0;
      for (let id = 0; id < c.size; id++) if (c.hits[id] !== 0) n++;
      return n;
    };
    return {
      requests: this.valid + this.failed,
      valid: this.valid,
      failed: this.failed,
      visitors: this.#visitorCount,
      files: items('requests') + items('static'),
      referrers: items('referrerUrls'),
      notFound: items('notFound'),
      staticFiles: items('static'),
      logSize: this.logSize,
      bytes: this.bytes,
    };
  }

  /**
   * Each list panel's figures by item id (an item with no hits is none), for the panels asked for and those the
   * general panel counts: what `report` makes rows of, and what a day's sums take without rows. @internal
   */
  columns(panels: readonly PanelName[]): Map<PanelName, PanelColumns> {
    const out = new Map<PanelName, PanelColumns>();
    const keys = this.#keys.size;
    const keyHits = this.#keyHits;
    const keyBytes = this.#keyBytes;
    const keyVisitor = this.#keyVisitor;
    const whoHost = this.#who.firsts;
    const whoAgent = this.#who.seconds;
    const keyWho = this.#keys.firsts;
    const keyDay = this.#keys.seconds;
    const want = (p: PanelName): boolean => panels.includes(p) || (panels.includes('general') && (p === 'requests' || p === 'static' || p === 'notFound' || p === 'referrerUrls'));
    // The panels of the keys: a key is one visitor or none (a 4xx-only key), so visitors per item add up over keys.
    const byKey = (size: number, idOf: (k: number) => number, name: (id: number) => string): PanelColumns => {
      const hits = new Float64Array(size);
      const bytes = new Float64Array(size);
      const visitors = new Int32Array(size);
      for (let k = 0; k < keys; k++) {
        const id = idOf(k);
        hits[id]! += keyHits[k]!;
        bytes[id]! += keyBytes[k]!;
        if (keyVisitor[k]! >= 0) visitors[id]!++;
      }
      return { size, hits, bytes, visitors, name };
    };
    // Distinct (item, visitor) pairs counted per item.
    const tally = (t: Tally, size: number, name: (id: number) => string): PanelColumns => {
      const n = Math.min(size, t.hits.length);
      const visitors = new Int32Array(n);
      t.pairs!.countFirsts(visitors);
      return { size: n, hits: t.hits, bytes: t.bytes, visitors, name };
    };
    const masked = (t: Tally, size: number, masks: Int32Array, name: (id: number) => string): PanelColumns => {
      const visitors = new Int32Array(size);
      for (let v = 0; v < this.#visitorCount; v++) for (let m = masks[v]!, b = 0; m !== 0; m >>>= 1, b++) if ((m & 1) !== 0) visitors[b]!++;
      return { size, hits: t.hits, bytes: t.bytes, visitors, name };
    };
    const requests = this.requests.strings;
    const refs = this.refs.strings;
    for (const p of PANELS) {
      if (p === 'general' || !want(p)) continue;
      if (p === 'visitors') {
        const dayText = ['-', ...this.#days.map((d) => formatDay(d))];
        out.set(p, byKey(dayText.length, (k) => keyDay[k]!, (id) => dayText[id]!));
      } else if (p === 'hosts') {
        const hosts = this.hosts.strings;
        out.set(p, byKey(hosts.length, (k) => whoHost[keyWho[k]!]!, (id) => hosts[id]!));
      } else if (p === 'os' || p === 'browsers') {
        // Each agent classified once; families by name.
        const agents = this.agents.strings;
        const families: string[] = [];
        const familyIds = new Map<string, number>();
        const ofAgent = new Int32Array(agents.length).fill(-1);
        const idOf = (k: number): number => {
          const agent = whoAgent[keyWho[k]!]!;
          let id = ofAgent[agent]!;
          if (id < 0) {
            const text = agents[agent]!;
            const c = agentClass(text === '' ? null : text);
            const name = p === 'os' ? c.os : c.browser;
            id = familyIds.get(name) ?? -1;
            if (id < 0) familyIds.set(name, (id = families.push(name) - 1));
            ofAgent[agent] = id;
          }
          return id;
        };
        // (At most one family per agent: the families are fewer than the agents.)
        out.set(p, byKey(agents.length, idOf, (id) => families[id]!));
      } else if (p === 'requests') out.set(p, tally(this.#byRequest, requests.length, (id) => requests[id]!));
      else if (p === 'static') out.set(p, tally(this.#byStatic, requests.length, (id) => requests[id]!));
      else if (p === 'notFound') out.set(p, tally(this.#byNotFound, requests.length, (id) => requests[id]!));
      else if (p === 'hours') out.set(p, masked(this.#byHour, 24, this.#hoursOf, (id) => String(id).padStart(2, '0')));
      else if (p === 'referringSites') out.set(p, tally(this.#bySite, this.#sites.length, (id) => this.#sites[id]!));
      else if (p === 'referrerUrls') out.set(p, tally(this.#byRef, refs.length, (id) => refs[id]!));
      else out.set(p, masked(this.#byStatus, 11, this.#statusOf, (id) => (id === 10 ? 'unknown' : `${id}xx`)));
    }
    return out;
  }

  /** The hits of each (referrer, request) pair of the graph, keyed `referrer \0 request` as `PanelStats.pairs`. */
  pairEntries(): Array<[string, number]> {
    const pairs = this.#pairs;
    const refs = this.refs.strings;
    const requests = this.requests.strings;
    const out: Array<[string, number]> = [];
    for (let p = 0; p < pairs.size; p++) out.push([`${refs[pairs.firsts[p]!]}\u0000${requests[pairs.seconds[p]!]}`, this.#pairHits[p]!]);
    return out;
  }

  /** The referrer-request pairs' hits grown to hold `pair`: doubled, or to `pair + 1` if that is more. */
  #growPairHits(pair: number): void {
    const bigger = new Float64Array(Math.max(this.#pairHits.length * 2, pair + 1));
    bigger.set(this.#pairHits);
    this.#pairHits = bigger;
  }

  /** Visitors' hour and status masks grown to `size`. */
  #growVisitors(size: number): void {
    const hours = new Int32Array(size);
    hours.set(this.#hoursOf);
    this.#hoursOf = hours;
    const statuses = new Int32Array(size);
    statuses.set(this.#statusOf);
    this.#statusOf = statuses;
  }

  #growKeys(key: number, exact = false): void {
    const size = exact ? key + 1 : Math.max(this.#keyHits.length * 2, key + 1);
    const hits = new Float64Array(size);
    hits.set(this.#keyHits);
    const bytes = new Float64Array(size);
    bytes.set(this.#keyBytes);
    const visitors = new Int32Array(size).fill(-1);
    visitors.set(this.#keyVisitor);
    this.#keyHits = hits;
    this.#keyBytes = bytes;
    this.#keyVisitor = visitors;
  }

  /**
   * The statistics as `PanelStats` (items with packed visitor lists). `byAgent`: the `os` list is keyed by user agent
   * (`''` for none) and `browsers` is left empty, for a worker thread whose agents the main thread classifies
   * (`familiesOf` in threads.ts).
   */
  result(byAgent = false): PanelStats {
    const stats = createPanels();
    stats.valid = this.valid;
    stats.failed = this.failed;
    stats.logSize = this.logSize;
    stats.bytes = this.bytes;
    const keys = this.#walk(byAgent, (list, size, hits, bytes, start, all, name) => {
      const into: ItemMap = stats.lists[list];
      for (let id = 0; id < size; id++) {
        if (hits[id] === 0) continue;
        into.set(name(id), new PackedItem(hits[id]!, bytes[id]!, all.subarray(start[id]!, start[id + 1]!)));
      }
    });
    for (let v = 0; v < keys.length; v++) stats.visitorKeys.set(`${keys.heads[v]}\u0000${keys.tails[v]}`, v);
    for (const [key, hits] of this.pairEntries()) stats.pairs.set(key, hits);
    return stats;
  }

  /**
   * The statistics in the compact form a worker thread posts (`compactPanels(this.result(byAgent), true)`, made
   * without the statistics' maps, items or visitor keys). @internal
   */
  compact(byAgent = false): CompactPanels {
    const lists: CompactPanels['lists'] = {};
    for (const name of Object.keys(createPanels().lists)) lists[name] = { keys: [], hits: new Float64Array(0), bytes: new Float64Array(0), counts: new Int32Array(0), ids: new Int32Array(0) };
    const keys = this.#walk(byAgent, (list, size, hits, bytes, start, all, name) => {
      let n = 0;
      for (let id = 0; id < size; id++) if (hits[id] !== 0) n++;
      const names: string[] = [];
      const h = new Float64Array(n);
      const b = new Float64Array(n);
      const counts = new Int32Array(n);
      n = 0;
      for (let id = 0; id < size; id++) {
        if (hits[id] === 0) continue;
        names.push(name(id));
        h[n] = hits[id]!;
        b[n] = bytes[id]!;
        counts[n++] = start[id + 1]! - start[id]!;
      }
      // (An id without hits has no visitors: `all` is the kept items' lists one after the other.)
      lists[list] = { keys: names, hits: h, bytes: b, counts, ids: all };
    });
    const texts: string[] = [];
    const textIds = new Map<string, number>();
    const text = (t: string): number => {
      let id = textIds.get(t);
      if (id === undefined) textIds.set(t, (id = texts.push(t) - 1));
      return id;
    };
    const visitors = new Int32Array(2 * keys.length);
    for (let v = 0; v < keys.length; v++) {
      visitors[2 * v] = text(keys.heads[v]!);
      visitors[2 * v + 1] = text(keys.tails[v]!);
    }
    const pairs: Array<[string, string, number]> = this.pairEntries().map(([key, hits]) => {
      const cut = key.indexOf('\u0000');
      return [key.slice(0, cut), key.slice(cut + 1), hits];
    });
    return { valid: this.valid, failed: this.failed, logSize: this.logSize, bytes: this.bytes, texts, visitors, lists, pairs };
  }

  /**
   * Hands each list panel to `emit`: hits and bytes by item id (below `size`), and the items' visitors grouped by
   * id (ascending), id's at `all[start[id], start[id + 1])`; returns each visitor's key as its `host \0 day` and its
   * agent. `byAgent`: see `result`.
   */
  #walk(byAgent: boolean, emit: (list: keyof PanelStats['lists'], size: number, hits: ArrayLike<number>, bytes: ArrayLike<number>, start: Int32Array, all: Int32Array, name: (id: number) => string) => void): { length: number; heads: string[]; tails: string[] } {
    const dayText = ['-', ...this.#days.map((d) => formatDay(d))];
    const hosts = this.hosts.strings;
    const agents = this.agents.strings;
    /** Items from per-id hits and bytes, and (id, visitor) entries grouped by id with a counting sort. */
    const pack = (size: number, hits: ArrayLike<number>, bytes: ArrayLike<number>, n: number, idOf: ArrayLike<number>, visitorOf: ArrayLike<number>, name: (id: number) => string, list: keyof PanelStats['lists']): void => {
      const start = new Int32Array(size + 1);
      for (let p = 0; p < n; p++) if (visitorOf[p]! >= 0) start[idOf[p]! + 1]!++;
      for (let id = 0; id < size; id++) start[id + 1]! += start[id]!;
      const all = new Int32Array(start[size]!);
      const at = start.slice(0, size);
      for (let p = 0; p < n; p++) {
        const v = visitorOf[p]!;
        if (v >= 0) all[at[idOf[p]!]!++] = v;
      }
      emit(list, size, hits, bytes, start, all, name);
    };
    /** (id, visitor) entries ordered by visitor (a stable counting sort), so that `pack` lists each item's ascending. */
    const visitorCount = this.#visitorCount;
    const byVisitor = (n: number, idOf: ArrayLike<number>, visitorOf: ArrayLike<number>): [Int32Array, Int32Array] => {
      const start = new Int32Array(visitorCount + 1);
      for (let p = 0; p < n; p++) if (visitorOf[p]! >= 0) start[visitorOf[p]! + 1]!++;
      for (let v = 0; v < visitorCount; v++) start[v + 1]! += start[v]!;
      const ids = new Int32Array(start[visitorCount]!);
      const visitors = new Int32Array(start[visitorCount]!);
      for (let p = 0; p < n; p++) {
        const v = visitorOf[p]!;
        if (v < 0) continue;
        const q = start[v]!++;
        ids[q] = idOf[p]!;
        visitors[q] = v;
      }
      return [ids, visitors];
    };
    // (`size`: the number of ids of the tally's kind, which its arrays, sized ahead, may exceed.)
    const tally = (t: Tally, size: number, name: (id: number) => string, into: keyof PanelStats['lists']): void => {
      const [firsts, seconds] = t.pairs!.lists();
      const [ids, visitors] = byVisitor(firsts.length, firsts, seconds);
      pack(Math.min(size, t.hits.length), t.hits, t.bytes, ids.length, ids, visitors, name, into);
    };
    /** A tally whose visitors are given per visitor by bit masks (hours, status classes). */
    const masked = (t: Tally, size: number, masks: Int32Array, name: (id: number) => string, into: keyof PanelStats['lists']): void => {
      let n = 0;
      for (let v = 0; v < this.#visitorCount; v++) for (let m = masks[v]!; m !== 0; m &= m - 1) n++;
      // Int32Arrays like the other callers of `pack` pass (one kind of array: no recompiling `pack` for another).
      const ids = new Int32Array(n);
      const visitors = new Int32Array(n);
      let at = 0;
      for (let v = 0; v < this.#visitorCount; v++) {
        for (let m = masks[v]!, b = 0; m !== 0; m >>>= 1, b++) {
          if ((m & 1) !== 0) {
            ids[at] = b;
            visitors[at++] = v;
          }
        }
      }
      pack(size, t.hits, t.bytes, n, ids, visitors, name, into);
    };
    // The day, host, operating-system and browser panels from the keys, each agent classified once.
    const keys = this.#keys.size;
    const whoHost = this.#who.firsts;
    const whoAgent = this.#who.seconds;
    const keyWho = this.#keys.firsts;
    const keyDay = this.#keys.seconds;
    const keyHost = new Int32Array(keys);
    const keyOs = new Int32Array(keys);
    const keyBrowser = new Int32Array(keys);
    const families: string[] = [];
    const familyIds = new Map<string, number>();
    const family = (name: string): number => {
      let id = familyIds.get(name);
      if (id === undefined) familyIds.set(name, (id = families.push(name) - 1));
      return id;
    };
    const classes = new Map<number, [number, number]>();
    const heads: string[] = new Array<string>(this.#visitorCount);
    const tails: string[] = new Array<string>(this.#visitorCount);
    for (let k = 0; k < keys; k++) {
      const who = keyWho[k]!;
      const host = whoHost[who]!;
      const agent = whoAgent[who]!;
      keyHost[k] = host;
      // (By the agent's text, as the families are: two byte strings can decode to one text, `\\xff` and `\xff`.)
      if (byAgent) keyOs[k] = family(agents[agent]!);
      else {
        let cls = classes.get(agent);
        if (cls === undefined) {
          const text = agents[agent]!;
          const c = agentClass(text === '' ? null : text);
          classes.set(agent, (cls = [family(c.os), family(c.browser)]));
        }
        keyOs[k] = cls[0];
        keyBrowser[k] = cls[1];
      }
      const v = this.#keyVisitor[k]!;
      if (v >= 0) {
        heads[v] = `${hosts[host]}\u0000${dayText[keyDay[k]!]}`;
        tails[v] = agents[agent]!;
      }
    }
    const sums = (size: number, idOf: Int32Array): [Float64Array, Float64Array] => {
      const hits = new Float64Array(size);
      const bytes = new Float64Array(size);
      for (let k = 0; k < keys; k++) {
        hits[idOf[k]!]! += this.#keyHits[k]!;
        bytes[idOf[k]!]! += this.#keyBytes[k]!;
      }
      return [hits, bytes];
    };
    const keyVisitor = this.#keyVisitor;
    const byKey = (size: number, idOf: Int32Array, name: (id: number) => string, into: keyof PanelStats['lists']): void => {
      const [hits, bytes] = sums(size, idOf);
      const [ids, visitors] = byVisitor(keys, idOf, keyVisitor);
      pack(size, hits, bytes, ids.length, ids, visitors, name, into);
    };
    byKey(dayText.length, keyDay, (id) => dayText[id]!, 'visitors');
    byKey(hosts.length, keyHost, (id) => hosts[id]!, 'hosts');
    if (byAgent) byKey(families.length, keyOs, (id) => families[id]!, 'os');
    else {
      byKey(families.length, keyOs, (id) => families[id]!, 'os');
      byKey(families.length, keyBrowser, (id) => families[id]!, 'browsers');
    }
    const requests = this.requests.strings;
    const refs = this.refs.strings;
    tally(this.#byRequest, requests.length, (id) => requests[id]!, 'requests');
    tally(this.#byStatic, requests.length, (id) => requests[id]!, 'static');
    tally(this.#byNotFound, requests.length, (id) => requests[id]!, 'notFound');
    masked(this.#byHour, 24, this.#hoursOf, (id) => String(id).padStart(2, '0'), 'hours');
    tally(this.#byRef, refs.length, (id) => refs[id]!, 'referrerUrls');
    tally(this.#bySite, this.#sites.length, (id) => this.#sites[id]!, 'referringSites');
    masked(this.#byStatus, 11, this.#statusOf, (id) => (id === 10 ? 'unknown' : `${id}xx`), 'status');
    return { length: this.#visitorCount, heads, tails };
  }
}

/** Reads one source into the counter on the fast path (formats without a `%r` field, and `raw`, go through records). */
async function countSource(reader: ChunkReader, source: unknown, options: PanelOptions, counter: PanelCounter, watch: StopWatch, days: DayCounters | null = null): Promise<StopReason | undefined> {
  const { format, strict, maxLineLength, onReject, raw } = readParseOptions(options, 'collectPanels');
  const builder = new RecordBuilder(format, raw);
  const scanner = builder.scanner;
  const kinds = format.fields.map((f) => f.kind);
  const requestField = kinds.indexOf('request');
  const statusField = kinds.indexOf('status');
  const bytesField = kinds.indexOf('bytes');
  const referrerField = kinds.indexOf('referrer');
  const agentField = kinds.indexOf('userAgent');
  const ipField = kinds.indexOf('ip');
  const timeField = kinds.indexOf('time');
  const isoField = kinds.indexOf('timeIso');
  // The hour's offset in the time field: `dd/Mon/yyyy:HH…` or `yyyy-mm-ddTHH…`.
  const hourField = timeField >= 0 ? timeField : isoField;
  const hourAt = timeField >= 0 ? 12 : 11;
  const viaRecords = requestField < 0 || raw;
  let viaStats: PanelStats | null = null;
  const split = new Int32Array(4);
  let scratch = allocBytes(4096);
  let fieldScratch = allocBytes(4096);
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
  /** The id of field i (unescaped when it has escapes); `none` when the field is missing or `-`. */
  const intern = (interner: ByteInterner, buf: Uint8Array, i: number, none: number): number => {
    if (i < 0) return none;
    const s = starts[i]!;
    if (s < 0) return none;
    const e = ends[i]!;
    if (e - s === 1 && buf[s] === 0x2d) return none;
    if (escaped[i] === 1) {
      if (fieldScratch.length < e - s) fieldScratch = allocBytes(2 * (e - s));
      return interner.intern(fieldScratch, 0, unescapeInto(buf, s, e, fieldScratch));
    }
    return interner.internRepeated(buf, s, e);
  };
  const onLine = (buf: Uint8Array, s: number, e: number, line: number, final: boolean): void => {
    if (failure) return;
    if (!scanner.scan(buf, s, e)) {
      const reason = scanner.reason(buf, s, e);
      reject(line, final ? finalReason(reason) : reason, rejectText(buf, s, e));
      return;
    }
    if (viaRecords) {
      const record = builder.record(buf, line);
      if (days === null) addRecord((viaStats ??= createPanels()), record);
      else days.addRecord(record, lineSize(buf, e, final) + e - s);
      return;
    }
    // The counter of the line's day when the days are counted apart (lines of a day mostly come together), with
    // the bytes of the line (the rest of what was read is the undated counter's).
    let c = counter;
    if (days !== null) {
      c = days.pick(scanner.day);
      if (c !== counter) c.logSize += lineSize(buf, e, final) + e - s;
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
    let request = c.noRequest;
    let rs = starts[requestField]!;
    if (rs >= 0) {
      let rb: Uint8Array = buf;
      let re = ends[requestField]!;
      if (escaped[requestField] === 1) {
        if (scratch.length < re - rs) scratch = allocBytes(2 * (re - rs));
        re = unescapeInto(buf, rs, re, scratch);
        rs = 0;
        rb = scratch;
      }
      splitRequest(rb, rs, re, split);
      request = split[0]! >= 0 ? c.requests.intern(rb, split[1]!, split[2]!) : c.requests.intern(rb, rs, re);
    }
    let ref = c.dash;
    let refCounts = false;
    if (referrerField >= 0 && starts[referrerField]! >= 0) {
      const fs = starts[referrerField]!;
      const fe = ends[referrerField]!;
      ref = intern(c.refs, buf, referrerField, c.dash);
      // As records: a referrer written '-' is none, an empty one is left out of the referrer panels.
      refCounts = fe > fs && !(fe - fs === 1 && buf[fs] === 0x2d);
    }
    const host = intern(c.hosts, buf, ipField, c.noHost);
    const agent = intern(c.agents, buf, agentField, c.empty);
    c.add(host, agent, c.day(scanner.day), request, ref, refCounts, status, bytes, hour);
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
  if (viaStats !== null) counter.records = viaStats;
  return stopped;
}

/** The bytes after a line's last byte `e` that belong to it: a `\r` dropped before its `\n`, and the `\n`. */
function lineSize(buf: Uint8Array, e: number, final: boolean): number {
  return (buf[e] === 13 ? 1 : 0) + (final ? 0 : 1);
}

/** Days counted at once before the least recently met one is finished (a log's lines come mostly in order of time). */
const LIVE_DAYS = 4;

/**
 * Counters by day: each line goes to its day's counter, lines without a time to `undated` (which also takes the
 * failed lines and the bytes read). A day's counter not met for a while is finished into statistics (and merged
 * with any later part of the same day at the end), so that a log of many days holds a few counters at a time.
 * @internal
 */
export class DayCounters {
  readonly undated: PanelCounter;
  readonly #byAgent: boolean;
  // In order of last use, the most recent last.
  readonly #live = new Map<number, PanelCounter>();
  readonly #done: Array<[string, PanelStats]> = [];
  #records: Map<string, PanelStats> | null = null;
  #lastDay = -1;
  #last: PanelCounter;

  constructor(undated: PanelCounter, byAgent: boolean) {
    this.undated = undated;
    this.#last = undated;
    this.#byAgent = byAgent;
  }

  /** The counter of a day number (-1: the undated one). */
  pick(day: number): PanelCounter {
    if (day === this.#lastDay) return this.#last;
    let counter: PanelCounter;
    if (day < 0) counter = this.undated;
    else {
      const live = this.#live.get(day);
      if (live === undefined) {
        if (this.#live.size >= LIVE_DAYS) {
          const [oldest, old] = this.#live.entries().next().value as [number, PanelCounter];
          this.#live.delete(oldest);
          this.#done.push([formatDay(oldest), old.result(this.#byAgent)]);
        }
        counter = new PanelCounter();
      } else {
        counter = live;
        this.#live.delete(day);
      }
      this.#live.set(day, counter);
    }
    this.#lastDay = day;
    this.#last = counter;
    return counter;
  }

  /** Counts a record of the slower path, and its line's `bytes`, in its day's statistics. */
  addRecord(record: LogRecord, bytes: number): void {
    const day = record.day === null ? '-' : formatDay(record.day);
    const days = (this.#records ??= new Map());
    let stats = days.get(day);
    if (stats === undefined) days.set(day, (stats = createPanels()));
    addRecord(stats, record);
    if (day !== '-') stats.logSize += bytes;
  }

  /** The statistics of each day, in order of days (`-` first), parts of a day merged. */
  result(): DayPanels {
    return new Map(this.parts().map(([day, part]) => [day, part instanceof PanelCounter ? part.result(this.#byAgent) : part]));
  }

  /**
   * Each day once, in order of days (`-` first): its counter when the day was counted in one piece (still live),
   * else its statistics (parts merged). A counter's report needs no statistics (`dayReport`). Once: the counters
   * keep nothing after.
   */
  parts(): Array<[string, PanelCounter | PanelStats]> {
    const all = new Map<string, PanelCounter | PanelStats>();
    const put = (day: string, part: PanelCounter | PanelStats): void => {
      const have = all.get(day);
      if (have === undefined) all.set(day, part);
      else {
        const stats = have instanceof PanelCounter ? have.result(this.#byAgent) : have;
        all.set(day, mergePanels(stats, part instanceof PanelCounter ? part.result(this.#byAgent) : part));
      }
    };
    for (const [day, stats] of this.#records ?? []) put(day, stats);
    for (const [day, stats] of this.#done) put(day, stats);
    for (const [day, counter] of this.#live) put(formatDay(day), counter);
    // The undated counter read every byte: what is not a dated line's is its own (failed lines, undated records).
    const undated = this.undated;
    for (const [day, part] of all) if (day !== '-') undated.logSize -= part.logSize;
    if (undated.valid > 0 || undated.failed > 0 || undated.logSize > 0) put('-', undated);
    // Handed over: the caller lets each day go once it is reported.
    this.#live.clear();
    this.#done.length = 0;
    this.#records = null;
    return [...all].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }
}

/** The full report (every panel, every row) and graph pairs of one day's counter or statistics. @internal */
export function dayReport(part: PanelCounter | PanelStats): { report: PanelReport; pairs: Iterable<[string, number]> } {
  return part instanceof PanelCounter ? { report: part.report(PANELS, Infinity), pairs: part.pairEntries() } : { report: panelReport(part), pairs: part.pairs };
}

/** Adds a day's counter (by its columns, no rows made) or statistics to day sums. @internal */
export function addDay(sums: DaySums, day: string, part: PanelCounter | PanelStats): void {
  if (day !== '-' && part instanceof PanelCounter) {
    const columns = part.columns(PANELS);
    sums.addColumns(day, part.general(columns), columns, part.pairEntries());
  } else {
    const { report, pairs } = dayReport(part);
    sums.add(day, report, pairs);
  }
}

/** Counts a source day by day into counters (`byAgent`: see `PanelCounter.result`). @internal */
export async function countDays(reader: ChunkReader, input: unknown, options: PanelOptions, byAgent: boolean, what: string): Promise<{ counters: DayCounters; stopped?: StopReason }> {
  checkInput(reader, input, options, what);
  const counter = new PanelCounter();
  const counters = new DayCounters(counter, byAgent);
  const watch = new StopWatch(options);
  let stopped: StopReason | undefined;
  try {
    stopped = await countSource(reader, input, options, counter, watch, counters);
  } finally {
    watch.dispose();
  }
  return stopped === undefined ? { counters } : { counters, stopped };
}

/**
 * The days' full reports of a source (one thread), added up as they are made: each day's counter is reported and
 * let go in turn, and no day's statistics are made unless a day was counted in pieces. @internal
 */
export async function collectDaySumsWith(reader: ChunkReader, input: unknown, options: DaySumOptions = {}): Promise<{ sums: DaySums; stopped?: StopReason }> {
  const { counters, stopped } = await countDays(reader, input, options, false, 'collectDayPanels');
  const sums = new DaySums();
  const parts: Array<[string, PanelCounter | PanelStats] | null> = counters.parts();
  for (let i = 0; i < parts.length; i++) {
    addPart(sums, parts, i);
    options.afterDay?.();
  }
  return stopped === undefined ? { sums } : { sums, stopped };
}

/** Options of the day sums: the count's, and what to call after each day is added (and its counter let go). @internal */
export interface DaySumOptions extends PanelOptions {
  readonly afterDay?: () => void;
  /**
   * Worker threads keep V8's young generation at its first size (`--semi-space-growth-factor=1`, a flag of the whole
   * process, which starting a worker thread resets) and collect their garbage between the days they hand on (V8's
   * `gc` exposed at run time): for a process that owns its V8, as the CLI does.
   */
  readonly lean?: boolean;
}

/** Adds `parts[i]` to the sums and drops it from the list (no reference to it left in the caller's frame). */
function addPart(sums: DaySums, parts: Array<[string, PanelCounter | PanelStats] | null>, i: number): void {
  const [day, part] = parts[i]!;
  parts[i] = null;
  addDay(sums, day, part);
}

/** What `collectDayPanels` found: the statistics of each day, with `stopped` when the work stopped before the end. */
export interface DayCollection {
  /** The statistics by day, `YYYY-MM-DD` (`-`: lines without a time, failed lines and the bytes read). */
  readonly days: DayPanels;
  /** Present when the work stopped before the end of the input: the counts are of the lines read until then. */
  readonly stopped?: StopReason;
}

/** `collectDayPanels` with a platform's reader (`byAgent`: see `PanelCounter.result`). @internal */
export async function collectDayPanelsWith(reader: ChunkReader, input: unknown, options: PanelOptions = {}, byAgent = false): Promise<DayCollection> {
  const { counters, stopped } = await countDays(reader, input, options, byAgent, 'collectDayPanels');
  const result = counters.result();
  return stopped === undefined ? { days: result } : { days: result, stopped };
}

function checkInput(reader: ChunkReader, input: unknown, options: unknown, what: string): void {
  if (typeof options !== 'object' || options === null) throw new TypeError(`the options of ${what} must be an object; got ${describeValue(options)}`);
  if (what !== 'collectPanelReport' && (options as ApproximateReportOptions).approximate !== undefined && (options as ApproximateReportOptions).approximate !== false) {
    throw new TypeError(`approximate counts make a report, not mergeable statistics: use collectPanelReport (${what} counts exactly)`);
  }
  if (!reader.isSource(input) && (typeof input !== 'object' || input === null || !(Symbol.asyncIterator in input || Symbol.iterator in input))) {
    const where = typeof input === 'string' && !reader.isSource(input) ? ' (paths and streams are read by @puzzles/logparse/node)' : '';
    throw new TypeError(`${what} takes log text as an iterable of chunks${where}; got ${describeValue(input)}`);
  }
}

/** The option of `collectPanelReport` that makes its report approximate. */
export interface ApproximateReportOptions {
  /**
   * Count in bounded memory: visitors and distinct items with HyperLogLog, the long panels' items with Space-Saving
   * counters (`true` for the defaults). The report then says so in its `approximate` field.
   */
  readonly approximate?: boolean | ApproximateOptions;
}

/** What `collectPanelReport` found: the report, with `stopped` when the work stopped before the end. */
export interface PanelReportCollection {
  /** The report, as `panelReport` makes it. */
  readonly report: PanelReport;
  /** Present when the work stopped before the end of the input: the counts are of the lines read until then. */
  readonly stopped?: StopReason;
}

/** `collectPanelReport` with a platform's reader. @internal */
export async function collectPanelReportWith(reader: ChunkReader, input: unknown, options: PanelOptions & PanelReportOptions & ApproximateReportOptions = {}): Promise<PanelReportCollection> {
  checkInput(reader, input, options, 'collectPanelReport');
  const { panels, top } = readReportOptions(options);
  const approximate = readApproximate(options.approximate);
  if (approximate !== null) {
    const sketch = new ApproxCounter(approximate.precision, approximate.counters);
    const watch = new StopWatch(options);
    let stopped: StopReason | undefined;
    try {
      stopped = await countApprox(reader, input, options, sketch, watch);
    } finally {
      watch.dispose();
    }
    const report = sketch.report(panels, top);
    return stopped === undefined ? { report } : { report, stopped };
  }
  const counter = new PanelCounter();
  const watch = new StopWatch(options);
  let stopped: StopReason | undefined;
  try {
    stopped = await countSource(reader, input, options, counter, watch);
  } finally {
    watch.dispose();
  }
  let report: PanelReport;
  if (counter.records !== null) {
    const r = counter.records;
    r.failed = counter.failed;
    r.logSize = counter.logSize;
    report = panelReport(r, { panels, top });
  } else report = counter.report(panels, top);
  return stopped === undefined ? { report } : { report, stopped };
}

/** Counts a source into one counter (on the fast path, or through records for a format without `%r`). @internal */
export async function countWhole(reader: ChunkReader, input: unknown, options: PanelOptions, what: string): Promise<{ counter: PanelCounter; stopped?: StopReason }> {
  checkInput(reader, input, options, what);
  const counter = new PanelCounter();
  const watch = new StopWatch(options);
  let stopped: StopReason | undefined;
  try {
    stopped = await countSource(reader, input, options, counter, watch);
  } finally {
    watch.dispose();
  }
  return stopped === undefined ? { counter } : { counter, stopped };
}

/** `collectPanels` with a platform's reader (`byAgent`: see `PanelCounter.result`). @internal */
export async function collectPanelsWith(reader: ChunkReader, input: unknown, options: PanelOptions = {}, byAgent = false): Promise<PanelCollection> {
  const { counter, stopped } = await countWhole(reader, input, options, 'collectPanels');
  // (Records counted on the slower path have their families already: `byAgent` is for the fast path only.)
  const stats = counter.result(byAgent && counter.records === null);
  if (counter.records !== null) {
    // Records counted on the slower path (a format without `%r`): the fast counters are empty but for size and rejects.
    const r = counter.records;
    r.failed = stats.failed;
    r.logSize = stats.logSize;
    return stopped === undefined ? r : Object.assign(r, { stopped });
  }
  return stopped === undefined ? stats : Object.assign(stats, { stopped });
}

/**
 * Counts the report panels of log text given as chunks (an iterable or async iterable of `Uint8Array`s or strings) on
 * a fast path that never builds records; rejected lines are counted as failed (and go to `onReject`).
 */
export function collectPanels(input: ChunkSource, options: PanelOptions = {}): Promise<PanelCollection> {
  return collectPanelsWith(CORE_PANEL_READER, input, options);
}

/**
 * The report of the panels of log text given as chunks, counted without keeping mergeable statistics: the least
 * memory and time for a report over many visitors (`panels` and `top` as `panelReport` takes them).
 */
export function collectPanelReport(input: ChunkSource, options: PanelOptions & PanelReportOptions & ApproximateReportOptions = {}): Promise<PanelReportCollection> {
  return collectPanelReportWith(CORE_PANEL_READER, input, options);
}

/**
 * Counts the report panels of log text given as chunks day by day: each day's statistics on their own, to merge
 * into any range of days with `panelsOfDays` (exactly: a visitor is an address, a day and a user agent).
 */
export function collectDayPanels(input: ChunkSource, options: PanelOptions = {}): Promise<DayCollection> {
  return collectDayPanelsWith(CORE_PANEL_READER, input, options);
}

const CORE_PANEL_READER: ChunkReader = {
  isSource: () => false,
  chunks: (source) => coreChunks(source as ChunkSource),
  name: (_, index) => `source ${index + 1}`,
};
