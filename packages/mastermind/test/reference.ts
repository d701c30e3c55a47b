// Independent, deliberately plain reference implementations and shared test helpers. Nothing here imports the
// library, so the tests compare it against something it cannot share a bug with.
import fc from 'fast-check';

import { fuzzText as fuzzTextOver } from '@puzzles/testkit';

export { expectError, onlyOurErrors, prop } from '@puzzles/testkit';

/** Arbitrary text for fuzzing parsers (any UTF-16, code points, graphemes, and strings over `alphabet` up to 8 long). */
export const fuzzText = (alphabet: string) => fuzzTextOver(alphabet, 8);

export const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The Mastermind design essay's second design, on strings: black by position, then white by pairing each unused guess peg with an unused secret peg. */
export function naiveScore(secret: string, guess: string): [number, number] {
  const secretUsed = new Array<boolean>(secret.length).fill(false);
  const guessUsed = new Array<boolean>(guess.length).fill(false);
  let black = 0;
  for (let i = 0; i < secret.length; i++) {
    if (secret[i] === guess[i]) {
      black++;
      secretUsed[i] = guessUsed[i] = true;
    }
  }
  let white = 0;
  for (let i = 0; i < guess.length; i++) {
    if (guessUsed[i]) continue;
    for (let j = 0; j < secret.length; j++) {
      if (!secretUsed[j] && secret[j] === guess[i]) {
        white++;
        secretUsed[j] = true;
        break;
      }
    }
  }
  return [black, white];
}

/** Every code of `pegs` letters from the first `colors`, in order aaaa, aaab, … (optionally without repeats). */
export function allCodes(pegs: number, colors: number, repeats = true): string[] {
  let codes = [''];
  for (let p = 0; p < pegs; p++) codes = codes.flatMap((prefix) => [...LETTERS.slice(0, colors)].map((c) => prefix + c));
  return repeats ? codes : codes.filter((code) => new Set(code).size === code.length);
}

/**
 * The optimal total T(S) by plain exhaustive recursion (memoised on the set, no bounds, no symmetry): every code as
 * the guess, T(S) = |S| + Σ T(part) over the non-winning parts.
 */
export function bruteForceOptimal(pegs: number, colors: number): number {
  const codes = allCodes(pegs, colors);
  const memo = new Map<string, number>();
  const win = `${pegs} 0`;
  const solve = (set: string[]): number => {
    if (set.length === 1) return 1;
    const key = set.join(',');
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = Infinity;
    for (const guess of codes) {
      const parts = new Map<string, string[]>();
      for (const secret of set) {
        const s = naiveScore(secret, guess).join(' ');
        if (s !== win) parts.set(s, [...(parts.get(s) ?? []), secret]);
      }
      if ([...parts.values()].some((part) => part.length === set.length)) continue;
      let total = set.length;
      for (const part of parts.values()) total += solve(part);
      best = Math.min(best, total);
    }
    memo.set(key, best);
    return best;
  };
  return solve(codes);
}

/** A size (pegs 1–6, colors 1–8) and two codes of it. */
export const sizedPair = fc
  .record({ pegs: fc.integer({ min: 1, max: 6 }), colors: fc.integer({ min: 1, max: 8 }) })
  .chain(({ pegs, colors }) => {
    const code = fc.array(fc.integer({ min: 0, max: colors - 1 }), { minLength: pegs, maxLength: pegs });
    return fc.tuple(fc.constant(pegs), fc.constant(colors), code, code);
  });

