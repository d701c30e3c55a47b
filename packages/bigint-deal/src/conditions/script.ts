// A reader for the common subset of Hans van Staveren's dealer scripts: generate, produce, dealer, vulnerable,
// predeal, pointcount, condition, `name = expression`, and the actions printall, printoneline, printpbn, printew,
// printcompact, printes, print, average and frequency; expressions with hcp, suit lengths, shape, hascard, losers, controls, the alternate counts (tens … c13),
// and/or/not, arithmetic, comparisons and ?:. A condition that is constraint data (ranges of points and suit lengths,
// and shapes, on one or two seats, with predeal) is dealt exactly; anything else by rejection. Whatever it cannot read is a
// RangeError naming the line and the construct, never a silently different meaning.
import type { Constraint, Predeal, SeatConstraint } from './constraint.js';
import { Deal } from '../numbering/deal.js';
import { oneLineOfHolders } from '../numbering/cards.js';
import { describeValue } from '../errors.js';
import { dealMasks, pointTable, suitTables } from './evaluate.js';
import { streamDeals, type SampledDeal } from './sample.js';
import { lengthCode, shapeCodes } from './shape.js';

/** What a script prints for each deal. */
export type ScriptPrint = 'printall' | 'printoneline' | 'printpbn' | 'printew' | 'printcompact';

/** One action of a script: a way to print each deal, or a statistic over the deals. */
export type ScriptAction =
  | {
      kind: ScriptPrint;
      /** The script's line of the action. */
      line: number;
      /** printoneline's optional expression, printed after the hands. */
      value?: (deal: Deal) => number;
    }
  | {
      kind: 'printes';
      /** The script's line of the action. */
      line: number;
      /** Strings and expressions, printed in turn for each deal. */
      parts: (string | ((deal: Deal) => number))[];
    }
  | {
      kind: 'print';
      /** The script's line of the action. */
      line: number;
      /** The seats to print (0 north, 1 east, 2 south, 3 west). */
      seats: number[];
    }
  | {
      kind: 'average';
      /** The label given in the script (empty when none was given). */
      label: string;
      /** The expression as written. */
      text: string;
      /** The script's line of the action. */
      line: number;
      /** The expression averaged over the deals. */
      value: (deal: Deal) => number;
    }
  | {
      kind: 'frequency';
      /** The label given in the script (empty when none was given). */
      label: string;
      /** The expression as written. */
      text: string;
      /** The script's line of the action. */
      line: number;
      /** The lowest value counted in its own row (lower values are counted together, below it). */
      low: number;
      /** The highest value counted in its own row. */
      high: number;
      /** The expression counted over the deals. */
      value: (deal: Deal) => number;
    };

/** A dealer script, read: its limits, its condition as a constraint (predeal included) and its actions. */
export interface DealerScript {
  /** At most this many random deals are tried (dealer's `generate`, default 10,000,000). */
  generate: number;
  /** This many deals are produced (dealer's `produce`; default 40 when printing, else 100,000). */
  produce: number;
  /** The condition and predeal as a constraint: data when countable, so it is dealt exactly. */
  constraint: Constraint;
  /** The actions, in order (printall when the script gives none). */
  actions: ScriptAction[];
  /** The dealer for PBN output (`dealer`), when set. */
  dealer?: 'N' | 'E' | 'S' | 'W';
  /** The vulnerability for PBN output (`vulnerable`), when set. */
  vulnerable?: 'None' | 'NS' | 'EW' | 'All';
  /** True when the script asks for double-dummy tricks (`tricks(seat, strain)`): run it with the `tricks` option. */
  usesTricks?: boolean;
}

interface Token {
  type: 'word' | 'str' | 'op' | 'end';
  text: string;
  line: number;
  at: number;
  end: number;
}

type ScriptNode =
  | { kind: 'num'; value: number }
  | { kind: 'count'; field: 'hcp' | 'length' | 'losers' | 'controls' | 'alt'; seat: number; suit?: number; table: Uint8Array }
  | { kind: 'shape'; seat: number; codes: Set<number>; pattern: string }
  | { kind: 'hascard'; seat: number; suit: number; bit: number }
  | { kind: 'tricks'; seat: number; strain: number }
  | { kind: 'not'; operand: ScriptNode }
  | { kind: 'bin'; op: string; left: ScriptNode; right: ScriptNode }
  | { kind: 'if'; test: ScriptNode; then: ScriptNode; else: ScriptNode };

const SEATS = ['north', 'east', 'south', 'west'];
const SUIT_WORDS: Record<string, number> = { spade: 0, spades: 0, heart: 1, hearts: 1, diamond: 2, diamonds: 2, club: 3, clubs: 3 };
const RANKS = 'AKQJT98765432';
/** Dealer's alternate counts pt0–pt9 and their names, as points per rank (ace first). */
const ALT_COUNTS: Record<string, number[]> = /* @__PURE__ */ altCounts();

function altCounts(): Record<string, number[]> {
  const named: Record<string, number[]> = {
    tens: [0, 0, 0, 0, 1],
    jacks: [0, 0, 0, 1],
    queens: [0, 0, 1],
    kings: [0, 1],
    aces: [1],
    top2: [1, 1],
    top3: [1, 1, 1],
    top4: [1, 1, 1, 1],
    top5: [1, 1, 1, 1, 1],
    c13: [6, 4, 2, 1],
  };
  const all: Record<string, number[]> = { ...named, jack: named.jacks!, queen: named.queens!, king: named.kings!, ace: named.aces! };
  Object.values(named).forEach((values, i) => (all[`pt${i}`] = values));
  return all;
}

/** Dealer constructs this reader does not take, and what they are. */
const UNSUPPORTED: Record<string, string> = {
  altcount: 'altcount (redefining the alternate counts)',
  cccc: 'cccc (the Bridge World hand evaluation)',
  quality: 'quality (the Bridge World suit quality)',
  score: 'score',
  imps: 'imps',
  notrump: 'notrump',
  notrumps: 'notrump',
};

