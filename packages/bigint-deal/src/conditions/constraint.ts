// Constraints as data: per-seat ranges of points, suit lengths, losers and controls, a shape, cards fixed to seats
// (predeal), combined with and/or/not and user predicates. `compileConstraint` checks one once and turns it into a
// predicate over a deal's 16 suit masks; `matches` evaluates it on a deal.
import { Deal } from '../numbering/deal.js';
import { describeValue } from '../errors.js';
import { dealMasks, handMasks, seatIndex, suitTables } from './evaluate.js';
import { lengthCode, shapeCodes, type ShapePattern } from './shape.js';

/** An inclusive range `[min, max]`, or one exact value. */
export type Range = readonly [number, number] | number;

/** What one seat must hold. Every field is optional; all given fields must hold. */
export interface SeatConstraint {
  /** High-card points (4-3-2-1), 0–37. */
  hcp?: Range;
  /** Spade length, 0–13. */
  spades?: Range;
  /** Heart length, 0–13. */
  hearts?: Range;
  /** Diamond length, 0–13. */
  diamonds?: Range;
  /** Club length, 0–13. */
  clubs?: Range;
  /** Losing-trick count, 0–12. */
  losers?: Range;
  /** Controls (ace 2, king 1), 0–12. */
  controls?: Range;
  /** A shape pattern: `'balanced'`, `'any 4333 + any 5332'`, `'5xxx'`. */
  shape?: ShapePattern;
}

/** Cards fixed to seats, each a PBN hand or part of one (`{ north: 'AK.QJ..' }`: N holds ♠AK ♥QJ). */
export type Predeal = Partial<Record<'north' | 'east' | 'south' | 'west' | 'N' | 'E' | 'S' | 'W', string>>;

/** A condition on a deal: seat constraints and predeal, or `and`/`or`/`not` of conditions, or a predicate. */
export type Constraint =
  | {
      north?: SeatConstraint;
      east?: SeatConstraint;
      south?: SeatConstraint;
      west?: SeatConstraint;
      predeal?: Predeal;
    }
  | { and: readonly Constraint[] }
  | { or: readonly Constraint[] }
  | { not: Constraint }
  | ((deal: Deal) => boolean);

/** A compiled constraint: a test over a deal's 16 suit masks (and the deal, for predicates). @internal */
export type MaskTest = (masks: Uint16Array, deal: Deal) => boolean;

const SEAT_KEYS = ['north', 'east', 'south', 'west'] as const;
const FIELDS: Record<string, number> = { hcp: 37, spades: 13, hearts: 13, diamonds: 13, clubs: 13, losers: 12, controls: 12 };

/** Checks a range against its field's bounds and returns it as [min, max]. @internal */
export function rangeOf(value: unknown, field: string, max: number): [number, number] {
  const pair = typeof value === 'number' ? [value, value] : value;
  if (
    !Array.isArray(pair) ||
    pair.length !== 2 ||
    !pair.every((n) => Number.isInteger(n) && n >= 0 && n <= max) ||
    pair[0] > pair[1]
  ) {
    throw new RangeError(`${field} must be an integer or a range [min, max] of integers from 0 to ${max}, min <= max; got ${showRange(value)}`);
  }
  return [pair[0], pair[1]];
}

/** A range as written (`[17, 15]`), anything else as the family quotes it. */
function showRange(value: unknown): string {
  return Array.isArray(value) && value.length <= 4 && value.every((n) => typeof n === 'number') ? `[${value.join(', ')}]` : describeValue(value);
}

function seatTest(q: number, constraint: SeatConstraint, where: string): MaskTest {
  if (typeof constraint !== 'object' || constraint === null) {
    throw new TypeError(`${where} must be an object such as { hcp: [15, 17] }; got ${describeValue(constraint)}`);
  }
  const tests: MaskTest[] = [];
  const { length, hcp, losers, controls } = suitTables();
  for (const [key, value] of Object.entries(constraint)) {
    if (value === undefined) continue;
    if (key === 'shape') {
      const codes = shapeCodes(value as string);
      tests.push((m) => codes.has(lengthCode(length[m[q * 4]!]!, length[m[q * 4 + 1]!]!, length[m[q * 4 + 2]!]!, length[m[q * 4 + 3]!]!)));
      continue;
    }
    const max = FIELDS[key];
    if (max === undefined) {
      throw new RangeError(`${where} may have ${[...Object.keys(FIELDS), 'shape'].join(', ')}; got ${describeValue(key)}`);
    }
    const [lo, hi] = rangeOf(value, `${where}.${key}`, max);
    const suit = ['spades', 'hearts', 'diamonds', 'clubs'].indexOf(key);
    if (suit >= 0) {
      tests.push((m) => {
        const n = length[m[q * 4 + suit]!]!;
        return n >= lo && n <= hi;
      });
      continue;
    }
    const table = key === 'hcp' ? hcp : key === 'losers' ? losers : controls;
    tests.push((m) => {
      const n = table[m[q * 4]!]! + table[m[q * 4 + 1]!]! + table[m[q * 4 + 2]!]! + table[m[q * 4 + 3]!]!;
      return n >= lo && n <= hi;
    });
  }
  return allOf(tests);
}

