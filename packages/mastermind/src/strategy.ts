import { below, wordSource } from '@puzzles/kit/random';
import { colorLetter, parseCode, resolveSize, type CodeSize, type ResolvedSize } from './code.js';
import { describeValue, optionsOf } from './errors.js';
import { GuessChooser, type HeuristicKind } from './heuristics.js';
import { Job, Stopped, type LongCallOptions, type StopReason } from './job.js';
import { OptimalSearch } from './optimal.js';
import type { Seed } from './random.js';
import { MAX_CODES, codeSpace, type CodeSpace } from './space.js';
import { machineScore, pairGuess, runStateMachine, type SolveResult, type Turn } from './state-machine.js';

/** The solvers: the state machine of the Mastermind design essay, and the classic strategies over one engine. */
export type StrategyName = 'state-machine' | 'simple' | 'knuth' | 'entropy' | 'expected-size' | 'most-parts' | 'optimal';

/** Every strategy name, in the order the CLI lists them. */
export const STRATEGIES: readonly StrategyName[] = Object.freeze([
  'state-machine',
  'simple',
  'knuth',
  'entropy',
  'expected-size',
  'most-parts',
  'optimal',
]);

const KINDS: Partial<Record<StrategyName, HeuristicKind>> = {
  simple: 'simple',
  knuth: 'minimax',
  entropy: 'entropy',
  'expected-size': 'expected-size',
  'most-parts': 'most-parts',
};

/** The largest code spaces a strategy takes on, for one game (solve, nextGuess) and for all secrets (evaluate). */
export interface StrategyLimit {
  /** The most codes (colors^pegs, or fewer without repeats) for solve and nextGuess. */
  readonly solve: number;
  /** The most codes for evaluate, which plays every one of them as the secret. */
  readonly evaluate: number;
}

/**
 * The largest code space the 'optimal' strategy accepts: the exact search takes under a minute up to 4 × 6 (1,296
 * codes) and does not finish in minutes beyond it (4 × 7, 5 × 5), so larger sizes are refused instead of hanging.
 */
export const MAX_OPTIMAL_CODES = 1296;

/**
 * The largest code spaces each strategy takes on: beyond them a single game or an evaluation takes minutes to hours,
 * so solve, nextGuess and evaluate refuse them with a RangeError that names the limit. The state machine is
 * limited by the codes its odometer may count through (8 pegs × 10 colors, 10^8, takes seconds; 9 × 8 took 24 s);
 * the heuristics score every code against the candidates (6 × 8, 262,144 codes, about 25 s a game; evaluating
 * 5 × 8, 32,768 secrets, 10–20 s); simple only walks the codes in order.
 */
export const STRATEGY_LIMITS: Readonly<Record<StrategyName, StrategyLimit>> = Object.freeze({
  'state-machine': Object.freeze({ solve: 100_000_000, evaluate: 32_768 }),
  simple: Object.freeze({ solve: MAX_CODES, evaluate: MAX_CODES }),
  knuth: Object.freeze({ solve: 262_144, evaluate: 32_768 }),
  entropy: Object.freeze({ solve: 262_144, evaluate: 32_768 }),
  'expected-size': Object.freeze({ solve: 262_144, evaluate: 32_768 }),
  'most-parts': Object.freeze({ solve: 262_144, evaluate: 32_768 }),
  optimal: Object.freeze({ solve: MAX_OPTIMAL_CODES, evaluate: MAX_OPTIMAL_CODES }),
});

/** Options shared by solve, nextGuess and evaluate. */
export interface StrategyOptions extends CodeSize, LongCallOptions {
  /** Which solver (default 'knuth'). */
  readonly strategy?: StrategyName;
  /** The first guess; the default is the published one (see defaultOpener), else the strategy's own choice. */
  readonly opener?: string;
  /** For the state-machine strategy: makes its random first color reproducible. */
  readonly seed?: Seed;
  /** For the state-machine strategy: a source of uniform numbers in [0, 1) (when no seed is given). */
  readonly random?: () => number;
  /** For the state-machine strategy: GuessOne's first color as a letter, instead of a random one (reproduces the essay's runs). */
  readonly first?: string;
}

