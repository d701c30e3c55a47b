#!/usr/bin/env node
// flipper: argument parsing and printing only; everything else is the library's.
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import type { SolveMessage, SolveRequest } from './solve-worker.js';
import { isatty } from 'node:tty';
import {
  EXIT_TIMEOUT,
  UsageError,
  closest,
  durationOption,
  escapeText,
  formatDuration,
  integerOption,
  quote,
  readLines,
  readText,
  roundMs,
  runCli,
  type Cli,
} from '@puzzles/kit/cli';
import {
  countBits,
  formatBoard,
  formatGrid,
  formatPosition,
  newGame,
  parseBoard,
  parsePosition,
  playCommand,
  randomLightsOutBoard,
  seededRandom,
  solve,
  type Game,
  type LightsOutSolution,
} from './index.js';

const HELP = `Usage: flipper [play] [--seed S] [--start POSITION]
       flipper solve <position>... [--json]
       flipper solve - [--json]
       flipper lights-out (--size N | --rows R --cols C) [--seed S]
                          [--json] [--timeout T]
       flipper lights-out --board FILE [--json] [--timeout T]

The flipper: a 3×3 grid of squares, on (1) or off (0). The goal is every edge
square on and the centre off:
   1 1 1
   1 0 1
   1 1 1
Nine moves, numbered like the squares (1 2 3 / 4 5 6 / 7 8 9 row by row), each
toggle a fixed set of squares: 1: 1,2,4,5  2: 1,2,3  3: 2,3,5,6  4: 1,4,7
5: 1,3,5,7,9  6: 3,6,9  7: 4,5,7,8  8: 7,8,9  9: 5,6,8,9.

Play (no command, or play): type move numbers (several per line are fine), or
  n  new puzzle     r  reset to the start     h  hint (the solver's next move)
  q  quit
Commands are read from standard input, so a game can be piped in; a piped game
ends (exit status 1) after 10 lines in a row without a move or command.

solve: print the moves (1-based, ascending; "none" at the goal) that solve each
  position: 9 digits 0/1, square 1 first. "-" reads one position per line.
lights-out: solve a random solvable classic Lights Out board (or the 0/1 grid
  in FILE, "-" for stdin) by light chasing and verify the presses.

Options:
  --seed S        reproducible random puzzles (any text)
  --start P       play: start at position P instead of a random one
  --json          compact JSON. solve: {"position", "moves"} per line (the
                  moves 1-based, as solve gives them); lights-out: {"rows",
                  "cols", "rank", "nullity", "solvable", "minimal", "verified",
                  "pressCount", "ms", "presses"}, presses = the cells to press,
                  0-based row by row (cell r·cols + c), or null
  --size N        lights-out: an N×N board
  --rows R, --cols C   lights-out: an R×C board
  --board FILE    lights-out: solve this board (rows of 0/1, like " 1 0 1")
  --timeout T     lights-out: give up solving after T (500ms, 10s, 2m; a bare
                  number is seconds) and say how far it got; exit status 124
  -h, --help      show this help
  -v, --version   show the version

Examples:
  flipper --seed 2008
  printf '3\\n2\\n4\\n6\\n8\\n' | flipper --start 110011101
  flipper solve 101010101
  flipper solve 111111111 000000000 --json
  printf '110011101\\n000000000\\n' | flipper solve -
  flipper lights-out --size 5 --seed 1
  flipper lights-out --size 20 --seed 1 --json
  flipper lights-out --rows 30 --cols 50 --seed 7
  flipper lights-out --size 2000 --seed 1 --timeout 10s

Exit status: 0 on success; 1 on bad input, an unsolvable board or a failed
write; 2 on a usage error; 124 when --timeout stopped the solve; 130 after
Ctrl-C. Of many bad lines on standard input, the first 5 are each named on
stderr and the rest counted in one last line.`;

const OPTIONS = {
  seed: { type: 'string' },
  start: { type: 'string' },
  json: { type: 'boolean' },
  size: { type: 'string' },
  rows: { type: 'string' },
  cols: { type: 'string' },
  board: { type: 'string' },
  timeout: { type: 'string' },
} as const;

const COMMANDS = ['play', 'solve', 'lights-out'] as const;
type Command = (typeof COMMANDS)[number];

/** The options each command takes. */
const ALLOWED: Record<Command, readonly (keyof typeof OPTIONS)[]> = {
  play: ['seed', 'start'],
  solve: ['json'],
  'lights-out': ['seed', 'json', 'size', 'rows', 'cols', 'board', 'timeout'],
};

/** The longest line of play commands (a line of moves is a few characters; a longer one is not a game). */
const MAX_PLAY_LINE = 1000;
/** How many lines in a row without a move or command end a piped game (a stream of junk is not a player). */
const MAX_IDLE_LINES = 10;
/** How much of a piped command line the transcript echoes. */
const ECHO_LIMIT = 200;

