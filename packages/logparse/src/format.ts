// Log formats: the named presets and Apache `LogFormat` / nginx `log_format` strings, compiled once into a list of
// literals and fields that the byte scanner (scan.ts) walks.
import { LogFormatError, describeValue } from './errors.js';

/** What a field holds, which decides how it is validated and where it goes in a record. */
export type FieldKind =
  | 'ip'
  | 'ident'
  | 'user'
  | 'time'
  | 'timeIso'
  | 'request'
  | 'method'
  | 'path'
  | 'query'
  | 'protocol'
  | 'status'
  | 'bytes'
  | 'referrer'
  | 'userAgent'
  | 'field';

/** One field of a compiled format. */
export interface FormatField {
  readonly kind: FieldKind;
  /** The record key for `field` kinds (`serverName`, `X-Forwarded-For`, `http_x_forwarded_for`…); else the kind. */
  readonly name: string;
  /** The directive or variable it came from, as written (`%>s`, `$status`). */
  readonly source: string;
  /** Delimited by double quotes (the format has `"` just before and after it). */
  readonly quoted: boolean;
}

/** A format compiled once: literals and fields alternate (`literals[i]` comes before `fields[i]`). */
export interface CompiledFormat {
  /** The name (`combined`, `common`) or the format string it was compiled from. */
  readonly name: string;
  readonly fields: readonly FormatField[];
  /** `literals.length === fields.length + 1`; the bytes that must appear before field i, and after the last one. */
  readonly literals: readonly Uint8Array[];
  /**
   * Fields from this index on may be missing together when the line ends right before them (the combined format
   * accepts common-format lines this way); `fields.length` when every field is required.
   */
  readonly optionalFrom: number;
}

/** The named formats: `common` (CLF), `combined` (CLF + referrer + user agent; also accepts common lines). */
export type FormatName = 'common' | 'combined';

/** A format given by name, as an Apache `LogFormat` string, an nginx `log_format` string, or already compiled. */
export type LogFormatSpec =
  | FormatName
  | CompiledFormat
  | { readonly apache: string }
  | { readonly nginx: string };

const COMMON = '%h %l %u %t "%r" %>s %b';
const COMBINED = '%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-agent}i"';

const encoder = new TextEncoder();

interface Piece {
  literal?: string;
  kind?: FieldKind;
  name?: string;
  source?: string;
  /** Apache's `>` modifier (the final request's value). */
  final?: boolean;
}

/** Apache directives without an argument. */
const APACHE_SIMPLE: Record<string, [FieldKind, string]> = {
  h: ['ip', 'ip'],
  a: ['ip', 'ip'],
  l: ['ident', 'ident'],
  u: ['user', 'user'],
  t: ['time', 'time'],
  r: ['request', 'request'],
  s: ['status', 'status'],
  b: ['bytes', 'bytes'],
  B: ['bytes', 'bytes'],
  m: ['method', 'method'],
  U: ['path', 'path'],
  q: ['query', 'query'],
  H: ['protocol', 'protocol'],
  v: ['field', 'serverName'],
  V: ['field', 'serverName'],
  A: ['field', 'localIp'],
  p: ['field', 'port'],
  P: ['field', 'pid'],
  D: ['field', 'durationMicros'],
  T: ['field', 'durationSeconds'],
  I: ['field', 'bytesIn'],
  O: ['field', 'bytesOut'],
  S: ['field', 'bytesTransferred'],
  X: ['field', 'connectionStatus'],
  k: ['field', 'keepAliveRequests'],
  L: ['field', 'logId'],
  R: ['field', 'handler'],
  f: ['field', 'filename'],
};