/** Options of evaluate: those of solve. */
export type EvaluateOptions = StrategyOptions;

/**
 * The published first guess of a strategy: for 4 pegs × 6 colors knuth `aabb` (1122), entropy `abcd` (1234),
 * expected-size and most-parts `aabc` (1123); for 5 pegs × 8 colors `aabbc` (11223) for those four; otherwise
 * undefined (the strategy chooses its first guess like any other).
 */
export function defaultOpener(strategy: StrategyName, size?: CodeSize): string | undefined {
  const { pegs, colors, repeats } = resolveSize(size);
  checkStrategy(strategy);
  if (!repeats) return undefined;
  if (pegs === 4 && colors === 6) {
    return { knuth: 'aabb', entropy: 'abcd', 'expected-size': 'aabc', 'most-parts': 'aabc' }[strategy as string];
  }
  if (pegs === 5 && colors === 8 && ['knuth', 'entropy', 'expected-size', 'most-parts'].includes(strategy)) return 'aabbc';
  return undefined;
}

/** How a strategy played every secret: total and average guesses, the most, and how many took 1, 2, … guesses. */
export interface Evaluation {
  readonly strategy: StrategyName;
  /** The first guess used ('' when the strategy chose each game's own, as the state-machine strategy does). */
  readonly opener: string;
  /** The number of secrets played (all of the size's codes unless the call was stopped). */
  readonly secrets: number;
  /** The guesses made over all the secrets played. */
  readonly total: number;
  /** total / secrets (0 when none was played). */
  readonly average: number;
  /** The most guesses any secret took. */
  readonly max: number;
  /** How many secrets took each number of guesses, keyed by the number of guesses: `{ 1: 1, 2: 6, 3: 62, … }`. */
  readonly distribution: Readonly<Record<number, number>>;
  /** Why the call stopped before it played every secret (its signal or timeout); absent when it ran to the end. */
  readonly stopped?: StopReason;
}

/** What nextGuess says about a game in progress. */
export interface NextGuess {
  /** The strategy's next guess as letters; undefined once the last turn found the code, or when the call was stopped. */
  readonly guess: string | undefined;
  /** Whether the last turn found the code (black = pegs). */
  readonly solved: boolean;
  /** How many codes still fit every turn. */
  readonly remaining: number;
  /** The codes that still fit every turn, in order (aaaa, aaab, …). */
  readonly candidates: readonly string[];
  /** Why the call stopped before it chose a guess (its signal or timeout); absent when it ran to the end. */
  readonly stopped?: StopReason;
}

/** Solves one secret with a strategy; returns the turns and the trace lines (`abcd 1 2`, and the state machine's messages). */
export function solve(secret: string, solveOptions?: StrategyOptions): SolveResult {
  const options = optionsOf(solveOptions, 'solve');
  const { strategy, size, job } = setUp(options, 'solve');
  if (strategy === 'state-machine') {
    const code = parseCode(secret, size);
    const first = firstColor(options, size);
    const run = guarded(job, () => runStateMachine({ ...size, first, job, score: (guess) => machineScore(code, guess, size.colors) }));
    if (run instanceof Stopped) return { secret: secretText(code), turns: [], lines: [], guesses: 0, solved: false, stopped: run.reason };
    return { secret: secretText(code), ...run, guesses: run.turns.length };
  }
  const engine = engineFor(strategy, size, options.opener, job);
  const { space } = engine;
  const hidden = space.parse(secret);
  let set = allCodes(space);
  const history: number[] = [];
  const turns: Turn[] = [];
  const lines: string[] = [];
  for (;;) {
    const guess = guarded(job, () => (history.length === 0 && engine.opener >= 0 ? engine.opener : engine.choose(set, history)));
    if (guess instanceof Stopped) {
      return { secret: space.format(hidden), turns, lines, guesses: turns.length, solved: false, stopped: guess.reason };
    }
    const scored = space.score(guess, hidden);
    const black = Math.floor(scored / (size.pegs + 1));
    const white = scored - black * (size.pegs + 1);
    const text = space.format(guess);
    turns.push({ guess: text, black, white });
    lines.push(`${text} ${black} ${white}`);
    if (scored === space.win) break;
    history.push(guess);
    set = set.filter((s) => space.score(guess, s) === scored);
  }
  return { secret: space.format(hidden), turns, lines, guesses: turns.length, solved: true };
}

