// The panels as one self-contained HTML page: no network, no external script or font. A header with the log's name,
// its date range and a card per total; a panel per list with an inline SVG chart and a sortable table shown a page
// at a time (its rows are in the page as JSON, written out by the page's script); light and dark colours, a print
// style, keyboard use and screen readers looked after.
import { describeValue } from './errors.js';
import { barChart, columnChart, esc } from './htmlchart.js';
import { script, style } from './htmlassets.js';
import { showValue } from './htmlformat.js';
import type { GeneralPanel, PanelReport, PanelRow } from './panels.js';

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
}

type ListName = Exclude<keyof PanelReport, 'general'>;

/** Each panel's heading, what its first column holds, and what its items are called. */
const PANEL_TEXT: Record<ListName, readonly [title: string, column: string, noun: string, one: string]> = {
  visitors: ['Visitors per day', 'Day', 'days', 'day'],
  requests: ['Requested files', 'Request', 'requests', 'request'],
  static: ['Static files', 'File', 'static files', 'static file'],
  notFound: ['Not found (404)', 'Request', 'URLs not found', 'URL not found'],
  hosts: ['Visitor hosts', 'Host', 'hosts', 'host'],
  os: ['Operating systems', 'Operating system', 'systems', 'system'],
  browsers: ['Browsers', 'Browser', 'browsers', 'browser'],
  hours: ['Time of day', 'Hour', 'hours', 'hour'],
  referringSites: ['Referring sites', 'Site', 'sites', 'site'],
  referrerUrls: ['Referrer URLs', 'Referrer', 'referrers', 'referrer'],
  status: ['HTTP status codes', 'Status', 'classes', 'class'],
};

/** The general panel's figures in words, in the order of the header's cards; `b` marks bytes. */
const CARDS: ReadonlyArray<readonly [keyof GeneralPanel, string, 'n' | 'b']> = [
  ['requests', 'Total requests', 'n'],
  ['valid', 'Valid requests', 'n'],
  ['failed', 'Failed requests', 'n'],
  ['visitors', 'Unique visitors', 'n'],
  ['files', 'Requested files', 'n'],
  ['staticFiles', 'Static files', 'n'],
  ['notFound', 'Not found', 'n'],
  ['referrers', 'Referrers', 'n'],
  ['logSize', 'Log size', 'b'],
  ['bytes', 'Bytes sent', 'b'],
];

const ORDERED: ReadonlySet<string> = new Set(['visitors', 'hours', 'status']);

/** A value written in 'en-US' with what the page's script needs to write it again in the reader's locale. */
function value(v: number, unit: 'n' | 'b' | 'p'): string {
  const exact = unit === 'b' ? ` title="${showValue(String(v), 'n', 'en-US')} ${v === 1 ? 'byte' : 'bytes'}"` : '';
  return `<data value="${v}" data-n="${v}" data-u="${unit}"${exact}>${showValue(String(v), unit, 'en-US')}</data>`;
}

function checkCount(name: string, v: unknown, least: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < least) throw new RangeError(`${name} must be an integer of at least ${least}; got ${describeValue(v)}`);
  return v;
}

function header(report: PanelReport, source: string | undefined): string {
  const days = (report.visitors ?? []).map((r) => r.key).filter((k) => /^\d{4}-\d{2}-\d{2}$/.test(k)).sort();
  const first = days[0];
  const last = days[days.length - 1];
  const date = (d: string) => `<time datetime="${d}" data-n="${d}" data-u="D">${esc(showValue(d, 'D', 'en-US'))}</time>`;
  const range =
    first === undefined || last === undefined
      ? ''
      : `<p class="range">${first === last ? date(first) : `${date(first)} – ${date(last)}`} · ${days.length} ${days.length === 1 ? 'day' : 'days'}</p>`;
  const general = report.general;
  const cards =
    general === undefined
      ? ''
      : `<dl class="cards">${CARDS.map(([k, words, unit]) => `<div class="card" data-k="${k}"><dt>${words}</dt><dd>${value(general[k], unit)}</dd></div>`).join('')}</dl>`;
  return (
    `<header class="top"><div class="wrap"><div class="head"><div><p class="kicker">Access log report</p><h1>${esc(source ?? 'Access log')}</h1>${range}</div>` +
    '<div class="range-slot" id="date-range" data-reserved="date-range picker"><!-- Reserved: a date-range picker for the report goes in this element, beside the log\'s date range. --></div></div>' +
    `${cards}</div></header>`
  );
}

interface PanelData {
  rows: Array<[string, number, number, number]>;
  page: number;
  t: [number, number | null, number];
}

