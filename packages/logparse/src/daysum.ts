// Day reports added up. Each day's full report (every row of every panel) is kept as flat numbers by key index, and
// the report of the whole log, of any range of days, and the HTML page's per-day partials are made from them: no
// day's mergeable statistics (visitor keys, visitor lists) are kept once its report is made. Exact, because a visitor
// is an address, a day and a user agent: the visitors of different days are different, so their counts add up.
import { PANELS, isOrderedPanel, sortRows, type GeneralPanel, type PanelName, type PanelReport, type PanelRow } from './panels.js';
import type { DayData } from './htmlrange.js';
import type { RowSummary } from './htmlpanel.js';

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
  readonly #rows: Record<string, number[][]> = {};
  readonly #totals: Totals[] = [];
  /** Per day: flat `[pair index, hits, …]`; the pairs' keys are `referrer \0 request`. */
  readonly #pairRows: number[][] = [];
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
    const general = report.general!;
    if (day === '-') {
      if (this.#undated !== null) throw new RangeError('the report of what has no day is added once');
      this.#undated = { report, pairs: new Map(pairs) };
      return;
    }
    const last = this.days[this.days.length - 1];
    if (last !== undefined && last >= day) throw new RangeError(`days are added in ascending order, each once; got ${day} after ${last}`);
    this.days.push(day);
    this.#totals.push([general.valid, general.bytes, general.visitors, general.logSize, general.failed]);
    for (const name of LISTS) {
      const index = this.#index[name]!;
      const keys = this.#keys[name]!;
      const flat: number[] = [];
      for (const row of report[name]!) {
        let at = index.get(row.key);
        if (at === undefined) {
          index.set(row.key, (at = keys.length));
          keys.push(row.key);
        }
        flat.push(at, row.hits, row.visitors, row.bytes);
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
    this.#pairRows.push(flat);
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
    const k: Record<string, string[]> = {};
    const r: Record<string, number[][]> = {};
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
    const g = this.#totals.slice(from, to + 1).map((t) => [t[0], t[1], t[2], t[3]] as [number, number, number, number]);
    return { d: this.days.slice(from, to + 1), k, g, r };
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
