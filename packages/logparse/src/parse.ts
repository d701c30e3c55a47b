// Records: each line of a source becomes a LogRecord or a LogReject; parseLog streams them.
import { LogLineError, describeValue } from './errors.js';
import { compileFormat, type CompiledFormat, type LogFormatSpec } from './format.js';
import { DEFAULT_MAX_LINE_LENGTH, LineSplitter } from './lines.js';
import { LineScanner, clfDate, isoDate, splitRequest, unescapeInto } from './scan.js';
import { readChunks, type LogSource } from './source.js';

/** One parsed access-log line. Fields the format does not have are `null`; `-` in a text field is `null`. */
export interface LogRecord {
  /** 1-based line number in its source. */
  readonly line: number;
  /** Client address (`%h`, `$remote_addr`): IPv4, IPv6 or a host name. */
  readonly ip: string | null;
  readonly ident: string | null;
  readonly user: string | null;
  /** The request time as an instant. */
  readonly time: Date | null;
  /** The day as the number YYYYMMDD, in the log's own UTC offset (as written), e.g. 20060108. */
  readonly day: number | null;
  /** The time exactly as written (`08/Jan/2006:00:14:48 +0000`). */
  readonly timeText: string | null;
  /** The request line (`GET /blog.ucw?entry-id=2 HTTP/1.1`), unescaped. */
  readonly request: string | null;
  /** `GET`, `POST`…; null when the request line has none (binary, empty, `-`, a single word). */
  readonly method: string | null;
  /** The request target with its query (may contain spaces); null when the request has no method. */
  readonly path: string | null;
  /** `HTTP/1.1`…; null for HTTP/0.9-style requests without one. */
  readonly protocol: string | null;
  readonly status: number | null;
  /** Response size in bytes; null for `-`. */
  readonly bytes: number | null;
  /** The Referer header; null for `-`. */
  readonly referrer: string | null;
  readonly userAgent: string | null;
  /** Other named fields of the format (`%v` → serverName, `%{X-Forwarded-For}i`, `$request_time`…). */
  readonly fields: Readonly<Record<string, string>>;
  /** Trailing fields after the format's last one (the pound log's `"-"`), unescaped. */
  readonly extra: readonly string[];
  /** True when the last field had no closing quote (cut off by the line end) and was kept as far as it went. */
  readonly truncated: boolean;
}

/** A line that is not a record: its number, why, and (the start of) its text. */
export interface LogReject {
  /** The source it came from, when several were read together (`collectStatsFromSources`). */
  readonly source?: string;
  readonly line: number;
  readonly reason: string;
  /** The line as text (control bytes shown as `\xHH`), at most 300 characters. */
  readonly text?: string;
}

/** Options of `parseLog` and `parseLine`. */
export interface ParseOptions {
  /** The format: `'combined'` (default; also accepts common lines), `'common'`, `{ apache }`, `{ nginx }`. */
  readonly format?: LogFormatSpec;
  /** Throw a `LogLineError` on the first rejected line instead of reporting it. Default false. */
  readonly strict?: boolean;
  /** Longest line accepted, in bytes (default 65536); longer lines are rejected without being buffered. */
  readonly maxLineLength?: number;
  /** Called with every rejected line (lenient mode). */
  readonly onReject?: (reject: LogReject) => void;
  /** Keep `\"`, `\xHH` escapes as written instead of unescaping quoted fields. Default false (unescape). */
  readonly raw?: boolean;
}

/** What a parse saw: lines read, records, rejects (the first `rejectsKept`, default 10). */
export interface ParseSummary {
  read: number;
  parsed: number;
  rejected: number;
  truncated: number;
  rejects: LogReject[];
}

const decoder = new TextDecoder('utf-8');

/** Builds records from scanned lines of one format. @internal */
export class RecordBuilder {
  readonly scanner: LineScanner;
  readonly format: CompiledFormat;
  readonly raw: boolean;
  #scratch = Buffer.alloc(4096);
  readonly #split = new Int32Array(4);

  constructor(format: CompiledFormat, raw = false) {
    this.format = format;
    this.scanner = new LineScanner(format);
    this.raw = raw;
  }

