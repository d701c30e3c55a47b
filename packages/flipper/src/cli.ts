#!/usr/bin/env node
// flipper: argument parsing and printing only; everything else is the library's.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  formatBoard,
  formatGrid,
  formatPosition,
  gameHint,
  newGame,
  parseBoard,
  parsePosition,
  playMove,
  randomLightsOutBoard,
  resetGame,
  seededRandom,
  solve,
  solveLightsOut,
  countBits,
  type Game,
} from './index.js';

const HELP = `Usage: flipper [--seed S] [--start POSITION]
       flipper solve <position>... [--json]
       flipper solve - [--json]
       flipper lights-out (--size N | --rows R --cols C) [--seed S] [--json]
       flipper lights-out --board FILE [--json]

The flipper: a 3×3 grid of squares, on (1) or off (0). The goal is every edge
square on and the centre off:
   1 1 1
   1 0 1
   1 1 1
Nine moves, numbered like the squares (1 2 3 / 4 5 6 / 7 8 9 row by row), each
toggle a fixed set of squares: 1: 1,2,4,5  2: 1,2,3  3: 2,3,5,6  4: 1,4,7
5: 1,3,5,7,9  6: 3,6,9  7: 4,5,7,8  8: 7,8,9  9: 5,6,8,9.

Play (no command): type move numbers (several per line are fine), or
  n  new puzzle     r  reset to the start     h  hint (the solver's next move)
  q  quit
Commands are read from standard input, so a game can be piped in.

solve: print the moves (1-based, ascending; "none" at the goal) that solve each
  position: 9 digits 0/1, square 1 first. "-" reads one position per line.
lights-out: solve a random solvable classic Lights Out board (or the 0/1 grid
  in FILE, "-" for stdin) by light chasing and verify the presses.

Options:
  --seed S        reproducible random puzzles (any text)
  --start P       play: start at position P instead of a random one
  --json          solve: {"position", "moves"} per line; lights-out:
                  {"size", "rank", "nullity", "solvable", "presses", "verified", "ms"}
                  ("size" is N for a square board, "RxC" otherwise)
  --size N        lights-out: an N×N board
  --rows R, --cols C   lights-out: an R×C board
  --board FILE    lights-out: solve this board (rows of 0/1, like " 1 0 1")
  -h, --help      show this help
  -v, --version   show the version

Examples:
  flipper --seed 2008
  printf '3\\n2\\n4\\n6\\n8\\n' | flipper --start 110011101
  flipper solve 101010101
  flipper solve 111111111 000000000 --json
  printf '110011101\\n000000000\\n' | flipper solve -
  flipper lights-out --size 5 --seed 1
  flipper lights-out --size 1000 --seed 1 --json
  flipper lights-out --rows 30 --cols 50 --seed 7

Exit status: 0 on success, 1 on bad input, 2 on a usage error.`;

class UsageError extends Error {}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

const colors = process.stdout.isTTY === true && !process.env.NO_COLOR;
const paint = (text: string): string =>
  colors ? text.replace(/[01]/g, (d) => (d === '1' ? '\u001b[1;33m1\u001b[0m' : '\u001b[2m0\u001b[0m')) : text;

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        seed: { type: 'string' },
        start: { type: 'string' },
        json: { type: 'boolean' },
        size: { type: 'string' },
        rows: { type: 'string' },
        cols: { type: 'string' },
        board: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const command = positionals[0] ?? 'play';
  if (!['play', 'solve', 'lights-out'].includes(command)) {
    throw new UsageError(`unknown command '${command}'; use solve, lights-out, or none to play`);
  }
  const allowed: Record<string, string[]> = {
    play: ['seed', 'start'],
    solve: ['json'],
    'lights-out': ['seed', 'json', 'size', 'rows', 'cols', 'board'],
  };
  for (const name of ['seed', 'start', 'json', 'size', 'rows', 'cols', 'board']) {
    if (values[name as keyof typeof values] !== undefined && !allowed[command]!.includes(name)) {
      throw new UsageError(`--${name} does not go with ${command === 'play' ? 'playing' : command}`);
    }
  }
  if (command === 'play' && positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (command === 'lights-out' && positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  if (command === 'solve' && positionals.length < 2) throw new UsageError('solve needs positions (9 digits 0/1) or -');
  return { values, command, positionals: positionals.slice(1) };
}

/** One JSON object on one line, spaced like the issue's examples: {"position": "111111111", "moves": [1, 3, 5, 7, 9]}. */
function jsonLine(value: Record<string, unknown>): string {
  const show = (v: unknown): string => (Array.isArray(v) ? `[${v.map(show).join(', ')}]` : JSON.stringify(v));
  return `{${Object.entries(value)
    .map(([k, v]) => `${JSON.stringify(k)}: ${show(v)}`)
    .join(', ')}}`;
}

function sizeOption(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > 65536) throw new UsageError(`--${name} must be an integer from 1 to 65536; got '${text}'`);
  return n;
}

