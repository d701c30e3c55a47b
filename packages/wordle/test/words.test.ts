// Validates Literate Wordle's features "Pick an answer word" and "Checking a guess is a valid word", and the word lists.
import fc from 'fast-check';
import { below, seededWords } from '@puzzles/kit/random';
import { describe, expect, it } from 'vitest';
import {
  FIRST_DAY,
  REASONS,
  allowedGuesses as originalGuesses,
  answerForDate,
  answerForDay,
  answers as originalAnswers,
  checkValidWord,
  createWordList,
  dayNumber,
  originalWords,
  pickAnswer,
} from '../src/index.js';
import { expectError, fuzzText, onlyOurErrors, prop } from './reference.js';

const answers = originalAnswers();
const allowedGuesses = originalGuesses();

describe('the original word lists', () => {
  it('builds the lists on first use and hands out the same frozen arrays every time', () => {
    expect(originalAnswers()).toBe(originalAnswers());
    expect(originalAnswers()).toBe(originalWords().answers);
    expect(originalGuesses()).toBe(originalWords().guesses);
  });

  it('has 2,315 answers in daily order and 12,972 allowed guesses, answers first', () => {
    expect(answers).toHaveLength(2315);
    expect(allowedGuesses).toHaveLength(12972);
    expect(answers.slice(0, 5)).toEqual(['cigar', 'rebut', 'sissy', 'humph', 'awake']);
    expect(allowedGuesses.slice(0, 2315)).toEqual(answers);
    expect(allowedGuesses).toContain('salet');
    expect(answers).not.toContain('salet');
  });

  it('is clean: five lowercase letters each, no blanks (the CRLF bug of Literate Wordle), no duplicates', () => {
    for (const word of allowedGuesses) expect(word).toMatch(/^[a-z]{5}$/);
    expect(new Set(allowedGuesses).size).toBe(12972);
    expect(checkValidWord('').valid).toBe(false);
  });

  it('indexes words', () => {
    const words = originalWords();
    expect(words.indexOf('cigar')).toBe(0);
    expect(words.indexOf('rebut')).toBe(1);
    expect(words.indexOf('salet')).toBeGreaterThanOrEqual(2315);
    expect(words.indexOf('vbpdj')).toBeUndefined();
    expect(words.has('crane')).toBe(true);
    expect(Object.isFrozen(answers)).toBe(true);
  });
});

describe('Feature: Checking a guess is a valid word', () => {
  it('Scenario: Reject long words', () => {
    expect(checkValidWord('affable')).toEqual({ valid: false, reason: 'Guess too long' });
  });
  it('Scenario: Reject short words', () => {
    expect(checkValidWord('baby')).toEqual({ valid: false, reason: 'Guess too short' });
  });
  it('Scenario: Reject fake words via dictionary', () => {
    expect(checkValidWord('vbpdj')).toEqual({ valid: false, reason: 'Not a word from the dictionary' });
  });
  it('Scenario: Accept five letter dictionary words', () => {
    expect(checkValidWord('crane')).toEqual({ valid: true, word: 'crane' });
  });
  it('trims and folds case, and rejects non-letters with a reason', () => {
    expect(checkValidWord('  CRANE\r')).toEqual({ valid: true, word: 'crane' });
    expect(checkValidWord('cr4ne')).toEqual({ valid: false, reason: REASONS.letters });
    expect(checkValidWord('crâne')).toEqual({ valid: false, reason: REASONS.letters });
    expect(checkValidWord('cr ne')).toEqual({ valid: false, reason: REASONS.letters });
    expect(checkValidWord('')).toEqual({ valid: false, reason: REASONS.short });
    expectError(() => checkValidWord(undefined as unknown as string), TypeError, /a guess must be a string; got undefined/);
  });
  it('checks against your own list', () => {
    const words = createWordList({ answers: ['abcde'] });
    expect(checkValidWord('abcde', words).valid).toBe(true);
    expect(checkValidWord('crane', words)).toEqual({ valid: false, reason: REASONS.unknown });
  });
  prop([fuzzText('abcdeCRANE 1')])('gives a valid word or one of its reasons for any text', (text) => {
    const result = checkValidWord(text);
    if (result.valid) expect(allowedGuesses).toContain(result.word);
    else expect(Object.values(REASONS)).toContain(result.reason);
  });
});

