// The records as Parquet (`writeParquet`, `ParquetLogWriter`, the CLI's --parquet), read back with DuckDB: the counts
// equal the JSON report's panels; a path that cannot take the file is refused before anything is read or written.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import fc from 'fast-check';
import { expectOneLineErrors } from '@puzzles/testkit/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROW_GROUP, PARQUET_COLUMNS, ParquetFileError, ParquetLogWriter, checkParquetPath, writeParquet } from '../src/parquet.js';
import { classifyAgent, parseLine, type LogRecord, type PanelReport } from '../src/index.js';
import { cli, run } from './cli-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'logparse-parquet-'));
const UAS = ['Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '-', 'curl/8.5.0'];
/** Three days of lines: pages with and without queries, static files, 404s, `-` sizes and agents, two lines that are not records. */
const lines: string[] = [];
for (let i = 0; i < 300; i++) {
  const status = [200, 200, 304, 404, 500][i % 5]!;
  const path = [`/p${i % 7}`, `/p${i % 3}?q=${i % 4}`, '/style.css', '/img/logo.png?v=2'][i % 4]!;
  lines.push(`10.0.${i % 3}.${i % 11} - - [0${1 + (i % 3)}/Feb/2024:${String(i % 24).padStart(2, '0')}:15:00 +0100] "GET ${path} HTTP/1.1" ${status} ${i % 6 === 0 ? '-' : i * 10} "${i % 2 ? '-' : 'http://a.example/x'}" "${UAS[i % 4]}"`);
}
lines.splice(100, 0, 'not a log line', '');
const log = join(dir, 'access.log');
writeFileSync(log, `${lines.join('\n')}\n`);

let db: DuckDBConnection;
beforeAll(async () => {
  db = await (await DuckDBInstance.create(':memory:')).connect();
});
afterAll(() => db?.closeSync());

async function query(sql: string): Promise<unknown[][]> {
  return (await db.runAndReadAll(sql)).getRowsJS() as unknown[][];
}

describe('--parquet', () => {
  let report: PanelReport;
  const file = join(dir, 'access.parquet');
  beforeAll(() => {
    const r = run([log, '--report', 'all', '--json', '--quiet', '--parquet', file]);
    expect(r.code, r.stderr).toBe(0);
    report = JSON.parse(r.stdout) as PanelReport;
  });

  it('writes one row per record that DuckDB reads with the JSON report\'s counts', async () => {
    const g = report.general!;
    const [[rows, hosts, bytes, days]] = (await query(`select count(*), count(distinct host), coalesce(sum(bytes), 0), count(distinct day) from '${file}'`)) as [[bigint, bigint, bigint, bigint]];
    expect([Number(rows), Number(hosts), Number(bytes), Number(days)]).toEqual([g.valid, report.hosts!.length, g.bytes, report.visitors!.length]);
    const byDay = await query(`select strftime(day, '%Y-%m-%d'), count(*) from '${file}' group by all order by 1`);
    expect(byDay.map(([d, n]) => [d, Number(n)])).toEqual(report.visitors!.map((r) => [r.key, r.hits]));
    const byBrowser = await query(`select browser, count(*) from '${file}' group by all`);
    expect(Object.fromEntries(byBrowser.map(([k, n]) => [k, Number(n)]))).toEqual(Object.fromEntries(report.browsers!.map((r) => [r.key, r.hits])));
    const byOs = await query(`select os, count(*), sum(coalesce(bytes, 0)) from '${file}' group by all`);
    expect(Object.fromEntries(byOs.map(([k, n, b]) => [k, [Number(n), Number(b)]]))).toEqual(Object.fromEntries(report.os!.map((r) => [r.key, [r.hits, r.bytes]])));
    const byStatus = await query(`select coalesce((status // 100)::varchar || 'xx', 'unknown'), count(*) from '${file}' group by all order by 1`);
    expect(byStatus.map(([k, n]) => [k, Number(n)])).toEqual(report.status!.map((r) => [r.key, r.hits]));
    const notFound = await query(`select path || coalesce('?' || query, ''), count(*) from '${file}' where status = 404 group by all`);
    expect(Object.fromEntries(notFound.map(([k, n]) => [k, Number(n)]))).toEqual(Object.fromEntries(report.notFound!.map((r) => [r.key, r.hits])));
    const hours = await query(`select lpad(((epoch_ms(time) // 3600000 + 1) % 24)::varchar, 2, '0'), count(*) from '${file}' group by all order by 1`);
    expect(hours.map(([k, n]) => [k, Number(n)])).toEqual(report.hours!.map((r) => [r.key, r.hits]));
  });

  it('has the documented columns and types: time a UTC timestamp, day the log\'s own date', async () => {
    const columns = await query(`select column_name, column_type from (describe select * from '${file}')`);
    expect(columns.map(([name]) => name)).toEqual(PARQUET_COLUMNS);
    expect(Object.fromEntries(columns)).toMatchObject({ time: 'TIMESTAMP WITH TIME ZONE', day: 'DATE', status: 'INTEGER', bytes: 'BIGINT', crawler: 'BOOLEAN', path: 'VARCHAR' });
    const [first] = await query(`select epoch_ms(time), strftime(day, '%Y-%m-%d'), host, method, path, query, protocol, status, bytes, referrer, user_agent, browser, os, crawler from '${file}' limit 1`);
    const record = parseLine(lines[0]!) as LogRecord;
    expect(first).toEqual([BigInt(record.time!.getTime()), '2024-02-01', '10.0.0.0', 'GET', '/p0', null, 'HTTP/1.1', 200, null, 'http://a.example/x', UAS[0], 'Firefox', 'Linux', false]);
    const [[crawlers]] = (await query(`select count(*) from '${file}' where crawler`)) as [[bigint]];
    expect(Number(crawlers)).toBe(report.browsers!.find((r) => r.key === 'Crawlers')?.hits ?? 0);
  });

  it('refuses a folder, a file that is not Parquet, a missing folder and standard input before reading, in one line, exit 1 (2 for stdin)', () => {
    const other = join(dir, 'notes.txt');
    writeFileSync(other, 'keep me\n');
    for (const [target, message] of [
      [dir, /cannot write the Parquet file '.*': it is a directory/],
      [other, /will not overwrite '.*notes\.txt': it exists and is not a Parquet file/],
      [join(dir, 'missing', 'x.parquet'), /cannot write the Parquet file '.*x\.parquet': its folder '.*missing' does not exist/],
    ] as const) {
      const r = run([log, '--report', 'general', '--json', '--parquet', target]);
      expect(r.code, target).toBe(1);
      expect(r.stdout, target).toBe('');
      expect(r.stderr).toMatch(message);
      expectOneLineErrors(r, 'logparse');
    }
    expect(readFileSync(other, 'utf8')).toBe('keep me\n');
    const stdin = run(['-', '--parquet', join(dir, 'in.parquet')], lines.join('\n'));
    expect(stdin.code).toBe(2);
    expect(stdin.stderr).toMatch(/--parquet reads the log files a second time: give files, not standard input/);
    expect(existsSync(join(dir, 'in.parquet'))).toBe(false);
  });

  it('replaces a Parquet file, and leaves no partial file beside it; with --workers, the same one file', async () => {
    const r = run([log, '--report', 'general', '--json', '--quiet', '--workers', '2', '--parquet', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
    const [[rows, hosts]] = (await query(`select count(*), count(distinct host) from '${file}'`)) as [[bigint, bigint]];
    expect([Number(rows), Number(hosts)]).toEqual([report.general!.valid, report.hosts!.length]);
  });
});

describe('writeParquet and ParquetLogWriter', () => {
  it('writes in row groups of the size asked for, with the same rows', async () => {
    const file = join(dir, 'groups.parquet');
    expect(await writeParquet([log, log], file, { rowGroupSize: 64 })).toEqual({ rows: 600, rejected: 4 });
    const [[groups, rows]] = (await query(`select count(distinct row_group_id), max(row_group_num_rows) from parquet_metadata('${file}')`)) as [[bigint, bigint]];
    expect([Number(groups), Number(rows)]).toEqual([10, 64]);
    const [[count, hosts]] = (await query(`select count(*), count(distinct host) from '${file}'`)) as [[bigint, bigint]];
    expect([Number(count), Number(hosts)]).toEqual([600, 33]);
    expect(DEFAULT_ROW_GROUP).toBe(65_536);
  });

  it('writes nothing when stopped, and nothing after a failed source', async () => {
    const stopped = join(dir, 'stopped.parquet');
    expect(await writeParquet(log, stopped, { signal: AbortSignal.abort() })).toEqual({ rows: 0, rejected: 0 });
    expect(existsSync(stopped)).toBe(false);
    const failed = join(dir, 'failed.parquet');
    await expect(writeParquet([log, join(dir, 'no-such.log')], failed)).rejects.toThrow(/no-such\.log/);
    expect(existsSync(failed)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('writes an empty file that DuckDB reads as no rows, and refuses rows after close', async () => {
    const file = join(dir, 'empty.parquet');
    const writer = new ParquetLogWriter(file);
    writer.close();
    const [[rows]] = (await query(`select count(*) from '${file}'`)) as [[bigint]];
    expect(Number(rows)).toBe(0);
    expect(() => writer.add(parseLine(lines[0]!) as LogRecord)).toThrow(TypeError);
  });

  it('checks its arguments, naming the bad value', () => {
    mkdirSync(join(dir, 'sub'), { recursive: true });
    expect(() => checkParquetPath(join(dir, 'sub'))).toThrow(ParquetFileError);
    expect(() => checkParquetPath('')).toThrow(new TypeError("a Parquet file path must be a non-empty string without NUL bytes; got ''"));
    // Any text as a path: accepted, or refused with one of our errors naming it (never an error of fs).
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const path = join(dir, 'fuzz', text);
        try {
          checkParquetPath(path);
        } catch (error) {
          expect(error instanceof ParquetFileError || (error instanceof TypeError && /^a Parquet file path must be/.test(error.message))).toBe(true);
        }
      }),
      { numRuns: process.env.CI ? 200 : 50 },
    );
    expect(() => new ParquetLogWriter(join(dir, 'x.parquet'), { rowGroupSize: 0 })).toThrow(new RangeError('rowGroupSize must be an integer from 1 to 10,000,000; got 0'));
    expect(existsSync(join(dir, 'x.parquet'))).toBe(false);
    expect(cli).toMatch(/dist\/cli\.js$/);
  });
});

describe('the README', () => {
  it('runs its DuckDB query over a folder of daily files', async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const sql = /queried with \[DuckDB\][^]*?```sql\n([^]*?)```/.exec(readme)![1]!;
    const folder = join(dir, 'logs');
    mkdirSync(folder, { recursive: true });
    const records = lines.map((l) => parseLine(l)).filter((r): r is LogRecord => !('reason' in r));
    const days = [...new Set(records.map((r) => r.day!))].sort();
    for (const day of days) {
      const file = join(dir, `${day}.log`);
      writeFileSync(file, lines.filter((l) => { const r = parseLine(l); return !('reason' in r) && r.day === day; }).map((l) => `${l}\n`).join(''));
      expect(run([file, '--quiet', '--report', 'general', '--parquet', join(folder, `${day}.parquet`)]).code).toBe(0);
    }
    const rows = await query(sql.replace("'logs/*.parquet'", `'${folder}/*.parquet'`));
    const expected = days.map((day) => {
      const of = records.filter((r) => r.day === day && !classifyAgent(r.userAgent).crawler);
      return [String(day).replace(/(\d{4})(\d\d)(\d\d)/, '$1-$2-$3'), of.length, new Set(of.map((r) => r.ip)).size, of.reduce((t, r) => t + (r.bytes ?? 0), 0)];
    });
    expect(rows.map(([d, hits, hosts, bytes]) => [(d as Date).toISOString().slice(0, 10), Number(hits), Number(hosts), Number(bytes)])).toEqual(expected);
  });
});
