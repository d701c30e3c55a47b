// Request lines: splitting `METHOD path PROTOCOL` by bytes, and undoing Apache and nginx escapes.

const SPACE = 0x20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Splits a request line `METHOD path PROTOCOL` in `buf[s, e)`: returns [methodEnd, pathStart, pathEnd,
 * protocolStart] into `out`, with methodEnd = -1 when the request has no method (binary, empty, `-`, one word)
 * and protocolStart = -1 without a protocol (HTTP/0.9). The path may contain spaces. @internal
 */
export function splitRequest(buf: Uint8Array, s: number, e: number, out: Int32Array): void {
  let p = s;
  while (p < e && buf[p]! >= 0x41 && buf[p]! <= 0x5a) p++;
  if (p === s || p >= e || buf[p] !== SPACE) {
    out[0] = -1;
    return;
  }
  out[0] = p;
  const pathStart = p + 1;
  out[1] = pathStart;
  let last = e - 1;
  while (last > pathStart && buf[last] !== SPACE) last--;
  if (
    last > pathStart &&
    e - last > 5 &&
    buf[last + 1] === 0x48 &&
    buf[last + 2] === 0x54 &&
    buf[last + 3] === 0x54 &&
    buf[last + 4] === 0x50 &&
    buf[last + 5] === 0x2f
  ) {
    out[2] = last;
    out[3] = last + 1;
  } else {
    out[2] = e;
    out[3] = -1;
  }
}

/**
 * Undoes Apache and nginx escaping in `buf[s, e)` (`\"`, `\\`, `\n`, `\t`, `\xHH`) into `out`; returns the length.
 * @internal
 */
export function unescapeInto(buf: Uint8Array, s: number, e: number, out: Uint8Array): number {
  let n = 0;
  for (let p = s; p < e; p++) {
    const b = buf[p]!;
    if (b !== BACKSLASH || p + 1 >= e) {
      out[n++] = b;
      continue;
    }
    const c = buf[p + 1]!;
    if (c === 0x78 && p + 3 < e) {
      const hi = hexValue(buf[p + 2]!);
      const lo = hexValue(buf[p + 3]!);
      if (hi >= 0 && lo >= 0) {
        out[n++] = hi * 16 + lo;
        p += 3;
        continue;
      }
    }
    if (c === 0x6e) out[n++] = 0x0a;
    else if (c === 0x74) out[n++] = 0x09;
    else if (c === 0x72) out[n++] = 0x0d;
    else if (c === QUOTE || c === BACKSLASH) out[n++] = c;
    else {
      out[n++] = b;
      out[n++] = c;
    }
    p++;
  }
  return n;
}

function hexValue(b: number): number {
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  if (b >= 0x41 && b <= 0x46) return b - 0x37;
  if (b >= 0x61 && b <= 0x66) return b - 0x57;
  return -1;
}

