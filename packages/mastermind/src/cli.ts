#!/usr/bin/env node
// mastermind: argument parsing and printing only; everything else is the library's.
import { UsageError, escapeText, integerOption, quote, readLines, runCli, type Cli } from '@puzzles/kit/cli';
import {
  STRATEGIES,
  createGame,
  evaluate,
  play,
  resolveSize,
  solve,
  type Evaluation,
  type GameOptions,
  type ResolvedSize,
  type StrategyName,
  type StrategyOptions,
} from './index.js';

const HELP = `Usage: mastermind [play] [--pegs N] [--colors N] [--seed S]
       mastermind solve CODE... [--strategy NAME] [--opener CODE] [--json]
       mastermind evaluate [--strategy NAME] [--opener CODE] [--json]

Mastermind: one player hides a code of pegs (colors a, b, c, ...; repeats
allowed), the other guesses; each guess scores black pegs (right color, right
place) and white pegs (right color, wrong place), printed as "1 2".

Commands:
  play           (the default) the computer hides a code and scores your
                 guesses: "Enter guess:" then "black white". Guesses may come
                 from a pipe, one per line.
  solve CODE     a strategy solves CODE and prints its trace, one guess per
                 line ("abcd 1 2"); the state-machine strategy prints its rule
                 messages too. CODE "-" reads codes from standard input.
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
  --strategy NAME   ${STRATEGIES.join(', ')} (default knuth)
  --opener CODE     the first guess (defaults: knuth aabb, entropy abcd,
                    expected-size and most-parts aabc; 5x8: aabbc)
  --first C         state-machine strategy: GuessOne's first color instead
                    of a random one
  --json            machine-readable output (solve, evaluate)
  -h, --help        show this help
  -v, --version     show the version

Codes are letters (a = first color) or, up to 10 colors, digits (1 = a, 0 = j).
evaluate --json prints {"strategy","opener","secrets","total","average","max",
"distribution"}; distribution[i] is the number of secrets solved in i+1 guesses.

Examples:
  mastermind --seed 7
  printf 'aabb\\nccdd\\n' | mastermind --secret abcd
  mastermind solve acab --strategy state-machine --first e
  mastermind solve acab --strategy knuth
  mastermind solve 1234 --strategy optimal
  mastermind evaluate --strategy knuth --json
  mastermind evaluate --strategy most-parts --pegs 5 --colors 8

Exit status: 0 on success, 1 on bad input, 2 on a usage error.`;

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
  json: { type: 'boolean' },
} as const;

const COMMANDS = ['play', 'solve', 'evaluate'] as const;
type Command = (typeof COMMANDS)[number];

/** The longest line `solve -` reads; a code is at most 10 characters, so anything near this is not one. */
const MAX_LINE = 4096;

function parse(argv: string[], cli: Cli) {
  const { values, positionals } = cli.parse(argv, OPTIONS);
  const command = (positionals[0] ?? 'play') as Command;
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new UsageError(`unknown command ${quote(command)}; expected play, solve or evaluate`);
  }
  const pegs = integerOption(values.pegs, 'pegs', { min: 1 });
  const colors = integerOption(values.colors, 'colors', { min: 1 });
  const maxGuesses = integerOption(values['max-guesses'], 'max-guesses', { min: 0 });
  const strategy = values.strategy ?? 'knuth';
  if (!STRATEGIES.includes(strategy as StrategyName)) {
    throw new UsageError(`--strategy must be one of ${STRATEGIES.join(', ')}; got ${quote(strategy)}`);
  }
  const only = (names: string[], commands: string[]) => {
    for (const name of names) {
      if ((values as Record<string, unknown>)[name] !== undefined && !commands.includes(command)) {
        throw new UsageError(`--${name} goes with ${commands.join(' or ')}, not ${command}`);
      }
    }
  };
  only(['secret', 'max-guesses'], ['play']);
  only(['strategy', 'opener', 'first', 'json'], ['solve', 'evaluate']);
  if (command !== 'play' && strategy !== 'state-machine') {
    for (const name of ['first', 'seed'] as const) {
      if (values[name] !== undefined) throw new UsageError(`--${name} goes with --strategy state-machine, not ${strategy}`);
    }
  }
  if (command !== 'play' && strategy === 'state-machine' && values.opener !== undefined) {
    throw new UsageError('--opener does not go with --strategy state-machine (it picks its own first guess)');
  }
  if (command === 'solve' && positionals.length < 2) {
    throw new UsageError('solve needs a code to solve, such as: mastermind solve acab');
  }
  if (command !== 'solve' && positionals.length > 1) throw new UsageError(`unexpected argument ${quote(positionals[1]!)}`);
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
  return { values, command, codes: positionals.slice(1), size, maxGuesses, strategy: strategy as StrategyName };
}

