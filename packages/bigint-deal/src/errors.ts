/** Shows a value the way an error message should quote it: strings quoted and shortened, bigints without `n`. @internal */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > 80 ? `${value.slice(0, 77)}...` : value;
    return `'${shown}'${value.length > 80 ? ` (${value.length} characters)` : ''}`;
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value === null) return 'null';
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
