// Validates Literate Wordle's Gherkin feature "Scoring guesses", and the post-mortem's bug (train/xenon).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PATTERNS,
  SOLVED_CODE,
  decodePattern,
  encodePattern,
  formatScore,
  parseScore,
  scoreCode,
  scoreGuess,
  type Mark,
} from '../src/index.js';
import { allWords, expectError, fuzzText, onlyOurErrors, prop, referenceEmoji, wordArb } from './reference.js';

const emoji = (guess: string, answer: string): string => formatScore(scoreGuess(guess, answer));

describe('Feature: Scoring guesses', () => {
  it('Scenario: Perfect guess gives perfect score', () => {
    expect(emoji('crane', 'crane')).toBe('🟩🟩🟩🟩🟩');
  });
  it('Scenario: No character in common', () => {
    expect(emoji('skill', 'brave')).toBe('⬜⬜⬜⬜⬜');
  });
  it('Scenario: Character in wrong place', () => {
    expect(emoji('skull', 'rebus')).toBe('🟨⬜🟨⬜⬜');
  });
  // Scenario Outline: Scoring guesses, | answer | guess | score |
  it.each([
    ['adage', 'adobe', '🟩🟩⬜⬜🟩'],
    ['serif', 'quiet', '⬜⬜🟨🟨⬜'],
    ['raise', 'radix', '🟩🟩⬜🟨⬜'],
    ['abbey', 'kebab', '⬜🟨🟩🟨🟨'],
    ['abbey', 'babes', '🟨🟨🟩🟩⬜'],
    ['abbey', 'abyss', '🟩🟩🟨⬜⬜'],
    ['abbey', 'algae', '🟩⬜⬜⬜🟨'],
    ['abbey', 'keeps', '⬜🟨⬜⬜⬜'],
    ['abbey', 'abate', '🟩🟩⬜⬜🟨'],
    ['train', 'xenon', '⬜⬜⬜⬜🟩'], // the reported bug: a single pass marks the first n yellow
  ])('Scenario Outline: answer %s, guess %s scores %s', (answer, guess, score) => {
    expect(emoji(guess, answer)).toBe(score);
  });

  it('agrees with the reference on every pair of words over a 3-letter alphabet (all repeat patterns of 3 letters)', () => {
    const words = allWords('abc');
    let checked = 0;
    for (const guess of words) {
      for (const answer of words) {
        const ours = emoji(guess, answer);
        if (ours !== referenceEmoji(guess, answer)) expect(`${guess}/${answer}: ${ours}`).toBe(referenceEmoji(guess, answer));
        checked++;
      }
    }
    expect(checked).toBe(243 * 243);
  });

  it('agrees with the reference on every guess over 4 letters against every answer over 4 letters, sampled by answer', () => {
    const words = allWords('abcd');
    // All 1,024 guesses against every 7th answer: every repeat pattern of the guess against 147 answers.
    for (let a = 0; a < words.length; a += 7) {
      for (const guess of words) {
        const answer = words[a]!;
        const ours = emoji(guess, answer);
        if (ours !== referenceEmoji(guess, answer)) expect(`${guess}/${answer}: ${ours}`).toBe(referenceEmoji(guess, answer));
      }
    }
  });

  prop([wordArb('abcdef'), wordArb('abcdef')])('agrees with the reference on random words over 6 letters', (guess, answer) => {
    expect(emoji(guess, answer)).toBe(referenceEmoji(guess, answer));
  });

  prop([wordArb(), wordArb()])('agrees with the reference on random words', (guess, answer) => {
    expect(emoji(guess, answer)).toBe(referenceEmoji(guess, answer));
  });

  prop([wordArb()])('a word scored against itself is all correct', (word) => {
    expect(scoreCode(word, word)).toBe(SOLVED_CODE);
  });

  it('folds case and trims, and refuses anything but five letters', () => {
    expect(emoji(' XENON ', 'Train')).toBe('⬜⬜⬜⬜🟩');
    expectError(() => scoreGuess('xeno', 'train'), RangeError, /guess must be five letters a-z; got 'xeno'/);
    expectError(() => scoreGuess('xenon', 'tr4in'), RangeError, /answer must be five letters a-z; got 'tr4in'/);
    expectError(() => scoreGuess(5 as unknown as string, 'train'), TypeError, /guess must be a string/);
  });
});

describe('pattern codes', () => {
  it('weighs position i by 3^i with absent 0, present 1, correct 2', () => {
    expect(scoreCode('xenon', 'train')).toBe(2 * 81);
    expect(encodePattern(['present', 'absent', 'absent', 'absent', 'absent'])).toBe(1);
    expect(decodePattern(242)).toEqual(['correct', 'correct', 'correct', 'correct', 'correct']);
    expect(PATTERNS).toBe(243);
  });

  prop([fc.integer({ min: 0, max: 242 })])('decode then encode is the identity', (code) => {
    expect(encodePattern(decodePattern(code))).toBe(code);
  });

  prop([fc.array(fc.constantFrom<Mark>('correct', 'present', 'absent'), { minLength: 5, maxLength: 5 })])(
    'encode then decode is the identity; format then parse too',
    (marks) => {
      expect(decodePattern(encodePattern(marks))).toEqual(marks);
      expect(parseScore(formatScore(marks))).toEqual(marks);
    },
  );

  it('refuses bad codes and marks', () => {
    expectError(() => decodePattern(243), RangeError, /integer from 0 to 242; got 243/);
    expectError(() => decodePattern(1.5), RangeError, /got 1.5/);
    expectError(() => encodePattern(['correct'] as Mark[]), TypeError, /five marks; got an array of 1/);
    expectError(() => encodePattern(['correct', 'present', 'absent', 'absent', 'green' as Mark]), TypeError, /'green' at position 5/);
    expectError(() => formatScore(['toString', 'a', 'b', 'c', 'd'] as unknown as Mark[]), TypeError, /a mark must be/);
  });
});

describe('parseScore', () => {
  it('reads emoji, digits and letters', () => {
    const marks: Mark[] = ['correct', 'absent', 'absent', 'present', 'absent'];
    for (const text of ['🟩⬜⬜🟨⬜', '🟩⬛⬛🟨⬛', '20010', 'g--y-', 'G..Y.', 'gbbyb', ' gxxyx ', '🟩️⬜⬜🟨⬜']) {
      expect(parseScore(text)).toEqual(marks);
    }
  });

  it('refuses other text with a message naming it', () => {
    expectError(() => parseScore('2001'), RangeError, /five marks .*got '2001' with 4/);
    expectError(() => parseScore('20013'), RangeError, /got '20013' with '3' in it/);
    expectError(() => parseScore(''), RangeError, /with 0/);
  });

  prop([fuzzText('gy-.bx012🟩🟨⬜ ')])('returns five marks or throws only our errors', (text) => {
    const marks = onlyOurErrors(() => parseScore(text));
    if (marks !== undefined) {
      expect(marks).toHaveLength(5);
      expect(parseScore(formatScore(marks))).toEqual(marks);
    }
  });
});
