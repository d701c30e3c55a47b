// The byte scanner: walks one line of bytes against a compiled format, records where each field starts and ends,
// validates the fields that have a shape (time, status, bytes) and computes the day number, without making strings.
import { MONTH_DAYS, MONTH_SLOT, MONTH_SLOT_KEY, digits2, digits4, validDate } from './dates.js';
import type { CompiledFormat, FormatField } from './format.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SPACE = 0x20;
const TAB = 0x09;
const CLOSE_BRACKET = 0x5d;

/** Why a line was rejected (the scanner's codes; `reason` turns them into words). */
const enum Fail {
  None = 0,
  Empty,
  Literal,
  Unterminated,
  Time,
  Status,
  Bytes,
  Trailing,
}

/** Stands for "no buffer" in the search caches of `LineScanner`. */
const NO_BUFFER = new Uint8Array(0);

/** A line scanner for one format; reused line after line (its arrays are overwritten by each `scan`). @internal */
export class LineScanner {
  readonly format: CompiledFormat;
  readonly fieldCount: number;
  /** Start and end byte offsets of each field in the last line scanned; -1 for a missing optional field. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** 1 when the field contains a backslash escape. */
  readonly escaped: Uint8Array;
  /** Trailing fields after the format's last field (the pound log's extra `"-"`): start, end, escaped. */
  extras: number[] = [];
  /** The last field ran to the end of the line without its closing quote. */
  truncated = false;
  /** YYYYMMDD of the time field, -1 without one. */
  day = -1;
  // Why the last line failed: code, field index, byte offset.
  fail: Fail = Fail.None;
  failField = -1;
  failAt = 0;

  readonly #kinds: Uint8Array;
  readonly #quoted: Uint8Array;
  readonly #delimiter: Int16Array;
  /** The literal before field i when it is one byte, else -1. */
  readonly #single: Int16Array;
  readonly #optionalFrom: number;
  readonly #literals: readonly Uint8Array[];
  readonly #bracketed: Uint8Array;
  /** 1 for the last field when it is quoted and only its closing quote follows it: it may be cut off by the line end. */
  readonly #truncatable: Uint8Array;
  /** True for the combined format's layout, scanned by `#scanCombined`. */
  readonly #combined: boolean;
  // The cached searches of `#next`: [quote, backslash].
  // (NO_BUFFER rather than null when nothing is cached, so the comparison always sees two objects.)
  readonly #bufs: Uint8Array[] = [NO_BUFFER, NO_BUFFER];
  readonly #from = new Int32Array(2);
  readonly #at = new Int32Array(2);