function panel(name: ListName, rows: readonly PanelRow[], general: GeneralPanel | undefined, maxRows: number, pageRows: number, data: Record<string, PanelData>): string {
  const [title, column, noun, one] = PANEL_TEXT[name];
  const kept = rows.slice(0, maxRows);
  const rest = rows.slice(maxRows);
  const sum = (list: readonly PanelRow[], k: 'hits' | 'bytes') => list.reduce((s, r) => s + r[k], 0);
  const totals: [number, number | null, number] = general !== undefined ? [general.valid, general.visitors, general.bytes] : [sum(rows, 'hits'), null, sum(rows, 'bytes')];
  data[name] = { rows: kept.map((r) => [r.key, r.hits, r.visitors, r.bytes]), page: pageRows, t: totals };
  const id = `c-${name}`;
  const chartRows = ORDERED.has(name) ? rows : rows.slice(0, 10);
  const chart = rows.length === 0 ? '' : name === 'visitors' ? columnChart(id, title, chartRows, 'd') : name === 'hours' ? columnChart(id, title, chartRows, 'h') : barChart(id, title, chartRows);
  const charted = ORDERED.has(name) ? '' : rows.length > 10 ? ' · the top 10 in the chart' : '';
  const sorted = ORDERED.has(name) ? 0 : 1;
  const th = (text: string, k: number) => `<th scope="col"${k === sorted ? ` aria-sort="${k === 0 ? 'ascending' : 'descending'}"` : ''}><button type="button">${text}</button></th>`;
  // The least, the mean and the most of each column over all the panel's items, as GoAccess shows them.
  const spread =
    rows.length < 2
      ? ''
      : (['min', 'avg', 'max'] as const)
          .map((how) => {
            // A loop, not Math.min(...values): a panel can hold hundreds of thousands of items.
            const of = (k: 'hits' | 'visitors' | 'bytes') => {
              let least = Infinity;
              let most = -Infinity;
              let total = 0;
              for (const r of rows) {
                least = Math.min(least, r[k]);
                most = Math.max(most, r[k]);
                total += r[k];
              }
              return how === 'min' ? least : how === 'max' ? most : Math.round(total / rows.length);
            };
            const words = how === 'min' ? 'Least' : how === 'max' ? 'Most' : 'Average';
            return `<tr class="agg"><th scope="row">${words} per ${one}</th><td>${value(of('hits'), 'n')}</td><td>${value(of('visitors'), 'n')}</td><td>${value(of('bytes'), 'b')}</td></tr>`;
          })
          .join('');
  const more =
    rest.length === 0
      ? ''
      : `<tr><td colspan="4" class="rest">and ${value(rest.length, 'n')} more ${rest.length === 1 ? one : noun} not in this page: ${value(sum(rest, 'hits'), 'n')} hits, ${value(sum(rest, 'bytes'), 'b')} (<code>--report ${name} --json</code> lists them all)</td></tr>`;
  const foot = spread === '' && more === '' ? '' : `<tfoot>${spread}${more}</tfoot>`;
  return (
    `<section class="panel" id="p-${name}" aria-labelledby="h-${name}"><h2 id="h-${name}">${title}</h2>` +
    `<p class="sub">${value(rows.length, 'n')} ${rows.length === 1 ? one : noun}${charted}</p>${chart}` +
    `<table data-panel="${name}"><caption class="sr">${title}: hits, visitors and bytes of each ${one}, with their shares of the totals</caption>` +
    '<colgroup><col><col class="c-h"><col class="c-v"><col class="c-b"></colgroup>' +
    `<thead><tr>${th(column, 0)}${th('Hits', 1)}${th('Visitors', 2)}${th('Bytes', 3)}</tr></thead><tbody></tbody>${foot}</table>` +
    '<div class="pager"><p aria-live="polite"></p><button type="button" class="more" hidden></button><button type="button" class="all" hidden></button></div></section>'
  );
}

/** The panels of a report as one self-contained HTML page (numbers exactly as in the report's JSON). */
export function panelHtml(report: PanelReport, options: HtmlOptions = {}): string {
  if (typeof report !== 'object' || report === null) throw new TypeError(`panelHtml takes a panel report; got ${describeValue(report)}`);
  if (typeof options !== 'object' || options === null) throw new TypeError(`panelHtml options must be an object; got ${describeValue(options)}`);
  const { source, graphSvg } = options;
  if (source !== undefined && typeof source !== 'string') throw new TypeError(`source must be a string; got ${describeValue(source)}`);
  if (graphSvg !== undefined && typeof graphSvg !== 'string') throw new TypeError(`graphSvg must be a string; got ${describeValue(graphSvg)}`);
  const title = options.title ?? (source === undefined ? 'Access log report' : `${source} · access log report`);
  if (typeof title !== 'string') throw new TypeError(`title must be a string; got ${describeValue(title)}`);
  const maxRows = checkCount('maxRows', options.maxRows ?? 1000, 1);
  const pageRows = checkCount('pageRows', options.pageRows ?? 10, 1);
  const sections: string[] = [];
  const links: string[] = [];
  const data: Record<string, PanelData> = {};
  for (const name of Object.keys(PANEL_TEXT) as ListName[]) {
    const rows = report[name];
    if (rows === undefined) continue;
    if (!Array.isArray(rows)) throw new TypeError(`the report's ${name} panel must be a list of rows; got ${describeValue(rows)}`);
    sections.push(panel(name, rows, report.general, maxRows, pageRows, data));
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
  const json = JSON.stringify({ panels: data }).replace(/</g, '\\u003c');
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${esc(title)}</title><style>${style()}</style></head>` +
    `<body><a class="skip" href="#panels">Skip to the panels</a>${header(report, source)}` +
    `<div class="wrap">${links.length > 0 ? `<nav class="toc" aria-label="Panels"><ul>${links.join('')}</ul></nav>` : ''}` +
    '<noscript><p>The tables are written by the page\'s script; <code>logparse --report all --json</code> prints the same figures.</p></noscript>' +
    `</div><main id="panels" class="wrap">${sections.join('\n')}</main>` +
    '<footer class="wrap"><p>Made by @puzzles/logparse. Hits are requests; visitors are distinct IP, day and user agent (as GoAccess counts them); bytes are the response bytes sent. Shares are of all valid requests, all visitors and all bytes sent. Click a column heading to sort.</p></footer>' +
    `<script type="application/json" id="logparse-data">${json}</script><script>${script()}</script></body></html>\n`
  );
}