function main(argv: string[]): Promise<number> | number {
  const { values, command, positionals } = parse(argv);
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (values.version) {
    console.log(version());
    return 0;
  }
  if (command === 'solve') return solveCommand(positionals, values.json === true);
  if (command === 'lights-out') return lightsOut(values);
  return play(values.seed, values.start);
}

// ---------------------------------------------------------------------------------------------------------------
// flipper solve

function solveCommand(inputs: string[], json: boolean): Promise<number> | number {
  let failed = false;
  const run = (text: string, where: string): void => {
    try {
      const position = parsePosition(text);
      const moves = solve(position);
      console.log(
        json
          ? jsonLine({ position: formatPosition(position), moves })
          : moves.length === 0
            ? 'none'
            : moves.join(' '),
      );
    } catch (error) {
      if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
      console.error(`flipper: ${where}${error.message}`);
      failed = true;
    }
  };
  for (const text of inputs) if (text !== '-') run(text, '');
  if (!inputs.includes('-')) return failed ? 1 : 0;
  return (async () => {
    let line = 0;
    for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
      line++;
      if (text.trim() === '') continue;
      run(text, `stdin line ${line}: `);
    }
    return failed ? 1 : 0;
  })();
}

// ---------------------------------------------------------------------------------------------------------------
// flipper lights-out

interface LightsOutValues {
  seed?: string | undefined;
  json?: boolean | undefined;
  size?: string | undefined;
  rows?: string | undefined;
  cols?: string | undefined;
  board?: string | undefined;
}

function lightsOut(values: LightsOutValues): number {
  const size = sizeOption(values.size, 'size');
  let rows = sizeOption(values.rows, 'rows');
  let cols = sizeOption(values.cols, 'cols');
  if (values.board !== undefined && (size !== undefined || rows !== undefined || cols !== undefined || values.seed !== undefined)) {
    throw new UsageError('--board gives the board; leave out --size, --rows, --cols and --seed');
  }
  let board: Uint32Array;
  let what: string;
  if (values.board !== undefined) {
    const file = values.board;
    let text: string;
    try {
      text = readFileSync(file === '-' ? 0 : file, 'utf8');
    } catch (error) {
      throw new RangeError(`cannot read ${file}: ${(error as Error).message}`);
    }
    try {
      ({ rows, cols, board } = parseBoard(text));
    } catch (error) {
      if (error instanceof RangeError) throw new RangeError(`${file === '-' ? 'stdin' : file}: ${error.message}`);
      throw error;
    }
    what = `the board in ${file === '-' ? 'stdin' : file}`;
  } else {
    if (size !== undefined && (rows !== undefined || cols !== undefined)) throw new UsageError('give --size N or --rows R --cols C, not both');
    if (size !== undefined) rows = cols = size;
    if (rows === undefined || cols === undefined) throw new UsageError('lights-out needs --size N, --rows R --cols C, or --board FILE');
    if (rows * cols > 2 ** 26) throw new UsageError(`the board may have at most 67108864 cells; got ${rows} × ${cols}`);
    board = randomLightsOutBoard(rows, cols, values.seed === undefined ? {} : { seed: values.seed });
    what = `a random solvable board${values.seed === undefined ? '' : ` (seed ${values.seed})`}`;
  }
  const start = performance.now();
  const solution = solveLightsOut(board, rows, cols);
  const ms = Math.round((performance.now() - start) * 10) / 10;
  if (values.json) {
    const { rank, nullity, solvable, pressCount, verified } = solution;
    const sizeValue = rows === cols ? rows : `${rows}x${cols}`;
    console.log(jsonLine({ size: sizeValue, rank, nullity, solvable, presses: pressCount, verified, ms }));
    return solvable ? 0 : 1;
  }
  const n = (x: number) => x.toLocaleString('en-US');
  console.log(`Lights Out ${rows}×${cols}, ${what}: ${n(countBits(board))} lights on`);
  console.log(
    `rank ${n(solution.rank)}, nullity ${solution.nullity}: ${
      solution.nullity === 0 ? 'every board is solvable, in exactly one way' : `a solvable board has 2^${solution.nullity} solutions`
    }`,
  );
  const small = rows <= 40 && cols <= 40;
  if (small) console.log(`board:\n${paint(formatBoard(board, rows, cols))}`);
  if (!solution.solvable) {
    console.log(`not solvable (${ms} ms)`);
    return 1;
  }
  if (small) console.log(`presses:\n${paint(formatBoard(solution.presses!, rows, cols))}`);
  const fewest = solution.nullity === 0 ? '' : solution.minimal ? ' (the fewest of all solutions)' : ' (not searched for the fewest)';
  console.log(`${n(solution.pressCount)} presses${fewest}, ${solution.verified ? 'verified' : 'NOT verified'}, in ${ms} ms`);
  return solution.verified ? 0 : 1;
}