  /** The text of `buf[s, e)`, unescaped when it has escapes (and `raw` is off). */
  text(buf: Uint8Array, s: number, e: number, escaped: number): string {
    if (escaped === 0 || this.raw) return decoder.decode(buf.subarray(s, e));
    if (this.#scratch.length < e - s) this.#scratch = Buffer.alloc(2 * (e - s));
    const n = unescapeInto(buf, s, e, this.#scratch);
    return decoder.decode(this.#scratch.subarray(0, n));
  }

  /** The record for a line the scanner has just accepted. */
  record(buf: Uint8Array, line: number): LogRecord {
    const sc = this.scanner;
    const fields = this.format.fields;
    let ip: string | null = null;
    let ident: string | null = null;
    let user: string | null = null;
    let time: Date | null = null;
    let timeText: string | null = null;
    let request: string | null = null;
    let method: string | null = null;
    let path: string | null = null;
    let query: string | null = null;
    let protocol: string | null = null;
    let status: number | null = null;
    let bytes: number | null = null;
    let referrer: string | null = null;
    let userAgent: string | null = null;
    const named: Record<string, string> = {};
    for (let i = 0; i < fields.length; i++) {
      const s = sc.starts[i]!;
      if (s < 0) continue;
      const e = sc.ends[i]!;
      const field = fields[i]!;
      const dash = e - s === 1 && buf[s] === 0x2d;
      switch (field.kind) {
        case 'time':
          time = clfDate(buf, s);
          timeText = this.text(buf, s, e, 0);
          break;
        case 'timeIso':
          time = isoDate(buf, s, e);
          timeText = this.text(buf, s, e, 0);
          break;
        case 'status':
          status = (buf[s]! - 48) * 100 + (buf[s + 1]! - 48) * 10 + (buf[s + 2]! - 48);
          break;
        case 'bytes':
          bytes = dash ? null : Number(this.text(buf, s, e, 0));
          break;
        case 'request': {
          request = this.text(buf, s, e, sc.escaped[i]!);
          const bytesOf = sc.escaped[i] && !this.raw ? Buffer.from(request) : buf;
          const from = bytesOf === buf ? s : 0;
          const to = bytesOf === buf ? e : bytesOf.length;
          const split = this.#split;
          splitRequest(bytesOf, from, to, split);
          if (split[0]! >= 0) {
            method = decoder.decode(bytesOf.subarray(from, split[0]));
            path = decoder.decode(bytesOf.subarray(split[1], split[2]));
            protocol = split[3]! >= 0 ? decoder.decode(bytesOf.subarray(split[3], to)) : null;
          }
          break;
        }
        case 'method':
          method = dash ? null : this.text(buf, s, e, sc.escaped[i]!);
          break;
        case 'path':
          path = dash ? null : this.text(buf, s, e, sc.escaped[i]!);
          break;
        case 'query':
          query = dash || e === s ? null : this.text(buf, s, e, sc.escaped[i]!);
          break;
        case 'protocol':
          protocol = dash || e === s ? null : this.text(buf, s, e, sc.escaped[i]!);
          break;
        case 'ip':
          ip = dash ? null : this.text(buf, s, e, sc.escaped[i]!);
          break;
        case 'ident':
          ident = dash ? null : this.text(buf, s, e, sc.escaped[i]!);
          break;
        case 'user':
          user = dash ? null : this.text(buf, s, e, sc.escaped[i]!);
          break;
        case 'referrer':
          referrer = dash ? null : this.text(buf, s, e, sc.escaped[i]!);
          break;
        case 'userAgent':
          userAgent = dash ? null : this.text(buf, s, e, sc.escaped[i]!);
          break;
        case 'field':
          named[field.name] = this.text(buf, s, e, sc.escaped[i]!);
          break;
      }
    }
    if (path !== null && query !== null) path += query.startsWith('?') ? query : `?${query}`;
    const extra: string[] = [];
    const x = sc.extras;
    for (let k = 0; k < x.length; k += 3) extra.push(this.text(buf, x[k]!, x[k + 1]!, x[k + 2]!));
    return {
      line,
      ip,
      ident,
      user,
      time,
      day: sc.day >= 0 ? sc.day : null,
      timeText,
      request,
      method,
      path,
      protocol,
      status,
      bytes,
      referrer,
      userAgent,
      fields: named,
      extra,
      truncated: sc.truncated,
    };
  }
}

/** The line as printable text for a reject: control bytes as `\xHH`, cut at 300 characters. @internal */
export function rejectText(buf: Uint8Array, s: number, e: number): string {
  const cut = Math.min(e, s + 300);
  const text = decoder.decode(buf.subarray(s, cut)).replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return cut < e ? `${text}…` : text;
}

/** The reason for a line that ends without a newline at the end of the input and does not parse. @internal */
export function finalReason(reason: string): string {
  return `${reason} (last line, no newline at the end: truncated?)`;
}

/** The reason for an overlong line. @internal */
export function overlongReason(max: number): string {
  return `line longer than ${max} bytes (maxLineLength)`;
}

/** Checks and reads the options shared by parseLog and collectStats. @internal */
export function readParseOptions(options: ParseOptions | undefined, what: string) {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new TypeError(`the options of ${what} must be an object; got ${describeValue(options)}`);
  }
  const o = options ?? {};
  const maxLineLength = o.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
  if (!Number.isInteger(maxLineLength) || maxLineLength < 1) {
    throw new RangeError(`maxLineLength must be a positive integer; got ${describeValue(maxLineLength)}`);
  }
  if (o.onReject !== undefined && typeof o.onReject !== 'function') {
    throw new TypeError(`onReject must be a function; got ${describeValue(o.onReject)}`);
  }
  return { format: compileFormat(o.format ?? 'combined'), strict: o.strict === true, maxLineLength, onReject: o.onReject, raw: o.raw === true };
}

/**
 * Parses an access log from a source, yielding a record per line; rejected lines go to `onReject` (or throw a
 * `LogLineError` with `strict`), and the generator's return value is the `ParseSummary`.
 */
export async function* parseLog(source: LogSource, options?: ParseOptions): AsyncGenerator<LogRecord, ParseSummary, undefined> {
  const { format, strict, maxLineLength, onReject, raw } = readParseOptions(options, 'parseLog');
  const builder = new RecordBuilder(format, raw);
  const scanner = builder.scanner;
  const summary: ParseSummary = { read: 0, parsed: 0, rejected: 0, truncated: 0, rejects: [] };
  let batch: LogRecord[] = [];
  // In strict mode the first reject stops the parse; records before it are still yielded.
  let failure: LogLineError | null = null;
  const reject = (line: number, reason: string, text: string): void => {
    if (strict) {
      failure = new LogLineError(line, reason);
      return;
    }
    summary.rejected++;
    const r: LogReject = { line, reason, text };
    if (summary.rejects.length < 10) summary.rejects.push(r);
    onReject?.(r);
  };
  const splitter = new LineSplitter(
    maxLineLength,
    (buf, s, e, line, final) => {
      if (failure) return;
      summary.read++;
      if (scanner.scan(buf, s, e)) {
        summary.parsed++;
        if (scanner.truncated) summary.truncated++;
        batch.push(builder.record(buf, line));
      } else {
        const reason = scanner.reason(buf, s, e);
        reject(line, final ? finalReason(reason) : reason, rejectText(buf, s, e));
      }
    },
    (line, _length, head) => {
      if (failure) return;
      summary.read++;
      reject(line, overlongReason(maxLineLength), rejectText(head, 0, head.length));
    },
  );
  for await (const chunk of readChunks(source)) {
    scanner.newChunk();
    splitter.push(chunk);
    if (batch.length > 0) {
      const out = batch;
      batch = [];
      yield* out;
    }
    if (failure) throw failure;
  }
  splitter.end();
  yield* batch;
  if (failure) throw failure;
  return summary;
}

/** Parses a single line (no line end) into a record, or a reject with line number 1. */
export function parseLine(text: string, options?: Omit<ParseOptions, 'maxLineLength' | 'onReject'>): LogRecord | LogReject {
  if (typeof text !== 'string') throw new TypeError(`parseLine takes a string; got ${describeValue(text)}`);
  const { format, strict, raw } = readParseOptions(options, 'parseLine');
  const builder = new RecordBuilder(format, raw);
  const buf = Buffer.from(text.endsWith('\r') ? text.slice(0, -1) : text, 'utf8');
  if (buf.includes(10)) {
    const reason = 'a line cannot contain a newline';
    if (strict) throw new LogLineError(1, reason);
    return { line: 1, reason, text: rejectText(buf, 0, buf.length) };
  }
  if (builder.scanner.scan(buf, 0, buf.length)) return builder.record(buf, 1);
  const reason = builder.scanner.reason(buf, 0, buf.length);
  if (strict) throw new LogLineError(1, reason);
  return { line: 1, reason, text: rejectText(buf, 0, buf.length) };
}

/** True when a parse result is a reject rather than a record. */
export function isReject(result: LogRecord | LogReject): result is LogReject {
  return 'reason' in result;
}
