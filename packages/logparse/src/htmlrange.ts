// The per-day partial results the HTML page carries so that its reader can pick a range of days: every item of every
// panel with its hits, visitors and bytes on each day, and each day's totals. A visitor is an IP, a day and a user
// agent (as GoAccess counts them), so an item's visitors over several days are the sum of its visitors on each: the
// partials hold counts, no visitor keys, and a range's figures are exact.
import { DaySums } from './daysum.js';
import { panelReport, type PanelReport, type PanelStats } from './panels.js';

/**
 * The page's per-day data: `d` the days in order, `k` each panel's keys (named by index below), `g` each day's
 * `[valid, bytes, visitors, logSize]`, `r` each panel's rows on each day as flat `[key index, hits, visitors,
 * bytes, …]`. @internal
 */
export interface DayData {
  d: string[];
  k: Record<string, string[]>;
  g: Array<[number, number, number, number]>;
  r: Record<string, number[][]>;
}

/** The per-day data of a page from each day's panels (keyed `YYYY-MM-DD`; other keys, such as `-`, are left out). @internal */
export function dayData(days: ReadonlyMap<string, PanelStats>): DayData {
  const sums = new DaySums();
  for (const day of [...days.keys()].filter((d) => /^\d{4}-\d\d-\d\d$/.test(d)).sort()) sums.add(day, panelReport(days.get(day)!), []);
  return sums.data();
}

/**
 * The report of the days `from` to `to` (indexes into `data.d`, both included), exactly as `panelReport` would make
 * it from those days' lines. Self-contained: the page's script gets its source text. @internal
 */
export function rangeReport(data: DayData, from: number, to: number): PanelReport {
  const ordered: Record<string, boolean> = { visitors: true, hours: true, status: true };
  const out: Record<string, unknown> = {};
  let valid = 0;
  let bytes = 0;
  let visitors = 0;
  let logSize = 0;
  for (let d = from; d <= to; d++) {
    const t = data.g[d]!;
    valid += t[0];
    bytes += t[1];
    visitors += t[2];
    logSize += t[3];
  }
  const distinct: Record<string, number> = {};
  for (const name of Object.keys(data.r)) {
    const keys = data.k[name]!;
    const hits = new Float64Array(keys.length);
    const seen = new Float64Array(keys.length);
    const sent = new Float64Array(keys.length);
    const present = new Uint8Array(keys.length);
    const used: number[] = [];
    for (let d = from; d <= to; d++) {
      const flat = data.r[name]![d]!;
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
    distinct[name] = used.length;
    const rows = used.map((at) => ({ key: keys[at]!, hits: hits[at]!, visitors: seen[at]!, bytes: sent[at]! }));
    if (ordered[name] === true) rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    else rows.sort((a, b) => b.hits - a.hits || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    out[name] = rows;
  }
  out.general = {
    requests: valid,
    valid,
    failed: 0,
    visitors,
    files: (distinct.requests ?? 0) + (distinct.static ?? 0),
    referrers: distinct.referrerUrls ?? 0,
    notFound: distinct.notFound ?? 0,
    staticFiles: distinct.static ?? 0,
    logSize,
    bytes,
  };
  return out as PanelReport;
}