// ---------------------------------------------------------------------------------------------------------------
// flipper (play)

async function play(seed: string | undefined, startText: string | undefined): Promise<number> {
  const random = seededRandom(seed ?? globalThis.crypto.randomUUID());
  let start: number | undefined;
  if (startText !== undefined) {
    try {
      start = parsePosition(startText);
    } catch (error) {
      throw new UsageError(`--start: ${(error as Error).message}`);
    }
  }
  let game: Game = newGame(start === undefined ? { random } : { start });
  const interactive = process.stdin.isTTY === true;
  const out = (text: string) => process.stdout.write(`${text}\n`);
  const show = () => {
    out(paint(formatGrid(game.position)));
    out(`Moves: ${game.moves}\n`);
  };
  const prompt = () => {
    if (interactive) process.stdout.write(game.solved ? 'n new puzzle, r replay, q quit: ' : 'Move (1-9), n, r, h, q: ');
  };
  out('Flipper: turn every edge square on and the centre off. Moves 1-9; n new, r reset, h hint, q quit.\n');
  show();
  if (game.solved) out('Already solved: n for a new puzzle.');
  prompt();
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (!interactive && line.trim() !== '') out(line.trim()); // echo piped commands, like a transcript
    for (const token of line.trim().split(/\s+/).filter(Boolean)) {
      const command = token.toLowerCase();
      if (command === 'q' || command === 'quit') {
        rl.close();
        return 0;
      }
      if (command === 'n') {
        game = newGame({ random });
        out('New puzzle.');
        show();
      } else if (command === 'r') {
        game = resetGame(game);
        out('Back to the start.');
        show();
      } else if (command === 'h') {
        const hint = gameHint(game);
        out(hint === null ? 'Solved already: n for a new puzzle.' : `Hint: move ${hint} (${solve(game.position).length} moves to go)`);
      } else if (/^[1-9]$/.test(command)) {
        if (game.solved) {
          console.error('flipper: the puzzle is solved; n for a new puzzle, r to replay it, q to quit');
          continue;
        }
        game = playMove(game, Number(command));
        show();
        if (game.solved) out(`Congratulations, you finished in ${game.moves} moves.`);
      } else {
        console.error(`flipper: '${token}' is not a command; type a move 1-9, n, r, h or q`);
      }
    }
    prompt();
  }
  return 0;
}

// When the reader of our output goes away (`flipper solve - | head -1`), stop quietly instead of dying on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
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
        console.error(`flipper: ${error.message}\nRun 'flipper --help' for usage.`);
        process.exitCode = 2;
      } else if (error instanceof RangeError || error instanceof TypeError) {
        console.error(`flipper: ${error.message}`);
        process.exitCode = 1;
      } else {
        throw error;
      }
    },
  );
