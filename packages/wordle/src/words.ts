import { describeValue, optionsOf } from './errors.js';
import { below, wordSource } from '@puzzles/kit/random';
import { ANSWERS, OTHER_GUESSES } from './words.generated.js';

/**
 * A pair of word lists: the possible answers (in daily order) and every allowed guess. `guesses` starts with the
 * answers, in the same order, so answer i is guess i; the other allowed guesses follow.
 */
export interface WordList {
  /** The list's name (`original`, `nyt-2023-07-01`, … or the one given to `createWordList`), used in messages. */
  readonly name?: string;
  readonly answers: readonly string[];
  readonly guesses: readonly string[];
  /** Index of a word in `guesses` (and, below `answers.length`, in `answers`), or undefined. */
  indexOf(word: string): number | undefined;
  /** Whether a (normalised) word is an allowed guess. */
  has(word: string): boolean;
}

/** Input of `createWordList`: answers, and allowed guesses that may or may not repeat the answers. */
export interface WordListInput {
  /** A name for messages (`… is not an allowed guess of NAME`); `custom` unless told. */
  readonly name?: string;
  readonly answers: readonly string[];
  readonly guesses?: readonly string[];
}

class Words implements WordList {
  readonly name: string;
  readonly answers: readonly string[];
  readonly guesses: readonly string[];
  readonly #index: Map<string, number>;

  constructor(answers: string[], guesses: string[], name: string) {
    this.name = name;
    this.answers = Object.freeze(answers);
    this.guesses = Object.freeze(guesses);
    this.#index = new Map(guesses.map((word, i) => [word, i]));
  }

  indexOf(word: string): number | undefined {
    return this.#index.get(word);
  }

  has(word: string): boolean {
    return this.#index.has(word);
  }
}

/** The word list argument of a call, checked: a `WordList` (from `createWordList` or `originalWords`). @internal */
export function wordListOf(value: unknown): WordList {
  if (value instanceof Words) return value;
  const list = value as Partial<WordList> | null;
  if (
    typeof list === 'object' &&
    list !== null &&
    !Array.isArray(list) &&
    Array.isArray(list.answers) &&
    Array.isArray(list.guesses) &&
    typeof list.has === 'function' &&
    typeof list.indexOf === 'function'
  ) {
    return list as WordList;
  }
  throw new TypeError(`words must be a word list from createWordList or originalWords(); got ${describeValue(value)}`);
}

/** A named list from checked words: `guesses` must start with the answers in the same order. @internal */
export function namedWordList(name: string, answers: string[], guesses: string[]): WordList {
  return new Words(answers, guesses, name);
}

/** The words of a string of five-letter words, concatenated. @internal */
export function split(text: string): string[] {
  const words: string[] = [];
  for (let i = 0; i < text.length; i += 5) words.push(text.slice(i, i + 5));
  return words;
}

let original: WordList | undefined;

/** The original Wordle lists: 2,315 answers in daily order (day 0 = 2021-06-19 = cigar) and 12,972 allowed guesses. */
export function originalWords(): WordList {
  original ??= new Words(split(ANSWERS), split(ANSWERS + OTHER_GUESSES), 'original');
  return original;
}

/** The 2,315 original answers in daily order, from "cigar" (2021-06-19): `originalWords().answers`, built on first use. */
export function answers(): readonly string[] {
  return originalWords().answers;
}

/** The 12,972 original allowed guesses, the 2,315 answers first, then the 10,657 other words; built on first use. */
export function allowedGuesses(): readonly string[] {
  return originalWords().guesses;
}

/**
 * Your own word lists, validated: every word five lowercase letters a-z, no word twice in a list, at least one answer.
 * Every answer is an allowed guess: `guesses` may repeat the answers or leave them out.
 */
export function createWordList(input: WordListInput): WordList {
  const options = optionsOf(input, 'createWordList');
  const check = (list: unknown, name: string): string[] => {
    if (!Array.isArray(list)) throw new TypeError(`${name} must be an array of words; got ${describeValue(list)}`);
    const seen = new Set<string>();
    list.forEach((word: unknown, i) => {
      if (typeof word !== 'string' || !/^[a-z]{5}$/.test(word)) {
        throw new RangeError(`${name}[${i}] must be five lowercase letters a-z; got ${describeValue(word)}`);
      }
      if (seen.has(word)) throw new RangeError(`${name}[${i}] ${describeValue(word)} is in the list twice`);
      seen.add(word);
    });
    return [...(list as string[])];
  };
  const answerList = check(options.answers, 'answers');
  if (answerList.length === 0) throw new RangeError('answers must hold at least one word; got an empty list');
  if (answerList.length > 65535) throw new RangeError(`answers may hold at most 65,535 words; got ${answerList.length}`);
  const guessList = options.guesses === undefined ? [] : check(options.guesses, 'guesses');
  const isAnswer = new Set(answerList);
  let name = 'custom';
  if (options.name !== undefined) {
    if (typeof options.name !== 'string' || options.name.trim() === '') throw new TypeError(`name must be a non-empty string; got ${describeValue(options.name)}`);
    name = options.name;
  }
  return new Words(answerList, [...answerList, ...guessList.filter((word) => !isAnswer.has(word))], name);
}

