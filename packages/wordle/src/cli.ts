#!/usr/bin/env node
// wordle: argument parsing and printing only; everything else is the library's.
import { createInterface } from 'node:readline';
import { closest, durationOption, escapeText, EXIT_TIMEOUT, integerOption, roundMs, quote, readLines, runCli, UsageError, type Cli } from '@puzzles/kit/cli';
import {
  answerForDate,
  createGame,
  createSolver,
  dayNumber,
  formatScore,
  parseScore,
  pickAnswer,
  playRound,
  scoreCode,
  scoreGuess,
  shareGrid,
  type Game,
  type Mark,
  type ScoredGuess,
  type ExactResult,
  type SolveSummary,
  type Solver,
  solveExact,
  type WordList,
  type WordListName,
  REASONS,
  WORD_LIST_NAMES,
  wordList,
} from './index.js';

const NAME = 'wordle';

/** Guesses in a row a game from a pipe or a file may have refused before it ends: such input will not mend itself. */
const MAX_REFUSED_IN_A_ROW = 10;

/** The most turns assist takes (a game has at most 100 guesses): a pipe that never ends cannot grow the history for ever. */
const MAX_TURNS = 100;

const HELP = `Usage: wordle [--answer WORD | --seed N | --daily [--date YYYY-MM-DD]] [--hard]
              [--list NAME] [--timeout T]
       wordle score GUESS ANSWER [--json]
       wordle solve --answer WORD [--hard] [--list NAME] [--opener WORD] [--width N]
              [--json]
       wordle solve --all [--hard] [--list NAME] [--opener WORD] [--width N]
              [--timeout T] [--json]
       wordle solve --exact (--opener WORD | --bound N) [--hard] [--list NAME]
              [--workers N] [--tree] [--timeout T] [--json]
       wordle assist [--hard] [--list NAME] [--opener WORD] [--width N]
              [GUESS FEEDBACK]...

Play Wordle on the original lists (2,315 answers, 12,972 allowed guesses), or on
the NYT's lists with --list: six tries to find the five-letter word. Guesses are read one per line, from the keyboard or a
pipe (there, ${MAX_REFUSED_IN_A_ROW} refused or empty lines in a row end the game); the share grid is
printed at the end.

Commands:
  (none)         play a game: a random answer, or --answer, --seed or --daily
  score          print the marks of GUESS against ANSWER as 🟩🟨⬜
  solve          let the solver play one answer (--answer) or every answer (--all),
                 or find the best strategy and prove it (--exact)
  assist         suggest the best next guess from the feedback you type: one line
                 per guess, "GUESS FEEDBACK", feedback as 🟩🟨⬜ (⬛ too), as digits
                 2 correct / 1 present / 0 absent (salet 20010), or as letters
                 g / y / - (salet g--y-); or give the pairs as arguments

Options:
  --answer WORD   the answer (practice, tests); with solve, the answer to solve
  --seed N        a reproducible random answer (any text)
  --daily         the answer of today's date (local time): day 0 = 2021-06-19 = cigar
  --date D        with --daily: that date instead of today (YYYY-MM-DD)
  --hard          hard mode: revealed hints must be used in later guesses
  --list NAME     the word lists: original (default; 2,315 answers, 12,972
                  guesses), nyt-2022-03-16 (2,309 / 12,972), nyt-2022-08-30
                  (2,309 / 14,855) or nyt-2023-07-01 (3,158 / 14,855)
  --all           with solve: play every answer; print total, average, max,
                  distribution and failures
  --opener WORD   the solver's first guess (default salet on the original lists,
                  else the heuristic's best)
  --exact         with solve: the fewest total guesses over every answer for
                  --opener, proven by a complete search (branch and bound); or,
                  with --bound N, the best opener below N total guesses
  --workers N     with solve --exact: search in N worker threads (default 1;
                  0 = in the main thread)
  --tree          with solve --exact: print the proven strategy, one line per
                  answer with its guesses
  --width N       the solver's look-ahead width, 1 to 100 (default 12; 1 = greedy;
                  wider is slower: 100 takes 10-20 s on --all)
  --timeout T     with solve --all: stop after T (500ms, 10s, 2m), print the
                  summary of the answers played so far and say so on stderr;
                  with solve --exact: stop and print the bounds proven so far;
                  with a game: stop waiting for guesses after T
  --json          machine-readable output (score, solve, assist)
  -h, --help      show this help
  -v, --version   show the version

Examples:
  wordle --seed 42
  printf 'crane\\nlobes\\nnovel\\n' | wordle --answer novel
  wordle --daily --date 2021-06-19 --hard
  wordle score xenon train                  ⬜⬜⬜⬜🟩
  wordle solve --answer cigar
  wordle solve --all --json
  wordle solve --all --hard --width 100 --timeout 2s --json
  wordle solve --answer abash --list nyt-2023-07-01
  wordle solve --exact --opener salet --hard --timeout 20s
  wordle assist salet 00120 crony 00110

Exit status: 0 on success, 1 on bad input (a game: input that ended or kept being
refused before the game was over) or when solve --all leaves an answer unsolved,
2 on a usage error, 124 when --timeout stopped the work (after saying what was
done), 130 when stopped by Ctrl-C.`;