/** Compiles an Apache `LogFormat` string (mod_log_config directives) into a format. */
export function compileApacheFormat(format: string): CompiledFormat {
  if (typeof format !== 'string') throw new TypeError(`an Apache LogFormat must be a string; got ${describeValue(format)}`);
  const pieces: Piece[] = [];
  let i = 0;
  let literal = '';
  while (i < format.length) {
    const ch = format[i]!;
    if (ch === '\\' && i + 1 < format.length) {
      // LogFormat strings in httpd.conf escape quotes and control characters.
      const next = format[i + 1]!;
      literal += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      i += 2;
      continue;
    }
    if (ch !== '%') {
      literal += ch;
      i++;
      continue;
    }
    const start = i;
    i++;
    if (format[i] === '%') {
      literal += '%';
      i++;
      continue;
    }
    // Modifiers: < or > pick the original or final request; a status list makes the directive conditional.
    let final = false;
    while (format[i] === '<' || format[i] === '>') final = format[i++] === '>';
    if (format[i] === '!' || /[0-9]/.test(format[i] ?? '')) {
      const end = /[a-zA-Z{]/.exec(format.slice(i));
      const shown = format.slice(start, end ? i + end.index + 1 : format.length);
      throw new LogFormatError(`unsupported Apache directive '${shown}' at position ${start}: conditional (status-list) directives are not supported`);
    }
    let argument: string | undefined;
    if (format[i] === '{') {
      const close = format.indexOf('}', i);
      if (close < 0) throw new LogFormatError(`unterminated '%{' in Apache LogFormat at position ${start}`);
      argument = format.slice(i + 1, close);
      i = close + 1;
    }
    const letter = format[i];
    if (letter === undefined) throw new LogFormatError(`Apache LogFormat ends in the middle of a directive at position ${start}`);
    i++;
    const source = format.slice(start, i);
    if (pieces.length > 0 || literal !== '') pieces.push({ literal });
    literal = '';
    if (argument !== undefined) {
      const header = argument.toLowerCase();
      if (letter === 'i' && (header === 'referer' || header === 'referrer')) pieces.push({ kind: 'referrer', name: 'referrer', source });
      else if (letter === 'i' && header === 'user-agent') pieces.push({ kind: 'userAgent', name: 'userAgent', source });
      else if ('ioenC'.includes(letter)) pieces.push({ kind: 'field', name: argument, source });
      else if (letter === 't') {
        throw new LogFormatError(`unsupported Apache directive '${source}' at position ${start}: only the default time format %t is supported`);
      } else {
        throw new LogFormatError(`unsupported Apache directive '${source}' at position ${start}`);
      }
      continue;
    }
    const simple = APACHE_SIMPLE[letter];
    if (!simple) throw new LogFormatError(`unsupported Apache directive '${source}' at position ${start}`);
    if (simple[0] === 'time') {
      // %t writes its own brackets.
      pieces.push({ literal: '[' }, { kind: 'time', name: 'time', source }, { literal: ']' });
      continue;
    }
    pieces.push({ kind: simple[0], name: simple[1], source, final });
  }
  if (literal !== '') pieces.push({ literal });
  // `%>s` is the final status; `%s` and `%<s` are the status of the original request (they differ after an internal
  // redirect). The record's status is the final one when the format has it; the others become `originalStatus`.
  const statuses = pieces.filter((p) => p.kind === 'status');
  const chosen = statuses.find((p) => p.final) ?? statuses[0];
  for (const p of statuses) {
    if (p !== chosen) {
      p.kind = 'field';
      p.name = 'originalStatus';
    }
  }
  return build(format, pieces, format === COMBINED ? 7 : undefined);
}

/** nginx variables with a place in the record; other known variables become named fields. */
const NGINX_KNOWN: Record<string, FieldKind> = {
  remote_addr: 'ip',
  binary_remote_addr: 'ip',
  realip_remote_addr: 'ip',
  remote_user: 'user',
  time_local: 'time',
  time_iso8601: 'timeIso',
  request: 'request',
  request_method: 'method',
  uri: 'path',
  document_uri: 'path',
  request_uri: 'path',
  args: 'query',
  is_args: 'query',
  query_string: 'query',
  server_protocol: 'protocol',
  status: 'status',
  body_bytes_sent: 'bytes',
  http_referer: 'referrer',
  http_user_agent: 'userAgent',
};
const NGINX_FIELDS = new Set([
  'bytes_sent', 'connection', 'connection_requests', 'connection_time', 'content_length', 'content_type', 'gzip_ratio',
  'host', 'hostname', 'https', 'msec', 'pid', 'pipe', 'proxy_protocol_addr', 'proxy_protocol_port', 'remote_port',
  'request_body', 'request_completion', 'request_filename', 'request_id', 'request_length', 'request_time', 'scheme',
  'server_addr', 'server_name', 'server_port', 'ssl_cipher', 'ssl_protocol', 'ssl_server_name', 'ssl_session_reused',
  'tcpinfo_rtt', 'geoip_country_code', 'realip_remote_port', 'proxy_add_x_forwarded_for', 'limit_rate',
]);
const NGINX_PREFIXES = ['http_', 'sent_http_', 'sent_trailer_', 'upstream_', 'cookie_', 'arg_', 'ssl_', 'geoip_', 'jwt_'];

/** Compiles an nginx `log_format` string (`$remote_addr - $remote_user [$time_local] "$request" …`) into a format. */
export function compileNginxFormat(format: string): CompiledFormat {
  if (typeof format !== 'string') throw new TypeError(`an nginx log_format must be a string; got ${describeValue(format)}`);
  const pieces: Piece[] = [];
  let literal = '';
  let i = 0;
  while (i < format.length) {
    const ch = format[i]!;
    if (ch !== '$') {
      literal += ch;
      i++;
      continue;
    }
    const start = i;
    let name: string;
    if (format[i + 1] === '{') {
      const close = format.indexOf('}', i);
      if (close < 0) throw new LogFormatError(`unterminated '\${' in nginx log_format at position ${start}`);
      name = format.slice(i + 2, close);
      i = close + 1;
    } else {
      const match = /^[A-Za-z0-9_]+/.exec(format.slice(i + 1));
      if (!match) {
        literal += '$';
        i++;
        continue;
      }
      name = match[0];
      i += 1 + name.length;
    }
    const source = format.slice(start, i);
    const kind = NGINX_KNOWN[name];
    if (pieces.length > 0 || literal !== '') pieces.push({ literal });
    literal = '';
    if (kind) pieces.push({ kind, name: kind, source });
    else if (NGINX_FIELDS.has(name) || NGINX_PREFIXES.some((p) => name.startsWith(p) && name.length > p.length)) {
      pieces.push({ kind: 'field', name, source });
    } else {
      throw new LogFormatError(`unsupported nginx variable '${source}' at position ${start}`);
    }
  }
  if (literal !== '') pieces.push({ literal });
  return build(format, pieces);
}

function build(name: string, pieces: Piece[], optionalFrom?: number): CompiledFormat {
  const fields: FormatField[] = [];
  const literalText: string[] = [''];
  for (const piece of pieces) {
    if (piece.literal !== undefined) {
      literalText[literalText.length - 1] += piece.literal;
      continue;
    }
    if (fields.length > 0 && literalText[literalText.length - 1] === '') {
      const previous = fields[fields.length - 1]!;
      if (piece.kind === 'query' && previous.kind === 'path') {
        // `%U%q`, `$uri$is_args$args`: the query string right after the path is part of it (the path runs to the
        // byte after it either way).
        fields[fields.length - 1] = { ...previous, source: previous.source + piece.source! };
        continue;
      }
      throw new LogFormatError(
        `fields '${previous.source}' and '${piece.source!}' touch with nothing between them in ${describeValue(name)}; the line cannot be split`,
      );
    }
    fields.push({ kind: piece.kind!, name: piece.name!, source: piece.source!, quoted: false });
    literalText.push('');
  }
  if (fields.length === 0) throw new LogFormatError(`log format ${describeValue(name)} has no fields`);
  // A field is quoted when the literal before it ends with " and the literal after it starts with ".
  const quotedFields = fields.map((field, i) => ({
    ...field,
    quoted: literalText[i]!.endsWith('"') && literalText[i + 1]!.startsWith('"'),
  }));
  for (let i = 0; i < quotedFields.length; i++) {
    const field = quotedFields[i]!;
    const after = literalText[i + 1]!;
    if (!field.quoted && after === '' && i < quotedFields.length - 1) {
      throw new LogFormatError(`field '${field.source}' has nothing after it to end it in ${describeValue(name)}`);
    }
  }
  return {
    name,
    fields: quotedFields,
    literals: literalText.map((text) => encoder.encode(text)),
    optionalFrom: optionalFrom ?? quotedFields.length,
  };
}

const cache = new Map<string, CompiledFormat>();

/** Compiles a format given by name, as `{ apache }` / `{ nginx }` strings, or returns an already compiled one. */
export function compileFormat(spec: LogFormatSpec = 'combined'): CompiledFormat {
  if (typeof spec === 'string') {
    if (spec === 'combined' || spec === 'common') {
      let compiled = cache.get(spec);
      if (!compiled) {
        compiled = { ...compileApacheFormat(spec === 'combined' ? COMBINED : COMMON), name: spec };
        cache.set(spec, compiled);
      }
      return compiled;
    }
    throw new LogFormatError(
      `unknown log format ${describeValue(spec)}; expected 'combined', 'common', { apache: '<LogFormat>' } or { nginx: '<log_format>' }`,
    );
  }
  if (typeof spec !== 'object' || spec === null) {
    throw new TypeError(`format must be 'combined', 'common', { apache } or { nginx }; got ${describeValue(spec)}`);
  }
  if ('apache' in spec) return compileApacheFormat(spec.apache);
  if ('nginx' in spec) return compileNginxFormat(spec.nginx);
  if ('fields' in spec && 'literals' in spec && Array.isArray(spec.fields) && Array.isArray(spec.literals)) return spec;
  throw new TypeError(`format must be 'combined', 'common', { apache } or { nginx }; got ${describeValue(spec)}`);
}
