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
