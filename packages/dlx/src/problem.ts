// An exact-cover problem: named items (primary, secondary) and options, checked and turned into numbers once.
import type { CompiledProblem } from './engine.js';
import { describeValue } from './errors.js';

/** An option: item names; a secondary item may be written `name:color` (Algorithm C). */
export type OptionSpec = readonly string[];

/** What a problem is made of. `data` (one per option) comes back with each solution; it defaults to the options. */
export interface ProblemSpec<T = OptionSpec> {
  /**
   * Items every solution covers exactly once; or, written `u:v|name` (`v|name` when u = v) as in Knuth's DLX3, from
   * u to v times (Algorithm M).
   */
  readonly primary: readonly string[];
  /** Items a solution covers at most once, or by any number of options that give them the same color. */
  readonly secondary?: readonly string[];
  readonly options: readonly OptionSpec[];
  readonly data?: readonly T[];
}

const NAME = /^[^\s:|]+$/u;

const compiledProblems = new WeakMap<Problem<unknown>, CompiledProblem>();

/** Per primary item, the fewest and the most options that may cover it (Algorithm M). @internal */
export interface CompiledBounds {
  readonly lower: Int32Array;
  readonly upper: Int32Array;
}

const compiledBounds = new WeakMap<Problem<unknown>, CompiledBounds>();

/** The multiplicity bounds of a problem, or null when every primary item is covered exactly once. @internal */
export function boundsOf(problem: Problem<unknown>): CompiledBounds | null {
  return compiledBounds.get(problem) ?? null;
}

/** The largest upper bound of a multiplicity. */
const MAX_BOUND = 2 ** 31 - 1;

/**
 * Splits a primary item written with a multiplicity, `u:v|name` or `v|name` (Knuth's DLX3 notation), into its name
 * and bounds; a name without '|' has bounds 1:1. RangeError naming the entry when the bounds are not decimal
 * integers with 0 ≤ u ≤ v and v ≥ 1. @internal
 */
export function splitBounds(entry: string): { readonly name: string; readonly lower: number; readonly upper: number } {
  const bar = entry.indexOf('|');
  if (bar < 0) return { name: entry, lower: 1, upper: 1 };
  const spec = /^(?:(\d+):)?(\d+)$/u.exec(entry.slice(0, bar));
  const upper = Number(spec?.[2]);
  const lower = spec?.[1] === undefined ? upper : Number(spec[1]);
  const fault =
    spec === null
      ? 'write u:v|name or v|name, with decimal integers u ≤ v'
      : upper === 0
        ? 'the upper bound must be at least 1'
        : upper > MAX_BOUND
          ? `the upper bound must be at most ${MAX_BOUND}`
          : lower > upper
            ? `the lower bound ${lower} is above the upper bound ${upper}`
            : '';
  if (fault !== '') throw new RangeError(`bad multiplicity in ${describeValue(entry)}: ${fault}`);
  return { name: entry.slice(bar + 1), lower, upper };
}

/** The numbers behind a problem. @internal */
export function compiledOf(problem: Problem<unknown>): CompiledProblem {
  const compiled = compiledProblems.get(problem);
  if (compiled === undefined) throw new TypeError('expected a Problem made by defineProblem or parseDlx');
  return compiled;
}

/** True when a name can be an item name or a color: not empty, no whitespace, no ':' or '|'. */
export function isValidName(name: unknown): name is string {
  return typeof name === 'string' && NAME.test(name);
}

function checkName(name: unknown, what: string): string {
  if (typeof name !== 'string') throw new TypeError(`${what} must be a string; got ${describeValue(name)}`);
  if (!NAME.test(name)) {
    throw new RangeError(`${what} ${describeValue(name)} is not a valid name: it must be non-empty, without whitespace, ':' or '|'`);
  }
  return name;
}

/**
 * A checked exact-cover problem. Make one with `defineProblem` (or `parseDlx`); it is immutable and can be solved
 * any number of times, also concurrently (each search has its own links).
 */
export class Problem<T = OptionSpec> {
  /** The primary item names (without multiplicities: `2:3|C` is item `C`). */
  readonly primary: readonly string[];
  /**
   * Per primary item, `[u, v]`: every solution covers it at least u and at most v times (`[1, 1]` unless the item was
   * written `u:v|name` or `v|name`).
   */
  readonly bounds: readonly (readonly [lower: number, upper: number])[];
  readonly secondary: readonly string[];
  /** All item names, primary first. */
  readonly items: readonly string[];
  /** The options, each entry `item` or `item:color`. */
  readonly options: readonly OptionSpec[];
  /** Per option: what solutions report as its data. */
  readonly data: readonly T[];
  private readonly index: ReadonlyMap<string, number>;