/**
 * The codes that still fit a game's turns so far, and the strategy's next guess, as solve would play it: for every
 * secret, nextGuess(the first k turns of solve(secret)) is solve's guess k + 1. A turn whose feedback cannot happen,
 * contradicts the turns before it or comes after the code was found is a RangeError naming the turn. The
 * state-machine strategy can only continue its own games (its first color is read from the first turn).
 */
export function nextGuess(history: readonly Turn[], nextOptions?: StrategyOptions): NextGuess {
  const options = optionsOf(nextOptions, 'nextGuess');
  const { strategy, size, job } = setUp(options, 'solve');
  if (!Array.isArray(history)) throw new TypeError(`history must be an array of turns { guess, black, white }; got ${describeValue(history)}`);
  const space = codeSpace(size);
  let set = allCodes(space);
  const guesses: number[] = [];
  let solved = false;
  history.forEach((turn, i) => {
    const where = `turn ${i + 1}`;
    if (typeof turn !== 'object' || turn === null) throw new TypeError(`${where} must be a turn { guess, black, white }; got ${describeValue(turn)}`);
    if (solved) throw new RangeError(`${where} comes after turn ${i} found the code`);
    let guess: number;
    try {
      guess = space.parse(turn.guess);
    } catch (error) {
      if (error instanceof RangeError || error instanceof TypeError) throw new (error.constructor as typeof RangeError)(`${where}: ${error.message}`);
      throw error;
    }
    const { black, white } = turn;
    const pegs = size.pegs;
    for (const [name, value] of [['black', black], ['white', white]] as const) {
      if (!Number.isInteger(value) || value < 0 || value > pegs) {
        throw new RangeError(`${where}: ${name} must be an integer from 0 to ${pegs}; got ${describeValue(value)}`);
      }
    }
    if (black + white > pegs || (black === pegs - 1 && white === 1)) {
      throw new RangeError(`${where}: ${black} black and ${white} white cannot happen with ${pegs} pegs`);
    }
    const scored = black * (pegs + 1) + white;
    set = set.filter((s) => space.score(guess, s) === scored);
    if (set.length === 0) {
      const text = `${space.format(guess)} ${black} ${white}`;
      throw new RangeError(
        i === 0 ? `${where}: no code scores ${text}` : `${where}: no code scores ${text} and fits the turns before it; check the feedback of turns 1 to ${i + 1}`,
      );
    }
    guesses.push(guess);
    solved = black === pegs;
  });
  const candidates = Array.from(set, (s) => space.format(s));
  const result = (guess: string | undefined, stopped?: StopReason): NextGuess => ({
    guess,
    solved,
    remaining: set.length,
    candidates,
    ...(stopped === undefined ? {} : { stopped }),
  });
  if (solved) return result(undefined);
  if (strategy === 'state-machine') {
    const next = machineNext(history, options, size, job);
    return next instanceof Stopped ? result(undefined, next.reason) : result(next);
  }
  const engine = engineFor(strategy, size, options.opener, job);
  const guess = guarded(job, () => (guesses.length === 0 && engine.opener >= 0 ? engine.opener : engine.choose(set, guesses)));
  return guess instanceof Stopped ? result(undefined, guess.reason) : result(space.format(guess));
}