/** The most levels of a syntax tree (a chain of n binary operators is n levels), so recursion over it stays shallow. */
const MAX_TREE_HEIGHT = 1000;
/** The most operations an expression may take for one deal once its names are expanded (a name used twice counts twice). */
const MAX_TREE_SIZE = 100_000;

function fail(line: number, what: string): never {
  throw new RangeError(`cannot read the script at line ${line}: ${what}`);
}

const TOKEN_TYPES = ['word', 'str', 'op', 'end'] as const;

/**
 * The tokens of a script, kept compactly (a few bytes each, in typed arrays, so a script of a million parentheses costs
 * megabytes, not a hundred); `tokenAt(k)` makes one token's object when it is read.
 */
function tokenize(text: string): (k: number) => Token {
  const types = new Uint8Array(text.length + 1);
  const starts = new Int32Array(text.length + 1);
  const ends = new Int32Array(text.length + 1);
  const lines = new Int32Array(text.length + 1);
  let count = 0;
  const tokens = {
    push(token: Omit<Token, 'text'> & { text?: string }): void {
      types[count] = TOKEN_TYPES.indexOf(token.type);
      starts[count] = token.at;
      ends[count] = token.end;
      lines[count] = token.line;
      count++;
    },
  };
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n') {
      line++;
      i++;
    } else if (/\s/.test(ch)) {
      i++;
    } else if (ch === '#' || text.startsWith('//', i)) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) fail(line, 'a comment /* … is never closed');
      for (let j = i; j < end; j++) if (text[j] === '\n') line++;
      i = end + 2;
    } else if (ch === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) fail(line, 'a string "… is never closed');
      tokens.push({ type: 'str', text: text.slice(i + 1, end), line, at: i, end: end + 1 });
      for (let j = i; j < end; j++) if (text[j] === '\n') line++;
      i = end + 1;
    } else if (/[A-Za-z0-9_]/.test(ch)) {
      const m = /[A-Za-z0-9_]+/y;
      m.lastIndex = i;
      const word = m.exec(text)![0];
      tokens.push({ type: 'word', text: word, line, at: i, end: i + word.length });
      i += word.length;
    } else {
      const two = text.slice(i, i + 2);
      const op = ['&&', '||', '==', '!=', '<=', '>='].includes(two) ? two : ch;
      if (!'&&||==!=<=>=<>+-*/%!()?:,='.includes(op)) fail(line, `unexpected character ${describeValue(ch)}`);
      tokens.push({ type: 'op', text: op, line, at: i, end: i + op.length });
      i += op.length;
    }
  }
  tokens.push({ type: 'end', text: '', line, at: text.length, end: text.length });
  return (k) => {
    const at = Math.min(Math.max(k, 0), count - 1);
    const type = TOKEN_TYPES[types[at]!]!;
    const [from, to] = type === 'str' ? [starts[at]! + 1, ends[at]! - 1] : [starts[at]!, ends[at]!];
    return { type, text: text.slice(from, to), line: lines[at]!, at: starts[at]!, end: ends[at]! };
  };
}

