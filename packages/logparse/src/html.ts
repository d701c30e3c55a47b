// The panels as one self-contained HTML page: no network, no external script or font. A header with the log's name,
// its date range and a card per total; a panel per list with an inline SVG chart and a sortable table shown a page
// at a time (its rows are in the page as JSON, written out by the page's script); light and dark colours, a print
// style, keyboard use and screen readers looked after.
import { describeValue } from './errors.js';
import { chartKit, esc } from './htmlchart.js';
import { script, style } from './htmlassets.js';
import { serverShow } from './htmlformat.js';
import { pageKit, type ListName, type PanelData, type RowSummary } from './htmlpanel.js';
import type { PanelReport, PanelStats } from './panels.js';
import { dayData, type DayData } from './htmlrange.js';

/** Options of `panelHtml`. */
export interface HtmlOptions {
  /** The page title (default: the log's name and `access log report`). */
  readonly title?: string;
  /** The log's name for the header (the CLI gives the files' names). */
  readonly source?: string;
  /** An SVG drawing to include as it is (the referrer → request graph from `renderSvg`). */
  readonly graphSvg?: string;
  /** At most this many rows per table in the page (default 1,000); the rest are summed in one line. */
  readonly maxRows?: number;
  /** Rows shown at first in each table (default 10); "Show more" adds twice as many. */
  readonly pageRows?: number;
  /**
   * Each day's panel statistics (keyed `YYYY-MM-DD`, as `collectDayPanels` gives them; other keys are left out): the
   * page then carries them and lets its reader pick a range of days, and compare it with another.
   */
  readonly days?: ReadonlyMap<string, PanelStats>;
  /**
   * Compresses the days' partials with gzip (Node: `zlib.gzipSync`): the page then carries them gzip'd in base64 and
   * inflates them with the browser's DecompressionStream when it opens (a tenth of the size on logs of many items).
   */
  readonly gzip?: (data: Uint8Array) => Uint8Array;
}

/** Bytes in base64 (btoa is in browsers and in Node). */
function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function checkCount(name: string, v: unknown, least: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < least) throw new RangeError(`${name} must be an integer of at least ${least}; got ${describeValue(v)}`);
  return v;
}

// Made when the first page is written, so that bundles which never write one leave the writers out.
let made: ReturnType<typeof pageKit> | undefined;
const writers = (): ReturnType<typeof pageKit> => (made ??= pageKit(serverShow, chartKit(serverShow)));

/** The date-range picker: the days to show, and the days to compare them with (filled in by the page's script). */
function picker(days: { readonly d: string[] }): string {
  const options = days.d.map((d, i) => `<option value="${i}" data-n="${d}" data-u="D">${esc(serverShow(d, 'D', 'en-US'))}</option>`).join('');
  const select = (id: string, words: string) => `<label class="pick"><span>${words}</span><select id="${id}">${options}</select></label>`;
  return (
    `<form class="picker" aria-label="Days shown" onsubmit="return false" hidden>${select('dr-from', 'From')}${select('dr-to', 'to')}` +
    '<label class="pick cmp-on"><input type="checkbox" id="dr-cmp"><span>Compare with</span></label>' +
    `<span class="cmp-range" hidden>${select('dr-bfrom', 'from')}${select('dr-bto', 'to')}</span>` +
    '<button type="button" id="dr-all" disabled>All days</button></form><p class="dr-note" id="dr-note" aria-live="polite"></p>'
  );
}

/** The line an approximate report's page carries under its title: which numbers are estimates, and how good. */
function approximateLine(report: PanelReport): string {
  const a = report.approximate;
  if (a === undefined) return '';
  const percent = (a.standardError * 100).toFixed(2);
  return (
    `<p class="approx" id="approximate"><strong>Approximate report.</strong> Visitors and the counts of distinct items are HyperLogLog estimates (standard error ${percent}% for the totals); ` +
    `the tables of ${esc(a.sketched.join(', '))} list the items ${a.counters} Space-Saving counters per table kept, whose hits may exceed the true count by at most the least count kept (each row's bound is \`hitsError\` in the JSON). ` +
    'Requests, valid and failed lines, bytes, and the hits of days, hours, status classes, systems and browsers are exact.</p>'
  );
}

function header(report: PanelReport, source: string | undefined, range: { readonly d: string[] } | undefined): string {
  const days = (report.visitors ?? []).map((r) => r.key).filter((k) => /^\d{4}-\d{2}-\d{2}$/.test(k)).sort();
  const general = report.general;
  return (
    `<header class="top"><div class="wrap"><div class="head"><div><p class="kicker">${report.approximate === undefined ? 'Access log report' : 'Approximate access log report'}</p><h1>${esc(source ?? 'Access log')}</h1>${writers().rangeLine(days)}${approximateLine(report)}</div>` +
    `<div class="range-slot" id="date-range">${range === undefined ? '' : picker(range)}</div></div>` +
    `${general === undefined ? '' : writers().cards(general)}</div></header>`
  );
}

/** The panels of a report as one self-contained HTML page (numbers exactly as in the report's JSON). */
export function panelHtml(report: PanelReport, options: HtmlOptions = {}): string {
  if (typeof report !== 'object' || report === null) throw new TypeError(`panelHtml takes a panel report; got ${describeValue(report)}`);
  if (typeof options === 'object' && options !== null && options.days !== undefined && !(options.days instanceof Map)) {
    throw new TypeError(`days must be a Map from YYYY-MM-DD to panel statistics; got ${describeValue(options.days)}`);
  }
  return pageHtml(report, options, options?.days === undefined ? undefined : dayData(options.days));
}