type Parsed = ReturnType<typeof parse>;

async function main(argv: string[], cli: Cli): Promise<number> {
  const parsed = parse(argv, cli);
  if (parsed.command === 'solve') return solveCommand(parsed, cli);
  if (parsed.command === 'evaluate') return evaluateCommand(parsed, cli);
  return playCommand(parsed, cli);
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

async function solveCommand(parsed: Parsed, cli: Cli): Promise<number> {
  const options = strategyOptions(parsed);
  let failed = false;
  let first = true;
  const one = async (code: string, where: string): Promise<void> => {
    let result;
    try {
      result = solve(code, options);
    } catch (error) {
      if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
      cli.warn(`${where}${error.message}`);
      failed = true;
      return;
    }
    if (parsed.values.json) {
      await cli.out.json({ secret: result.secret, guesses: result.guesses, turns: result.turns, lines: result.lines });
    } else {
      if (!first) await cli.out.line('');
      for (const line of result.lines) await cli.out.line(line);
    }
    first = false;
  };
  for (const code of parsed.codes) {
    if (code !== '-') await one(code, '');
    else {
      for await (const { text, line } of readLines('-', { maxLength: MAX_LINE })) {
        if (text.trim() !== '') await one(text, `standard input line ${line}: `);
      }
    }
  }
  return failed ? 1 : 0;
}

async function evaluateCommand(parsed: Parsed, cli: Cli): Promise<number> {
  const bar = cli.progress('evaluate', { unit: 'secrets' });
  let result: Evaluation;
  try {
    result = evaluate({ ...strategyOptions(parsed), onProgress: (done: number, total: number) => bar.update(done, total) });
  } finally {
    bar.end();
  }
  if (parsed.values.json) {
    const { strategy, opener, secrets, total, average, max, distribution } = result;
    await cli.out.json({ strategy, opener, secrets, total, average, max, distribution });
  } else {
    const from = result.opener === '' ? '' : ` from ${result.opener}`;
    await cli.out.line(`${result.strategy}${from}: ${result.total} guesses for ${result.secrets} secrets, average ${result.average.toFixed(4)}, max ${result.max}`);
    await cli.out.line(`guesses: ${result.distribution.map((count, i) => `${i + 1}:${count}`).join(' ')}`);
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
  // Guesses from a pipe are echoed after the prompt, so the output reads as a transcript.
  const echo = process.stdin.isTTY !== true;
  const prompt = async (): Promise<void> => {
    await cli.out.write('Enter guess: ');
    // The prompt must show before the player types: hand the batched output to the terminal now.
    await cli.out.end();
  };
  await prompt();
  for await (const { text } of readLines('-', { maxLength: MAX_LINE })) {
    if (echo) await cli.out.line(escapeText(text));
    const result = play(game, text);
    game = result.game;
    if (result.outcome === 'rejected') cli.warn(`${result.reason} (not counted)`);
    else await cli.out.line(`${result.turn.black} ${result.turn.white}`);
    if (game.status !== 'playing') {
      if (game.status === 'lost') await cli.out.line(`Out of guesses: the code was ${game.secret}`);
      return 0;
    }
    await prompt();
  }
  await cli.out.line('');
  cli.warn(`the input ended before the code was found (it was ${game.secret})`);
  return 1;
}

runCli({ name: 'mastermind', help: HELP, packageJson: new URL('../package.json', import.meta.url), main });
