// @puzzles/logparse/parquet: the records of a log as a Parquet file, one row per request, for the engines made for
// more data than one report (DuckDB, ClickHouse, Spark). Written with hyparquet-writer in row groups: memory holds
// one row group's columns, whatever the size of the log. The file is written beside its name and renamed into place
// when complete, so a failed or stopped run leaves no half-written file.
import { accessSync, closeSync, constants, existsSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import { agentClass } from './agent.js';
import { describeValue, LogSourceError } from './errors.js';
import type { LogRecord, ParseOptions } from './record.js';
import { RecordStream } from './stream.js';
import { readChunks, type LogSource } from './source.js';
import { isUtf8 } from 'node:buffer';

/** The columns of the file, in order: name, Parquet type, and how it is written. */
const SCHEMA = [
  { name: 'root', num_children: 14 },
  { name: 'time', type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' }, repetition_type: 'OPTIONAL' },
  { name: 'day', type: 'INT32', converted_type: 'DATE', repetition_type: 'OPTIONAL' },
  { name: 'host', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'method', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'path', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'query', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'protocol', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'status', type: 'INT32', repetition_type: 'OPTIONAL' },
  { name: 'bytes', type: 'INT64', repetition_type: 'OPTIONAL' },
  { name: 'referrer', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'user_agent', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'browser', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  { name: 'os', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  { name: 'crawler', type: 'BOOLEAN', repetition_type: 'REQUIRED' },
] as const;

/** The column names of a logparse Parquet file, in order. */
export const PARQUET_COLUMNS = SCHEMA.slice(1).map((c) => c.name);

/** Rows per row group by default: ~10–20 MB of columns in memory for a combined log. */
export const DEFAULT_ROW_GROUP = 65_536;

/** A Parquet file that cannot be written: its path and why (exit 1 in the CLI). */
export class ParquetFileError extends RangeError {
  override name = 'ParquetFileError';
}

/** Options of `ParquetLogWriter`. */
export interface ParquetWriterOptions {
  /** Rows per row group (default 65,536): what memory holds at a time. */
  readonly rowGroupSize?: number;
}

/** True when the file starts with Parquet's magic bytes `PAR1` (false when it cannot be read). */
function isParquet(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(4);
    return readSync(fd, head, 0, 4, 0) === 4 && head.toString('latin1') === 'PAR1';
  } finally {
    closeSync(fd);
  }
}

/**
 * Checks that `path` can take a Parquet file: not a directory, and not an existing file of another kind (a Parquet
 * file is replaced, anything else is refused: it may be the log itself). Throws a ParquetFileError naming it.
 */
export function checkParquetPath(path: string): void {
  if (typeof path !== 'string' || path === '' || path.includes('\0')) throw new TypeError(`a Parquet file path must be a non-empty string without NUL bytes; got ${describeValue(path)}`);
  if (!existsSync(path)) {
    try {
      accessSync(dirname(path), constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ParquetFileError(`cannot write the Parquet file ${describeValue(path)}: ${code === 'ENOENT' ? `its folder ${describeValue(dirname(path))} does not exist` : (code ?? (error as Error).message)}`);
    }
    return;
  }
  const stat = statSync(path);
  if (stat.isDirectory()) throw new ParquetFileError(`cannot write the Parquet file ${describeValue(path)}: it is a directory (name a file in it)`);
  if (!stat.isFile()) throw new ParquetFileError(`cannot write the Parquet file ${describeValue(path)}: it exists and is not a regular file`);
  if (stat.size > 0 && !isParquet(path)) throw new ParquetFileError(`will not overwrite ${describeValue(path)}: it exists and is not a Parquet file (remove it, or name another file)`);
}

/** The day `YYYYMMDD` as days since 1970-01-01 (Parquet's DATE). */
function epochDay(day: number): number {
  return Math.floor(Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100) / 86_400_000);
}

/**
 * Writes records as rows of a Parquet file: `add` each record, then `close`. One row group of columns is held in
 * memory at a time; the file appears under its name only when `close` has written all of it.
 */
export class ParquetLogWriter {
  /** The file being written. */
  readonly path: string;
  /** Rows added so far. */
  rows = 0;
  readonly #temp: string;
  readonly #fd: number;
  readonly #group: number;
  readonly #parquet: ParquetWriter;
  #columns = ParquetLogWriter.#empty();
  #closed = false;

  /** Opens `path` for writing (see `checkParquetPath` for what is refused). */
  constructor(path: string, options: ParquetWriterOptions = {}) {
    checkParquetPath(path);
    if (typeof options !== 'object' || options === null) throw new TypeError(`ParquetLogWriter options must be an object; got ${describeValue(options)}`);
    const group = options.rowGroupSize ?? DEFAULT_ROW_GROUP;
    if (!Number.isInteger(group) || group < 1 || group > 10_000_000) throw new RangeError(`rowGroupSize must be an integer from 1 to 10,000,000; got ${describeValue(group)}`);
    this.path = path;
    this.#group = group;
    this.#temp = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
    try {
      this.#fd = openSync(this.#temp, 'w');
    } catch (error) {
      throw new ParquetFileError(`cannot write the Parquet file ${describeValue(path)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    const fd = this.#fd;
    const writer = new ByteWriter(1 << 20);
    // Each row group goes to the file as soon as it is encoded (hyparquet-writer calls flush after each one).
    const flush = (): void => {
      try {
        let at = 0;
        while (at < writer.index) at += writeSync(fd, new Uint8Array(writer.buffer, at, writer.index - at));
      } catch (error) {
        throw new ParquetFileError(`cannot write the Parquet file ${describeValue(path)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      }
      writer.index = 0;
    };
    Object.assign(writer, { flush, finish: flush });
    this.#parquet = new ParquetWriter({ writer, schema: SCHEMA as unknown as ConstructorParameters<typeof ParquetWriter>[0]['schema'], createdBy: '@puzzles/logparse (hyparquet-writer)' });
  }

  static #empty() {
    return {
      time: [] as Array<number | null>,
      day: [] as Array<number | null>,
      host: [] as Array<string | null>,
      method: [] as Array<string | null>,
      path: [] as Array<string | null>,
      query: [] as Array<string | null>,
      protocol: [] as Array<string | null>,
      status: [] as Array<number | null>,
      bytes: [] as Array<bigint | null>,
      referrer: [] as Array<string | null>,
      user_agent: [] as Array<string | null>,
      browser: [] as string[],
      os: [] as string[],
      crawler: [] as boolean[],
    };
  }

  /** Adds a record as a row (written out with its row group). */
  add(record: LogRecord): void {
    if (this.#closed) throw new TypeError(`the Parquet file ${describeValue(this.path)} is closed`);
    const c = this.#columns;
    const time = record.time?.getTime();
    c.time.push(time === undefined || Number.isNaN(time) ? null : time);
    c.day.push(record.day === null ? null : epochDay(record.day));
    c.host.push(record.ip);
    c.method.push(record.method);
    const full = record.path;
    const q = full === null ? -1 : full.indexOf('?');
    c.path.push(q < 0 ? full : full!.slice(0, q));
    c.query.push(q < 0 ? null : full!.slice(q + 1));
    c.protocol.push(record.protocol);
    c.status.push(record.status);
    c.bytes.push(record.bytes === null ? null : BigInt(record.bytes));
    c.referrer.push(record.referrer);
    c.user_agent.push(record.userAgent);
    const agent = agentClass(record.userAgent);
    c.browser.push(agent.browser);
    c.os.push(agent.os);
    c.crawler.push(agent.crawler);
    this.rows++;
    if (c.time.length >= this.#group) this.#writeGroup();
  }

  #writeGroup(): void {
    const c = this.#columns;
    if (c.time.length === 0) return;
    this.#columns = ParquetLogWriter.#empty();
    void this.#parquet.write({ columnData: Object.entries(c).map(([name, data]) => ({ name, data })), rowGroupSize: c.time.length });
  }

  /** Writes the last row group and the footer, and puts the file in place under its name. */
  close(): void {
    if (this.#closed) return;
    try {
      this.#writeGroup();
      void this.#parquet.finish();
      closeSync(this.#fd);
      this.#closed = true;
      renameSync(this.#temp, this.path);
    } catch (error) {
      this.abort();
      if (error instanceof ParquetFileError) throw error;
      throw new ParquetFileError(`cannot write the Parquet file ${describeValue(this.path)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }

  /** Stops writing and removes what was written (the file under its name is left as it was). */
  abort(): void {
    if (!this.#closed) {
      this.#closed = true;
      try {
        closeSync(this.#fd);
      } catch {
        // already closed
      }
    }
    rmSync(this.#temp, { force: true });
  }
}

/** Options of `writeParquet`: how to parse the log, the row groups, and when to stop. */
export interface WriteParquetOptions extends Pick<ParseOptions, 'format' | 'maxLineLength'>, ParquetWriterOptions {
  /** Stops reading when aborted; nothing is written then. */
  readonly signal?: AbortSignal;
}

/** What `writeParquet` wrote: rows (records) and lines that were not records (not written). */
export interface ParquetSummary {
  readonly rows: number;
  readonly rejected: number;
}

/**
 * Writes the records of one or more sources (paths, `'-'`, URLs, streams or iterables of chunks; gzip is inflated)
 * to a Parquet file, one row per record, in the order of the sources. Lines that are not records are left out.
 */
export async function writeParquet(sources: LogSource | readonly LogSource[], path: string, options: WriteParquetOptions = {}): Promise<ParquetSummary> {
  if (typeof options !== 'object' || options === null) throw new TypeError(`writeParquet options must be an object; got ${describeValue(options)}`);
  const list = Array.isArray(sources) ? (sources as readonly LogSource[]) : [sources as LogSource];
  const writer = new ParquetLogWriter(path, options.rowGroupSize === undefined ? {} : { rowGroupSize: options.rowGroupSize });
  let rejected = 0;
  try {
    for (const source of list) {
      if (options.signal?.aborted) break;
      const parse: ParseOptions = { onReject: () => rejected++, ...(options.format === undefined ? {} : { format: options.format }), ...(options.maxLineLength === undefined ? {} : { maxLineLength: options.maxLineLength }) };
      const records = new RecordStream(() => readChunks(source), parse, isUtf8);
      for await (const record of records) {
        if (options.signal?.aborted) break;
        writer.add(record);
      }
      if (options.signal?.aborted) break;
    }
    if (options.signal?.aborted) {
      writer.abort();
      return { rows: 0, rejected };
    }
    writer.close();
  } catch (error) {
    writer.abort();
    if (error instanceof LogSourceError || error instanceof ParquetFileError || error instanceof TypeError || error instanceof RangeError) throw error;
    throw new LogSourceError(`cannot read the log: ${(error as Error).message}`, { cause: error });
  }
  return { rows: writer.rows, rejected };
}
