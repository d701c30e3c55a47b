// Test helpers shared by every package's suite. Only tests import this (it is a private workspace package): each
// package's runtime code stays self-contained.
import fc from 'fast-check';
import { expect, it } from 'vitest';

/**
 * A property test: `prop([arbitraries], params?)(name, predicate, timeout?)`, like @fast-check/vitest's `test.prop`, but with
 * plain fast-check inside vitest's `it`. (@fast-check/vitest imports vitest, so vitest transforms it and fast-check
 * through its module graph for every test file: about 1.2 s per file here.) The seed and run count come from
 * `fc.configureGlobal` in the root setup file; a failure reports the seed and the counterexample.
 */
export function prop<Ts extends [unknown, ...unknown[]]>(
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  params: fc.Parameters<[Ts]> = {},
): (name: string, predicate: (...args: Ts) => boolean | void, timeout?: number) => void {
  return (name, predicate, timeout) => {
    it(
      name,
      () => {
        fc.assert(
          fc.property(fc.tuple(...arbitraries) as fc.Arbitrary<Ts>, (args) => predicate(...args)),
          params,
        );
      },
      timeout,
    );
  };
}

/** `prop` for async predicates (streams, files): each run is awaited before the next. */
export function asyncProp<Ts extends [unknown, ...unknown[]]>(
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  params: fc.Parameters<[Ts]> = {},
): (name: string, predicate: (...args: Ts) => void | Promise<void>) => void {
  return (name, predicate) => {
    it(name, async () => {
      await fc.assert(
        fc.asyncProperty(fc.tuple(...arbitraries) as fc.Arbitrary<Ts>, async (args) => {
          await predicate(...args);
        }),
        params,
      );
    });
  };
}

/** The error classes our libraries throw for bad input (package error classes extend one of them). */
export type ErrorClass = typeof RangeError | typeof TypeError;

/** Runs `fn`, expecting it to throw this error class (or a subclass) with a message matching `message`. */
export function expectError(fn: () => unknown, type: ErrorClass, message: RegExp): void {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `expected ${type.name} ${message}`).toBeInstanceOf(type);
  expect((thrown as Error).message).toMatch(message);
}

/** Runs `fn`; returns its value, or undefined if it threw a RangeError or TypeError with a message. Anything else fails. */
export function onlyOurErrors<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch (error) {
    const ours = error instanceof RangeError || error instanceof TypeError;
    expect(ours, `threw something other than RangeError/TypeError: ${String(error)}`).toBe(true);
    expect((error as Error).message.length).toBeGreaterThan(0);
    return undefined;
  }
}

/**
 * Arbitrary text for fuzzing parsers: any UTF-16 (lone surrogates included), any code points, graphemes, and strings
 * over `alphabet` (the characters a parser nearly accepts, which reach deeper than random text does).
 */
export function fuzzText(alphabet: string, maxLength = 40): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: fc.constantFrom(...alphabet), maxLength }),
  );
}