  /** `walkOnly`: every line through the walk over the format's fields, even in the combined format (for tests). */
  constructor(format: CompiledFormat, walkOnly = false) {
    this.format = format;
    const n = format.fields.length;
    this.fieldCount = n;
    this.starts = new Int32Array(n);
    this.ends = new Int32Array(n);
    this.escaped = new Uint8Array(n);
    this.#literals = format.literals;
    this.#single = Int16Array.from(format.fields, (_, i) => (format.literals[i]!.length === 1 ? format.literals[i]![0]! : -1));
    this.#optionalFrom = format.optionalFrom;
    this.#kinds = Uint8Array.from(format.fields, (f) => KIND_CODE[f.kind]);
    this.#quoted = Uint8Array.from(format.fields, (f) => (f.quoted ? 1 : 0));
    this.#bracketed = Uint8Array.from(format.fields, (f, i) => {
      const before = format.literals[i]!;
      return (f.kind === 'time' || f.kind === 'timeIso') && before[before.length - 1] === 0x5b ? 1 : 0;
    });
    this.#truncatable = Uint8Array.from(format.fields, (f, i) => (f.quoted && i === n - 1 && format.literals[n]!.length === 1 ? 1 : 0));
    const text = (bytes: Uint8Array): string => String.fromCharCode(...bytes);
    this.#combined =
      !walkOnly &&
      format.fields.map((f) => `${f.kind}${f.quoted ? '"' : ''}`).join(' ') === 'ip ident user time request" status bytes referrer" userAgent"' &&
      format.literals.map(text).join('|') === '| | | [|] "|" | | "|" "|"' &&
      format.optionalFrom === 7;
    // An unquoted field ends at the first byte of the literal after it; the last field at a space or the line end.
    this.#delimiter = Int16Array.from(format.fields, (_, i) => {
      const after = format.literals[i + 1]!;
      return after.length > 0 ? after[0]! : SPACE;
    });
    // Empty lines through `scan`, so that its call of the walk has run (and been recorded: V8 keeps no feedback for a
    // function's first few calls) before the JIT compiles the caller; the first line off the straight path (a reject,
    // say) then meets code that has seen it, and costs no deoptimisation and recompilation of the line loop.
    for (let k = 0; k < 12; k++) this.scan(NO_BUFFER, 0, 0);
  }

  /** Scans `buf[s, e)` (one line without its line end); true when it matches the format. */
  scan(buf: Uint8Array, s: number, e: number): boolean {
    return (this.#combined && this.#scanCombined(buf, s, e)) || this.#scan(buf, s, e);
  }

  /**
   * The combined format's usual line (Common lines included) in straight-line code, without the walk's lookups per
   * field (1M lines of a combined log: ~5% less CPU for the whole count). It only ever accepts: a line it does not
   * take as it usually comes (a reject, a truncated user agent, trailing fields, an odd time) goes to the walk, which
   * decides and says why; a property test checks that both give the same fields, day and flags.
   */
  #scanCombined(buf: Uint8Array, s: number, e: number): boolean {
    const starts = this.starts;
    const ends = this.ends;
    const escapes = this.escaped;
    // %h %l %u, each up to a space.
    let p = s;
    while (p < e && buf[p] !== SPACE) p++;
    if (p >= e) return false;
    starts[0] = s;
    ends[0] = p;
    let pos = p + 1;
    p = pos;
    while (p < e && buf[p] !== SPACE) p++;
    if (p >= e) return false;
    starts[1] = pos;
    ends[1] = p;
    pos = p + 1;
    p = pos;
    while (p < e && buf[p] !== SPACE) p++;
    // ' [', the 26 bytes of %t, '] "'.
    if (p + 30 >= e || buf[p + 1] !== 0x5b || buf[p + 28] !== CLOSE_BRACKET || buf[p + 29] !== SPACE || buf[p + 30] !== QUOTE) return false;
    this.day = -1;
    if (!this.#time(buf, p + 2, p + 28)) return false;
    starts[2] = pos;
    ends[2] = p;
    starts[3] = p + 2;
    ends[3] = p + 28;
    // "%r" and '" '.
    pos = p + 31;
    p = this.#closingQuote(buf, pos, e);
    if (p + 1 >= e || buf[p + 1] !== SPACE) return false;
    starts[4] = pos;
    ends[4] = p;
    escapes[4] = this.#escapedBefore(buf, pos, p);
    // %>s: three digits or '-'; then ' '.
    pos = p + 2;
    p = pos;
    while (p < e && buf[p] !== SPACE) p++;
    if (p >= e) return false;
    if (p - pos !== 3 || ((buf[pos]! - 0x30) >>> 0) > 9 || ((buf[pos + 1]! - 0x30) >>> 0) > 9 || ((buf[pos + 2]! - 0x30) >>> 0) > 9) {
      if (p - pos !== 1 || buf[pos] !== 0x2d) return false;
    }
    starts[5] = pos;
    ends[5] = p;
    // %b: digits (at most 15) or '-'.
    pos = p + 1;
    p = pos;
    while (p < e && buf[p] !== SPACE) p++;
    if (!(p - pos === 1 && buf[pos] === 0x2d)) {
      if (p === pos || p - pos > 15) return false;
      for (let k = pos; k < p; k++) if (((buf[k]! - 0x30) >>> 0) > 9) return false;
    }
    starts[6] = pos;
    ends[6] = p;
    escapes[0] = escapes[1] = escapes[2] = escapes[3] = escapes[5] = escapes[6] = 0;
    if (this.extras.length > 0) this.extras = [];
    this.truncated = false;
    this.fail = Fail.None;
    if (p === e) {
      // A Common line: no referrer, no user agent.
      starts[7] = ends[7] = starts[8] = ends[8] = -1;
      escapes[7] = escapes[8] = 0;
      return true;
    }
    // ' "', the referrer, '" "', the user agent, '"' and the line end.
    if (p + 1 >= e || buf[p + 1] !== QUOTE) return false;
    pos = p + 2;
    p = this.#closingQuote(buf, pos, e);
    if (p + 2 >= e || buf[p + 1] !== SPACE || buf[p + 2] !== QUOTE) return false;
    starts[7] = pos;
    ends[7] = p;
    escapes[7] = this.#escapedBefore(buf, pos, p);
    pos = p + 3;
    p = this.#closingQuote(buf, pos, e);
    if (p + 1 !== e) return false;
    starts[8] = pos;
    ends[8] = p;
    escapes[8] = this.#escapedBefore(buf, pos, p);
    return true;
  }

  /**
   * The next quote at or after `pos` that no backslash escapes (`e` or more when the line has none), found with native
   * searches: quotes are looked up once per chunk position, so lines without them cost nothing extra.
   */
  #closingQuote(buf: Uint8Array, pos: number, e: number): number {
    let p = pos;
    for (;;) {
      p = this.#next(0, QUOTE, buf, p);
      if (p >= e) return p;
      let k = p;
      while (k > pos && buf[k - 1] === BACKSLASH) k--;
      if (((p - k) & 1) === 0) return p;
      p++;
    }
  }

  /** 1 when `buf[pos, end)` holds a backslash (looked up once per chunk position, as quotes are), else 0. */
  #escapedBefore(buf: Uint8Array, pos: number, end: number): number {
    return this.#next(1, BACKSLASH, buf, pos) < end ? 1 : 0;
  }

  /** The walk over the format's fields. */
  #scan(buf: Uint8Array, s: number, e: number): boolean {
    this.truncated = false;
    this.day = -1;
    this.fail = Fail.None;
    if (this.extras.length > 0) this.extras = [];
    if (s === e) return this.#reject(Fail.Empty, -1, s);
    const n = this.fieldCount;
    const literals = this.#literals;
    const single = this.#single;
    const quoted = this.#quoted;
    const bracketed = this.#bracketed;
    const kinds = this.#kinds;
    const delimiters = this.#delimiter;
    const optionalFrom = this.#optionalFrom;
    const starts = this.starts;
    const ends = this.ends;
    const escapes = this.escaped;
    const truncatable = this.#truncatable;
    let trunc = 0;
    let pos = s;
    for (let i = 0; i < n; i++) {
      if (pos === e && i >= optionalFrom && i > 0) {
        for (let j = i; j < n; j++) {
          starts[j] = -1;
          ends[j] = -1;
          escapes[j] = 0;
        }
        return true;
      }
      const one = single[i]!;
      if (one >= 0) {
        if (pos >= e || buf[pos] !== one) return this.#reject(Fail.Literal, i, pos);
        pos++;
      } else {
        const literal = literals[i]!;
        const len = literal.length;
        if (e - pos < len) return this.#reject(Fail.Literal, i, pos);
        for (let k = 0; k < len; k++) if (buf[pos + k] !== literal[k]) return this.#reject(Fail.Literal, i, pos);
        pos += len;
      }
      let p = pos;
      let escaped = 0;
      if (quoted[i] === 1) {
        p = this.#closingQuote(buf, pos, e);
        escaped = this.#escapedBefore(buf, pos, p < e ? p : e);
        // A quoted last field cut off by the line end (a truncated user agent) is kept and flagged; elsewhere an
        // unterminated quote is a reject. Written without a branch of its own for the truncated case, so that the
        // first truncated line does not meet code the JIT has never seen run.
        const cut = p >= e ? 1 : 0;
        if (cut > truncatable[i]!) return this.#reject(Fail.Unterminated, i, pos);
        trunc |= cut;
        p = cut === 1 ? e : p;
      } else if (bracketed[i] === 1) {
        // Usually exactly 26 bytes (dd/Mon/yyyy:HH:MM:SS +zzzz); otherwise look for the bracket.
        if (p + 26 < e && buf[p + 26] === CLOSE_BRACKET && kinds[i] === K_TIME && this.#time(buf, p, p + 26)) {
          starts[i] = pos;
          ends[i] = p + 26;
          escapes[i] = 0;
          pos = p + 26;
          continue;
        }
        while (p < e && buf[p] !== CLOSE_BRACKET) p++;
      } else {
        const delimiter = delimiters[i]!;
        while (p < e && buf[p] !== delimiter) p++;
      }
      starts[i] = pos;
      ends[i] = p;
      escapes[i] = escaped;
      const kind = kinds[i]!;
      if (kind !== K_OTHER) {
        if (kind === K_STATUS) {
          if (p - pos !== 3 || ((buf[pos]! - 0x30) >>> 0) > 9 || ((buf[pos + 1]! - 0x30) >>> 0) > 9 || ((buf[pos + 2]! - 0x30) >>> 0) > 9) {
            // '-': no status (Apache writes it for a status of 0 or less).
            if (p - pos !== 1 || buf[pos] !== 0x2d) return this.#reject(Fail.Status, i, pos);
          }
        } else if (kind === K_BYTES) {
          if (!(p - pos === 1 && buf[pos] === 0x2d)) {
            if (p === pos || p - pos > 15) return this.#reject(Fail.Bytes, i, pos);
            for (let k = pos; k < p; k++) if (((buf[k]! - 0x30) >>> 0) > 9) return this.#reject(Fail.Bytes, i, pos);
          }
        } else if (kind === K_TIME) {
          if (!this.#time(buf, pos, p)) return this.#reject(Fail.Time, i, pos);
        } else if (kind === K_ISO) {
          if (!this.#isoTime(buf, pos, p)) return this.#reject(Fail.Time, i, pos);
        }
      }
      pos = p;
    }
    this.truncated = trunc === 1;
    if (trunc === 1) return true;
    const last = literals[n]!;
    if (e - pos < last.length) return this.#reject(Fail.Literal, n, pos);
    for (let k = 0; k < last.length; k++) if (buf[pos + k] !== last[k]) return this.#reject(Fail.Literal, n, pos);
    pos += last.length;
    return pos === e || this.#extras(buf, pos, e);
  }

  /** Trailing fields: ` "quoted"` or ` token`, as many as there are; trailing blanks are allowed. */
  #extras(buf: Uint8Array, pos: number, e: number): boolean {
    while (pos < e) {
      const b = buf[pos]!;
      if (b !== SPACE && b !== TAB) return this.#reject(Fail.Trailing, -1, pos);
      while (pos < e && (buf[pos] === SPACE || buf[pos] === TAB)) pos++;
      if (pos === e) return true;
      if (buf[pos] === QUOTE) {
        const start = pos + 1;
        let p = start;
        let escaped = 0;
        while (p < e) {
          const c = buf[p]!;
          if (c === QUOTE) break;
          if (c === BACKSLASH) {
            escaped = 1;
            p += 2;
          } else p++;
        }
        if (p >= e) {
          this.extras.push(start, e, escaped);
          this.truncated = true;
          return true;
        }
        this.extras.push(start, p, escaped);
        pos = p + 1;
      } else {
        const start = pos;
        while (pos < e && buf[pos] !== SPACE && buf[pos] !== TAB) pos++;
        this.extras.push(start, pos, 0);
      }
    }
    return true;
  }

  /**
   * `dd/Mon/yyyy:HH:MM:SS +zzzz`; sets `day`. Every line takes the same path through this code (no cache of the last
   * date, no branch taken only on a new day or a leap day): code first run after the JIT has optimised `scan`
   * would cost a deoptimisation and a recompilation.
   */
  #time(buf: Uint8Array, s: number, e: number): boolean {
    if (e - s !== 26) return false;
    const day = digits2(buf, s);
    const key = (buf[s + 3]! << 16) | (buf[s + 4]! << 8) | buf[s + 5]!;
    const slot = (buf[s + 4]! + buf[s + 5]!) & 31;
    const month = MONTH_SLOT_KEY[slot] === key ? MONTH_SLOT[slot]! : 0;
    const year = digits4(buf, s + 7);
    const leap = (year & 3) === 0 && (year % 100 !== 0 || year % 400 === 0) ? 1 : 0;
    const last = MONTH_DAYS[month]! + (month === 2 ? leap : 0);
    const sep = (buf[s + 2]! ^ 0x2f) | (buf[s + 6]! ^ 0x2f) | (buf[s + 11]! ^ 0x3a) | (buf[s + 14]! ^ 0x3a) | (buf[s + 17]! ^ 0x3a) | (buf[s + 20]! ^ SPACE);
    const sign = buf[s + 21];
    const h = digits2(buf, s + 12);
    const m = digits2(buf, s + 15);
    const sec = digits2(buf, s + 18);
    const zone = digits4(buf, s + 22);
    const ok =
      sep === 0 &&
      month > 0 &&
      year >= 0 &&
      day >= 1 &&
      day <= last &&
      (sign === 0x2b || sign === 0x2d) &&
      h >= 0 &&
      h < 24 &&
      m >= 0 &&
      m < 60 &&
      sec >= 0 &&
      sec <= 60 &&
      zone >= 0 &&
      zone < 2400 &&
      zone % 100 < 60;
    if (ok) this.day = year * 10000 + month * 100 + day;
    return ok;
  }

  /** `yyyy-mm-ddTHH:MM:SS+hh:mm` (or `Z`); sets `day`. */
  #isoTime(buf: Uint8Array, s: number, e: number): boolean {
    if (e - s !== 25 && e - s !== 20) return false;
    const year = digits4(buf, s);
    const month = digits2(buf, s + 5);
    const day = digits2(buf, s + 8);
    if (buf[s + 4] !== 0x2d || buf[s + 7] !== 0x2d || buf[s + 10] !== 0x54) return false;
    if (!validDate(year, month, day)) return false;
    if (buf[s + 13] !== 0x3a || buf[s + 16] !== 0x3a) return false;
    const h = digits2(buf, s + 11);
    const m = digits2(buf, s + 14);
    const sec = digits2(buf, s + 17);
    if (h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60) return false;
    if (e - s === 20) {
      if (buf[s + 19] !== 0x5a) return false;
    } else {
      const sign = buf[s + 19];
      const zh = digits2(buf, s + 20);
      const zm = digits2(buf, s + 23);
      if ((sign !== 0x2b && sign !== 0x2d) || buf[s + 22] !== 0x3a || zh < 0 || zh > 23 || zm < 0 || zm > 59) return false;
    }
    this.day = year * 10000 + month * 100 + day;
    return true;
  }

  /** Forgets cached search positions: call before lines from a new chunk (a chunk's buffer may be reused). */
  newChunk(): void {
    this.#bufs[0] = NO_BUFFER;
    this.#bufs[1] = NO_BUFFER;
  }

  /**
   * The next quote (`which` 0) or backslash (1) at or after `from`, cached per chunk position: one method for both,
   * so that its cache-miss path, taken on nearly every line for quotes, is already known to the JIT when a
   * backslash is passed for the first time.
   */
  #next(which: number, byte: number, buf: Uint8Array, from: number): number {
    const at = this.#at;
    const cached = at[which]!;
    if (this.#bufs[which] === buf && from >= this.#from[which]! && from <= cached) return cached;
    const found = buf.indexOf(byte, from);
    const length = buf.length; // read on every miss, found or not
    const pos = found < 0 ? length : found;
    this.#bufs[which] = buf;
    this.#from[which] = from;
    at[which] = pos;
    return pos;
  }

  #reject(fail: Fail, field: number, at: number): false {
    this.fail = fail;
    this.failField = field;
    this.failAt = at;
    return false;
  }

  /** Words for the last failure of `scan` on `buf[s, e)`. */
  reason(buf: Uint8Array, s: number, e: number): string {
    const fields = this.format.fields;
    const name = (i: number): string => fieldLabel(fields[i]!);
    const i = this.failField;
    const at = this.failAt;
    const sample = (from: number, to: number): string => quote(latin(buf, from, Math.min(to, from + 40)) + (to > from + 40 ? '…' : ''));
    switch (this.fail) {
      case Fail.Empty:
        return 'empty line';
      case Fail.Literal: {
        const literal = this.#literals[i]!;
        const where = i === 0 ? 'at the start of the line' : `after the ${name(i - 1)}`;
        if (at >= e) return `line ends early: expected ${quote(latin(literal, 0, literal.length))} ${where}`;
        return `expected ${quote(latin(literal, 0, literal.length))} ${where}; got ${sample(at, e)}`;
      }
      case Fail.Unterminated:
        return `unterminated quoted ${name(i)}: no closing '"' before the line end`;
      case Fail.Time:
        return `bad time ${sample(at, this.ends[i]!)} in the ${name(i)}; expected ${fields[i]!.kind === 'timeIso' ? 'yyyy-mm-ddTHH:MM:SS+hh:mm' : 'dd/Mon/yyyy:HH:MM:SS +zzzz'}`;
      case Fail.Status:
        return `bad status ${sample(at, this.ends[i]!)}; expected three digits or '-'`;
      case Fail.Bytes:
        return `bad size ${sample(at, this.ends[i]!)} in the ${name(i)}; expected digits or '-'`;
      case Fail.Trailing:
        return `unexpected text after the last field: ${sample(at, e)}`;
      default:
        return 'no failure';
    }
  }
}

