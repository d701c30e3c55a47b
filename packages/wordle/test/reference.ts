// Independent, deliberately plain reference implementations and shared test helpers. Nothing here imports the
// library, so the tests compare it against something it cannot share a bug with.
import fc from 'fast-check';

import { fuzzText as fuzzTextOver } from '@puzzles/testkit';

export { expectError, onlyOurErrors, prop } from '@puzzles/testkit';

/** Arbitrary text for fuzzing parsers (any UTF-16, code points, graphemes, and strings over `alphabet` up to 12 long). */
export const fuzzText = (alphabet: string) => fuzzTextOver(alphabet, 12);

/**
 * Wordle scoring by the rule as people state it, written out with strings: a letter is green where it matches; each
 * other guess letter, left to right, is yellow if the answer still has an unclaimed copy of it that is not itself
 * green; otherwise grey. Returns 'G', 'Y', '.' per letter.
 */
export function referenceScore(guess: string, answer: string): string {
  const result = ['.', '.', '.', '.', '.'];
  const unclaimed: string[] = [];
  for (let i = 0; i < 5; i++) {
    if (guess[i] === answer[i]) result[i] = 'G';
    else unclaimed.push(answer[i]!);
  }
  for (let i = 0; i < 5; i++) {
    if (result[i] === 'G') continue;
    const at = unclaimed.indexOf(guess[i]!);
    if (at >= 0) {
      result[i] = 'Y';
      unclaimed.splice(at, 1);
    }
  }
  return result.join('');
}

/** The reference marks as emoji. */
export function referenceEmoji(guess: string, answer: string): string {
  return [...referenceScore(guess, answer)].map((c) => (c === 'G' ? '🟩' : c === 'Y' ? '🟨' : '⬜')).join('');
}

/** Every word of `length` letters over `alphabet`. */
export function allWords(alphabet: string, length = 5): string[] {
  let words = [''];
  for (let i = 0; i < length; i++) words = words.flatMap((w) => [...alphabet].map((c) => w + c));
  return words;
}

/**
 * The least total number of guesses to solve every answer (a guess counts for every answer still possible, the
 * solving guess included), by trying every guess at every position: plain exhaustive recursion with a memo.
 */
export function referenceOptimum(answers: readonly string[], guesses: readonly string[]): number {
  const memo = new Map<string, number>();
  const best = (left: readonly string[], depth: number): number => {
    if (left.length === 1) return 1;
    if (depth > 12) return Infinity;
    const key = left.join(',');
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result = Infinity;
    for (const guess of guesses) {
      const groups = new Map<string, string[]>();
      for (const answer of left) {
        const score = referenceScore(guess, answer);
        groups.set(score, [...(groups.get(score) ?? []), answer]);
      }
      if (groups.size === 1 && !left.includes(guess)) continue; // learns nothing
      let cost = left.length;
      for (const [score, group] of groups) if (score !== 'GGGGG') cost += best(group, depth + 1);
      result = Math.min(result, cost);
    }
    memo.set(key, result);
    return result;
  };
  return best(answers, 0);
}

/** A lowercase five-letter word over `alphabet`. */
export function wordArb(alphabet = 'abcdefghijklmnopqrstuvwxyz'): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...alphabet), minLength: 5, maxLength: 5 });
}

