import { describe, expect, it } from 'vitest';
import { allowedGuesses as originalGuesses, answers as originalAnswers, buildPatternMatrix, createWordList, decodePattern, patternMatrix, scoreCode } from '../src/index.js';
import { allWords, referenceScore } from './reference.js';

const answers = originalAnswers();
const allowedGuesses = originalGuesses();

const toReference = (code: number): string =>
  decodePattern(code)
    .map((m) => (m === 'correct' ? 'G' : m === 'present' ? 'Y' : '.'))
    .join('');

describe('the pattern matrix', () => {
  it('scores every guess against every answer like the reference, on a list with every repeat pattern of 3 letters', () => {
    const words = allWords('abc');
    const list = createWordList({ answers: words.filter((_, i) => i % 2 === 0), guesses: words });
    const m = buildPatternMatrix(list);
    expect(m.guessCount).toBe(243);
    expect(m.answerCount).toBe(122);
    for (let g = 0; g < m.guessCount; g++) {
      for (let a = 0; a < m.answerCount; a++) {
        const ours = toReference(m.codes[g * m.answerCount + a]!);
        const expected = referenceScore(list.guesses[g]!, list.answers[a]!);
        if (ours !== expected) expect(`${list.guesses[g]}/${list.answers[a]}: ${ours}`).toBe(expected);
      }
    }
  });

  it('is 12,972 × 2,315 bytes for the original lists, built once, and agrees with scoreCode on a sample', () => {
    const m = patternMatrix();
    expect(patternMatrix()).toBe(m);
    expect(m.codes).toHaveLength(12972 * 2315);
    for (let k = 0; k < 20000; k++) {
      const g = (k * 7919) % m.guessCount;
      const a = (k * 104729) % m.answerCount;
      if (m.codes[g * m.answerCount + a] !== scoreCode(allowedGuesses[g]!, answers[a]!)) {
        expect(`${allowedGuesses[g]}/${answers[a]}`).toBe('scored the same');
      }
    }
    // The train/xenon bug case, and a solved row.
    const xenon = allowedGuesses.indexOf('xenon');
    const train = answers.indexOf('train');
    expect(decodePattern(m.codes[xenon * m.answerCount + train]!)).toEqual(['absent', 'absent', 'absent', 'absent', 'correct']);
    expect(m.codes[train * m.answerCount + train]).toBe(242);
  });
});