const OPTIONS = {
  answer: { type: 'string' },
  seed: { type: 'string' },
  daily: { type: 'boolean' },
  date: { type: 'string' },
  hard: { type: 'boolean' },
  list: { type: 'string' },
  all: { type: 'boolean' },
  opener: { type: 'string' },
  width: { type: 'string' },
  json: { type: 'boolean' },
  timeout: { type: 'string' },
  exact: { type: 'boolean' },
  bound: { type: 'string' },
  workers: { type: 'string' },
  tree: { type: 'boolean' },
} as const;

const COMMANDS = ['play', 'score', 'solve', 'assist'] as const;
type Command = (typeof COMMANDS)[number];

/** The options each command takes. */
const ALLOWED: Record<Command, readonly string[]> = {
  play: ['answer', 'seed', 'daily', 'date', 'hard', 'list', 'timeout'],
  score: ['json'],
  solve: ['answer', 'all', 'hard', 'list', 'opener', 'width', 'json', 'timeout', 'exact', 'bound', 'workers', 'tree'],
  assist: ['hard', 'list', 'opener', 'width', 'json'],
};

function parse(argv: string[], cli: Cli) {
  const { values, positionals: all } = cli.parse(argv, OPTIONS);
  let positionals = all;
  let command: Command = 'play';
  if (positionals.length > 0) {
    const first = positionals[0]!;
    if (!(COMMANDS as readonly string[]).includes(first)) {
      const guess = closest(first, COMMANDS);
      throw new UsageError(`unknown command ${quote(first)}${guess === undefined ? '' : ` (did you mean ${guess}?)`}; use score, solve or assist`);
    }
    command = first as Command;
    positionals = positionals.slice(1);
  }
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || name === 'help' || name === 'version') continue;
    if (!ALLOWED[command].includes(name)) throw new UsageError(`--${name} does not go with ${command === 'play' ? 'a game' : `wordle ${command}`}`);
  }
  if (command === 'play') {
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${quote(positionals[0]!)}`);
    const sources = [values.answer !== undefined, values.seed !== undefined, values.daily === true].filter(Boolean).length;
    if (sources > 1) throw new UsageError('give one of --answer, --seed and --daily');
    if (values.date !== undefined && !values.daily) throw new UsageError('--date goes with --daily');
    if (values.daily && values.list !== undefined && values.list !== 'original') {
      throw new UsageError(`--daily goes with the original lists only: the NYT lists (${quote(values.list)}) carry no daily order`);
    }
  }
  if (command === 'score' && positionals.length !== 2) throw new UsageError(`wordle score takes GUESS ANSWER; got ${positionals.length} argument(s)`);
  if (command === 'solve') {
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${quote(positionals[0]!)}`);
    if (values.exact) {
      if (values.answer !== undefined || values.all) throw new UsageError('solve --exact goes without --answer and --all');
      if (values.width !== undefined) throw new UsageError('--width goes with the heuristic solver (solve --answer or --all), not --exact');
      if ((values.opener === undefined) === (values.bound === undefined)) throw new UsageError('solve --exact takes --opener WORD or --bound N');
    } else {
      for (const name of ['bound', 'workers', 'tree'] as const) if (values[name] !== undefined) throw new UsageError(`--${name} goes with solve --exact`);
      if (values.timeout !== undefined && !values.all) throw new UsageError('--timeout goes with solve --all or solve --exact');
      if ((values.answer !== undefined) === (values.all === true)) throw new UsageError('wordle solve takes --answer WORD, --all or --exact');
    }
  }
  if (command === 'assist' && positionals.length % 2 !== 0) throw new UsageError('wordle assist takes GUESS FEEDBACK pairs');
  const width = integerOption(values.width, 'width', { min: 1, max: 100 });
  const workers = integerOption(values.workers, 'workers', { min: 0, max: 64 });
  const bound = integerOption(values.bound, 'bound', { min: 1, max: 1_000_000_000 });
  if (values.list !== undefined && !(WORD_LIST_NAMES as readonly string[]).includes(values.list)) {
    throw new UsageError(`unknown word list ${quote(values.list)}; the lists are ${WORD_LIST_NAMES.join(', ')}`);
  }
  return { command, values, positionals, width, workers, bound };
}

