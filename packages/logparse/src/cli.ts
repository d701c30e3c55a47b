#!/usr/bin/env node
// logparse: argument parsing and printing only; everything else is the library's.
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import { once } from 'node:events';
import { EXIT_TIMEOUT, InputError, UsageError, choiceOption, durationOption, integerOption, quote, roundMs, runCli, type Cli } from '@puzzles/kit/cli';
import {
  LogFormatError,
  MAX_LINE_LENGTH,
  PANELS,
  StateError,
  collectDayPanels,
  collectPanelReport,
  DEFAULT_COUNTERS,
  DEFAULT_PRECISION,
  MAX_COUNTERS,
  MAX_PRECISION,
  MIN_COUNTERS,
  MIN_PRECISION,
  type PanelReport,
  type PanelReportCollection,
  cutDays,
  datedDays,
  isDay,
  lastDays,
  mergeDays,
  mergePanels,
  panelsOfDays,
  type DayPanels,
  type LogState,
  headFingerprint,
  isGzipFile,
  isLineStart,
  lastLineEnd,
  readState,
  writeState,
  type PanelStats,
  panelHtml,
  collectPanels,
  collectStatsFromSources,
  createPanels,
  referrerStats,
  panelReport,
  parseLog,
  type PanelName,
  compileApacheFormat,
  compileFormat,
  compileNginxFormat,
  compilePattern,
  formatCsv,
  renderSvg,
  reportJson,
  reportLines,
  reportRows,
  toDot,
  type CompiledFormat,
  type LogStats,
  type Pattern,
  type ReportKind,
  type StatsOptions,
} from './node.js';
import { ColumnRows, collectDaySums, dayData, exposedGc, pageHtml, reportInThreads, type DayData, type RowSummary, type RowsReport, type ZippedDays } from './threads.js';

const NAME = 'logparse';

const HELP = `Usage: logparse <file>... [options]
       logparse merge <state>... [--report R] [--json] [--html FILE] [--state OUT]
                      [--from DAY] [--to DAY] [--keep-last N]

Reads web access logs (Common, Combined, Combined with extra quoted fields, an
Apache LogFormat or an nginx log_format; .gz files are inflated; - is stdin)
and counts successful GET requests per day, by referrer, and by
(referrer => request) pair, as the Lisp blog post on access logs did.

Options:
  --report R          days (default), referrers, pairs or summary; or the
                      panels: all, general, visitors, requests, static,
                      notFound, hosts, os, browsers, hours, referringSites,
                      referrerUrls, status
  --top N             at most N referrers/pairs per day (or overall)
  --overall           one list for the whole log instead of one per day
  --html FILE         write the panels as one self-contained HTML page
  --parquet FILE      also write one row per request to FILE as Parquet (for
                      DuckDB, ClickHouse, Spark): time, day, host, method,
                      path, query, protocol, status, bytes, referrer, user
                      agent, browser, OS, crawler; a second reading of the
                      files (not stdin); an existing file that is not Parquet
                      is never overwritten
  --state FILE        with the panels: keep the statistics and the offset read
                      in FILE; the next run reads only the new lines
  --workers N         with the panels: read an uncompressed file in N threads
                      (default: the number of cores, for files over 4 MB;
                      each thread keeps counters of its own: --workers 1
                      takes the least memory over a log of many visitors)
  --approximate       the panels in bounded memory, for logs whose distinct
                      keys do not fit: visitors and distinct counts estimated
                      with HyperLogLog, the long panels' items kept by
                      Space-Saving counters; the JSON's "approximate" field
                      says what is estimated (one log, one thread, no --state)
  --precision P       with --approximate: 2^P HyperLogLog registers for the
                      totals (4 to 18, default 14: standard error 0.81%)
  --counters K        with --approximate: K counters per long panel (default
                      5000): every item with more than 1/K of the hits is kept
  --from DAY          with the panels: only the days from DAY (YYYY-MM-DD) on
  --to DAY            with the panels: only the days up to DAY (YYYY-MM-DD)
  --keep-last N       with the panels: only the last N days (calendar days
                      ending on the last day of the log, as GoAccess's)
  --json              print the report as JSON (one object per line, then a
                      {"summary": …} line; days as YYYY-MM-DD)
  --csv               print the report as CSV (header row, RFC 4180)
  --format F          combined (default; also reads common lines), common,
                      or an Apache LogFormat string such as
                      '%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-agent}i"'
  --nginx-format F    an nginx log_format string such as
                      '$remote_addr - $remote_user [$time_local] "$request" $status'
  --status S          status codes to keep, comma-separated (default 200), or any
  --method M          methods to keep, comma-separated (default GET), or any
  --exclude PATTERN   leave out requests matching PATTERN (JavaScript regular
                      expression syntax without backreferences or lookaround,
                      matched in linear time), e.g. 'static-files|favicon\\.ico'
  --host URL          the site's own address, written before each request
                      (/blog => http://www.example.com/blog); without it
                      requests stay paths
  --merge-www         count www.example.com and example.com as one site
  --dot FILE          write the graph of the top referrers (--top, default 20)
                      and the pages they point to as Graphviz DOT (- for stdout)
  --svg FILE          render that graph to SVG (needs the optional package
                      @viz-js/viz: npm install @viz-js/viz)
  --strict            stop at the first line that does not parse (exit 1)
  --max-line-length N reject lines longer than N bytes (default 65536, at most
                      ${MAX_LINE_LENGTH})
  --timeout T         stop reading after T (500ms, 10s, 2m; a bare number is
                      seconds), report what was read until then and exit 124;
                      with the panels the reading is then in one thread, and
                      --state is left as it was
  --quiet             no summary on stderr
  -h, --help          show this help
  -v, --version       show the version

logparse merge reads state files (--state) of other servers or other days, in
any order, and reports them as one run over all their logs; --state OUT keeps
the merge, cut to --from/--to/--keep-last when given. States of another
version or of another log format are refused, and nothing is written.

A summary goes to stderr: lines read, parsed, kept, rejected, and the first
rejects with their line numbers (and a progress line on a terminal).
Referrers from the site itself are counted like any other referrer.

Examples:
  logparse access.log
  logparse access.log.gz --report referrers --top 5
  logparse access.log --report pairs --exclude 'static-files|favicon\\.ico' --host http://www.example.com --merge-www
  logparse access.log --report days --json
  logparse access.log --report summary --json
  logparse access.log --report all --json
  logparse access.log --report status --json
  logparse access.log --html report.html --workers 2
  logparse access.log --report general --json --parquet access.parquet
  logparse access.log --report general --json --state access.state
  logparse access.log --report visitors --json --from 2006-01-28 --to 2006-01-31
  logparse access.log --report hosts --json --approximate --counters 1000
  logparse merge web1.state web2.state --report general --json
  logparse merge web1.state web2.state --keep-last 7 --state week.state --json
  logparse access.log --status any --method any --report referrers --overall --csv
  logparse access.log --dot graph.dot --svg graph.svg --top 20
  logparse access.log.gz --timeout 30s --report summary
  zcat old.log.gz | logparse - --format common

Exit status: 0 on success, 1 on bad input (unreadable file, --strict reject, a
damaged state file, a file that cannot be written), 2 on a usage error, 124 when
--timeout stopped the reading (after reporting what was read until then), 130
when interrupted.`;

