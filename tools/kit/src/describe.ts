// How every @puzzles package quotes a value in an error message: one rule, one cut length.

/** The longest piece of a string an error message quotes; longer strings are cut and their length is given. */
export const QUOTE_LIMIT = 60;

/**
 * Text made safe to print on a terminal: control characters (escape sequences included), lone surrogates and the
 * quote character are written as escapes, so input can never move the cursor, recolour or clear the screen.
 */
export function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text[i]! + text[i + 1]!;
        i++;
        continue;
      }
    }
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff) || code === 0x27 || code === 0x5c) {
      const named: Record<number, string> = { 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r', 0x27: "\\'", 0x5c: '\\\\' };
      out += named[code] ?? `\\u${code.toString(16).padStart(4, '0')}`;
    } else {
      out += text[i];
    }
  }
  return out;
}

/** A string quoted for a message: escaped, cut to `limit` characters with its full length said when longer. */
export function quote(text: string, limit = QUOTE_LIMIT): string {
  if (text.length <= limit) return `'${escapeText(text)}'`;
  let cut = limit - 3;
  // Never split a surrogate pair at the cut.
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return `'${escapeText(text.slice(0, cut))}...' (${text.length} characters)`;
}

/** Shows a value the way an error message should: strings quoted and shortened, bigints without `n`, -0 as -0. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  return typeof value;
}

/** The options object of a call, `{}` when left out; anything else but a plain object is a TypeError. */
export function optionsOf<T extends object>(options: T | undefined, what: string): Partial<T> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`the options of ${what} must be an object; got ${describeValue(options)}`);
  }
  return options;
}
