/** Shows a value the way an error message should quote it: strings quoted and shortened. @internal */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 37)}...` : value;
    return `'${shown}'${value.length > 40 ? ` (${value.length} characters)` : ''}`;
  }
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value === null) return 'null';
  if (value instanceof Uint32Array) return `a Uint32Array of ${value.length}`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** The options object of a call, `{}` when left out; anything else but an object is a TypeError. @internal */
export function optionsOf<T extends object>(options: T | undefined, what: string): Partial<T> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`the options of ${what} must be an object; got ${describeValue(options)}`);
  }
  return options;
}

/** Checks that `value` can be iterated (a list of numbers is expected of it). @internal */
export function checkIterable<T>(value: Iterable<T>, what: string): Iterable<T> {
  if (typeof (value as { [Symbol.iterator]?: unknown } | null | undefined)?.[Symbol.iterator] !== 'function') {
    throw new TypeError(`${what} must be an iterable of ${what === 'cells' ? 'cell' : 'move'} numbers; got ${describeValue(value)}`);
  }
  return value;
}

/** Checks that `value` is an integer from `min` to `max`. @internal */
export function checkInteger(value: unknown, min: number, max: number, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${what} must be an integer from ${min} to ${max}; got ${describeValue(value)}`);
  }
  if (value < min || value > max) throw new RangeError(`${what} must be an integer from ${min} to ${max}; got ${describeValue(value)}`);
  return value;
}
