// Conditions as text: `hcp(north) >= 15 && hcp(north) <= 17 && balanced(north)`. Functions hcp, spades, hearts,
// diamonds, clubs, losers, controls (of a seat), balanced, semibalanced (of a seat), shape(seat, "any 4333"); numbers;
// + - * / %; comparisons; && || ! and, or, not; parentheses. Compiles to constraint data where it can (so it is
// countable) and to a predicate otherwise. A divisor that is zero for every deal (`/ 0`, `% (2 - 2)`) is refused when
// the condition is read; one that is zero for some deals only (`/ spades(north)`) gives 0 there. Nesting (parentheses
// and unary operators) is limited to 100 levels and a syntax tree to 1,000 levels, so that no recursion over it can
// exhaust the stack.
import type { Constraint, SeatConstraint } from './constraint.js';
import type { Deal } from '../numbering/deal.js';
import { describeValue } from '../errors.js';
import { dealMasks, seatIndex, suitTables } from './evaluate.js';
import { lengthCode, shapeCodes } from './shape.js';

/** A condition's syntax tree. @internal */
export type Node =
  | { kind: 'number'; value: number }
  | { kind: 'call'; name: string; seat: number; shape?: Set<number>; pattern?: string }
  | { kind: 'not'; operand: Node }
  | { kind: 'binary'; op: string; left: Node; right: Node };

const SEAT_FUNCTIONS = ['hcp', 'spades', 'hearts', 'diamonds', 'clubs', 'losers', 'controls', 'balanced', 'semibalanced', 'shape'];
const SEAT_WORDS = ['north', 'east', 'south', 'west'];

function fail(text: string, at: number, what: string): never {
  throw new RangeError(`cannot read the condition at position ${at + 1} (${what}): ${describeValue(text)}`);
}

interface Token {
  type: 'num' | 'word' | 'str' | 'op' | 'end';
  text: string;
  at: number;
  /** Where the token ends (exclusive). */
  end: number;
}

/** The most levels of parentheses and unary operators (`!`, `not`, `-`) inside one another. */
const MAX_NESTING = 100;
/** The most levels of a syntax tree (a chain of n binary operators is n levels), so recursion over it stays shallow. */
export const MAX_TREE_HEIGHT = 1000;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d+)|([A-Za-z_][A-Za-z_0-9]*)|"([^"]*)"|(&&|\|\||==|!=|<=|>=|[-+*/%<>()!,]))/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(text);
    if (m === null) fail(text, at + (text.slice(at).length - text.slice(at).trimStart().length), `unexpected character ${describeValue(text.slice(at).trimStart()[0])}`);
    const start = re.lastIndex - m[0].trimStart().length;
    const end = re.lastIndex;
    if (m[1] !== undefined) tokens.push({ type: 'num', text: m[1], at: start, end });
    else if (m[2] !== undefined) tokens.push({ type: 'word', text: m[2].toLowerCase(), at: start, end });
    else if (m[3] !== undefined) tokens.push({ type: 'str', text: m[3], at: start, end });
    else tokens.push({ type: 'op', text: m[4]!, at: start, end });
    at = re.lastIndex;
  }
  tokens.push({ type: 'end', text: '', at: text.length, end: text.length });
  return tokens;
}

