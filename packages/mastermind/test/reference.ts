// Independent, deliberately plain reference implementations and shared test helpers. Nothing here imports the
// library, so the tests compare it against something it cannot share a bug with.
import fc from 'fast-check';
import { expect, it } from 'vitest';

/** A property test: `prop([arbitraries], params?)(name, predicate)` over plain fast-check inside vitest's `it`. */
export function prop<Ts extends [unknown, ...unknown[]]>(
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  params: fc.Parameters<[Ts]> = {},
): (name: string, predicate: (...args: Ts) => void) => void {
  return (name, predicate) => {
    it(name, () => {
      fc.assert(
        fc.property(fc.tuple(...arbitraries) as fc.Arbitrary<Ts>, (args) => predicate(...args)),
        params,
      );
    });
  };
}

export const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The seed's second design, on strings: black by position, then white by pairing each unused guess peg with an unused secret peg. */
export function naiveScore(secret: string, guess: string): [number, number] {
  const secretUsed = new Array<boolean>(secret.length).fill(false);
  const guessUsed = new Array<boolean>(guess.length).fill(false);
  let black = 0;
  for (let i = 0; i < secret.length; i++) {
    if (secret[i] === guess[i]) {
      black++;
      secretUsed[i] = guessUsed[i] = true;
    }
  }
  let white = 0;
  for (let i = 0; i < guess.length; i++) {
    if (guessUsed[i]) continue;
    for (let j = 0; j < secret.length; j++) {
      if (!secretUsed[j] && secret[j] === guess[i]) {
        white++;
        secretUsed[j] = true;
        break;
      }
    }
  }
  return [black, white];
}

/** Every code of `pegs` letters from the first `colors`, in order aaaa, aaab, … (optionally without repeats). */
export function allCodes(pegs: number, colors: number, repeats = true): string[] {
  let codes = [''];
  for (let p = 0; p < pegs; p++) codes = codes.flatMap((prefix) => [...LETTERS.slice(0, colors)].map((c) => prefix + c));
  return repeats ? codes : codes.filter((code) => new Set(code).size === code.length);
}

/**
 * The optimal total T(S) by plain exhaustive recursion (memoised on the set, no bounds, no symmetry): every code as
 * the guess, T(S) = |S| + Σ T(part) over the non-winning parts.
 */
export function bruteForceOptimal(pegs: number, colors: number): number {
  const codes = allCodes(pegs, colors);
  const memo = new Map<string, number>();
  const win = `${pegs} 0`;
  const solve = (set: string[]): number => {
    if (set.length === 1) return 1;
    const key = set.join(',');
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = Infinity;
    for (const guess of codes) {
      const parts = new Map<string, string[]>();
      for (const secret of set) {
        const s = naiveScore(secret, guess).join(' ');
        if (s !== win) parts.set(s, [...(parts.get(s) ?? []), secret]);
      }
      if ([...parts.values()].some((part) => part.length === set.length)) continue;
      let total = set.length;
      for (const part of parts.values()) total += solve(part);
      best = Math.min(best, total);
    }
    memo.set(key, best);
    return best;
  };
  return solve(codes);
}

type ErrorClass = typeof RangeError | typeof TypeError;

/** Runs `fn`, expecting it to throw exactly this error class with a message matching `message`. */
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

/** A size (pegs 1–6, colors 1–8) and two codes of it. */
export const sizedPair = fc
  .record({ pegs: fc.integer({ min: 1, max: 6 }), colors: fc.integer({ min: 1, max: 8 }) })
  .chain(({ pegs, colors }) => {
    const code = fc.array(fc.integer({ min: 0, max: colors - 1 }), { minLength: pegs, maxLength: pegs });
    return fc.tuple(fc.constant(pegs), fc.constant(colors), code, code);
  });

/** Text of several kinds for fuzzing parsers. */
export function fuzzText(alphabet: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 8 }),
  );
}
