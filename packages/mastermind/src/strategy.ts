import { parseCode, resolveSize, type CodeSize } from './code.js';
import { describeValue, optionsOf } from './errors.js';
import { GuessChooser, type HeuristicKind } from './heuristics.js';
import { OptimalSearch } from './optimal.js';
import { randomSource, type Seed } from './random.js';
import { runStateMachine, type SolveResult, type Turn } from './state-machine.js';
import { codeSpace, type CodeSpace } from './space.js';

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

/** Options shared by solve and evaluate. */
export interface StrategyOptions extends CodeSize {
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
  /** The number of secrets played. */
  readonly secrets: number;
  readonly total: number;
  readonly average: number;
  readonly max: number;
  /** distribution[i] = how many secrets took i + 1 guesses. */
  readonly distribution: readonly number[];
}

/** Options of evaluate: those of solve, and a progress callback (secrets done, secrets in all). */
export interface EvaluateOptions extends StrategyOptions {
  readonly onProgress?: (done: number, total: number) => void;
}

/** Solves one secret with a strategy; returns the turns and the trace lines (`abcd 1 2`, and the state machine's messages). */
export function solve(secret: string, solveOptions?: StrategyOptions): SolveResult {
  const options = optionsOf(solveOptions, 'solve');
  const strategy = checkStrategy(options.strategy ?? 'knuth');
  const size = resolveSize(options);
  if (strategy === 'state-machine') {
    const space = { pegs: size.pegs, colors: size.colors };
    if (!size.repeats) throw new RangeError('the state-machine strategy guesses codes with repeated colors (aabb); it needs a game that allows repeats');
    if (options.opener !== undefined) throw new RangeError('the state-machine strategy picks its own first guess; an opener does not apply');
    const code = parseSecret(secret, size);
    return runStateMachine(code, { ...space, random: randomSource(options), first: firstColor(options.first, size.colors) });
  }
  if (options.first !== undefined) throw new RangeError(`first (GuessOne's first color) is for the state-machine strategy, not ${strategy}`);
  const engine = engineFor(strategy, size, options.opener);
  const target = engine.space.parse(secret);
  let set = allCodes(engine.space);
  const history: number[] = [];
  const turns: Turn[] = [];
  const lines: string[] = [];
  for (;;) {
    const guess = history.length === 0 && engine.opener >= 0 ? engine.opener : engine.choose(set, history);
    const scored = engine.space.score(guess, target);
    const black = Math.floor(scored / (size.pegs + 1));
    const white = scored - black * (size.pegs + 1);
    const text = engine.space.format(guess);
    turns.push({ guess: text, black, white });
    lines.push(`${text} ${black} ${white}`);
    if (scored === engine.space.win) break;
    history.push(guess);
    set = set.filter((s) => engine.space.score(guess, s) === scored);
  }
  return { secret: engine.space.format(target), turns, lines, guesses: turns.length };
}

/** Plays every secret of the size with a strategy and sums up the number of guesses. */
export function evaluate(evaluateOptions?: EvaluateOptions): Evaluation {
  const options = optionsOf(evaluateOptions, 'evaluate');
  const strategy = checkStrategy(options.strategy ?? 'knuth');
  const size = resolveSize(options);
  const progress = options.onProgress;
  if (progress !== undefined && typeof progress !== 'function') {
    throw new TypeError(`onProgress must be a function; got ${describeValue(progress)}`);
  }
  const distribution: number[] = [];
  let total = 0;
  let done = 0;
  let reported = 0;
  const count = (guesses: number, all: number): void => {
    while (distribution.length < guesses) distribution.push(0);
    distribution[guesses - 1]!++;
    total += guesses;
    done++;
    if (progress && (done - reported >= 64 || done === all)) {
      reported = done;
      progress(done, all);
    }
  };
  let opener = '';
  let secrets: number;
  if (strategy === 'state-machine') {
    const space = codeSpace(size);
    const random = randomSource(options);
    if (!size.repeats) throw new RangeError('the state-machine strategy guesses codes with repeated colors (aabb); it needs a game that allows repeats');
    if (options.opener !== undefined) throw new RangeError('the state-machine strategy picks its own first guess; an opener does not apply');
    const first = firstColor(options.first, size.colors);
    secrets = space.size;
    for (let i = 0; i < space.size; i++) {
      count(runStateMachine(space.code(i), { pegs: size.pegs, colors: size.colors, random, first }).guesses, space.size);
    }
  } else {
    if (options.first !== undefined) throw new RangeError(`first (GuessOne's first color) is for the state-machine strategy, not ${strategy}`);
    const engine = engineFor(strategy, size, options.opener);
    const { space } = engine;
    opener = engine.opener >= 0 ? space.format(engine.opener) : '';
    secrets = space.size;
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
    walk(allCodes(space), [], 1);
  }
  return {
    strategy,
    opener,
    secrets,
    total,
    average: total / secrets,
    max: distribution.length,
    distribution,
  };
}