/** Plays every secret of the size with a strategy and sums up the number of guesses. */
export function evaluate(evaluateOptions?: EvaluateOptions): Evaluation {
  const options = optionsOf(evaluateOptions, 'evaluate');
  const { strategy, size, job } = setUp(options, 'evaluate');
  const counts: number[] = [];
  let total = 0;
  let secrets = 0;
  const count = (guesses: number, all: number): void => {
    while (counts.length < guesses) counts.push(0);
    counts[guesses - 1]!++;
    total += guesses;
    secrets++;
    job.play(all);
  };
  let opener = '';
  let stopped: StopReason | undefined;
  if (strategy === 'state-machine') {
    const space = codeSpace(size);
    const word = options.first === undefined ? wordSource(options) : undefined;
    const fixed = options.first === undefined ? undefined : firstColor(options, size);
    const stop = guarded(job, () => {
      for (let i = 0; i < space.size; i++) {
        const code = space.code(i);
        const first = fixed ?? below(word!, size.colors);
        const run = runStateMachine({ ...size, first, job, score: (guess) => machineScore(code, guess, size.colors) });
        if (run.stopped !== undefined) throw new Stopped(run.stopped);
        count(run.turns.length, space.size);
      }
    });
    if (stop instanceof Stopped) stopped = stop.reason;
  } else {
    const engine = engineFor(strategy, size, options.opener, job);
    const { space } = engine;
    opener = engine.opener >= 0 ? space.format(engine.opener) : '';
    const scores = new Uint8Array(space.size);
    const walk = (set: Int32Array, history: number[], depth: number): void => {
      const n = set.length;
      const guess = depth === 1 && engine.opener >= 0 ? engine.opener : engine.choose(set, history);
      if (depth === 1 && opener === '') opener = space.format(guess);
      space.scoreRow(guess, set, n, scores);
      const starts = new Int32Array(space.outcomes + 1);
      for (let k = 0; k < n; k++) starts[scores[k]! + 1]!++;
      for (let o = 0; o < space.outcomes; o++) starts[o + 1]! += starts[o]!;
      const parts = new Int32Array(n);
      const fill = starts.slice();
      for (let k = 0; k < n; k++) parts[fill[scores[k]!]!++] = set[k]!;
      const next = [...history, guess];
      for (let o = 0; o < space.outcomes; o++) {
        const size = starts[o + 1]! - starts[o]!;
        if (size === 0) continue;
        if (o === space.win) count(depth, space.size);
        else if (size === n) throw new RangeError(`the guess ${space.format(guess)} tells none of the ${n} candidates apart`);
        else if (size === 1) count(depth + 1, space.size);
        else walk(parts.subarray(starts[o]!, starts[o + 1]!), next, depth + 1);
      }
    };
    const stop = guarded(job, () => walk(allCodes(space), [], 1));
    if (stop instanceof Stopped) stopped = stop.reason;
  }
  const distribution: Record<number, number> = {};
  counts.forEach((n, i) => {
    if (n > 0) distribution[i + 1] = n;
  });
  return {
    strategy,
    opener,
    secrets,
    total,
    average: secrets === 0 ? 0 : total / secrets,
    max: counts.length,
    distribution,
    ...(stopped === undefined ? {} : { stopped }),
  };
}

/** The number of codes of a size (colors^pegs, or the arrangements without repeats), without building them. */
export function codeCount(size?: CodeSize): number {
  const { pegs, colors, repeats } = resolveSize(size);
  let count = 1;
  for (let i = 0; i < pegs; i++) count *= repeats ? colors : colors - i;
  return count;
}

