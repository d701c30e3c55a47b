// Eureka notation of a chain: nodes "(5)r1c2" (a candidate), "(5)r1c23" / "(5)r12c3" (a group of cells of one box in a
// row or a column, or an almost locked set's cells in a line), "(5)r1c2r3c1" (cells of an almost locked set that share
// no line), joined by "=" (a strong link: at least one end is true) and "-" (a weak link: not both).
import { describeValue, expectString } from './errors.js';
import { COL_OF, ROW_OF } from './tables.js';

/** A node of a chain: a digit and its cells (one for a candidate, several for a group or an almost locked set). */
export interface ChainNode {
  readonly digit: number;
  /** Cells 0..80, ascending, 1 to 9 of them. */
  readonly cells: readonly number[];
}

/** A chain: nodes and the links between them (one fewer than the nodes). */
export interface Chain {
  readonly nodes: readonly ChainNode[];
  /** '=' strong, '-' weak: links[i] joins nodes[i] and nodes[i + 1]. */
  readonly links: readonly ('=' | '-')[];
}

function expectNode(node: unknown, where: string): asserts node is ChainNode {
  const n = node as Partial<ChainNode> | null;
  if (typeof n !== 'object' || n === null) throw new TypeError(`${where} must be a {digit, cells} object; got ${describeValue(node)}`);
  if (typeof n.digit !== 'number' || !Number.isInteger(n.digit) || n.digit < 1 || n.digit > 9) {
    throw new RangeError(`the digit of ${where} must be an integer from 1 to 9; got ${describeValue(n.digit)}`);
  }
  const cells = n.cells;
  if (!Array.isArray(cells) || cells.length < 1 || cells.length > 9) {
    throw new RangeError(`the cells of ${where} must be an array of 1 to 9 cells; got ${describeValue(cells)}`);
  }
  for (const c of cells) {
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 0 || c > 80) throw new RangeError(`the cells of ${where} must be integers from 0 to 80; got ${describeValue(c)}`);
  }
  for (let i = 1; i < cells.length; i++) if (cells[i]! <= cells[i - 1]!) throw new RangeError(`the cells of ${where} must be ascending and distinct; got ${describeValue(cells)}`);
}

/** A node in Eureka notation: "(5)r1c2", "(5)r1c23", "(5)r12c3", "(5)r1c2r3c1". */
export function formatChainNode(node: ChainNode): string {
  expectNode(node, 'a chain node');
  return `(${node.digit})${cellsText(node.cells)}`;
}

/** Cells in Eureka notation: one "r1c23" when they share a row or a column, else each cell ("r1c2r3c1"). @internal */
export function cellsText(cells: readonly number[]): string {
  const rows = [...new Set(cells.map((x) => ROW_OF[x]! + 1))];
  const cols = [...new Set(cells.map((x) => COL_OF[x]! + 1))];
  if (rows.length === 1 || cols.length === 1) return `r${rows.join('')}c${cols.join('')}`;
  return cells.map((x) => `r${ROW_OF[x]! + 1}c${COL_OF[x]! + 1}`).join('');
}

/** A chain in Eureka notation: "(5)r1c2=(5)r3c2-(5)r3c7". */
export function formatChain(chain: Chain): string {
  if (typeof chain !== 'object' || chain === null || !Array.isArray(chain.nodes) || !Array.isArray(chain.links)) {
    throw new TypeError(`a chain must be a {nodes, links} object; got ${describeValue(chain)}`);
  }
  if (chain.nodes.length === 0 || chain.links.length !== chain.nodes.length - 1) {
    throw new RangeError(`a chain needs at least one node and one link fewer than nodes; got ${chain.nodes.length} nodes and ${chain.links.length} links`);
  }
  let text = '';
  chain.nodes.forEach((node, i) => {
    if (i > 0) {
      const link = chain.links[i - 1];
      if (link !== '=' && link !== '-') throw new RangeError(`a link must be '=' or '-'; got ${describeValue(link)}`);
      text += link;
    }
    expectNode(node, `node ${i + 1} of the chain`);
    text += formatChainNode(node);
  });
  return text;
}

const NODE = /^\(([1-9])\)((?:r[1-9]+c[1-9]+)+)/;
const SEGMENT = /r([1-9]+)c([1-9]+)/g;

/**
 * Reads a chain in Eureka notation ("(5)r1c2=(5)r3c2-(5)r3c7"; groups "(5)r1c23"). Throws a RangeError naming the
 * position and what was expected otherwise.
 */
export function parseChain(text: string): Chain {
  expectString(text, 'a chain');
  const nodes: ChainNode[] = [];
  const links: ('=' | '-')[] = [];
  let at = 0;
  for (;;) {
    const m = NODE.exec(text.slice(at));
    if (!m) throw new RangeError(`expected a node like (5)r1c2 at position ${at + 1} of the chain ${describeValue(text)}`);
    const digit = Number(m[1]);
    const cells = new Set<number>();
    for (const seg of m[2]!.matchAll(SEGMENT)) {
      const rows = [...seg[1]!].map(Number);
      const cols = [...seg[2]!].map(Number);
      if (rows.length > 1 && cols.length > 1) throw new RangeError(`a group has one row or one column, at position ${at + 1} of the chain ${describeValue(text)}`);
      for (const r of rows) {
        for (const c of cols) {
          const cell = (r - 1) * 9 + c - 1;
          if (cells.has(cell)) throw new RangeError(`a node names r${r}c${c} twice, at position ${at + 1} of the chain ${describeValue(text)}`);
          cells.add(cell);
        }
      }
    }
    if (cells.size > 9) throw new RangeError(`a node has at most 9 cells, at position ${at + 1} of the chain ${describeValue(text)}`);
    const node = { digit, cells: [...cells].sort((a, b) => a - b) };
    nodes.push(node);
    at += m[0].length;
    if (at === text.length) break;
    const link = text[at];
    if (link !== '=' && link !== '-') throw new RangeError(`expected '=' or '-' at position ${at + 1} of the chain ${describeValue(text)}`);
    links.push(link);
    at++;
  }
  return { nodes, links };
}
