// The syntax of `exclude` patterns: JavaScript's regular expressions without flags (web syntax, as `new RegExp`
// reads them), parsed into a small tree of character sets, assertions, sequences, alternations and repetitions.
// Constructs that need backtracking (backreferences, lookaround) are refused by name.
import { describeValue } from './errors.js';

/** A set of UTF-16 code units: sorted, disjoint inclusive ranges, possibly negated. @internal */
export interface CharSet {
  ranges: number[];
  negated: boolean;
}

/** A parsed pattern. @internal */
export type Node =
  | { t: 'set'; set: CharSet }
  | { t: 'assert'; kind: number }
  | { t: 'cat'; items: Node[] }
  | { t: 'alt'; items: Node[] }
  | { t: 'rep'; node: Node; min: number; max: number };

/** Assertions: start and end of the text, word boundary and its opposite. @internal */
export const A_BOL = 0;
export const A_EOL = 1;
export const A_WORD = 2;
export const A_NOT_WORD = 3;

const DIGITS: number[] = [0x30, 0x39];
const WORD: number[] = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
// JavaScript's \s: WhiteSpace and LineTerminator.
const SPACE: number[] = [
  0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f,
  0x3000, 0x3000, 0xfeff, 0xfeff,
];
const LINE_TERMINATORS: number[] = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029];

const SUPPORTED = 'literals, ., [classes], ^ $ \\b \\B, groups, |, * + ? {m,n}';

function refuse(source: string, what: string): never {
  throw new TypeError(`the pattern ${describeValue(source)} uses ${what}, which the linear-time matcher does not support (it supports ${SUPPORTED})`);
}

/** Sorted, merged ranges. */
function normalise(ranges: number[]): number[] {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i]!, ranges[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    if (out.length > 0 && lo <= out[out.length - 1]! + 1) out[out.length - 1] = Math.max(out[out.length - 1]!, hi);
    else out.push(lo, hi);
  }
  return out;
}

/** The complement of normalised ranges within [0, 0xffff]. */
function complement(ranges: number[]): number[] {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    if (ranges[i]! > next) out.push(next, ranges[i]! - 1);
    next = ranges[i + 1]! + 1;
  }
  if (next <= 0xffff) out.push(next, 0xffff);
  return out;
}

const single = (code: number): Node => ({ t: 'set', set: { ranges: [code, code], negated: false } });

const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9a-fA-F]$/.test(c);

/**
 * The deepest nesting of groups a pattern may have: the parser and the compiler recurse once per level, and a pattern
 * nested thousands deep would otherwise end in a stack overflow instead of a message.
 */
export const MAX_GROUP_DEPTH = 256;

/** A recursive-descent parser for the supported subset (the pattern was already checked by `new RegExp`). */
export class Parser {
  readonly #s: string;
  #i = 0;
  #depth = 0;

  constructor(source: string) {
    this.#s = source;
  }

