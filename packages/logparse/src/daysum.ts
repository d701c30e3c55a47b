// Day reports added up. Each day's full report (every row of every panel) is kept as flat numbers by key index, and
// the report of the whole log, of any range of days, and the HTML page's per-day partials are made from them: no
// day's mergeable statistics (visitor keys, visitor lists) are kept once its report is made. Exact, because a visitor
// is an address, a day and a user agent: the visitors of different days are different, so their counts add up.
import { PANELS, isOrderedPanel, sortRows, type GeneralPanel, type PanelName, type PanelReport, type PanelRow } from './panels.js';
import type { DayData } from './htmlrange.js';
import type { RowSummary } from './htmlpanel.js';
import type { PanelColumns } from './panelscan.js';

/** The list panels (all but the general one). */
const LISTS = PANELS.filter((p) => p !== 'general') as Array<Exclude<PanelName, 'general'>>;

/** The panels whose distinct items the general panel counts. */
const COUNTED = ['requests', 'static', 'notFound', 'referrerUrls'] as const;

/** One day's figures that are not rows: valid, bytes, visitors, log size (as the page's `g`), and failed lines. */
type Totals = [number, number, number, number, number];

/**
 * Days' full reports (`panelReport(stats)`, or a counter's report with every row) added in order of days, with the
 * hits of each (referrer, request) pair of the graph; a report of what has no day (`-`) apart. @internal
 */
export class DaySums {
  /** The dated days, ascending. */
  readonly days: string[] = [];
  readonly #keys: Record<string, string[]> = {};
  readonly #index: Record<string, Map<string, number>> = {};
  /** Per list panel, per day: flat `[key index, hits, visitors, bytes, …]`. */
  readonly #rows: Record<string, Float64Array[]> = {};
  readonly #totals: Totals[] = [];
  /** Per day: flat `[pair index, hits, …]`; the pairs' keys are `referrer \0 request`. */
  readonly #pairRows: Float64Array[] = [];
  readonly #pairKeys: string[] = [];
  readonly #pairIndex = new Map<string, number>();
  #undated: { report: PanelReport; pairs: Map<string, number> } | null = null;

  constructor() {
    for (const name of LISTS) {
      this.#keys[name] = [];
      this.#index[name] = new Map();
      this.#rows[name] = [];
    }
  }

