import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeToIndex, decodeScore, encodeScore, formatCode, indexToCode, parseCode, score, scoreCodes } from '../src/index.js';
import { LETTERS, expectError, fuzzText, naiveScore, onlyOurErrors, prop, sizedPair } from './reference.js';

const letters = (code: number[]) => code.map((c) => LETTERS[c]).join('');

describe('score', () => {
  it("reproduces the published checks (digits as the sources write them, 1 = a)", () => {
    const checks: Array<[string, string, number, number]> = [
      ['abfb', 'ebaa', 1, 1],
      ['1234', '5555', 0, 0],
      ['1234', '2201', 1, 1],
      ['1234', '3402', 0, 3],
      ['1234', '4213', 1, 3],
      ['1234', '4321', 0, 4],
      ['5512', '1122', 1, 1],
      ['5512', '1134', 0, 1],
      ['5512', '6242', 1, 0],
      ['AABB', 'BBAB', 1, 2],
    ];
    for (const [secret, guess, black, white] of checks) expect(score(secret, guess), `${secret} ${guess}`).toEqual({ black, white });
  });

  it("scores the Mastermind design essay's sessions", () => {
    expect(score('baee', 'bbcc')).toEqual({ black: 1, white: 0 });
    expect(score('baee', 'ddee')).toEqual({ black: 2, white: 0 });
    expect(score('baee', 'ddcf')).toEqual({ black: 0, white: 0 });
    expect(score('cfee', 'eeff')).toEqual({ black: 0, white: 3 });
    expect(score('fcaf', 'cffa')).toEqual({ black: 0, white: 4 });
  });

  it('reads digits and letters the same way (1 = a, 0 = j)', () => {
    expect(parseCode('1234')).toEqual([0, 1, 2, 3]);
    expect(parseCode('1290', { colors: 10 })).toEqual([0, 1, 8, 9]);
    expect(score('1234', '2201')).toEqual(score('abcd', 'bbja'));
  });

  prop([sizedPair])('agrees with a naive string scorer on random codes of random sizes', ([, , a, b]) => {
    const [black, white] = naiveScore(letters(a), letters(b));
    expect(scoreCodes(a, b)).toEqual({ black, white });
    expect(score(letters(a), letters(b))).toEqual({ black, white });
  });

  prop([sizedPair])('is symmetric, and black + white <= pegs', ([pegs, , a, b]) => {
    const s = scoreCodes(a, b);
    expect(scoreCodes(b, a)).toEqual(s);
    expect(s.black + s.white).toBeLessThanOrEqual(pegs);
    expect(s.black).toBeGreaterThanOrEqual(0);
    expect(s.white).toBeGreaterThanOrEqual(0);
    expect(scoreCodes(a, a)).toEqual({ black: pegs, white: 0 });
  });

  // The spec of score's defaults written with the parser: pegs from the secret, 10 colors for digits, 26 for letters.
  const parsedScore = (secret: string, guess: string, size?: { pegs?: number; colors?: number; repeats?: boolean }) => {
    const digits = /^\s*[0-9]+\s*$/.test(secret) && /^\s*[0-9]+\s*$/.test(guess);
    const resolved = { pegs: size?.pegs ?? [...secret.trim()].length, colors: size?.colors ?? (digits ? 10 : 26), repeats: size?.repeats ?? true };
    return scoreCodes(parseCode(secret, resolved), parseCode(guess, resolved));
  };
  const outcome = (fn: () => unknown) => {
    try {
      return { value: fn() };
    } catch (error) {
      return { error: `${(error as Error).constructor.name}: ${(error as Error).message}` };
    }
  };
  const sizeArb = fc.option(
    fc.record(
      { pegs: fc.integer({ min: 0, max: 11 }), colors: fc.integer({ min: 0, max: 27 }), repeats: fc.boolean() },
      { requiredKeys: [] },
    ),
    { nil: undefined },
  );
  prop([fuzzText('abcfAZ0129 é'), fuzzText('abcfAZ0129 é'), sizeArb])(
    'on strings gives what parsing both codes gives, or the same error',
    (secret, guess, size) => {
      expect(outcome(() => score(secret, guess, size))).toEqual(outcome(() => parsedScore(secret, guess, size)));
    },
  );
  const codeText = fc.string({ unit: fc.constantFrom(...'abcdefABCDEF123456'), minLength: 4, maxLength: 4 });
  prop([codeText, codeText, fc.boolean()])('on plain codes of one notation agrees with the parser', (secret, guess, sized) => {
    const size = sized ? { pegs: 4, colors: 6 } : undefined;
    expect(outcome(() => score(secret, guess, size))).toEqual(outcome(() => parsedScore(secret, guess, size)));
  });

  it('reads any case, either notation per code when colors are given, and checks the size every time', () => {
    expect(score('AbCd', 'abcd')).toEqual({ black: 4, white: 0 });
    expect(score('1234', 'dcba', { colors: 6 })).toEqual({ black: 0, white: 4 });
    expect(score('abcd', 'bcda', { pegs: 4, colors: 6 })).toEqual({ black: 0, white: 4 });
    expectError(() => score('abcd', 'abca', { pegs: 4, colors: 6, repeats: false }), RangeError, /'abca' repeats the color 'a'/);
    expectError(() => score('abcg', 'abcd', { pegs: 4, colors: 6 }), RangeError, /unknown color 'g' at position 4/);
    expectError(() => score('abcd', 'abcd', { colors: 27 }), RangeError, /colors must be an integer from 1 to 26; got 27/);
    expectError(() => score('1234', '1234', { colors: 12 }), RangeError, /unknown color '1' at position 1/);
    expectError(() => score('abcd', 'abcd', 4 as unknown as object), TypeError, /options of score must be an object; got 4/);
    expectError(() => score('abcdefghijk', 'abcdefghijk'), RangeError, /pegs must be an integer from 1 to 10; got 11/);
    expectError(() => score('', ''), RangeError, /pegs must be an integer from 1 to 10; got 0/);
    expect(score(' abcd ', 'ABCD')).toEqual({ black: 4, white: 0 });
  });

  it('rejects codes of different lengths and non-strings', () => {
    expectError(() => score('abcd', 'abc'), RangeError, /'abc' has 3 pegs; expected 4 pegs/);
    expectError(() => scoreCodes([0, 1], [0]), RangeError, /2 pegs and the guess 1/);
    expectError(() => score(1234 as unknown as string, 'abcd'), TypeError, /secret must be a string/);
    expectError(() => score('abcd', 'ab1d'), RangeError, /mixes letters and digits/);
  });
});