const OPTIONS = {
  format: { type: 'string' },
  'nginx-format': { type: 'string' },
  status: { type: 'string' },
  method: { type: 'string' },
  exclude: { type: 'string' },
  host: { type: 'string' },
  'merge-www': { type: 'boolean' },
  report: { type: 'string' },
  top: { type: 'string' },
  overall: { type: 'boolean' },
  json: { type: 'boolean' },
  csv: { type: 'boolean' },
  dot: { type: 'string' },
  svg: { type: 'string' },
  strict: { type: 'boolean' },
  'max-line-length': { type: 'string' },
  timeout: { type: 'string' },
  quiet: { type: 'boolean' },
  html: { type: 'string' },
  state: { type: 'string' },
  workers: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  'keep-last': { type: 'string' },
  parquet: { type: 'string' },
  approximate: { type: 'boolean' },
  precision: { type: 'string' },
  counters: { type: 'string' },
} as const;

const REPORTS: readonly ReportKind[] = ['days', 'referrers', 'pairs', 'summary'];

function formatOption(format: string | undefined, nginx: string | undefined): CompiledFormat {
  if (format !== undefined && nginx !== undefined) throw new UsageError('--format and --nginx-format disagree; use one');
  try {
    if (nginx !== undefined) return compileNginxFormat(nginx);
    if (format === undefined || format === 'combined' || format === 'common') return compileFormat(format ?? 'combined');
    if (format.includes('%')) return compileApacheFormat(format);
  } catch (error) {
    if (error instanceof LogFormatError) throw new UsageError(error.message);
    throw error;
  }
  throw new UsageError(`--format must be combined, common or an Apache LogFormat string with % directives; got ${quote(format)}`);
}

function statusOption(value: string | undefined): number[] | 'any' {
  if (value === undefined) return [200];
  if (value === 'any') return 'any';
  return value.split(',').map((s) => {
    if (!/^[1-9]\d\d$/.test(s.trim())) throw new UsageError(`--status takes status codes such as 200,304 or 'any'; got ${quote(value)}`);
    return Number(s.trim());
  });
}

function methodOption(value: string | undefined): string[] | 'any' {
  if (value === undefined) return ['GET'];
  if (value === 'any') return 'any';
  return value.split(',').map((m) => {
    const name = m.trim().toUpperCase();
    if (!/^[A-Z]+$/.test(name)) throw new UsageError(`--method takes method names such as GET,HEAD or 'any'; got ${quote(value)}`);
    return name;
  });
}

function excludeOption(value: string | undefined): Pattern | null {
  if (value === undefined) return null;
  if (value === '') throw new UsageError("--exclude needs a pattern ('' would leave out every request)");
  try {
    return compilePattern(value);
  } catch (error) {
    throw new UsageError(`--exclude: ${(error as Error).message}`);
  }
}

/** Total size of the files; unknown with stdin, a pipe, or a file that cannot be read (which fails later with its reason). */
function totalBytes(files: readonly string[]): number | undefined {
  let total = 0;
  for (const file of files) {
    if (file === '-') return undefined;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) return undefined;
      total += stat.size;
    } catch {
      return undefined;
    }
  }
  return total;
}

