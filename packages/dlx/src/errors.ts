// How errors quote values: the family's one rule (from the private kit, inlined at build time), and a count check.
import { describeValue } from '@puzzles/kit/describe';

export { describeValue, optionsOf } from '@puzzles/kit/describe';

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