describe('createWordList', () => {
  it('puts the answers first and adds the other guesses once', () => {
    const words = createWordList({ answers: ['hello', 'world'], guesses: ['crane', 'world', 'salet'] });
    expect(words.answers).toEqual(['hello', 'world']);
    expect(words.guesses).toEqual(['hello', 'world', 'crane', 'salet']);
    expect(words.indexOf('salet')).toBe(3);
  });
  it('refuses bad lists with a message naming the word', () => {
    expectError(() => createWordList({ answers: ['hello', 'Hello'] }), RangeError, /answers\[1\] must be five lowercase letters a-z; got 'Hello'/);
    expectError(() => createWordList({ answers: ['hello', 'hello'] }), RangeError, /answers\[1\] 'hello' is in the list twice/);
    expectError(() => createWordList({ answers: ['hello'], guesses: ['abc'] }), RangeError, /guesses\[0\]/);
    expectError(() => createWordList({ answers: [] }), RangeError, /at least one word/);
    expectError(() => createWordList({ answers: 'hello' as unknown as string[] }), TypeError, /answers must be an array/);
    expectError(() => createWordList(null as never), TypeError, /options of createWordList must be an object/);
  });
  prop([fc.array(fuzzText('abcde'), { maxLength: 6 })])('builds a list or throws only our errors', (list) => {
    const words = onlyOurErrors(() => createWordList({ answers: list }));
    if (words) expect(words.answers).toEqual(list);
  });
});

describe('Feature: Pick an answer word', () => {
  it('picks a five-letter answer of the list', () => {
    const word = pickAnswer();
    expect(word).toHaveLength(5);
    expect(answers).toContain(word);
  });
  it('is reproducible with a seed, and seeds differ', () => {
    expect(pickAnswer({ seed: 42 })).toBe(pickAnswer({ seed: 42 }));
    expect(pickAnswer({ seed: 'hello' })).toBe(pickAnswer({ seed: 'hello' }));
    // A number, a bigint and a string of the same digits are the same seed.
    expect(pickAnswer({ seed: 7n })).toBe(pickAnswer({ seed: 7 }));
    expect(pickAnswer({ seed: '7' })).toBe(pickAnswer({ seed: 7 }));
    const picks = new Set(Array.from({ length: 50 }, (_, i) => pickAnswer({ seed: i })));
    expect(picks.size).toBeGreaterThan(40);
    for (const pick of picks) expect(answers).toContain(pick);
  });
  it("draws from the family's one seeded generator, so a seed means the same in every package", () => {
    for (const seed of [0, 42, 'hello', 2n ** 70n]) expect(pickAnswer({ seed })).toBe(answers[below(seededWords(seed), answers.length)]);
  });
  it('uses an injected random source: the same numbers give the same answer', () => {
    expect(pickAnswer({ random: () => 0 })).toBe('cigar');
    const numbers = (): (() => number) => {
      let i = 0;
      return () => [0.25, 0.5, 0.75][i++ % 3]!;
    };
    expect(pickAnswer({ random: numbers() })).toBe(pickAnswer({ random: numbers() }));
    const words = createWordList({ answers: ['abcde', 'fghij', 'klmno'] });
    const seen = new Set(Array.from({ length: 60 }, (_, i) => pickAnswer({ random: () => i / 60, words })));
    expect([...seen].sort()).toEqual(['abcde', 'fghij', 'klmno']);
  });
  it('refuses bad seeds and sources', () => {
    expectError(() => pickAnswer({ seed: Number.NaN }), TypeError, /seed must be a finite number, a bigint or a string; got NaN/);
    expectError(() => pickAnswer({ random: () => 1 }), RangeError, /random\(\) must return a number in \[0, 1\); got 1/);
    expectError(() => pickAnswer({ random: 3 as unknown as () => number }), TypeError, /random must be a function/);
  });
});