/** The word lists --list names (the original lists without it). */
function listOf({ values }: Parsed): Promise<WordList> {
  return wordList((values.list ?? 'original') as WordListName);
}

type Parsed = ReturnType<typeof parse>;

const TILE: Record<Mark, string> = { correct: '\u001b[30;42m', present: '\u001b[30;43m', absent: '\u001b[97;100m' };

function tiles(guess: string, marks: readonly Mark[]): string {
  return marks.map((mark, i) => `${TILE[mark]} ${guess[i]!.toUpperCase()} \u001b[0m`).join('');
}

/**
 * The lines of standard input. From a pipe or a file, the kit's reader (BOM dropped, a too-long line refused); at a
 * terminal, node:readline, as the kit's reader fails there with EAGAIN on a non-blocking TTY.
 */
async function* inputLines(signal?: AbortSignal): AsyncGenerator<{ text: string; line: number }> {
  if (process.stdin.isTTY !== true) {
    yield* readLines('-', signal === undefined ? {} : { signal });
    return;
  }
  if (signal?.aborted) return;
  // --timeout or Ctrl-C ends the wait for the next line at the keyboard too.
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  const close = (): void => lines.close();
  signal?.addEventListener('abort', close, { once: true });
  let line = 0;
  try {
    for await (const text of lines) yield { text, line: ++line };
  } finally {
    signal?.removeEventListener('abort', close);
    lines.close();
  }
}

/** Input shown back to the player: control characters escaped, and a long line cut (with its length said). */
function shown(text: string): string {
  return text.length <= 40 ? escapeText(text) : quote(text, 40);
}

async function play(parsed: Parsed, cli: Cli): Promise<number> {
  const { values } = parsed;
  const hardMode = values.hard === true;
  const words = await listOf(parsed);
  let game: Game;
  if (values.daily) {
    const date = values.date ?? new Date();
    game = createGame({ answer: answerForDate(date), day: dayNumber(date), hardMode });
  } else if (values.answer !== undefined) {
    game = createGame({ answer: values.answer, hardMode, words });
  } else {
    game = createGame({ answer: values.seed !== undefined ? pickAnswer({ seed: values.seed, words }) : pickAnswer({ words }), hardMode, words });
  }
  const interactive = process.stdin.isTTY === true;
  const signal = cli.timeout(durationOption(values.timeout));
  await cli.out.line(`Wordle${game.day === undefined ? '' : ` ${game.day}`}: guess the five-letter word in ${game.maxGuesses} tries${hardMode ? ' (hard mode)' : ''}.`);
  await cli.out.line('🟩 right letter, right place; 🟨 in the word, elsewhere; ⬜ not in the word.');
  const prompt = async (): Promise<void> => {
    if (!interactive) return;
    await cli.out.write(`Guess ${game.guesses.length + 1}/${game.maxGuesses}: `);
    // The prompt must reach the terminal before we wait for the player.
    await cli.out.end();
  };
  await prompt();
  let refusedInARow = 0;
  /** Counts a line that gave no guess; true when a run of them from a pipe ends the game. */
  const refused = (accepted: boolean): boolean => {
    refusedInARow = accepted ? 0 : refusedInARow + 1;
    return !interactive && refusedInARow >= MAX_REFUSED_IN_A_ROW;
  };
  const giveUp = (): number => {
    cli.warn(`${MAX_REFUSED_IN_A_ROW} lines in a row were refused or empty; the game ends (the answer was ${game.answer})`);
    return 1;
  };
  for await (const { text } of inputLines(signal)) {
    if (text.trim() === '') {
      if (refused(false)) return giveUp();
      await prompt();
      continue;
    }
    // From a pipe, each guess is echoed after its prompt, so the output reads as the game would on a terminal.
    if (!interactive) await cli.out.line(`Guess ${game.guesses.length + 1}/${game.maxGuesses}: ${shown(text.trim())}`);
    const round = playRound(game, text);
    game = round.game;
    if (round.score !== null && cli.color) await cli.out.line(tiles(game.guesses.at(-1)!.guess, round.score));
    // With --list, a word the list lacks is refused naming the list.
    await cli.out.line(round.message === REASONS.unknown && values.list !== undefined ? `${round.message} (list ${words.name})` : round.message);
    if (round.outcome !== 'continue') break;
    // A refused guess is not counted, so input that is refused for ever (\`yes | wordle\`) would never end the game.
    if (refused(round.accepted)) return giveUp();
    await prompt();
  }
  if (game.status === 'playing' && cli.stopReason === 'timeout') {
    if (interactive) await cli.out.line('');
    const made = game.guesses.length;
    cli.warn(`stopped after ${values.timeout} (--timeout): ${made} ${made === 1 ? 'guess' : 'guesses'} made; the answer was ${game.answer}`);
    return EXIT_TIMEOUT;
  }
  if (game.status === 'playing' && cli.signal.aborted) return 0;
  if (game.status === 'playing') {
    cli.warn(`the input ended before the game was over; the answer was ${game.answer}`);
    return 1;
  }
  await cli.out.line(`\n${shareGrid(game)}`);
  return 0;
}

