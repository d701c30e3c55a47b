// Sources: a file path (or '-' for stdin), a URL, a Node stream, or an (async) iterable of chunks, read as Buffers
// one chunk at a time; gzip is recognised by its magic bytes (and `.gz` files must have them) and inflated on the fly.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { LogSourceError, describeValue } from './errors.js';

/** A chunk of log text: bytes or a string (strings are UTF-8 encoded). */
export type LogChunk = Uint8Array | string;

/**
 * Where log lines come from: a file path (`'-'` is stdin), a `file:` URL, a readable stream, or an iterable or async
 * iterable of chunks. Gzip data is inflated transparently.
 */
export type LogSource = string | URL | NodeJS.ReadableStream | AsyncIterable<LogChunk> | Iterable<LogChunk>;

const READ_SIZE = 1 << 18;

/** True for the kinds of value `readChunks` accepts (used to tell a source from an iterable of records). @internal */
export function isStreamOrPath(value: unknown): value is string | URL | NodeJS.ReadableStream {
  if (typeof value === 'string' || value instanceof URL) return true;
  return typeof value === 'object' && value !== null && typeof (value as NodeJS.ReadableStream).pipe === 'function';
}

/** Returns a readable description of a source, for messages. @internal */
export function sourceName(source: LogSource): string {
  if (typeof source === 'string') return source === '-' ? 'stdin' : source;
  if (source instanceof URL) return source.href;
  return 'input';
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  throw new TypeError(`a log chunk must be a Uint8Array, a Buffer or a string; got ${describeValue(chunk)}`);
}

async function* counted(chunks: AsyncGenerator<Buffer>, onProgress: ((bytes: number) => void) | undefined): AsyncGenerator<Buffer> {
  if (!onProgress) return yield* chunks;
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    onProgress(bytes);
    yield chunk;
  }
}

async function* rawChunks(source: LogSource): AsyncGenerator<Buffer> {
  if (typeof source === 'string' || source instanceof URL) {
    const path = source instanceof URL ? fileURLToPath(source) : source;
    const stream = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: READ_SIZE });
    try {
      for await (const chunk of stream) yield toBuffer(chunk);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
      throw new LogSourceError(`cannot read ${describeValue(sourceName(source))}: ${why}`);
    }
    return;
  }
  if (typeof source !== 'object' || source === null) {
    throw new TypeError(`a log source must be a path, a URL, a stream or an iterable of chunks; got ${describeValue(source)}`);
  }
  if (Symbol.asyncIterator in source) {
    for await (const chunk of source as AsyncIterable<unknown>) yield toBuffer(chunk);
    return;
  }
  if (Symbol.iterator in source) {
    for (const chunk of source as Iterable<unknown>) yield toBuffer(chunk);
    return;
  }
  if (typeof (source as NodeJS.ReadableStream).pipe === 'function') {
    for await (const chunk of Readable.from(source as NodeJS.ReadableStream)) yield toBuffer(chunk);
    return;
  }
  throw new TypeError(`a log source must be a path, a URL, a stream or an iterable of chunks; got ${describeValue(source)}`);
}

/** The source's bytes as Buffers, one chunk at a time, inflated when they start with the gzip magic bytes. @internal */
export async function* readChunks(source: LogSource, onProgress?: (bytes: number) => void): AsyncGenerator<Buffer> {
  const chunks = counted(rawChunks(source), onProgress);
  // Peek at the first two bytes (they may come in separate chunks).
  const head: Buffer[] = [];
  let headLength = 0;
  let done = false;
  while (headLength < 2) {
    const next = await chunks.next();
    if (next.done) {
      done = true;
      break;
    }
    if (next.value.length === 0) continue;
    head.push(next.value);
    headLength += next.value.length;
  }
  const first = head.length === 1 ? head[0]! : Buffer.concat(head);
  const gzip = headLength >= 2 && first[0] === 0x1f && first[1] === 0x8b;
  const named = typeof source === 'string' && source.endsWith('.gz');
  if (named && !gzip && headLength > 0) {
    throw new LogSourceError(`${describeValue(sourceName(source))} ends in .gz but is not gzip data (no 1f 8b magic bytes)`);
  }
  if (!gzip) {
    if (headLength > 0) yield first;
    if (!done) yield* chunks;
    return;
  }
  const gunzip = createGunzip({ chunkSize: READ_SIZE });
  const feed = (async () => {
    try {
      gunzip.write(first);
      for await (const chunk of chunks) {
        if (!gunzip.write(chunk)) await new Promise<void>((resolve) => gunzip.once('drain', resolve));
      }
      gunzip.end();
    } catch (error) {
      gunzip.destroy(error as Error);
    }
  })();
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (error) {
    if (error instanceof LogSourceError || error instanceof TypeError) throw error;
    throw new LogSourceError(`cannot inflate gzip data from ${describeValue(sourceName(source))}: ${(error as Error).message}`);
  }
  await feed;
}