function allOf(tests: MaskTest[]): MaskTest {
  if (tests.length === 1) return tests[0]!;
  return (m, deal) => {
    for (const test of tests) if (!test(m, deal)) return false;
    return true;
  };
}

/** The 16 masks (seat-major) of cards fixed to seats by a predeal, checked: no card twice, at most 13 a seat. @internal */
export function predealMasks(predeal: Predeal): Uint16Array {
  if (typeof predeal !== 'object' || predeal === null) {
    throw new TypeError(`predeal must be an object such as { north: 'AK.QJ..' }; got ${describeValue(predeal)}`);
  }
  const masks = new Uint16Array(16);
  const taken = [0, 0, 0, 0];
  for (const [key, hand] of Object.entries(predeal)) {
    const q = seatIndex(key);
    if (typeof hand !== 'string') throw new TypeError(`predeal.${key} must be a PBN hand such as 'AK.QJ..'; got ${describeValue(hand)}`);
    const suits = handMasks(hand);
    let count = 0;
    suits.forEach((mask, s) => {
      if (taken[s]! & mask) throw new RangeError(`predeal gives a card to two seats: ${describeValue(hand)} for ${key}`);
      taken[s]! |= mask;
      masks[q * 4 + s]! |= mask;
      count += suitTables().length[mask]!;
    });
    if (count > 13) throw new RangeError(`predeal gives more than 13 cards to ${key}: ${describeValue(hand)}`);
  }
  return masks;
}

/** The most levels of and/or/not inside one another (deeper, or a constraint that contains itself, is refused). */
const MAX_CONSTRAINT_DEPTH = 1000;

/** Checks a constraint once and compiles it into a test over suit masks. @internal */
export function compileConstraint(constraint: Constraint, where = 'constraint', depth = 0): MaskTest {
  if (typeof constraint === 'function') return (_m, deal) => Boolean(constraint(deal));
  if (typeof constraint !== 'object' || constraint === null) {
    throw new TypeError(`${where} must be an object or a function; got ${describeValue(constraint)}`);
  }
  if (depth > MAX_CONSTRAINT_DEPTH) {
    throw new RangeError(`a constraint may nest and/or/not at most ${MAX_CONSTRAINT_DEPTH.toLocaleString('en-US')} levels deep (does it contain itself?); got more at ${where.slice(0, 40)}…`);
  }
  if ('and' in constraint || 'or' in constraint) {
    const isAnd = 'and' in constraint;
    const parts = isAnd ? (constraint as { and: unknown }).and : (constraint as { or: unknown }).or;
    if (!Array.isArray(parts)) throw new TypeError(`${where}.${isAnd ? 'and' : 'or'} must be an array of constraints; got ${describeValue(parts)}`);
    const tests = parts.map((part, i) => compileConstraint(part as Constraint, `${where}.${isAnd ? 'and' : 'or'}[${i}]`, depth + 1));
    if (isAnd) return tests.length === 0 ? () => true : allOf(tests);
    return (m, deal) => {
      for (const test of tests) if (test(m, deal)) return true;
      return false;
    };
  }
  if ('not' in constraint) {
    const test = compileConstraint((constraint as { not: Constraint }).not, `${where}.not`, depth + 1);
    return (m, deal) => !test(m, deal);
  }
  const tests: MaskTest[] = [];
  for (const [key, value] of Object.entries(constraint)) {
    if (value === undefined) continue;
    if (key === 'predeal') {
      const fixed = predealMasks(value as Predeal);
      tests.push((m) => {
        for (let i = 0; i < 16; i++) if ((m[i]! & fixed[i]!) !== fixed[i]) return false;
        return true;
      });
      continue;
    }
    const q = (SEAT_KEYS as readonly string[]).indexOf(key);
    if (q < 0) {
      throw new RangeError(`${where} may have north, east, south, west, predeal, and, or, not; got ${describeValue(key)}`);
    }
    tests.push(seatTest(q, value as SeatConstraint, `${where}.${key}`));
  }
  return tests.length === 0 ? () => true : allOf(tests);
}

/** Whether a bridge deal satisfies a constraint. Compile-once callers should use `createMatcher`. */
export function matches(deal: Deal, constraint: Constraint): boolean {
  return createMatcher(constraint)(deal);
}

/** A checked, compiled constraint as a fast predicate on bridge deals. */
export function createMatcher(constraint: Constraint): (deal: Deal) => boolean {
  const test = compileConstraint(constraint);
  const masks = new Uint16Array(16);
  return (deal) => {
    if (!(deal instanceof Deal)) throw new TypeError(`matches needs a bridge deal; got ${describeValue(deal)}`);
    return test(dealMasks(deal, masks), deal);
  };
}
