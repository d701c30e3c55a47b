import { colorLetter, formatCode } from './code.js';
import { Stopped, type Job, type StopReason } from './job.js';

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
  /** The number of guesses made (the last one is the secret when `solved`). */
  readonly guesses: number;
  /** Whether the last guess is the secret (false only when the call was stopped). */
  readonly solved: boolean;
  /** Why the call stopped before it found the secret (its signal or timeout); absent when it ran to the end. */
  readonly stopped?: StopReason;
}

/** What the state machine did: its turns and trace, and whether it found the code or was stopped. @internal */
export interface MachineRun {
  readonly turns: Turn[];
  readonly lines: string[];
  readonly solved: boolean;
  readonly stopped?: StopReason;
}

interface Options {
  readonly pegs: number;
  readonly colors: number;
  /** GuessOne's first color (0-based). */
  readonly first: number;
  /** The score of the machine's guess on turn `turn` (0-based): against the secret, or from turns given by the player. */
  readonly score: (guess: readonly number[], turn: number) => { black: number; white: number };
  readonly job?: Job | undefined;
}

/** A pair guess of the state machine's GuessOne and GuessTwo: `first` on the first half of the pegs, the next color on the rest. @internal */
export function pairGuess(first: number, pegs: number, colors: number): number[] {
  const second = (first + 1) % colors;
  return Array.from({ length: pegs }, (_, i) => (i < pegs >> 1 ? first : second));
}

/** The state machine's score of two codes, counting colors (the Mastermind design essay's method). @internal */
export function machineScore(secret: readonly number[], guess: readonly number[], colors: number): { black: number; white: number } {
  return countScore(secret, guess, colors);
}

/**
 * The state machine of the Mastermind design essay, faithfully: GuessOne (a random color and its successor, `aabb`-shaped), GuessTwo
 * (the next two colors), GuessCompute (odometer counting over each slot's remaining colors, the first slot turning
 * fastest, skipping codes inconsistent with the history), GuessPermute (next permutation of the known colors), with
 * rule one (black + white = 0 eliminates the guess's colors), rule two (black = 0 removes each color from its
 * position), rule three (black + white = pegs switches to permuting), and the special case after the first two
 * guesses (their totals add up to pegs: the colors they did not use are eliminated). @internal
 */
export function runStateMachine(options: Options): MachineRun {
  const { pegs, colors } = options;
  const lines: string[] = [];
  const turns: Turn[] = [];
  const history: Array<{ guess: number[]; black: number; white: number }> = [];
  const slots: number[][] = Array.from({ length: pegs }, () => Array.from({ length: colors }, (_, c) => c));
  const odometer = new Array<number>(pegs).fill(0);
  let notConsistent = 0;
  const limit = colors ** pegs + 2 * pegs + 10;

  const evaluate = (guess: readonly number[]): { black: number; white: number; solved: boolean } => {
    const { black, white } = options.score(guess, turns.length);
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
    options.job?.search('codes');
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
  const done = (): MachineRun => ({ turns, lines, solved: true });
  try {
    return machine();
  } catch (error) {
    if (error instanceof Stopped) return { turns, lines, solved: false, stopped: error.reason };
    throw error;
  }

  function machine(): MachineRun {
    // GuessOne
    let permuteFrom: number[] | null = null;
    const first = options.first;
    const one = pairGuess(first, pegs, colors);
    let answer = evaluate(one);
    if (answer.solved) return done();
    if (applyRules(one, answer.black, answer.white)) permuteFrom = one;
    else {
      // GuessTwo: the two colors after GuessOne's.
      const firstTotal = answer.black + answer.white;
      const two = pairGuess((first + 2) % colors, pegs, colors);
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