function writeOutput(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw new InputError(`cannot write ${quote(path)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** SVG through @viz-js/viz, an optional peer dependency: its absence is one clear line. */
async function svgOf(dot: string): Promise<string> {
  try {
    oneShotWasm();
    return await renderSvg(dot);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_LOGPARSE_NO_VIZ') {
      throw new InputError('--svg needs the optional package @viz-js/viz, which is not installed: npm install @viz-js/viz');
    }
    throw error;
  }
}

/** The summary lines on stderr. */
function summary(cli: Cli, stats: LogStats, several: boolean): void {
  cli.warn(`read ${stats.read} lines, parsed ${stats.parsed}, kept ${stats.kept}, rejected ${stats.rejected}`);
  if (stats.truncated > 0) cli.warn(`${stats.truncated} record(s) kept with a truncated last field (no closing quote)`);
  for (const r of stats.rejects.slice(0, 5)) cli.warn(`${several && r.source ? `${quote(r.source)} ` : ''}line ${r.line}: ${r.reason}`);
  if (stats.rejected > 5) cli.warn(`… and ${stats.rejected - 5} more rejected line(s)`);
}

async function main(argv: string[], cli: Cli): Promise<number> {
  const { values, positionals } = cli.parse(argv, OPTIONS, { help: HELP });
  if (positionals[0] === 'merge') return mergeStates(cli, values, positionals.slice(1));
  if (values.from !== undefined || values.to !== undefined || values['keep-last'] !== undefined) {
    if (values.report !== undefined && (REPORTS as readonly string[]).includes(values.report)) {
      throw new UsageError(`--from, --to and --keep-last go with the panels (--report all, or a panel such as status); --report ${values.report} is one of the per-day tables`);
    }
    return panels(cli, values, positionals);
  }
  if (values.precision !== undefined || values.counters !== undefined) {
    if (values.approximate !== true) throw new UsageError(`--${values.precision !== undefined ? 'precision' : 'counters'} goes with --approximate`);
  }
  if (values.html !== undefined || values.state !== undefined || values.workers !== undefined || values.approximate !== undefined || values.report !== undefined && (values.report === 'all' || (PANELS as readonly string[]).includes(values.report))) {
    return panels(cli, values, positionals);
  }
  const report = choiceOption(values.report, 'report', REPORTS, 'days')!;
  if (values.json && values.csv) throw new UsageError('--json and --csv disagree; use one');
  const format = formatOption(values.format, values['nginx-format']);
  if (values.host !== undefined && !/^[a-z][a-z0-9+.-]*:\/\/[^/\s]+\/?$/i.test(values.host)) {
    throw new UsageError(`--host must be a site address such as http://www.example.com; got ${quote(values.host)}`);
  }
  const top = integerOption(values.top, 'top');
  const maxLineLength = integerOption(values['max-line-length'], 'max-line-length', { max: MAX_LINE_LENGTH });
  const timeout = durationOption(values.timeout);
  const options: StatsOptions = {
    format,
    status: statusOption(values.status),
    methods: methodOption(values.method),
    exclude: excludeOption(values.exclude),
    mergeWww: values['merge-www'] === true,
    strict: values.strict === true,
    keepRejects: 100,
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(maxLineLength !== undefined ? { maxLineLength } : {}),
  };
  const files = positionals.length > 0 ? positionals : ['-'];
  if (positionals.length === 0 && process.stdin.isTTY) throw new UsageError('give one or more log files, or - to read standard input');

  const start = performance.now();
  const total = totalBytes(files);
  const progress = cli.progress('reading', { total, unit: 'bytes' });
  // Bytes of the sources before the current one, for one progress line over several files.
  let before = 0;
  let current = 0;
  let stats: LogStats;
  try {
    stats = await collectStatsFromSources(files, {
      ...options,
      // Ctrl-C stops the reading (stopped: 'aborted'); --timeout is the library's own (stopped: 'timeout').
      signal: cli.signal,
      ...(timeout === undefined ? {} : { timeout }),
      onProgress: (bytes, source) => {
        if (source !== current) {
          before += files[current] === '-' ? 0 : safeSize(files[current]!);
          current = source;
        }
        progress.update(before + bytes);
      },
    });
  } finally {
    progress.end();
  }
  const ms = roundMs(performance.now() - start);
  if (cli.stopReason === 'closed') return 0;

  const several = files.length > 1;
  const reportOptions = { ...(top !== undefined ? { top } : {}), overall: values.overall === true };
  if (values.json) {
    for (const value of reportJson(stats, report, reportOptions)) {
      if ('summary' in value) await cli.out.json({ summary: { ...value.summary, ms } });
      else if (report === 'summary') await cli.out.json({ ...value, ms });
      else await cli.out.json(value);
    }
  } else if (values.csv) {
    for (const row of reportRows(stats, report, reportOptions)) await cli.out.write(formatCsv([row]));
  } else {
    for (const line of reportLines(stats, report, reportOptions)) await cli.out.line(line);
  }
  if (values.dot !== undefined || values.svg !== undefined) {
    const dot = toDot(stats, { top: top ?? 20 });
    if (values.dot === '-') await cli.out.write(dot);
    else if (values.dot !== undefined) writeOutput(values.dot, dot);
    if (values.svg !== undefined) writeOutput(values.svg, await svgOf(dot));
  }
  if (!values.quiet) summary(cli, stats, several);
  if (stats.stopped !== undefined) {
    const why = stats.stopped === 'timeout' ? `stopped after ${values.timeout} (--timeout)` : 'interrupted';
    cli.warn(`${why}: the report covers the ${stats.read} lines read until then`);
  }
  return stats.stopped === 'timeout' ? EXIT_TIMEOUT : 0;
}

/** `--report all` or one panel: the panels over every record of the files (filters do not apply). */
async function panels(cli: Cli, values: Record<string, unknown>, positionals: string[]): Promise<number> {
  if (values.csv) throw new UsageError('the panels are printed as JSON or text, not CSV');
  // Before any reading: a report name that is not a panel would otherwise fail only after the count (and after
  // --state had saved the new statistics).
  const report = values.report as string | undefined;
  if (report !== undefined && (REPORTS as readonly string[]).includes(report)) {
    const option = values.approximate !== undefined ? '--approximate' : values.html !== undefined ? '--html' : values.state !== undefined ? '--state' : '--workers';
    throw new UsageError(`${option} goes with the panels (--report all, or a panel such as status); --report ${report} is one of the per-day tables, which take no ${option}`);
  }
  if (report !== undefined) choiceOption(report, 'report', ['all', ...PANELS]);
  const top = integerOption(values.top as string | undefined, 'top');
  const format = formatOption(values.format as string | undefined, values['nginx-format'] as string | undefined);
  const files = positionals.length > 0 ? positionals : ['-'];
  if (positionals.length === 0 && process.stdin.isTTY) throw new UsageError('give one or more log files, or - to read standard input');
  const timeout = durationOption(values.timeout as string | undefined);
  const workers = integerOption(values.workers as string | undefined, 'workers', { min: 1, max: 64 });
  if (timeout !== undefined && workers !== undefined && workers > 1) {
    throw new UsageError(`--timeout reads the panels in one thread; --workers ${workers} and --timeout disagree (use one)`);
  }
  const range = rangeOption(values);
  if (values.approximate === true) return approximate(cli, values, files, format, top, timeout, workers, range);
  if (typeof values.state === 'string') return incremental(cli, values, files, format, values.state, top, timeout, range);
  // The page lets its reader pick a range of days: it needs the panels day by day.
  if (range !== null || typeof values.html === 'string') return panelsByDay(cli, values, files, format, top, timeout, workers, range);
  // One log, printed (no page): the report straight from the counters when read in one thread (no mergeable
  // statistics: the least memory and time over many visitors).
  if (files.length === 1 && files[0] !== '-' && values.html === undefined) return reportOnly(cli, values, files[0]!, format, top, timeout, workers);
  // The first file's statistics are the total so far (merging them into empty ones would copy every visitor set).
  let stats: PanelStats | null = null;
  const add = (part: PanelStats): PanelStats => (stats = stats === null ? part : mergePanels(stats, part));
  const threads = timeout !== undefined ? 1 : (workers ?? availableParallelism());
  smallRead(totalBytes(files));
  // One time limit over every file (the library's own: its stop ends a read that is waiting for input).
  const deadline = timeout === undefined ? undefined : performance.now() + timeout;
  let stopped: 'aborted' | 'timeout' | undefined;
  for (const file of files) {
    if (file !== '-' && threads > 1 && isFile(file) && !isGzipFile(file) && (workers !== undefined || safeSize(file) >= 4 << 20)) {
      const part = await collectPanels(file, { format, workers: threads, signal: cli.signal });
      part.logSize = safeSize(file);
      add(part);
      stopped = part.stopped;
      if (stopped !== undefined || cli.signal.aborted) break;
      continue;
    }
    const left = deadline === undefined ? undefined : Math.max(1, Math.round(deadline - performance.now()));
    const part = await collectPanels(file, { format, signal: cli.signal, ...(left === undefined ? {} : { timeout: left }) });
    // The log's size on disk (compressed for gzip), as GoAccess reports it; what was read for standard input.
    if (file !== '-' && part.stopped === undefined) part.logSize = safeSize(file);
    add(part);
    stopped = part.stopped;
    if (stopped !== undefined || cli.signal.aborted) break;
  }
  const code = await printPanels(cli, values, files, stats ?? createPanels(), format, top);
  if (stopped === 'timeout' && cli.stopReason !== 'closed') {
    cli.warn(`stopped after ${String(values.timeout)} (--timeout): the panels cover the ${linesOf(stats ?? createPanels())} lines read until then`);
    return EXIT_TIMEOUT;
  }
  return code;
}