/** Reads a dealer script; a RangeError names the line and the construct it cannot read. */
export function parseDealerScript(text: string): DealerScript {
  if (typeof text !== 'string') throw new TypeError(`a dealer script must be a string; got ${describeValue(text)}`);
  if (text.length > 1_000_000) throw new RangeError(`a dealer script must be at most 1,000,000 characters; got ${text.length}`);
  const tokenAt = tokenize(text);
  let i = 0;
  let depth = 0;
  const peek = (): Token => tokenAt(i);
  const shown = (t: Token): string => (t.type === 'end' ? 'the end of the script' : describeValue(t.type === 'str' ? `"${t.text}"` : t.text));
  const isOp = (op: string): boolean => peek().type === 'op' && peek().text === op;
  const word = (): string | undefined => (peek().type === 'word' ? peek().text.toLowerCase() : undefined);
  const expect = (op: string, what: string): void => {
    if (!isOp(op)) fail(peek().line, `expected ${what}, found ${shown(peek())}`);
    i++;
  };
  const definitions = new Map<string, ScriptNode>();
  // Each node's height, size (names expanded) and whether it reads no seat: trees too tall to walk recursively, too
  // large to evaluate for every deal (a name defined as the sum of the previous one twice, 60 times over), and divisors
  // that are zero for every deal are refused here.
  const shapeOf = new WeakMap<ScriptNode, { height: number; size: number; constant: boolean }>();
  const made = (node: ScriptNode, line: number, ...children: ScriptNode[]): ScriptNode => {
    let height = 1;
    let size = 1;
    let constant = node.kind === 'num' || node.kind === 'not' || node.kind === 'bin' || node.kind === 'if';
    for (const child of children) {
      const c = shapeOf.get(child) ?? { height: 1, size: 1, constant: false };
      height = Math.max(height, c.height + 1);
      size += c.size;
      constant &&= c.constant;
    }
    if (height > MAX_TREE_HEIGHT) fail(line, `the expression is nested too deeply: more than ${MAX_TREE_HEIGHT.toLocaleString('en-US')} levels of operators`);
    if (size > MAX_TREE_SIZE) fail(line, `the expression is too large: more than ${MAX_TREE_SIZE.toLocaleString('en-US')} operations for each deal once its names are expanded`);
    shapeOf.set(node, { height, size, constant });
    return node;
  };
  let hcpTable: Uint8Array | undefined;
  let usedHcp = false;
  let usesTricks = false;
  let generate = 10_000_000;
  let produce: number | undefined;
  let condition: ScriptNode | undefined;
  const predeal: Record<string, string[]> = {};
  const actions: ScriptAction[] = [];
  const script: Partial<DealerScript> = {};

  const integer = (what: string): number => {
    let sign = 1;
    if (isOp('-')) {
      i++;
      sign = -1;
    }
    const n = peek();
    if (n.type !== 'word' || !/^\d{1,9}$/.test(n.text)) fail(n.line, `expected ${what}, found ${shown(n)}`);
    i++;
    return sign * Number(n.text);
  };
  const seat = (fn: string): number => {
    const t = peek();
    const q = SEATS.indexOf(word() ?? '');
    if (q < 0) fail(t.line, `expected a seat (north, east, south, west) in ${fn}(…), found ${shown(t)}`);
    i++;
    return q;
  };
  const suit = (fn: string): number => {
    const t = peek();
    const s = SUIT_WORDS[word() ?? ''];
    if (s === undefined) fail(t.line, `expected a suit (spades, hearts, diamonds, clubs) in ${fn}(…), found ${shown(t)}`);
    i++;
    return s;
  };

  // Expressions, by C's precedence: ?: then || && (== !=) (< <= > >=) (+ -) (* / %) and unary ! not -.
  const expression = (): ScriptNode => {
    if (++depth > 200) fail(peek().line, 'the expression is nested too deeply: more than 200 levels of parentheses, ?: and unary operators');
    const test = binary(0);
    let node = test;
    if (isOp('?')) {
      i++;
      const then = expression();
      expect(':', "':' of ?:");
      const otherwise = expression();
      node = made({ kind: 'if', test, then, else: otherwise }, peek().line, test, then, otherwise);
    }
    depth--;
    return node;
  };
  const LEVELS = [['||', 'or'], ['&&', 'and'], ['==', '!='], ['<', '<=', '>', '>='], ['+', '-'], ['*', '/', '%']];
  const binary = (level: number): ScriptNode => {
    if (level === LEVELS.length) return unary();
    const first = peek();
    let left = binary(level + 1);
    for (;;) {
      const t = peek();
      const op = t.type === 'op' ? t.text : (word() ?? '');
      if (!LEVELS[level]!.includes(op)) return left;
      i++;
      const right = binary(level + 1);
      if ((op === '/' || op === '%') && shapeOf.get(right)?.constant === true && compile(right)(NO_MASKS) === 0) {
        const what = op === '/' ? 'division by zero' : 'remainder of a division by zero';
        fail(t.line, `${what} in ${describeValue(text.slice(first.at, tokenAt(i - 1).end))}; a divisor must not be 0 for every deal`);
      }
      left = made({ kind: 'bin', op: op === 'or' ? '||' : op === 'and' ? '&&' : op, left, right }, t.line, left, right);
    }
  };
  const unary = (): ScriptNode => {
    if (++depth > 200) fail(peek().line, 'the expression is nested too deeply: more than 200 levels of parentheses, ?: and unary operators');
    let node: ScriptNode;
    const t = peek();
    if (isOp('!') || word() === 'not') {
      i++;
      const operand = unary();
      node = made({ kind: 'not', operand }, t.line, operand);
    } else if (isOp('-')) {
      i++;
      const operand = unary();
      const zero = made({ kind: 'num', value: 0 }, t.line);
      node = made({ kind: 'bin', op: '-', left: zero, right: operand }, t.line, zero, operand);
    } else {
      node = primary();
    }
    depth--;
    return node;
  };
  const primary = (): ScriptNode => {
    const t = peek();
    if (isOp('(')) {
      i++;
      const inner = expression();
      expect(')', "')'");
      return inner;
    }
    if (t.type !== 'word') fail(t.line, `expected a number, a name or a function, found ${shown(t)}`);
    const name = t.text.toLowerCase();
    if (/^\d+$/.test(name)) {
      i++;
      return made({ kind: 'num', value: Number(name) }, t.line);
    }
    if (definitions.has(t.text)) {
      i++;
      return definitions.get(t.text)!;
    }
    if (UNSUPPORTED[name] !== undefined) fail(t.line, `${UNSUPPORTED[name]} is not supported`);
    const known = name in SUIT_WORDS || name === 'hcp' || /^(control|loser)s?$/.test(name) || name === 'shape' || name === 'hascard' || name === 'tricks' || name in ALT_COUNTS;
    if (!known) fail(t.line, `unknown name ${describeValue(t.text)} (not defined above, and not a function this reader knows)`);
    i++;
    expect('(', `'(' after ${name}`);
    const q = seat(name);
    let node: ScriptNode;
    const { length, losers, controls } = suitTables();
    const optionalSuit = (): number | undefined => {
      if (!isOp(',')) return undefined;
      i++;
      return suit(name);
    };
    if (name in SUIT_WORDS) {
      node = { kind: 'count', field: 'length', seat: q, suit: SUIT_WORDS[name]!, table: length };
    } else if (name === 'hcp') {
      usedHcp = true;
      const s = optionalSuit();
      node = { kind: 'count', field: 'hcp', seat: q, ...(s === undefined ? {} : { suit: s }), table: hcpTable ?? suitTables().hcp };
    } else if (name.startsWith('control') || name.startsWith('loser')) {
      const s = optionalSuit();
      const field = name.startsWith('control') ? 'controls' : 'losers';
      node = { kind: 'count', field, seat: q, ...(s === undefined ? {} : { suit: s }), table: field === 'controls' ? controls : losers };
    } else if (name in ALT_COUNTS) {
      const s = optionalSuit();
      node = { kind: 'count', field: 'alt', seat: q, ...(s === undefined ? {} : { suit: s }), table: pointTable(ALT_COUNTS[name]!) };
    } else if (name === 'tricks') {
      // tricks(seat, strain): the seat's side's double-dummy tricks with the seat declaring (dealer's tricks()).
      expect(',', "',' and a strain (clubs, diamonds, hearts, spades or notrumps) in tricks(…)");
      const strainToken = peek();
      const word = strainToken.type === 'word' ? strainToken.text.toLowerCase() : '';
      const strain = word in SUIT_WORDS ? SUIT_WORDS[word]! : /^(notrumps?|nt)$/.test(word) ? 4 : -1;
      if (strain < 0) fail(strainToken.line, `expected a strain (clubs, diamonds, hearts, spades or notrumps) in tricks(…), found ${shown(strainToken)}`);
      i++;
      usesTricks = true;
      node = { kind: 'tricks', seat: q, strain };
    } else if (name === 'hascard') {
      expect(',', "',' and a card such as AS in hascard(…)");
      const card = peek();
      const m = card.type === 'word' ? /^([AKQJT2-9])([SHDC])$/i.exec(card.text) : null;
      if (m === null) fail(card.line, `expected a card such as AS or TC in hascard(…), found ${shown(card)}`);
      i++;
      node = { kind: 'hascard', seat: q, suit: 'SHDC'.indexOf(m[2]!.toUpperCase()), bit: 1 << RANKS.indexOf(m[1]!.toUpperCase()) };
    } else {
      expect(',', "',' and a shape list in shape(…)");
      const start = peek();
      let pattern = '';
      while (!isOp(')') && peek().type !== 'end') {
        const p = peek();
        if (p.type === 'op' && !['+', '-', ','].includes(p.text)) fail(p.line, `unexpected ${shown(p)} in a shape list`);
        if (p.type === 'str') fail(p.line, `unexpected ${shown(p)} in a shape list`);
        pattern += p.type === 'op' ? ` ${p.text} ` : p.text.toLowerCase() === 'any' ? 'any ' : p.text;
        i++;
      }
      let codes: Set<number>;
      try {
        codes = shapeCodes(pattern);
      } catch (error) {
        fail(start.line, (error as Error).message);
      }
      node = { kind: 'shape', seat: q, codes, pattern: pattern.replace(/\s+/g, ' ').trim() };
    }
    expect(')', `')' after ${name}(…)`);
    return made(node, t.line);
  };

  const predealList = (): void => {
    // predeal north SJ865432, HJ5, D72, C95 west DQ5 …  (also "predeal north, S2")
    const first = peek();
    while (SEATS.includes(word() ?? '')) {
      const q = word()!;
      i++;
      if (isOp(',')) i++;
      const cards: string[] = [];
      for (;;) {
        const t = peek();
        if (t.type !== 'word' || !/^[SHDC][AKQJT2-9]*$/i.test(t.text)) fail(t.line, `expected holdings such as SAQ542, HKJ87 after predeal ${q}, found ${shown(t)}`);
        cards.push(t.text);
        i++;
        if (!isOp(',')) break;
        i++;
      }
      (predeal[q] ??= []).push(...cards);
    }
    if (Object.keys(predeal).length === 0) fail(first.line, `expected a seat after predeal, found ${shown(first)}`);
  };

  const actionList = (): void => {
    for (;;) {
      const t = peek();
      const name = word();
      if (name === undefined) fail(t.line, `expected an action (printall, printoneline, printpbn, printew, printcompact, printes, average, frequency), found ${shown(t)}`);
      i++;
      if (name === 'printall' || name === 'printpbn' || name === 'printew') {
        actions.push({ kind: name, line: t.line });
      } else if (name === 'printoneline' || name === 'printcompact') {
        // An optional expression in parentheses, printed after the hands.
        if (isOp('(')) actions.push({ kind: name, line: t.line, value: evaluator(primary()) });
        else actions.push({ kind: name, line: t.line });
      } else if (name === 'print') {
        // print(north, south): each listed seat's hands of all the deals, on a page of its own, after the run.
        expect('(', "'(' after print");
        const seats: number[] = [];
        for (;;) {
          seats.push(seat('print'));
          if (!isOp(',')) break;
          i++;
        }
        expect(')', "')' after print(…)");
        actions.push({ kind: 'print', line: t.line, seats });
      } else if (name === 'printes') {
        expect('(', "'(' after printes");
        const parts: (string | ((deal: Deal) => number))[] = [];
        for (;;) {
          if (peek().type === 'str') parts.push(tokenAt(i++).text);
          else parts.push(evaluator(expression()));
          if (!isOp(',')) break;
          i++;
        }
        expect(')', "')' after printes(…)");
        actions.push({ kind: 'printes', line: t.line, parts });
      } else if (name === 'average' || name === 'frequency') {
        let label: string | undefined;
        if (peek().type === 'str') label = tokenAt(i++).text;
        const start = peek();
        if (name === 'average') {
          const node = expression();
          actions.push({ kind: 'average', label: label ?? '', text: text.slice(start.at, tokenAt(i - 1).end), line: t.line, value: evaluator(node) });
        } else {
          expect('(', "'(' after frequency");
          const exprStart = peek();
          const node = expression();
          const source = text.slice(exprStart.at, tokenAt(i - 1).end);
          expect(',', "',' and the lowest value in frequency(…)");
          const low = integer('the lowest value');
          expect(',', "',' and the highest value in frequency(…)");
          const high = integer('the highest value');
          if (isOp(',')) fail(peek().line, 'two-dimensional frequency tables are not supported');
          expect(')', "')' after frequency(…)");
          if (high < low || high - low > 10_000) fail(start.line, `frequency bounds must have low <= high, at most 10,000 apart; got ${low} and ${high}`);
          actions.push({ kind: 'frequency', label: label ?? '', text: source, line: t.line, low, high, value: evaluator(node) });
        }
      } else if (UNSUPPORTED[name] !== undefined) {
        fail(t.line, `${UNSUPPORTED[name]} is not supported`);
      } else {
        fail(t.line, `unknown action ${describeValue(tokenAt(i - 1).text)}`);
      }
      if (!isOp(',')) return;
      i++;
      // A trailing comma before the end of the script or the next command is allowed, as dealer allows it.
      if (peek().type === 'end') return;
    }
  };

  while (peek().type !== 'end') {
    const t = peek();
    const name = word();
    if (name === 'generate' || name === 'produce') {
      i++;
      const n = integer(`a number after ${name}`);
      if (n < 1) fail(t.line, `${name} must be at least 1; got ${n}`);
      if (name === 'generate') generate = n;
      else produce = n;
    } else if (name === 'dealer') {
      i++;
      const q = seat('dealer');
      script.dealer = 'NESW'[q] as 'N' | 'E' | 'S' | 'W';
    } else if (name === 'vulnerable') {
      i++;
      const v = word();
      const value = ({ none: 'None', ns: 'NS', ew: 'EW', all: 'All' } as const)[(v ?? '') as 'none'] as 'None' | 'NS' | 'EW' | 'All' | undefined;
      if (value === undefined) fail(peek().line, `expected none, NS, EW or all after vulnerable, found ${shown(peek())}`);
      i++;
      script.vulnerable = value;
    } else if (name === 'predeal') {
      i++;
      predealList();
    } else if (name === 'pointcount') {
      i++;
      const values: number[] = [];
      while (peek().type === 'word' && /^\d+$/.test(peek().text)) values.push(Number(tokenAt(i++).text));
      if (isOp(',')) fail(peek().line, 'pointcount takes numbers separated by spaces');
      if (values.length === 0 || values.length > 13 || values.some((v) => v > 19)) {
        fail(t.line, `pointcount takes 1 to 13 numbers from 0 to 19, ace first; got ${values.length} numbers`);
      }
      if (usedHcp) fail(t.line, 'pointcount must come before the first use of hcp');
      hcpTable = pointTable(values);
    } else if (name === 'condition') {
      i++;
      condition = expression();
    } else if (name === 'action') {
      i++;
      actionList();
    } else if (t.type === 'word' && tokenAt(i + 1).type === 'op' && tokenAt(i + 1).text === '=') {
      if (/^\d/.test(t.text)) fail(t.line, `a name cannot start with a digit: ${describeValue(t.text)}`);
      if (UNSUPPORTED[name!] !== undefined || ['condition', 'action', 'produce', 'generate', 'predeal'].includes(name!)) {
        fail(t.line, `${describeValue(t.text)} is a reserved word`);
      }
      i += 2;
      definitions.set(t.text, expression());
    } else if (name !== undefined && UNSUPPORTED[name] !== undefined) {
      fail(t.line, `${UNSUPPORTED[name]} is not supported`);
    } else if (name !== undefined && ['seed', 'altcount', 'title'].includes(name)) {
      fail(t.line, `the ${name} command is not supported`);
    } else {
      // Dealer lets the word "condition" be left out.
      try {
        condition = expression();
      } catch (error) {
        if (error instanceof RangeError && /expected a number, a name/.test(error.message)) {
          fail(t.line, `expected a command (generate, produce, predeal, pointcount, condition, action, dealer, vulnerable or name = …), found ${shown(t)}`);
        }
        throw error;
      }
    }
  }

  if (actions.length === 0) actions.push({ kind: 'printall', line: 0 });
  const printing = actions.some((a) => a.kind.startsWith('print'));
  const predealHands: Predeal = {};
  for (const [q, holdings] of Object.entries(predeal)) {
    const suits = ['', '', '', ''];
    for (const h of holdings) suits['SHDC'.indexOf(h[0]!.toUpperCase())] += h.slice(1).toUpperCase();
    (predealHands as Record<string, string>)[q] = suits.join('.');
  }
  return {
    generate,
    produce: produce ?? (printing ? 40 : 100_000),
    constraint: constraintOf(condition, predealHands, hcpTable !== undefined),
    actions,
    ...(usesTricks ? { usesTricks } : {}),
    ...script,
  };
}