/** Parses a condition into its syntax tree; a RangeError names the position and the construct. @internal */
export function parseCondition(text: string): Node {
  if (typeof text !== 'string') throw new TypeError(`a condition must be a string; got ${describeValue(text)}`);
  if (text.length > 10_000) throw new RangeError(`a condition must be at most 10,000 characters; got ${text.length}`);
  const tokens = tokenize(text);
  let i = 0;
  let depth = 0;
  const peek = (): Token => tokens[i]!;
  const isOp = (...ops: string[]): boolean => {
    const t = peek();
    return (t.type === 'op' && ops.includes(t.text)) || (t.type === 'word' && ops.includes(t.text));
  };
  const expect = (op: string, what: string): void => {
    if (!isOp(op)) fail(text, peek().at, `expected ${what}, found ${peek().type === 'end' ? 'the end' : describeValue(peek().text)}`);
    i++;
  };
  // Each node's height and whether it is a constant (no function of a seat), to refuse trees too tall to walk
  // recursively and divisors that are zero for every deal.
  const height = new WeakMap<Node, number>();
  const constant = new WeakSet<Node>();
  const made = (node: Node, at: number, ...children: Node[]): Node => {
    const h = 1 + Math.max(0, ...children.map((child) => height.get(child) ?? 1));
    if (h > MAX_TREE_HEIGHT) fail(text, at, `nested too deeply: more than ${MAX_TREE_HEIGHT.toLocaleString('en-US')} levels of operators`);
    height.set(node, h);
    if (node.kind === 'number' || children.every((child) => constant.has(child)) && node.kind !== 'call') constant.add(node);
    return node;
  };
  const nest = (at: number, what: string): void => {
    if (++depth > MAX_NESTING) fail(text, at, `${what} nested too deeply: more than ${MAX_NESTING} levels of parentheses and unary operators`);
  };
  const binary = (next: () => Node, ops: string[], norm: (op: string) => string = (op) => op): Node => {
    const first = peek();
    let left = next();
    while (isOp(...ops)) {
      const opToken = tokens[i++]!;
      const op = norm(opToken.text);
      const right = next();
      if ((op === '/' || op === '%') && constant.has(right) && evaluateNode(right, NO_MASKS) === 0) {
        const what = op === '/' ? 'division by zero' : 'remainder of a division by zero';
        fail(text, opToken.at, `${what} in ${describeValue(text.slice(first.at, tokens[i - 1]!.end))}; a divisor must not be 0 for every deal`);
      }
      left = made({ kind: 'binary', op, left, right }, opToken.at, left, right);
    }
    return left;
  };
  const or = (): Node => binary(and, ['||', 'or'], () => '||');
  const and = (): Node => binary(not, ['&&', 'and'], () => '&&');
  const not = (): Node => {
    if (isOp('!', 'not')) {
      const t = tokens[i++]!;
      nest(t.at, `${describeValue(t.text)}`);
      const operand = not();
      depth--;
      return made({ kind: 'not', operand }, t.at, operand);
    }
    return binary(sum, ['==', '!=', '<', '<=', '>', '>=']);
  };
  const sum = (): Node => binary(product, ['+', '-']);
  const product = (): Node => binary(unary, ['*', '/', '%']);
  const unary = (): Node => {
    if (isOp('-')) {
      const t = tokens[i++]!;
      nest(t.at, "'-'");
      const operand = unary();
      depth--;
      return made({ kind: 'binary', op: '-', left: made({ kind: 'number', value: 0 }, t.at), right: operand }, t.at, operand);
    }
    return primary();
  };
  const primary = (): Node => {
    const t = peek();
    if (t.type === 'num') {
      i++;
      return made({ kind: 'number', value: Number(t.text) }, t.at);
    }
    if (isOp('(')) {
      nest(t.at, 'parentheses');
      i++;
      const inner = or();
      expect(')', "')'");
      depth--;
      return inner;
    }
    if (t.type === 'word') {
      if (!SEAT_FUNCTIONS.includes(t.text)) fail(text, t.at, `unknown function ${describeValue(t.text)}; known: ${SEAT_FUNCTIONS.join(', ')}`);
      i++;
      expect('(', `'(' after ${t.text}`);
      const seatToken = peek();
      if (seatToken.type !== 'word' || !(SEAT_WORDS.includes(seatToken.text) || /^[nesw]$/.test(seatToken.text))) {
        fail(text, seatToken.at, `expected a seat (north, east, south, west) in ${t.text}(…)`);
      }
      i++;
      const node: Node = { kind: 'call', name: t.text, seat: seatIndex(seatToken.text) };
      if (t.text === 'shape') {
        expect(',', "',' and a shape in quotes");
        const pattern = peek();
        if (pattern.type !== 'str') fail(text, pattern.at, 'expected a shape in quotes such as "any 4333"');
        i++;
        try {
          node.shape = shapeCodes(pattern.text);
        } catch (error) {
          fail(text, pattern.at, (error as Error).message);
        }
        node.pattern = pattern.text;
      }
      expect(')', `')' after ${t.text}(…)`);
      return made(node, t.at);
    }
    fail(text, t.at, t.type === 'end' ? 'the condition ends too soon' : `unexpected ${describeValue(t.text)}`);
  };
  const tree = or();
  if (peek().type !== 'end') fail(text, peek().at, `unexpected ${describeValue(peek().text)}`);
  return tree;
}

