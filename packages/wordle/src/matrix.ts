import { patternOfLetters } from './score.js';
import { originalWords, wordListOf, type WordList } from './words.js';

/**
 * Every guess scored against every answer: `codes[g * answerCount + a]` is the pattern code (0-242) of guess g against
 * answer a, one byte each (12,972 × 2,315 = 30 MB for the original lists).
 */
export interface PatternMatrix {
  readonly words: WordList;
  readonly guessCount: number;
  readonly answerCount: number;
  readonly codes: Uint8Array;
  /** The letters of every guess as codes 0-25, five bytes per guess. */
  readonly letters: Uint8Array;
}

/** The letters of a list of five-letter words as codes 0-25, five bytes per word. @internal */
export function letterCodes(words: readonly string[]): Uint8Array {
  const out = new Uint8Array(words.length * 5);
  words.forEach((word, w) => {
    for (let i = 0; i < 5; i++) out[w * 5 + i] = word.charCodeAt(i) - 97;
  });
  return out;
}

/**
 * Builds the pattern matrix of a word list (not cached; see `patternMatrix`). For a guess without repeated letters,
 * each tile depends only on its own letter and the answer, so the code is a sum of five table lookups per answer:
 * tile[a][i][letter] = (correct 2 | present 1 | absent 0) · 3^i. Guesses with a repeated letter take the two-pass scorer.
 */
export function buildPatternMatrix(words: WordList = originalWords()): PatternMatrix {
  wordListOf(words);
  const guessCount = words.guesses.length;
  const answerCount = words.answers.length;
  const letters = letterCodes(words.guesses);
  const codes = new Uint8Array(guessCount * answerCount);
  // tile: 130 bytes per answer (5 positions × 26 letters).
  const tile = new Uint8Array(answerCount * 130);
  for (let a = 0; a < answerCount; a++) {
    let mask = 0;
    for (let i = 0; i < 5; i++) mask |= 1 << letters[a * 5 + i]!;
    for (let i = 0, weight = 1; i < 5; i++, weight *= 3) {
      const own = letters[a * 5 + i]!;
      const base = a * 130 + i * 26;
      for (let x = 0; x < 26; x++) tile[base + x] = x === own ? 2 * weight : mask & (1 << x) ? weight : 0;
    }
  }
  const counts = new Uint8Array(26);
  for (let g = 0; g < guessCount; g++) {
    const o = g * 5;
    const l0 = letters[o]!;
    const l1 = letters[o + 1]!;
    const l2 = letters[o + 2]!;
    const l3 = letters[o + 3]!;
    const l4 = letters[o + 4]!;
    const seen = (1 << l0) | (1 << l1) | (1 << l2) | (1 << l3) | (1 << l4);
    const row = g * answerCount;
    if (popcount(seen) === 5) {
      const t1 = 26 + l1;
      const t2 = 52 + l2;
      const t3 = 78 + l3;
      const t4 = 104 + l4;
      for (let a = 0, b = 0; a < answerCount; a++, b += 130) {
        codes[row + a] = tile[b + l0]! + tile[b + t1]! + tile[b + t2]! + tile[b + t3]! + tile[b + t4]!;
      }
    } else {
      for (let a = 0; a < answerCount; a++) codes[row + a] = patternOfLetters(letters, o, letters, a * 5, counts);
    }
  }
  return Object.freeze({ words, guessCount, answerCount, codes, letters });
}

function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

const cache = new WeakMap<WordList, PatternMatrix>();

/** The pattern matrix of a word list, built on first use and kept for the list's lifetime. */
export function patternMatrix(words: WordList = originalWords()): PatternMatrix {
  wordListOf(words);
  let matrix = cache.get(words);
  if (!matrix) {
    matrix = buildPatternMatrix(words);
    cache.set(words, matrix);
  }
  return matrix;
}