async function score({ values, positionals }: Parsed, cli: Cli): Promise<number> {
  const [guess, answer] = positionals as [string, string];
  const marks = scoreGuess(guess, answer);
  if (values.json) {
    await cli.out.json({ guess: guess.trim().toLowerCase(), answer: answer.trim().toLowerCase(), marks, code: scoreCode(guess, answer), feedback: formatScore(marks) });
  } else {
    await cli.out.line(cli.color ? `${tiles(guess.trim().toLowerCase(), marks)}  ${formatScore(marks)}` : formatScore(marks));
  }
  return 0;
}

async function solverOf(parsed: Parsed): Promise<Solver> {
  const { values, width } = parsed;
  return createSolver({
    words: await listOf(parsed),
    hardMode: values.hard === true,
    ...(values.opener === undefined ? {} : { opener: values.opener }),
    ...(width === undefined ? {} : { width }),
  });
}

/** solve --exact: the proof's result, the time and the nodes, and the strategy with --tree. */
async function solveExactly(parsed: Parsed, cli: Cli): Promise<number> {
  const { values } = parsed;
  const words = await listOf(parsed);
  const timeout = durationOption(values.timeout);
  const signal = cli.timeout(timeout);
  const bar = cli.progress('proving', { total: 1, unit: 'parts' });
  let result: ExactResult;
  try {
    result = await solveExact({
      words,
      hardMode: values.hard === true,
      ...(values.opener === undefined ? {} : { opener: values.opener }),
      ...(parsed.bound === undefined ? {} : { bound: parsed.bound }),
      workers: parsed.workers ?? 1,
      strategy: values.tree === true,
      signal,
      ...(timeout === undefined ? {} : { timeout }),
      onProgress: (done, total) => bar.update(done, total),
    });
  } finally {
    bar.end();
  }
  if (cli.stopReason === 'closed') return 0;
  const count = words.answers.length;
  const fmt = (n: number): string => n.toLocaleString('en-US');
  if (result.stopped !== undefined) {
    const what = `${result.opener === null ? 'no strategy found yet' : `best so far ${result.opener}`}; lower bound ${fmt(result.lowerBound)}${result.upperBound === null ? '' : `, upper bound ${fmt(result.upperBound)}`}`;
    if (cli.stopReason === 'interrupted') cli.warn(`interrupted before the proof finished: ${what}`);
    else cli.warn(`stopped after ${values.timeout} (--timeout) before the proof finished: ${what}`);
  }
  if (values.json) {
    await cli.out.json({
      list: result.list,
      answerCount: count,
      hardMode: result.hardMode,
      opener: result.opener,
      total: result.total,
      proven: result.proven,
      lowerBound: result.lowerBound,
      upperBound: result.upperBound,
      ...(parsed.bound === undefined ? {} : { bound: parsed.bound }),
      nodes: result.nodes,
      workers: result.workers,
      ms: roundMs(result.ms),
      ...(result.stopped === undefined ? {} : { stopped: cli.stopReason === 'interrupted' ? 'interrupted' : 'timeout' }),
      ...(result.games === undefined ? {} : { games: result.games }),
    });
  } else {
    const mode = result.hardMode ? 'hard mode' : 'normal mode';
    const where = `${count} answers, list ${result.list}, ${mode}`;
    if (result.total !== null) {
      const scope = parsed.bound === undefined ? `the fewest with the opener ${result.opener}` : `the fewest of any opener (best: ${result.opener})`;
      await cli.out.line(`${result.opener}: ${fmt(result.total)} guesses in total, average ${(result.total / count).toFixed(4)} (${where})`);
      await cli.out.line(`proven: ${scope}`);
    } else if (result.proven) {
      await cli.out.line(`no opener solves every answer in fewer than ${fmt(parsed.bound!)} guesses in total (${where})`);
      await cli.out.line(`proven: at least ${fmt(result.lowerBound)}`);
    } else {
      await cli.out.line(`not proven (stopped): at least ${fmt(result.lowerBound)} guesses in total${result.upperBound === null ? '' : `, at most ${fmt(result.upperBound)}`} (${where})`);
    }
    await cli.out.line(`nodes ${fmt(result.nodes)}, ${(result.ms / 1000).toFixed(2)} s, ${result.workers === 0 ? 'main thread' : `${result.workers} worker${result.workers === 1 ? '' : 's'}`}`);
    if (result.games !== undefined) {
      for (const answer of [...words.answers].sort()) await cli.out.line(`${answer}: ${result.games[answer]!.join(' ')}`);
    }
  }
  if (result.stopped !== undefined) return cli.stopReason === 'interrupted' ? 130 : EXIT_TIMEOUT;
  return 0;
}

