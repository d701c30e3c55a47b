// Lines of standard input for the CLI (Node only). Pipes and terminals are read through process.stdin, whose reads do
// not block a thread: the kit's readLines reads fd 0 through the thread pool, and a read pending on an idle pipe or
// terminal keeps process.exit from returning, so --timeout and Ctrl-C could not end the run. Files and directories
// (`< file`, `< /`) go to readLines, which names what is wrong with them.
import { fstatSync } from 'node:fs';
import { InputError, readLines, type InputLine } from '@puzzles/kit/cli';

/** The lines of standard input, streamed: BOM dropped, `\r\n` taken, a line over `maxLength` an InputError naming it. */
export function stdinLines(maxLength: number): AsyncGenerator<InputLine> {
  let stat;
  try {
    stat = fstatSync(0);
  } catch {
    return readLines('-', { maxLength });
  }
  return stat.isFIFO() || stat.isSocket() || stat.isCharacterDevice() ? streamLines(maxLength) : readLines('-', { maxLength });
}

async function* streamLines(maxLength: number): AsyncGenerator<InputLine> {
  const stream = process.stdin;
  stream.setEncoding('utf8');
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
        if (piece.length > maxLength + 1) throw tooLong(line, maxLength);
        yield { text: piece.endsWith('\r') ? piece.slice(0, -1) : piece, line };
      }
      pending += text.slice(start);
      if (pending.length > maxLength + 1) throw tooLong(line + 1, maxLength);
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read standard input: ${(error as Error).message}`);
  } finally {
    stream.destroy();
  }
  if (pending.length > 0) {
    line++;
    yield { text: pending.endsWith('\r') ? pending.slice(0, -1) : pending, line };
  }
}

function tooLong(line: number, maxLength: number): InputError {
  return new InputError(`standard input line ${line}: the line is longer than ${maxLength.toLocaleString('en-US')} characters`);
}
