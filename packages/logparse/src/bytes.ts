// Byte arrays on any platform: Node's Buffer where there is one (its native `indexOf`, UTF-8 encoding and
// uninitialised allocation are what the hot paths are measured with), plain Uint8Array and TextEncoder elsewhere.
// Buffer is looked up on globalThis, so that a bundle for a browser needs no polyfill.

interface BufferClass {
  isBuffer(value: unknown): boolean;
  allocUnsafeSlow(size: number): Uint8Array;
  from(buffer: ArrayBufferLike, offset: number, length: number): Uint8Array;
  from(text: string, encoding: 'utf8'): Uint8Array;
}

const NodeBuffer = (globalThis as { Buffer?: BufferClass }).Buffer;
const encoder = new TextEncoder();

/** A new byte array of `size` bytes (uninitialised in Node: callers write before they read). @internal */
export function allocBytes(size: number): Uint8Array {
  return NodeBuffer === undefined ? new Uint8Array(size) : NodeBuffer.allocUnsafeSlow(size);
}

/** The UTF-8 bytes of a string. @internal */
export function encodeText(text: string): Uint8Array {
  return NodeBuffer === undefined ? encoder.encode(text) : NodeBuffer.from(text, 'utf8');
}

/** The same bytes as the platform's fastest byte array (a Buffer view in Node, without copying). @internal */
export function asBytes(bytes: Uint8Array): Uint8Array {
  if (NodeBuffer === undefined || NodeBuffer.isBuffer(bytes)) return bytes;
  return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Copies `source[start, end)` into `into` at `at`. @internal */
export function copyBytes(source: Uint8Array, start: number, end: number, into: Uint8Array, at: number): void {
  into.set(start === 0 && end === source.length ? source : source.subarray(start, end), at);
}
