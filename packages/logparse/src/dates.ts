// Dates of access logs: the month abbreviations of `%t` (looked up without a Map on the hot path), month lengths,
// two- and four-digit fields, and the instants of `dd/Mon/yyyy:HH:MM:SS +hhmm` and ISO 8601 times.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_BY_KEY = new Map<number, number>(
  MONTHS.map((name, i) => [(name.charCodeAt(0) << 16) | (name.charCodeAt(1) << 8) | name.charCodeAt(2), i + 1]),
);
// The month of `dd/Mon/yyyy` without a Map lookup: the sum of the 2nd and 3rd letters mod 32 tells the twelve
// English abbreviations apart; the slot keeps the whole three-letter key to check against.
export const MONTH_SLOT_KEY = new Int32Array(32).fill(-1);
export const MONTH_SLOT = new Int8Array(32);
for (const [key, month] of MONTH_BY_KEY) {
  const slot = (((key >> 8) & 0xff) + (key & 0xff)) & 31;
  if (MONTH_SLOT_KEY[slot] !== -1) throw new Error('month slots collide');
  MONTH_SLOT_KEY[slot] = key;
  MONTH_SLOT[slot] = month;
}
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
// Index 0 unused; February 28 (a leap day is added arithmetically).
export const MONTH_DAYS = Int8Array.of(0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31);

/** Two ASCII digits at `p` as a number, -1 when they are not digits. @internal */
export function digits2(buf: Uint8Array, p: number): number {
  const a = buf[p]! - 0x30;
  const b = buf[p + 1]! - 0x30;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

export function digits4(buf: Uint8Array, p: number): number {
  const a = digits2(buf, p);
  const b = digits2(buf, p + 2);
  return a < 0 || b < 0 ? -1 : a * 100 + b;
}

export function validDate(year: number, month: number, day: number): boolean {
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) return false;
  return month !== 2 || day < 29 || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
}

/** Milliseconds since the epoch of `dd/Mon/yyyy:HH:MM:SS +zzzz` (already validated by the scanner). @internal */
export function clfMillis(buf: Uint8Array, s: number): number {
  const day = digits2(buf, s);
  const month = MONTH_BY_KEY.get((buf[s + 3]! << 16) | (buf[s + 4]! << 8) | buf[s + 5]!)!;
  const year = digits4(buf, s + 7);
  const zone = digits4(buf, s + 22);
  const offset = (Math.floor(zone / 100) * 60 + (zone % 100)) * 60000 * (buf[s + 21] === 0x2d ? -1 : 1);
  return utcMillis(year, month, day, digits2(buf, s + 12), digits2(buf, s + 15), digits2(buf, s + 18)) - offset;
}

/** Milliseconds since the epoch of `yyyy-mm-ddTHH:MM:SS±hh:mm` or `…Z` (already validated). @internal */
export function isoMillis(buf: Uint8Array, s: number, e: number): number {
  const year = digits4(buf, s);
  const ms = utcMillis(year, digits2(buf, s + 5), digits2(buf, s + 8), digits2(buf, s + 11), digits2(buf, s + 14), digits2(buf, s + 17));
  if (e - s !== 25) return ms;
  return ms - (digits2(buf, s + 20) * 60 + digits2(buf, s + 23)) * 60000 * (buf[s + 19] === 0x2d ? -1 : 1);
}

function utcMillis(year: number, month: number, day: number, h: number, m: number, sec: number): number {
  const ms = Date.UTC(year, month - 1, day, h, m, sec);
  if (year >= 100) return ms;
  // Date.UTC maps years 0–99 to 1900–1999.
  const date = new Date(ms);
  date.setUTCFullYear(year);
  return date.getTime();
}
