// How the HTML report writes a value: counts with the reader's thousands separator, bytes in binary units (KiB,
// MiB, GiB, as GoAccess writes them), shares as percentages, axis ticks in short form, days as dates. The page is
// written with 'en-US' figures, and its script writes them again in the reader's locale with this same function
// (its source text is put in the page), so both always agree.

/**
 * A value as the HTML report shows it. `unit`: `n` a count, `b` bytes (KiB, MiB, GiB… with two decimals), `p` a
 * share from 0 to 1 as a percentage, `c` an axis tick (short: 1.5K), `d` a day `YYYY-MM-DD` as a short date, `D` as
 * a long date. @internal
 */
export function showValue(raw: string, unit: string, locale: string | undefined): string {
  // Formatters are made once per locale and unit and kept on the function itself (a page localises a thousand
  // values, and making an Intl formatter costs far more than using one); the function must stay self-contained.
  const store = showValue as unknown as { formats?: Map<string, Intl.NumberFormat | Intl.DateTimeFormat> };
  const formats = (store.formats ??= new Map());
  const format = <T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T => {
    let made = formats.get(`${locale}|${key}`) as T | undefined;
    if (made === undefined) formats.set(`${locale}|${key}`, (made = make()));
    return made;
  };
  if (unit === 'd' || unit === 'D') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
    if (m === null) return raw;
    const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    const options: Intl.DateTimeFormatOptions = unit === 'd' ? { month: 'short', day: 'numeric', timeZone: 'UTC' } : { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
    return format(unit, () => new Intl.DateTimeFormat(locale, options)).format(date);
  }
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw;
  if (unit === 'b') {
    const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];
    let scaled = value;
    let k = 0;
    while (Math.abs(scaled) >= 1024 && k < units.length - 1) {
      scaled /= 1024;
      k++;
    }
    if (k === 0) return `${format('n', () => new Intl.NumberFormat(locale)).format(value)} ${value === 1 ? 'byte' : 'bytes'}`;
    return `${format('b', () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(scaled)} ${units[k]}`;
  }
  if (unit === 'p') return format('p', () => new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(value);
  if (unit === 'c') return format('c', () => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })).format(value);
  return format('n', () => new Intl.NumberFormat(locale)).format(value);
}

/** `showValue` as the page is written here (figures in 'en-US'): through `showEnUs` for that locale. @internal */
export function serverShow(raw: string, unit: string, locale: string | undefined): string {
  return locale === 'en-US' ? showEnUs(raw, unit) : showValue(raw, unit, locale);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * `showValue(raw, unit, 'en-US')`, the text the page is first written with, without `Intl` for the figures a report
 * is made of (counts, bytes, shares, ticks that are whole numbers, days of years from 1000 on), and through
 * `showValue` for any other: making a process's first `Intl` formatter loads the locale's data, some 30–40 ms of CPU
 * that a page of a few thousand figures does not need. The text is the same either way: like `Intl.NumberFormat`,
 * it rounds the shortest decimal that reads back as the number (JavaScript's own), ties away from zero. @internal
 */
export function showEnUs(raw: string, unit: string): string {
  if (unit === 'd' || unit === 'D') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
    if (m === null) return raw;
    // Read back from the Date, as Intl prints it (an out-of-range month or day moves the date on).
    const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    const year = date.getUTCFullYear();
    if (year < 1000 || year > 9999) return showValue(raw, unit, 'en-US');
    const month = MONTHS[date.getUTCMonth()]!;
    return unit === 'd' ? `${month.slice(0, 3)} ${date.getUTCDate()}` : `${month} ${date.getUTCDate()}, ${year}`;
  }
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw;
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  let text: string | null;
  if (unit === 'b') {
    // The same units and divisions as showValue's (which cannot share code: its text goes into the page alone).
    const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];
    let scaled = value;
    let k = 0;
    while (Math.abs(scaled) >= 1024 && k < units.length - 1) {
      scaled /= 1024;
      k++;
    }
    text = k === 0 ? rounded(Math.abs(value), 0, 3) : rounded(Math.abs(scaled), 2, 2);
    if (text !== null) text = `${text} ${k > 0 ? units[k] : value === 1 ? 'byte' : 'bytes'}`;
  } else if (unit === 'p') {
    text = rounded(Math.abs(value), 2, 2, 2);
    if (text !== null) text += '%';
  } else if (unit === 'c') {
    text = compact(Math.abs(value));
  } else {
    text = rounded(Math.abs(value), 0, 3);
  }
  return text === null ? showValue(raw, unit, 'en-US') : sign + text;
}

/**
 * A non-negative number's shortest decimal, times 10^`shift`, rounded to at most `most` decimals (ties up) and shown
 * with at least `least`, thousands grouped; null for what this does not write (exponents, 17 digits or more).
 */
function rounded(x: number, least: number, most: number, shift = 0): string | null {
  const decimal = String(x);
  if (decimal.includes('e') || x >= 1e16) return null;
  const dot = decimal.indexOf('.');
  let whole = dot < 0 ? decimal : decimal.slice(0, dot);
  let fraction = dot < 0 ? '' : decimal.slice(dot + 1);
  fraction = fraction.padEnd(shift, '0');
  whole += fraction.slice(0, shift);
  fraction = fraction.slice(shift);
  let digits = whole + fraction.slice(0, most).padEnd(most, '0');
  if (fraction.length > most && fraction.charCodeAt(most) >= 0x35) {
    // Add one at the last kept place, carrying.
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === '9') i--;
    digits = i < 0 ? `1${'0'.repeat(digits.length)}` : digits.slice(0, i) + String.fromCharCode(digits.charCodeAt(i) + 1) + '0'.repeat(digits.length - 1 - i);
  }
  whole = digits.slice(0, digits.length - most).replace(/^0+(?=\d)/, '');
  fraction = digits.slice(digits.length - most);
  while (fraction.length > least && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return group(whole) + (fraction === '' ? '' : `.${fraction}`);
}

/** An axis tick that is a whole number, short: 950, 1.5K, 12M; null for other numbers. */
function compact(size: number): string | null {
  if (!Number.isInteger(size) || size >= 1e15) return null;
  if (size < 1000) return String(size);
  let power = size >= 1e12 ? 12 : size >= 1e9 ? 9 : size >= 1e6 ? 6 : 3;
  for (;;) {
    // Tenths of the unit, rounded half up in whole numbers (exact below 2^53).
    const step = 10 ** (power - 1);
    let tenths = Math.floor(size / step);
    if (2 * (size - tenths * step) >= step) tenths++;
    if (tenths >= 10000 && power < 12) {
      power += 3;
      continue;
    }
    const text = tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}.${tenths % 10}`;
    return text + (power === 3 ? 'K' : power === 6 ? 'M' : power === 9 ? 'B' : 'T');
  }
}

/** Digits with a comma between thousands. */
function group(digits: string): string {
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}
