// What the two CLIs (dlx and dlx-sudoku) share: usage errors, the version, reading the input, and the exit codes.
import { readFileSync } from 'node:fs';

/** A bad command line: exit status 2 and a pointer to --help. */
export class UsageError extends Error {}

/** The package's version, from its package.json. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** A positive integer option (`--limit 5`), undefined when absent; anything else is a usage error. */
export function positiveInteger(value: string | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${what} must be a positive integer; got '${value}'`);
  return Number(value);
}

/** The whole text of a file, or of standard input for `-`. */
export function readInput(file: string): string {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    throw new RangeError(`cannot read ${file === '-' ? 'standard input' : file}: ${(error as Error).message}`);
  }
}

/** Runs a CLI's main: exit 0/1 from main, 1 with one line on stderr for bad input, 2 for a usage error. */
export function runCli(bin: string, main: (argv: string[]) => number): void {
  // A reader that stops early (`dlx … | head`) closes the pipe: stop writing quietly, as Unix tools do, instead of
  // crashing with an unhandled EPIPE error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${bin}: ${error.message}\nRun '${bin} --help' for usage.`);
      process.exitCode = 2;
    } else if (error instanceof RangeError || error instanceof TypeError) {
      console.error(`${bin}: ${error.message}`);
      process.exitCode = 1;
    } else {
      throw error;
    }
  }
}
