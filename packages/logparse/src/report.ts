// Reports of statistics: text tables (aligned, like printstats in the Lisp blog post on access logs), JSON values and
// CSV rows, each made a line at a time; plus a CSV writer and reader.
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

/** `--report summary --json`: the counts and the first rejects (with their source when several were read). */
export interface SummaryJson {
  read: number;
  parsed: number;
  kept: number;
  rejected: number;
  truncated: number;
  rejects: Array<{ source?: string; line: number; reason: string }>;
  /** Present when the collection stopped early (`signal` or `timeout`). */
  stopped?: 'aborted' | 'timeout';
}

/**
 * One line of a report as JSON (NDJSON: one value per line). Lists give one line per day (`day` as `YYYY-MM-DD`),
 * or with `overall` one line per referrer or pair, then a last line `{ summary }`; the `summary` report is one object.
 */
export type ReportJson =
  | { day: string; hits: number }
  | { hits: number }
  | { day: string; referrers: ReferrerCount[] }
  | ReferrerCount
  | { day: string; pairs: PairCount[] }
  | PairCount
  | { summary: Omit<SummaryJson, 'rejects'> }
  | SummaryJson;

const KINDS: readonly ReportKind[] = ['days', 'referrers', 'pairs', 'summary'];

interface Checked {
  kind: ReportKind;
  top: number;
  overall: boolean;
  rejects: number;
}

