// The string API's digits ('1'..'9') and the candidate bitmasks under them (bit d-1 for digit d).
import { describeValue } from './errors.js';

/** The digit strings '1'..'9', in order. @internal */
export const DIGIT_STRINGS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** A candidate mask from digit strings; throws on anything else. @internal */
export function maskOfStrings(digits: readonly string[], what: string): number {
  if (!Array.isArray(digits)) throw new TypeError(`${what} must be an array of digit strings '1'..'9'; got ${describeValue(digits)}`);
  let mask = 0;
  for (const d of digits) {
    const i = DIGIT_STRINGS.indexOf(d as (typeof DIGIT_STRINGS)[number]);
    if (i < 0) throw new RangeError(`${what} must be digit strings '1'..'9'; got ${describeValue(d)}`);
    mask |= 1 << i;
  }
  return mask;
}

/** The sorted digit strings of a mask. @internal */
export function stringsOfMask(mask: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < 9; i++) if (mask & (1 << i)) out.push(DIGIT_STRINGS[i]!);
  return out;
}
