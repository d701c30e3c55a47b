// The report panels GoAccess shows by default, computed over records and mergeable: partial results of workers or of
// earlier runs combine exactly with `mergePanels`.
import { agentClass, type AgentClass } from './agent.js';
import { describeValue } from './errors.js';
import type { ApproximateInfo } from './approx.js';
import type { LogRecord } from './record.js';
import type { LogStats } from './stats.js';
import { formatDay } from './report.js';

/** The names of the panels, in the order of the report. */
export const PANELS = [
  'general',
  'visitors',
  'requests',
  'static',
  'notFound',
  'hosts',
  'os',
  'browsers',
  'hours',
  'referringSites',
  'referrerUrls',
  'status',
] as const;

/** One panel's name. */
export type PanelName = (typeof PANELS)[number];

/** Counts of one item of a panel (a day, a request, a host…). */
export interface PanelItem {
  hits: number;
  bytes: number;
  /** The visitors (indexes into `PanelStats.visitorKeys`) seen for this item. */
  visitors: Set<number>;
}

/** The items of each list panel by key, as `PanelStats.lists` holds them. */
export interface PanelLists {
  /** Per day, keyed `YYYY-MM-DD` (`-` for a record without a time). */
  readonly visitors: Map<string, PanelItem>;
  /** Requested pages (not static files, not 404s), keyed by path and query. */
  readonly requests: Map<string, PanelItem>;
  /** Static files (images, scripts, styles, fonts…) by path. */
  readonly static: Map<string, PanelItem>;
  /** Paths answered 404. */
  readonly notFound: Map<string, PanelItem>;
  /** Client addresses (`%h`). */
  readonly hosts: Map<string, PanelItem>;
  /** Operating system families of the user agents (`classifyAgent`). */
  readonly os: Map<string, PanelItem>;
  /** Browser families of the user agents, crawlers as their own class (`classifyAgent`). */
  readonly browsers: Map<string, PanelItem>;
  /** Hours of the day, keyed `00` to `23`. */
  readonly hours: Map<string, PanelItem>;
  /** Referring sites (the referrer's host). */
  readonly referringSites: Map<string, PanelItem>;
  /** Referrer URLs as written. */
  readonly referrerUrls: Map<string, PanelItem>;
  /** Status classes: the status's first digit and `xx` (`2xx`, `4xx`…), and `unknown` for a status written `-`. */
  readonly status: Map<string, PanelItem>;
}

/**
 * An item counted by `collectPanels`: its distinct visitors as a packed list of ids, made a Set only when `visitors`
 * is asked for (a report needs only their number; a Set per item costs ~10x the memory and most of the time on logs
 * with many visitors). @internal
 */
export class PackedItem implements PanelItem {
  hits: number;
  bytes: number;
  /** The distinct visitors, ascending. */
  ids: Int32Array;
  #set: Set<number> | null = null;

  constructor(hits: number, bytes: number, ids: Int32Array) {
    this.hits = hits;
    this.bytes = bytes;
    this.ids = ids;
  }

