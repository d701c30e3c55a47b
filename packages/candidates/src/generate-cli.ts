// sudoku-explain generate: argument parsing and printing only; generating is the library's (generatePuzzles).
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { choiceOption, durationOption, EXIT_TIMEOUT, integerOption, roundMs, UsageError, type Cli } from '@puzzles/kit/cli';
import { generatePuzzles, LEVELS, SYMMETRIES, TECHNIQUE_NAMES, type GeneratedPuzzle, type GeneratePuzzlesOptions, type Level } from './index.js';

/** The help of the generate subcommand. */
export const GENERATE_HELP = `Usage: sudoku-explain generate [options]

Makes Sudoku puzzles with exactly one solution (checked with dancing links), rated by
this package's own techniques: one puzzle per line (81 characters, '.' for empty), or
with --json one object per puzzle and a final {"summary": …} line.

Options:
  --level LEVEL      easy, medium, hard, unfair or extreme (the rating's level)
  --score MIN-MAX    the rating's score in this range instead of a level
  --requires NAME    the hardest technique needed is NAME (e.g. x-wing)
  --symmetry NAME    ${SYMMETRIES.join(', ')}
                     (rotational is 180°, rotational-90 a quarter turn; default none)
  --minimal          no clue can be removed without losing uniqueness
  --clues MIN-MAX    the number of clues (17-81), or one number
  --count N          how many puzzles (default 1)
  --seed SEED        the same seed makes the same puzzles on every platform
  --attempts N       give up after N attempts in a row without a puzzle (default 1000)
  --workers N        make the attempts on N worker threads (the same puzzles, in the
                     same order, for any N; default 0: this thread)
  --json             {"puzzle", "solution", "clues", "rating"} per line, then {"summary": …}
  --timeout TIME     stop after TIME (500ms, 10s, 2m) with the puzzles made so far
  -h, --help         show this help

Examples:
  sudoku-explain generate --level hard --count 5 --seed 7
  sudoku-explain generate --level medium --symmetry rotational --minimal --seed 1
  sudoku-explain generate --requires x-wing --clues 22-28 --json --seed 2
  sudoku-explain generate --level extreme --count 2 --timeout 10s
  sudoku-explain generate --level hard --count 4 --workers 2 --seed 3

Exit status: 0 when the puzzles asked for were made, 1 when the attempts ran out first
or an option is out of range, 2 on a usage error, 124 when --timeout stopped it first
(after printing the puzzles made so far), 130 when interrupted.`;

const OPTIONS = {
  level: { type: 'string' },
  score: { type: 'string' },
  requires: { type: 'string' },
  symmetry: { type: 'string' },
  minimal: { type: 'boolean' },
  clues: { type: 'string' },
  count: { type: 'string' },
  seed: { type: 'string' },
  attempts: { type: 'string' },
  workers: { type: 'string' },
  json: { type: 'boolean' },
  timeout: { type: 'string' },
} as const;

const LOWER_LEVELS = LEVELS.map((l) => l.toLowerCase());

/** "22-28" or "25" as [min, max]; anything else is a usage error naming the value. */
function rangeOption(value: string | undefined, option: string): [number, number] | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d{1,7})(?:-(\d{1,7}))?$/.exec(value);
  if (m === null) throw new UsageError(`--${option} must be MIN-MAX or one number (e.g. 22-28); got '${value.slice(0, 40)}'`);
  return [Number(m[1]), Number(m[2] ?? m[1])];
}

const group = (n: number): string => n.toLocaleString('en-US');

