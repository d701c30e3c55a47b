// Bytes to strings without a TextDecoder call per field: Buffer's own UTF-8 slice (invalid bytes become U+FFFD, as
// with TextDecoder, and a leading BOM is kept as the character it is).

interface Slicing {
  utf8Slice(start: number, end: number): string;
}

const fast = typeof (Buffer.prototype as unknown as Partial<Slicing>).utf8Slice === 'function';

/** The UTF-8 text of `buf[s, e)`. @internal */
export function utf8Text(buf: Buffer, s: number, e: number): string {
  return fast ? (buf as unknown as Slicing).utf8Slice(s, e) : buf.toString('utf8', s, e);
}

/** The same for a Uint8Array that may not be a Buffer. @internal */
export function utf8TextOf(bytes: Uint8Array, s: number, e: number): string {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return utf8Text(buf, s, e);
}