/** The panels of one log file printed as JSON or text, from `collectPanelReport`. */
async function reportOnly(cli: Cli, values: Record<string, unknown>, file: string, format: CompiledFormat, top: number | undefined, timeout: number | undefined, workers: number | undefined): Promise<number> {
  const threads = timeout !== undefined ? 1 : (workers ?? availableParallelism());
  const size = safeSize(file);
  smallRead(isFile(file) ? size : undefined);
  youngGenerationFixed();
  const split = threads > 1 && isFile(file) && !isGzipFile(file) && (workers !== undefined || size >= 4 << 20);
  const panels = values.report === undefined || values.report === 'all' ? PANELS : [values.report as PanelName];
  // In threads, the parts added up into one counter, the garbage collected between the phases, the rows made from
  // its columns a slice at a time as they are written.
  const { report, stopped }: { report: PanelReport | RowsReport; stopped?: PanelReportCollection['stopped'] } = split
    ? await reportInThreads(file, 0, size, threads, { format, signal: cli.signal, afterDay: collectNow, lean: true }, panels, top ?? Infinity, true)
    : await collectPanelReport(file, { format, signal: cli.signal, panels, ...(top === undefined ? {} : { top }), ...(timeout === undefined ? {} : { timeout }) });
  if (stopped === 'aborted' || cli.signal.aborted) return cli.stopReason === 'closed' ? 0 : 130;
  // The counters are garbage now: collected before the JSON is written (over many visitors, tens of megabytes).
  collectNow();
  // The log's size on disk (compressed for gzip), as GoAccess reports it.
  if (report.general !== undefined && stopped === undefined) report.general = { ...report.general, logSize: size };
  await writeReport(cli, values, report);
  if (stopped === 'timeout' && cli.stopReason !== 'closed') {
    cli.warn(`stopped after ${String(values.timeout)} (--timeout): the panels cover the ${report.general === undefined ? '' : `${report.general.requests} `}lines read until then`);
    return EXIT_TIMEOUT;
  }
  return 0;
}

/**
 * `--approximate`: the report of one log in bounded memory (HyperLogLog visitors, Space-Saving items), in one thread,
 * printed or written as a page; the report's `approximate` field says what is estimated.
 */
async function approximate(cli: Cli, values: Record<string, unknown>, files: string[], format: CompiledFormat, top: number | undefined, timeout: number | undefined, workers: number | undefined, range: CliRange | null): Promise<number> {
  if (values.state !== undefined) throw new UsageError('--approximate takes no --state: its estimates cannot be merged exactly with later runs or other logs (count exactly to keep a state)');
  if (range !== null) throw new UsageError('--approximate reports the whole log: it takes no --from, --to or --keep-last (its estimates are not kept day by day)');
  if (workers !== undefined && workers > 1) throw new UsageError(`--approximate reads in one thread; --workers ${workers} and --approximate disagree (use one)`);
  if (files.length > 1) throw new UsageError(`--approximate reads one log (a file or - for standard input); got ${files.length} files`);
  const precision = integerOption(values.precision as string | undefined, 'precision', { min: MIN_PRECISION, max: MAX_PRECISION }) ?? DEFAULT_PRECISION;
  const counters = integerOption(values.counters as string | undefined, 'counters', { min: MIN_COUNTERS, max: MAX_COUNTERS }) ?? DEFAULT_COUNTERS;
  const file = files[0]!;
  smallRead(file !== '-' && isFile(file) ? safeSize(file) : undefined);
  youngGenerationFixed();
  const panels = values.report === undefined || values.report === 'all' ? PANELS : [values.report as PanelName];
  const { report, stopped } = await collectPanelReport(file, { format, signal: cli.signal, panels, approximate: { precision, counters }, ...(top === undefined ? {} : { top }), ...(timeout === undefined ? {} : { timeout }) });
  if (stopped === 'aborted' || cli.signal.aborted) return cli.stopReason === 'closed' ? 0 : 130;
  if (file !== '-' && report.general !== undefined && stopped === undefined) report.general = { ...report.general, logSize: safeSize(file) };
  if (typeof values.html === 'string') {
    const source = file === '-' ? 'standard input' : basename(file);
    writeOutput(values.html, panelHtml(report, { source }));
    if (!values.json) return stopped === 'timeout' ? EXIT_TIMEOUT : 0;
  }
  await writeReport(cli, values, report);
  if (stopped === 'timeout' && cli.stopReason !== 'closed') {
    cli.warn(`stopped after ${String(values.timeout)} (--timeout): the panels cover the ${report.general === undefined ? '' : `${report.general.requests} `}lines read until then`);
    return EXIT_TIMEOUT;
  }
  return 0;
}

