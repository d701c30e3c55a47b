// The one representation every chain technique shares: nodes (a candidate, or a group of two or three cells of a box
// that also share a row or column, all holding the digit) joined by strong links (at least one of the two is true) and
// weak links (at most one is true). Literals are node * 2 (the node is false) and node * 2 + 1 (true): a false node
// implies its strong neighbours, a true node denies its weak neighbours, so an implication path alternates the way an
// alternating inference chain does.
import type { Grid } from './grid.js';
import { findAlses } from './als.js';
import { cellsText } from './eureka.js';
import { CELL_UNITS, PEERS, POPCOUNT, SEES, UNIT_CELLS } from './tables.js';

/** A chain graph of one grid state. @internal */
export interface ChainGraph {
  /** Number of nodes; candidate nodes first, then group nodes. */
  readonly size: number;
  /** How many of the nodes are single candidates. */
  readonly candidateCount: number;
  /** The digit (1..9) of each node. */
  readonly digit: Uint8Array;
  /** The cells of each node, ascending (one cell for a candidate node). */
  readonly cells: readonly (readonly number[])[];
  /** The node of a candidate (cell * 9 + digit - 1), or -1 when the cell does not hold it. */
  readonly nodeOf: Int16Array;
  /** Strong-link neighbours of each node. */
  readonly strong: readonly (readonly number[])[];
  /** Weak-link neighbours of each node (every strong link built here is also weak). */
  readonly weak: readonly (readonly number[])[];
  /** Strong links that only an ALS makes (a * size + b, both orders): a chain through one counts as grouped. */
  readonly alsOnly: ReadonlySet<number>;
}

/** The largest almost locked set used as a chain node. */
export const MAX_ALS_NODE_CELLS = 3;

/** Which links a chain may use. @internal */
export interface GraphOptions {
  /** Group nodes (box-line intersections). */
  readonly groups?: boolean;
  /** ALS nodes (the cells of an almost locked set holding a digit). */
  readonly als?: boolean;
}

function addLink(lists: number[][], a: number, b: number): void {
  if (!lists[a]!.includes(b)) lists[a]!.push(b);
  if (!lists[b]!.includes(a)) lists[b]!.push(a);
}

/** Whether every cell of `a` sees every cell of `b` and they share none. */
function allSee(a: readonly number[], b: readonly number[]): boolean {
  for (const x of a) for (const y of b) if (x === y || !SEES[x * 81 + y]) return false;
  return true;
}

