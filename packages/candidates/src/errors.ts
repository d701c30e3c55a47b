/** Shows a value the way an error message should quote it: strings quoted and shortened. @internal */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    return `${JSON.stringify(shown)}${value.length > 60 ? ` (${value.length} characters)` : ''}`;
  }
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** Throws a TypeError unless `value` is a string. @internal */
export function expectString(value: unknown, what: string): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(`${what} must be a string; got ${describeValue(value)}`);
}

/** Throws a RangeError unless `cell` is an integer 0..80. @internal */
export function expectCell(cell: unknown, what = 'cell'): asserts cell is number {
  if (typeof cell !== 'number' || !Number.isInteger(cell) || cell < 0 || cell > 80) {
    throw new RangeError(`${what} must be an integer from 0 to 80; got ${describeValue(cell)}`);
  }
}

/** Throws a RangeError unless `digit` is an integer 1..9. @internal */
export function expectDigit(digit: unknown, what = 'digit'): asserts digit is number {
  if (typeof digit !== 'number' || !Number.isInteger(digit) || digit < 1 || digit > 9) {
    throw new RangeError(`${what} must be an integer from 1 to 9; got ${describeValue(digit)}`);
  }
}
