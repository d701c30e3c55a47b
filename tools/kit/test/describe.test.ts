import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUOTE_LIMIT, describeValue, escapeText, optionsOf, quote } from '../src/describe.js';

describe('describeValue', () => {
  it('shows each kind of value the way a message quotes it', () => {
    expect(describeValue('abc')).toBe("'abc'");
    expect(describeValue(12n)).toBe('12');
    expect(describeValue(-0)).toBe('-0');
    expect(describeValue(NaN)).toBe('NaN');
    expect(describeValue(null)).toBe('null');
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue([1, 2])).toBe('an array of 2');
    expect(describeValue({})).toBe('an object');
    expect(describeValue(() => 1)).toBe('a function');
    expect(describeValue(Symbol('x'))).toBe('symbol');
  });
});

describe('quote', () => {
  it('cuts long text and says how long it was', () => {
    const long = 'x'.repeat(10_000_000);
    const shown = quote(long);
    expect(shown).toBe(`'${'x'.repeat(QUOTE_LIMIT - 3)}...' (10000000 characters)`);
  });

  it('escapes control characters so input cannot drive the terminal', () => {
    expect(quote('\u001b[2Jhi\n')).toBe("'\\u001b[2Jhi\\n'");
    expect(escapeText("it's a \\ and \u009b")).toBe("it\\'s a \\\\ and \\u009b");
  });

  it('never leaves a control character, a lone surrogate or a split pair in its result, and stays short', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const shown = quote(text);
        // eslint-disable-next-line no-control-regex
        expect(shown).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        expect(shown).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
        expect(shown.length).toBeLessThan(QUOTE_LIMIT * 6 + 40);
      }),
    );
  });

  it('keeps short printable text as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abc xyz019.-_'), maxLength: QUOTE_LIMIT }), (text) => {
        expect(quote(text)).toBe(`'${text}'`);
      }),
    );
  });
});

describe('optionsOf', () => {
  it('takes an object or nothing, and names anything else', () => {
    expect(optionsOf(undefined, 'f')).toEqual({});
    expect(optionsOf({ a: 1 }, 'f')).toEqual({ a: 1 });
    expect(() => optionsOf(5 as never, 'solve')).toThrow(new TypeError('the options of solve must be an object; got 5'));
    expect(() => optionsOf([] as never, 'solve')).toThrow(TypeError);
    expect(() => optionsOf(null as never, 'solve')).toThrow(/got null/);
  });
});