/** Runs `sudoku-explain generate …`; returns the exit code. */
export async function generateMain(argv: string[], cli: Cli): Promise<number> {
  const { values } = cli.parse(argv, OPTIONS, { help: GENERATE_HELP, max: 0 });
  const level = choiceOption(values.level, 'level', LOWER_LEVELS);
  const requires = choiceOption(values.requires, 'requires', TECHNIQUE_NAMES);
  const symmetry = choiceOption(values.symmetry, 'symmetry', SYMMETRIES);
  const count = integerOption(values.count, 'count', { min: 1, fallback: 1 })!;
  const attempts = integerOption(values.attempts, 'attempts', { min: 1, fallback: 1000 })!;
  const workers = integerOption(values.workers, 'workers', { min: 0, max: 256, fallback: 0 })!;
  const timeout = durationOption(values.timeout);
  const seed = values.seed === undefined ? undefined : /^\d{1,15}$/.test(values.seed) ? Number(values.seed) : values.seed;
  const options: GeneratePuzzlesOptions = {
    ...(level !== undefined ? { level: LEVELS[LOWER_LEVELS.indexOf(level)]! } : {}),
    ...(values.score !== undefined ? { score: rangeOption(values.score, 'score')! } : {}),
    ...(requires !== undefined ? { requires } : {}),
    ...(symmetry !== undefined ? { symmetry } : {}),
    ...(values.minimal ? { minimal: true } : {}),
    ...(values.clues !== undefined ? { clues: rangeOption(values.clues, 'clues')! } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(timeout !== undefined ? { timeout } : {}),
    count,
    attempts,
    workers,
    signal: cli.signal,
  };
  // Bad values (a clue range out of bounds, --minimal with more than 40 clues) are the library's RangeErrors: exit 1.
  // Generating runs some sixty technique searches, each hot for a while: V8's optimising compiler, inlining the helpers
  // of each into it, spends more CPU on compiling them than the inlined code saves. Measured here (Hard, whole
  // processes): 200 puzzles 3.3 instead of 4.1 CPU-s, 1,000 puzzles 10.2 instead of 11.1. Only this process is changed.
  setFlagsFromString('--no-turbo-inlining');
  const generator = generatePuzzles(options);
  cli.timeout(timeout);
  const progress = cli.progress('generating', { total: count, unit: 'puzzles' });
  const start = performance.now();
  const clues: Record<number, number> = {};
  const levels: Partial<Record<Level, number>> = {};
  let made = 0;
  try {
    // The generator goes back to the event loop now and then, so Ctrl-C and a closed pipe are seen between attempts.
    for await (const puzzle of generator as AsyncIterable<GeneratedPuzzle>) {
      made++;
      clues[puzzle.clues] = (clues[puzzle.clues] ?? 0) + 1;
      // The rating only where it is printed (an Extreme puzzle's is made when first read).
      if (values.json) {
        levels[puzzle.rating.level] = (levels[puzzle.rating.level] ?? 0) + 1;
        await cli.out.json({ puzzle: puzzle.puzzle, solution: puzzle.solution, clues: puzzle.clues, rating: puzzle.rating });
      } else await cli.out.line(puzzle.puzzle);
      progress.update(made);
    }
  } finally {
    progress.end();
  }
  const reason = cli.stopReason ?? (generator.stopReason === 'timeout' ? 'timeout' : undefined);
  if (reason === 'closed') return 0;
  const stopped = reason === 'timeout' || reason === 'interrupted' ? reason : generator.stopReason === 'attempts' ? 'attempts' : undefined;
  if (values.json) {
    await cli.out.json({ summary: { puzzles: made, attempts: generator.attempts, clues, levels, ms: roundMs(performance.now() - start), ...(stopped ? { stopped } : {}) } });
  }
  // Made only when it is printed: the first toLocaleString of a process loads the locale data (~30 ms).
  const what = (): string => `${group(made)} of ${group(count)} puzzle${count === 1 ? '' : 's'} made in ${group(generator.attempts)} attempt${generator.attempts === 1 ? '' : 's'}`;
  if (stopped === 'timeout') {
    cli.warn(`stopped after ${timeout! >= 1000 ? `${Math.round(timeout! / 100) / 10} s` : `${timeout} ms`} (--timeout): ${what()}`);
    // The generator's own clock or the CLI's: either way --timeout stopped it.
    return EXIT_TIMEOUT;
  } else if (stopped === 'interrupted') cli.warn(`stopped (interrupted): ${what()}`);
  else if (stopped === 'attempts') {
    const asked = level !== undefined ? `${LEVELS[LOWER_LEVELS.indexOf(level)]} puzzle` : 'puzzle that fits';
    cli.warn(`no ${asked} in the last ${group(attempts)} attempts in a row (--attempts): ${what()}`);
    return 1;
  }
  return 0;
}