  /**
   * Adds a day's report (every panel, every row) and its graph pairs; `-` is what has no day. Dated days come in
   * ascending order, each once.
   */
  add(day: string, report: PanelReport, pairs: Iterable<[string, number]>): void {
    if (day === '-') {
      if (this.#undated !== null) throw new RangeError('the report of what has no day is added once');
      this.#undated = { report, pairs: new Map(pairs) };
      return;
    }
    const columns = new Map<PanelName, PanelColumns>();
    for (const name of LISTS) {
      const rows = report[name]!;
      columns.set(name, { size: rows.length, hits: rows.map((r) => r.hits), bytes: rows.map((r) => r.bytes), visitors: rows.map((r) => r.visitors), name: (i) => rows[i]!.key });
    }
    this.#addDay(day, report.general!, columns, null, pairs);
  }

  /**
   * Adds a dated day from its counter's columns (`PanelCounter.columns` of every panel), without rows: the items
   * are put in the report's order by their ids.
   */
  addColumns(day: string, general: GeneralPanel, columns: Map<PanelName, PanelColumns>, pairs: Iterable<[string, number]>): void {
    const orders = new Map<PanelName, Int32Array>();
    for (const name of LISTS) {
      const c = columns.get(name)!;
      let n = 0;
      for (let id = 0; id < c.size; id++) if (c.hits[id] !== 0) n++;
      const ids = new Int32Array(n);
      n = 0;
      for (let id = 0; id < c.size; id++) if (c.hits[id] !== 0) ids[n++] = id;
      const names = Array.from(ids, (id) => c.name(id));
      const at = new Int32Array(c.size);
      for (let i = 0; i < ids.length; i++) at[ids[i]!] = i;
      const byKey = (a: number, b: number): number => {
        const x = names[at[a]!]!;
        const y = names[at[b]!]!;
        return x < y ? -1 : x > y ? 1 : 0;
      };
      // As `sortRows`: by key for days, hours and status classes; else most hits first, then by key.
      orders.set(name, isOrderedPanel(name) ? ids.sort(byKey) : ids.sort((a, b) => c.hits[b]! - c.hits[a]! || byKey(a, b)));
    }
    this.#addDay(day, general, columns, orders, pairs);
  }

  #addDay(day: string, general: GeneralPanel, columns: Map<PanelName, PanelColumns>, orders: Map<PanelName, Int32Array> | null, pairs: Iterable<[string, number]>): void {
    const last = this.days[this.days.length - 1];
    if (last !== undefined && last >= day) throw new RangeError(`days are added in ascending order, each once; got ${day} after ${last}`);
    this.days.push(day);
    this.#totals.push([general.valid, general.bytes, general.visitors, general.logSize, general.failed]);
    for (const name of LISTS) {
      const index = this.#index[name]!;
      const keys = this.#keys[name]!;
      const c = columns.get(name)!;
      const order = orders?.get(name);
      const n = order === undefined ? c.size : order.length;
      // (Typed arrays: their memory is the counters' just let go, where a JavaScript array would grow the heap.)
      const flat = new Float64Array(4 * n);
      for (let i = 0; i < n; i++) {
        const id = order === undefined ? i : order[i]!;
        const key = c.name(id);
        let at = index.get(key);
        if (at === undefined) {
          index.set(key, (at = keys.length));
          keys.push(key);
        }
        flat[4 * i] = at;
        flat[4 * i + 1] = c.hits[id]!;
        flat[4 * i + 2] = c.visitors[id]!;
        flat[4 * i + 3] = c.bytes[id]!;
      }
      this.#rows[name]!.push(flat);
    }
    const flat: number[] = [];
    for (const [key, hits] of pairs) {
      let at = this.#pairIndex.get(key);
      if (at === undefined) {
        this.#pairIndex.set(key, (at = this.#pairKeys.length));
        this.#pairKeys.push(key);
      }
      flat.push(at, hits);
    }
    this.#pairRows.push(Float64Array.from(flat));
  }

