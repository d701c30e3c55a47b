#!/usr/bin/env node
// logparse: argument parsing and printing only; everything else is the library's.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  LogFormatError,
  LogLineError,
  LogSourceError,
  MAX_LINE_LENGTH,
  collectStatsFromSources,
  compileApacheFormat,
  compileFormat,
  compileNginxFormat,
  compilePattern,
  formatReport,
  renderSvg,
  reportCsv,
  reportJson,
  toDot,
  type CompiledFormat,
  type LogStats,
  type Pattern,
  type ReportKind,
  type StatsOptions,
} from './index.js';

const HELP = `Usage: logparse <file>... [options]

Reads web access logs (Common, Combined, Combined with extra quoted fields, an
Apache LogFormat or an nginx log_format; .gz files are inflated; - is stdin)
and counts successful GET requests per day, by referrer, and by
(referrer => request) pair, like the seed's printstats.

Options:
  --report R          days (default), referrers, pairs or summary
  --top N             at most N referrers/pairs per day (or overall)
  --overall           one list for the whole log instead of one per day
  --json              print the report as JSON
  --csv               print the report as CSV (header row, RFC 4180)
  --format F          combined (default; also reads common lines), common,
                      or an Apache LogFormat string such as
                      '%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-agent}i"'
  --nginx-format F    an nginx log_format string such as
                      '$remote_addr - $remote_user [$time_local] "$request" $status'
  --status S          status codes to keep, comma-separated (default 200), or any
  --method M          methods to keep, comma-separated (default GET), or any
  --exclude REGEX     leave out requests matching REGEX
                      (the seed: 'static-files|favicon\\.ico|flipper-linux\\.jpg')
  --host URL          prefix requests with the site's address (http://www.jalat.com)
  --merge-www         count www.example.com and example.com as one site
  --dot FILE          write the graph of the top referrers (--top, default 20)
                      and the pages they point to as Graphviz DOT (- for stdout)
  --svg FILE          render that graph to SVG (Graphviz in WebAssembly)
  --strict            stop at the first line that does not parse (exit 1)
  --max-line-length N reject lines longer than N bytes (default 65536)
  --quiet             no summary on stderr
  -h, --help          show this help
  -v, --version       show the version

A summary goes to stderr: lines read, parsed, kept, rejected, and the first
rejects with their line numbers (a progress bar too, when stderr is a terminal).

Examples:
  logparse access.log
  logparse access.log.gz --report referrers --top 5
  logparse access.log --report pairs --exclude 'static-files|favicon\\.ico' --host http://www.jalat.com --merge-www
  logparse access.log --report days --json
  logparse access.log --report summary --json
  logparse access.log --status any --method any --report referrers --overall --csv
  logparse access.log --dot graph.dot --svg graph.svg --top 20
  zcat old.log.gz | logparse - --format common

Exit status: 0 on success, 1 on bad input (unreadable file, --strict reject),
2 on a usage error.`;

const REPORTS: readonly ReportKind[] = ['days', 'referrers', 'pairs', 'summary'];

class UsageError extends Error {}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function positiveInteger(text: string, flag: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`${flag} must be a positive integer; got '${text}'`);
  }
  return Number(text);
}

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
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
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help || values.version) return { values, positionals, options: {}, report: 'days' as ReportKind, top: undefined };
  const report = (values.report ?? 'days') as ReportKind;
  if (!REPORTS.includes(report)) throw new UsageError(`--report must be one of ${REPORTS.join(', ')}; got '${values.report}'`);
  if (values.json && values.csv) throw new UsageError('--json and --csv disagree; use one');
  if (values.format !== undefined && values['nginx-format'] !== undefined) throw new UsageError('--format and --nginx-format disagree; use one');
  let format: CompiledFormat;
  try {
    if (values['nginx-format'] !== undefined) format = compileNginxFormat(values['nginx-format']);
    else if (values.format === undefined || values.format === 'combined' || values.format === 'common') format = compileFormat(values.format ?? 'combined');
    else if (values.format.includes('%')) format = compileApacheFormat(values.format);
    else throw new UsageError(`--format must be combined, common or an Apache LogFormat string with % directives; got '${values.format}'`);
  } catch (error) {
    if (error instanceof LogFormatError) throw new UsageError(error.message);
    throw error;
  }
  let status: number[] | 'any' = [200];
  if (values.status !== undefined && values.status !== 'any') {
    status = values.status.split(',').map((s) => {
      if (!/^[1-9]\d\d$/.test(s.trim())) throw new UsageError(`--status takes status codes such as 200,304 or 'any'; got '${values.status}'`);
      return Number(s.trim());
    });
  } else if (values.status === 'any') status = 'any';
  let methods: string[] | 'any' = ['GET'];
  if (values.method !== undefined && values.method !== 'any') {
    methods = values.method.split(',').map((m) => {
      const name = m.trim().toUpperCase();
      if (!/^[A-Z]+$/.test(name)) throw new UsageError(`--method takes method names such as GET,HEAD or 'any'; got '${values.method}'`);
      return name;
    });
  } else if (values.method === 'any') methods = 'any';
  let exclude: Pattern | null = null;
  if (values.exclude !== undefined) {
    if (values.exclude === '') throw new UsageError("--exclude needs a pattern ('' would leave out every request)");
    try {
      exclude = compilePattern(values.exclude);
    } catch (error) {
      throw new UsageError(`--exclude: ${(error as Error).message}`);
    }
  }
  if (values.host !== undefined && !/^[a-z][a-z0-9+.-]*:\/\/[^/\s]+\/?$/i.test(values.host)) {
    throw new UsageError(`--host must be a site address such as http://www.example.com; got '${values.host}'`);
  }
  const top = values.top === undefined ? undefined : positiveInteger(values.top, '--top');
  const maxLineLength = values['max-line-length'] === undefined ? undefined : positiveInteger(values['max-line-length'], '--max-line-length');
  if (maxLineLength !== undefined && maxLineLength > MAX_LINE_LENGTH) {
    throw new UsageError(`--max-line-length must be at most ${MAX_LINE_LENGTH} (longer lines cannot be made into strings); got '${values['max-line-length']}'`);
  }
  const options: StatsOptions = {
    format,
    status,
    methods,
    exclude,
    mergeWww: values['merge-www'] === true,
    strict: values.strict === true,
    keepRejects: 100,
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(maxLineLength !== undefined ? { maxLineLength } : {}),
  };
  if (positionals.length === 0) {
    if (process.stdin.isTTY) throw new UsageError('give one or more log files, or - to read standard input');
    positionals.push('-');
  }
  return { values, positionals, options, report, top };
}

