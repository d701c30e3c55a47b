// Records: the types of a parsed line (LogRecord, LogReject), and the builder that makes a record from a line the
// scanner has accepted; plus the options and messages shared by parseLog, parseLine and collectStats.
import { allocBytes, encodeText } from './bytes.js';
import { describeValue } from './errors.js';
import { compileFormat, type CompiledFormat, type FormatField, type LogFormatSpec } from './format.js';
import { DEFAULT_MAX_LINE_LENGTH, MAX_LINE_LENGTH } from './lines.js';
import { clfMillis, digits2, isoMillis } from './dates.js';
import { splitRequest, unescapeInto } from './request.js';
import { LineScanner } from './scan.js';
import { utf8Text, validUtf8Text } from './text.js';

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
  /** The requested path with its query (may contain spaces); null when the request has no method. */
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
  /** Longest line accepted, in bytes (default 65536, at most 100,000,000); longer lines are rejected without being buffered. */
  readonly maxLineLength?: number;
  /** Called with every rejected line (lenient mode). */
  readonly onReject?: (reject: LogReject) => void;
  /** Keep `\"`, `\xHH` escapes as written instead of unescaping quoted fields. Default false (unescape). */
  readonly raw?: boolean;
}

/** What a parse saw: lines read, records, rejects (the first 10 of them are kept in `rejects`). */
export interface ParseSummary {
  read: number;
  parsed: number;
  rejected: number;
  truncated: number;
  rejects: LogReject[];
}

// Field kinds as small integers for the record builder's switch.
const R_SKIP = 0;
const R_TIME = 1;
const R_ISO = 2;
const R_STATUS = 3;
const R_BYTES = 4;
const R_REQUEST = 5;
const R_METHOD = 6;
const R_PATH = 7;
const R_QUERY = 8;
const R_PROTOCOL = 9;
const R_IP = 10;
const R_IDENT = 11;
const R_USER = 12;
const R_REFERRER = 13;
const R_AGENT = 14;
const R_FIELD = 15;
const RECORD_KIND: Record<FormatField['kind'], number> = {
  time: R_TIME,
  timeIso: R_ISO,
  status: R_STATUS,
  bytes: R_BYTES,
  request: R_REQUEST,
  method: R_METHOD,
  path: R_PATH,
  query: R_QUERY,
  protocol: R_PROTOCOL,
  ip: R_IP,
  ident: R_IDENT,
  user: R_USER,
  referrer: R_REFERRER,
  userAgent: R_AGENT,
  field: R_FIELD,
};

/** Records without named or trailing fields share these (frozen, so sharing is safe). */
const NO_FIELDS: Readonly<Record<string, string>> = Object.freeze({});
const NO_EXTRA: readonly string[] = Object.freeze([]) as readonly string[];

/** Builds records from scanned lines of one format. @internal */
export class RecordBuilder {
  readonly scanner: LineScanner;
  readonly format: CompiledFormat;
  readonly raw: boolean;
  readonly #kinds: Uint8Array;
  readonly #names: readonly string[];
  readonly #hasNamed: boolean;
  #scratch: Uint8Array = allocBytes(4096);
  readonly #split = new Int32Array(4);
  // The time: the date and zone bytes of the last %t field, the instant of that day's midnight, the last second of
  // the day seen and its text.
  readonly #dayKey = new Uint8Array(26);
  #dayKeyValid = false;
  #dayBase = 0;
  #lastSecond = -1;
  #lastTimeText = '';
  // The last method and protocol strings, reused while the bytes are the same.
  #method = '';
  #protocol = '';
  readonly #methodBytes = new Uint8Array(16);
  readonly #protocolBytes = new Uint8Array(16);

  constructor(format: CompiledFormat, raw = false) {
    this.format = format;
    this.scanner = new LineScanner(format);
    this.raw = raw;
    this.#kinds = Uint8Array.from(format.fields, (f) => RECORD_KIND[f.kind] ?? R_SKIP);
    this.#names = format.fields.map((f) => f.name);
    this.#hasNamed = format.fields.some((f) => f.kind === 'field');
  }

  /**
   * True while the line being built is known to be valid UTF-8 (its whole piece of input was checked at once), so
   * that its fields need no check for invalid bytes; escaped fields are checked whatever it says.
   */
  validUtf8 = false;

