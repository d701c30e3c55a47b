import { colorLetter, formatCode } from './code.js';
import { randomBelow } from './random.js';

/** One guess and its score. */
export interface Turn {
  /** The guess as letters. */
  readonly guess: string;
  readonly black: number;
  readonly white: number;
}

/** What a solver did: every turn, and the trace lines it printed (guesses as `abcd 1 2`, and its messages). */
export interface SolveResult {
  readonly secret: string;
  readonly turns: readonly Turn[];
  readonly lines: readonly string[];
  /** The number of guesses, the last one being the secret. */
  readonly guesses: number;
}

interface Options {
  readonly pegs: number;
  readonly colors: number;
  readonly random: () => number;
  /** Force GuessOne's first color (0-based) instead of drawing it: reproduces the essay's printed runs. */
  readonly first?: number | undefined;
}

/**
 * The state machine of the Mastermind design essay, faithfully: GuessOne (a random color and its successor, `aabb`-shaped), GuessTwo
 * (the next two colors), GuessCompute (odometer counting over each slot's remaining colors, the first slot turning
 * fastest, skipping codes inconsistent with the history), GuessPermute (next permutation of the known colors), with
 * rule one (black + white = 0 eliminates the guess's colors), rule two (black = 0 removes each color from its
 * position), rule three (black + white = pegs switches to permuting), and the special case after the first two
 * guesses (their totals add up to pegs: the colors they did not use are eliminated). @internal
 */