/** 12,345: a count with a comma every three digits. */
const formatCount = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "1 move", "5 moves", "12,345 presses". */
const count = (n: number, one: string, many = `${one}s`): string => `${formatCount(n)} ${n === 1 ? one : many}`;

/** Grids in color when stdout takes colors: bold yellow 1s, dim 0s. */
function painter(cli: Cli): (text: string) => string {
  return (text) => (cli.color ? text.replace(/[01]/g, (d) => (d === '1' ? '\u001b[1;33m1\u001b[0m' : '\u001b[2m0\u001b[0m')) : text);
}

/** Text from input made safe for the terminal and cut to `limit` characters (the full length said). */
function shown(text: string, limit = ECHO_LIMIT): string {
  return text.length <= limit ? escapeText(text) : `${escapeText(text.slice(0, limit - 3))}... (${text.length} characters)`;
}

async function main(argv: string[], cli: Cli): Promise<number> {
  const { values, positionals } = cli.parse(argv, OPTIONS);
  const word = positionals[0] ?? 'play';
  if (!(COMMANDS as readonly string[]).includes(word)) {
    const suggestion = closest(word, COMMANDS);
    throw new UsageError(
      `unknown command ${quote(word)}${suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`}; use solve, lights-out, or none to play`,
    );
  }
  const command = word as Command;
  for (const name of Object.keys(OPTIONS) as (keyof typeof OPTIONS)[]) {
    if (values[name] !== undefined && !ALLOWED[command].includes(name)) {
      throw new UsageError(`--${name} does not go with ${command === 'play' ? 'playing' : command}`);
    }
  }
  const operands = positionals.slice(1);
  if (command !== 'solve' && operands.length > 0) throw new UsageError(`unexpected argument ${quote(operands[0]!)}`);
  if (command === 'solve' && operands.length === 0) throw new UsageError('solve needs positions (9 digits 0/1) or -');
  if (command === 'solve') return solveCommand(cli, operands, values.json === true);
  if (command === 'lights-out') return lightsOut(cli, values);
  return play(cli, values.seed, values.start);
}

// ---------------------------------------------------------------------------------------------------------------
// flipper solve

async function solveCommand(cli: Cli, inputs: readonly string[], json: boolean): Promise<number> {
  let failed = false;
  const run = async (text: string, where: string): Promise<void> => {
    let position: number;
    try {
      position = parsePosition(text);
    } catch (error) {
      if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
      // Bad lines of a stream are said five at a time and then counted (the kit sums them up and exits 1).
      if (where === '') cli.warn(error.message);
      else cli.badLine(`${where}${error.message}`);
      failed = true;
      return;
    }
    const moves = solve(position);
    if (json) await cli.out.json({ position: formatPosition(position), moves });
    else await cli.out.line(moves.length === 0 ? 'none' : moves.join(' '));
  };
  let stdinRead = false;
  for (const text of inputs) {
    if (text !== '-') {
      await run(text, '');
    } else if (!stdinRead) {
      stdinRead = true;
      for await (const { text: line, line: number } of standardInput(cli)) {
        if (line.trim() !== '') await run(line, `standard input line ${number}: `);
      }
    }
  }
  return failed ? 1 : 0;
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
  timeout?: string | undefined;
}

async function lightsOut(cli: Cli, values: LightsOutValues): Promise<number> {
  const sizeOption = (name: 'size' | 'rows' | 'cols') => integerOption(values[name], name, { min: 1, max: 65536 });
  const size = sizeOption('size');
  let rows = sizeOption('rows');
  let cols = sizeOption('cols');
  if (values.board !== undefined && (size !== undefined || rows !== undefined || cols !== undefined || values.seed !== undefined)) {
    throw new UsageError('--board gives the board; leave out --size, --rows, --cols and --seed');
  }
  let board: Uint32Array;
  let what: string;
  if (values.board !== undefined) {
    const file = values.board;
    const name = file === '-' ? 'standard input' : quote(file);
    try {
      // A byte-order mark (an editor's) is not part of the first row.
      ({ rows, cols, board } = parseBoard(readText(file).replace(/^\uFEFF/, '')));
    } catch (error) {
      if (error instanceof RangeError) throw new RangeError(`${name}: ${error.message}`);
      throw error;
    }
    what = `the board in ${name}`;
  } else {
    if (size !== undefined && (rows !== undefined || cols !== undefined)) throw new UsageError('give --size N or --rows R --cols C, not both');
    if (size !== undefined) rows = cols = size;
    if (rows === undefined || cols === undefined) throw new UsageError('lights-out needs --size N, --rows R --cols C, or --board FILE');
    if (rows * cols > 2 ** 26) throw new UsageError(`the board may have at most 67108864 cells; got ${rows} × ${cols}`);
    board = randomLightsOutBoard(rows, cols, values.seed === undefined ? {} : { seed: values.seed });
    what = `a random solvable board${values.seed === undefined ? '' : ` (seed ${quote(values.seed)})`}`;
  }
  const timeout = durationOption(values.timeout);
  const bar = cli.progress(`Lights Out ${rows}×${cols}`, { total: Math.min(rows, cols), unit: 'first-row unknowns' });
  const result = await solveInWorker(cli, board, rows, cols, timeout, (done, total) => bar.update(done, total));
  bar.end();
  if (!('solution' in result)) {
    const { reason, task, done, total, unit } = result;
    const how = reason === 'timeout' ? `stopped after ${formatDuration(timeout!)} (--timeout)` : 'interrupted';
    cli.warn(`${how} while ${task}: ${formatCount(done)} of ${formatCount(total)} ${unit} done`);
    return reason === 'timeout' ? EXIT_TIMEOUT : 0; // Ctrl-C: the kit ends the run with status 130
  }
  const { solution } = result;
  const ms = roundMs(result.ms);
  if (values.json) {
    await writeSolutionJson(cli, solution, ms);
    return solution.solvable && solution.verified ? 0 : 1;
  }
  const paint = painter(cli);
  const n = formatCount;
  await cli.out.line(`Lights Out ${rows}×${cols}, ${what}: ${count(countBits(board), 'light')} on`);
  await cli.out.line(
    `rank ${n(solution.rank)}, nullity ${solution.nullity}: ${
      solution.nullity === 0 ? 'every board is solvable, in exactly one way' : `a solvable board has 2^${solution.nullity} solutions`
    }`,
  );
  const small = rows <= 40 && cols <= 40;
  if (small) await cli.out.line(`board:\n${paint(formatBoard(board, rows, cols))}`);
  if (!solution.solvable) {
    await cli.out.line(`not solvable (${ms} ms)`);
    return 1;
  }
  if (small) await cli.out.line(`presses:\n${paint(formatBoard(solution.presses!, rows, cols))}`);
  const fewest = solution.nullity === 0 ? '' : solution.minimal ? ' (the fewest of all solutions)' : ' (not searched for the fewest)';
  await cli.out.line(`${count(solution.pressCount, 'press', 'presses')}${fewest}, ${solution.verified ? 'verified' : 'NOT verified'}, in ${ms} ms`);
  return solution.verified ? 0 : 1;
}

/** Where a solve stopped early: why, what it was doing, how far it got. */
interface Stopped {
  readonly reason: 'timeout' | 'interrupted';
  readonly task: string;
  readonly done: number;
  readonly total: number;
  readonly unit: string;
}

/**
 * Solves in a worker thread, so that Ctrl-C ends a long solve at once (the main thread stays free to see it) and the
 * progress line keeps drawing; --timeout goes to the library, which looks at the clock as it works.
 */
function solveInWorker(
  cli: Cli,
  board: Uint32Array,
  rows: number,
  cols: number,
  timeout: number | undefined,
  onProgress: (done: number, total: number) => void,
): Promise<{ solution: LightsOutSolution; ms: number } | Stopped> {
  const copy = board.slice();
  const data: SolveRequest = { board: copy.buffer, rows, cols, timeout };
  const worker = new Worker(new URL('./solve-worker.js', import.meta.url), { workerData: data, transferList: [copy.buffer] });
  let progress: [number, number] = [0, Math.min(rows, cols)];
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      void worker.terminate();
      const [done, total] = progress;
      resolve({ reason: 'interrupted', task: `solving Lights Out ${rows}×${cols} by light chasing`, done, total, unit: 'first-row unknowns' });
    };
    cli.signal.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: SolveMessage) => {
      if (message.progress !== undefined) {
        progress = message.progress;
        onProgress(...progress);
        return;
      }
      cli.signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (message.solution !== undefined) resolve({ solution: message.solution, ms: message.ms! });
      else if (message.stopped !== undefined) resolve({ ...message.stopped, reason: 'timeout' });
    });
    worker.on('error', (error) => {
      cli.signal.removeEventListener('abort', onAbort);
      reject(error);
    });
  });
}

/**
 * The solution as one compact JSON object with the library's fields: `presses` is the list of cells to press (0-based,
 * row-major, as bitsOf(solution.presses) lists them; null when there is none), written in pieces so that a board of
 * millions of presses never becomes one huge string.
 */
async function writeSolutionJson(cli: Cli, solution: LightsOutSolution, ms: number): Promise<void> {
  const { rows, cols, rank, nullity, solvable, minimal, verified, pressCount, presses } = solution;
  const head = JSON.stringify({ rows, cols, rank, nullity, solvable, minimal, verified, pressCount, ms });
  await cli.out.write(`${head.slice(0, -1)},"presses":`);
  if (presses === null) {
    await cli.out.write('null}\n');
    return;
  }
  let text = '[';
  let first = true;
  for (let w = 0; w < presses.length; w++) {
    for (let word = presses[w]!; word !== 0; word &= word - 1) {
      text += `${first ? '' : ','}${w * 32 + 31 - Math.clz32(word & -word)}`;
      first = false;
    }
    if (text.length >= 1 << 14) {
      await cli.out.write(text);
      text = '';
    }
  }
  await cli.out.write(`${text}]}\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// flipper (play)