/** The masks a constant expression is evaluated on (it reads none). */
const NO_MASKS = /* @__PURE__ */ new Uint16Array(16);

/** Evaluates a syntax tree on a deal's 16 suit masks (booleans as 1 and 0). @internal */
export function evaluateNode(node: Node, m: Uint16Array): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'not':
      return evaluateNode(node.operand, m) ? 0 : 1;
    case 'call': {
      const { length, hcp, losers, controls } = suitTables();
      const b = node.seat * 4;
      const suit = ['spades', 'hearts', 'diamonds', 'clubs'].indexOf(node.name);
      if (suit >= 0) return length[m[b + suit]!]!;
      const table = node.name === 'hcp' ? hcp : node.name === 'losers' ? losers : node.name === 'controls' ? controls : undefined;
      if (table !== undefined) return table[m[b]!]! + table[m[b + 1]!]! + table[m[b + 2]!]! + table[m[b + 3]!]!;
      const codes = node.shape ?? shapeCodes(node.name);
      return codes.has(lengthCode(length[m[b]!]!, length[m[b + 1]!]!, length[m[b + 2]!]!, length[m[b + 3]!]!)) ? 1 : 0;
    }
    case 'binary': {
      const l = evaluateNode(node.left, m);
      if (node.op === '&&') return l && evaluateNode(node.right, m) ? 1 : 0;
      if (node.op === '||') return l || evaluateNode(node.right, m) ? 1 : 0;
      const r = evaluateNode(node.right, m);
      switch (node.op) {
        case '+': return l + r;
        case '-': return l - r;
        case '*': return l * r;
        case '/': return r === 0 ? 0 : Math.trunc(l / r);
        case '%': return r === 0 ? 0 : l % r;
        case '==': return l === r ? 1 : 0;
        case '!=': return l !== r ? 1 : 0;
        case '<': return l < r ? 1 : 0;
        case '<=': return l <= r ? 1 : 0;
        case '>': return l > r ? 1 : 0;
        default: return l >= r ? 1 : 0;
      }
    }
  }
}

const FLIP: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==' };
const RANGE_FIELDS: Record<string, number> = { hcp: 37, spades: 13, hearts: 13, diamonds: 13, clubs: 13, losers: 12, controls: 12 };

const isShapeCall = (node: Node): node is Extract<Node, { kind: 'call' }> =>
  node.kind === 'call' && (node.name === 'balanced' || node.name === 'semibalanced' || node.name === 'shape');

/** A shape pattern that allows exactly the other length patterns: dealer's list read left to right, every sign flipped. */
function complementOf(pattern: string): string {
  return `xxxx - ${pattern.replace(/[+,-]/g, (sign) => (sign === '-' ? '+' : '-'))}`;
}

/** The length patterns of a set of codes written out ('4333 + 3433 + …'), or undefined when one has a suit of 10 or more. */
function writtenOut(codes: ReadonlySet<number>): string | undefined {
  const parts: string[] = [];
  for (const code of [...codes].sort((x, y) => x - y)) {
    const lengths = [Math.floor(code / 2744), Math.floor(code / 196) % 14, Math.floor(code / 14) % 14, code % 14];
    if (lengths.some((n) => n > 9)) return undefined;
    parts.push(lengths.join(''));
  }
  // No pattern at all: one taken out again, which nothing satisfies.
  return parts.length === 0 ? '4333 - 4333' : parts.join(' + ');
}

