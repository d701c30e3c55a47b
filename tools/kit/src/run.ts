// The one CLI runtime: parses, runs main, maps every way it can end to one line on stderr and an exit status.
//   0 success · 1 bad input or a failed write · 2 usage error · 124 stopped by --timeout · 130 interrupted (Ctrl-C),
//   the last two after saying what was done
import { readFileSync } from 'node:fs';
import { COMMON_OPTIONS, UsageError, checkPositionals, parseOptions, type ParseArgsOptionsConfig } from './args.js';
import { InputError } from './input.js';
import { Output, OutputClosed, OutputFailed } from './output.js';
import { progress, type Progress, type ProgressOptions } from './progress.js';

/**
 * The exit status of a run that --timeout stopped before its work was done (after saying on stderr what it did), as
 * timeout(1) has it: neither success nor bad input.
 */
export const EXIT_TIMEOUT = 124;

/** How many bad input lines are each said on stderr; the rest are counted and summed up in one line at the end. */
export const BAD_LINES_SHOWN = 5;

/** What a CLI's main gets besides argv. */
export interface Cli {
  /** The command's name, as messages start with it. */
  readonly name: string;
  /** Standard output with backpressure: `await cli.out.line(text)`. */
  readonly out: Output;
  /** Aborted when the reader of the output goes away, on Ctrl-C, or (after `cli.timeout(ms)`) when the time is up. */
  readonly signal: AbortSignal;
  /** True when standard output takes colors (a terminal, NO_COLOR unset; FORCE_COLOR forces them). */
  readonly color: boolean;
  /** True once Ctrl-C was pressed (the exit status will be 130). */
  readonly interrupted: boolean;
  /** Parses argv strictly; --help and --version print and end the run. */
  parse<O extends ParseArgsOptionsConfig>(
    argv: readonly string[],
    options: O,
    settings?: { help?: string; min?: number; max?: number },
  ): ReturnType<typeof parseOptions<O & typeof COMMON_OPTIONS>>;
  /** One line on stderr, prefixed with the command's name (control characters escaped). */
  warn(message: string): void;
  /** A progress line on stderr (drawn only on a terminal, after a second). */
  progress(label: string, options?: ProgressOptions): Progress;
  /** Aborts `signal` after `ms` milliseconds (for --timeout); the returned signal is the same as `signal`. */
  timeout(ms: number | undefined): AbortSignal;
  /** The reason `signal` was aborted: 'closed', 'interrupted', 'timeout', or undefined. */
  readonly stopReason: 'closed' | 'interrupted' | 'timeout' | undefined;
  /**
   * Reports one bad input line (`standard input line 3: …`) and goes on: the first five are each one line on stderr,
   * later ones are only counted, and the run ends with one line `… and N more bad lines` and exit status 1.
   */
  badLine(message: string): void;
  /** How many bad input lines were reported so far. */
  readonly badLines: number;
}

/** What a CLI is: its name, its help text, where its package.json is (for --version), and its main. */
export interface CliSpec {
  readonly name: string;
  readonly help: string;
  /** `new URL('../package.json', import.meta.url)` from the built CLI. */
  readonly packageJson: URL;
  readonly main: (argv: string[], cli: Cli) => number | void | Promise<number | void>;
}

/** Raised by `cli.parse` after printing help or the version: the run ends with status 0. */
class Done extends Error {}

/** Whether a stream takes ANSI colors: FORCE_COLOR (not 0/false) forces them, NO_COLOR (non-empty) turns them off. */
export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true;
}

/** A message with control characters (other than newlines) escaped, so input quoted in it cannot drive the terminal. */
function safe(message: string): string {
  // eslint-disable-next-line no-control-regex
  return message.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Runs a CLI: call once at the bottom of src/cli.ts. */
export function runCli(spec: CliSpec): void {
  const out = new Output(process.stdout);
  const controller = new AbortController();
  let stopReason: Cli['stopReason'];
  const stop = (reason: NonNullable<Cli['stopReason']>): void => {
    if (stopReason !== undefined) return;
    stopReason = reason;
    controller.abort(reason);
  };
  out.signal.addEventListener('abort', () => stop('closed'));
  let interrupted = false;
  const onInterrupt = (): void => {
    if (interrupted) process.exit(130);
    interrupted = true;
    stop('interrupted');
  };
  process.on('SIGINT', onInterrupt);
  // A closed stderr must not crash the run either.
  process.stderr.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  let badLines = 0;

  const warn = (message: string): void => {
    try {
      process.stderr.write(`${spec.name}: ${safe(message)}\n`);
    } catch {
      // stderr is gone: nothing more can be said.
    }
  };

  const cli: Cli = {
    name: spec.name,
    out,
    signal: controller.signal,
    color: colorEnabled(process.stdout),
    get interrupted() {
      return interrupted;
    },
    get stopReason() {
      return stopReason;
    },
    parse(argv, options, settings = {}) {
      // --help and --version answer whatever operands come with them, so the operand count is checked after them.
      const parsed = parseOptions(argv, { ...COMMON_OPTIONS, ...options });
      const values = parsed.values as { help?: boolean; version?: boolean };
      if (values.help) throw new Done(settings.help ?? spec.help);
      if (values.version) {
        const pkg = JSON.parse(readFileSync(spec.packageJson, 'utf8')) as { version: string };
        throw new Done(pkg.version);
      }
      checkPositionals(parsed.positionals, settings);
      return parsed as never;
    },
    warn,
    badLine(message) {
      badLines++;
      if (badLines <= BAD_LINES_SHOWN) warn(message);
    },
    get badLines() {
      return badLines;
    },
    progress: (label, options) => progress(label, options),
    timeout(ms) {
      if (ms !== undefined && timer === undefined) {
        timer = setTimeout(() => stop('timeout'), ms);
        timer.unref();
      }
      return controller.signal;
    },
  };

  const finish = async (code: number): Promise<never> => {
    // What ended the work is settled now: a timer that fires while the output drains changes nothing.
    if (timer !== undefined) clearTimeout(timer);
    if (badLines > BAD_LINES_SHOWN) warn(`… and ${(badLines - BAD_LINES_SHOWN).toLocaleString('en-US')} more bad line${badLines - BAD_LINES_SHOWN === 1 ? '' : 's'}`);
    // Bad input outranks a stop: the input has to be mended whatever the time allowed.
    if (badLines > 0 && (code === 0 || code === EXIT_TIMEOUT)) code = 1;
    else if (code === 0 && stopReason === 'timeout') code = EXIT_TIMEOUT;
    try {
      await out.end();
    } catch (error) {
      if (error instanceof OutputFailed) {
        warn(error.message);
        code = 1;
      }
    }
    process.exit(interrupted && code === 0 ? 130 : code);
  };

  const fail = async (error: unknown): Promise<never> => {
    if (error instanceof Done) {
      try {
        await out.line(error.message);
      } catch {
        // Handled by finish.
      }
      return finish(0);
    }
    if (error instanceof OutputClosed || (out.closed && !(error instanceof OutputFailed))) {
      process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    }
    if (error instanceof OutputFailed) {
      warn(error.message);
      process.exit(1);
    }
    if (error instanceof UsageError) {
      warn(`${error.message}; run '${spec.name} --help' for usage`);
      return finish(2);
    }
    if (error instanceof InputError || error instanceof RangeError || error instanceof TypeError) {
      warn(error.message);
      return finish(1);
    }
    warn(`internal error (please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return finish(1);
  };

  Promise.resolve()
    .then(() => spec.main(process.argv.slice(2), cli))
    .then((code) => finish(typeof code === 'number' ? code : 0), fail)
    .catch(fail);
}
