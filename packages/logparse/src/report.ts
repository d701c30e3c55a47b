// Reports of statistics: text tables (the seed's printstats, aligned), JSON values and CSV, plus a CSV reader.
import { describeValue } from './errors.js';
import { checkStats, type LogStats, type PairCount, type ReferrerCount } from './stats.js';

/** Which report: hits per day, referrers, (referrer → request) pairs, or the parse summary. */
export type ReportKind = 'days' | 'referrers' | 'pairs' | 'summary';

/** Options of the report functions. */
export interface ReportOptions {
  /** At most this many referrers or pairs per day (or overall). Default: all. */
  readonly top?: number;
  /** One list for the whole log instead of one per day. Default false. */
  readonly overall?: boolean;
  /** With the summary: how many rejects to list (default all that the stats kept). */
  readonly rejects?: number;
}

/** `--report summary --json`. */
export interface SummaryJson {
  read: number;
  parsed: number;
  kept: number;
  rejected: number;
  rejects: Array<{ line: number; reason: string }>;
}

/** The JSON value of a report (the CLI's `--json` output). */
export type ReportJson =
  | Array<{ day: number; hits: number }>
  | { hits: number }
  | Array<{ day: number; referrers: ReferrerCount[] }>
  | ReferrerCount[]
  | Array<{ day: number; pairs: PairCount[] }>
  | PairCount[]
  | SummaryJson;

const KINDS: readonly ReportKind[] = ['days', 'referrers', 'pairs', 'summary'];

function check(stats: unknown, kind: unknown, options: ReportOptions | undefined): { kind: ReportKind; top: number; overall: boolean; rejects: number } {
  checkStats(stats, 'a report');
  if (!KINDS.includes(kind as ReportKind)) {
    throw new RangeError(`report must be one of ${KINDS.join(', ')}; got ${describeValue(kind)}`);
  }
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new TypeError(`report options must be an object; got ${describeValue(options)}`);
  }
  const top = options?.top ?? Infinity;
  if (top !== Infinity && (!Number.isInteger(top) || top < 0)) throw new RangeError(`top must be a non-negative integer; got ${describeValue(top)}`);
  const rejects = options?.rejects ?? Infinity;
  if (rejects !== Infinity && (!Number.isInteger(rejects) || rejects < 0)) {
    throw new RangeError(`rejects must be a non-negative integer; got ${describeValue(rejects)}`);
  }
  return { kind: kind as ReportKind, top, overall: options?.overall === true, rejects };
}

/** The report as a JSON-ready value, in the shapes of the CLI's `--json`. */
export function reportJson(stats: LogStats, kind: ReportKind, options?: ReportOptions): ReportJson {
  const o = check(stats, kind, options);
  switch (o.kind) {
    case 'summary':
      return {
        read: stats.read,
        parsed: stats.parsed,
        kept: stats.kept,
        rejected: stats.rejected,
        rejects: stats.rejects.slice(0, o.rejects).map(({ line, reason }) => ({ line, reason })),
      };
    case 'days':
      return o.overall ? { hits: stats.overall.hits } : stats.days.map(({ day, hits }) => ({ day, hits }));
    case 'referrers':
      return o.overall
        ? stats.overall.referrers.slice(0, o.top)
        : stats.days.map(({ day, referrers }) => ({ day, referrers: referrers.slice(0, o.top) }));
    case 'pairs':
      return o.overall ? stats.overall.pairs.slice(0, o.top) : stats.days.map(({ day, pairs }) => ({ day, pairs: pairs.slice(0, o.top) }));
  }
}