describe('answerForDate and dayNumber', () => {
  it('day 0 is 2021-06-19, cigar', () => {
    expect(FIRST_DAY).toBe('2021-06-19');
    expect(dayNumber('2021-06-19')).toBe(0);
    expect(answerForDate('2021-06-19')).toBe('cigar');
    expect(answerForDate('2021-06-20')).toBe('rebut');
    expect(dayNumber('2022-01-01')).toBe(196);
    expect(answerForDay(196)).toBe(answers[196]);
  });
  it('counts a Date by its local calendar date, whatever the hour (time zone rule)', () => {
    expect(answerForDate(new Date(2021, 5, 19, 0, 0, 1))).toBe('cigar');
    expect(answerForDate(new Date(2021, 5, 19, 23, 59, 59))).toBe('cigar');
    expect(dayNumber(new Date(2021, 5, 20, 0, 0, 0))).toBe(1);
    // Across a daylight saving change (March, local time) days stay whole.
    expect(dayNumber(new Date(2022, 2, 28, 12)) - dayNumber(new Date(2022, 2, 26, 12))).toBe(2);
  });
  it('wraps around after the last day of the list', () => {
    expect(answerForDay(2314)).toBe(answers[2314]);
    expect(answerForDay(2315)).toBe('cigar');
    expect(dayNumber('2027-10-20')).toBe(2314);
    expect(answerForDate('2027-10-21')).toBe('cigar');
  });
  it('refuses dates before day 0 and malformed dates', () => {
    expectError(() => answerForDate('2021-06-18'), RangeError, /Wordle starts on 2021-06-19 \(day 0, cigar\); got '2021-06-18', 1 day\(s\) before/);
    expectError(() => dayNumber('2021-02-30'), RangeError, /calendar date YYYY-MM-DD; got '2021-02-30'/);
    expectError(() => dayNumber(new Date(Number.NaN)), RangeError, /invalid Date/);
    expectError(() => dayNumber(20210619 as unknown as string), TypeError, /got 20210619/);
    expectError(() => answerForDay(-1), RangeError, /day must be an integer ≥ 0; got -1/);
  });
  prop([fc.date({ min: new Date(2021, 5, 19), max: new Date(2100, 0, 1), noInvalidDate: true })])(
    'a Date and its local YYYY-MM-DD give the same day',
    (date) => {
      const text = `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
      expect(dayNumber(date)).toBe(dayNumber(text));
      expect(answerForDate(date)).toBe(answers[dayNumber(text) % 2315]);
    },
  );
  it('reads years before 100 as they are written (not as 19xx), so they are refused as before day 0', () => {
    // Review regression: '0099-01-01' was read as 1999 by Date.UTC and called "not a calendar date".
    expectError(() => dayNumber('0099-01-01'), RangeError, /Wordle starts on 2021-06-19 \(day 0, cigar\); got '0099-01-01'/);
    expectError(() => dayNumber('0000-02-29'), RangeError, /Wordle starts on 2021-06-19/);
    expectError(() => dayNumber('0099-02-29'), RangeError, /must be a calendar date YYYY-MM-DD/); // 99 is not a leap year, 1999 neither; 0096 is
    expectError(() => dayNumber('0096-02-29'), RangeError, /Wordle starts on/);
  });

  it('refuses a word list that is not one with our own message', () => {
    expectError(() => checkValidWord('crane', null as never), TypeError, /words must be a word list from createWordList or originalWords\(\); got null/);
    expectError(() => pickAnswer({ words: {} as never }), TypeError, /words must be a word list/);
    expectError(() => answerForDay(0, [] as never), TypeError, /words must be a word list from createWordList or originalWords\(\); got an array of 0/);
  });

  prop([fuzzText('0123456789-')])('parses any text to a day or throws only our errors', (text) => {
    const day = onlyOurErrors(() => dayNumber(text));
    if (day !== undefined) expect(Number.isInteger(day) && day >= 0).toBe(true);
  });
});