/** Checks the options common to solve, nextGuess and evaluate, and refuses a size beyond the strategy's reach. */
function setUp(options: Partial<StrategyOptions>, call: 'solve' | 'evaluate'): { strategy: StrategyName; size: ResolvedSize; job: Job } {
  const strategy = checkStrategy(options.strategy ?? 'knuth');
  const size = resolveSize(options);
  if (strategy === 'state-machine') {
    if (!size.repeats) throw new RangeError('the state-machine strategy guesses codes with repeated colors (aabb); it needs a game that allows repeats');
    if (options.opener !== undefined) throw new RangeError('the state-machine strategy picks its own first guess; an opener does not apply');
  } else if (options.first !== undefined) {
    throw new RangeError(`first (GuessOne's first color) is for the state-machine strategy, not ${strategy}`);
  }
  const codes = codeCount(size);
  const limit = STRATEGY_LIMITS[strategy][call];
  if (codes > limit) {
    const what = call === 'solve' ? 'a game' : 'an evaluation of every secret';
    const shape = `${size.pegs} pegs × ${size.colors} colors${size.repeats ? '' : ' without repeats'}`;
    throw new RangeError(
      `the ${strategy} strategy takes on ${what} of at most ${limit.toLocaleString('en-US')} codes (beyond that it runs for ` +
        `minutes to hours); ${shape} has ${codes.toLocaleString('en-US')} codes${strategy === 'optimal' ? ': use a heuristic strategy' : ''}`,
    );
  }
  const job = new Job(options);
  return { strategy, size, job };
}

/** Runs `work`; returns Stopped instead of throwing it when the job stops the work. */
function guarded<T>(job: Job, work: () => T): T | Stopped {
  try {
    job.start();
    return work();
  } catch (error) {
    if (error instanceof Stopped) return error;
    throw error;
  }
}

/** The state machine's next guess after the player's turns, which must be the ones it would have played. */
function machineNext(history: readonly Turn[], options: Partial<StrategyOptions>, size: ResolvedSize, job: Job): string | Stopped {
  const { pegs, colors } = size;
  let first: number;
  if (history.length === 0) first = firstColor(options, size);
  else {
    const opening = parseCode(history[0]!.guess, size);
    first = opening[0]!;
    const expected = pairGuess(first, pegs, colors);
    if (opening.some((c, i) => c !== expected[i])) {
      throw new RangeError(
        `turn 1: the state-machine strategy opens with a color and the next one (such as ${expected.map(colorLetter).join('')}); got ${describeValue(history[0]!.guess)}`,
      );
    }
    if (options.first !== undefined && firstColor(options, size) !== first) {
      throw new RangeError(`turn 1 starts with color ${colorLetter(first)}, not first ${describeValue(options.first)}`);
    }
  }
  let next: number[] | undefined;
  let run;
  try {
    run = runStateMachine({
    pegs,
    colors,
    first,
    job,
    score: (guess, turn) => {
      if (turn === history.length) {
        next = [...guess];
        throw new Reached();
      }
      const given = history[turn]!;
      const text = guess.map(colorLetter).join('');
      if (parseCode(given.guess, size).some((c, i) => c !== guess[i])) {
        throw new RangeError(`turn ${turn + 1}: the state-machine strategy guesses ${text} here, not ${describeValue(given.guess)}; it can only continue its own games`);
      }
      return { black: given.black, white: given.white };
    },
    });
  } catch (error) {
    if (!(error instanceof Reached)) throw error;
  }
  if (next !== undefined) return next.map(colorLetter).join('');
  if (run?.stopped !== undefined) return new Stopped(run.stopped);
  throw new Error('the state machine ended its replay without a guess (a bug)');
}

/** Ends a replay of the state machine once it reaches the turn to suggest. */
class Reached extends Error {}

interface Engine {
  readonly space: CodeSpace;
  /** The forced first guess, or -1. */
  readonly opener: number;
  choose(set: Int32Array, history: readonly number[]): number;
}

const optimalSearches = new WeakMap<CodeSpace, OptimalSearch>();

