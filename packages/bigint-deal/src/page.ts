import { describeValue } from './errors.js';

/** A page checked to be an integer from 1 to `count`, as a bigint. Decimal strings are accepted. @internal */
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
    const text = page.trim();
    if (!/^[+-]?\d{1,400}$/.test(text)) {
      throw new RangeError(`page must be an integer from 1 to ${count} in decimal digits; got ${describeValue(page)}`);
    }
    value = BigInt(text);
  } else {
    throw new TypeError(`page must be a bigint, a number or a decimal string; got ${describeValue(page)}`);
  }
  if (value < 1n || value > count) {
    throw new RangeError(`page must be an integer from 1 to ${count}; got ${describeValue(page)}`);
  }
  return value;
}
