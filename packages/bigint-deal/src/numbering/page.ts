import { describeValue } from '../errors.js';

/**
 * A page checked to be an integer from 1 to `count`, as a bigint. A string must be the page in canonical decimal:
 * digits only, no sign, spaces, leading zeros, exponent or other base, so that every page has one spelling.
 * @internal
 */
export function toPage(page: unknown, count: bigint): bigint {
  let value: bigint;
  if (typeof page === 'bigint') {
    value = page;
  } else if (typeof page === 'number') {
    if (!Number.isSafeInteger(page)) {
      const hint = Number.isInteger(page)
        ? ' (a number above 2^53 cannot name a page exactly: pass a bigint or a decimal string)'
        : '';
      throw new RangeError(`page must be an integer from 1 to ${count}; got ${describeValue(page)}${hint}`);
    }
    value = BigInt(page);
  } else if (typeof page === 'string') {
    if (!/^(?:0|[1-9][0-9]*)$/.test(page)) {
      throw new RangeError(
        `page must be an integer from 1 to ${count} in decimal digits (no sign, spaces or leading zeros); got ${describeValue(page)}`,
      );
    }
    // More digits than the last page has is out of range, whatever the digits: no BigInt of a huge string.
    value = page.length > String(count).length ? count + 1n : BigInt(page);
  } else {
    throw new TypeError(`page must be a bigint, a number or a decimal string; got ${describeValue(page)}`);
  }
  if (value < 1n || value > count) {
    throw new RangeError(`page must be an integer from 1 to ${count}; got ${describeValue(page)}`);
  }
  return value;
}