async function solve(parsed: Parsed, cli: Cli): Promise<number> {
  const { values } = parsed;
  if (values.exact) return solveExactly(parsed, cli);
  const solver = await solverOf(parsed);
  if (values.all) {
    const count = solver.words.answers.length;
    const timeout = durationOption(values.timeout);
    const signal = cli.timeout(timeout);
    const bar = cli.progress('solving', { total: count, unit: 'answers' });
    const start = performance.now();
    let summary: SolveSummary;
    try {
      summary = await solver.evaluateAsync({ signal, ...(timeout === undefined ? {} : { timeout }), onProgress: (played) => bar.update(played) });
    } finally {
      bar.end();
    }
    const ms = performance.now() - start;
    if (summary.stopped !== undefined) {
      const what = `${summary.played.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} answers played`;
      if (cli.stopReason === 'closed') return 0;
      if (cli.stopReason === 'interrupted') cli.warn(`interrupted: ${what}`);
      else cli.warn(`stopped after ${values.timeout} (--timeout): ${what}`);
    }
    if (values.json) {
      await cli.out.json({
        answerCount: count,
        list: solver.words.name,
        hardMode: solver.hardMode,
        opener: solver.opener,
        width: solver.width,
        ...summary,
        // The library says 'aborted' when the signal stopped it; say which signal it was.
        ...(summary.stopped === undefined ? {} : { stopped: cli.stopReason === 'interrupted' ? 'interrupted' : 'timeout' }),
        ms: roundMs(ms),
      });
    } else {
      const mode = solver.hardMode ? 'hard mode' : 'normal mode';
      const partial = summary.stopped === undefined ? '' : ` (stopped: ${summary.played} of ${count} answers played)`;
      const list = solver.words.name === 'original' ? '' : `, list ${solver.words.name}`;
      await cli.out.line(`${count} answers${list}, opener ${solver.opener}, ${mode}, width ${solver.width}${partial}`);
      await cli.out.line(`total ${summary.total}, average ${summary.average.toFixed(4)}, max ${summary.max}`);
      await cli.out.line(`distribution ${Object.entries(summary.distribution).map(([k, v]) => `${k}:${v}`).join(' ')}`);
      await cli.out.line(`failures ${summary.failures.length === 0 ? 'none' : summary.failures.join(' ')}`);
      const optimum = solver.words.name === 'original' && solver.opener === 'salet' ? `; Selby's proven optimum for salet: ${solver.hardMode ? '8,122' : '7,920'}` : '';
      await cli.out.line(`(${(ms / 1000).toFixed(1)} s${optimum})`);
    }
    // An unsolved answer is known whatever the time allowed; else a stop by --timeout (the library's limit or the
    // runtime's timer) exits 124.
    if (summary.failures.length > 0) return 1;
    return summary.stopped !== undefined && cli.stopReason !== 'interrupted' ? EXIT_TIMEOUT : 0;
  }
  const steps = solver.solve(values.answer!);
  const last = steps.at(-1)!;
  const solved = last.marks.every((m) => m === 'correct');
  if (values.json) {
    await cli.out.json({
      answer: values.answer!.trim().toLowerCase(),
      list: solver.words.name,
      hardMode: solver.hardMode,
      opener: solver.opener,
      width: solver.width,
      turns: steps.map(({ guess, marks, remaining }) => ({ guess, feedback: formatScore(marks), remaining })),
      guesses: steps.length,
      solved,
    });
  } else {
    for (const [i, { guess, marks, remaining }] of steps.entries()) {
      const row = cli.color ? tiles(guess, marks) : `${guess} ${formatScore(marks)}`;
      const left = marks.every((m) => m === 'correct') ? '' : `  ${remaining} ${remaining === 1 ? 'answer' : 'answers'} left`;
      await cli.out.line(`${i + 1}. ${row}${left}`);
    }
    await cli.out.line(solved ? `Solved in ${steps.length} ${steps.length === 1 ? 'guess' : 'guesses'}${solver.hardMode ? ' (hard mode)' : ''}.` : 'Not solved.');
  }
  return 0;
}

