/** Shows a value the way an error message should quote it: strings quoted and shortened. @internal */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    return `${JSON.stringify(shown)}${value.length > 60 ? ` (${value.length} characters)` : ''}`;
  }
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** The options object of a call, `{}` when left out; anything else but an object is a TypeError. @internal */
export function optionsOf<T extends object>(options: T | undefined, what: string): Partial<T> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`the options of ${what} must be an object; got ${describeValue(options)}`);
  }
  return options;
}

/** A count such as a limit: a positive integer or Infinity. @internal */
export function positiveCount(value: unknown, what: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value)) {
    throw new TypeError(`${what} must be a positive integer or Infinity; got ${describeValue(value)}`);
  }
  if (value !== Infinity && (!Number.isInteger(value) || value < 1)) {
    throw new RangeError(`${what} must be a positive integer or Infinity; got ${describeValue(value)}`);
  }
  return value;
}
