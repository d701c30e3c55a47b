// Argument checks shared by the library. How a value is quoted in a message is the family's one rule (the kit's).
import { describeValue } from '@puzzles/kit/describe';

export { describeValue, optionsOf } from '@puzzles/kit/describe';

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
