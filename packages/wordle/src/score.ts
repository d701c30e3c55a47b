import { describeValue } from './errors.js';

/** The mark of one tile: the right letter in the right place, in the word elsewhere, or not (any more) in the word. */
export type Mark = 'correct' | 'present' | 'absent';

/** The five marks of a scored guess, in letter order. */
export type Score = readonly [Mark, Mark, Mark, Mark, Mark];

/** The number of distinct feedback patterns, 3^5; pattern codes run from 0 to 242. */
export const PATTERNS = 243;

/** The code of five correct marks (a solved game): 242. */
export const SOLVED_CODE = 242;

const MARK_DIGIT: Record<Mark, number> = { absent: 0, present: 1, correct: 2 };
const DIGIT_MARK: readonly Mark[] = ['absent', 'present', 'correct'];
const EMOJI: Record<Mark, string> = { correct: '🟩', present: '🟨', absent: '⬜' };

/** Trims, folds A-Z to a-z and checks for exactly five letters a-z; a RangeError/TypeError otherwise. @internal */
export function normalizeWord(word: unknown, what: string): string {
  if (typeof word !== 'string') throw new TypeError(`${what} must be a string of five letters a-z; got ${describeValue(word)}`);
  const folded = word.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());
  if (!/^[a-z]{5}$/.test(folded)) throw new RangeError(`${what} must be five letters a-z; got ${describeValue(word)}`);
  return folded;
}

/**
 * The pattern code of `guess` against `answer`, both given as letter codes 0-25 at offsets in byte arrays: two passes,
 * exact matches first, then present letters limited by the answer's remaining counts. Position i weighs 3^i;
 * absent 0, present 1, correct 2. @internal
 */
export function patternOfLetters(guess: Uint8Array, g: number, answer: Uint8Array, a: number, counts: Uint8Array): number {
  let code = 0;
  let greens = 0;
  // First pass: exact matches, and the answer's letters that are left over.
  for (let i = 0; i < 5; i++) {
    const x = answer[a + i]!;
    if (guess[g + i] === x) greens |= 1 << i;
    else counts[x]!++;
  }
  // Second pass: a letter elsewhere is present while unmatched copies remain.
  let weight = 1;
  for (let i = 0; i < 5; i++, weight *= 3) {
    if (greens & (1 << i)) {
      code += 2 * weight;
      continue;
    }
    const y = guess[g + i]!;
    if (counts[y]! > 0) {
      counts[y]!--;
      code += weight;
    }
  }
  // Leave the scratch counts at zero for the next call.
  for (let i = 0; i < 5; i++) counts[answer[a + i]!] = 0;
  return code;
}

const scratch = new Uint8Array(26);
const guessLetters = new Uint8Array(5);
const answerLetters = new Uint8Array(5);

/** The pattern code (0-242) of a guess against an answer: Σ markᵢ·3^i with absent 0, present 1, correct 2. */
export function scoreCode(guess: string, answer: string): number {
  const g = normalizeWord(guess, 'guess');
  const a = normalizeWord(answer, 'answer');
  for (let i = 0; i < 5; i++) {
    guessLetters[i] = g.charCodeAt(i) - 97;
    answerLetters[i] = a.charCodeAt(i) - 97;
  }
  return patternOfLetters(guessLetters, 0, answerLetters, 0, scratch);
}

/** Scores a guess against the answer, Wordle's way: five marks `correct | present | absent`. */
export function scoreGuess(guess: string, answer: string): Score {
  return decodePattern(scoreCode(guess, answer));
}

/** The five marks of a pattern code 0-242. */
export function decodePattern(code: number): Score {
  if (!Number.isInteger(code) || code < 0 || code >= PATTERNS) {
    throw new RangeError(`a pattern code must be an integer from 0 to 242; got ${describeValue(code)}`);
  }
  const marks: Mark[] = [];
  for (let i = 0; i < 5; i++, code = Math.floor(code / 3)) marks.push(DIGIT_MARK[code % 3]!);
  return Object.freeze(marks) as unknown as Score;
}

/** The pattern code 0-242 of five marks. */
export function encodePattern(marks: readonly Mark[]): number {
  if (!Array.isArray(marks) || marks.length !== 5) throw new TypeError(`a score must be an array of five marks; got ${describeValue(marks)}`);
  let code = 0;
  for (let i = 4; i >= 0; i--) {
    const digit = MARK_DIGIT[marks[i] as Mark] as number | undefined;
    if (digit === undefined || !Object.hasOwn(MARK_DIGIT, marks[i] as string)) {
      throw new TypeError(`a mark must be 'correct', 'present' or 'absent'; got ${describeValue(marks[i])} at position ${i + 1}`);
    }
    code = code * 3 + digit;
  }
  return code;
}

/** The emoji row of a score: 🟩 correct, 🟨 present, ⬜ absent. */
export function formatScore(marks: readonly Mark[]): string {
  encodePattern(marks); // validates
  return marks.map((mark) => EMOJI[mark]).join('');
}

const NOTATION: Record<string, Mark> = {
  '🟩': 'correct',
  '🟨': 'present',
  '⬜': 'absent',
  '⬛': 'absent',
  '2': 'correct',
  '1': 'present',
  '0': 'absent',
  g: 'correct',
  y: 'present',
  '-': 'absent',
  '.': 'absent',
  b: 'absent',
  x: 'absent',
  w: 'absent',
};

/**
 * Parses five marks from feedback text: emoji (🟩 🟨 ⬜ or ⬛), digits (2 correct, 1 present, 0 absent) or letters
 * (g correct, y present; b, x, w, '-' or '.' absent; any case). Surrounding blanks are ignored.
 */
export function parseScore(text: string): Score {
  if (typeof text !== 'string') throw new TypeError(`feedback must be a string; got ${describeValue(text)}`);
  const symbols = [...text.trim().replace(/\uFE0F/g, '')];
  const marks: Mark[] = [];
  for (const symbol of symbols) {
    const key = symbol.length === 1 ? symbol.toLowerCase() : symbol;
    const mark = Object.hasOwn(NOTATION, key) ? NOTATION[key] : undefined;
    if (mark === undefined) {
      throw new RangeError(
        `feedback must be five marks (🟩🟨⬜, 2/1/0 or g/y/-); got ${describeValue(text)} with ${describeValue(symbol)} in it`,
      );
    }
    marks.push(mark);
  }
  if (marks.length !== 5) {
    throw new RangeError(`feedback must be five marks (🟩🟨⬜, 2/1/0 or g/y/-); got ${describeValue(text)} with ${marks.length}`);
  }
  return Object.freeze(marks) as unknown as Score;
}