/** Checks the arguments of a report function at once (not when its generator is first read). */
function check(stats: unknown, kind: unknown, options: ReportOptions | undefined): Checked {
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

/** A day number (YYYYMMDD, as in `LogRecord.day` and `DayStats.day`) as `YYYY-MM-DD`. */
export function formatDay(day: number): string {
  if (!Number.isInteger(day) || day < 101 || day > 99991231) {
    throw new RangeError(`a day must be a number YYYYMMDD such as 20060128; got ${describeValue(day)}`);
  }
  const year = Math.floor(day / 10000);
  const month = Math.floor(day / 100) % 100;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day % 100).padStart(2, '0')}`;
}

function summaryOf(stats: LogStats): Omit<SummaryJson, 'rejects'> {
  return {
    read: stats.read,
    parsed: stats.parsed,
    kept: stats.kept,
    rejected: stats.rejected,
    truncated: stats.truncated,
    ...(stats.stopped === undefined ? {} : { stopped: stats.stopped }),
  };
}

/**
 * The report as JSON values, one per NDJSON line (the CLI's `--json`): see `ReportJson`. A generator, so that a
 * long report is made as it is written.
 */
export function reportJson(stats: LogStats, kind: ReportKind, options?: ReportOptions): Generator<ReportJson, void, undefined> {
  return reportJsonOf(stats, check(stats, kind, options));
}

function* reportJsonOf(stats: LogStats, o: Checked): Generator<ReportJson, void, undefined> {
  switch (o.kind) {
    case 'summary':
      yield {
        ...summaryOf(stats),
        rejects: stats.rejects.slice(0, o.rejects).map(({ source, line, reason }) => (source === undefined ? { line, reason } : { source, line, reason })),
      };
      return;
    case 'days':
      if (o.overall) yield { hits: stats.overall.hits };
      else for (const { day, hits } of stats.days) yield { day: formatDay(day), hits };
      break;
    case 'referrers':
      if (o.overall) yield* stats.overall.referrers.slice(0, o.top);
      else for (const { day, referrers } of stats.days) yield { day: formatDay(day), referrers: referrers.slice(0, o.top) };
      break;
    case 'pairs':
      if (o.overall) yield* stats.overall.pairs.slice(0, o.top);
      else for (const { day, pairs } of stats.days) yield { day: formatDay(day), pairs: pairs.slice(0, o.top) };
      break;
  }
  yield { summary: summaryOf(stats) };
}

/** The report as lines of text tables (counts right-aligned, newest day first), made as they are asked for. */
export function reportLines(stats: LogStats, kind: ReportKind, options?: ReportOptions): Generator<string, void, undefined> {
  return reportLinesOf(stats, check(stats, kind, options));
}

function* reportLinesOf(stats: LogStats, o: Checked): Generator<string, void, undefined> {
  const width = (counts: number[]): number => Math.max(4, ...counts.map((c) => String(c).length));
  switch (o.kind) {
    case 'summary': {
      yield `read ${stats.read}, parsed ${stats.parsed}, kept ${stats.kept}, rejected ${stats.rejected}`;
      if (stats.truncated > 0) yield `${stats.truncated} record(s) with a truncated last field`;
      for (const r of stats.rejects.slice(0, o.rejects)) yield `  ${r.source === undefined ? '' : `${r.source} `}line ${r.line}: ${r.reason}`;
      const shown = Math.min(stats.rejects.length, o.rejects);
      if (stats.rejected > shown) yield `  … ${stats.rejected - shown} more`;
      return;
    }
    case 'days': {
      if (o.overall) {
        yield `hits ${stats.overall.hits}`;
        return;
      }
      let w = 4;
      for (const d of stats.days) w = Math.max(w, String(d.hits).length);
      yield `day         ${'hits'.padStart(w)}`;
      for (const d of stats.days) yield `${formatDay(d.day)}  ${String(d.hits).padStart(w)}`;
      return;
    }
    case 'referrers':
    case 'pairs': {
      const periods = o.overall ? [{ title: 'overall', period: stats.overall }] : stats.days.map((d) => ({ title: formatDay(d.day), period: d }));
      let first = true;
      for (const { title, period } of periods) {
        if (!first) yield '';
        first = false;
        yield `${title}:`;
        if (o.kind === 'referrers') {
          const list = period.referrers.slice(0, o.top);
          const w = width(list.map((r) => r.hits));
          for (const r of list) yield `  ${String(r.hits).padStart(w)}  ${r.referrer}`;
        } else {
          const list = period.pairs.slice(0, o.top);
          const w = width(list.map((r) => r.hits));
          for (const p of list) yield `  ${String(p.hits).padStart(w)}  ${p.referrer} => ${p.request}`;
        }
      }
      return;
    }
  }
}

/** The report as text tables, like printstats in the Lisp blog post on access logs: counts right-aligned, newest day first. */
export function formatReport(stats: LogStats, kind: ReportKind, options?: ReportOptions): string {
  let out = '';
  for (const line of reportLines(stats, kind, options)) out += `${line}\n`;
  return out;
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

/**
 * The report as CSV rows, the header row first: `day,hits`, `day,referrer,hits`, `day,referrer,request,hits` (days as
 * `YYYY-MM-DD`; no day column with `overall`).
 */
export function reportRows(stats: LogStats, kind: ReportKind, options?: ReportOptions): Generator<Array<string | number>, void, undefined> {
  return reportRowsOf(stats, check(stats, kind, options));
}

function* reportRowsOf(stats: LogStats, o: Checked): Generator<Array<string | number>, void, undefined> {
  switch (o.kind) {
    case 'summary':
      yield ['read', 'parsed', 'kept', 'rejected', 'truncated'];
      yield [stats.read, stats.parsed, stats.kept, stats.rejected, stats.truncated];
      return;
    case 'days':
      if (o.overall) {
        yield ['hits'];
        yield [stats.overall.hits];
      } else {
        yield ['day', 'hits'];
        for (const d of stats.days) yield [formatDay(d.day), d.hits];
      }
      return;
    case 'referrers':
      if (o.overall) {
        yield ['referrer', 'hits'];
        for (const r of stats.overall.referrers.slice(0, o.top)) yield [r.referrer, r.hits];
      } else {
        yield ['day', 'referrer', 'hits'];
        for (const d of stats.days) for (const r of d.referrers.slice(0, o.top)) yield [formatDay(d.day), r.referrer, r.hits];
      }
      return;
    case 'pairs':
      if (o.overall) {
        yield ['referrer', 'request', 'hits'];
        for (const p of stats.overall.pairs.slice(0, o.top)) yield [p.referrer, p.request, p.hits];
      } else {
        yield ['day', 'referrer', 'request', 'hits'];
        for (const d of stats.days) for (const p of d.pairs.slice(0, o.top)) yield [formatDay(d.day), p.referrer, p.request, p.hits];
      }
      return;
  }
}

/** The report as RFC 4180 CSV with a header row (see `reportRows`). */
export function reportCsv(stats: LogStats, kind: ReportKind, options?: ReportOptions): string {
  return formatCsv([...reportRows(stats, kind, options)]);
}