  parse(): Node {
    const node = this.#alternation();
    if (this.#i < this.#s.length) refuse(this.#s, `${describeValue(this.#s[this.#i]!)} where it is not understood`);
    return node;
  }

  #alternation(): Node {
    const items = [this.#sequence()];
    while (this.#s[this.#i] === '|') {
      this.#i++;
      items.push(this.#sequence());
    }
    return items.length === 1 ? items[0]! : { t: 'alt', items };
  }

  #sequence(): Node {
    const items: Node[] = [];
    const s = this.#s;
    while (this.#i < s.length && s[this.#i] !== '|' && s[this.#i] !== ')') {
      const atom = this.#atom();
      if (atom === null) continue;
      items.push(this.#quantified(atom));
    }
    return { t: 'cat', items };
  }

  /** `{m}`, `{m,}`, `{m,n}` at the current position, or null when the brace is a literal (as JavaScript reads it). */
  #braces(): { min: number; max: number; length: number } | null {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.#s.slice(this.#i));
    if (match === null) return null;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
    return { min, max, length: match[0].length };
  }

  #quantified(atom: Node): Node {
    const s = this.#s;
    let node = atom;
    for (;;) {
      const c = s[this.#i];
      let min: number;
      let max: number;
      if (c === '*' || c === '+' || c === '?') {
        min = c === '+' ? 1 : 0;
        max = c === '?' ? 1 : Infinity;
        this.#i++;
      } else if (c === '{') {
        const b = this.#braces();
        if (b === null) return node;
        min = b.min;
        max = b.max;
        this.#i += b.length;
      } else return node;
      // A lazy quantifier matches the same texts as a greedy one: `test` only asks whether there is a match.
      if (s[this.#i] === '?') this.#i++;
      if (node.t === 'assert') {
        // `^*` and the like are syntax errors in JavaScript; kept as they are in case an engine allows them.
        if (min === 0) node = { t: 'cat', items: [] };
        continue;
      }
      node = { t: 'rep', node, min, max };
    }
  }

  /** One atom, or null for a construct that matched nothing and was consumed. */
  #atom(): Node {
    const s = this.#s;
    const c = s[this.#i]!;
    switch (c) {
      case '^':
        this.#i++;
        return { t: 'assert', kind: A_BOL };
      case '$':
        this.#i++;
        return { t: 'assert', kind: A_EOL };
      case '.':
        this.#i++;
        return { t: 'set', set: { ranges: LINE_TERMINATORS, negated: true } };
      case '(': {
        this.#i++;
        if (s[this.#i] === '?') {
          const next = s[this.#i + 1];
          if (next === ':') this.#i += 2;
          else if (next === '=' || next === '!') refuse(s, `a lookahead '(?${next}'`);
          else if (next === '<' && (s[this.#i + 2] === '=' || s[this.#i + 2] === '!')) refuse(s, `a lookbehind '(?<${s[this.#i + 2]}'`);
          else if (next === '<') {
            const close = s.indexOf('>', this.#i);
            this.#i = close + 1;
          } else refuse(s, `the group '(?${next ?? ''}'`);
        }
        if (++this.#depth > MAX_GROUP_DEPTH) {
          throw new TypeError(`the pattern ${describeValue(s)} nests groups more than ${MAX_GROUP_DEPTH} deep; expected at most ${MAX_GROUP_DEPTH} levels`);
        }
        const inner = this.#alternation();
        if (s[this.#i] !== ')') refuse(s, 'an unclosed group');
        this.#i++;
        this.#depth--;
        return inner;
      }
      case '[':
        return this.#class();
      case '\\':
        return this.#escape();
      case '*':
      case '+':
      case '?':
        return refuse(s, `a quantifier ${describeValue(c)} with nothing before it`);
      case '{':
        if (this.#braces() !== null) refuse(s, "a quantifier '{' with nothing before it");
        this.#i++;
        return single(0x7b);
      default:
        this.#i++;
        return single(c.charCodeAt(0));
    }
  }

  /** An escape outside a class. */
  #escape(): Node {
    const s = this.#s;
    const c = s[this.#i + 1];
    if (c === undefined) refuse(s, 'a lone backslash at the end');
    if (c === 'b' || c === 'B') {
      this.#i += 2;
      return { t: 'assert', kind: c === 'b' ? A_WORD : A_NOT_WORD };
    }
    const set = this.#classEscape();
    if (set !== null) return { t: 'set', set };
    return single(this.#characterEscape(false));
  }

  /** `\d \D \w \W \s \S` at the current position (consumed), or null. */
  #classEscape(): CharSet | null {
    const c = this.#s[this.#i + 1];
    const table: Record<string, [number[], boolean]> = {
      d: [DIGITS, false],
      D: [DIGITS, true],
      w: [WORD, false],
      W: [WORD, true],
      s: [SPACE, false],
      S: [SPACE, true],
    };
    const entry = c === undefined ? undefined : table[c];
    if (entry === undefined) return null;
    this.#i += 2;
    return { ranges: entry[0], negated: entry[1] };
  }

  /** A character escape at the current backslash (consumed); returns its code unit. */
  #characterEscape(inClass: boolean): number {
    const s = this.#s;
    const c = s[this.#i + 1]!;
    const simple: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };
    if (simple[c] !== undefined) {
      this.#i += 2;
      return simple[c]!;
    }
    if (inClass && c === 'b') {
      this.#i += 2;
      return 8;
    }
    if (c >= '0' && c <= '9') {
      if (c === '0' && !(s[this.#i + 2]! >= '0' && s[this.#i + 2]! <= '9')) {
        this.#i += 2;
        return 0;
      }
      refuse(s, c === '0' || inClass ? `an octal escape '\\${c}'` : `a backreference '\\${c}'`);
    }
    if (c === 'k') refuse(s, "a named backreference '\\k'");
    if (c === 'x' && isHex(s[this.#i + 2]) && isHex(s[this.#i + 3])) {
      this.#i += 4;
      return parseInt(s.slice(this.#i - 2, this.#i), 16);
    }
    if (c === 'u' && isHex(s[this.#i + 2]) && isHex(s[this.#i + 3]) && isHex(s[this.#i + 4]) && isHex(s[this.#i + 5])) {
      this.#i += 6;
      return parseInt(s.slice(this.#i - 4, this.#i), 16);
    }
    if (c === 'c') {
      const letter = s[this.#i + 2];
      if (letter !== undefined && /^[A-Za-z]$/.test(letter)) {
        this.#i += 3;
        return letter.charCodeAt(0) % 32;
      }
      refuse(s, "a '\\c' escape without a letter");
    }
    // Any other escaped character stands for itself (`\.`, `\/`, and in JavaScript's web syntax `\q` too).
    this.#i += 2;
    return c.charCodeAt(0);
  }

  #class(): Node {
    const s = this.#s;
    this.#i++;
    let negated = false;
    if (s[this.#i] === '^') {
      negated = true;
      this.#i++;
    }
    const ranges: number[] = [];
    // One class atom: a code unit, or a set for \d and the like.
    const atom = (): number | CharSet => {
      if (s[this.#i] === '\\') {
        const set = this.#classEscape();
        if (set !== null) return set;
        if (s[this.#i + 1] === 'c' && !/^[A-Za-z]$/.test(s[this.#i + 2] ?? '')) refuse(s, "a '\\c' escape without a letter");
        return this.#characterEscape(true);
      }
      return s.charCodeAt(this.#i++);
    };
    const add = (a: number | CharSet): void => {
      if (typeof a === 'number') ranges.push(a, a);
      else ranges.push(...(a.negated ? complement(normalise(a.ranges)) : a.ranges));
    };
    while (this.#i < s.length && s[this.#i] !== ']') {
      const first = atom();
      if (s[this.#i] === '-' && this.#i + 1 < s.length && s[this.#i + 1] !== ']') {
        this.#i++;
        const second = atom();
        if (typeof first === 'number' && typeof second === 'number') {
          if (first > second) refuse(s, 'a class range out of order');
          ranges.push(first, second);
        } else {
          // `[\d-z]`: with a class escape on either side the '-' is a literal (JavaScript's web syntax).
          add(first);
          add(0x2d);
          add(second);
        }
      } else add(first);
    }
    if (s[this.#i] !== ']') refuse(s, 'an unclosed class');
    this.#i++;
    return { t: 'set', set: { ranges: normalise(ranges), negated } };
  }
}