  get visitors(): Set<number> {
    return (this.#set ??= new Set(this.ids));
  }

  /** How many distinct visitors (without making the Set). */
  get count(): number {
    return this.#set === null ? this.ids.length : this.#set.size;
  }

  /** The visitors without making the Set. */
  list(): ArrayLike<number> {
    return this.#set === null ? this.ids : [...this.#set];
  }

  /**
   * Adds visitors (distinct among themselves); those at or above `fresh` are new to this item (numbered after all
   * of its own), the others are looked up by binary search. Keeps `ids` ascending without making a Set.
   */
  addAll(visitors: ArrayLike<number>, fresh: number): void {
    if (this.#set !== null) {
      for (let k = 0; k < visitors.length; k++) this.#set.add(visitors[k]!);
      return;
    }
    const own = this.ids;
    const olds: number[] = [];
    const news: number[] = [];
    for (let k = 0; k < visitors.length; k++) {
      const v = visitors[k]!;
      if (v >= fresh) news.push(v);
      else if (!has(own, v)) olds.push(v);
    }
    if (olds.length === 0 && news.length === 0) return;
    olds.sort((a, b) => a - b);
    news.sort((a, b) => a - b);
    const out = new Int32Array(own.length + olds.length + news.length);
    let i = 0;
    let j = 0;
    let n = 0;
    while (i < own.length || j < olds.length) out[n++] = j >= olds.length || (i < own.length && own[i]! < olds[j]!) ? own[i++]! : olds[j++]!;
    for (const v of news) out[n++] = v;
    this.ids = out;
  }
}

/** True when the ascending list holds v. */
function has(list: Int32Array, v: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const x = list[mid]!;
    if (x === v) return true;
    if (x < v) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** The number of distinct visitors of an item. */
function visitorCount(item: PanelItem): number {
  return item instanceof PackedItem ? item.count : item.visitors.size;
}

/** The visitors of an item, as a list (without making a Set of packed ones). @internal */
export function visitorList(item: PanelItem): ArrayLike<number> {
  return item instanceof PackedItem ? item.list() : [...item.visitors];
}

/** The mergeable statistics behind the panels; make one with `createPanels`, fill it with `addRecord`. */
export interface PanelStats {
  /** Records counted (GoAccess's valid requests). */
  valid: number;
  /** Lines that were not records (GoAccess's failed requests); add them with `addFailed`. */
  failed: number;
  /** Bytes of the log read (its size), when the reader adds it. */
  logSize: number;
  /** Sum of the response sizes. */
  bytes: number;
  /** Every distinct visitor key (IP, day, user agent), numbered in order of appearance. */
  readonly visitorKeys: Map<string, number>;
  /** The items of each list panel by key. */
  readonly lists: PanelLists;
  /**
   * Hits per (referrer, request) pair of the requests panel (not static files, not 404s), keyed `referrer + '\u0000' +
   * request` (a missing referrer is `-`): the referrer → page graph.
   */
  readonly pairs: Map<string, number>;
}

/** One row of a list panel. */
export interface PanelRow {
  /** The item: a day `YYYY-MM-DD`, a request, a host, a family, an hour `00`–`23`, a site, a referrer or a class `2xx`. */
  readonly key: string;
  /** Requests counted for the item. */
  readonly hits: number;
  /** Distinct visitors (IP + day + user agent) among the item's hits; 4xx hits make no visitor, as in GoAccess. */
  readonly visitors: number;
  /** Bytes sent for the item's hits. */
  readonly bytes: number;
  /**
   * Only in an approximate report's long panels (`approximate.sketched`): the most `hits` can exceed the item's true
   * count (the true count lies in [hits − hitsError, hits]); `bytes` and `visitors` there are of the hits counted
   * while the item was held.
   */
  readonly hitsError?: number;
}

/** The general panel. */
export interface GeneralPanel {
  /** Lines read: valid plus failed. */
  readonly requests: number;
  /** Records counted. */
  readonly valid: number;
  /** Lines that were not records. */
  readonly failed: number;
  /** Distinct visitors (IP + day + user agent; 4xx hits make none). */
  readonly visitors: number;
  /** Distinct requests and static files (not 404s). */
  readonly files: number;
  /** Distinct referrer URLs. */
  readonly referrers: number;
  /** Distinct requests answered 404. */
  readonly notFound: number;
  /** Distinct static files. */
  readonly staticFiles: number;
  /** Bytes of the log read. */
  readonly logSize: number;
  /** Bytes sent (sum of the response sizes). */
  readonly bytes: number;
}

/** The whole report: the general panel and each list panel's rows, most hits first (days and hours in order). */
export type PanelReport = { approximate?: ApproximateInfo; general?: GeneralPanel } & { [P in Exclude<PanelName, 'general'>]?: PanelRow[] };

/** Options of `panelReport`. */
export interface PanelReportOptions {
  /** Which panels (default all). */
  readonly panels?: readonly PanelName[];
  /** At most this many rows per list panel (default all); days, hours and status classes are always all listed. */
  readonly top?: number;
}

/** True when a request (path and query) is a static file: its path ends in one of GoAccess's static extensions. @internal */
export function isStaticPath(path: string): boolean {
  return STATIC.test(path.split('?', 1)[0]!);
}

/** Static file extensions as GoAccess counts them (its default `--static-file` list). */
const STATIC = /\.(css|js|jpe?g|png|gif|ico|svg|webp|bmp|tiff?|woff2?|ttf|otf|eot|swf|flv|mp3|mp4|ogg|wav|avi|mpe?g|pdf|txt|csv|xml|json|map|zip|gz|rar|7z|tar|bz2|exe|dmg|iso)$/i;

/** Makes an empty set of panel statistics. */
export function createPanels(): PanelStats {
  const lists = {} as Record<Exclude<PanelName, 'general'>, Map<string, PanelItem>>;
  for (const name of PANELS) if (name !== 'general') lists[name] = new Map();
  return { valid: 0, failed: 0, logSize: 0, bytes: 0, visitorKeys: new Map(), lists, pairs: new Map() };
}

function checkPanels(stats: unknown, what: string): asserts stats is PanelStats {
  if (typeof stats !== 'object' || stats === null || !('lists' in stats) || !('visitorKeys' in stats) || !('pairs' in stats)) {
    throw new TypeError(`${what} takes panel statistics (from createPanels); got ${describeValue(stats)}`);
  }
}

function count(map: Map<string, PanelItem>, key: string, bytes: number, visitor: number): void {
  let item = map.get(key);
  if (item === undefined) map.set(key, (item = { hits: 0, bytes: 0, visitors: new Set() }));
  item.hits++;
  item.bytes += bytes;
  if (visitor >= 0) item.visitors.add(visitor);
}

/** The site of a referrer (`http://a.example/x` → `a.example`); null when it has none. */
export function referringSite(referrer: string): string | null {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\s]+)/i.exec(referrer);
  return m ? m[1]!.toLowerCase() : null;
}

