// Bytes to strings without a TextDecoder call per field: Buffer's own UTF-8 slice where there is a Buffer (Node),
// TextDecoder elsewhere. Decoding is lossless: a byte that is not part of a valid UTF-8 sequence becomes the four
// characters `\xhh` (the escape Apache writes for it) instead of U+FFFD, so distinct byte strings stay distinct.
// A byte-order mark is kept as the character U+FEFF (the line splitter drops one at the start of the input).

interface Slicing {
  utf8Slice(start: number, end: number): string;
}

interface BufferClass {
  prototype: unknown;
}

/** Node's Buffer when there is one (looked up on globalThis, so that bundles for browsers need no polyfill). */
const NodeBuffer = (globalThis as { Buffer?: BufferClass }).Buffer;
const fast = NodeBuffer !== undefined && typeof (NodeBuffer.prototype as Partial<Slicing>).utf8Slice === 'function';
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The UTF-8 decoding of `bytes[s, e)` with invalid bytes as U+FFFD (the platform's decoder). In Node every byte array
 * of the package is a Buffer (bytes.ts makes them so), and Buffer's own slice is called directly: a check per call
 * cost parseLog about a tenth of its speed.
 */
function plainText(bytes: Uint8Array, s: number, e: number): string {
  return fast ? (bytes as unknown as Slicing).utf8Slice(s, e) : decoder.decode(bytes.subarray(s, e));
}

/** The text of `bytes[s, e)`: UTF-8, with each byte outside a valid sequence written `\xhh`. @internal */
export function utf8Text(bytes: Uint8Array, s: number, e: number): string {
  // (plainText written out: this is called for every field of every record.)
  const text = fast ? (bytes as unknown as Slicing).utf8Slice(s, e) : decoder.decode(bytes.subarray(s, e));
  // U+FFFD in the result means an invalid byte, or a real U+FFFD in the input: only then look closer.
  return text.indexOf('\ufffd') < 0 ? text : losslessText(bytes, s, e);
}

/**
 * The UTF-8 text of bytes already known to be valid UTF-8 (no check for invalid bytes: see `utf8Text`). @internal
 */
export function validUtf8Text(bytes: Uint8Array, s: number, e: number): string {
  return fast ? (bytes as unknown as Slicing).utf8Slice(s, e) : decoder.decode(bytes.subarray(s, e));
}

const HEX = '0123456789abcdef';

/** The slow path of `utf8Text`: valid runs decoded, every other byte as `\xhh`. */
function losslessText(bytes: Uint8Array, s: number, e: number): string {
  let out = '';
  let run = s;
  for (let p = s; p < e; ) {
    const b = bytes[p]!;
    if (b < 0x80) {
      p++;
      continue;
    }
    const n = validSequence(bytes, p, e);
    if (n > 0) {
      p += n;
      continue;
    }
    out += `${plainText(bytes, run, p)}\\x${HEX[b >> 4]}${HEX[b & 15]}`;
    p++;
    run = p;
  }
  return out + plainText(bytes, run, e);
}

/** The length of the valid UTF-8 sequence of two to four bytes at `p` (lead byte ≥ 0x80), or 0 (Unicode table 3-7). */
function validSequence(b: Uint8Array, p: number, e: number): number {
  const c = b[p]!;
  if (c >= 0xc2 && c <= 0xdf) return p + 1 < e && (b[p + 1]! & 0xc0) === 0x80 ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    if (p + 2 >= e) return 0;
    const c1 = b[p + 1]!;
    const lo = c === 0xe0 ? 0xa0 : 0x80;
    const hi = c === 0xed ? 0x9f : 0xbf;
    return c1 >= lo && c1 <= hi && (b[p + 2]! & 0xc0) === 0x80 ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    if (p + 3 >= e) return 0;
    const c1 = b[p + 1]!;
    const lo = c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xf4 ? 0x8f : 0xbf;
    return c1 >= lo && c1 <= hi && (b[p + 2]! & 0xc0) === 0x80 && (b[p + 3]! & 0xc0) === 0x80 ? 4 : 0;
  }
  return 0;
}

/** The same as `utf8Text` (kept for callers that hold a Uint8Array that may not be a Buffer). @internal */
export const utf8TextOf = utf8Text;