/** Lines counted in panel statistics (records and rejects). */
function linesOf(stats: PanelStats): number {
  return stats.valid + stats.failed;
}

/** `--state FILE`: counts only the bytes added since the state's offset, day by day, then saves the new state. */
async function incremental(cli: Cli, values: Record<string, unknown>, files: string[], format: CompiledFormat, stateFile: string, top: number | undefined, timeout: number | undefined, range: CliRange | null): Promise<number> {
  if (files.length !== 1 || files[0] === '-') throw new UsageError('--state takes exactly one log file (not standard input)');
  const file = files[0]!;
  if (!isFile(file)) throw new InputError(`cannot read ${quote(file)}: not a readable file`);
  const size = safeSize(file);
  if (isGzipFile(file)) throw new UsageError(`--state needs an uncompressed log; ${quote(file)} is gzip`);
  const state = readStateFile(stateFile);
  let days: DayPanels = new Map();
  let offset = 0;
  if (state !== undefined) {
    if (state.offset === undefined) {
      throw new InputError(`state file ${quote(stateFile)} is a merge of states (logparse merge), not the state of one log; name another with --state`);
    }
    if (state.format !== format.name) {
      throw new InputError(`state file ${quote(stateFile)} holds a log of format ${quote(state.format)}; this run reads ${quote(format.name)}: name another with --state`);
    }
    if (state.offset <= size && headFingerprint(file, state.offset) === state.head) {
      // Counting from inside a line would read its rest as a line of its own: a wrong answer, saved for every next run.
      if (!isLineStart(file, state.offset)) {
        throw new InputError(`state file ${quote(stateFile)} is damaged: its offset ${state.offset} is not a line start of ${quote(file)} (expected 0 or an offset just after a line end); remove it or name another with --state`);
      }
      days = state.days;
      offset = state.offset;
    } else if (!values.quiet) cli.warn(`${quote(file)} is not the log of ${quote(stateFile)} any more (rotated or replaced): counting it from the start`);
  }
  const end = lastLineEnd(file, size);
  if (end > offset) {
    smallRead(end - offset);
    const part = await collectDayPanels(file, { format, signal: cli.signal, start: offset, end, ...(timeout === undefined ? {} : { timeout }) });
    if (part.stopped === 'timeout') {
      // The state is saved only after the whole range was read: left as it was, the next run reads these lines again.
      const partial = offset === 0 ? part.days : mergeDays(days, part.days);
      const code = await printPanels(cli, values, files, panelsOfDays(range === null ? partial : cutToRange(partial, range, quote(file))), format, top, partial);
      if (cli.stopReason === 'closed') return code;
      cli.warn(`stopped after ${String(values.timeout)} (--timeout): the panels cover the lines read until then; ${quote(stateFile)} is left as it was`);
      return EXIT_TIMEOUT;
    }
    if (part.stopped !== undefined) return cli.stopReason === 'closed' ? 0 : 130;
    days = offset === 0 ? part.days : mergeDays(days, part.days);
  }
  if (end < size && !values.quiet) cli.warn(`the last ${size - end} byte(s) of ${quote(file)} have no line end yet: left for the next run`);
  // The report's range is cut before the state is saved: a range outside the log writes nothing.
  const shown = range === null ? days : cutToRange(days, range, quote(file));
  const read = Math.max(end, offset);
  try {
    writeState(stateFile, { format: format.name, offset: read, head: headFingerprint(file, read), days });
  } catch (error) {
    const why = error instanceof StateError ? error.message : `cannot write the state ${quote(stateFile)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
    throw new InputError(why);
  }
  return printPanels(cli, values, files, panelsOfDays(shown), format, top, shown);
}

/** A state file read for the CLI: its problems as one line (exit 1). */
function readStateFile(file: string): LogState | undefined {
  try {
    return readState(file);
  } catch (error) {
    if (error instanceof StateError) throw new InputError(error.message);
    throw error;
  }
}

/** `--from`, `--to` and `--keep-last`, checked before any reading; null when none is given. */
interface CliRange {
  readonly from?: string;
  readonly to?: string;
  readonly keepLast?: number;
}

function rangeOption(values: Record<string, unknown>): CliRange | null {
  const from = values.from as string | undefined;
  const to = values.to as string | undefined;
  const keepLast = integerOption(values['keep-last'] as string | undefined, 'keep-last', { min: 1 });
  if (from === undefined && to === undefined && keepLast === undefined) return null;
  if (keepLast !== undefined && (from !== undefined || to !== undefined)) throw new UsageError('--keep-last and --from/--to disagree; use one');
  for (const [name, day] of [['from', from], ['to', to]] as const) {
    if (day !== undefined && !isDay(day)) throw new UsageError(`--${name} takes a day written YYYY-MM-DD such as 2015-05-17; got ${quote(day)}`);
  }
  if (from !== undefined && to !== undefined && from > to) throw new InputError(`the date range is empty: --from ${from} is after --to ${to}`);
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }), ...(keepLast === undefined ? {} : { keepLast }) };
}

/** Makes a file's days add up to its size on disk (compressed for gzip, as GoAccess reports it): the rest goes to `-`. */
function onDisk(days: DayPanels, size: number): void {
  let read = 0;
  for (const stats of days.values()) read += stats.logSize;
  if (size === read) return;
  let rest = days.get('-');
  if (rest === undefined) days.set('-', (rest = createPanels()));
  rest.logSize += size - read;
}

/** The days of a range; a range that holds no day of the statistics is one line (exit 1) naming `what` and its days. */
function cutToRange(days: DayPanels, range: CliRange, what: string): DayPanels {
  const span = rangeSpan(datedDays(days), range, what);
  return cutDays(days, { ...(span.from === undefined ? {} : { from: span.from }), ...(span.to === undefined ? {} : { to: span.to }) });
}

/** The span of a range over the dated days (ascending); a range that holds none of them is one line (exit 1). */
function rangeSpan(dated: readonly string[], range: CliRange, what: string): { from?: string | undefined; to?: string | undefined } {
  if (dated.length === 0) throw new InputError(`${what} has no dated lines to cut to --from/--to/--keep-last`);
  const span = range.keepLast !== undefined ? lastDays(new Map(dated.map((d) => [d, EMPTY])), range.keepLast) : { from: range.from, to: range.to };
  if (!dated.some((d) => (span.from === undefined || d >= span.from) && (span.to === undefined || d <= span.to))) {
    throw new InputError(`no day of ${what} falls in ${span.from ?? 'its start'} to ${span.to ?? 'its end'}: it covers ${dated[0]} to ${dated[dated.length - 1]}`);
  }
  return span;
}

/** Empty statistics, standing for a day's in `lastDays`, which looks at the days only. */
const EMPTY = createPanels();

/**
 * The panels with `--from`, `--to` or `--keep-last`, or for the HTML page: the files counted day by day, then cut to
 * the range (none: the whole log, and its size on disk as the plain count reports it).
 */
async function panelsByDay(cli: Cli, values: Record<string, unknown>, files: string[], format: CompiledFormat, top: number | undefined, timeout: number | undefined, workers: number | undefined, range: CliRange | null): Promise<number> {
  const threads = timeout !== undefined ? 1 : (workers ?? availableParallelism());
  smallRead(totalBytes(files));
  youngGenerationFixed();
  if (files.length === 1) return oneLogByDay(cli, values, files[0]!, format, top, timeout, workers, threads, range);
  const deadline = timeout === undefined ? undefined : performance.now() + timeout;
  let all: DayPanels | null = null;
  let stopped: 'aborted' | 'timeout' | undefined;
  for (const file of files) {
    const left = deadline === undefined ? undefined : Math.max(1, Math.round(deadline - performance.now()));
    const split = file !== '-' && threads > 1 && (workers !== undefined || safeSize(file) >= 4 << 20);
    const part = await collectDayPanels(file, { format, signal: cli.signal, ...(split ? { workers: threads } : {}), ...(left === undefined ? {} : { timeout: left }) });
    stopped = part.stopped;
    if (range === null && file !== '-' && stopped === undefined) onDisk(part.days, safeSize(file));
    all = all === null ? part.days : mergeDays(all, part.days);
    if (stopped !== undefined || cli.signal.aborted) break;
  }
  if (stopped === 'aborted' || cli.signal.aborted) return cli.stopReason === 'closed' ? 0 : 130;
  const what = files.length === 1 ? (files[0] === '-' ? 'standard input' : quote(files[0]!)) : 'the logs';
  const days = range === null ? (all ?? new Map<string, PanelStats>()) : cutToRange(all ?? new Map(), range, what);
  const code = await printPanels(cli, values, files, panelsOfDays(days), format, top, days);
  if (stopped === 'timeout' && cli.stopReason !== 'closed') {
    cli.warn(`stopped after ${String(values.timeout)} (--timeout): the panels cover the lines read until then`);
    return EXIT_TIMEOUT;
  }
  return code;
}

/**
 * `panelsByDay` for one log: each day's report made from its counter and added up (`DaySums`), then the report and
 * the page's partials of the range from those sums; no day's mergeable statistics are kept (a log of many visitors
 * is reported in a fraction of the memory).
 */
async function oneLogByDay(cli: Cli, values: Record<string, unknown>, file: string, format: CompiledFormat, top: number | undefined, timeout: number | undefined, workers: number | undefined, threads: number, range: CliRange | null): Promise<number> {
  const split = file !== '-' && threads > 1 && (workers !== undefined || safeSize(file) >= 4 << 20);
  // Each day's counter is garbage once its day is added up: collected at once, the next day's sums reuse its memory.
  const { sums, stopped } = await collectDaySums(file, { format, signal: cli.signal, afterDay: collectNow, lean: true, ...(split ? { workers: threads } : {}), ...(timeout === undefined ? {} : { timeout }) });
  if (stopped === 'aborted' || cli.signal.aborted) return cli.stopReason === 'closed' ? 0 : 130;
  // The log's size on disk (compressed for gzip), as the plain count reports it: the difference goes to what has no day.
  if (range === null && file !== '-' && stopped === undefined) sums.addUndatedSize(safeSize(file) - sums.logSize());
  let from = 0;
  let to = sums.days.length - 1;
  if (range !== null) {
    const span = rangeSpan(sums.days, range, file === '-' ? 'standard input' : quote(file));
    [from, to] = sums.span(span)!;
  }
  // A page alone shows a table's first rows (and the count and sums of the rest): only those rows are made.
  const wholes = typeof values.html === 'string' && values.json !== true && top === undefined ? {} : undefined;
  const report = sums.report(chosenPanels(values), wholes === undefined ? (top ?? Infinity) : PAGE_ROWS, from, to, range === null, wholes);
  const referrers = (): LogStats => {
    const stats = createPanels();
    for (const [key, hits] of sums.pairs(from, to, range === null)) stats.pairs.set(key, hits);
    return referrerStats(stats);
  };
  // The partials' JSON gzip'd as it is written, a few thousand rows at a time.
  const code = await printReport(cli, values, [file], report, referrers, top, async () => ({ d: sums.days.slice(from, to + 1), gz64: (await gzipPieces(sums.json(from, to))).toString('base64') }), wholes);
  if (stopped === 'timeout' && cli.stopReason !== 'closed') {
    cli.warn(`stopped after ${String(values.timeout)} (--timeout): the panels cover the lines read until then`);
    return EXIT_TIMEOUT;
  }
  return code;
}

/** Options that count or filter logs, which `merge` (of counted states) does not take. */
const NOT_FOR_MERGE = ['approximate', 'precision', 'counters', 'format', 'nginx-format', 'status', 'method', 'exclude', 'host', 'merge-www', 'overall', 'csv', 'dot', 'svg', 'strict', 'max-line-length', 'timeout', 'workers'] as const;

/** `logparse merge a.state b.state …`: the states' days merged (in any order, exactly), cut to a range, reported, kept. */
async function mergeStates(cli: Cli, values: Record<string, unknown>, files: string[]): Promise<number> {
  if (files.length === 0) throw new UsageError('merge takes one or more state files: logparse merge a.state b.state … [--report R] [--json] [--html FILE] [--state OUT]');
  for (const name of NOT_FOR_MERGE) if (values[name] !== undefined) throw new UsageError(`--${name} counts logs; merge reads states that are counted already`);
  if (values.parquet !== undefined) throw new UsageError('--parquet reads logs; merge reads states (write Parquet when counting each log)');
  const report = values.report as string | undefined;
  if (report !== undefined) choiceOption(report, 'report', ['all', ...PANELS]);
  const top = integerOption(values.top as string | undefined, 'top');
  const range = rangeOption(values);
  let all: DayPanels | null = null;
  let format: string | undefined;
  let first = '';
  // One state of one log, cut and kept: it stays that log's state (its offset and head kept), so that incremental
  // runs go on from it (a rolling window, as GoAccess's --keep-last).
  let local: LogState | undefined;
  for (const file of files) {
    const state = readStateFile(file);
    if (files.length === 1 && state?.offset !== undefined) local = state;
    if (state === undefined) throw new InputError(`cannot read the state file ${quote(file)}: ENOENT`);
    if (format !== undefined && state.format !== format) {
      throw new InputError(`state file ${quote(file)} holds a log of format ${quote(state.format)}, ${quote(first)} one of ${quote(format)}: states of different log formats do not merge`);
    }
    if (format === undefined) {
      format = state.format;
      first = file;
    }
    all = all === null ? state.days : mergeDays(all, state.days);
  }
  const days = range === null ? all! : cutToRange(all!, range, files.length === 1 ? quote(files[0]!) : 'the states');
  if (typeof values.state === 'string') {
    try {
      writeState(values.state, local === undefined ? { format: format!, days } : { format: format!, offset: local.offset!, head: local.head!, days });
    } catch (error) {
      const why = error instanceof StateError ? error.message : `cannot write the state ${quote(values.state)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
      throw new InputError(why);
    }
    // Only the state asked for: nothing to print.
    if (values.json !== true && values.html === undefined && values.report === undefined) return 0;
  }
  return printPanels(cli, values, files, panelsOfDays(days), undefined, top, days);
}

