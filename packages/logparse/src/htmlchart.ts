// The HTML report's charts: inline SVG with axes, ticks and gridlines, hits and visitors side by side. Positions
// along the value axis are percentages of the plot's width, so a chart fills its panel at any width (a phone or a
// wide screen) while its text keeps its size; values are written as `data-n` so the page's script can write them
// again in the reader's locale.
import { serverShow } from './htmlformat.js';
import type { PanelRow } from './panels.js';

/** How the charts write a value (`showValue`). */
type Show = (raw: string, unit: string, locale: string | undefined) => string;

/**
 * The chart makers, self-contained (they use nothing from outside but `show`): the page's script gets this function's
 * source text, so that a date range picked in the page draws its charts with the very code that drew them here.
 * @internal
 */
export function chartKit(show: Show) {
  /** Escapes text for HTML and SVG element content and attribute values. @internal */
  function esc(text: string): string {
    return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  }

  /** A text cut in the middle to at most `max` characters (`/blog/a-long…/page.html`). @internal */
  function cutMiddle(text: string, max: number): string {
    if (text.length <= max) return text;
    const tail = Math.floor((max - 1) / 3);
    return `${text.slice(0, max - 1 - tail)}…${text.slice(text.length - tail)}`;
  }

  /** Round tick steps (1, 2 or 5 times a power of ten) for values up to `max`: at most about `count` ticks. */
  function ticks(max: number, count: number): number[] {
    if (max <= 0) return [0, 1];
    const rough = max / count;
    const power = 10 ** Math.floor(Math.log10(rough));
    const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
    const top = Math.max(step, Math.ceil(max / step) * step);
    const out: number[] = [];
    for (let v = 0; v <= top + step / 2; v += step) out.push(Math.round(v * 1e6) / 1e6);
    return out;
  }

  const pct = (v: number) => `${+(v * 100).toFixed(3)}%`;
  const n = (value: number, unit: string) => `data-n="${value}" data-u="${unit}"`;

  /** A number written for the page in 'en-US', with `data-n`/`data-u` so that the script can localise it. */
  function num(value: number, unit: string, after = ''): string {
    return `${show(String(value), unit, 'en-US')}${after}`;
  }

  /** The legend of the two series, shared by both kinds of chart. */
  function legend(): string {
    return '<ul class="legend"><li><span class="sw sw-h"></span>Hits</li><li><span class="sw sw-v"></span>Visitors</li></ul>';
  }

  /** The accessible name of a chart: what it shows and where its numbers are in words. */
  function label(id: string, title: string, rows: readonly PanelRow[], keyUnit: string): string {
    const top = rows.reduce<PanelRow | undefined>((best, r) => (best === undefined || r.hits > best.hits ? r : best), undefined);
    const most = top === undefined ? 'no hits' : `most hits: ${num(top.hits, 'n')} for ${keyUnit === 'd' ? top.key : cutMiddle(top.key, 60)}`;
    return `<title id="${id}-t">${esc(title)}</title><desc id="${id}-d">${esc(`Bar chart of hits and visitors, ${rows.length} ${rows.length === 1 ? 'bar pair' : 'bar pairs'}; ${most}. The table below lists every figure.`)}</desc>`;
  }

  /**
   * Columns along a time axis (days or hours): hits and visitors per item, a value axis with round ticks and gridlines
   * on the left, the items along the bottom (every k-th labelled so that labels never collide on a phone).
   * @internal
   */
  function columnChart(id: string, title: string, rows: readonly PanelRow[], keyUnit: 'd' | 'h'): string {
    const height = 170;
    const top = 10;
    const marks = ticks(rows.reduce((m, r) => Math.max(m, r.hits), 0), 4);
    const max = marks[marks.length - 1]!;
    const y = (v: number) => top + height - (v / max) * height;
    const count = Math.max(1, rows.length);
    const every = Math.ceil(count / 12);
    const parts: string[] = [];
    for (const m of marks) {
      const at = y(m).toFixed(1);
      parts.push(`<line class="grid" x1="0" x2="100%" y1="${at}" y2="${at}"/><text class="tick" x="-6" y="${at}" dy="0.32em" text-anchor="end" ${n(m, 'c')}>${num(m, 'c')}</text>`);
    }
    rows.forEach((r, i) => {
      const slot = 1 / count;
      const x = i * slot;
      const bar = (value: number, at: number, cls: string, what: string) => {
        const h = (value / max) * height;
        return `<rect class="${cls}" x="${pct(x + at * slot)}" y="${(top + height - h).toFixed(1)}" width="${pct(slot * 0.36)}" height="${h.toFixed(1)}"><title ${n(value, 'n')} data-a=" ${what} · ${esc(r.key)}">${num(value, 'n')} ${what} · ${esc(r.key)}</title></rect>`;
      };
      parts.push(bar(r.hits, 0.12, 'bh', 'hits'), bar(r.visitors, 0.52, 'bv', 'visitors'));
      if (i % every === 0) {
        const text = keyUnit === 'd' ? `<text class="tick" x="${pct(x + slot / 2)}" y="${top + height + 16}" text-anchor="middle" data-n="${esc(r.key)}" data-u="d">${esc(show(r.key, 'd', 'en-US'))}</text>` : `<text class="tick" x="${pct(x + slot / 2)}" y="${top + height + 16}" text-anchor="middle">${esc(r.key)}</text>`;
        parts.push(`<line class="axis" x1="${pct(x + slot / 2)}" x2="${pct(x + slot / 2)}" y1="${top + height}" y2="${top + height + 4}"/>`, text);
      }
    });
    parts.push(`<line class="axis" x1="0" x2="100%" y1="${top + height}" y2="${top + height}"/><line class="axis" x1="0" x2="0" y1="${top}" y2="${top + height}"/>`);
    const axis = keyUnit === 'd' ? 'Day' : 'Hour of the day';
    parts.push(`<text class="axis-name" x="100%" y="${top + height + 34}" text-anchor="end">${axis}</text>`);
    return `<figure class="chart">${legend()}<div class="plot plot-v"><svg role="img" aria-labelledby="${id}-t ${id}-d" width="100%" height="${top + height + 40}" class="cols">${label(id, title, rows, keyUnit)}${parts.join('')}</svg></div></figure>`;
  }

  /**
   * Bars for the top items of a list (requests, hosts, referrers…): each item's name above its hits and visitors bars,
   * a value axis with round ticks and gridlines along the bottom. @internal
   */
  function barChart(id: string, title: string, rows: readonly PanelRow[]): string {
    const step = 36;
    const marks = ticks(rows.reduce((m, r) => Math.max(m, r.hits), 0), 4);
    const max = marks[marks.length - 1]!;
    const height = rows.length * step;
    const parts: string[] = [];
    marks.forEach((m, k) => {
      const x = pct(m / max);
      const anchor = k === 0 ? 'start' : k === marks.length - 1 ? 'end' : 'middle';
      parts.push(`<line class="grid" x1="${x}" x2="${x}" y1="0" y2="${height}"/><line class="axis" x1="${x}" x2="${x}" y1="${height}" y2="${height + 4}"/><text class="tick" x="${x}" y="${height + 17}" text-anchor="${anchor}" ${n(m, 'c')}>${num(m, 'c')}</text>`);
    });
    rows.forEach((r, i) => {
      const y0 = i * step;
      // The name cut to fit a wide panel, and shorter for a phone (the style shows one of the two).
      const short = cutMiddle(r.key, 40);
      parts.push(
        short === r.key
          ? `<text class="item" x="4" y="${y0 + 12}">${esc(r.key)}</text>`
          : `<text class="item l" x="4" y="${y0 + 12}">${esc(cutMiddle(r.key, 76))}</text><text class="item s" x="4" y="${y0 + 12}">${esc(short)}</text>`,
      );
      const bar = (value: number, dy: number, cls: string, what: string) =>
        `<rect class="${cls}" x="0" y="${y0 + dy}" width="${pct(value / max)}" height="7"><title ${n(value, 'n')} data-a=" ${what} · ${esc(r.key)}">${num(value, 'n')} ${what} · ${esc(r.key)}</title></rect>`;
      parts.push(bar(r.hits, 17, 'bh', 'hits'), bar(r.visitors, 25, 'bv', 'visitors'));
    });
    parts.push(`<line class="axis" x1="0" x2="100%" y1="${height}" y2="${height}"/><line class="axis" x1="0" x2="0" y1="0" y2="${height}"/>`);
    parts.push(`<text class="axis-name" x="100%" y="${height + 34}" text-anchor="end">Hits and visitors</text>`);
    return `<figure class="chart">${legend()}<div class="plot plot-h"><svg role="img" aria-labelledby="${id}-t ${id}-d" width="100%" height="${height + 40}" class="bars">${label(id, title, rows, 'k')}${parts.join('')}</svg></div></figure>`;
  }
  return { esc, cutMiddle, columnChart, barChart };
}

// Made when first used, so that bundles which never draw a chart leave the charts out.
let made: ReturnType<typeof chartKit> | undefined;
const kit = (): ReturnType<typeof chartKit> => (made ??= chartKit(serverShow));
/** Escapes text for HTML and SVG element content and attribute values. @internal */
export function esc(text: string): string {
  return kit().esc(text);
}
/** A text cut in the middle to at most `max` characters (`/blog/a-long…/page.html`). @internal */
export function cutMiddle(text: string, max: number): string {
  return kit().cutMiddle(text, max);
}