/** The search behind the 'optimal' strategy for a size, kept so that its memo serves later calls. @internal */
export function optimalSearchFor(space: CodeSpace): OptimalSearch {
  let search = optimalSearches.get(space);
  if (search === undefined) {
    search = new OptimalSearch(space);
    optimalSearches.set(space, search);
  }
  return search;
}

function engineFor(strategy: StrategyName, size: CodeSize, openerText: string | undefined, job: Job): Engine {
  const space = codeSpace(size);
  const openerCode = openerText ?? defaultOpener(strategy, size);
  if (openerText !== undefined && typeof openerText !== 'string') {
    throw new TypeError(`opener must be a code such as 'aabb'; got ${describeValue(openerText)}`);
  }
  const opener = openerCode === undefined ? -1 : space.parse(openerCode);
  if (strategy === 'optimal') {
    const search = optimalSearchFor(space);
    return { space, opener, choose: (set, history) => search.best(set, history, job).guess };
  }
  const kind = KINDS[strategy]!;
  const { chooser, choices } = heuristicFor(space);
  return {
    space,
    opener,
    choose: (set, history) => {
      let mask = 0;
      for (const h of history) mask |= space.colorMasks[h]!;
      // The choice depends only on the heuristic, the candidates and the colors used: games that reach the same
      // candidates (solve on many secrets, nextGuess after each turn) ask once.
      const key = set.length <= MAX_REMEMBERED_SET ? `${kind}:${mask}:${setKey(set)}` : undefined;
      const known = key === undefined ? undefined : choices.get(key);
      if (known !== undefined) return known;
      const guess = chooser.choose(kind, set, set.length, mask, job);
      if (key !== undefined) {
        if (choices.size >= MAX_REMEMBERED_CHOICES) choices.clear();
        choices.set(key, guess);
      }
      return guess;
    },
  };
}

/** Candidate sets up to this size have their heuristic choice remembered, up to this many choices per size. */
const MAX_REMEMBERED_SET = 4096;
const MAX_REMEMBERED_CHOICES = 50_000;

const heuristics = new WeakMap<CodeSpace, { chooser: GuessChooser; choices: Map<string, number> }>();

/** The guess chooser of a size and the choices it made, kept across calls. */
function heuristicFor(space: CodeSpace): { chooser: GuessChooser; choices: Map<string, number> } {
  let entry = heuristics.get(space);
  if (entry === undefined) {
    entry = { chooser: new GuessChooser(space), choices: new Map() };
    heuristics.set(space, entry);
  }
  return entry;
}

/** A candidate set as a string key (two UTF-16 units per code number). */
function setKey(set: Int32Array): string {
  let key = '';
  for (let k = 0; k < set.length; k++) key += String.fromCharCode(set[k]! & 0xffff, set[k]! >>> 16);
  return key;
}

function allCodes(space: CodeSpace): Int32Array {
  const all = new Int32Array(space.size);
  for (let i = 0; i < space.size; i++) all[i] = i;
  return all;
}

function checkStrategy(strategy: unknown): StrategyName {
  if (typeof strategy !== 'string' || !STRATEGIES.includes(strategy as StrategyName)) {
    throw new RangeError(`strategy must be one of ${STRATEGIES.join(', ')}; got ${describeValue(strategy)}`);
  }
  return strategy as StrategyName;
}

/** A code as letters. */
function secretText(code: readonly number[]): string {
  return code.map(colorLetter).join('');
}

/** GuessOne's first color: `first` as a letter, else drawn from `seed`, `random` or the platform's generator. */
function firstColor(options: Partial<StrategyOptions>, size: ResolvedSize): number {
  const first = options.first;
  if (first === undefined) return below(wordSource(options), size.colors);
  const index = typeof first === 'string' && first.length === 1 ? 'abcdefghijklmnopqrstuvwxyz'.indexOf(first.toLowerCase()) : -1;
  if (index < 0 || index >= size.colors) {
    throw new RangeError(`first must be one color letter from a to ${colorLetter(size.colors - 1)}; got ${describeValue(first)}`);
  }
  return index;
}