/** Double-dummy tricks for tricks(seat, strain): the run's provider, with the cells of the deal last asked about. */
let tricksProvider: ScriptRunOptions['tricks'];
const tricksDeal = /* @__PURE__ */ new Uint16Array(16);
const tricksCells = /* @__PURE__ */ new Int8Array(20).fill(-1);
const STRAIN_LETTERS = ['S', 'H', 'D', 'C', 'NT'] as const;

function tricksOn(m: Uint16Array, seat: number, strain: number): number {
  if (tricksProvider === undefined) {
    throw new TypeError('tricks(…) needs double-dummy analysis: give runDealerScript the tricks option (doubleDummyTricks from @puzzles/bigint-deal/double-dummy)');
  }
  let same = true;
  for (let k = 0; k < 16; k++) {
    if (tricksDeal[k] !== m[k]) {
      same = false;
      break;
    }
  }
  if (!same) {
    tricksDeal.set(m);
    tricksCells.fill(-1);
  }
  const cell = strain * 4 + seat;
  if (tricksCells[cell]! < 0) {
    // The masks have the ace at bit 0; PBN lists each suit's ranks from the ace down.
    const hand = (q: number): string =>
      [0, 1, 2, 3].map((suit) => [...RANKS].filter((_, r) => (m[q * 4 + suit]! >> r) & 1).join('')).join('.');
    const pbn = `N:${hand(0)} ${hand(1)} ${hand(2)} ${hand(3)}`;
    tricksCells[cell] = tricksProvider(pbn, SEATS[seat]![0]!.toUpperCase() as 'N' | 'E' | 'S' | 'W', STRAIN_LETTERS[strain]!);
  }
  return tricksCells[cell]!;
}

