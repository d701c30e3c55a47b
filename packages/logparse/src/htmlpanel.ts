// The parts of the HTML report that a date range picked in the page writes again: the header's date line and cards,
// and each panel's section (its chart, table head and foot, and the rows its script writes). Self-contained (they
// use nothing from outside but `show` and the charts), so that the page's script gets this function's source text and
// writes a range with the very code that wrote the whole log here.
import type { chartKit } from './htmlchart.js';
import type { GeneralPanel, PanelReport, PanelRow } from './panels.js';

/** A list panel's name. @internal */
export type ListName = Exclude<keyof PanelReport, 'general' | 'approximate'>;

/** What the page's script gets of each table: its rows, rows per page, and the totals shares are of. @internal */
export interface PanelData {
  rows: Array<[string, number, number, number]>;
  page: number;
  t: [number, number | null, number];
}

/** A whole list's count, and the least, most and sum of its hits, visitors and bytes. @internal */
export interface RowSummary {
  n: number;
  hits: [least: number, most: number, sum: number];
  visitors: [least: number, most: number, sum: number];
  bytes: [least: number, most: number, sum: number];
}

/** The writers of the report's header and panels. @internal */
export function pageKit(show: (raw: string, unit: string, locale: string | undefined) => string, charts: ReturnType<typeof chartKit>) {
  const { esc, barChart, columnChart } = charts;
  const showValue = show;
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

  /** The header's line of the days covered: `May 17, 2015 – May 20, 2015 · 4 days`; empty without days. */
  function rangeLine(days: readonly string[]): string {
    const first = days[0];
    const last = days[days.length - 1];
    const date = (d: string) => `<time datetime="${d}" data-n="${d}" data-u="D">${esc(showValue(d, 'D', 'en-US'))}</time>`;
    return first === undefined || last === undefined
      ? ''
      : `<p class="range">${first === last ? date(first) : `${date(first)} – ${date(last)}`} · ${days.length} ${days.length === 1 ? 'day' : 'days'}</p>`;
  }

  /** The header's cards: one per figure of the general panel. */
  function cards(general: GeneralPanel): string {
    return `<dl class="cards">${CARDS.map(([k, words, unit]) => `<div class="card" data-k="${k}"><dt>${words}</dt><dd>${value(general[k], unit)}</dd></div>`).join('')}</dl>`;
  }

  /**
   * A list panel's section; its table's rows go in `data` for the page's script. `whole`: the count and the least,
   * most and sum of each column of the whole list, when `rows` holds only its first rows (in order).
   */
  function panel(name: ListName, rows: readonly PanelRow[], general: GeneralPanel | undefined, maxRows: number, pageRows: number, data: Record<string, PanelData>, whole?: RowSummary): string {
    const [title, column, noun, one] = PANEL_TEXT[name];
    const kept = rows.slice(0, maxRows);
    const sum = (list: readonly PanelRow[], k: 'hits' | 'bytes') => list.reduce((s, r) => s + r[k], 0);
    let all = whole;
    if (all === undefined) {
      // A loop, not Math.min(...values): a panel can hold hundreds of thousands of items.
      const of = (k: 'hits' | 'visitors' | 'bytes'): [number, number, number] => {
        let least = Infinity;
        let most = -Infinity;
        let total = 0;
        for (const r of rows) {
          least = Math.min(least, r[k]);
          most = Math.max(most, r[k]);
          total += r[k];
        }
        return [least, most, total];
      };
      all = { n: rows.length, hits: of('hits'), visitors: of('visitors'), bytes: of('bytes') };
    }
    const count = all.n;
    const totals: [number, number | null, number] = general !== undefined ? [general.valid, general.visitors, general.bytes] : [all.hits[2], null, all.bytes[2]];
    data[name] = { rows: kept.map((r) => [r.key, r.hits, r.visitors, r.bytes]), page: pageRows, t: totals };
    const id = `c-${name}`;
    const chartRows = ORDERED.has(name) ? rows : rows.slice(0, 10);
    const chart = count === 0 ? '' : name === 'visitors' ? columnChart(id, title, chartRows, 'd') : name === 'hours' ? columnChart(id, title, chartRows, 'h') : barChart(id, title, chartRows);
    const charted = ORDERED.has(name) ? '' : count > 10 ? ' · the top 10 in the chart' : '';
    const sorted = ORDERED.has(name) ? 0 : 1;
    const th = (text: string, k: number) => `<th scope="col"${k === sorted ? ` aria-sort="${k === 0 ? 'ascending' : 'descending'}"` : ''}><button type="button">${text}</button></th>`;
    // The least, the mean and the most of each column over all the panel's items, as GoAccess shows them.
    const spread =
      count < 2
        ? ''
        : (['min', 'avg', 'max'] as const)
            .map((how) => {
              const of = (k: 'hits' | 'visitors' | 'bytes') => (how === 'min' ? all[k][0] : how === 'max' ? all[k][1] : Math.round(all[k][2] / count));
              const words = how === 'min' ? 'Least' : how === 'max' ? 'Most' : 'Average';
              return `<tr class="agg"><th scope="row">${words} per ${one}</th><td>${value(of('hits'), 'n')}</td><td>${value(of('visitors'), 'n')}</td><td>${value(of('bytes'), 'b')}</td></tr>`;
            })
            .join('');
    const rest = count - kept.length;
    const more =
      rest === 0
        ? ''
        : `<tr><td colspan="4" class="rest">and ${value(rest, 'n')} more ${rest === 1 ? one : noun} not in this page: ${value(all.hits[2] - sum(kept, 'hits'), 'n')} hits, ${value(all.bytes[2] - sum(kept, 'bytes'), 'b')} (<code>--report ${name} --json</code> lists them all)</td></tr>`;
    const foot = spread === '' && more === '' ? '' : `<tfoot>${spread}${more}</tfoot>`;
    return (
      `<section class="panel" id="p-${name}" aria-labelledby="h-${name}"><h2 id="h-${name}">${title}</h2>` +
      `<p class="sub">${value(count, 'n')} ${count === 1 ? one : noun}${charted}</p>${chart}` +
      `<table data-panel="${name}"><caption class="sr">${title}: hits, visitors and bytes of each ${one}, with their shares of the totals</caption>` +
      '<colgroup><col><col class="c-h"><col class="c-v"><col class="c-b"></colgroup>' +
      `<thead><tr>${th(column, 0)}${th('Hits', 1)}${th('Visitors', 2)}${th('Bytes', 3)}</tr></thead><tbody></tbody>${foot}</table>` +
      '<div class="pager"><p aria-live="polite"></p><button type="button" class="more" hidden></button><button type="button" class="all" hidden></button></div></section>'
    );
  }
  return { PANEL_TEXT, value, rangeLine, cards, panel };
}
