// Command-line options on node:util parseArgs, with our own one-line messages and a suggestion for a misspelt option.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { quote } from './describe.js';

/** The option specs parseArgs takes. */
export type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** A bad command line: one line on stderr that points at --help, and exit status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The options every CLI of the family has. */
export const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const satisfies ParseArgsOptionsConfig;

/** Edit distance between two short strings, a swap of neighbours counting as one edit (for "did you mean"). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The known name closest to `name` (a prefix of it, or within a third of its length in edits), if any. */
export function closest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = candidate.startsWith(name) || name.startsWith(candidate) ? 0.5 : distance(name, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(name.length / 3)) ? best : undefined;
}

/** "unknown option --bogus (did you mean --bound?)" */
function unknownOption(option: string, options: ParseArgsOptionsConfig): string {
  const long = Object.keys(options).map((name) => `--${name}`);
  const shorts = Object.entries(options).flatMap(([, o]) => (o.short === undefined ? [] : [`-${o.short}`]));
  const bare = option.replace(/=.*$/s, '');
  const suggestion = closest(bare, bare.startsWith('--') ? long : [...shorts, ...long]);
  return `unknown option ${quote(bare)}${suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`}`;
}

type Parsed<O extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>;

/**
 * Parses `argv` strictly: an unknown option, a missing value or a value given to a flag is a UsageError with one
 * clear line. `positionals` bounds how many operands are allowed (default: any number).
 */
export function parseOptions<O extends ParseArgsOptionsConfig>(
  argv: readonly string[],
  options: O,
  positionals: { min?: number; max?: number } = {},
): Parsed<O> {
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true }) as Parsed<O>;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const option = /'([^']*)'/.exec(message)?.[1] ?? argv.find((a) => a.startsWith('-')) ?? '';
      throw new UsageError(unknownOption(option, options));
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const name = /--([\w-]+)/.exec(message)?.[1];
      const spec = name === undefined ? undefined : options[name];
      if (spec?.type === 'boolean') throw new UsageError(`option --${name} takes no value`);
      if (/ambiguous/.test(message)) {
        throw new UsageError(`option --${name} needs a value; to give one that starts with '-', write --${name}=VALUE`);
      }
      throw new UsageError(`option --${name ?? '?'} needs a value`);
    }
    throw new UsageError(message.replace(/\.?\s*To specify[^]*$/s, ''));
  }
  checkPositionals(parsed.positionals, positionals);
  return parsed;
}

/** Checks how many operands were given against `{ min, max }`: a UsageError naming the first extra one, or the shortfall. */
export function checkPositionals(given: readonly string[], positionals: { min?: number; max?: number }): void {
  const count = given.length;
  if (positionals.max !== undefined && count > positionals.max) {
    const extra = given[positionals.max]!;
    throw new UsageError(
      positionals.max === 0 ? `unexpected argument ${quote(extra)}` : `too many arguments (at most ${positionals.max}); the first extra is ${quote(extra)}`,
    );
  }
  if (positionals.min !== undefined && count < positionals.min) {
    throw new UsageError(`expected at least ${positionals.min} argument${positionals.min === 1 ? '' : 's'}; got ${count}`);
  }
}

/** An integer option in [min, max], or `fallback` when absent; anything else is a UsageError naming the value. */
export function integerOption(
  value: string | undefined,
  option: string,
  { min = 1, max = Number.MAX_SAFE_INTEGER, fallback }: { min?: number; max?: number; fallback?: number } = {},
): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? (min === 1 ? 'a positive integer' : `an integer of at least ${min}`) : `an integer from ${min} to ${max}`;
    throw new UsageError(`--${option} must be ${range}; got ${quote(value)}`);
  }
  return n;
}

/** One of a fixed set of words, or `fallback` when absent. */
export function choiceOption<const C extends string>(
  value: string | undefined,
  option: string,
  choices: readonly C[],
  fallback?: C,
): C | undefined {
  if (value === undefined) return fallback;
  if ((choices as readonly string[]).includes(value)) return value as C;
  const suggestion = closest(value, choices);
  // A long list (66 technique names) would make the one line of the error unreadable: name a few, and where the rest are.
  const listed = choices.length <= LISTED_CHOICES ? choices.join(', ') : `${choices.slice(0, 4).join(', ')} … (${choices.length} names, listed by --help)`;
  throw new UsageError(`--${option} must be one of ${listed}; got ${quote(value)}${suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`}`);
}

/** The most choices a usage error lists in full. */
const LISTED_CHOICES = 12;

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A duration option such as `500ms`, `10s`, `2m` or `1h` (a bare number is seconds), in milliseconds. */
export function durationOption(value: string | undefined, option = 'timeout'): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value.trim());
  const ms = match === null ? NaN : Number(match[1]) * UNITS[match[2] ?? 's']!;
  if (!(ms > 0) || !Number.isFinite(ms) || ms > 2 ** 31 - 1) {
    throw new UsageError(`--${option} must be a duration such as 500ms, 10s, 2m or 1h (up to 24 days); got ${quote(value)}`);
  }
  return Math.ceil(ms);
}
