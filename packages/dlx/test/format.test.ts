import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Problem, count, defineProblem, formatDlx, parseDlx } from '../src/index.js';
import { expectError, fuzzText, onlyOurErrors, prop, smallProblemArb } from './reference.js';

const KNUTH_DLX1 = `| This is Knuth's example from the DLX paper
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
`;

const KNUTH_DLX2 = `| A colored example (Algorithm C)
p q r | x y
p q x y:A
p r x:A y
p x:B
q x:A
r y:B
`;

describe('parseDlx', () => {
  it("reads Knuth's DLX1 example", () => {
    const problem = parseDlx(KNUTH_DLX1);
    expect(problem.primary).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(problem.secondary).toEqual([]);
    expect(problem.options).toEqual([['c', 'e'], ['a', 'd', 'g'], ['b', 'c', 'f'], ['a', 'd', 'f'], ['b', 'g'], ['d', 'e', 'g']]);
    expect(count(problem).solutions).toBe(1);
  });

  it("reads Knuth's DLX2 format with secondary items and colors", () => {
    const problem = parseDlx(KNUTH_DLX2);
    expect(problem.primary).toEqual(['p', 'q', 'r']);
    expect(problem.secondary).toEqual(['x', 'y']);
    expect(problem.options[0]).toEqual(['p', 'q', 'x', 'y:A']);
    expect(count(problem).solutions).toBe(1);
  });

  it('skips comments and blank lines, takes CRLF, ignores text after | on an option line', () => {
    const problem = parseDlx('\r\n| items next\r\n  a b  |  c \r\n\r\na b | first option\r\n|comment\r\n b c\r\n');
    expect(problem.primary).toEqual(['a', 'b']);
    expect(problem.secondary).toEqual(['c']);
    expect(problem.options).toEqual([['a', 'b'], ['b', 'c']]);
  });

  it('names the line and the fault', () => {
    expectError(() => parseDlx(''), RangeError, /no item line/);
    expectError(() => parseDlx('| only a comment\n'), RangeError, /no item line/);
    expectError(() => parseDlx('a b\na c\n'), RangeError, /line 2: unknown item 'c' in option 'a c'/);
    expectError(() => parseDlx('a b\n\na a\n'), RangeError, /line 3: item 'a' appears twice/);
    expectError(() => parseDlx('a | x\na:red\n'), RangeError, /line 2: primary item 'a' cannot have a color/);
    expectError(() => parseDlx('a | x\na x:\n'), RangeError, /line 2: bad color in 'x:'/);
    expectError(() => parseDlx('a | x | y\n'), RangeError, /line 1: the item line has more than one '\|'/);
    expectError(() => parseDlx('a b a\n'), RangeError, /line 1: item 'a' is listed twice/);
    expectError(() => parseDlx('a:b c\n'), RangeError, /line 1: 'a:b' is not a valid item name/);
    expect(parseDlx('1:3|a b\n').bounds).toEqual([[1, 3], [1, 1]]); // multiplicities (DLX3): see multiplicity.test.ts
    expectError(() => parseDlx(' | x y\n'), RangeError, /comment|no item line/);
    expectError(() => parseDlx('x|y\n'), RangeError, /line 1: bad multiplicity in 'x\|y'/);
    expectError(() => parseDlx(42 as never), TypeError, /DLX input must be a string; got 42/);
  });

  prop([fuzzText('ab|: \nxy:AB\t')])('arbitrary text: a problem or one of our errors', (text) => {
    const problem = onlyOurErrors(() => parseDlx(text));
    if (problem !== undefined) {
      expect(problem).toBeInstanceOf(Problem);
      expect(problem.primary.length).toBeGreaterThan(0);
    }
  });
});

describe('formatDlx', () => {
  it('writes the item line and one option per line', () => {
    expect(formatDlx(parseDlx(KNUTH_DLX2))).toBe('p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n');
    expect(formatDlx(parseDlx('a\na\n'))).toBe('a\na\n');
  });

  it('refuses a problem the format cannot hold', () => {
    expectError(() => formatDlx(defineProblem({ primary: [], secondary: ['x'], options: [] })), RangeError, /at least one primary item/);
    expectError(() => formatDlx({} as never), TypeError, /needs a Problem/);
  });

  prop([smallProblemArb])('round-trips: parseDlx(formatDlx(p)) has the same items and options', (plain) => {
    const problem = defineProblem(plain);
    const again = parseDlx(formatDlx(problem));
    expect(again.primary).toEqual(problem.primary);
    expect(again.secondary).toEqual(problem.secondary);
    expect(again.options).toEqual(problem.options);
    expect(formatDlx(again)).toBe(formatDlx(problem));
  });

  prop([fc.array(fc.stringMatching(/^[a-zA-Z0-9_#$%.-]{1,6}$/), { minLength: 1, maxLength: 6 })])(
    'round-trips any valid item names',
    (names) => {
      const unique = [...new Set(names)];
      const problem = defineProblem({ primary: unique, options: unique.map((n) => [n]) });
      expect(parseDlx(formatDlx(problem)).options).toEqual(problem.options);
    },
  );
});