describe('encodeScore / decodeScore', () => {
  prop([fc.integer({ min: 1, max: 10 }).chain((pegs) => fc.tuple(fc.constant(pegs), fc.integer({ min: 0, max: pegs })).chain(([p, black]) => fc.tuple(fc.constant(p), fc.constant(black), fc.integer({ min: 0, max: p - black }))))])(
    'round-trip black × (pegs + 1) + white',
    ([pegs, black, white]) => {
      const encoded = encodeScore(black, white, pegs);
      expect(encoded).toBe(black * (pegs + 1) + white);
      expect(decodeScore(encoded, pegs)).toEqual({ black, white });
    },
  );

  it('rejects impossible scores', () => {
    expectError(() => encodeScore(3, 2, 4), RangeError, /black \+ white <= 4; got 3 2/);
    expectError(() => decodeScore(24, 4), RangeError, /got 24/);
    expectError(() => decodeScore(1.5, 4), RangeError, /got 1.5/);
    expectError(() => encodeScore(1, 1, 0), RangeError, /pegs must be a positive integer; got 0/);
  });
});

describe('parseCode / formatCode / codeToIndex / indexToCode', () => {
  const sized = fc
    .record({ pegs: fc.integer({ min: 1, max: 8 }), colors: fc.integer({ min: 1, max: 26 }) })
    .chain(({ pegs, colors }) =>
      fc.tuple(fc.constant(pegs), fc.constant(colors), fc.array(fc.integer({ min: 0, max: colors - 1 }), { minLength: pegs, maxLength: pegs })),
    );
  prop([sized])('round-trip letters and indices', ([pegs, colors, code]) => {
    const text = formatCode(code);
    expect(parseCode(text, { pegs, colors })).toEqual(code);
    expect(parseCode(text.toUpperCase(), { pegs, colors })).toEqual(code);
    const index = codeToIndex(code, colors);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(index).toBeLessThan(colors ** pegs);
    expect(indexToCode(index, pegs, colors)).toEqual(code);
  });

  it('orders codes aaaa, aaab, … (the first peg is the most significant)', () => {
    expect(codeToIndex(parseCode('aaab'), 6)).toBe(1);
    expect(codeToIndex(parseCode('baaa'), 6)).toBe(216);
    expect(formatCode(indexToCode(1295, 4, 6))).toBe('ffff');
  });

  it('codeToIndex and indexToCode refuse what is not a code or a code number instead of a wrong answer', () => {
    expectError(() => codeToIndex([0, 7], 6), RangeError, /a color of 6 colors must be an integer from 0 to 5; got 7/);
    expectError(() => codeToIndex([0, 1.5], 6), RangeError, /got 1.5/);
    expectError(() => codeToIndex('ab' as never, 6), TypeError, /a code must be an array of color numbers; got 'ab'/);
    expectError(() => codeToIndex([], 6), RangeError, /a code must have 1 to 10 pegs; got 0/);
    expectError(() => codeToIndex([0, 1], 0), RangeError, /colors must be an integer from 1 to 26; got 0/);
    expectError(() => codeToIndex([0, 1], undefined as never), TypeError, /colors must be an integer from 1 to 26; got undefined/);
    expectError(() => indexToCode(-1, 4, 6), RangeError, /must be an integer from 0 to 1295; got -1/);
    expectError(() => indexToCode(1296, 4, 6), RangeError, /got 1296/);
    expectError(() => indexToCode(Number.NaN, 4, 6), RangeError, /got NaN/);
    expectError(() => indexToCode('1' as never, 4, 6), TypeError, /index must be an integer from 0 to 1295; got '1'/);
    expectError(() => indexToCode(1, 1e9, 6), RangeError, /pegs must be an integer from 1 to 10; got 1000000000/);
    expectError(() => indexToCode(1, 4, 27), RangeError, /colors must be an integer from 1 to 26; got 27/);
    expect(indexToCode(codeToIndex([25, 0, 25, 0, 25, 0, 25, 0, 25, 0], 26), 10, 26)).toEqual([25, 0, 25, 0, 25, 0, 25, 0, 25, 0]);
  });

  it('names the problem with a bad code', () => {
    expectError(() => parseCode('abc'), RangeError, /code 'abc' has 3 pegs; expected 4 pegs, letters a-f or digits 1-6/);
    expectError(() => parseCode('abcg'), RangeError, /unknown color 'g' at position 4/);
    expectError(() => parseCode('1237'), RangeError, /unknown color '7' at position 4/);
    expectError(() => parseCode('abca', { colors: 10, repeats: false }), RangeError, /repeats the color 'a'; this game allows no repeated colors/);
    expectError(() => parseCode('abcd', { pegs: 0 }), RangeError, /pegs must be an integer from 1 to 10; got 0/);
    expectError(() => parseCode('abcd', { colors: 27 }), RangeError, /colors must be an integer from 1 to 26; got 27/);
    expectError(() => parseCode('abcd', { pegs: 5, colors: 4, repeats: false }), RangeError, /needs at least 5 colors; got 4/);
    expectError(() => formatCode([0, 26]), RangeError, /from 0 to 25; got 26/);
  });

  prop([fuzzText('abcdefg1234567 ')])('parseCode returns a valid code or throws only our errors', (text) => {
    const code = onlyOurErrors(() => parseCode(text));
    if (code !== undefined) {
      expect(code).toHaveLength(4);
      for (const c of code) expect(c >= 0 && c < 6).toBe(true);
      expect(formatCode(code)).toBe(text.trim().toLowerCase().replace(/[1-6]/g, (d) => LETTERS[Number(d) - 1]!));
    }
  });
});
