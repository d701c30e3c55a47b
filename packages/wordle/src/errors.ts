/** Shows a value the way an error message should quote it: strings quoted and shortened. @internal */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 37)}...` : value;
    return `${JSON.stringify(shown)}${value.length > 40 ? ` (${value.length} characters)` : ''}`;
  }
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid Date' : `Date ${value.toISOString()}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** The options object of a call, `{}` when left out; anything else but an object is a TypeError. @internal */
export function optionsOf<T extends object>(options: T | undefined, what: string): Partial<T> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`the options of ${what} must be an object; got ${describeValue(options)}`);
  }
  return options;
}

/** Thrown by `playRound` on a game that is already over: a RangeError, as the game is outside its playable range. */
export class GameOverError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'GameOverError';
  }
}
