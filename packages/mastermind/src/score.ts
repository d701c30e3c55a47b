import { parseCode, type CodeSize } from './code.js';
import { describeValue } from './errors.js';

/** The answer to a guess: black pegs (right color, right place) and white pegs (right color, wrong place). */
export interface Score {
  readonly black: number;
  readonly white: number;
}

/**
 * Scores a guess against a secret by the seed's final method: count each color in both codes, then
 * white = Σ min(counts) − black. Codes are letters (`abcd`) or digits (`1234`, 1 = a); pegs default to the
 * secret's length and colors to 26 for letters (10 for digits, 0 being the tenth) unless `size` says otherwise.
 */
export function score(secret: string, guess: string, size?: CodeSize): Score {
  if (typeof secret !== 'string') throw new TypeError(`the secret must be a string of letters; got ${describeValue(secret)}`);
  if (typeof guess !== 'string') throw new TypeError(`the guess must be a string of letters; got ${describeValue(guess)}`);
  const digits = /^\s*[0-9]+\s*$/.test(secret) && /^\s*[0-9]+\s*$/.test(guess);
  const resolved: CodeSize = {
    pegs: size?.pegs ?? [...secret.trim()].length,
    colors: size?.colors ?? (digits ? 10 : 26),
    repeats: size?.repeats ?? true,
  };
  return scoreCodes(parseCode(secret, resolved), parseCode(guess, resolved));
}

/** Scores two codes given as color numbers from 0 (the same length): `{ black, white }`. */
export function scoreCodes(secret: readonly number[], guess: readonly number[]): Score {
  if (!Array.isArray(secret) || !Array.isArray(guess)) {
    throw new TypeError(`codes must be arrays of color numbers; got ${describeValue(secret)} and ${describeValue(guess)}`);
  }
  if (secret.length !== guess.length) {
    throw new RangeError(`the secret has ${secret.length} pegs and the guess ${guess.length}; they must have the same length`);
  }
  const counts = new Map<number, number>();
  let black = 0;
  for (let i = 0; i < secret.length; i++) {
    const s = secret[i]!;
    const g = guess[i]!;
    for (const color of [s, g]) {
      if (!Number.isInteger(color) || color < 0) throw new RangeError(`a color must be an integer from 0; got ${describeValue(color)}`);
    }
    if (s === g) black++;
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  // Over-count white as the overlap of the two color counts, then take the black pegs out of it.
  let overlap = 0;
  for (const g of guess) {
    const left = counts.get(g) ?? 0;
    if (left > 0) {
      overlap++;
      counts.set(g, left - 1);
    }
  }
  return { black, white: overlap - black };
}

/** A score as one small integer, black × (pegs + 1) + white: the form the solvers work with. */
export function encodeScore(black: number, white: number, pegs: number): number {
  if (!Number.isInteger(pegs) || pegs < 1) throw new RangeError(`pegs must be a positive integer; got ${describeValue(pegs)}`);
  if (!Number.isInteger(black) || !Number.isInteger(white) || black < 0 || white < 0 || black + white > pegs) {
    throw new RangeError(`a score of ${pegs} pegs needs black and white from 0 with black + white <= ${pegs}; got ${black} ${white}`);
  }
  return black * (pegs + 1) + white;
}

/** The score an encoded integer stands for (the inverse of encodeScore). */
export function decodeScore(encoded: number, pegs: number): Score {
  if (!Number.isInteger(pegs) || pegs < 1) throw new RangeError(`pegs must be a positive integer; got ${describeValue(pegs)}`);
  const black = Math.floor(encoded / (pegs + 1));
  const white = encoded - black * (pegs + 1);
  if (!Number.isInteger(encoded) || encoded < 0 || black + white > pegs) {
    throw new RangeError(`an encoded score of ${pegs} pegs is black × ${pegs + 1} + white with black + white <= ${pegs}; got ${describeValue(encoded)}`);
  }
  return { black, white };
}
