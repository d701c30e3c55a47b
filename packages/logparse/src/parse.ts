// Parsing on any platform: one line (parseLine), or a log given as chunks (parseLog over an iterable of byte arrays
// or strings). @puzzles/logparse/node adds files, streams and gzip.
import { coreChunks, type ChunkSource } from './chunks.js';
import { encodeText } from './bytes.js';
import { LogLineError, describeValue } from './errors.js';
import { RecordBuilder, readParseOptions, rejectText, type LogRecord, type LogReject, type ParseOptions, type ParseSummary } from './record.js';
import { RecordStream } from './stream.js';

export type { LogRecord, LogReject, ParseOptions, ParseSummary } from './record.js';

/**
 * Parses an access log given as chunks (an iterable or async iterable of `Uint8Array`s or strings), yielding a record
 * per line; rejected lines go to `onReject` (or throw a `LogLineError` with `strict`), and the iterator's return value
 * is the `ParseSummary`. Records are made a small batch at a time as they are asked for, so memory stays flat.
 */
export function parseLog(source: ChunkSource, options?: ParseOptions): AsyncGenerator<LogRecord, ParseSummary, undefined> {
  return new RecordStream(() => coreChunks(source), options);
}

/** Parses a single line (no line end) into a record, or a reject with line number 1. */
export function parseLine(text: string, options?: Omit<ParseOptions, 'maxLineLength' | 'onReject'>): LogRecord | LogReject {
  if (typeof text !== 'string') throw new TypeError(`parseLine takes a string; got ${describeValue(text)}`);
  const { format, strict, raw } = readParseOptions(options, 'parseLine');
  const builder = new RecordBuilder(format, raw);
  // A byte-order mark before the line (the start of a file) is not part of its first field.
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const buf = encodeText(text.endsWith('\r') ? text.slice(start, -1) : text.slice(start));
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
  if (typeof result !== 'object' || result === null) throw new TypeError(`isReject takes a record or a reject; got ${describeValue(result)}`);
  return 'reason' in result;
}
