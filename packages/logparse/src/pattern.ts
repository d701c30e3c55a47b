// Patterns for `exclude`, matched in linear time: the JavaScript regular-expression syntax people use in excludes
// (literals, `.`, classes, `^ $ \b \B`, groups, `|`, `* + ? {m,n}`), compiled to a Thompson NFA and run as a Pike VM
// (every thread advances one character at a time), so a match costs at most (text length × program size) steps
// whatever the pattern: `(a+)+$` cannot backtrack. Backreferences and lookaround need backtracking and are refused.
import { describeValue } from './errors.js';
import { A_BOL, A_EOL, A_WORD, Parser, type CharSet, type Node } from './regex.js';

/** A compiled `exclude` pattern: `test(text)` is true when the pattern matches somewhere in `text`. */
export interface Pattern {
  /** The pattern as written. */
  readonly source: string;
  /** True when the pattern matches somewhere in `text` (like `RegExp.prototype.test`), in linear time. */
  test(text: string): boolean;
}

/** The most instructions a compiled pattern may have (repetition counts multiply the size of what they repeat). */
export const MAX_PATTERN_SIZE = 10_000;

// Instructions.
const OP_SET = 0;
const OP_SPLIT = 1;
const OP_JMP = 2;
const OP_ASSERT = 3;
const OP_MATCH = 4;

class Program {
  readonly ops: number[] = [];
  readonly a: number[] = [];
  readonly b: number[] = [];
  readonly sets: CharSet[] = [];
  readonly #source: string;

  constructor(source: string) {
    this.#source = source;
  }

  emit(op: number, a = 0, b = 0): number {
    if (this.ops.length >= MAX_PATTERN_SIZE) {
      throw new TypeError(
        `the pattern ${describeValue(this.#source)} is too large for the linear-time matcher (over ${MAX_PATTERN_SIZE} instructions: use smaller repetition counts)`,
      );
    }
    this.ops.push(op);
    this.a.push(a);
    this.b.push(b);
    return this.ops.length - 1;
  }

  compile(node: Node): void {
    switch (node.t) {
      case 'set':
        this.sets.push(node.set);
        this.emit(OP_SET, this.sets.length - 1);
        return;
      case 'assert':
        this.emit(OP_ASSERT, node.kind);
        return;
      case 'cat':
        for (const item of node.items) this.compile(item);
        return;
      case 'alt': {
        // SPLIT L1, next; L1: item; JMP end; next: SPLIT …
        const jumps: number[] = [];
        for (let k = 0; k < node.items.length; k++) {
          if (k < node.items.length - 1) {
            const split = this.emit(OP_SPLIT);
            this.a[split] = split + 1;
            this.compile(node.items[k]!);
            jumps.push(this.emit(OP_JMP));
            this.b[split] = this.ops.length;
          } else this.compile(node.items[k]!);
        }
        for (const j of jumps) this.a[j] = this.ops.length;
        return;
      }
      case 'rep': {
        const { min, max } = node;
        for (let k = 0; k < min; k++) this.compile(node.node);
        if (max === Infinity) {
          // L: SPLIT body, end; body; JMP L; end:
          const split = this.emit(OP_SPLIT);
          this.a[split] = split + 1;
          this.compile(node.node);
          this.emit(OP_JMP, split);
          this.b[split] = this.ops.length;
        } else {
          // Optional copies, each skipping to the end: SPLIT body, end; body; SPLIT body, end; body; … end:
          const splits: number[] = [];
          for (let k = min; k < max; k++) {
            const split = this.emit(OP_SPLIT);
            this.a[split] = split + 1;
            splits.push(split);
            this.compile(node.node);
          }
          for (const split of splits) this.b[split] = this.ops.length;
        }
        return;
      }
    }
  }
}

function isWordChar(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || code === 0x5f || (code >= 0x61 && code <= 0x7a);
}

/** The compiled matcher: a Pike VM over the program's instructions. */
class LinearPattern implements Pattern {
  readonly source: string;
  readonly #ops: Int32Array;
  readonly #a: Int32Array;
  readonly #b: Int32Array;
  /** Per instruction with a set: 1 when an ASCII code unit is in it, for codes 0–127 (row = set index × 128). */
  readonly #ascii: Uint8Array;
  readonly #sets: CharSet[];
  readonly #marks: Int32Array;
  #lists: [Int32Array, Int32Array];
  readonly #stack: Int32Array;
  #generation = 0;

