/** Shows a value the way an error message should quote it (the family's one rule, from the private kit). @internal */
export { describeValue } from '@puzzles/kit/describe';

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