function agentOf(userAgent: string | null): AgentClass {
  return agentClass(userAgent);
}

let lastDay: number | null = null;
let lastDayText = '-';

/** A day number as `YYYY-MM-DD` (the last one is remembered: records come mostly in order). */
function dayText(day: number | null): string {
  if (day !== lastDay) {
    lastDayText = day === null ? '-' : formatDay(day);
    lastDay = day;
  }
  return lastDayText;
}

/** Counts one record in every panel it belongs to. */
export function addRecord(stats: PanelStats, record: LogRecord): void {
  checkPanels(stats, 'addRecord');
  const bytes = record.bytes ?? 0;
  const day = dayText(record.day);
  const key = `${record.ip ?? '-'}\u0000${day}\u0000${record.userAgent ?? ''}`;
  // As GoAccess (without --4xx-to-unique-count): a client error does not make its client a visitor.
  const status = record.status;
  let visitor = -1;
  if (status === null || status < 400 || status >= 500) {
    visitor = stats.visitorKeys.get(key) ?? -1;
    if (visitor < 0) stats.visitorKeys.set(key, (visitor = stats.visitorKeys.size));
  }
  const lists = stats.lists;
  stats.valid++;
  stats.bytes += bytes;
  count(lists.visitors, day, bytes, visitor);
  const path = record.path ?? record.request ?? '-';
  if (status === 404) count(lists.notFound, path, bytes, visitor);
  else if (isStaticPath(path)) count(lists.static, path, bytes, visitor);
  else {
    count(lists.requests, path, bytes, visitor);
    // The graph: referrers of pages (not of static files or 404s).
    const pair = `${record.referrer ?? '-'}\u0000${path}`;
    stats.pairs.set(pair, (stats.pairs.get(pair) ?? 0) + 1);
  }
  count(lists.hosts, record.ip ?? '-', bytes, visitor);
  const agent = agentOf(record.userAgent);
  count(lists.os, agent.os, bytes, visitor);
  count(lists.browsers, agent.browser, bytes, visitor);
  if (record.timeText !== null) {
    // `08/Jan/2006:00:14:48 +0000`: the hour follows the first colon; `2006-01-08T00:14:48+00:00`: it precedes it.
    const t = record.timeText;
    const c = t.indexOf(':');
    if (c >= 0 && t[c + 3] === ':') {
      const hour = t[c + 6] === ':' ? t.slice(c + 1, c + 3) : t.slice(c - 2, c);
      if (/^\d\d$/.test(hour)) count(lists.hours, hour, bytes, visitor);
    }
  }
  if (record.referrer !== null && record.referrer !== '') {
    count(lists.referrerUrls, record.referrer, bytes, visitor);
    const site = referringSite(record.referrer);
    if (site !== null) count(lists.referringSites, site, bytes, visitor);
  }
  count(lists.status, status === null ? 'unknown' : `${Math.floor(status / 100)}xx`, bytes, visitor);

}

