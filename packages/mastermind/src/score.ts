import { MAX_COLORS, parseCode, resolveSize, type CodeSize } from './code.js';
import { describeValue, optionsOf } from './errors.js';

/** The answer to a guess: black pegs (right color, right place) and white pegs (right color, wrong place). */
export interface Score {
  readonly black: number;
  readonly white: number;
}

/**
 * Scores a guess against a secret by the Mastermind design essay's final method: count each color in both codes, then
 * white = Σ min(counts) − black. Codes are letters (`abcd`) or digits (`1234`, 1 = a); pegs default to the
 * secret's length and colors to 26 for letters (10 for digits, 0 being the tenth) unless `size` says otherwise.
 * Plain codes are scored in one pass over their characters (the same Σ min(counts), paired as the pegs come).
 */
export function score(secret: string, guess: string, size?: CodeSize): Score {
  if (typeof secret !== 'string') throw new TypeError(`the secret must be a string of letters; got ${describeValue(secret)}`);
  if (typeof guess !== 'string') throw new TypeError(`the guess must be a string of letters; got ${describeValue(guess)}`);
  const fast = scoreFast(secret, guess, size);
  if (fast >= 0) return { black: fast >> 4, white: fast & 15 };
  return scoreParsed(secret, guess, size);
}

/** The general path: parse both codes (any spacing, case or notation) and report what is wrong with them. */
function scoreParsed(secret: string, guess: string, size: CodeSize | undefined): Score {
  const options = optionsOf(size, 'score');
  const digits = /^\s*[0-9]+\s*$/.test(secret) && /^\s*[0-9]+\s*$/.test(guess);
  const resolved: CodeSize = {
    pegs: options.pegs ?? [...secret.trim()].length,
    colors: options.colors ?? (digits ? 10 : 26),
    repeats: options.repeats ?? true,
  };
  return scoreCodes(parseCode(secret, resolved), parseCode(guess, resolved));
}

/**
 * For the fast path, by color: pegs of the secret not yet paired minus pegs of the guess not yet paired
 * (left all zero between calls).
 */
const unpaired = new Int8Array(32);
/** The size last checked by resolveSize on the fast path, so that a repeated size is not checked again. */
let checkedPegs: unknown;
let checkedColors: unknown;
let checkedRepeats: unknown;

/** What characters a code has, in bits 5-7 of CHARS: a letter, a digit, anything else. */
const LETTER = 32;
const DIGIT = 64;
const OTHER = 128;
/** By ASCII character code: its kind | its color (a/A = 0 … z/Z = 25; 1 = 0 … 9 = 8, 0 = 9). */
const CHARS = new Uint8Array(128).fill(OTHER);
for (let c = 0; c < 26; c++) CHARS[97 + c] = CHARS[65 + c] = LETTER | c;
for (let d = 0; d < 10; d++) CHARS[48 + d] = DIGIT | (d === 0 ? 9 : d - 1);

/**
 * Scores two codes written in plain ASCII letters or digits straight from their character codes, in one pass and
 * without building arrays. Black pegs are counted by position; the other pegs pair up color by color as they come
 * (a secret peg with an unpaired guess peg of its color, and the other way), which counts Σ min(color counts) over
 * the pegs that are not black: the white pegs. Returns black × 16 + white, or -1 when anything is unusual (wrong
 * length, spaces, an unknown or repeated color, mixed notations, non-ASCII): then the general path scores the codes
 * or throws its precise error.
 */
function scoreFast(secret: string, guess: string, size: CodeSize | undefined): number {
  const n = secret.length;
  if (guess.length !== n || n === 0 || n > 10) return -1;
  let pegs: unknown = n;
  let colors: unknown;
  let repeats: unknown = true;
  if (size !== undefined) {
    if (typeof size !== 'object' || size === null || Array.isArray(size)) return -1;
    pegs = size.pegs ?? n;
    colors = size.colors;
    repeats = size.repeats ?? true;
  }
  const counts = unpaired;
  let black = 0;
  let white = 0;
  let secretKinds = 0;
  let guessKinds = 0;
  let seen = 0;
  for (let i = 0; i < n; i++) {
    const s = secret.charCodeAt(i);
    const g = guess.charCodeAt(i);
    if ((s | g) > 127) {
      secretKinds = OTHER;
      break;
    }
    const vs = CHARS[s]!;
    const vg = CHARS[g]!;
    secretKinds |= vs;
    guessKinds |= vg;
    const sc = vs & 31;
    const gc = vg & 31;
    const sBit = 1 << sc;
    const gBit = 1 << gc;
    seen |= sBit | gBit;
    if (sc === gc) {
      black++;
    } else {
      if (counts[sc]!++ < 0) white++;
      if (counts[gc]!-- > 0) white++;
    }
  }
  for (let left = seen; left !== 0; left &= left - 1) counts[31 - Math.clz32(left & -left)] = 0;
  // Now check what was read: one notation per code, a known color, the size (checked once while it repeats).
  const secretKind = secretKinds & 0xe0;
  const guessKind = guessKinds & 0xe0;
  if ((secretKind !== LETTER && secretKind !== DIGIT) || (guessKind !== LETTER && guessKind !== DIGIT)) return -1;
  if (colors === undefined) {
    // Default colors: 10 when both codes are digits, 26 when both are letters; a mix is for the general path.
    if (secretKind !== guessKind) return -1;
    colors = secretKind === DIGIT ? 10 : MAX_COLORS;
  } else if ((secretKind | guessKind) & DIGIT && typeof colors === 'number' && colors > 10) {
    return -1;
  }
  if (pegs !== checkedPegs || colors !== checkedColors || repeats !== checkedRepeats) {
    resolveSize({ pegs, colors, repeats } as CodeSize); // throws the size's own error
    checkedPegs = pegs;
    checkedColors = colors;
    checkedRepeats = repeats;
  }
  if (pegs !== n || seen >>> (colors as number) !== 0) return -1;
  if (repeats === false && (repeatsColor(secret) || repeatsColor(guess))) return -1;
  return (black << 4) | white;
}

/** Whether a code of ASCII letters or digits of one notation uses a color twice. */
function repeatsColor(code: string): boolean {
  let seen = 0;
  for (let i = 0; i < code.length; i++) {
    const bit = 1 << (CHARS[code.charCodeAt(i)]! & 31);
    if (seen & bit) return true;
    seen |= bit;
  }
  return false;
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
