import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError, choiceOption, closest, durationOption, integerOption, parseOptions } from '../src/args.js';

const OPTIONS = { count: { type: 'string' }, bound: { type: 'string' }, json: { type: 'boolean', short: 'j' } } as const;

function usage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('parseOptions', () => {
  it('parses options and positionals', () => {
    const { values, positionals } = parseOptions(['--count', '3', 'a', '-j'], OPTIONS);
    expect(values).toEqual({ count: '3', json: true });
    expect(positionals).toEqual(['a']);
  });

  it('names an unknown option and suggests the closest known one', () => {
    expect(usage(() => parseOptions(['--bogus'], OPTIONS))).toBe("unknown option '--bogus'");
    expect(usage(() => parseOptions(['--bund', '3'], OPTIONS))).toBe("unknown option '--bund' (did you mean --bound?)");
    expect(usage(() => parseOptions(['--cont=3'], OPTIONS))).toBe("unknown option '--cont' (did you mean --count?)");
    expect(usage(() => parseOptions(['-x'], OPTIONS))).toMatch(/^unknown option '-x'/);
  });

  it('says when an option needs a value or takes none', () => {
    expect(usage(() => parseOptions(['--count'], OPTIONS))).toBe('option --count needs a value');
    expect(usage(() => parseOptions(['--json=yes'], OPTIONS))).toBe('option --json takes no value');
    expect(usage(() => parseOptions(['--count', '--json'], OPTIONS))).toMatch(/--count needs a value; .*--count=VALUE/);
  });

  it('bounds the number of operands', () => {
    expect(usage(() => parseOptions(['a'], OPTIONS, { max: 0 }))).toBe("unexpected argument 'a'");
    expect(usage(() => parseOptions(['a', 'b', 'c'], OPTIONS, { max: 2 }))).toMatch(/at most 2.*'c'/);
    expect(usage(() => parseOptions([], OPTIONS, { min: 1 }))).toBe('expected at least 1 argument; got 0');
  });

  it('answers any argv with a result or a UsageError, nothing else', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom('--count', '--json', '-j', '--', '-', '--bound=1')), { maxLength: 6 }), (argv) => {
        try {
          parseOptions(argv, OPTIONS);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as Error).message).not.toMatch(/\n/);
        }
      }),
    );
  });
});

describe('closest', () => {
  it('finds prefixes and near misses, and nothing for unrelated words', () => {
    expect(closest('--form', ['--format', '--json'])).toBe('--format');
    expect(closest('--jsno', ['--format', '--json'])).toBe('--json');
    expect(closest('--zzzzzzzz', ['--format', '--json'])).toBeUndefined();
  });
});

describe('integerOption', () => {
  it('accepts integers in range and the fallback when absent', () => {
    expect(integerOption('5', 'count')).toBe(5);
    expect(integerOption(undefined, 'count', { fallback: 7 })).toBe(7);
    expect(integerOption('0', 'width', { min: 0, max: 3 })).toBe(0);
  });

  it('refuses anything else, naming the option, the range and the value', () => {
    expect(usage(() => integerOption('0', 'count'))).toBe("--count must be a positive integer; got '0'");
    expect(usage(() => integerOption('+5', 'count'))).toMatch(/got '\+5'/);
    expect(usage(() => integerOption(' 5', 'count'))).toMatch(/got ' 5'/);
    expect(usage(() => integerOption('101', 'width', { max: 100 }))).toBe("--width must be an integer from 1 to 100; got '101'");
    expect(usage(() => integerOption('99999999999999999999', 'count'))).toMatch(/positive integer/);
  });

  it('round-trips every integer in range', () => {
    fc.assert(fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
      expect(integerOption(String(n), 'n', { min: -1000, max: 1000 })).toBe(n);
    }));
  });
});

describe('choiceOption', () => {
  it('accepts a choice and suggests one for a typo', () => {
    expect(choiceOption('json', 'format', ['json', 'pbn'])).toBe('json');
    expect(choiceOption(undefined, 'format', ['json', 'pbn'], 'pbn')).toBe('pbn');
    expect(usage(() => choiceOption('jsno', 'format', ['json', 'pbn']))).toBe("--format must be one of json, pbn; got 'jsno' (did you mean json?)");
  });

  it('names a few of a long list and says where the rest are, so the error stays one short line', () => {
    const names = Array.from({ length: 66 }, (_, i) => `technique-${i}`);
    const message = usage(() => choiceOption('0'.repeat(81), 'technique', names));
    expect(message).toBe(`--technique must be one of technique-0, technique-1, technique-2, technique-3 … (66 names, listed by --help); got '${'0'.repeat(57)}...' (81 characters)`);
    expect(message.length).toBeLessThan(200);
    expect(usage(() => choiceOption('technique-6x', 'technique', names))).toContain('(did you mean technique-6?)');
  });
});

describe('durationOption', () => {
  it('reads milliseconds, seconds, minutes and hours (a bare number is seconds)', () => {
    expect(durationOption('500ms')).toBe(500);
    expect(durationOption('10s')).toBe(10_000);
    expect(durationOption('1.5')).toBe(1500);
    expect(durationOption('2m')).toBe(120_000);
    expect(durationOption('1h')).toBe(3_600_000);
    expect(durationOption(undefined)).toBeUndefined();
  });

  it('refuses zero, negatives, junk and durations past what a timer can hold', () => {
    for (const bad of ['0', '-1s', 'soon', '1d', '', '9999h']) expect(usage(() => durationOption(bad))).toMatch(/--timeout must be a duration/);
  });
});