async function play(cli: Cli, seed: string | undefined, startText: string | undefined): Promise<number> {
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
  const interactive = isatty(0); // not process.stdin: touching it makes a piped fd 0 non-blocking (EAGAIN for readLines)
  const paint = painter(cli);
  const out = (text: string) => cli.out.line(text);
  // On a terminal, what stdout has batched goes out before a message on stderr, so that they show in order.
  const warn = async (message: string) => {
    if (interactive) await cli.out.end();
    cli.warn(message);
  };
  const show = async () => {
    await out(paint(formatGrid(game.position)));
    await out(`Moves: ${game.moves}\n`);
  };
  const prompt = async () => {
    if (!interactive) return;
    await cli.out.write(game.solved ? 'n new puzzle, r replay, q quit: ' : 'Move (1-9), n, r, h, q: ');
    // Output is batched: hand the prompt to the terminal before waiting for the player (end() flushes, it closes nothing).
    await cli.out.end();
  };
  await out('Flipper: turn every edge square on and the centre off. Moves 1-9; n new, r reset, h hint, q quit.\n');
  await show();
  if (game.solved) await out('Already solved: n for a new puzzle.');
  await prompt();
  // Ctrl-C (or a closed output) ends the game even while it waits for a line.
  let idleLines = 0;
  for await (const input of standardInput(cli, MAX_PLAY_LINE)) {
    const line = input.text.trim();
    if (!interactive && line !== '') await out(shown(line)); // echo piped commands, like a transcript
    // At most one message of each kind per line, however many bad tokens it has.
    let saidSolved = false;
    let saidBad = false;
    let understood = false;
    for (const token of line.split(/\s+/).filter(Boolean)) {
      const played = playCommand(game, token, { random });
      game = played.game;
      const { outcome } = played;
      if (outcome.kind !== 'unknown' && outcome.kind !== 'solved-already') understood = true;
      switch (outcome.kind) {
        case 'quit':
          return 0;
        case 'new':
        case 'reset':
          await out(outcome.kind === 'new' ? 'New puzzle.' : 'Back to the start.');
          await show();
          break;
        case 'hint':
          await out(outcome.move === null ? 'Solved already: n for a new puzzle.' : `Hint: move ${outcome.move} (${count(outcome.movesLeft, 'move')} to go)`);
          break;
        case 'move':
          await show();
          if (outcome.solved) await out(`Congratulations, you finished in ${count(game.moves, 'move')}.`);
          break;
        case 'solved-already':
          if (!saidSolved) await warn('the puzzle is solved; n for a new puzzle, r to replay it, q to quit');
          saidSolved = true;
          break;
        case 'unknown':
          if (!saidBad) await warn(`${quote(token)} is not a command; type a move 1-9, n, r, h or q`);
          saidBad = true;
          break;
      }
    }
    idleLines = understood ? 0 : idleLines + 1;
    if (!interactive && idleLines >= MAX_IDLE_LINES) {
      cli.warn(`standard input line ${input.line}: ${MAX_IDLE_LINES} lines in a row without a move or command; the game ends`);
      return 1;
    }
    await prompt();
  }
  return 0;
}

/**
 * The lines of standard input until it ends or the run is stopped (Ctrl-C, the reader of the output gone): a line
 * typed on a terminal or waited for on a pipe never holds the run up.
 */
async function* standardInput(cli: Cli, maxLength?: number): AsyncGenerator<{ text: string; line: number }> {
  const lines = isatty(0) ? terminalLines() : readLines('-', maxLength === undefined ? {} : { maxLength });
  const stopped = new Promise<null>((resolve) => {
    if (cli.signal.aborted) resolve(null);
    cli.signal.addEventListener('abort', () => resolve(null), { once: true });
  });
  for (;;) {
    const next = await Promise.race([lines.next(), stopped]);
    if (next === null || next.done === true) return;
    yield next.value;
  }
}

/**
 * Lines typed on a terminal. Not readLines('-'): its file read of a terminal blocks a worker thread, and the process
 * then cannot exit (Ctrl-C hangs) until another line is typed.
 */
async function* terminalLines(): AsyncGenerator<{ text: string; line: number }> {
  let line = 0;
  for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false })) yield { text, line: ++line };
}

runCli({ name: 'flipper', help: HELP, packageJson: new URL('../package.json', import.meta.url), main });
