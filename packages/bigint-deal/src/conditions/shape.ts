// Shapes as dealer writes them: '4333' (spades, hearts, diamonds, clubs in order), 'any 5431' (any suit order), '5xxx'
// (x = any length), 'balanced', 'semibalanced', joined by '+' (or ','), with '-' taking shapes out again
// ('any 4333 + any 5332 - 5xxx'). A shape compiles to the set of its length patterns.
import type { Deal } from '../numbering/deal.js';
import { describeValue } from '../errors.js';
import { suitLengths, type HandInput, type SeatName } from './evaluate.js';

/** A shape pattern: `'4333'`, `'any 5431'`, `'5xxx'`, `'balanced'`, `'semibalanced'`, several joined by `+`, `-` to take out. */
export type ShapePattern = string;

const code = (s: number, h: number, d: number, c: number): number => ((s * 14 + h) * 14 + d) * 14 + c;

/** The sorted (long first) lengths of the balanced and semi-balanced shapes. */
const BALANCED = ['4333', '4432', '5332'];
const SEMIBALANCED = [...BALANCED, '5422', '6322'];

/** All length patterns (spades, hearts, diamonds, clubs) that sum to 13. @internal */
export function allPatterns(): number[][] {
  const patterns: number[][] = [];
  for (let s = 0; s <= 13; s++) for (let h = 0; h <= 13 - s; h++) for (let d = 0; d <= 13 - s - h; d++) patterns.push([s, h, d, 13 - s - h - d]);
  return patterns;
}

function compileOne(part: string, whole: string): (lengths: readonly number[]) => boolean {
  const text = part.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === 'balanced' || text === 'semibalanced' || text === 'semi-balanced') {
    const sorted = text === 'balanced' ? BALANCED : SEMIBALANCED;
    return (lengths) => sorted.includes([...lengths].sort((a, b) => b - a).join(''));
  }
  const any = text.startsWith('any ');
  const digits = any ? text.slice(4).trim() : text;
  if (!/^[0-9x]{4}$/.test(digits)) {
    throw new RangeError(
      `a shape is four lengths or x ('4333', '5xxx'), optionally after 'any', or balanced/semibalanced, joined by '+' or '-'; got ${describeValue(part.trim())} in ${describeValue(whole)}`,
    );
  }
  const want = [...digits].map((ch) => (ch === 'x' ? -1 : Number(ch)));
  const fixed = want.filter((n) => n >= 0).reduce((a, b) => a + b, 0);
  if (fixed > 13 || (!want.includes(-1) && fixed !== 13)) {
    throw new RangeError(`a shape's lengths must add up to 13; got ${describeValue(part.trim())} in ${describeValue(whole)}`);
  }
  const fits = (lengths: readonly number[], order: readonly number[]): boolean => order.every((n, i) => n < 0 || lengths[i] === n);
  if (!any) return (lengths) => fits(lengths, want);
  const orders = permutations(want);
  return (lengths) => orders.some((order) => fits(lengths, order));
}

function permutations(items: readonly number[]): number[][] {
  if (items.length <= 1) return [items.slice()];
  const out: number[][] = [];
  items.forEach((item, i) => {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) out.push([item, ...rest]);
  });
  return out;
}

/** The set of length codes a shape pattern allows. @internal */
export function shapeCodes(pattern: ShapePattern): Set<number> {
  if (typeof pattern !== 'string') throw new TypeError(`a shape must be a string such as 'any 4333'; got ${describeValue(pattern)}`);
  // Dealer's lists: parts joined by '+' (or ',') are allowed, parts after '-' are taken out again, left to right.
  const parts = pattern.split(/([+,-])/);
  const steps: { add: boolean; test: (lengths: readonly number[]) => boolean }[] = [];
  for (let i = 0; i < parts.length; i += 2) steps.push({ add: i === 0 || parts[i - 1] !== '-', test: compileOne(parts[i]!, pattern) });
  const codes = new Set<number>();
  for (const p of allPatterns()) {
    let allowed = false;
    for (const { add, test } of steps) if (allowed !== add && test(p)) allowed = add;
    if (allowed) codes.add(code(p[0]!, p[1]!, p[2]!, p[3]!));
  }
  return codes;
}

/** The length code of four suit lengths. @internal */
export const lengthCode = code;

/** Whether a deal's seat, or a hand, has the shape: `hasShape(deal, 'N', 'any 4333 + any 5332')`. */
export function hasShape(source: Deal | HandInput, seat: SeatName | undefined, pattern: ShapePattern): boolean {
  const codes = shapeCodes(pattern);
  const [s, h, d, c] = suitLengths(source, seat);
  return codes.has(code(s, h, d, c));
}

/** The shape of a deal's seat or a hand, lengths sorted long first (`'5431'`). */
export function shapeOf(source: Deal | HandInput, seat?: SeatName): string {
  return suitLengths(source, seat).sort((a, b) => b - a).join('');
}
