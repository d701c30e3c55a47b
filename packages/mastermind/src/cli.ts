#!/usr/bin/env node
// mastermind: argument parsing and printing only; everything else is the library's.
import { createInterface } from 'node:readline';
import {
  UsageError,
  choiceOption,
  durationOption,
  escapeText,
  formatDuration,
  integerOption,
  quote,
  readLines,
  roundMs,
  runCli,
  EXIT_TIMEOUT,
  type Cli,
} from '@puzzles/kit/cli';
import {
  MAX_COLORS,
  MAX_PEGS,
  STRATEGIES,
  codeCount,
  createGame,
  evaluate,
  nextGuess,
  play,
  resolveSize,
  solve,
  type Evaluation,
  type GameOptions,
  type NextGuess,
  type Progress,
  type ResolvedSize,
  type SolveResult,
  type StrategyOptions,
  type Turn,
} from './index.js';

/** The longest line read from standard input; a code is at most 10 characters, so anything near this is not one. */
const MAX_LINE = 4096;

/** Rejected guesses in a row from a pipe or a file that end a game: input that keeps failing will not mend itself. */
const MAX_REJECTED_IN_A_ROW = 10;

const HELP = `Usage: mastermind [play] [--pegs N] [--colors N] [--no-repeats] [--seed S]
                         [--secret CODE] [--max-guesses N] [--timeout T]
       mastermind solve CODE... [--strategy NAME] [--opener CODE] [--json]
       mastermind assist [GUESS BLACK WHITE]... [--strategy NAME] [--json]
       mastermind evaluate [--strategy NAME] [--opener CODE] [--json]

Mastermind: one player hides a code of pegs (colors a, b, c, ...; repeats
allowed), the other guesses; each guess scores black pegs (right color, right
place) and white pegs (right color, wrong place), printed as "1 2".

Commands:
  play           (the default) the computer hides a code and scores your
                 guesses: "Enter guess:" then "black white". Guesses may come
                 from a pipe, one per line; there, ${MAX_REJECTED_IN_A_ROW} rejected guesses in a row
                 end the game.
  solve CODE     a strategy solves CODE and prints its trace, one guess per
                 line ("abcd 1 2"); the state-machine strategy prints its
                 rule messages too. CODE "-" reads codes from standard input.
  assist         you play against a hidden code: give your guesses and their
                 scores (GUESS BLACK WHITE ...); prints the codes that still
                 fit and the strategy's next guess (the one solve would make).
  evaluate       a strategy plays every secret; prints the total, average and
                 most guesses and how many secrets took 1, 2, ... guesses.

Options:
  --pegs N          pegs per code, 1-10 (default 4)
  --colors N        colors, 1-26 (default 6)
  --no-repeats      no color twice in a code (Bulls and Cows: --colors 10)
  --seed S          reproducible random secret (play) or random first color
                    (state-machine strategy)
  --secret CODE     play: the code to guess instead of a random one
  --max-guesses N   play: guesses allowed (default 10; 0 for no limit)
  --strategy NAME   ${STRATEGIES.join(', ')}
                    (default knuth): state-machine is the Mastermind design
                    essay's solver, knuth Knuth's minimax, most-parts Kooi's
  --opener CODE     the first guess (defaults: knuth aabb, entropy abcd,
                    expected-size and most-parts aabc; 5x8: aabbc)
  --first C         state-machine strategy: GuessOne's first color instead
                    of a random one
  --timeout T       stop after T (500ms, 10s, 2m; a bare number is seconds),
                    print what was done and say so (a game: the code)
  --json            machine-readable output (solve, assist, evaluate)
  -h, --help        show this help
  -v, --version     show the version

Codes are letters (a = first color) or, up to 10 colors, digits (1 = a, 0 = j).
Each strategy has a largest size it takes on (optimal: 4 pegs x 6 colors;
knuth, entropy, expected-size, most-parts: 262,144 codes per game, 32,768 to
evaluate; state-machine: 10^8 codes); beyond it the command says so.
solve --json prints {"secret","turns":[{"guess","feedback":{"black","white"}}],
"guesses","solved"} per code; assist --json {"guess","solved","remaining",
"candidates"}; evaluate --json {"strategy","opener","secrets","total",
"average","max","distribution":{"1":1,"2":6,...},"ms"}; each has "stopped"
too when --timeout stopped it.

Examples:
  printf 'aabb\\n' | mastermind --seed 7 --max-guesses 1
  printf 'aabb\\nabcd\\n' | mastermind --secret abcd
  mastermind solve acab --strategy state-machine --first e
  mastermind solve acab --strategy knuth
  mastermind solve 1234 --strategy optimal --opener aabc
  mastermind assist aabb 1 0 ccdd 0 1
  mastermind assist aabb 1 0 --strategy most-parts --json
  mastermind evaluate --strategy knuth --json
  mastermind evaluate --strategy most-parts --pegs 4 --colors 7
  mastermind solve abcdef --pegs 6 --colors 8 --timeout 2s

Exit status: 0 on success, 1 on bad input (a game: the input ended or kept
being rejected before the code was found), 2 on a usage error, 124 when
--timeout stopped the work (after saying what was done), 130 on Ctrl-C.`;