  /** Use defineProblem. @internal */
  constructor(spec: ProblemSpec<T>) {
    if (typeof spec !== 'object' || spec === null) throw new TypeError(`a problem must be an object; got ${describeValue(spec)}`);
    const written = listOf(spec.primary, 'the primary items');
    const secondary = spec.secondary === undefined ? [] : listOf(spec.secondary, 'the secondary items');
    const primary: string[] = [];
    const bounds: (readonly [number, number])[] = [];
    let multiplicities = false;
    for (const [k, entry] of written.entries()) {
      if (typeof entry !== 'string') throw new TypeError(`item ${k + 1} must be a string; got ${describeValue(entry)}`);
      const { name, lower, upper } = splitBounds(entry);
      primary.push(name);
      bounds.push(Object.freeze([lower, upper] as const));
      if (lower !== 1 || upper !== 1) multiplicities = true;
    }
    const index = new Map<string, number>();
    for (const [k, name] of [...primary, ...secondary].entries()) {
      if (k >= primary.length && typeof name === 'string' && /^[\d:]+\|/u.test(name)) {
        throw new RangeError(`secondary item ${describeValue(name)} has a multiplicity; only primary items take u:v|name`);
      }
      checkName(name, `item ${k + 1}`);
      if (index.has(name)) throw new RangeError(`item ${describeValue(name)} is listed twice`);
      index.set(name, k);
    }
    const optionList = listOf(spec.options, 'the options');
    const primaryCount = primary.length;
    const colorIndex = new Map<string, number>();
    const optionStart = new Int32Array(optionList.length + 1);
    const items: number[] = [];
    const colors: number[] = [];
    const options: OptionSpec[] = [];
    const seen = new Int32Array(index.size).fill(-1);
    for (const [o, option] of optionList.entries()) {
      if (!Array.isArray(option)) throw new TypeError(`option ${o} must be an array of item names; got ${describeValue(option)}`);
      if (option.length === 0) throw new RangeError(`option ${o} is empty: an option needs at least one item`);
      optionStart[o] = items.length;
      const entries: string[] = [];
      for (const entry of option as readonly unknown[]) {
        if (typeof entry !== 'string') throw new TypeError(`option ${o} must list item names; got ${describeValue(entry)}`);
        const colon = entry.indexOf(':');
        const name = colon < 0 ? entry : entry.slice(0, colon);
        const item = index.get(name);
        if (item === undefined) {
          throw new RangeError(`option ${o} (${option.join(' ')}) names an unknown item ${describeValue(name)}`);
        }
        if (seen[item] === o) throw new RangeError(`option ${o} (${option.join(' ')}) names item ${describeValue(name)} twice`);
        seen[item] = o;
        let color = 0;
        if (colon >= 0) {
          const colorName = entry.slice(colon + 1);
          if (item < primaryCount) {
            throw new RangeError(`option ${o} gives the primary item ${describeValue(name)} a color; only secondary items take colors`);
          }
          checkName(colorName, `the color in option ${o} entry ${describeValue(entry)}`);
          color = colorIndex.get(colorName) ?? colorIndex.size + 1;
          colorIndex.set(colorName, color);
        }
        items.push(item);
        colors.push(color);
        entries.push(entry);
      }
      options.push(Object.freeze(entries));
    }
    optionStart[optionList.length] = items.length;
    let data: readonly T[];
    if (spec.data === undefined) {
      data = options as unknown as readonly T[];
    } else {
      if (!Array.isArray(spec.data)) throw new TypeError(`the option data must be an array; got ${describeValue(spec.data)}`);
      if (spec.data.length !== options.length) {
        throw new RangeError(`the option data must have one entry per option (${options.length}); got ${spec.data.length}`);
      }
      data = Object.freeze([...spec.data]);
    }
    this.primary = Object.freeze([...primary]);
    this.bounds = Object.freeze(bounds);
    this.secondary = Object.freeze([...secondary]);
    this.items = Object.freeze([...primary, ...secondary]);
    this.options = Object.freeze(options);
    this.data = data;
    this.index = index;
    compiledProblems.set(this as Problem<unknown>, {
      itemCount: index.size,
      primaryCount,
      optionStart,
      optionItems: Int32Array.from(items),
      optionColors: colorIndex.size === 0 ? null : Int32Array.from(colors),
    });
    if (multiplicities) {
      compiledBounds.set(this as Problem<unknown>, {
        lower: Int32Array.from(bounds, (b) => b[0]),
        upper: Int32Array.from(bounds, (b) => b[1]),
      });
    }
  }

  /** The number of options. */
  get optionCount(): number {
    return this.options.length;
  }

  /** The index of an item by name (primary first), or -1. */
  itemIndex(name: string): number {
    return this.index.get(name) ?? -1;
  }

  /** Option i as a line of Knuth's format: its entries separated by spaces. */
  optionText(i: number): string {
    const option = this.options[i];
    if (option === undefined) throw new RangeError(`option index must be an integer from 0 to ${this.options.length - 1}; got ${describeValue(i)}`);
    return option.join(' ');
  }
}

function listOf(value: unknown, what: string): readonly unknown[] & readonly string[] {
  if (!Array.isArray(value)) throw new TypeError(`${what} must be an array; got ${describeValue(value)}`);
  return value as readonly string[];
}

/** Checks a problem (names, options, colors) and makes it solvable. Throws RangeError/TypeError naming the fault. */
export function defineProblem<T = OptionSpec>(spec: ProblemSpec<T>): Problem<T> {
  return new Problem(spec);
}