async function assist(parsed: Parsed, cli: Cli): Promise<number> {
  const { values, positionals } = parsed;
  const solver = await solverOf(parsed);
  const history: ScoredGuess[] = [];
  /** What the solver says after the turns so far (the library refuses a history no game can have). */
  const advise = async (): Promise<void> => {
    const next = solver.nextGuess(history);
    const left = solver.candidates(history);
    const solved = history.length > 0 && history.at(-1)!.marks.every((m) => m === 'correct');
    if (values.json) {
      await cli.out.json({ guesses: history.length, solved, remaining: left.length, candidates: left.slice(0, 20), suggestion: solved ? null : next });
    } else if (solved) {
      await cli.out.line(`Solved in ${history.length}.`);
    } else if (history.length === 0) {
      await cli.out.line(`Try: ${next}   (then type the guess and its feedback, e.g. "${next} 00120")`);
    } else {
      const shown = left.length <= 8 ? `: ${left.join(' ')}` : '';
      await cli.out.line(`${left.length} ${left.length === 1 ? 'answer' : 'answers'} left${shown}`);
      await cli.out.line(`Try: ${next}`);
    }
  };
  const turn = (guess: string, feedback: string): ScoredGuess => ({ guess, marks: parseScore(feedback) });
  if (positionals.length > 0) {
    const turns: ScoredGuess[] = [];
    for (let i = 0; i < positionals.length; i += 2) turns.push(turn(positionals[i]!, positionals[i + 1]!));
    // The whole history is checked before anything is printed: a bad pair anywhere is the one error.
    solver.nextGuess(turns);
    for (const step of turns) {
      history.push(step);
      await advise();
    }
    return 0;
  }
  await advise();
  // At the keyboard, what was said must reach the terminal before we wait for the next line.
  const flush = (): Promise<void> | undefined => (process.stdin.isTTY === true ? cli.out.end() : undefined);
  await flush();
  for await (const { text, line } of inputLines()) {
    if (text.trim() === '') continue;
    try {
      const parts = text.trim().split(/\s+/);
      if (parts.length !== 2) throw new RangeError(`expected "GUESS FEEDBACK"; got ${quote(text.trim())}`);
      if (history.length >= MAX_TURNS) throw new RangeError(`turn ${history.length + 1}: a game has at most ${MAX_TURNS} guesses`);
      history.push(turn(parts[0]!, parts[1]!));
      await advise();
      await flush();
    } catch (error) {
      if (error instanceof RangeError || error instanceof TypeError) throw new RangeError(`standard input line ${line}: ${error.message}`);
      throw error;
    }
    // At the keyboard the session ends with the game; from a pipe, a line after the solving one is refused.
    if (process.stdin.isTTY === true && history.at(-1)!.marks.every((m) => m === 'correct')) break;
  }
  return 0;
}

async function main(argv: string[], cli: Cli): Promise<number> {
  const parsed = parse(argv, cli);
  switch (parsed.command) {
    case 'play':
      return play(parsed, cli);
    case 'score':
      return score(parsed, cli);
    case 'solve':
      return solve(parsed, cli);
    case 'assist':
      return assist(parsed, cli);
  }
}


runCli({ name: NAME, help: HELP, packageJson: new URL('../package.json', import.meta.url), main });