interface Engine {
  readonly space: CodeSpace;
  /** The forced first guess, or -1. */
  readonly opener: number;
  choose(set: Int32Array, history: readonly number[]): number;
}

const optimalSearches = new WeakMap<CodeSpace, OptimalSearch>();

/**
 * The largest code space the 'optimal' strategy accepts: the exact search takes seconds up to 4 × 6 (1,296 codes) and
 * does not finish in minutes beyond it (4 × 7, 5 × 5), so larger sizes are refused instead of hanging.
 */
export const MAX_OPTIMAL_CODES = 1296;

/** The search behind the 'optimal' strategy for a size, kept so that its memo serves later calls. @internal */
export function optimalSearchFor(space: CodeSpace): OptimalSearch {
  let search = optimalSearches.get(space);
  if (search === undefined) {
    search = new OptimalSearch(space);
    optimalSearches.set(space, search);
  }
  return search;
}

function engineFor(strategy: StrategyName, size: CodeSize, openerText: string | undefined): Engine {
  const space = codeSpace(size);
  const openerCode = openerText ?? defaultOpener(strategy, size);
  if (openerText !== undefined && typeof openerText !== 'string') {
    throw new TypeError(`opener must be a code such as 'aabb'; got ${describeValue(openerText)}`);
  }
  const opener = openerCode === undefined ? -1 : space.parse(openerCode);
  if (strategy === 'optimal') {
    if (space.size > MAX_OPTIMAL_CODES) {
      throw new RangeError(
        `the optimal strategy's exact search is practical up to ${MAX_OPTIMAL_CODES.toLocaleString('en-US')} codes (4 pegs × 6 colors); ` +
          `${space.pegs} pegs × ${space.colors} colors${space.repeats ? '' : ' without repeats'} has ${space.size.toLocaleString('en-US')} codes: use a heuristic strategy`,
      );
    }
    const search = optimalSearchFor(space);
    return { space, opener, choose: (set, history) => search.best(set, history).guess };
  }
  const kind = KINDS[strategy]!;
  const chooser = new GuessChooser(space);
  return {
    space,
    opener,
    choose: (set, history) => {
      let mask = 0;
      for (const h of history) mask |= space.colorMasks[h]!;
      return chooser.choose(kind, set, set.length, mask);
    },
  };
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

function parseSecret(secret: string, size: CodeSize): number[] {
  return parseCode(secret, size);
}

function firstColor(first: string | undefined, colors: number): number | undefined {
  if (first === undefined) return undefined;
  const index = typeof first === 'string' && first.length === 1 ? 'abcdefghijklmnopqrstuvwxyz'.indexOf(first.toLowerCase()) : -1;
  if (index < 0 || index >= colors) {
    throw new RangeError(`first must be one color letter from a to ${'abcdefghijklmnopqrstuvwxyz'[colors - 1]}; got ${describeValue(first)}`);
  }
  return index;
}