/** A progress bar on stderr, redrawn at most ten times a second. */
function progressBar(files: string[]): { options: Pick<StatsOptions, 'onProgress'>; done: () => void } {
  if (!process.stderr.isTTY) return { options: {}, done: () => {} };
  const sizes = files.map((f) => {
    try {
      return f === '-' ? 0 : statSync(f).size;
    } catch {
      return 0;
    }
  });
  const total = sizes.reduce((a, b) => a + b, 0);
  // Bytes of the sources before each one.
  const before = sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0));
  let last = 0;
  const start = Date.now();
  let shown = false;
  return {
    options: {
      onProgress: (bytes: number, source: number) => {
        const now = Date.now();
        if (now - last < 100 || now - start < 1000) return;
        last = now;
        shown = true;
        const done = (before[source] ?? 0) + bytes;
        const width = 30;
        const share = total > 0 ? Math.min(1, done / total) : 0;
        const bar = total > 0 ? `[${'#'.repeat(Math.round(share * width)).padEnd(width)}] ${(share * 100).toFixed(0).padStart(3)}%` : '';
        process.stderr.write(`\r${bar} ${(done / 1e6).toFixed(0)} MB `);
      },
    },
    done: () => {
      if (shown) process.stderr.write('\r\u001b[K');
    },
  };
}

function summaryText(stats: LogStats, several: boolean): string {
  const lines = [`logparse: read ${stats.read} lines, parsed ${stats.parsed}, kept ${stats.kept}, rejected ${stats.rejected}`];
  if (stats.truncated > 0) lines.push(`  ${stats.truncated} record(s) kept with a truncated last field (no closing quote)`);
  for (const r of stats.rejects.slice(0, 5)) lines.push(`  ${several && r.source ? `${r.source} ` : ''}line ${r.line}: ${r.reason}`);
  if (stats.rejected > 5) lines.push(`  … and ${stats.rejected - 5} more rejected line(s)`);
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals, options, report, top } = parse(argv);
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (values.version) {
    console.log(version());
    return 0;
  }
  const progress = progressBar(positionals);
  let stats: LogStats;
  try {
    stats = await collectStatsFromSources(positionals, { ...options, ...progress.options });
  } finally {
    progress.done();
  }
  const several = positionals.length > 1;
  const reportOptions = { ...(top !== undefined ? { top } : {}), overall: values.overall === true };
  let out: string;
  if (values.json) {
    const value = reportJson(stats, report, reportOptions);
    if (report === 'summary' && several) {
      (value as { rejects: unknown[] }).rejects = stats.rejects.map(({ source, line, reason }) => ({ file: source, line, reason }));
    }
    out = `${JSON.stringify(value, null, report === 'summary' ? 0 : undefined)}\n`;
  } else if (values.csv) out = reportCsv(stats, report, reportOptions);
  else out = formatReport(stats, report, reportOptions);
  if (values.dot !== undefined || values.svg !== undefined) {
    const dot = toDot(stats, { top: top ?? 20 });
    if (values.dot === '-') out += dot;
    else if (values.dot !== undefined) writeOutput(values.dot, dot);
    if (values.svg !== undefined) writeOutput(values.svg, await renderSvg(dot));
  }
  process.stdout.write(out);
  if (!values.quiet) console.error(summaryText(stats, several));
  return 0;
}

function writeOutput(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw new LogSourceError(`cannot write '${path}': ${(error as Error).message}`);
  }
}

// When the reader of the output goes away (`logparse access.log | head`), stop quietly instead of dying on EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`logparse: ${error.message}\nRun 'logparse --help' for usage.`);
      process.exitCode = 2;
    } else if (error instanceof LogLineError || error instanceof LogSourceError || error instanceof RangeError || error instanceof TypeError) {
      console.error(`logparse: ${error.message}`);
      process.exitCode = 1;
    } else {
      throw error;
    }
  },
);
