import { describeValue } from '@puzzles/kit/describe';

export { describeValue, optionsOf } from '@puzzles/kit/describe';

/** An integer option in [min, max], or its default when left out. @internal */
export function integerOption(value: unknown, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number') throw new TypeError(`${name} must be an integer from ${min} to ${max}; got ${describeValue(value)}`);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}; got ${describeValue(value)}`);
  }
  return value;
}