  /** Adds bytes to the log size of what has no day (the difference between the file on disk and what was read). */
  addUndatedSize(bytes: number): void {
    if (bytes === 0) return;
    if (this.#undated === null) {
      const general: GeneralPanel = { requests: 0, valid: 0, failed: 0, visitors: 0, files: 0, referrers: 0, notFound: 0, staticFiles: 0, logSize: 0, bytes: 0 };
      const report: PanelReport = { general };
      for (const name of LISTS) report[name] = [];
      this.#undated = { report, pairs: new Map() };
    }
    (this.#undated.report.general as { logSize: number }).logSize += bytes;
  }

  /** The bytes of the log read: every day's lines, and the rest (what has no day). */
  logSize(): number {
    let size = this.#undated?.report.general?.logSize ?? 0;
    for (const t of this.#totals) size += t[3];
    return size;
  }

  /** The page's per-day partials of the days `from` to `to` (indexes into `days`, both included). */
  data(from = 0, to = this.days.length - 1): DayData {
    const { k, r } = this.#view(from, to);
    const rows: Record<string, number[][]> = {};
    for (const name of LISTS) rows[name] = r[name]!.map((flat) => Array.from(flat));
    return { d: this.days.slice(from, to + 1), k, g: this.#totalsOf(from, to), r: rows };
  }

  /**
   * `JSON.stringify(this.data(from, to))` in pieces of a few thousand keys or rows (no text of megabytes, no arrays
   * of numbers made: the page gzips the pieces as they come).
   */
  *json(from = 0, to = this.days.length - 1): Generator<string, void, undefined> {
    const { k, r } = this.#view(from, to);
    const AT_ONCE = 4096;
    yield `{"d":${JSON.stringify(this.days.slice(from, to + 1))},"k":{`;
    let first = true;
    for (const name of LISTS) {
      const keys = k[name]!;
      yield `${first ? '' : ','}${JSON.stringify(name)}:[`;
      first = false;
      for (let i = 0; i < keys.length; i += AT_ONCE) yield `${i === 0 ? '' : ','}${JSON.stringify(keys.slice(i, i + AT_ONCE)).slice(1, -1)}`;
      yield ']';
    }
    yield `},"g":${JSON.stringify(this.#totalsOf(from, to))},"r":{`;
    first = true;
    for (const name of LISTS) {
      yield `${first ? '' : ','}${JSON.stringify(name)}:[`;
      first = false;
      const days = r[name]!;
      for (let d = 0; d < days.length; d++) {
        const flat = days[d]!;
        // (A number's text in JSON is its String(), which Array.prototype.join writes too.)
        for (let i = 0; i === 0 || i < flat.length; i += 4 * AT_ONCE) {
          const part = Array.prototype.join.call(flat.subarray(i, i + 4 * AT_ONCE), ',');
          yield `${i === 0 ? (d === 0 ? '[' : ',[') : ','}${part}${i + 4 * AT_ONCE >= flat.length ? ']' : ''}`;
        }
      }
      yield ']';
    }
    yield '}}';
  }

  #totalsOf(from: number, to: number): Array<[number, number, number, number]> {
    return this.#totals.slice(from, to + 1).map((t) => [t[0], t[1], t[2], t[3]] as [number, number, number, number]);
  }

  /** The keys and rows of the days `from` to `to`: all keys for all days, else the days' own, renumbered in order. */
  #view(from: number, to: number): { k: Record<string, string[]>; r: Record<string, Float64Array[]> } {
    const k: Record<string, string[]> = {};
    const r: Record<string, Float64Array[]> = {};
    for (const name of LISTS) {
      const all = this.#rows[name]!.slice(from, to + 1);
      if (from === 0 && to === this.days.length - 1) {
        k[name] = this.#keys[name]!;
        r[name] = all;
        continue;
      }
      // A part of the days: their keys only, numbered in order of first appearance as for all days.
      const keys: string[] = [];
      const renumber = new Map<number, number>();
      r[name] = all.map((flat) => {
        const out = flat.slice();
        for (let i = 0; i < out.length; i += 4) {
          let at = renumber.get(out[i]!);
          if (at === undefined) {
            renumber.set(out[i]!, (at = keys.length));
            keys.push(this.#keys[name]![out[i]!]!);
          }
          out[i] = at;
        }
        return out;
      });
      k[name] = keys;
    }
    return { k, r };
  }

  /** The indexes into `days` of a range of days (both ends included, a missing end open); null when no day is in it. */
  span(range: { from?: string | undefined; to?: string | undefined }): [number, number] | null {
    let from = 0;
    while (from < this.days.length && range.from !== undefined && this.days[from]! < range.from) from++;
    let to = this.days.length - 1;
    while (to >= 0 && range.to !== undefined && this.days[to]! > range.to) to--;
    return from <= to ? [from, to] : null;
  }

  /**
   * The report of the days `from` to `to` (indexes into `days`), with what has no day when `undated` (the whole log):
   * equal to `panelReport` of the statistics of those days merged. With `wholes`, each list panel's count, least,
   * most and sum of each column over all its rows go there (for a page that shows only the first `top` rows).
   */
  report(panels: readonly PanelName[], top: number, from = 0, to = this.days.length - 1, undated = true, wholes?: Record<string, RowSummary>): PanelReport {
    const extra = undated ? this.#undated : null;
    const out: Record<string, unknown> = {};
    const distinct: Record<string, number> = {};
    for (const name of LISTS) {
      const counted = (COUNTED as readonly string[]).includes(name);
      if (!panels.includes(name) && !(counted && panels.includes('general'))) continue;
      const keys = this.#keys[name]!;
      const hits = new Float64Array(keys.length);
      const seen = new Float64Array(keys.length);
      const sent = new Float64Array(keys.length);
      const present = new Uint8Array(keys.length);
      const used: number[] = [];
      for (let d = from; d <= to; d++) {
        const flat = this.#rows[name]![d]!;
        for (let i = 0; i < flat.length; i += 4) {
          const at = flat[i]!;
          if (present[at] === 0) {
            present[at] = 1;
            used.push(at);
          }
          hits[at]! += flat[i + 1]!;
          seen[at]! += flat[i + 2]!;
          sent[at]! += flat[i + 3]!;
        }
      }
      const rows: PanelRow[] = [];
      for (const row of extra?.report[name] ?? []) {
        const at = this.#index[name]!.get(row.key);
        if (at === undefined || present[at] === 0) rows.push({ key: row.key, hits: row.hits, visitors: row.visitors, bytes: row.bytes });
        else {
          hits[at]! += row.hits;
          seen[at]! += row.visitors;
          sent[at]! += row.bytes;
        }
      }
      distinct[name] = rows.length + used.length;
      if (!panels.includes(name)) continue;
      const ordered = isOrderedPanel(name);
      if (wholes !== undefined && !ordered) {
        const whole: RowSummary = { n: distinct[name]!, hits: [Infinity, -Infinity, 0], visitors: [Infinity, -Infinity, 0], bytes: [Infinity, -Infinity, 0] };
        const note = (h: number, v: number, b: number): void => {
          for (const [s, x] of [[whole.hits, h], [whole.visitors, v], [whole.bytes, b]] as const) {
            s[0] = Math.min(s[0], x);
            s[1] = Math.max(s[1], x);
            s[2] += x;
          }
        };
        for (const row of rows) note(row.hits, row.visitors, row.bytes);
        for (const at of used) note(hits[at]!, seen[at]!, sent[at]!);
        wholes[name] = whole;
      }
      if (!ordered && top < used.length) {
        // Only the first rows made: the items' indexes in the report's order (most hits first, then by key).
        const order = Int32Array.from(used).sort((a, b) => hits[b]! - hits[a]! || (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
        for (let i = 0; i < top; i++) {
          const at = order[i]!;
          rows.push({ key: keys[at]!, hits: hits[at]!, visitors: seen[at]!, bytes: sent[at]! });
        }
      } else for (const at of used) rows.push({ key: keys[at]!, hits: hits[at]!, visitors: seen[at]!, bytes: sent[at]! });
      out[name] = sortRows(rows, ordered, ordered ? Infinity : top);
    }
    if (panels.includes('general')) {
      const sum: Totals = [0, 0, 0, 0, 0];
      for (let d = from; d <= to; d++) for (let i = 0; i < 5; i++) sum[i]! += this.#totals[d]![i]!;
      const g = extra?.report.general;
      const valid = sum[0] + (g?.valid ?? 0);
      const failed = sum[4] + (g?.failed ?? 0);
      const general: GeneralPanel = {
        requests: valid + failed,
        valid,
        failed,
        visitors: sum[2] + (g?.visitors ?? 0),
        files: distinct.requests! + distinct.static!,
        referrers: distinct.referrerUrls!,
        notFound: distinct.notFound!,
        staticFiles: distinct.static!,
        logSize: sum[3] + (g?.logSize ?? 0),
        bytes: sum[1] + (g?.bytes ?? 0),
      };
      // In the order of the panels (general first).
      return { general, ...out } as PanelReport;
    }
    return out as PanelReport;
  }

  /** The hits of each (referrer, request) pair of the days `from` to `to` (with what has no day when `undated`). */
  pairs(from = 0, to = this.days.length - 1, undated = true): Map<string, number> {
    const out = new Map<string, number>();
    for (let d = from; d <= to; d++) {
      const flat = this.#pairRows[d]!;
      for (let i = 0; i < flat.length; i += 2) {
        const key = this.#pairKeys[flat[i]!]!;
        out.set(key, (out.get(key) ?? 0) + flat[i + 1]!);
      }
    }
    if (undated && this.#undated !== null) for (const [key, hits] of this.#undated.pairs) out.set(key, (out.get(key) ?? 0) + hits);
    return out;
  }
}
