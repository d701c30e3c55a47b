// Chunk sources on any platform: an iterable or async iterable of byte arrays or strings, read one chunk at a time.
// (Files, streams and gzip are read by @puzzles/logparse/node, in source.ts.)
import { asBytes, encodeText } from './bytes.js';
import { LogSourceError, describeValue } from './errors.js';

/** A chunk of log text: bytes or a string (strings are UTF-8 encoded). */
export type LogChunk = Uint8Array | string;

/** Log text as chunks: an iterable or async iterable of `Uint8Array`s or strings (a line may span chunks). */
export type ChunkSource = Iterable<LogChunk> | AsyncIterable<LogChunk>;

/** True for a Uint8Array (or Buffer), also one made in another realm (an iframe, a worker's transfer, a vm context). @internal */
export function isByteArray(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array || (ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === '[object Uint8Array]');
}

/** A chunk as bytes; anything else is a TypeError. @internal */
export function chunkBytes(chunk: unknown): Uint8Array {
  if (isByteArray(chunk)) return asBytes(chunk);
  if (typeof chunk === 'string') return encodeText(chunk);
  throw new TypeError(`a log chunk must be a Uint8Array, a Buffer or a string; got ${describeValue(chunk)}`);
}

/** A source that cannot be read: its failure as the cause. @internal */
export function sourceFailure(name: string, error: unknown): LogSourceError {
  if (error instanceof LogSourceError) return error;
  return new LogSourceError(`cannot read ${describeValue(name)}: ${error instanceof Error ? error.message : describeValue(error)}`, { cause: error });
}

/**
 * The chunks of an iterable or async iterable as bytes. A source that fails is a LogSourceError (the failure as its
 * cause); a chunk of the wrong type is the caller's TypeError; the source is closed when the reader stops early.
 * @internal
 */
export async function* iterableChunks(source: unknown, name = 'input'): AsyncGenerator<Uint8Array> {
  let iterator: AsyncIterator<unknown> | Iterator<unknown>;
  if (typeof source === 'object' && source !== null && Symbol.asyncIterator in source) {
    iterator = (source as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  } else if (typeof source === 'object' && source !== null && Symbol.iterator in source) {
    iterator = (source as Iterable<unknown>)[Symbol.iterator]();
  } else {
    const node = typeof source === 'string' ? ' (paths and streams are read by @puzzles/logparse/node)' : '';
    throw new TypeError(`a log source must be an iterable or async iterable of chunks${node}; got ${describeValue(source)}`);
  }
  let done = false;
  try {
    for (;;) {
      let next: IteratorResult<unknown>;
      try {
        next = await iterator.next();
      } catch (error) {
        done = true;
        throw sourceFailure(name, error);
      }
      if (next.done) {
        done = true;
        return;
      }
      yield chunkBytes(next.value);
    }
  } finally {
    if (!done) await iterator.return?.();
  }
}

/**
 * The chunks of a source on the platform-neutral core: gzip data is refused with a message saying where it can be
 * read (the core has no inflater). @internal
 */
export async function* coreChunks(source: ChunkSource): AsyncGenerator<Uint8Array> {
  let first = true;
  for await (const chunk of iterableChunks(source)) {
    if (first && chunk.length > 0) {
      first = false;
      if (chunk[0] === 0x1f && (chunk.length === 1 || chunk[1] === 0x8b)) {
        throw new LogSourceError('the input is gzip data (1f 8b): inflate it first (DecompressionStream), or read it with @puzzles/logparse/node');
      }
    }
    yield chunk;
  }
}

/** The chunks, with `onProgress` told the bytes handed out so far after each one. @internal */
export async function* counted<T extends Uint8Array>(chunks: AsyncGenerator<T>, onProgress: ((bytes: number) => void) | undefined): AsyncGenerator<T> {
  if (!onProgress) return yield* chunks;
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    onProgress(bytes);
    yield chunk;
  }
}