/** Rows of a table in the page (the rest are counted and summed in one line; at least the 10 of its chart). */
const PAGE_ROWS = 1000;

/** The panels that `--report` asks for (all without it). */
function chosenPanels(values: Record<string, unknown>): readonly PanelName[] {
  return values.report === undefined || values.report === 'all' ? PANELS : [values.report as PanelName];
}

/** Prints or writes the panels (`days`: the same statistics day by day, when they were counted so). */
async function printPanels(cli: Cli, values: Record<string, unknown>, files: string[], stats: PanelStats, format: CompiledFormat | undefined, top: number | undefined, days?: DayPanels): Promise<number> {
  if (cli.stopReason === 'closed') return 0;
  const report = panelReport(stats, { panels: chosenPanels(values), ...(top !== undefined ? { top } : {}) });
  return printReport(cli, values, files, report, () => referrerStats(stats), top, () => (days === undefined ? undefined : dayData(days)));
}

/**
 * Prints the report or writes its page (with the referrer statistics of its graph and the days' partials, each made
 * only for a page).
 */
async function printReport(cli: Cli, values: Record<string, unknown>, files: string[], report: PanelReport, referrers: () => LogStats, top: number | undefined, days: () => DayData | ZippedDays | undefined | Promise<ZippedDays>, wholes?: Record<string, RowSummary>): Promise<number> {
  if (cli.stopReason === 'closed') return 0;
  if (typeof values.html === 'string') {
    let graphSvg: string | undefined;
    try {
      // The top referrers and each one's top pages: a graph a reader can follow (and Graphviz lays out quickly).
      oneShotWasm();
      graphSvg = await renderSvg(toDot(referrers(), { top: top ?? 20, requestsPerReferrer: 5 }));
    } catch {
      graphSvg = undefined; // @viz-js/viz is not installed: the page has no graph
    }
    // Graphviz's WebAssembly memory and what the report left behind, collected before the page is written.
    collectNow();
    // The header names the log: its files' names, `standard input` for `-`.
    const source = files.map((f) => (f === '-' ? 'standard input' : basename(f))).join(', ');
    const parts = await days();
    writeOutput(values.html, pageHtml(report, { source, maxRows: PAGE_ROWS, ...(graphSvg === undefined ? {} : { graphSvg }), ...(parts === undefined ? {} : { gzip: gzipSync }) }, parts, wholes));
    if (!values.json) return 0;
  }
  await writeReport(cli, values, report);
  return 0;
}

