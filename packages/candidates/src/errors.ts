import { describeValue } from '@puzzles/kit/describe';

// How values are quoted in error messages is the family's one rule (the private kit, inlined at build time).
export { describeValue, optionsOf } from '@puzzles/kit/describe';

/** Throws a TypeError unless `value` is a string. @internal */
export function expectString(value: unknown, what: string): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(`${what} must be a string; got ${describeValue(value)}`);
}

/** Throws a RangeError unless `cell` is an integer 0..80. @internal */
export function expectCell(cell: unknown, what = 'cell'): asserts cell is number {
  if (typeof cell !== 'number' || !Number.isInteger(cell) || cell < 0 || cell > 80) {
    throw new RangeError(`${what} must be an integer from 0 to 80; got ${describeValue(cell)}`);
  }
}

/** Throws a RangeError unless `digit` is an integer 1..9. @internal */
export function expectDigit(digit: unknown, what = 'digit'): asserts digit is number {
  if (typeof digit !== 'number' || !Number.isInteger(digit) || digit < 1 || digit > 9) {
    throw new RangeError(`${what} must be an integer from 1 to 9; got ${describeValue(digit)}`);
  }
}

/** Throws a RangeError unless `mask` is an integer 0..511 (a 9-bit mask of digits or positions). @internal */
export function expectMask(mask: unknown, what: string): asserts mask is number {
  if (typeof mask !== 'number' || !Number.isInteger(mask) || mask < 0 || mask > 0x1ff) {
    throw new RangeError(`${what} must be a 9-bit mask, an integer from 0 to 511; got ${describeValue(mask)}`);
  }
}

/** A list of {cell, digit}, checked: a TypeError for anything but an array of objects, a RangeError for a bad cell or digit. @internal */
export function expectCandidates(list: unknown, what: string): asserts list is readonly { readonly cell: number; readonly digit: number }[] {
  if (!Array.isArray(list)) throw new TypeError(`${what} must be an array of {cell, digit}; got ${describeValue(list)}`);
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    if (typeof item !== 'object' || item === null) throw new TypeError(`${what}[${i}] must be a {cell, digit} object; got ${describeValue(item)}`);
    const { cell, digit } = item as { cell?: unknown; digit?: unknown };
    expectCell(cell, `the cell of ${what}[${i}]`);
    expectDigit(digit, `the digit of ${what}[${i}]`);
  }
}

/** A step's placements and eliminations, checked (see expectCandidates). @internal */
export function expectStepLike(step: unknown, what: string): asserts step is {
  readonly placements: readonly { readonly cell: number; readonly digit: number }[];
  readonly eliminations: readonly { readonly cell: number; readonly digit: number }[];
} {
  if (typeof step !== 'object' || step === null) {
    throw new TypeError(`${what} must be a step, an object with placements and eliminations; got ${describeValue(step)}`);
  }
  const { placements, eliminations } = step as { placements?: unknown; eliminations?: unknown };
  expectCandidates(placements, 'placements');
  expectCandidates(eliminations, 'eliminations');
}