/** The masks a constant expression is evaluated on (it reads none). */
const NO_MASKS = /* @__PURE__ */ new Uint16Array(16);

/** Each node's function, so a name used many times is compiled once. */
const COMPILED = /* @__PURE__ */ new WeakMap<ScriptNode, (m: Uint16Array) => number>();

/** A syntax tree as a function of a deal's 16 suit masks. */
function compile(node: ScriptNode): (m: Uint16Array) => number {
  let f = COMPILED.get(node);
  if (f === undefined) {
    f = compileNode(node);
    COMPILED.set(node, f);
  }
  return f;
}

function compileNode(node: ScriptNode): (m: Uint16Array) => number {
  switch (node.kind) {
    case 'num': {
      const v = node.value;
      return () => v;
    }
    case 'count': {
      const b = node.seat * 4;
      const table = node.table;
      if (node.suit !== undefined) {
        const at = b + node.suit;
        return (m) => table[m[at]!]!;
      }
      return (m) => table[m[b]!]! + table[m[b + 1]!]! + table[m[b + 2]!]! + table[m[b + 3]!]!;
    }
    case 'shape': {
      const { length } = suitTables();
      const { codes } = node;
      const b = node.seat * 4;
      return (m) => (codes.has(lengthCode(length[m[b]!]!, length[m[b + 1]!]!, length[m[b + 2]!]!, length[m[b + 3]!]!)) ? 1 : 0);
    }
    case 'tricks': {
      const { seat, strain } = node;
      return (m) => tricksOn(m, seat, strain);
    }
    case 'hascard': {
      const at = node.seat * 4 + node.suit;
      const bit = node.bit;
      return (m) => (m[at]! & bit ? 1 : 0);
    }
    case 'not': {
      const f = compile(node.operand);
      return (m) => (f(m) ? 0 : 1);
    }
    case 'if': {
      const [t, a, b] = [compile(node.test), compile(node.then), compile(node.else)];
      return (m) => (t(m) ? a(m) : b(m));
    }
    case 'bin': {
      const l = compile(node.left);
      const r = compile(node.right);
      switch (node.op) {
        case '&&': return (m) => (l(m) && r(m) ? 1 : 0);
        case '||': return (m) => (l(m) || r(m) ? 1 : 0);
        case '+': return (m) => l(m) + r(m);
        case '-': return (m) => l(m) - r(m);
        case '*': return (m) => l(m) * r(m);
        // Integer division and remainder, as dealer's C. A divisor that is 0 for every deal is refused when the script is
        // read; one that is 0 for some deals only (`hcp(north) / spades(north)`) gives 0 there rather than a crash.
        case '/': return (m) => { const d = r(m); return d === 0 ? 0 : Math.trunc(l(m) / d); };
        case '%': return (m) => { const d = r(m); return d === 0 ? 0 : l(m) % d; };
        case '==': return (m) => (l(m) === r(m) ? 1 : 0);
        case '!=': return (m) => (l(m) !== r(m) ? 1 : 0);
        case '<': return (m) => (l(m) < r(m) ? 1 : 0);
        case '<=': return (m) => (l(m) <= r(m) ? 1 : 0);
        case '>': return (m) => (l(m) > r(m) ? 1 : 0);
        default: return (m) => (l(m) >= r(m) ? 1 : 0);
      }
    }
  }
}