/** Counts lines that were not records (GoAccess's failed requests). */
export function addFailed(stats: PanelStats, lines: number): void {
  checkPanels(stats, 'addFailed');
  if (!Number.isInteger(lines) || lines < 0) throw new RangeError(`failed lines must be a non-negative integer; got ${describeValue(lines)}`);
  stats.failed += lines;
}

/** Adds the statistics `from` into `into` (exactly as if `into` had counted `from`'s records too); returns `into`. */
export function mergePanels(into: PanelStats, from: PanelStats): PanelStats {
  checkPanels(into, 'mergePanels');
  checkPanels(from, 'mergePanels');
  into.valid += from.valid;
  into.failed += from.failed;
  into.logSize += from.logSize;
  into.bytes += from.bytes;
  // `from`'s visitor numbers → `into`'s; those from `fresh` on are new to `into`.
  const fresh = into.visitorKeys.size;
  const map: number[] = [];
  for (const [key, i] of from.visitorKeys) {
    let mine = into.visitorKeys.get(key);
    if (mine === undefined) into.visitorKeys.set(key, (mine = into.visitorKeys.size));
    map[i] = mine;
  }
  for (const name of Object.keys(from.lists) as Array<keyof PanelStats['lists']>) {
    const target = into.lists[name];
    for (const [key, item] of from.lists[name]) {
      const list = visitorList(item);
      const mapped = new Int32Array(list.length);
      for (let k = 0; k < list.length; k++) mapped[k] = map[list[k]!]!;
      const mine = target.get(key);
      if (mine === undefined) target.set(key, new PackedItem(item.hits, item.bytes, mapped.sort()));
      else {
        mine.hits += item.hits;
        mine.bytes += item.bytes;
        if (mine instanceof PackedItem) mine.addAll(mapped, fresh);
        else for (let k = 0; k < mapped.length; k++) mine.visitors.add(mapped[k]!);
      }
    }
  }
  for (const [key, hits] of from.pairs) into.pairs.set(key, (into.pairs.get(key) ?? 0) + hits);
  return into;
}

const ORDERED: ReadonlySet<PanelName> = new Set(['visitors', 'hours', 'status']);

function rows(map: Map<string, PanelItem>, ordered: boolean, top: number): PanelRow[] {
  const all = [...map].map(([key, item]) => ({ key, hits: item.hits, visitors: visitorCount(item), bytes: item.bytes }));
  return sortRows(all, ordered, top);
}