/** Builds the chain graph of a grid state. @internal */
export function buildChainGraph(grid: Grid, options: GraphOptions = {}): ChainGraph {
  const c = grid.candidates;
  const digit: number[] = [];
  const cells: number[][] = [];
  const nodeOf = new Int16Array(729).fill(-1);
  for (let cell = 0; cell < 81; cell++) {
    const m = c[cell]!;
    if (!m) continue;
    for (let d = 1; d <= 9; d++) {
      if (!(m & (1 << (d - 1)))) continue;
      nodeOf[cell * 9 + d - 1] = digit.length;
      digit.push(d);
      cells.push([cell]);
    }
  }
  const candidateCount = digit.length;
  // Group nodes: for each box and each of its three rows and three columns, the cells of that line holding the digit,
  // when there are at least two of them.
  const groupsByDigit: number[][] = Array.from({ length: 10 }, () => []);
  if (options.groups) {
    for (let d = 1; d <= 9; d++) {
      const bit = 1 << (d - 1);
      for (let b = 0; b < 9; b++) {
        const r0 = Math.floor(b / 3) * 3;
        const c0 = (b % 3) * 3;
        for (let i = 0; i < 3; i++) {
          const rowCells: number[] = [];
          const colCells: number[] = [];
          for (let j = 0; j < 3; j++) {
            const rc = (r0 + i) * 9 + c0 + j;
            if (c[rc]! & bit) rowCells.push(rc);
            const cc = (r0 + j) * 9 + c0 + i;
            if (c[cc]! & bit) colCells.push(cc);
          }
          for (const group of [rowCells, colCells]) {
            if (group.length < 2) continue;
            groupsByDigit[d]!.push(digit.length);
            digit.push(d);
            cells.push(group);
          }
        }
      }
    }
  }
  // ALS nodes: for an almost locked set (2 to MAX_ALS_NODE_CELLS cells of a unit holding one digit more than cells) and
  // each of its digits, the set's cells holding it; if one digit is missing from the set, every other one is in it, so
  // the nodes of one set are strongly linked in pairs. A node with the same digit and cells as another is that node.
  const alsLinks: number[][] = [];
  if (options.als) {
    const known = new Map<string, number>();
    for (let n = 0; n < digit.length; n++) known.set(`${digit[n]}:${cells[n]!.join(',')}`, n);
    for (const set of findAlses(grid, MAX_ALS_NODE_CELLS)) {
      if (set.cells.length < 2) continue;
      const nodes: number[] = [];
      for (let d = 1; d <= 9; d++) {
        if (!(set.mask & (1 << (d - 1)))) continue;
        const holding = set.cells.filter((x) => c[x]! & (1 << (d - 1)));
        const key = `${d}:${holding.join(',')}`;
        let n = known.get(key);
        if (n === undefined) {
          n = digit.length;
          known.set(key, n);
          digit.push(d);
          cells.push(holding);
          groupsByDigit[d]!.push(n);
        }
        nodes.push(n);
      }
      alsLinks.push(nodes);
    }
  }
  const size = digit.length;
  const strong: number[][] = Array.from({ length: size }, () => []);
  const weak: number[][] = Array.from({ length: size }, () => []);
  const alsOnly = new Set<number>();
  for (const nodes of alsLinks) {
    for (let i = 0; i < nodes.length; i++) {
      for (let j = i + 1; j < nodes.length; j++) {
        const [a, b] = [nodes[i]!, nodes[j]!];
        if (!strong[a]!.includes(b)) {
          alsOnly.add(a * size + b);
          alsOnly.add(b * size + a);
        }
        addLink(strong, a, b);
      }
    }
  }
  const plainStrong = (a: number, b: number): void => {
    alsOnly.delete(a * size + b);
    alsOnly.delete(b * size + a);
    addLink(strong, a, b);
  };
  // Candidate to candidate: the same cell, or the same digit in cells that see each other.
  for (let n = 0; n < candidateCount; n++) {
    const cell = cells[n]![0]!;
    const d = digit[n]!;
    const m = c[cell]!;
    for (let e = d + 1; e <= 9; e++) if (m & (1 << (e - 1))) addLink(weak, n, nodeOf[cell * 9 + e - 1]!);
    if (POPCOUNT[m] === 2 && d === 32 - Math.clz32(m & -m)) plainStrong(n, nodeOf[cell * 9 + 31 - Math.clz32(m)]!);
    for (let k = 0; k < 20; k++) {
      const other = PEERS[cell * 20 + k]!;
      if (other < cell) continue;
      const o = nodeOf[other * 9 + d - 1]!;
      if (o >= 0) addLink(weak, n, o);
    }
  }
  // Group nodes: weak links to every node of the digit they see entirely.
  for (let d = 1; d <= 9 && (options.groups || options.als); d++) {
    const groups = groupsByDigit[d]!;
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i]!;
      for (let cell = 0; cell < 81; cell++) {
        const o = nodeOf[cell * 9 + d - 1]!;
        if (o >= 0 && allSee(cells[g]!, [cell])) addLink(weak, g, o);
      }
      for (let j = i + 1; j < groups.length; j++) {
        const h = groups[j]!;
        if (allSee(cells[g]!, cells[h]!)) addLink(weak, g, h);
      }
    }
  }
  // Strong links: in each unit, two disjoint nodes that together hold every place of the digit.
  for (let u = 0; u < 27; u++) {
    for (let d = 1; d <= 9; d++) {
      const bit = 1 << (d - 1);
      let places = 0;
      for (let k = 0; k < 9; k++) if (c[UNIT_CELLS[u * 9 + k]!]! & bit) places |= 1 << k;
      const count = POPCOUNT[places]!;
      if (count < 2) continue;
      if (count === 2) {
        const a = UNIT_CELLS[u * 9 + 31 - Math.clz32(places & -places)]!;
        const b = UNIT_CELLS[u * 9 + 31 - Math.clz32(places)]!;
        plainStrong(nodeOf[a * 9 + d - 1]!, nodeOf[b * 9 + d - 1]!);
      }
      if (!(options.groups || options.als) || count > 6) continue;
      // Nodes inside the unit with their position masks: the candidates and the groups contained in it.
      const inside: { node: number; mask: number }[] = [];
      for (let k = 0; k < 9; k++) if (places & (1 << k)) inside.push({ node: nodeOf[UNIT_CELLS[u * 9 + k]! * 9 + d - 1]!, mask: 1 << k });
      for (const g of groupsByDigit[d]!) {
        const gc = cells[g]!;
        let mask = 0;
        let ok = true;
        for (const x of gc) {
          const j = u < 9 ? 0 : u < 18 ? 1 : 2;
          if (CELL_UNITS[x * 3 + j] !== u) {
            ok = false;
            break;
          }
          for (let k = 0; k < 9; k++) if (UNIT_CELLS[u * 9 + k] === x) mask |= 1 << k;
        }
        if (ok) inside.push({ node: g, mask });
      }
      for (let i = 0; i < inside.length; i++) {
        for (let j = i + 1; j < inside.length; j++) {
          const a = inside[i]!;
          const b = inside[j]!;
          if (a.mask & b.mask || (a.mask | b.mask) !== places) continue;
          if (a.node < candidateCount && b.node < candidateCount) continue; // done above
          plainStrong(a.node, b.node);
        }
      }
    }
  }
  return { size, candidateCount, digit: Uint8Array.from(digit), cells, nodeOf, strong, weak, alsOnly };
}