/** Each evaluator's function of the 16 suit masks, so a run computes a deal's masks once for all its actions. */
const MASK_FUNCTIONS = /* @__PURE__ */ new WeakMap<(deal: Deal) => number, (m: Uint16Array) => number>();

function evaluator(node: ScriptNode): (deal: Deal) => number {
  const f = compile(node);
  const masks = new Uint16Array(16);
  const value = (deal: Deal): number => f(dealMasks(deal, masks));
  MASK_FUNCTIONS.set(value, f);
  return value;
}

/** A value function on the masks when it is one of ours, else through the deal. */
function onMasks(value: (deal: Deal) => number): (m: Uint16Array, deal: Deal) => number {
  const f = MASK_FUNCTIONS.get(value);
  return f === undefined ? (_m, deal) => value(deal) : (m) => f(m);
}

const FLIP: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==' };
const FIELD_OF: Record<string, { key: (s?: number) => string | undefined; max: number }> = {
  hcp: { key: (s) => (s === undefined ? 'hcp' : undefined), max: 37 },
  length: { key: (s) => ['spades', 'hearts', 'diamonds', 'clubs'][s!], max: 13 },
  losers: { key: (s) => (s === undefined ? 'losers' : undefined), max: 12 },
  controls: { key: (s) => (s === undefined ? 'controls' : undefined), max: 12 },
};

/** Adds a conjunction of simple comparisons and shapes to constraint data; false when it is anything else. */
function asData(node: ScriptNode, data: Record<string, Record<string, [number, number] | string>>, customHcp: boolean): boolean {
  if (node.kind === 'bin' && node.op === '&&') return asData(node.left, data, customHcp) && asData(node.right, data, customHcp);
  if (node.kind === 'shape') {
    const seat = (data[SEATS[node.seat]!] ??= {});
    if (seat.shape !== undefined) return false;
    seat.shape = node.pattern;
    return true;
  }
  if (node.kind !== 'bin' || FLIP[node.op] === undefined) return false;
  let { left, right, op } = node;
  if (left.kind === 'num' && right.kind === 'count') [left, right, op] = [right, left, FLIP[op]!];
  if (left.kind !== 'count' || right.kind !== 'num' || FIELD_OF[left.field] === undefined) return false;
  if (left.field === 'hcp' && customHcp) return false;
  const field = FIELD_OF[left.field]!;
  const key = field.key(left.suit);
  if (key === undefined) return false;
  const v = right.value;
  const [lo, hi] = op === '==' ? [v, v] : op === '<' ? [0, v - 1] : op === '<=' ? [0, v] : op === '>' ? [v + 1, field.max] : [v, field.max];
  const seat = (data[SEATS[left.seat]!] ??= {});
  const old = (seat[key] as [number, number] | undefined) ?? [0, field.max];
  seat[key] = [Math.max(old[0], lo, 0), Math.min(old[1], hi, field.max)];
  return true;
}

/** Whether an expression does not depend on the deal. */
function isConstant(node: ScriptNode): boolean {
  switch (node.kind) {
    case 'num': return true;
    case 'not': return isConstant(node.operand);
    case 'bin': return isConstant(node.left) && isConstant(node.right);
    case 'if': return isConstant(node.test) && isConstant(node.then) && isConstant(node.else);
    default: return false;
  }
}

/** The alternatives of a condition joined by `||` (one when there is none). */
function alternatives(node: ScriptNode): ScriptNode[] {
  const parts: ScriptNode[] = [];
  let n = node;
  for (; n.kind === 'bin' && n.op === '||'; n = n.left) parts.push(n.right);
  parts.push(n);
  return parts.reverse();
}

/** One alternative as constraint data, or why no deal satisfies it, or undefined when it is not data. */
function dataOf(node: ScriptNode, customHcp: boolean): { data: Record<string, SeatConstraint> } | { impossible: string } | undefined {
  if (isConstant(node)) return compile(node)(NO_MASKS) === 0 ? { impossible: 'it is always false' } : undefined;
  const data: Record<string, Record<string, [number, number] | string>> = {};
  if (!asData(node, data, customHcp)) return undefined;
  for (const [seat, fields] of Object.entries(data)) {
    for (const [key, v] of Object.entries(fields)) {
      if (Array.isArray(v) && v[0] > v[1]) return { impossible: `it needs ${seat}.${key} from ${v[0]} to ${v[1]}` };
    }
  }
  return { data: data as Record<string, SeatConstraint> };
}