/** Rows in the report's order (by key for days, hours and status classes; else most hits first), the first `top`. @internal */
export function sortRows(all: PanelRow[], ordered: boolean, top: number): PanelRow[] {
  if (ordered) all.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  else all.sort((a, b) => b.hits - a.hits || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return top === Infinity || ordered ? all : all.slice(0, top);
}

/** The panels and row limit of `panelReport`'s options, checked. @internal */
export function readReportOptions(options: PanelReportOptions): { panels: readonly PanelName[]; top: number } {
  const panels = options.panels ?? PANELS;
  for (const p of panels) if (!PANELS.includes(p)) throw new RangeError(`panel must be one of ${PANELS.join(', ')}; got ${describeValue(p)}`);
  const top = options.top ?? Infinity;
  if (top !== Infinity && (!Number.isInteger(top) || top < 0)) throw new RangeError(`top must be a non-negative integer; got ${describeValue(top)}`);
  return { panels, top };
}

/** True for the panels listed in order of their keys, whole (days, hours, status classes). @internal */
export const isOrderedPanel = (p: PanelName): boolean => ORDERED.has(p);

/** The report of the panels as a JSON-ready object (days `YYYY-MM-DD`, library field names). */
export function panelReport(stats: PanelStats, options: PanelReportOptions = {}): PanelReport {
  checkPanels(stats, 'panelReport');
  const { panels, top } = readReportOptions(options);
  const out: Record<string, unknown> = {};
  const l = stats.lists;
  for (const p of PANELS) {
    if (!panels.includes(p)) continue;
    if (p === 'general') {
      out.general = {
        requests: stats.valid + stats.failed,
        valid: stats.valid,
        failed: stats.failed,
        visitors: stats.visitorKeys.size,
        files: l.requests.size + l.static.size,
        referrers: l.referrerUrls.size,
        notFound: l.notFound.size,
        staticFiles: l.static.size,
        logSize: stats.logSize,
        bytes: stats.bytes,
      } satisfies GeneralPanel;
    } else out[p] = rows(l[p], ORDERED.has(p), ORDERED.has(p) ? Infinity : top);
  }
  return out as PanelReport;
}

/**
 * The referrer statistics of the panels' pages (the requests panel's hits: no static files, no 404s; any status and
 * method), for `toDot` and the overall referrer tables: `overall` is filled, `days` is empty.
 */
export function referrerStats(stats: PanelStats): LogStats {
  checkPanels(stats, 'referrerStats');
  const refs = new Map<string, number>();
  const pairs: Array<{ referrer: string; request: string; hits: number; key: string }> = [];
  for (const [key, hits] of stats.pairs) {
    const cut = key.indexOf('\u0000');
    const referrer = key.slice(0, cut);
    pairs.push({ referrer, request: key.slice(cut + 1), hits, key });
    refs.set(referrer, (refs.get(referrer) ?? 0) + hits);
  }
  const order = (a: number, b: number, ta: string, tb: string): number => b - a || (ta < tb ? -1 : ta > tb ? 1 : 0);
  pairs.sort((a, b) => order(a.hits, b.hits, a.key, b.key));
  const referrers = [...refs].map(([referrer, hits]) => ({ referrer, hits })).sort((a, b) => order(a.hits, b.hits, a.referrer, b.referrer));
  return {
    read: stats.valid + stats.failed,
    parsed: stats.valid,
    kept: stats.valid,
    rejected: stats.failed,
    truncated: 0,
    rejects: [],
    days: [],
    overall: { hits: stats.valid, referrers, pairs: pairs.map(({ referrer, request, hits }) => ({ referrer, request, hits })) },
  };
}

/** Panel statistics as plain JSON data (`panelsToJson`), for a state file; read back with `panelsFromJson`. */
export interface PanelStatsJson {
  /** Always `'logparse-panels'`. */
  readonly kind: 'logparse-panels';
  /** The layout's version: 1. */
  readonly version: 1;
  /** As `PanelStats.valid`. */
  readonly valid: number;
  /** As `PanelStats.failed`. */
  readonly failed: number;
  /** As `PanelStats.logSize`. */
  readonly logSize: number;
  /** As `PanelStats.bytes`. */
  readonly bytes: number;
  /** Every visitor key; items name their visitors by index into this list. */
  readonly visitorKeys: string[];
  /** Per list panel: `[key, hits, bytes, visitor indexes]` rows. */
  readonly lists: Record<string, Array<[string, number, number, number[]]>>;
  /** `[referrer, request, hits]` rows of the graph. */
  readonly pairs: Array<[string, string, number]>;
}

/** The statistics as plain JSON data (exact: `panelsFromJson(panelsToJson(s))` reports as `s` does). */
export function panelsToJson(stats: PanelStats): PanelStatsJson {
  checkPanels(stats, 'panelsToJson');
  const keys: string[] = [];
  for (const [key, i] of stats.visitorKeys) keys[i] = key;
  const lists: Record<string, Array<[string, number, number, number[]]>> = {};
  for (const [name, map] of Object.entries(stats.lists)) {
    lists[name] = [...map].map(([key, item]) => [key, item.hits, item.bytes, Array.from(visitorList(item))]);
  }
  const pairs: Array<[string, string, number]> = [];
  for (const [key, hits] of stats.pairs) {
    const cut = key.indexOf('\u0000');
    pairs.push([key.slice(0, cut), key.slice(cut + 1), hits]);
  }
  return { kind: 'logparse-panels', version: 1, valid: stats.valid, failed: stats.failed, logSize: stats.logSize, bytes: stats.bytes, visitorKeys: keys, lists, pairs };
}

/** A count read back from a state: a safe integer, 0 or more. @internal */
export const count0 = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** Adds the referrer → page rows `[referrer, page, count]` of a state to `stats`; `bad` throws what is wrong. @internal */
export function readPairs(pairs: unknown, stats: PanelStats, bad: (what: string) => never): void {
  if (!Array.isArray(pairs)) return bad('pairs must be a list');
  for (const row of pairs) {
    if (!Array.isArray(row) || typeof row[0] !== 'string' || typeof row[1] !== 'string' || !count0(row[2])) return bad('a row of pairs is malformed');
    const key = `${row[0]}\u0000${row[1]}`;
    stats.pairs.set(key, (stats.pairs.get(key) ?? 0) + row[2]);
  }
}

/**
 * New statistics holding the four totals of a stored form (`valid`, `failed`, `logSize`, `bytes`), each checked as a
 * non-negative integer (`bad` throws the reader's error). @internal
 */
export function panelsWithTotals(v: Partial<Record<'valid' | 'failed' | 'logSize' | 'bytes', unknown>>, bad: (what: string) => never): PanelStats {
  for (const k of ['valid', 'failed', 'logSize', 'bytes'] as const) if (!count0(v[k])) bad(`${k} must be a non-negative integer; got ${describeValue(v[k])}`);
  const stats = createPanels();
  stats.valid = v.valid as number;
  stats.failed = v.failed as number;
  stats.logSize = v.logSize as number;
  stats.bytes = v.bytes as number;
  return stats;
}

/** Reads statistics written by `panelsToJson`; anything else is a TypeError saying what is wrong. */
export function panelsFromJson(value: unknown): PanelStats {
  const bad = (what: string): never => {
    throw new TypeError(`not logparse panel statistics: ${what}`);
  };
  if (typeof value !== 'object' || value === null) return bad(`expected an object; got ${describeValue(value)}`);
  const v = value as Partial<PanelStatsJson>;
  if (v.kind !== 'logparse-panels') return bad(`kind must be 'logparse-panels'; got ${describeValue(v.kind)}`);
  if (v.version !== 1) return bad(`version must be 1; got ${describeValue(v.version)}`);
  const stats = panelsWithTotals(v, bad);
  if (!Array.isArray(v.visitorKeys) || !v.visitorKeys.every((k) => typeof k === 'string')) return bad('visitorKeys must be a list of strings');
  if (typeof v.lists !== 'object' || v.lists === null) return bad('lists must be an object');
  const keys = v.visitorKeys;
  for (const k of keys) if (!stats.visitorKeys.has(k)) stats.visitorKeys.set(k, stats.visitorKeys.size);
  if (stats.visitorKeys.size !== keys.length) return bad('visitorKeys has duplicates');
  // Visitor lists are kept packed (no Set until one is asked for); `seen` stamps each visitor with the row that
  // named it last, to find one named twice.
  const seen = new Int32Array(keys.length);
  let stamp = 0;
  for (const name of Object.keys(stats.lists) as Array<keyof PanelStats['lists']>) {
    const rows = v.lists[name];
    if (!Array.isArray(rows)) return bad(`lists.${name} must be a list`);
    for (const row of rows) {
      if (!Array.isArray(row) || typeof row[0] !== 'string' || !count0(row[1]) || !count0(row[2]) || !Array.isArray(row[3])) return bad(`a row of lists.${name} is malformed`);
      if (stats.lists[name].has(row[0])) return bad(`lists.${name} names ${describeValue(row[0])} twice`);
      const list = row[3] as unknown[];
      const ids = new Int32Array(list.length);
      stamp++;
      for (let k = 0; k < list.length; k++) {
        const i = list[k];
        if (!Number.isInteger(i) || (i as number) < 0 || (i as number) >= keys.length) return bad(`a row of lists.${name} names visitor ${describeValue(i)}, which does not exist`);
        if (seen[i as number] === stamp) return bad(`a row of lists.${name} names visitor ${i as number} twice`);
        seen[i as number] = stamp;
        ids[k] = i as number;
      }
      let ascending = true;
      for (let k = 1; k < ids.length && ascending; k++) ascending = ids[k - 1]! < ids[k]!;
      stats.lists[name].set(row[0], new PackedItem(row[1], row[2], ascending ? ids : ids.sort()));
    }
  }
  readPairs(v.pairs, stats, bad);
  return stats;
}
