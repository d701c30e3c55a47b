// The panels as one self-contained HTML page: no network, no external script or font; charts as inline SVG, tables
// sortable by a few lines of inline script.
import { describeValue } from './errors.js';
import type { PanelReport, PanelRow } from './panels.js';

/** Options of `panelHtml`. */
export interface HtmlOptions {
  /** The page title (default `Access log report`). */
  readonly title?: string;
  /** An SVG drawing to include as it is (the referrer → request graph from `renderSvg`). */
  readonly graphSvg?: string;
}

const TITLES: Record<string, string> = {
  visitors: 'Unique visitors per day',
  requests: 'Requested files',
  static: 'Static requests',
  notFound: 'Not found URLs (404)',
  hosts: 'Visitor hostnames and IPs',
  os: 'Operating systems',
  browsers: 'Browsers',
  hours: 'Time distribution (hour)',
  referringSites: 'Referring sites',
  referrerUrls: 'Referrer URLs',
  status: 'HTTP status codes',
};

const CHARTED = new Set(['visitors', 'hours', 'status', 'os', 'browsers']);

/** Escapes text for HTML element content and attribute values. */
function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A bar chart of hits (and visitors) as inline SVG. */
function chart(rows: readonly PanelRow[]): string {
  const shown = rows.slice(0, 40);
  const max = Math.max(1, ...shown.map((r) => r.hits));
  const w = 24;
  const h = 160;
  const width = Math.max(200, shown.length * w + 80);
  const bars = shown
    .map((r, i) => {
      const bh = Math.round((r.hits / max) * h);
      const vh = Math.round((r.visitors / max) * h);
      const x = 60 + i * w;
      return `<rect x="${x}" y="${10 + h - bh}" width="${w - 8}" height="${bh}" fill="#4a90d9"><title>${esc(r.key)}: ${r.hits} hits</title></rect>` +
        `<rect x="${x + 4}" y="${10 + h - vh}" width="${w - 16}" height="${vh}" fill="#f5a623"><title>${esc(r.key)}: ${r.visitors} visitors</title></rect>` +
        `<text x="${x + (w - 8) / 2}" y="${h + 24}" font-size="9" text-anchor="end" transform="rotate(-45 ${x + (w - 8) / 2} ${h + 24})">${esc(r.key.slice(0, 12))}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h + 60}" role="img">${bars}</svg>`;
}

function table(name: string, rows: readonly PanelRow[]): string {
  const body = rows
    .map((r) => `<tr><td>${r.hits}</td><td>${r.visitors}</td><td>${r.bytes}</td><td class="k">${esc(r.key)}</td></tr>`)
    .join('');
  return `<table data-panel="${name}"><thead><tr><th data-n>Hits</th><th data-n>Visitors</th><th data-n>Bytes</th><th>${name === 'visitors' ? 'Day' : 'Item'}</th></tr></thead><tbody>${body}</tbody></table>`;
}

const SCRIPT = `document.querySelectorAll('th').forEach(function(th){th.addEventListener('click',function(){var t=th.closest('table'),b=t.tBodies[0],i=th.cellIndex,n=th.hasAttribute('data-n'),d=th.dataset.d==='1'?-1:1;th.dataset.d=d===1?'1':'0';Array.from(b.rows).sort(function(x,y){var a=x.cells[i].textContent,c=y.cells[i].textContent;return d*(n?(+a)-(+c):a<c?-1:a>c?1:0)}).forEach(function(r){b.appendChild(r)})})});`;

const STYLE = `body{font:14px system-ui,sans-serif;margin:2em;color:#222}h1{font-size:1.6em}h2{font-size:1.2em;margin-top:2em}table{border-collapse:collapse;margin:.5em 0}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:right}td.k,th:last-child{text-align:left;max-width:60em;overflow-wrap:anywhere}th{cursor:pointer;background:#f3f3f3}dl{display:grid;grid-template-columns:max-content max-content;gap:2px 16px}dd{margin:0;text-align:right}`;

/** The panels of a report as one self-contained HTML page (numbers exactly as in the report's JSON). */
export function panelHtml(report: PanelReport, options: HtmlOptions = {}): string {
  if (typeof report !== 'object' || report === null) throw new TypeError(`panelHtml takes a panel report; got ${describeValue(report)}`);
  const title = options.title ?? 'Access log report';
  if (typeof title !== 'string') throw new TypeError(`title must be a string; got ${describeValue(title)}`);
  const parts: string[] = [];
  if (report.general !== undefined) {
    const items = Object.entries(report.general).map(([k, v]) => `<dt>${k}</dt><dd data-general="${k}">${v}</dd>`).join('');
    parts.push(`<section id="general"><h2>General statistics</h2><dl>${items}</dl></section>`);
  }
  for (const [name, rows] of Object.entries(report)) {
    if (name === 'general' || !Array.isArray(rows)) continue;
    parts.push(`<section id="${name}"><h2>${TITLES[name] ?? name}</h2>${CHARTED.has(name) && rows.length > 0 ? chart(rows) : ''}${table(name, rows)}</section>`);
  }
  if (options.graphSvg !== undefined) parts.push(`<section id="graph"><h2>Referrer → request graph</h2>${options.graphSvg.replace(/^<\?xml[^>]*>\s*(<!DOCTYPE[^>]*>\s*)?/, '')}</section>`);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head><body><h1>${esc(title)}</h1>${parts.join('\n')}<script>${SCRIPT}</script></body></html>\n`;
}
