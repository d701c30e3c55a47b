import { describeValue, integerOption, optionsOf } from './errors.js';

/** The shape of a game: pegs per code, colors to choose from, and whether a color may repeat in a code. */
export interface CodeSize {
  /** Pegs per code, 1 to 10 (default 4). */
  readonly pegs?: number;
  /** Colors, 1 to 26, written `a`, `b`, … (default 6). */
  readonly colors?: number;
  /** Whether a code may repeat a color (default true; false is the Bulls and Cows variant). */
  readonly repeats?: boolean;
}

/** A code size with every field filled in. */
export interface ResolvedSize {
  readonly pegs: number;
  readonly colors: number;
  readonly repeats: boolean;
}

/** The most pegs a code may have. */
export const MAX_PEGS = 10;
/** The most colors a game may have (written a–z). */
export const MAX_COLORS = 26;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Fills in and checks a code size: pegs 1–10, colors 1–26, and enough colors when repeats are not allowed. */
export function resolveSize(size?: CodeSize): ResolvedSize {
  const options = optionsOf(size, 'the code size');
  const pegs = integerOption(options.pegs, 'pegs', 1, MAX_PEGS, 4);
  const colors = integerOption(options.colors, 'colors', 1, MAX_COLORS, 6);
  const repeats = options.repeats ?? true;
  if (typeof repeats !== 'boolean') throw new TypeError(`repeats must be a boolean; got ${describeValue(repeats)}`);
  if (!repeats && colors < pegs) {
    throw new RangeError(`without repeated colors a code of ${pegs} pegs needs at least ${pegs} colors; got ${colors}`);
  }
  return { pegs, colors, repeats };
}

/** The colors of a size as the CLI writes them: 'a-f' (and '1-6' when digits are allowed too). */
export function colorRange(colors: number): string {
  return colors === 1 ? 'a' : `a-${LETTERS[colors - 1]}`;
}

/** The digits of a size's colors: '1-6', or '1-9, 0' for 10 colors (0 is the tenth color, as on a keypad). @internal */
export function digitRange(colors: number): string {
  return colors === 10 ? '1-9 and 0' : colors === 1 ? '1' : `1-${colors}`;
}

/**
 * Reads a code: letters (`abcd`, any case, `a` = first color) or, when there are at most 10 colors, digits as the
 * classic sources write them (`1234`, `1` = `a`, … `9` = `i`, and `0` = `j`, the tenth color). Returns the colors numbered from 0. Throws a RangeError naming
 * the problem: wrong length, unknown color, mixed notations, or a repeated color when repeats are not allowed.
 */
export function parseCode(text: string, size?: CodeSize): number[] {
  const { pegs, colors, repeats } = resolveSize(size);
  if (typeof text !== 'string') throw new TypeError(`a code must be a string of letters; got ${describeValue(text)}`);
  const trimmed = text.trim();
  const chars = [...trimmed];
  const expected = `${pegs} pegs, letters ${colorRange(colors)}${colors <= 10 ? ` or digits ${digitRange(colors)}` : ''}`;
  if (chars.length !== pegs) {
    throw new RangeError(`code ${describeValue(text)} has ${chars.length} pegs; expected ${expected}`);
  }
  const digits = /^[0-9]+$/.test(trimmed);
  if (!digits && /[0-9]/.test(trimmed)) {
    throw new RangeError(`code ${describeValue(text)} mixes letters and digits; expected ${expected}`);
  }
  const code: number[] = [];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const color = digits ? (colors <= 10 ? (ch === '0' ? 9 : ch.charCodeAt(0) - 49) : -1) : LETTERS.indexOf(ch.toLowerCase());
    if (color < 0 || color >= colors) {
      throw new RangeError(`code ${describeValue(text)} has an unknown color '${ch}' at position ${i + 1}; expected ${expected}`);
    }
    code.push(color);
  }
  if (!repeats) {
    const seen = new Set<number>();
    for (const color of code) {
      if (seen.has(color)) {
        throw new RangeError(`code ${describeValue(text)} repeats the color '${LETTERS[color]}'; this game allows no repeated colors`);
      }
      seen.add(color);
    }
  }
  return code;
}

/** Writes a code (colors numbered from 0) as letters: [0, 1, 2, 3] → 'abcd'. */
export function formatCode(code: readonly number[]): string {
  if (!Array.isArray(code)) throw new TypeError(`a code must be an array of color numbers; got ${describeValue(code)}`);
  let out = '';
  for (const color of code) {
    if (!Number.isInteger(color) || color < 0 || color >= MAX_COLORS) {
      throw new RangeError(`a color must be an integer from 0 to ${MAX_COLORS - 1}; got ${describeValue(color)}`);
    }
    out += LETTERS[color]!;
  }
  return out;
}

/** The letter of a color numbered from 0: 0 → 'a'. @internal */
export function colorLetter(color: number): string {
  return LETTERS[color]!;
}

/** The number of a code among all codes of its size, in order aaaa, aaab, …: its colors read in base `colors`. */
export function codeToIndex(code: readonly number[], colors: number): number {
  requiredInteger(colors, 'colors', 1, MAX_COLORS);
  if (!Array.isArray(code)) throw new TypeError(`a code must be an array of color numbers; got ${describeValue(code)}`);
  if (code.length < 1 || code.length > MAX_PEGS) {
    throw new RangeError(`a code must have 1 to ${MAX_PEGS} pegs; got ${code.length}`);
  }
  let index = 0;
  for (const color of code) {
    if (!Number.isInteger(color) || color < 0 || color >= colors) {
      throw new RangeError(`a color of ${colors} colors must be an integer from 0 to ${colors - 1}; got ${describeValue(color)}`);
    }
    index = index * colors + color;
  }
  return index;
}

/** The code with this number among all codes of `pegs` pegs and `colors` colors (the inverse of codeToIndex). */
export function indexToCode(index: number, pegs: number, colors: number): number[] {
  requiredInteger(pegs, 'pegs', 1, MAX_PEGS);
  requiredInteger(colors, 'colors', 1, MAX_COLORS);
  const count = colors ** pegs;
  if (typeof index !== 'number') throw new TypeError(`index must be an integer from 0 to ${count - 1}; got ${describeValue(index)}`);
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new RangeError(`index of a code of ${pegs} pegs and ${colors} colors must be an integer from 0 to ${count - 1}; got ${describeValue(index)}`);
  }
  const code = new Array<number>(pegs);
  for (let i = pegs - 1; i >= 0; i--) {
    code[i] = index % colors;
    index = Math.floor(index / colors);
  }
  return code;
}

/** Checks a required integer argument: a TypeError when it is not a number, a RangeError when out of [min, max]. */
function requiredInteger(value: unknown, name: string, min: number, max: number): void {
  if (value === undefined) throw new TypeError(`${name} must be an integer from ${min} to ${max}; got undefined`);
  integerOption(value, name, min, max, min);
}