/** Text given in pieces, gzip'd as the pieces come (as `gzipSync` of the whole text: the same bytes). */
async function gzipPieces(pieces: Iterable<string>): Promise<Buffer> {
  const gz = createGzip();
  const out: Buffer[] = [];
  gz.on('data', (chunk: Buffer) => out.push(chunk));
  const done = once(gz, 'end');
  for (const piece of pieces) if (!gz.write(piece)) await once(gz, 'drain');
  gz.end();
  await done;
  return Buffer.concat(out);
}

/** Rows of a panel turned into JSON text at once. */
const ROWS_AT_ONCE = 4096;

/** The report on stdout: one JSON object with --json, else a text block per panel. */
async function writeReport(cli: Cli, values: Record<string, unknown>, report: PanelReport | RowsReport): Promise<void> {
  if (cli.stopReason === 'closed') return;
  if (values.json) {
    // The text of JSON.stringify(report), written a few thousand rows at a time: a panel of 200,000 hosts is never
    // one string of megabytes (nor its copy as bytes).
    let first = true;
    for (const [name, value] of Object.entries(report)) {
      await cli.out.write(`${first ? '{' : ','}${JSON.stringify(name)}:`);
      first = false;
      if (!Array.isArray(value) && !(value instanceof ColumnRows)) await cli.out.write(JSON.stringify(value));
      else {
        if (value.length === 0) await cli.out.write('[]');
        for (let i = 0; i < value.length; i += ROWS_AT_ONCE) {
          const rows = JSON.stringify(value.slice(i, i + ROWS_AT_ONCE));
          await cli.out.write(`${i === 0 ? '[' : ','}${rows.slice(1, -1)}${i + ROWS_AT_ONCE >= value.length ? ']' : ''}`);
        }
      }
    }
    await cli.out.write(first ? '{}\n' : '}\n');
    return;
  }
  for (const [name, value] of Object.entries(report)) {
    await cli.out.line(name);
    if (Array.isArray(value) || value instanceof ColumnRows) {
      // (An approximate report's row says how far its hits may be over the true count.)
      for (const row of value) await cli.out.line(`  ${String(row.hits).padStart(9)} ${String(row.visitors).padStart(8)} ${String(row.bytes).padStart(12)}  ${quote(row.key)}${row.hitsError ? `  (hits at most ${row.hitsError} over)` : ''}`);
    } else {
      for (const [k, v] of Object.entries(value as object)) await cli.out.line(`  ${k.padEnd(12)} ${String(v)}`);
    }
  }
}