/** Turns a conjunction of simple comparisons into constraint data, or undefined when it is anything else. */
function asData(node: Node, data: Record<string, Record<string, [number, number] | string>>): boolean {
  if (node.kind === 'binary' && node.op === '&&') return asData(node.left, data) && asData(node.right, data);
  // A shape, or the negation of one (`!balanced(north)`: every other pattern); two on one seat allow what both allow.
  const negated = node.kind === 'not' && isShapeCall(node.operand);
  const call = negated ? (node as { operand: Node }).operand : node;
  if (isShapeCall(call)) {
    const seat = (data[SEAT_WORDS[call.seat]!] ??= {});
    const own = call.name === 'shape' ? call.pattern! : call.name;
    const pattern = negated ? complementOf(own) : own;
    if (seat.shape === undefined) {
      seat.shape = pattern;
      return true;
    }
    const before = shapeCodes(seat.shape as string);
    const both = writtenOut(new Set([...shapeCodes(pattern)].filter((code) => before.has(code))));
    if (both === undefined) return false;
    seat.shape = both;
    return true;
  }
  if (node.kind !== 'binary' || FLIP[node.op] === undefined) return false;
  let { left, right, op } = node;
  if (left.kind === 'number' && right.kind === 'call') [left, right, op] = [right, left, FLIP[op]!];
  if (left.kind !== 'call' || right.kind !== 'number' || RANGE_FIELDS[left.name] === undefined) return false;
  const max = RANGE_FIELDS[left.name]!;
  const v = right.value;
  const [lo, hi] = op === '==' ? [v, v] : op === '<' ? [0, v - 1] : op === '<=' ? [0, v] : op === '>' ? [v + 1, max] : [v, max];
  const seat = (data[SEAT_WORDS[left.seat]!] ??= {});
  const old = (seat[left.name] as [number, number] | undefined) ?? [0, max];
  seat[left.name] = [Math.max(old[0], lo, 0), Math.min(old[1], hi, max)];
  return true;
}

/** A condition compiled: its constraint (data where possible, else a predicate) and whether it became data. */
export interface CompiledCondition {
  /** The constraint, for `matches`, `countDeals` and `sampleDeals`. */
  constraint: Constraint;
  /** True when the condition became constraint data (so `countDeals` may count it). */
  isData: boolean;
  /** Why no deal can satisfy it, when its ranges leave nothing (`hcp(north) > 30 && hcp(north) < 20`); the constraint is then `{ or: [] }`, which counts 0. */
  impossible?: string;
}

/** Whether a syntax tree reads no seat (so it is the same for every deal). */
function isConstant(node: Node): boolean {
  // Iterative, as every walk of a tree here is bounded by MAX_TREE_HEIGHT anyway; this one needs no stack at all.
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind === 'call') return false;
    if (n.kind === 'not') stack.push(n.operand);
    else if (n.kind === 'binary') stack.push(n.left, n.right);
  }
  return true;
}

/** The alternatives of a condition joined by `||` (one when there is none). */
function alternatives(node: Node): Node[] {
  const parts: Node[] = [];
  let n = node;
  for (; n.kind === 'binary' && n.op === '||'; n = n.left) parts.push(n.right);
  parts.push(n);
  return parts.reverse();
}

/** One alternative as constraint data, or why no deal satisfies it, or undefined when it is not data. */
function dataOf(node: Node): { data: Record<string, SeatConstraint> } | { impossible: string } | undefined {
  if (isConstant(node)) {
    return evaluateNode(node, NO_MASKS) === 0 ? { impossible: 'it is always false' } : { data: {} };
  }
  const data: Record<string, Record<string, [number, number] | string>> = {};
  if (!asData(node, data)) return undefined;
  for (const [seat, fields] of Object.entries(data)) {
    for (const [key, value] of Object.entries(fields)) {
      if (Array.isArray(value) && value[0] > value[1]) return { impossible: `${seat}.${key} would have to be from ${value[0]} to ${value[1]}` };
    }
  }
  return { data: data as Record<string, SeatConstraint> };
}

/** Compiles a condition such as `hcp(north) >= 15 && balanced(north)` into a constraint; a RangeError names the position. */
export function compileCondition(text: string): CompiledCondition {
  const tree = parseCondition(text);
  // Alternatives joined by || that no deal satisfies drop out; when none is left the condition is impossible (counts
  // 0 and is refused at once), and when one is left that is data, the condition is that data (countable).
  const parts = alternatives(tree).map(dataOf);
  const possible = parts.filter((part) => part === undefined || 'data' in part);
  if (possible.length === 0) {
    const reasons = parts.map((part) => (part as { impossible: string }).impossible);
    const impossible = reasons.length === 1 ? reasons[0]! : `no alternative can hold (${reasons.join('; ')})`;
    return { constraint: { or: [] }, isData: true, impossible };
  }
  if (possible.length === 1 && possible[0] !== undefined) return { constraint: (possible[0] as { data: Record<string, SeatConstraint> }).data, isData: true };
  const masks = new Uint16Array(16);
  const predicate = (deal: Deal): boolean => evaluateNode(tree, dealMasks(deal, masks)) !== 0;
  return { constraint: predicate, isData: false };
}