const OPTIONS = {
  pegs: { type: 'string' },
  colors: { type: 'string' },
  'no-repeats': { type: 'boolean' },
  seed: { type: 'string' },
  secret: { type: 'string' },
  'max-guesses': { type: 'string' },
  strategy: { type: 'string' },
  opener: { type: 'string' },
  first: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
} as const;

const COMMANDS = ['play', 'solve', 'assist', 'evaluate'] as const;
type Command = (typeof COMMANDS)[number];


function parse(argv: string[], cli: Cli) {
  const { values, positionals } = cli.parse(argv, OPTIONS);
  const command = (positionals[0] ?? 'play') as Command;
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new UsageError(`unknown command ${quote(command)}; expected play, solve, assist or evaluate`);
  }
  const pegs = integerOption(values.pegs, 'pegs', { min: 1, max: MAX_PEGS });
  const colors = integerOption(values.colors, 'colors', { min: 1, max: MAX_COLORS });
  const maxGuesses = integerOption(values['max-guesses'], 'max-guesses', { min: 0 });
  const strategy = choiceOption(values.strategy, 'strategy', STRATEGIES, 'knuth')!;
  const timeout = durationOption(values.timeout);
  const only = (names: string[], commands: string[]) => {
    for (const name of names) {
      if ((values as Record<string, unknown>)[name] !== undefined && !commands.includes(command)) {
        throw new UsageError(`--${name} goes with ${commands.join(', ')}, not ${command}`);
      }
    }
  };
  only(['secret', 'max-guesses'], ['play']);
  only(['strategy', 'opener', 'first', 'json'], ['solve', 'assist', 'evaluate']);
  if (command !== 'play' && strategy !== 'state-machine') {
    for (const name of ['first', 'seed'] as const) {
      if (values[name] !== undefined) throw new UsageError(`--${name} goes with --strategy state-machine, not ${strategy}`);
    }
  }
  if (command !== 'play' && strategy === 'state-machine' && values.opener !== undefined) {
    throw new UsageError('--opener does not go with --strategy state-machine (it picks its own first guess)');
  }
  const operands = positionals.slice(1);
  if (command === 'solve' && operands.length === 0) throw new UsageError('solve needs a code to solve, such as: mastermind solve acab');
  if (command === 'assist' && operands.length % 3 !== 0) {
    throw new UsageError(`assist takes turns of three words, GUESS BLACK WHITE (such as: aabb 1 0); got ${operands.length} words`);
  }
  if ((command === 'play' || command === 'evaluate') && operands.length > 0) throw new UsageError(`unexpected argument ${quote(operands[0]!)}`);
  let size: ResolvedSize;
  try {
    size = resolveSize({
      ...(pegs === undefined ? {} : { pegs }),
      ...(colors === undefined ? {} : { colors }),
      repeats: values['no-repeats'] !== true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return { values, command, operands, size, maxGuesses, strategy, timeout };
}

type Parsed = ReturnType<typeof parse>;

async function main(argv: string[], cli: Cli): Promise<number> {
  const parsed = parse(argv, cli);
  if (parsed.command === 'solve') return solveCommand(parsed, cli);
  if (parsed.command === 'assist') return assistCommand(parsed, cli);
  if (parsed.command === 'evaluate') return evaluateCommand(parsed, cli);
  return playCommand(parsed, cli);
}

/** The time limit of the whole run: each library call gets what is left of it, and the signal covers waiting for input. */
function deadline(parsed: Parsed, cli: Cli) {
  const started = performance.now();
  cli.timeout(parsed.timeout);
  return {
    /** Options for one library call: the signal, and the time left of --timeout. */
    options(): { signal: AbortSignal; timeout?: number } {
      if (parsed.timeout === undefined) return { signal: cli.signal };
      return { signal: cli.signal, timeout: Math.max(1, parsed.timeout - (performance.now() - started)) };
    },
    /** "stopped by --timeout after 10 s" (or interrupted, or the reader went away). */
    stopped(reason: string | undefined): string {
      const why = cli.stopReason === 'interrupted' ? 'interrupted' : reason === 'timeout' || cli.stopReason === 'timeout' ? 'stopped by --timeout' : 'stopped';
      return `${why} after ${formatDuration(performance.now() - started)}`;
    },
  };
}

/** Progress on stderr (a terminal only) from a library call's onProgress: the search, then the secrets played. */
function progressOf(cli: Cli, label: string) {
  let bar: ReturnType<Cli['progress']> | undefined;
  let unit = '';
  let searched = 0;
  return {
    onProgress(progress: Progress): void {
      if (progress.stage === 'search') searched = progress.done;
      if (progress.unit !== unit) {
        // Once secrets are being played, the searches between them are not shown.
        if (unit === 'secrets') return;
        bar?.end();
        unit = progress.unit;
        bar = cli.progress(progress.stage === 'play' ? label : `${label}: searching`, { unit: progress.unit, total: progress.total });
      }
      bar!.update(progress.done, progress.total);
    },
    /** The search work done so far, as "12,345 candidate sets searched". */
    get searched(): string {
      return unit === '' || unit === 'secrets' ? '' : `${searched.toLocaleString('en-US')} ${unit === 'guesses' ? 'guesses scored' : unit === 'codes' ? 'codes tried' : 'candidate sets searched'}`;
    },
    end(): void {
      bar?.end();
    },
  };
}

/**
 * Runs a long synchronous library call so that Ctrl-C still ends it at once: the runtime's SIGINT listener can only
 * run between calls (the event loop is busy during one), so while the call runs the listeners step aside and Ctrl-C
 * has its default effect (the process ends with status 130). --timeout stops the call from inside instead, and the
 * run then says what was done.
 */
function interruptible<T>(work: () => T): T {
  const listeners = process.listeners('SIGINT');
  for (const listener of listeners) process.removeListener('SIGINT', listener);
  try {
    return work();
  } finally {
    for (const listener of listeners) process.on('SIGINT', listener);
  }
}

/**
 * The lines of standard input: from a pipe or a file, the kit's reader (a BOM dropped, a too-long line refused); at a
 * terminal, node:readline, as the kit's reader fails there with EAGAIN on a non-blocking TTY.
 */
async function* inputLines(signal: AbortSignal): AsyncGenerator<{ text: string; line: number }> {
  if (process.stdin.isTTY !== true) {
    yield* readLines('-', { maxLength: MAX_LINE, signal });
    return;
  }
  if (signal.aborted) return;
  // --timeout or Ctrl-C ends the wait for the next line at the keyboard too.
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  const close = (): void => lines.close();
  signal.addEventListener('abort', close, { once: true });
  let line = 0;
  try {
    for await (const text of lines) yield { text, line: ++line };
  } finally {
    signal.removeEventListener('abort', close);
    lines.close();
  }
}

/**
 * The exit status of a run that stopped early: 124 when --timeout stopped it (the runtime's timer, or the time limit
 * a library call was given), 0 after Ctrl-C (which the runtime turns into 130), else 1 (its output is incomplete).
 */
function stoppedStatus(cli: Cli, reason?: string): number {
  if (cli.interrupted) return 0;
  return cli.stopReason === 'timeout' || reason === 'timeout' ? EXIT_TIMEOUT : 1;
}

function strategyOptions(parsed: Parsed): StrategyOptions {
  const { values, size, strategy } = parsed;
  return {
    ...size,
    strategy,
    ...(values.opener === undefined ? {} : { opener: values.opener }),
    ...(values.seed === undefined ? {} : { seed: values.seed }),
    ...(values.first === undefined ? {} : { first: values.first }),
  };
}

/** A game's turns as JSON: {"guess", "feedback": {"black", "white"}}. */
const turnsJson = (turns: readonly Turn[]) => turns.map(({ guess, black, white }) => ({ guess, feedback: { black, white } }));

async function solveCommand(parsed: Parsed, cli: Cli): Promise<number> {
  const options = strategyOptions(parsed);
  const time = deadline(parsed, cli);
  let failed = false;
  let first = true;
  let solved = 0;
  let stoppedBy: string | undefined;
  /** Solves one code; false when the run was stopped. */
  const one = async (code: string, where: string): Promise<boolean> => {
    const progress = progressOf(cli, `solve ${escapeText(code.trim())}`);
    let result: SolveResult;
    try {
      result = interruptible(() => solve(code, { ...options, ...time.options(), onProgress: progress.onProgress }));
    } catch (error) {
      if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
      // A bad code read from standard input is a bad input line: five are said, the rest counted (`yes | mastermind solve -`).
      if (where === '') cli.warn(error.message);
      else cli.badLine(`${where}${error.message}`);
      failed = true;
      return true;
    } finally {
      progress.end();
    }
    if (parsed.values.json) {
      const { secret, turns, guesses, solved, stopped } = result;
      await cli.out.json({ secret, turns: turnsJson(turns), guesses, solved, ...(stopped === undefined ? {} : { stopped }) });
    } else {
      if (!first) await cli.out.line('');
      for (const line of result.lines) await cli.out.line(line);
    }
    first = false;
    if (result.stopped !== undefined) {
      const searched = progress.searched === '' ? '' : `, ${progress.searched}`;
      const before = solved === 0 ? '' : ` (after solving ${solved} ${solved === 1 ? 'code' : 'codes'})`;
      cli.warn(`${time.stopped(result.stopped)}${before}: ${result.secret}: ${result.guesses} ${result.guesses === 1 ? 'guess' : 'guesses'} made${searched}, not solved yet`);
      stoppedBy = result.stopped;
      return false;
    }
    solved++;
    return true;
  };
  for (const code of parsed.operands) {
    if (code !== '-') {
      if (!(await one(code, ''))) return stoppedStatus(cli, stoppedBy);
      continue;
    }
    for await (const { text, line } of inputLines(cli.signal)) {
      if (text.trim() !== '' && !(await one(text, `standard input line ${line}: `))) return stoppedStatus(cli, stoppedBy);
      // Codes may come slowly (typed, or from \`tail -f\`): each answer goes out now, not with the next one.
      await cli.out.end();
      // --timeout or Ctrl-C between two codes: stop reading and say what was done.
      if (cli.signal.aborted && cli.stopReason !== 'closed') break;
    }
  }
  if (cli.signal.aborted && cli.stopReason !== 'closed') {
    cli.warn(`${time.stopped(undefined)}: ${solved.toLocaleString('en-US')} ${solved === 1 ? 'code' : 'codes'} solved`);
    return stoppedStatus(cli);
  }
  return failed ? 1 : 0;
}

async function assistCommand(parsed: Parsed, cli: Cli): Promise<number> {
  const history: Turn[] = [];
  const words = parsed.operands;
  for (let i = 0; i < words.length; i += 3) {
    const numbers = [words[i + 1]!, words[i + 2]!].map((word) => (/^\d{1,2}$/.test(word) ? Number(word) : NaN));
    if (numbers.some(Number.isNaN)) {
      throw new UsageError(`turn ${i / 3 + 1}: the score is two numbers, black then white (such as: aabb 1 0); got ${quote(words[i + 1]!)} ${quote(words[i + 2]!)}`);
    }
    history.push({ guess: words[i]!, black: numbers[0]!, white: numbers[1]! });
  }
  const time = deadline(parsed, cli);
  const progress = progressOf(cli, 'assist');
  let next: NextGuess;
  try {
    next = interruptible(() => nextGuess(history, { ...strategyOptions(parsed), ...time.options(), onProgress: progress.onProgress }));
  } finally {
    progress.end();
  }
  if (parsed.values.json) {
    const { guess, solved, remaining, candidates, stopped } = next;
    await cli.out.json({ guess: guess ?? null, solved, remaining, candidates, ...(stopped === undefined ? {} : { stopped }) });
  } else if (next.solved) {
    await cli.out.line(`Solved in ${history.length}.`);
  } else {
    const shown = next.remaining <= 20 ? `: ${next.candidates.join(' ')}` : '';
    await cli.out.line(`${next.remaining.toLocaleString('en-US')} ${next.remaining === 1 ? 'code fits' : 'codes fit'}${shown}`);
    if (next.guess !== undefined) await cli.out.line(`Try: ${next.guess}`);
  }
  if (next.stopped !== undefined) {
    cli.warn(`${time.stopped(next.stopped)}: ${next.remaining.toLocaleString('en-US')} codes fit; no guess chosen yet${progress.searched === '' ? '' : ` (${progress.searched})`}`);
    return stoppedStatus(cli, next.stopped);
  }
  return 0;
}

async function evaluateCommand(parsed: Parsed, cli: Cli): Promise<number> {
  const time = deadline(parsed, cli);
  const progress = progressOf(cli, 'evaluate');
  const started = performance.now();
  let result: Evaluation;
  try {
    result = interruptible(() => evaluate({ ...strategyOptions(parsed), ...time.options(), onProgress: progress.onProgress }));
  } finally {
    progress.end();
  }
  const ms = roundMs(performance.now() - started);
  if (parsed.values.json) {
    const { strategy, opener, secrets, total, average, max, distribution, stopped } = result;
    await cli.out.json({ strategy, opener, secrets, total, average, max, distribution, ms, ...(stopped === undefined ? {} : { stopped }) });
  } else if (result.secrets > 0) {
    const from = result.opener === '' ? '' : ` from ${result.opener}`;
    await cli.out.line(`${result.strategy}${from}: ${result.total} guesses for ${result.secrets} secrets, average ${result.average.toFixed(4)}, max ${result.max}`);
    await cli.out.line(`guesses: ${Object.entries(result.distribution).map(([guesses, count]) => `${guesses}:${count}`).join(' ')}`);
  }
  if (result.stopped !== undefined) {
    const all = codeCount(parsed.size).toLocaleString('en-US');
    const searched = result.secrets === 0 && progress.searched !== '' ? ` (${progress.searched})` : '';
    cli.warn(`${time.stopped(result.stopped)}: ${result.secrets.toLocaleString('en-US')} of ${all} secrets played${searched}`);
    return stoppedStatus(cli, result.stopped);
  }
  return 0;
}

async function playCommand(parsed: Parsed, cli: Cli): Promise<number> {
  const { values, size, maxGuesses } = parsed;
  const options: GameOptions = {
    ...size,
    ...(values.seed === undefined ? {} : { seed: values.seed }),
    ...(values.secret === undefined ? {} : { secret: values.secret }),
    ...(maxGuesses === undefined ? {} : { maxGuesses: maxGuesses === 0 ? Infinity : maxGuesses }),
  };
  let game = createGame(options);
  const time = deadline(parsed, cli);
  // Guesses from a pipe are echoed after the prompt, so the output reads as a transcript.
  const piped = process.stdin.isTTY !== true;
  const prompt = async (): Promise<void> => {
    await cli.out.write('Enter guess: ');
    // The prompt must show before the player types: hand the batched output to the terminal now.
    await cli.out.end();
  };
  let rejectedInARow = 0;
  await prompt();
  for await (const { text, line } of inputLines(cli.signal)) {
    if (piped) await cli.out.line(text.length <= 40 ? escapeText(text) : quote(text, 40));
    const result = play(game, text);
    game = result.game;
    if (result.outcome === 'rejected') {
      // At the keyboard each rejection is said; from a pipe they are bad input lines (five said, the rest counted), and
      // a run of them ends the game: \`yes | mastermind\` must not go on for ever.
      if (!piped) cli.warn(`${result.reason} (not counted)`);
      else {
        cli.badLine(`standard input line ${line}: ${result.reason} (not counted)`);
        if (++rejectedInARow >= MAX_REJECTED_IN_A_ROW) {
          await cli.out.line('');
          cli.warn(`${MAX_REJECTED_IN_A_ROW} guesses in a row were rejected; the game ends (the code was ${game.secret})`);
          return 1;
        }
      }
    } else {
      rejectedInARow = 0;
      await cli.out.line(`${result.turn.black} ${result.turn.white}`);
    }
    if (game.status !== 'playing') {
      if (game.status === 'lost') await cli.out.line(`Out of guesses: the code was ${game.secret}`);
      return 0;
    }
    await prompt();
  }
  await cli.out.line('');
  if (cli.signal.aborted && cli.stopReason !== 'closed') {
    cli.warn(`${time.stopped(undefined)}: ${game.turns.length} ${game.turns.length === 1 ? 'guess' : 'guesses'} made; the code was ${game.secret}`);
    return stoppedStatus(cli);
  }
  cli.warn(`the input ended before the code was found (it was ${game.secret})`);
  return 1;
}

runCli({ name: 'mastermind', help: HELP, packageJson: new URL('../package.json', import.meta.url), main });