export function runStateMachine(secret: readonly number[], options: Options): SolveResult {
  const { pegs, colors } = options;
  const lines: string[] = [];
  const turns: Turn[] = [];
  const history: Array<{ guess: number[]; black: number; white: number }> = [];
  const slots: number[][] = Array.from({ length: pegs }, () => Array.from({ length: colors }, (_, c) => c));
  const odometer = new Array<number>(pegs).fill(0);
  let notConsistent = 0;
  const limit = colors ** pegs + 2 * pegs + 10;

  const evaluate = (guess: readonly number[]): { black: number; white: number; solved: boolean } => {
    const { black, white } = countScore(secret, guess, colors);
    const text = formatCode(guess);
    lines.push(`${text} ${black} ${white}`);
    turns.push({ guess: text, black, white });
    history.push({ guess: [...guess], black, white });
    if (turns.length > limit) throw new Error('the state machine made more guesses than there are codes (a bug)');
    return { black, white, solved: black === pegs };
  };
  const eliminate = (color: number): void => {
    lines.push(`eliminating ${colorLetter(color)}`);
    for (const slot of slots) remove(slot, color);
  };
  const ruleOne = (guess: readonly number[], black: number, white: number): boolean => {
    if (black + white !== 0) return false;
    for (const color of guess) eliminate(color);
    return true;
  };
  const ruleTwo = (guess: readonly number[], black: number): boolean => {
    if (black !== 0) return false;
    guess.forEach((color, i) => {
      lines.push(`removing ${colorLetter(color)} from position ${i + 1}`);
      remove(slots[i]!, color);
    });
    return true;
  };
  const ruleThree = (black: number, white: number): boolean => black + white === pegs;
  /** Rule one, else rule two; then rule three: whether to switch to permuting. */
  const applyRules = (guess: readonly number[], black: number, white: number): boolean => {
    if (!ruleOne(guess, black, white)) ruleTwo(guess, black);
    return ruleThree(black, white);
  };
  const isConsistent = (code: readonly number[]): boolean => {
    for (const turn of history) {
      const { black, white } = countScore(code, turn.guess, colors);
      if (black !== turn.black || white !== turn.white) {
        notConsistent++;
        return false;
      }
    }
    return true;
  };
  const reportNotConsistent = (): void => {
    lines.push(`possible guesses eliminated were ${notConsistent}`);
    notConsistent = 0;
  };
  const firstCountString = (): number[] | null => {
    if (slots.some((slot) => slot.length === 0)) return null;
    odometer.fill(0);
    return slots.map((slot) => slot[0]!);
  };
  const nextCountString = (code: number[]): number[] | null => {
    for (let x = 0; x < pegs; x++) {
      const slot = slots[x]!;
      if (++odometer[x]! < slot.length) {
        code[x] = slot[odometer[x]!]!;
        return code;
      }
      odometer[x] = 0;
      code[x] = slot[0]!;
    }
    return null;
  };
  const pairGuess = (first: number): number[] => {
    const second = (first + 1) % colors;
    return Array.from({ length: pegs }, (_, i) => (i < pegs >> 1 ? first : second));
  };
  const done = (): SolveResult => ({ secret: formatCode(secret), turns, lines, guesses: turns.length });

  // GuessOne
  let permuteFrom: number[] | null = null;
  const first = options.first ?? randomBelow(options.random, colors);
  const one = pairGuess(first);
  let answer = evaluate(one);
  if (answer.solved) return done();
  if (applyRules(one, answer.black, answer.white)) permuteFrom = one;
  else {
    // GuessTwo: the two colors after GuessOne's.
    const firstTotal = answer.black + answer.white;
    const two = pairGuess((first + 2) % colors);
    answer = evaluate(two);
    if (answer.solved) return done();
    if (applyRules(two, answer.black, answer.white)) permuteFrom = two;
    else {
      if (colors >= 4 && firstTotal + answer.black + answer.white === pegs) {
        for (let j = 0; j < colors - 4; j++) eliminate((two[pegs - 1]! + 1 + j) % colors);
      }
      // GuessCompute
      let code = firstCountString();
      for (;;) {
        if (code === null) throw new Error('the state machine ran out of codes (its rules are inconsistent with the scores)');
        if (isConsistent(code)) {
          reportNotConsistent();
          answer = evaluate(code);
          if (answer.solved) return done();
          if (ruleOne(code, answer.black, answer.white) || ruleTwo(code, answer.black)) {
            code = firstCountString();
            continue;
          }
          if (ruleThree(answer.black, answer.white)) {
            permuteFrom = [...code];
            break;
          }
        }
        code = nextCountString(code);
      }
    }
  }

  // GuessPermute: every arrangement of the known colors, in lexicographic order from the sorted one.
  const a = [...permuteFrom].sort((x, y) => x - y);
  for (let steps = 0; ; steps++) {
    if (steps > factorial(pegs) + 1) throw new Error('the state machine permuted without finding the secret (a bug)');
    if (isConsistent(a)) {
      reportNotConsistent();
      if (evaluate(a).solved) return done();
    }
    nextPermutation(a);
  }
}

/** The essay's count-array score of two codes. */
function countScore(secret: readonly number[], guess: readonly number[], colors: number): { black: number; white: number } {
  const counts = new Int32Array(colors);
  let black = 0;
  for (let i = 0; i < secret.length; i++) {
    counts[secret[i]!]!++;
    if (secret[i] === guess[i]) black++;
  }
  let overlap = 0;
  for (const g of guess) {
    if (counts[g]! > 0) {
      counts[g]!--;
      overlap++;
    }
  }
  return { black, white: overlap - black };
}

function remove(slot: number[], color: number): void {
  const i = slot.indexOf(color);
  if (i >= 0) slot.splice(i, 1);
}

function factorial(n: number): number {
  return n <= 1 ? 1 : n * factorial(n - 1);
}

/** The next permutation in lexicographic order, wrapping from the last to the first (the essay's next_permutation). */
function nextPermutation(a: number[]): void {
  let i = a.length - 2;
  while (i >= 0 && a[i]! >= a[i + 1]!) i--;
  if (i >= 0) {
    let j = a.length - 1;
    while (a[j]! <= a[i]!) j--;
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  for (let l = i + 1, r = a.length - 1; l < r; l++, r--) [a[l], a[r]] = [a[r]!, a[l]!];
}