/** The report as text tables, like the seed's printstats: counts right-aligned, newest day first. */
export function formatReport(stats: LogStats, kind: ReportKind, options?: ReportOptions): string {
  const o = check(stats, kind, options);
  const lines: string[] = [];
  const width = (counts: number[]): number => Math.max(4, ...counts.map((c) => String(c).length));
  switch (o.kind) {
    case 'summary': {
      lines.push(`read ${stats.read}, parsed ${stats.parsed}, kept ${stats.kept}, rejected ${stats.rejected}`);
      if (stats.truncated > 0) lines.push(`${stats.truncated} record(s) with a truncated last field`);
      for (const r of stats.rejects.slice(0, o.rejects)) lines.push(`  line ${r.line}: ${r.reason}`);
      if (stats.rejected > Math.min(stats.rejects.length, o.rejects)) lines.push(`  … ${stats.rejected - Math.min(stats.rejects.length, o.rejects)} more`);
      break;
    }
    case 'days': {
      if (o.overall) {
        lines.push(`hits ${stats.overall.hits}`);
        break;
      }
      const w = width(stats.days.map((d) => d.hits));
      lines.push(`day       ${'hits'.padStart(w)}`);
      for (const d of stats.days) lines.push(`${d.day}  ${String(d.hits).padStart(w)}`);
      break;
    }
    case 'referrers':
    case 'pairs': {
      const periods = o.overall ? [{ title: 'overall', period: stats.overall }] : stats.days.map((d) => ({ title: String(d.day), period: d }));
      for (const { title, period } of periods) {
        if (lines.length > 0) lines.push('');
        lines.push(`${title}:`);
        if (o.kind === 'referrers') {
          const list = period.referrers.slice(0, o.top);
          const w = width(list.map((r) => r.hits));
          for (const r of list) lines.push(`  ${String(r.hits).padStart(w)}  ${r.referrer}`);
        } else {
          const list = period.pairs.slice(0, o.top);
          const w = width(list.map((r) => r.hits));
          for (const p of list) lines.push(`  ${String(p.hits).padStart(w)}  ${p.referrer} => ${p.request}`);
        }
      }
      break;
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** One CSV field: quoted when it holds a comma, quote, CR or LF, or starts or ends with a space; quotes doubled. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as RFC 4180 CSV (CRLF line ends). */
export function formatCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  if (!Array.isArray(rows) || !rows.every((row) => Array.isArray(row))) {
    throw new TypeError(`formatCsv takes an array of rows (arrays of strings and numbers); got ${describeValue(rows)}`);
  }
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** Reads RFC 4180 CSV (as written by `formatCsv`; LF line ends also accepted) into rows of strings. */
export function parseCsv(text: string): string[][] {
  if (typeof text !== 'string') throw new TypeError(`parseCsv takes a string; got ${describeValue(text)}`);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let started = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        if (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
          throw new RangeError(`bad CSV: text after a closing quote at offset ${i}`);
        }
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      started = true;
      i++;
    } else if (ch === ',') {
      row.push(field);
      field = '';
      started = true;
      i++;
    } else if (ch === '\r' || ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      started = false;
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      started = true;
      i++;
    }
  }
  if (quoted) throw new RangeError('bad CSV: unterminated quoted field at the end');
  if (started || field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The report as CSV with a header row: `day,hits`, `day,referrer,hits`, `day,referrer,request,hits` (no day column with `overall`). */
export function reportCsv(stats: LogStats, kind: ReportKind, options?: ReportOptions): string {
  const o = check(stats, kind, options);
  const rows: Array<Array<string | number>> = [];
  switch (o.kind) {
    case 'summary':
      rows.push(['read', 'parsed', 'kept', 'rejected'], [stats.read, stats.parsed, stats.kept, stats.rejected]);
      break;
    case 'days':
      if (o.overall) rows.push(['hits'], [stats.overall.hits]);
      else {
        rows.push(['day', 'hits']);
        for (const d of stats.days) rows.push([d.day, d.hits]);
      }
      break;
    case 'referrers':
      if (o.overall) {
        rows.push(['referrer', 'hits']);
        for (const r of stats.overall.referrers.slice(0, o.top)) rows.push([r.referrer, r.hits]);
      } else {
        rows.push(['day', 'referrer', 'hits']);
        for (const d of stats.days) for (const r of d.referrers.slice(0, o.top)) rows.push([d.day, r.referrer, r.hits]);
      }
      break;
    case 'pairs':
      if (o.overall) {
        rows.push(['referrer', 'request', 'hits']);
        for (const p of stats.overall.pairs.slice(0, o.top)) rows.push([p.referrer, p.request, p.hits]);
      } else {
        rows.push(['day', 'referrer', 'request', 'hits']);
        for (const d of stats.days) for (const p of d.pairs.slice(0, o.top)) rows.push([d.day, p.referrer, p.request, p.hits]);
      }
      break;
  }
  return formatCsv(rows);
}