  constructor(source: string, program: Program) {
    this.source = source;
    this.#ops = Int32Array.from(program.ops);
    this.#a = Int32Array.from(program.a);
    this.#b = Int32Array.from(program.b);
    this.#sets = program.sets;
    this.#ascii = new Uint8Array(program.sets.length * 128);
    program.sets.forEach((set, k) => {
      for (let c = 0; c < 128; c++) this.#ascii[k * 128 + c] = LinearPattern.#inSet(set, c) ? 1 : 0;
    });
    const n = this.#ops.length;
    this.#marks = new Int32Array(n);
    this.#lists = [new Int32Array(n), new Int32Array(n)];
    // Each instruction is pushed at most once per closure, and SPLIT pushes two.
    this.#stack = new Int32Array(2 * n + 2);
  }

  static #inSet(set: CharSet, code: number): boolean {
    const r = set.ranges;
    let inside = false;
    for (let k = 0; k < r.length; k += 2) {
      if (code >= r[k]! && code <= r[k + 1]!) {
        inside = true;
        break;
      }
    }
    return inside !== set.negated;
  }

  /**
   * Adds the threads reachable from `pc` without reading a character (at position `pos` of `text`) to `list`, from
   * `count` on; returns the new count, or -1 when MATCH is reached.
   */
  #close(list: Int32Array, count: number, pc: number, text: string, pos: number): number {
    const ops = this.#ops;
    const marks = this.#marks;
    const stack = this.#stack;
    const generation = this.#generation;
    let top = 0;
    stack[top++] = pc;
    while (top > 0) {
      const at = stack[--top]!;
      if (marks[at] === generation) continue;
      marks[at] = generation;
      switch (ops[at]) {
        case OP_SET:
          list[count++] = at;
          break;
        case OP_JMP:
          stack[top++] = this.#a[at]!;
          break;
        case OP_SPLIT:
          stack[top++] = this.#b[at]!;
          stack[top++] = this.#a[at]!;
          break;
        case OP_ASSERT: {
          const kind = this.#a[at]!;
          let holds: boolean;
          if (kind === A_BOL) holds = pos === 0;
          else if (kind === A_EOL) holds = pos === text.length;
          else {
            const before = pos > 0 && isWordChar(text.charCodeAt(pos - 1));
            const after = pos < text.length && isWordChar(text.charCodeAt(pos));
            holds = (before !== after) === (kind === A_WORD);
          }
          if (holds) stack[top++] = at + 1;
          break;
        }
        case OP_MATCH:
          return -1;
      }
    }
    return count;
  }

  test(text: string): boolean {
    if (typeof text !== 'string') throw new TypeError(`a pattern tests a string; got ${describeValue(text)}`);
    const a = this.#a;
    const ascii = this.#ascii;
    let [current, next] = this.#lists;
    this.#generation++;
    let count = this.#close(current, 0, 0, text, 0);
    if (count < 0) return true;
    const n = text.length;
    for (let pos = 0; pos < n; pos++) {
      const code = text.charCodeAt(pos);
      this.#generation++;
      let nextCount = 0;
      for (let k = 0; k < count; k++) {
        const pc = current[k]!;
        const set = a[pc]!;
        const inside = code < 128 ? ascii[set * 128 + code] === 1 : LinearPattern.#inSet(this.#sets[set]!, code);
        if (inside) {
          nextCount = this.#close(next, nextCount, pc + 1, text, pos + 1);
          if (nextCount < 0) return true;
        }
      }
      // A match may start at any position.
      nextCount = this.#close(next, nextCount, 0, text, pos + 1);
      if (nextCount < 0) return true;
      const swap = current;
      current = next;
      next = swap;
      count = nextCount;
    }
    return false;
  }
}

/**
 * Compiles a pattern in JavaScript's regular-expression syntax (no flags) for linear-time matching; throws a
 * TypeError naming the pattern when it is not valid JavaScript or uses backreferences or lookaround.
 */
export function compilePattern(source: string): Pattern {
  if (typeof source !== 'string') throw new TypeError(`a pattern must be a string; got ${describeValue(source)}`);
  try {
    new RegExp(source);
  } catch (error) {
    throw new TypeError(`not a valid regular expression: ${describeValue(source)} (${(error as Error).message.replace(/^Invalid regular expression: \/.*\/: /s, '')})`);
  }
  const program = new Program(source);
  program.compile(new Parser(source).parse());
  program.emit(OP_MATCH);
  return new LinearPattern(source, program);
}