/**
 * Graphviz (WebAssembly) runs once per process here: its baseline code is enough, and the optimising tier V8 would
 * start for its hot functions costs more than it saves (~200 ms against ~90 ms of CPU for the HTML page's graph).
 * Only WebAssembly compiled after this call is affected.
 */
function oneShotWasm(): void {
  setFlagsFromString('--liftoff-only');
}

/**
 * Keeps V8's young generation at its first size instead of letting it grow: a panel run's objects are either
 * short-lived (per chunk) or kept to the end (the report), and a grown young generation only adds resident memory
 * (the many-visitors log, 1M lines and 209,500 visitors: ~143 MiB peak instead of ~168 MiB; the CPU time is the same
 * within the noise, also on a log of few visitors). Only the heap's later growth is affected.
 */
function youngGenerationFixed(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}

/**
 * A full garbage collection now, between the phases of a page run, when the process holds over 96 MB (V8's `gc`,
 * exposed at run time): the counters of a log of many visitors are tens of megabytes that die at once, and V8 would
 * otherwise collect them only after the next phase has grown the process further (one thread, the many-visitors log:
 * 155–189 MB peak without, 137–141 MB with; a log of few visitors stays under the mark and pays nothing).
 */
function collectNow(): void {
  // (null: a runtime without it, left to the collector's own timing.)
  if (collector === undefined) collector = exposedGc();
  collector?.();
}

/** V8's `gc` once exposed (null: not to be had). */
let collector: (() => void) | null | undefined;

/** Bytes below which a panel run turns V8's inlining off (see `smallRead`). */
const SMALL_READ = 16 << 20;

/**
 * A run that reads little (an incremental run, a small log) spends most of its time before the JIT has warmed up,
 * and V8's optimising compiles of the scanner's big inlined functions then cost more than they save: without
 * inlining, 10,000 lines take ~0.16 instead of ~0.22 CPU-s and 50,000 lines ~0.22 instead of ~0.28; from about
 * 200,000 lines (~50 MB) on, inlining pays (1M lines: 1.19 CPU-s with it, 1.44 without). Only compiles after this
 * call are affected; the results are the same either way.
 */
function smallRead(bytes: number | undefined): void {
  if (bytes !== undefined && bytes < SMALL_READ) setFlagsFromString('--no-turbo-inlining');
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function safeSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/**
 * `--parquet FILE`: the report asked for, then the records as Parquet from a reading of their own (one file, written
 * in this thread, with or without --workers). The path is checked before any reading; the file appears only when
 * complete.
 */
function withParquet(inner: (argv: string[], cli: Cli) => Promise<number>): (argv: string[], cli: Cli) => Promise<number> {
  return async (argv, cli) => {
    const { values, positionals } = cli.parse(argv, OPTIONS, { help: HELP });
    const target = values.parquet;
    // `merge` reads states, not logs: it refuses --parquet itself.
    if (target === undefined || positionals[0] === 'merge') return inner(argv, cli);
    const started = performance.now();
    if (target === '') throw new UsageError('--parquet needs a file name');
    if (positionals.length === 0 || positionals.includes('-')) throw new UsageError('--parquet reads the log files a second time: give files, not standard input');
    const { ParquetFileError, checkParquetPath, writeParquet } = await import('./parquet.js');
    const failure = (error: unknown): Error => (error instanceof ParquetFileError || error instanceof LogFormatError ? new InputError(error.message) : (error as Error));
    try {
      checkParquetPath(target);
    } catch (error) {
      throw failure(error);
    }
    const format = formatOption(values.format, values['nginx-format']);
    const code = await inner(argv, cli);
    if (code !== 0 || cli.signal.aborted) {
      if (cli.stopReason !== 'closed') cli.warn(`${quote(target)} not written: the report did not finish`);
      return code;
    }
    const timeout = durationOption(values.timeout);
    const left = timeout === undefined ? undefined : Math.max(1, Math.round(timeout - (performance.now() - started)));
    const signal = left === undefined ? cli.signal : AbortSignal.any([cli.signal, AbortSignal.timeout(left)]);
    let rows: number;
    try {
      ({ rows } = await writeParquet(positionals, target, { format, signal }));
    } catch (error) {
      throw error instanceof RangeError && !(error instanceof ParquetFileError) ? new InputError(error.message) : failure(error);
    }
    if (signal.aborted) {
      if (cli.stopReason === 'closed') return 0;
      cli.warn(`${quote(target)} not written: ${cli.signal.aborted ? 'interrupted' : `stopped after ${String(values.timeout)} (--timeout)`}`);
      return cli.signal.aborted ? 130 : EXIT_TIMEOUT;
    }
    if (!values.quiet) cli.warn(`wrote ${rows} rows to ${quote(target)}`);
    return code;
  };
}

runCli({ name: NAME, help: HELP, packageJson: new URL('../package.json', import.meta.url), main: withParquet(main) });
