/** Shows a value the way an error message should quote it: strings quoted and shortened. @internal */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > 80 ? `${value.slice(0, 77)}...` : value;
    return `'${shown}'${value.length > 80 ? ` (${value.length} characters)` : ''}`;
  }
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value instanceof RegExp) return String(value);
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** A log format string that cannot be compiled: names the directive or variable and where it is. */
export class LogFormatError extends TypeError {
  override name = 'LogFormatError';
}

/** A line rejected in strict mode: carries the line number and the reason. */
export class LogLineError extends RangeError {
  override name = 'LogLineError';
  /** 1-based line number of the rejected line. */
  readonly line: number;
  /** Why the line was rejected. */
  readonly reason: string;
  constructor(line: number, reason: string, where = '') {
    super(`${where}line ${line}: ${reason}`);
    this.line = line;
    this.reason = reason;
  }
}

/** A source that cannot be read (missing file, unreadable stream, corrupt gzip). */
export class LogSourceError extends RangeError {
  override name = 'LogSourceError';
}