function constraintOf(condition: ScriptNode | undefined, predeal: Predeal, customHcp: boolean): Constraint {
  const withPredeal = Object.keys(predeal).length > 0 ? { predeal } : {};
  if (condition === undefined) return withPredeal;
  // Impossible alternatives (empty ranges such as hcp(north) > 40, or always false) are said at once, not dealt by
  // rejection for ever; when one alternative is left and it is data, the condition is that data (dealt exactly).
  const parts = alternatives(condition).map((part) => dataOf(part, customHcp));
  const possible = parts.filter((part) => part === undefined || 'data' in part);
  if (possible.length === 0) {
    const reasons = parts.map((part) => (part as { impossible: string }).impossible);
    throw new RangeError(`no deal satisfies the condition: ${reasons.length === 1 ? reasons[0] : `no alternative can hold (${reasons.join('; ')})`}`);
  }
  if (possible.length === 1 && possible[0] !== undefined) return { ...(possible[0] as { data: Record<string, SeatConstraint> }).data, ...withPredeal };
  const f = compile(condition);
  const masks = new Uint16Array(16);
  const predicate = (deal: Deal): boolean => f(dealMasks(deal, masks)) !== 0;
  return Object.keys(withPredeal).length > 0 ? { and: [withPredeal, predicate] } : predicate;
}

/** Options of `runDealerScript`. */
export interface ScriptRunOptions {
  /** Any number, bigint or string: the same seed gives the same deals. */
  readonly seed?: number | bigint | string;
  /** A source of uniform numbers in [0, 1), used when no seed is given. */
  readonly random?: () => number;
  /** Stops the run when aborted. */
  readonly signal?: AbortSignal;
  /** Stops the run after this many milliseconds. */
  readonly timeout?: number;
  /** Produce this many deals instead of the script's `produce`. */
  readonly produce?: number;
  /** Give each deal its page number in both editions too (`page`, `pavlicekPage`). */
  readonly pages?: boolean;
  /** Called once, with the number of random deals tried, when rejection has found no deal for `noMatchAfter` ms. */
  readonly onNoMatch?: (attempts: number) => void;
  /** How long rejection looks before `onNoMatch` is called, in milliseconds (default 3,000). */
  readonly noMatchAfter?: number;
  /**
   * Double-dummy tricks for `tricks(seat, strain)`: the declaring side's tricks on a deal given as PBN, such as
   * `(pbn, declarer, strain) => doubleDummyTricks(pbn, strain, declarer)` from `@puzzles/bigint-deal/double-dummy`.
   */
  readonly tricks?: (deal: string, declarer: 'N' | 'E' | 'S' | 'W', strain: 'C' | 'D' | 'H' | 'S' | 'NT') => number;
}

/** What a script run did: deals tried and produced, how, and its averages and frequency tables. */
export interface ScriptReport {
  /** Random deals tried (equal to `produced` when dealt exactly). */
  generated: number;
  /** Deals that satisfy the condition. */
  produced: number;
  /** `'exact'` (no rejection) or `'rejection'`. */
  method: 'exact' | 'rejection';
  /** Why it stopped before producing them all, if it did. */
  stopped?: 'aborted' | 'timeout' | 'maxAttempts';
  /** Each `average` action: its label ('' when none), its expression's text, and the mean over the produced deals. */
  averages: { label: string; text: string; value: number }[];
  /** Each `frequency` action: its label, expression, bounds, and counts (`below` low, `counts[v - low]`, `above` high). */
  frequencies: { label: string; text: string; low: number; high: number; counts: number[]; below: number; above: number }[];
}

/** Runs a dealer script: yields each produced deal, and returns the report (averages, frequencies, counts). */
export function* runDealerScript(script: DealerScript, options: ScriptRunOptions = {}): Generator<SampledDeal, ScriptReport, undefined> {
  if (options.tricks !== undefined && typeof options.tricks !== 'function') {
    throw new TypeError(`tricks must be a function (pbn, declarer, strain) => tricks; got ${describeValue(options.tricks)}`);
  }
  if (script.usesTricks === true && options.tricks === undefined) {
    throw new TypeError('the script asks for tricks(…), which needs double-dummy analysis: give the tricks option (doubleDummyTricks from @puzzles/bigint-deal/double-dummy)');
  }
  tricksProvider = options.tricks;
  tricksCells.fill(-1);
  const averages = script.actions.filter((a) => a.kind === 'average');
  const frequencies = script.actions.filter((a) => a.kind === 'frequency');
  const sums = averages.map(() => 0);
  const averageValues = averages.map((a) => onMasks(a.value));
  const frequencyValues = frequencies.map((f) => onMasks(f.value));
  const masks = new Uint16Array(16);
  const tables = frequencies.map((f) => ({ label: f.label, text: f.text, low: f.low, high: f.high, counts: new Array<number>(f.high - f.low + 1).fill(0), below: 0, above: 0 }));
  const stream = streamDeals(script.constraint, {
    count: options.produce ?? script.produce,
    maxAttempts: script.generate,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.random === undefined ? {} : { random: options.random }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    pages: options.pages === true,
    ...(options.onNoMatch === undefined ? {} : { onNoMatch: options.onNoMatch }),
    ...(options.noMatchAfter === undefined ? {} : { noMatchAfter: options.noMatchAfter }),
  });
  /** Adds one deal to the averages and frequency tables. */
  const tally = (deal: Deal): void => {
    dealMasks(deal, masks);
    averages.forEach((a, k) => (sums[k]! += averageValues[k]!(masks, deal)));
    frequencies.forEach((f, k) => {
      const v = frequencyValues[k]!(masks, deal);
      const table = tables[k]!;
      if (v < f.low) table.below++;
      else if (v > f.high) table.above++;
      else table.counts[v - f.low]!++;
    });
  };
  const statistics = averages.length + frequencies.length > 0;
  let produced = 0;
  for (let next = stream.next(); ; next = stream.next()) {
    if (next.done === true) {
      const { method, attempts, stopped } = next.value;
      return {
        generated: method === 'exact' ? produced : attempts,
        produced,
        method,
        ...(stopped === undefined ? {} : { stopped }),
        averages: averages.map((a, k) => ({ label: a.label, text: a.text, value: produced === 0 ? 0 : sums[k]! / produced })),
        frequencies: tables,
      };
    }
    produced++;
    if (statistics) tally(next.value.deal);
    yield next.value;
  }
}