const K_OTHER = 0;
const K_TIME = 1;
const K_STATUS = 2;
const K_BYTES = 3;
const K_ISO = 4;
const KIND_CODE: Record<FormatField['kind'], number> = {
  ip: K_OTHER,
  ident: K_OTHER,
  user: K_OTHER,
  time: K_TIME,
  timeIso: K_ISO,
  request: K_OTHER,
  method: K_OTHER,
  path: K_OTHER,
  query: K_OTHER,
  protocol: K_OTHER,
  status: K_STATUS,
  bytes: K_BYTES,
  referrer: K_OTHER,
  userAgent: K_OTHER,
  field: K_OTHER,
};

const LABELS: Partial<Record<FormatField['kind'], string>> = {
  ip: 'client address',
  ident: 'ident',
  user: 'user',
  time: 'time',
  timeIso: 'time',
  request: 'request',
  method: 'method',
  path: 'path',
  query: 'query',
  protocol: 'protocol',
  status: 'status',
  bytes: 'size',
  referrer: 'referrer',
  userAgent: 'user agent',
};

/** A field as named in messages: `user agent (%{User-agent}i)`. @internal */
export function fieldLabel(field: FormatField): string {
  return `${LABELS[field.kind] ?? field.name} (${field.source})`;
}

function latin(buf: Uint8Array, s: number, e: number): string {
  let out = '';
  for (let k = s; k < e; k++) {
    const b = buf[k]!;
    out += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return out;
}

function quote(text: string): string {
  return `'${text}'`;
}

