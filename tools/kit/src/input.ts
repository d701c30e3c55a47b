// Reading a CLI's input: a file or `-` for standard input, whole or line by line, with one clear error for every way
// it can fail (missing, a directory, unreadable, a line too long).
import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import { quote } from './describe.js';

/** Input that cannot be used: one line on stderr naming the file (and line), exit 1. */
export class InputError extends Error {
  override name = 'InputError';
}

/** How a file operand is named in messages: "standard input" for `-`, else the quoted path. */
export function inputName(file: string): string {
  return file === '-' ? 'standard input' : quote(file);
}

/** "cannot read 'x': it is a directory" and the like, from a file-system error. */
function readFailure(file: string, error: unknown): InputError {
  const code = (error as NodeJS.ErrnoException).code;
  const reasons: Record<string, string> = {
    ENOENT: 'no such file',
    EISDIR: 'it is a directory',
    EACCES: 'permission denied',
    ENOTDIR: 'a part of the path is not a directory',
    EMFILE: 'too many open files',
    ERR_STRING_TOO_LONG: 'it is too large to read at once',
    EAGAIN: 'it is not ready to be read',
  };
  const reason = (code !== undefined && reasons[code]) || (error as Error).message;
  return new InputError(`cannot read ${inputName(file)}: ${reason}`);
}

/** A directory given as standard input (`< /`) is one clear error before any read. */
function refuseDirectoryStdin(): void {
  let directory = false;
  try {
    directory = fstatSync(0).isDirectory();
  } catch (error) {
    throw readFailure('-', error);
  }
  if (directory) throw new InputError('cannot read standard input: it is a directory');
}

/** The most a file read whole may hold unless the caller says otherwise: 32 MiB. */
export const MAX_TEXT_BYTES = 32 << 20;

/** "32 MiB", "512 KiB", "100 bytes". */
function sizeText(bytes: number): string {
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)} MiB`;
  if (bytes >= 1 << 10 && bytes % (1 << 10) === 0) return `${bytes / (1 << 10)} KiB`;
  return `${bytes.toLocaleString('en-US')} bytes`;
}

function tooLarge(file: string, maxBytes: number): InputError {
  return new InputError(`cannot read ${inputName(file)}: it is larger than ${sizeText(maxBytes)}`);
}

/**
 * The whole text of a file, or of standard input for `-`, read synchronously and never more than `maxBytes`
 * (default 32 MiB): a larger regular file is refused before it is read, and an endless source (`/dev/zero`, `yes |`)
 * once `maxBytes` have come in. For standard input that may wait on a slow writer, use `readAll`, which a timeout
 * can stop.
 */
export function readText(file: string, { maxBytes = MAX_TEXT_BYTES }: { maxBytes?: number } = {}): string {
  let fd: number | undefined;
  try {
    fd = file === '-' ? 0 : openSync(file, 'r');
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
    if (stat.isFile() && stat.size > maxBytes) throw tooLarge(file, maxBytes);
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.allocUnsafe(1 << 16);
    const parts: string[] = [];
    let total = 0;
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buffer, 0, buffer.length, null);
      } catch (error) {
        // A non-blocking pipe with nothing in it yet: wait a moment and read again.
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
          continue;
        }
        throw error;
      }
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw tooLarge(file, maxBytes);
      parts.push(decoder.write(buffer.subarray(0, n)));
    }
    parts.push(decoder.end());
    return parts.join('');
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw readFailure(file, error);
  } finally {
    if (fd !== undefined && fd !== 0) closeSync(fd);
  }
}

/**
 * The whole text of a file, or of standard input for `-`, read asynchronously and never more than `maxBytes`
 * (default 32 MiB), so that an abort (`--timeout`, Ctrl-C, a closed reader) ends a read that waits on a slow or endless
 * writer. Resolves to undefined when `signal` stopped the read.
 */
export async function readAll(
  file: string,
  { maxBytes = MAX_TEXT_BYTES, signal }: { maxBytes?: number; signal?: AbortSignal } = {},
): Promise<string | undefined> {
  if (file === '-') refuseDirectoryStdin();
  if (signal?.aborted) return undefined;
  const stream: NodeJS.ReadableStream & { destroy(): void } = file === '-' ? process.stdin : createReadStream(file);
  const stop = (): void => stream.destroy();
  signal?.addEventListener('abort', stop, { once: true });
  const decoder = new StringDecoder('utf8');
  const parts: string[] = [];
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer | string>) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      total += bytes.length;
      if (total > maxBytes) throw tooLarge(file, maxBytes);
      parts.push(decoder.write(bytes));
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    if (signal?.aborted) return undefined;
    throw readFailure(file, error);
  } finally {
    signal?.removeEventListener('abort', stop);
    stream.destroy();
  }
  if (signal?.aborted) return undefined;
  parts.push(decoder.end());
  return parts.join('');
}

/** One line of input and where it came from (1-based). */
export interface InputLine {
  readonly text: string;
  readonly line: number;
}

/**
 * The lines of a file or of standard input (`-`), streamed: `\n` or `\r\n` ends a line, a byte-order mark at the start
 * is dropped, and a line longer than `maxLength` characters is an InputError naming it (never read whole into memory).
 */
export async function* readLines(
  file: string,
  { maxLength = 1 << 20, signal }: { maxLength?: number; signal?: AbortSignal } = {},
): AsyncGenerator<InputLine> {
  // Standard input is read through process.stdin: a pipe or a terminal then never blocks a thread-pool read, which would
  // keep process.exit from returning (so --timeout and Ctrl-C could not end the run); a file or a directory given as
  // stdin still reaches the same error messages.
  if (file === '-') refuseDirectoryStdin();
  const stream: NodeJS.ReadableStream & { destroy(): void } = file === '-' ? process.stdin : createReadStream(file, { encoding: 'utf8' });
  if (file === '-') process.stdin.setEncoding('utf8');
  // An abort (a closed reader, Ctrl-C, --timeout) ends the lines even while a read is waiting for input.
  const stop = (): void => stream.destroy();
  if (signal?.aborted) return;
  signal?.addEventListener('abort', stop, { once: true });
  let pending = '';
  let line = 0;
  let first = true;
  // Input that is always ready (`yes |`, a big file) would feed the loop from the microtask queue alone: the event
  // loop is let turn every 15 ms, so that timers (--timeout) and signals (Ctrl-C) still get their turn.
  let turned = performance.now();
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      let text = chunk;
      if (first) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        const piece = pending + text.slice(start, end);
        pending = '';
        start = end + 1;
        line++;
        if (piece.length > maxLength + 1) throw tooLong(file, line, maxLength);
        if ((line & 63) === 0 && performance.now() - turned >= 15) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          turned = performance.now();
          if (signal?.aborted) return;
        }
        yield { text: piece.endsWith('\r') ? piece.slice(0, -1) : piece, line };
      }
      pending += text.slice(start);
      if (pending.length > maxLength + 1) throw tooLong(file, line + 1, maxLength);
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    if (signal?.aborted) return;
    throw readFailure(file, error);
  } finally {
    signal?.removeEventListener('abort', stop);
    stream.destroy();
  }
  if (signal?.aborted) return;
  if (pending.length > 0) {
    line++;
    yield { text: pending.endsWith('\r') ? pending.slice(0, -1) : pending, line };
  }
}

function tooLong(file: string, line: number, maxLength: number): InputError {
  return new InputError(`${inputName(file)} line ${line}: the line is longer than ${maxLength.toLocaleString('en-US')} characters`);
}