const VULNERABLE = ['None', 'NS', 'EW', 'All', 'NS', 'EW', 'All', 'None', 'EW', 'All', 'None', 'NS', 'All', 'None', 'NS', 'EW'];

/** One deal as a dealer action prints it; `board` numbers it (1 first). */
export function formatScriptDeal(deal: Deal, kind: ScriptPrint, board: number, script: Pick<DealerScript, 'dealer' | 'vulnerable'> = {}): string {
  if (!(deal instanceof Deal)) throw new TypeError(`formatScriptDeal needs a bridge deal; got ${describeValue(deal)}`);
  const hands = deal.toPbn().slice(2).split(' ');
  if (kind === 'printoneline') return `n ${hands[0]} e ${hands[1]} s ${hands[2]} w ${hands[3]}`;
  if (kind === 'printcompact') return `n ${hands[0]}\ne ${hands[1]}\ns ${hands[2]}\nw ${hands[3]}`;
  if (kind === 'printpbn') {
    const tags: [string, string][] = [
      ['Event', 'Hand simulated by bigint-deal'],
      ['Site', '-'],
      ['Date', '????.??.??'],
      ['Board', String(board)],
      ['West', '-'],
      ['North', '-'],
      ['East', '-'],
      ['South', '-'],
      ['Dealer', script.dealer ?? 'NESW'[(board - 1) % 4]!],
      ['Vulnerable', script.vulnerable ?? VULNERABLE[(board - 1) % 16]!],
      ['Deal', deal.toPbn()],
      ['Declarer', '?'],
      ['Contract', '?'],
      ['Result', '?'],
    ];
    return `${tags.map(([k, v]) => `[${k} "${v}"]`).join('\n')}\n`;
  }
  if (kind !== 'printall' && kind !== 'printew') {
    throw new RangeError(`kind must be printall, printoneline, printpbn, printew or printcompact; got ${describeValue(kind)}`);
  }
  const rows = [0, 1, 2, 3].map((s) =>
    (kind === 'printew' ? [hands[3]!, hands[1]!] : hands)
      .map((hand) => {
        const ranks = hand.split('.')[s]!;
        const cell = ranks === '' ? '-' : [...ranks].join(' ');
        return cell.padEnd(Math.max(20, cell.length + 2));
      })
      .join('')
      .trimEnd(),
  );
  return kind === 'printew' ? `${rows.join('\n')}\n` : `${String(board).padStart(4)}.\n${rows.join('\n')}\n`;
}

/** What one print action of a script prints for a deal: its lines (printes: its text as is, newlines included). */
export function formatScriptAction(action: ScriptAction, deal: Deal, board: number, script: Pick<DealerScript, 'dealer' | 'vulnerable'> = {}): string {
  if (action.kind === 'print') return '';
  if (action.kind === 'printes') return action.parts.map((part) => (typeof part === 'string' ? part : String(part(deal)))).join('');
  if (action.kind === 'average' || action.kind === 'frequency') {
    throw new RangeError(`formatScriptAction prints print actions; got ${describeValue(action.kind)}`);
  }
  // The common one-line print, made straight from the cards' holders.
  if (action.kind === 'printoneline' && action.value === undefined && deal instanceof Deal && deal.signature.bridge) return oneLineOfHolders(deal.holders);
  const text = formatScriptDeal(deal, action.kind, board, script);
  return action.value === undefined ? text : `${text}${action.kind === 'printoneline' ? ' ' : '\n'}${action.value(deal)}`;
}

/**
 * What a `print(seats)` action prints after the run: for each of its seats, a page ("North hands:") with that seat's
 * hand of every deal, four deals across, numbered, ended by a form feed, as dealer prints it.
 */
export function formatScriptPages(action: Extract<ScriptAction, { kind: 'print' }>, deals: readonly Deal[]): string {
  if (typeof action !== 'object' || action === null || action.kind !== 'print' || !Array.isArray(action.seats)) {
    throw new TypeError(`formatScriptPages needs a print(seats) action; got ${describeValue(action)}`);
  }
  let text = '';
  for (const q of action.seats) {
    text += `\n\n${SEATS[q]![0]!.toUpperCase()}${SEATS[q]!.slice(1)} hands:\n\n\n\n`;
    for (let start = 0; start < deals.length; start += 4) {
      const group = deals.slice(start, start + 4);
      const hands = group.map((deal) => deal.toPbn().slice(2).split(' ')[q]!.split('.'));
      text += `${group.map((_, k) => `${String(start + k + 1).padStart(4)}.`.padEnd(20)).join('').trimEnd()}\n`;
      for (let s = 0; s < 4; s++) {
        const cells = hands.map((suits) => (suits[s] === '' ? '-' : [...suits[s]!].join(' ')));
        text += `${cells.map((cell) => cell.padEnd(Math.max(20, cell.length + 2))).join('').trimEnd()}\n`;
      }
      text += '\n';
    }
    text += '\f';
  }
  return text;
}

/** A report as dealer prints it: averages, frequency tables, and the numbers of deals generated and produced. */
export function formatScriptReport(report: ScriptReport): string {
  const lines: string[] = [];
  for (const { label, value } of report.averages) lines.push(`${label === '' ? '' : `${label}: `}${Number(value.toPrecision(6))}`);
  for (const { label, low, counts, below, above } of report.frequencies) {
    lines.push(`Frequency ${label}:`);
    if (below > 0) lines.push(`Low\t${String(below).padStart(8)}`);
    counts.forEach((n, k) => lines.push(`${String(low + k).padStart(5)}\t${String(n).padStart(8)}`));
    if (above > 0) lines.push(`High\t${String(above).padStart(8)}`);
  }
  if (report.method === 'exact') lines.push(`Produced ${report.produced} hands, dealt exactly (none rejected)`);
  else lines.push(`Generated ${report.generated} hands`, `Produced ${report.produced} hands`);
  return lines.join('\n');
}
