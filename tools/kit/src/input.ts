// Reading a CLI's input: a file or `-` for standard input, whole or line by line, with one clear error for every way
// it can fail (missing, a directory, unreadable, a line too long).
import { createReadStream, fstatSync, readFileSync } from 'node:fs';
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
  };
  const reason = (code !== undefined && reasons[code]) || (error as Error).message;
  return new InputError(`cannot read ${inputName(file)}: ${reason}`);
}

/** The whole text of a file, or of standard input for `-`. */
export function readText(file: string): string {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    throw readFailure(file, error);
  }
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
  if (file === '-') {
    let directory = false;
    try {
      directory = fstatSync(0).isDirectory();
    } catch (error) {
      throw readFailure(file, error);
    }
    if (directory) throw new InputError('cannot read standard input: it is a directory');
  }
  const stream: NodeJS.ReadableStream & { destroy(): void } = file === '-' ? process.stdin : createReadStream(file, { encoding: 'utf8' });
  if (file === '-') process.stdin.setEncoding('utf8');
  // An abort (a closed reader, Ctrl-C, --timeout) ends the lines even while a read is waiting for input.
  const stop = (): void => stream.destroy();
  if (signal?.aborted) return;
  signal?.addEventListener('abort', stop, { once: true });
  let pending = '';
  let line = 0;
  let first = true;
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
