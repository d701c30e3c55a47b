// The linear-time matcher behind `exclude`: it agrees with JavaScript's RegExp on the syntax it supports, refuses
// what needs backtracking, and never backtracks itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_SIZE, collectStats, compilePattern } from '../src/node.js';
import { combinedLine, prop } from './reference.js';

/** Patterns from the supported subset, over a small alphabet so that random texts match them now and then. */
const patternArb: fc.Arbitrary<string> = fc.letrec<{ alt: string; seq: string; term: string; atom: string }>((tie) => ({
  alt: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('seq'), fc.tuple(tie('seq'), tie('alt')).map(([a, b]) => `${a}|${b}`)),
  seq: fc.array(tie('term'), { maxLength: 4 }).map((terms) => terms.join('')),
  term: fc.oneof(
    { depthSize: 'small' },
    tie('atom'),
    fc.tuple(
      tie('atom'),
      fc.constantFrom('*', '+', '?', '*?', '+?', '??', '{2}', '{0,1}', '{1,3}', '{2,}', '{0}', '{1,3}?'),
    ).map(([a, q]) => a + q),
    fc.constantFrom('^', '$', '\\b', '\\B'),
  ),
  atom: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('a', 'b', '1', '-', '.', '\\d', '\\w', '\\s', '\\W', '\\.', '\\-', '[ab]', '[^a]', '[a-c1]', '[\\d_]', '[^\\s]', '[]', '[^]', '\\x61', '\\u0062', '{', '}', ']', 'a{,2}'),
    tie('alt').map((inner) => `(${inner})`),
    tie('alt').map((inner) => `(?:${inner})`),
  ),
})).alt;

const textArb = fc.string({ unit: fc.constantFrom('a', 'b', '1', '-', ' ', '_', '.', '\n', '{', 'é'), maxLength: 10 });

describe('compilePattern', () => {
  prop([patternArb, fc.array(textArb, { minLength: 1, maxLength: 6 })])('agrees with RegExp.test on the supported syntax', (pattern, texts) => {
    const ours = compilePattern(pattern);
    const theirs = new RegExp(pattern);
    for (const text of texts) expect(ours.test(text), `/${pattern}/ on ${JSON.stringify(text)}`).toBe(theirs.test(text));
  });

  prop([fc.string({ unit: fc.constantFrom(...'ab1().|*+?{},[]^$\\-dwsbxu0c'), maxLength: 12 }), fc.array(textArb, { maxLength: 4 })])(
    'any pattern text compiles and agrees with RegExp, or is refused with a TypeError naming it',
    (pattern, texts) => {
      let ours;
      try {
        ours = compilePattern(pattern);
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
        expect((error as Error).message).toMatch(/pattern|regular expression/);
        return;
      }
      const theirs = new RegExp(pattern);
      for (const text of texts) expect(ours.test(text), `/${pattern}/ on ${JSON.stringify(text)}`).toBe(theirs.test(text));
    },
  );

  it('finishes on the patterns that make a backtracking engine explode (review regression: (a+)+$ hung)', () => {
    // With RegExp each of these takes time exponential in the length of the text; here it is linear.
    const text = `${'a'.repeat(5000)}!`;
    for (const pattern of ['(a+)+$', '^(a|a)*$', '(a*)*b', '^(a|aa)+$', '(.*a){12}$']) {
      expect(compilePattern(pattern).test(text), pattern).toBe(false);
    }
    expect(compilePattern('(a+)+$').test('a'.repeat(5000))).toBe(true);
  });

  it('matches the excludes people write', () => {
    const p = compilePattern('static-files|favicon\\.ico|flipper-linux\\.jpg');
    expect(['/static-files/a.gif', '/favicon.ico', '/x/flipper-linux.jpg'].map((t) => p.test(t))).toEqual([true, true, true]);
    expect(['/blogs/lisp', '/faviconXico'].map((t) => p.test(t))).toEqual([false, false]);
    expect(compilePattern('^/(css|js)/.*\\.(css|js)$').test('/css/site.min.css')).toBe(true);
    expect(compilePattern('\\.(png|jpe?g|gif)(\\?|$)').test('/a.jpeg?x=1')).toBe(true);
    expect(compilePattern('[^\\x00-\\x7f]').test('/é')).toBe(true);
    expect(compilePattern('(?<kind>img|css)/').test('/img/a')).toBe(true);
  });

  it('refuses what needs backtracking, and sizes it cannot hold, naming the pattern', () => {
    const refused: Array<[string, RegExp]> = [
      ['(a)\\1', /^the pattern '\(a\)\\\\1' uses a backreference/],
      ['(?<x>a)\\k<x>', /named backreference/],
      ['a(?=b)', /lookahead '\(\?='/],
      ['a(?!b)', /lookahead '\(\?!'/],
      ['(?<=a)b', /lookbehind '\(\?<='/],
      ['(?<!a)b', /lookbehind '\(\?<!'/],
      ['\\01', /octal escape/],
      ['(', /not a valid regular expression: '\(' \(Unterminated group\)/],
      ['a**', /not a valid regular expression/],
      ['(a{100}){200}', new RegExp(`too large for the linear-time matcher \\(over ${MAX_PATTERN_SIZE} instructions`)],
      // Review regression: 10,000 nested groups overflowed the parser's stack ('Maximum call stack size exceeded').
      [`${'(?:'.repeat(10_000)}a${')'.repeat(10_000)}`, /^the pattern '\(\?:\(\?:.*' \(40001 characters\) nests groups more than 256 deep; expected at most 256 levels$/],
      [`${'('.repeat(257)}a${')'.repeat(257)}`, /nests groups more than 256 deep/],
    ];
    for (const [pattern, message] of refused) expect(() => compilePattern(pattern), pattern).toThrow(message);
    for (const [pattern] of refused) expect(() => compilePattern(pattern), pattern).toThrow(TypeError);
    expect(compilePattern(`${'('.repeat(256)}a${')'.repeat(256)}`).test('xa')).toBe(true);
    expect(() => compilePattern(42 as never)).toThrow(/a pattern must be a string; got 42/);
    expect(() => compilePattern('a').test(null as never)).toThrow(TypeError);
  });

  it('is what collectStats uses for a string exclude', async () => {
    const line = (request: string) =>
      combinedLine({ ip: '1.1.1.1', user: '-', time: '08/Jan/2006:00:00:00 +0000', request: `GET ${request} HTTP/1.1`, status: 200, bytes: 1, referrer: null, agent: 'UA' });
    const text = [line(`/${'a'.repeat(32)}!`), line('/aaa'), line('/b')].join('\n');
    const stats = await collectStats([text], { exclude: '(a+)+$' });
    expect(stats.overall.pairs.map((p) => p.request).sort()).toEqual([`/${'a'.repeat(32)}!`, '/b']);
    await expect(collectStats([text], { exclude: '(a)\\1' })).rejects.toThrow(/backreference/);
    // A compiled pattern and a RegExp are taken too.
    expect((await collectStats([text], { exclude: compilePattern('^/b$') })).kept).toBe(2);
    expect((await collectStats([text], { exclude: /^\/b$/g })).kept).toBe(2);
  });
});