  /** Forgets per-chunk state: call before lines from a new chunk. */
  newChunk(): void {
    this.scanner.newChunk();
  }

  /** The text of `buf[s, e)`, unescaped when it has escapes (and `raw` is off). */
  text(buf: Uint8Array, s: number, e: number, escaped: number): string {
    if (escaped === 0 || this.raw) return this.validUtf8 ? validUtf8Text(buf, s, e) : utf8Text(buf, s, e);
    if (this.#scratch.length < e - s) this.#scratch = allocBytes(2 * (e - s));
    return utf8Text(this.#scratch, 0, unescapeInto(buf, s, e, this.#scratch));
  }

  /**
   * The instant of a `%t` time `dd/Mon/yyyy:HH:MM:SS +zzzz` at `s` (validated by the scanner): the instant of the
   * day's midnight is cached per date and zone, the second of the day is added, and the text is reused while the
   * second repeats.
   */
  #clfTime(buf: Uint8Array, s: number): number {
    const key = this.#dayKey;
    let same = this.#dayKeyValid;
    if (same) {
      for (let k = 0; k < 11; k++) {
        if (buf[s + k] !== key[k]) {
          same = false;
          break;
        }
      }
      for (let k = 20; same && k < 26; k++) if (buf[s + k] !== key[k]) same = false;
    }
    const second = (digits2(buf, s + 12) * 60 + digits2(buf, s + 15)) * 60 + digits2(buf, s + 18);
    if (!same) {
      this.#dayBase = clfMillis(buf, s) - second * 1000;
      for (let k = 0; k < 26; k++) key[k] = buf[s + k]!;
      this.#dayKeyValid = true;
      this.#lastSecond = -1;
    }
    if (second !== this.#lastSecond) {
      this.#lastSecond = second;
      this.#lastTimeText = validUtf8Text(buf, s, s + 26);
    }
    return this.#dayBase + second * 1000;
  }

  /** `request.slice(a, b)` for the bytes `buf[s + a, s + b)`, reusing `previous` when its bytes are the same. */
  static #part(previous: string, bytes: Uint8Array, request: string, buf: Uint8Array, s: number, a: number, b: number): string {
    const n = b - a;
    if (previous.length === n && n <= bytes.length) {
      let k = 0;
      while (k < n && bytes[k] === buf[s + a + k]) k++;
      if (k === n) return previous;
    }
    if (n <= bytes.length) for (let k = 0; k < n; k++) bytes[k] = buf[s + a + k]!;
    return request.slice(a, b);
  }