/** The result of `checkValidWord`: the normalised word, or the reason it is not a valid guess. */
export type WordCheck = { readonly valid: true; readonly word: string } | { readonly valid: false; readonly reason: string };

/** The reasons `checkValidWord` gives. */
export const REASONS = Object.freeze({
  letters: 'Guess must only use the letters A to Z',
  short: 'Guess too short',
  long: 'Guess too long',
  unknown: 'Not a word from the dictionary',
});

/** Checks a guess (trimmed, A-Z folded to a-z): letters only, five of them, and an allowed guess of the list. */
export function checkValidWord(guess: string, words: WordList = originalWords()): WordCheck {
  if (typeof guess !== 'string') throw new TypeError(`a guess must be a string; got ${describeValue(guess)}`);
  const list = wordListOf(words);
  const word = guess.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());
  if (/[^a-z]/.test(word)) return { valid: false, reason: REASONS.letters };
  if (word.length < 5) return { valid: false, reason: REASONS.short };
  if (word.length > 5) return { valid: false, reason: REASONS.long };
  if (!list.has(word)) return { valid: false, reason: REASONS.unknown };
  return { valid: true, word };
}

/** Options for anything random: a `seed` for reproducible results, or your own `random`; crypto-random otherwise. */
export interface RandomOptions {
  /** Any finite number, bigint or string: the same seed gives the same result on every platform. */
  readonly seed?: number | bigint | string;
  /** A source of uniform numbers in [0, 1), such as `Math.random`; used when no seed is given. */
  readonly random?: () => number;
}

/** Options of `pickAnswer`: a seed or random source, and the word lists to pick from. */
export interface PickOptions extends RandomOptions {
  readonly words?: WordList;
}

/** A uniformly random answer; reproducible with `seed` (same seed, same word) or an injected `random`. */
export function pickAnswer(pickOptions?: PickOptions): string {
  const options = optionsOf(pickOptions, 'pickAnswer');
  const list = (options.words === undefined ? originalWords() : wordListOf(options.words)).answers;
  return list[below(wordSource(options), list.length)]!;
}

/** Day 0 of Wordle: 2021-06-19, the day of "cigar". */
export const FIRST_DAY = '2021-06-19';
const FIRST_DAY_UTC = Date.UTC(2021, 5, 19);

/**
 * The Wordle day number of a date: 0 for 2021-06-19. A `Date` counts by its LOCAL calendar date (as the game does
 * for its player); a 'YYYY-MM-DD' string is that calendar date. Dates before day 0 are a RangeError.
 */
export function dayNumber(date: Date | string): number {
  let utc: number;
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) throw new RangeError('date must be a valid Date; got an invalid Date');
    utc = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  } else if (typeof date === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
    const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
    // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
    const check = new Date(0);
    check.setUTCFullYear(y, m - 1, d);
    utc = check.getTime();
    if (!match || check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) {
      throw new RangeError(`date must be a calendar date YYYY-MM-DD; got ${describeValue(date)}`);
    }
  } else {
    throw new TypeError(`date must be a Date or a 'YYYY-MM-DD' string; got ${describeValue(date)}`);
  }
  const day = Math.round((utc - FIRST_DAY_UTC) / 86_400_000);
  if (day < 0) throw new RangeError(`Wordle starts on ${FIRST_DAY} (day 0, cigar); got ${date instanceof Date ? `${formatDate(utc)} (a Date)` : describeValue(date)}, ${-day} day(s) before`);
  return day;
}

/** A UTC day as 'YYYY-MM-DD'. */
function formatDate(utc: number): string {
  return new Date(utc).toISOString().slice(0, 10);
}

/** The answer of the day: answers[day mod answers.length] (the list wraps around after its last day). */
export function answerForDay(day: number, words: WordList = originalWords()): string {
  if (!Number.isSafeInteger(day) || day < 0) throw new RangeError(`day must be an integer ≥ 0; got ${describeValue(day)}`);
  const list = wordListOf(words).answers;
  return list[day % list.length]!;
}

/** The answer for a date (see `dayNumber` for the time zone rule): cigar on 2021-06-19, wrapping after the list ends. */
export function answerForDate(date: Date | string, words: WordList = originalWords()): string {
  return answerForDay(dayNumber(date), words);
}
