import { describeValue } from './errors.js';
import { encodePattern, normalizeWord, type Mark } from './score.js';

/** A scored guess: the word and its five marks. */
export interface ScoredGuess {
  readonly guess: string;
  readonly marks: readonly Mark[];
}

const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th'] as const;

/**
 * Why `guess` breaks hard mode after the scored guesses so far, or undefined if it is allowed. As the NYT game
 * enforces it: a letter marked correct must stay in its place ("1st letter must be C"), and every letter marked
 * correct or present must be used at least as many times as it was marked ("Guess must contain R"). Greens are
 * checked first, in position order, then letters in the order they appear in the earlier guess.
 */
export function hardModeViolation(history: readonly ScoredGuess[], guess: string): string | undefined {
  // Words are trimmed and case-folded like everywhere else in the API; marks are checked.
  const word = normalizeWord(guess, 'guess');
  if (!Array.isArray(history)) throw new TypeError(`history must be an array of { guess, marks }; got ${describeValue(history)}`);
  for (const [index, step] of (history as readonly unknown[]).entries()) {
    if (typeof step !== 'object' || step === null) throw new TypeError(`history[${index}] must be { guess, marks }; got ${describeValue(step)}`);
    const previous = normalizeWord((step as ScoredGuess).guess, `history[${index}].guess`);
    const marks = (step as ScoredGuess).marks;
    encodePattern(marks); // validates: five marks
    for (let i = 0; i < 5; i++) {
      if (marks[i] === 'correct' && word[i] !== previous[i]) return `${ORDINALS[i]} letter must be ${previous[i]!.toUpperCase()}`;
    }
    const needed = new Map<string, number>();
    for (let i = 0; i < 5; i++) {
      if (marks[i] !== 'absent') needed.set(previous[i]!, (needed.get(previous[i]!) ?? 0) + 1);
    }
    for (const [letter, count] of needed) {
      let have = 0;
      for (const ch of word) if (ch === letter) have++;
      if (have < count) return `Guess must contain ${letter.toUpperCase()}`;
    }
  }
  return undefined;
}