  /** The record for a line the scanner has just accepted. */
  record(buf: Uint8Array, line: number): LogRecord {
    const sc = this.scanner;
    const kinds = this.#kinds;
    const starts = sc.starts;
    const ends = sc.ends;
    const escapes = sc.escaped;
    let ip: string | null = null;
    let ident: string | null = null;
    let user: string | null = null;
    let millis = Number.NaN;
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
    let named: Record<string, string> | null = null;
    for (let i = 0; i < kinds.length; i++) {
      const s = starts[i]!;
      if (s < 0) continue;
      const e = ends[i]!;
      const kind = kinds[i]!;
      const dash = e - s === 1 && buf[s] === 0x2d;
      switch (kind) {
        case R_TIME:
          millis = this.#clfTime(buf, s);
          timeText = this.#lastTimeText;
          break;
        case R_ISO:
          millis = isoMillis(buf, s, e);
          timeText = validUtf8Text(buf, s, e);
          break;
        case R_STATUS:
          // Three validated digits, or '-' (Apache writes it for a status of 0 or less).
          status = dash ? null : (buf[s]! - 48) * 100 + (buf[s + 1]! - 48) * 10 + (buf[s + 2]! - 48);
          break;
        case R_BYTES:
          if (!dash) {
            // Validated digits (at most 15 of them, so the sum is exact).
            let n = 0;
            for (let k = s; k < e; k++) n = n * 10 + (buf[k]! - 48);
            bytes = n;
          }
          break;
        case R_REQUEST:
          request = this.text(buf, s, e, escapes[i]!);
          this.#splitRequest(request, buf, s, e, escapes[i]! !== 0 && !this.raw);
          method = this.#m;
          path = this.#p;
          protocol = this.#v;
          break;
        case R_METHOD:
          method = dash ? null : this.text(buf, s, e, escapes[i]!);
          break;
        case R_PATH:
          path = dash ? null : this.text(buf, s, e, escapes[i]!);
          break;
        case R_QUERY:
          query = dash || e === s ? null : this.text(buf, s, e, escapes[i]!);
          break;
        case R_PROTOCOL:
          protocol = dash || e === s ? null : this.text(buf, s, e, escapes[i]!);
          break;
        case R_IP:
          ip = dash ? null : this.text(buf, s, e, escapes[i]!);
          break;
        case R_IDENT:
          ident = dash ? null : this.text(buf, s, e, escapes[i]!);
          break;
        case R_USER:
          user = dash ? null : this.text(buf, s, e, escapes[i]!);
          break;
        case R_REFERRER:
          referrer = dash ? null : this.text(buf, s, e, escapes[i]!);
          break;
        case R_AGENT:
          userAgent = dash ? null : this.text(buf, s, e, escapes[i]!);
          break;
        case R_FIELD:
          named ??= {};
          named[this.#names[i]!] = this.text(buf, s, e, escapes[i]!);
          break;
      }
    }
    if (path !== null && query !== null) path += query.startsWith('?') ? query : `?${query}`;
    let extra = NO_EXTRA;
    const x = sc.extras;
    if (x.length > 0) {
      const list: string[] = [];
      for (let k = 0; k < x.length; k += 3) list.push(this.text(buf, x[k]!, x[k + 1]!, x[k + 2]!));
      extra = list;
    }
    return {
      line,
      ip,
      ident,
      user,
      time: millis === millis ? new Date(millis) : null,
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
      fields: named ?? (this.#hasNamed ? {} : NO_FIELDS),
      extra,
      truncated: sc.truncated,
    };
  }

  // The parts of the last request split (method, path, protocol; null when absent).
  #m: string | null = null;
  #p: string | null = null;
  #v: string | null = null;

  /** Splits a request line into method, path and protocol (into #m, #p, #v). */
  #splitRequest(request: string, buf: Uint8Array, s: number, e: number, unescaped: boolean): void {
    const split = this.#split;
    if (!unescaped && request.length === e - s && request.indexOf('\\') < 0) {
      // Every byte became one UTF-16 unit (no multi-byte character, no invalid byte written as `\xhh`): byte offsets
      // are string offsets, so the parts are slices of the request string.
      splitRequest(buf, s, e, split);
      if (split[0]! < 0) {
        this.#m = this.#p = this.#v = null;
        return;
      }
      const m = split[0]! - s;
      this.#m = this.#method = RecordBuilder.#part(this.#method, this.#methodBytes, request, buf, s, 0, m);
      this.#p = request.slice(split[1]! - s, split[2]! - s);
      if (split[3]! < 0) this.#v = null;
      else {
        this.#v = this.#protocol = RecordBuilder.#part(this.#protocol, this.#protocolBytes, request, buf, s, split[3]! - s, e - s);
      }
      return;
    }
    const bytes = encodeText(request);
    splitRequest(bytes, 0, bytes.length, split);
    if (split[0]! < 0) {
      this.#m = this.#p = this.#v = null;
      return;
    }
    this.#m = validUtf8Text(bytes, 0, split[0]!);
    this.#p = validUtf8Text(bytes, split[1]!, split[2]!);
    this.#v = split[3]! >= 0 ? validUtf8Text(bytes, split[3]!, bytes.length) : null;
  }
}

/** The line as printable text for a reject: control bytes as `\xHH`, cut at 300 characters. @internal */
export function rejectText(buf: Uint8Array, s: number, e: number): string {
  const cut = Math.min(e, s + 300);
  const text = utf8Text(buf, s, cut).replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
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
  if (!Number.isInteger(maxLineLength) || maxLineLength < 1 || maxLineLength > MAX_LINE_LENGTH) {
    throw new RangeError(`maxLineLength must be an integer from 1 to ${MAX_LINE_LENGTH}; got ${describeValue(maxLineLength)}`);
  }
  if (o.onReject !== undefined && typeof o.onReject !== 'function') {
    throw new TypeError(`onReject must be a function; got ${describeValue(o.onReject)}`);
  }
  return { format: compileFormat(o.format ?? 'combined'), strict: o.strict === true, maxLineLength, onReject: o.onReject, raw: o.raw === true };
}