/** Whether the candidate (cell, digit) is weakly linked to a node: it cannot be true when the node is. @internal */
export function deniedBy(graph: ChainGraph, node: number, cell: number, d: number): boolean {
  const nc = graph.cells[node]!;
  if (graph.digit[node] === d) {
    for (const x of nc) if (x === cell || !SEES[x * 81 + cell]) return false;
    return true;
  }
  return nc.length === 1 && nc[0] === cell;
}

/**
 * deniedBy for each node and cell with the node's own digit, as one table: [node * 81 + cell] is 1 when every cell of
 * the node sees the cell and none is it. (Another digit is denied only by a candidate node of the cell itself.)
 * @internal
 */
export function deniedTable(graph: ChainGraph): Uint8Array {
  const out = new Uint8Array(graph.size * 81);
  for (let n = 0; n < graph.size; n++) {
    const nc = graph.cells[n]!;
    const first = nc[0]!;
    // The cells the first cell sees (its peers), kept where every other cell of the node sees them too.
    for (let k = 0; k < 20; k++) {
      const e = PEERS[first * 20 + k]!;
      let all = true;
      for (let i = 1; i < nc.length && all; i++) if (nc[i] === e || !SEES[nc[i]! * 81 + e]) all = false;
      if (all) out[n * 81 + e] = 1;
    }
  }
  return out;
}

/** "(5)r1c2", "(5)r1c23" (a group in a row), "(5)r12c3" (in a column): a node in Eureka notation. @internal */
export function nodeName(graph: ChainGraph, node: number): string {
  return `(${graph.digit[node]})${cellsText(graph.cells[node]!)}`;
}

/** Whether two nodes overlap (share a cell and the digit, or are the same candidate). @internal */
export function overlaps(graph: ChainGraph, a: number, b: number): boolean {
  if (a === b) return true;
  if (graph.digit[a] !== graph.digit[b]) return false;
  for (const x of graph.cells[a]!) if (graph.cells[b]!.includes(x)) return true;
  return false;
}