/** The days' partials gzip'd already (the JSON text of a `DayData`) and in base64, with their list of days. @internal */
export interface ZippedDays {
  readonly d: string[];
  readonly gz64: string;
}

/**
 * `panelHtml` with the days' partials made already (`DaySums.data`), in place of `options.days`; `wholes`: for the
 * panels whose rows in `report` are only the first, the whole lists' counts and sums (`DaySums.report`). @internal
 */
export function pageHtml(report: PanelReport, options: Omit<HtmlOptions, 'days'>, dayParts: DayData | ZippedDays | undefined, wholes: Partial<Record<ListName, RowSummary>> = {}): string {
  if (typeof options !== 'object' || options === null) throw new TypeError(`panelHtml options must be an object; got ${describeValue(options)}`);
  const { source, graphSvg } = options;
  if (source !== undefined && typeof source !== 'string') throw new TypeError(`source must be a string; got ${describeValue(source)}`);
  if (graphSvg !== undefined && typeof graphSvg !== 'string') throw new TypeError(`graphSvg must be a string; got ${describeValue(graphSvg)}`);
  const title = options.title ?? (source === undefined ? 'Access log report' : `${source} · access log report`);
  if (typeof title !== 'string') throw new TypeError(`title must be a string; got ${describeValue(title)}`);
  const maxRows = checkCount('maxRows', options.maxRows ?? 1000, 1);
  const pageRows = checkCount('pageRows', options.pageRows ?? 10, 1);
  // A page of one day has no range to pick.
  const days = dayParts;
  const picked = days !== undefined && days.d.length > 1 ? days : undefined;
  const sections: string[] = [];
  const links: string[] = [];
  const data: Record<string, PanelData> = {};
  const { PANEL_TEXT } = writers();
  for (const name of Object.keys(PANEL_TEXT) as ListName[]) {
    const rows = report[name];
    if (rows === undefined) continue;
    if (!Array.isArray(rows)) throw new TypeError(`the report's ${name} panel must be a list of rows; got ${describeValue(rows)}`);
    sections.push(writers().panel(name, rows, report.general, maxRows, pageRows, data, wholes[name]));
    links.push(`<li><a href="#p-${name}">${PANEL_TEXT[name][0]}</a></li>`);
  }
  if (graphSvg !== undefined) {
    // At its own size in a box that scrolls (scaled to the panel's width, a graph of 20 referrers cannot be read).
    const name = 'Graph of the top referrers and the pages they lead to; the Referrer URLs and Requested files tables list the same hits';
    const svg = graphSvg.replace(/^<\?xml[^>]*>\s*(<!DOCTYPE[^>]*>\s*)?/, '').replace(/<svg\b/, `<svg role="img" aria-label="${name}"`);
    sections.push(
      '<section class="panel wide" id="graph" aria-labelledby="h-graph"><h2 id="h-graph">Referrers and the pages they lead to</h2>' +
        '<p class="sub">The top referrers and each one\'s most visited pages, drawn by Graphviz; edges are labelled with hits.</p>' +
        `<div class="graph" tabindex="0" role="region" aria-label="Referrer graph (scrolls)">${svg}</div></section>`,
    );
    links.push('<li><a href="#graph">Referrer graph</a></li>');
  }
  const gzip = options.gzip;
  if (gzip !== undefined && typeof gzip !== 'function') throw new TypeError(`gzip must be a function from bytes to gzip'd bytes; got ${describeValue(gzip)}`);
  // Gzip'd, the partials go in a script element of their own (base64); the page's data keeps only the list of days.
  let packed = '';
  if (picked !== undefined && 'gz64' in picked) packed = `<script type="application/octet-stream" id="logparse-days">${picked.gz64}</script>`;
  else if (picked !== undefined && gzip !== undefined) {
    const zipped = gzip(new TextEncoder().encode(JSON.stringify(picked)));
    if (!(zipped instanceof Uint8Array)) throw new TypeError(`gzip must return a Uint8Array; got ${describeValue(zipped)}`);
    packed = `<script type="application/octet-stream" id="logparse-days">${base64(zipped)}</script>`;
  }
  const days0 = picked === undefined ? {} : { days: packed === '' ? picked : { d: picked.d } };
  const json = JSON.stringify({ panels: data, rows: [maxRows, pageRows], ...days0 }).replace(/</g, '\\u003c');
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${esc(title)}</title><style>${style()}</style></head>` +
    `<body><a class="skip" href="#panels">Skip to the panels</a>${header(report, source, picked)}` +
    `<div class="wrap">${links.length > 0 ? `<nav class="toc" aria-label="Panels"><ul>${links.join('')}</ul></nav>` : ''}` +
    '<noscript><p>The tables are written by the page\'s script; <code>logparse --report all --json</code> prints the same figures.</p></noscript>' +
    `</div><main id="panels" class="wrap">${sections.join('\n')}</main>` +
    '<footer class="wrap"><p>Made by @puzzles/logparse. Hits are requests; visitors are distinct IP, day and user agent (as GoAccess counts them); bytes are the response bytes sent. Shares are of all valid requests, all visitors and all bytes sent. Click a column heading to sort.</p></footer>' +
    `<script type="application/json" id="logparse-data">${json}</script>${packed}<script>${script(picked !== undefined)}</script></body></html>\n`
  );
}
