#!/usr/bin/env node
// mastermind: argument parsing and printing only; everything else is the library's.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
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
                 line ("abcd 1 2"); the seed strategy prints its rule
                 messages too. CODE "-" reads codes from standard input.
  evaluate       a strategy plays every secret; prints the total, average and
                 most guesses and how many secrets took 1, 2, ... guesses.

Options:
  --pegs N          pegs per code, 1-10 (default 4)
  --colors N        colors, 1-26 (default 6)
  --no-repeats      no color twice in a code (Bulls and Cows: --colors 10)
  --seed S          reproducible secret (play) or first color (seed strategy)
  --secret CODE     play: the code to guess instead of a random one
  --max-guesses N   play: guesses allowed (default 10; 0 for no limit)
  --strategy NAME   ${STRATEGIES.join(', ')} (default knuth)
  --opener CODE     the first guess (defaults: knuth aabb, entropy abcd,
                    expected-size and most-parts aabc; 5x8: aabbc)
  --first C         seed strategy: GuessOne's first color instead of a random one
  --json            machine-readable output (solve, evaluate)
  -h, --help        show this help
  -v, --version     show the version

Codes are letters (a = first color) or, up to 10 colors, digits (1 = a, 0 = j).
evaluate --json prints {"strategy","opener","secrets","total","average","max",
"distribution"}; distribution[i] is the number of secrets solved in i+1 guesses.

Examples:
  mastermind --seed 7
  printf 'aabb\\nccdd\\n' | mastermind --secret abcd
  mastermind solve acab --strategy seed --first e
  mastermind solve acab --strategy knuth
  mastermind solve 1234 --strategy optimal
  mastermind evaluate --strategy knuth --json
  mastermind evaluate --strategy most-parts --pegs 5 --colors 8

Exit status: 0 on success, 1 on bad input, 2 on a usage error.`;

class UsageError extends Error {}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
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
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const command = positionals[0] ?? 'play';
  if (!['play', 'solve', 'evaluate'].includes(command)) {
    throw new UsageError(`unknown command '${command}'; expected play, solve or evaluate`);
  }
  const integer = (text: string | undefined, name: string, min: number): number | undefined => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`--${name} must be an integer of at least ${min}; got '${text}'`);
    return Number(text);
  };
  const pegs = integer(values.pegs, 'pegs', 1);
  const colors = integer(values.colors, 'colors', 1);
  const maxGuesses = integer(values['max-guesses'], 'max-guesses', 0);
  const strategy = values.strategy ?? 'knuth';
  if (!STRATEGIES.includes(strategy as StrategyName)) {
    throw new UsageError(`--strategy must be one of ${STRATEGIES.join(', ')}; got '${strategy}'`);
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
  if (command !== 'play' && strategy !== 'seed') {
    for (const name of ['first', 'seed'] as const) {
      if (values[name] !== undefined) throw new UsageError(`--${name} goes with --strategy seed, not ${strategy}`);
    }
  }
  if (command !== 'play' && strategy === 'seed' && values.opener !== undefined) {
    throw new UsageError('--opener does not go with --strategy seed (it picks its own first guess)');
  }
  if (command === 'solve' && positionals.length < 2 && !values.help && !values.version) {
    throw new UsageError('solve needs a code to solve, such as: mastermind solve acab');
  }
  if (command !== 'solve' && positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
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

function main(argv: string[]): Promise<number> | number {
  const parsed = parse(argv);
  const { values, command } = parsed;
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (values.version) {
    console.log(version());
    return 0;
  }
  if (command === 'solve') return solveCommand(parsed);
  if (command === 'evaluate') return evaluateCommand(parsed);
  return playCommand(parsed);
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

function solveCommand(parsed: Parsed): Promise<number> | number {
  const options = strategyOptions(parsed);
  let failed = false;
  let first = true;
  const one = (code: string, where: string): void => {
    try {
      const result = solve(code, options);
      if (parsed.values.json) console.log(JSON.stringify({ secret: result.secret, guesses: result.guesses, turns: result.turns, lines: result.lines }));
      else {
        if (!first) console.log('');
        console.log(result.lines.join('\n'));
      }
      first = false;
    } catch (error) {
      if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
      console.error(`mastermind: ${where}${error.message}`);
      failed = true;
    }
  };
  for (const code of parsed.codes) if (code !== '-') one(code, '');
  if (!parsed.codes.includes('-')) return failed ? 1 : 0;
  return (async () => {
    let line = 0;
    for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
      line++;
      if (text.trim() !== '') one(text, `stdin line ${line}: `);
    }
    return failed ? 1 : 0;
  })();
}

function evaluateCommand(parsed: Parsed): number {
  const bar = process.stderr.isTTY === true;
  let last = 0;
  const started = Date.now();
  const result: Evaluation = evaluate({
    ...strategyOptions(parsed),
    ...(bar
      ? {
          onProgress: (done: number, total: number) => {
            const now = Date.now();
            if (now - started < 1000 || (now - last < 100 && done < total)) return;
            last = now;
            const width = 30;
            const filled = Math.round((done / total) * width);
            process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
            if (done === total) process.stderr.write('\r\u001b[K');
          },
        }
      : {}),
  });
  if (parsed.values.json) {
    const { strategy, opener, secrets, total, average, max, distribution } = result;
    console.log(JSON.stringify({ strategy, opener, secrets, total, average, max, distribution }));
  } else {
    const from = result.opener === '' ? '' : ` from ${result.opener}`;
    console.log(`${result.strategy}${from}: ${result.total} guesses for ${result.secrets} secrets, average ${result.average.toFixed(4)}, max ${result.max}`);
    console.log(`guesses: ${result.distribution.map((count, i) => `${i + 1}:${count}`).join(' ')}`);
  }
  return 0;
}

function playCommand(parsed: Parsed): Promise<number> {
  const { values, size, maxGuesses } = parsed;
  const options: GameOptions = {
    ...size,
    ...(values.seed === undefined ? {} : { seed: values.seed }),
    ...(values.secret === undefined ? {} : { secret: values.secret }),
    ...(maxGuesses === undefined ? {} : { maxGuesses: maxGuesses === 0 ? Infinity : maxGuesses }),
  };
  let game = createGame(options);
  const echo = process.stdin.isTTY !== true;
  const prompt = (): void => {
    process.stdout.write('Enter guess: ');
  };
  return new Promise((resolve) => {
    const input = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
    let finished = false;
    prompt();
    input.on('line', (text) => {
      if (finished) return;
      if (echo) process.stdout.write(`${text}\n`);
      const result = play(game, text);
      game = result.game;
      if (result.outcome === 'rejected') console.error(`mastermind: ${result.reason} (not counted)`);
      else console.log(`${result.turn.black} ${result.turn.white}`);
      if (game.status !== 'playing') {
        finished = true;
        if (game.status === 'lost') console.log(`Out of guesses: the code was ${game.secret}`);
        input.close();
        resolve(0);
        return;
      }
      prompt();
    });
    input.on('close', () => {
      if (finished) return;
      finished = true;
      process.stdout.write('\n');
      console.error(`mastermind: the input ended before the code was found (it was ${game.secret})`);
      resolve(1);
    });
  });
}

Promise.resolve()
  .then(() => main(process.argv.slice(2)))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`mastermind: ${error.message}\nRun 'mastermind --help' for usage.`);
        process.exitCode = 2;
      } else if (error instanceof RangeError || error instanceof TypeError) {
        console.error(`mastermind: ${error.message}`);
        process.exitCode = 1;
      } else {
        throw error;
      }
    },
  );
