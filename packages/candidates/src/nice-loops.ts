// Nice loops (continuous and discontinuous) and alternating inference chains, grouped or not: one search over the
// shared chain graph (chain-graph.ts) from every candidate assumed false, that reports each kind.
import { buildChainGraph, deniedTable, nodeName, overlaps, type ChainGraph } from './chain-graph.js';
import type { Grid } from './grid.js';
import { Eliminations, type Candidate, type Step, type TechniqueName } from './step.js';
import { cellName, PEERS, SEES } from './tables.js';

/** The longest nice loop or chain searched, in links. */
export const MAX_LOOP_LENGTH = 20;

/**
 * A nice loop or chain found, before its Step is made: what it changes, its links, and how to make the Step (its
 * sentences cost more than the search's comparison of candidates needs). @internal
 */
export interface LoopChoice {
  readonly eliminations: readonly Candidate[];
  readonly placements: readonly Candidate[];
  /** Its number of links (its length in Eureka notation: the '=' and '-' of its chain). */
  readonly links: number;
  readonly make: () => Step;
}

interface Found extends LoopChoice {
  readonly length: number;
  readonly key: string;
}

type Kind = 'continuous' | 'discontinuous' | 'aic';

interface Search {
  readonly values: Uint8Array;
  readonly candidates: Uint16Array;
  readonly grouped: boolean;
  readonly als: boolean;
  readonly found: Record<Kind, Found[]>;
  /** Each kind's found steps as best orders them, all of them: made once, then cut to each call's limit. */
  readonly ordered: Partial<Record<Kind, Found[]>>;
}

// The last search of each flavour: the solver asks for the three kinds one after another on the same state.
let cache: Search[] = [];

function sameState(s: Search, grid: Grid, grouped: boolean, als: boolean): boolean {
  if (s.grouped !== grouped || s.als !== als) return false;
  const v = grid.values;
  const c = grid.candidates;
  for (let i = 0; i < 81; i++) if (s.values[i] !== v[i] || s.candidates[i] !== c[i]) return false;
  return true;
}

function search(grid: Grid, grouped: boolean, als: boolean): Search {
  for (const s of cache) if (sameState(s, grid, grouped, als)) return s;
  const found = run(grid, grouped, als);
  const s: Search = { values: grid.values.slice(), candidates: grid.candidates.slice(), grouped, als, found, ordered: {} };
  cache = [s, ...cache.filter((x) => x.grouped !== grouped || x.als !== als)];
  return s;
}

/**
 * A search's steps of one kind, at most `limit`, as best gives them: the solver asks for each kind with limit 1 and
 * again with 30 for its choice in the family, so the whole order is made once per search.
 */
function bestOf(s: Search, kind: Kind, limit: number): Found[] {
  const all = (s.ordered[kind] ??= best(s.found[kind], Infinity));
  return all.length > limit ? all.slice(0, limit) : all.slice();
}

/** Orders found steps shortest first, keeps one per set of changes, at most `limit`. */
function best(found: readonly Found[], limit: number): Found[] {
  const sorted = [...found].sort((a, b) => a.length - b.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const seen = new Set<string>();
  const out: Found[] = [];
  for (const f of sorted) {
    if (out.length >= limit) break;
    if (seen.has(f.key)) continue;
    seen.add(f.key);
    out.push(f);
  }
  return out;
}

/** The literals from the start to `end`, following parents. */
function pathTo(parent: Int32Array, end: number): number[] {
  const out = [end];
  let l = end;
  while (parent[l] !== l) {
    l = parent[l]!;
    out.push(l);
  }
  return out.reverse();
}

/** Eureka notation of a path of literals: a false literal links on strongly (=), a true one weakly (-). */
function eureka(graph: ChainGraph, path: readonly number[]): string {
  let text = nodeName(graph, path[0]! >> 1);
  for (let i = 1; i < path.length; i++) text += `${path[i - 1]! & 1 ? '-' : '='}${nodeName(graph, path[i]! >> 1)}`;
  return text;
}

function changeKey(eliminations: readonly Candidate[], placements: readonly Candidate[]): string {
  return `${placements.map((p) => `${p.cell}=${p.digit}`).join(',')}/${eliminations.map((e) => `${e.cell}-${e.digit}`).join(',')}`;
}

const TECHNIQUE: Record<Kind, [TechniqueName, TechniqueName]> = {
  continuous: ['continuous-nice-loop', 'grouped-continuous-nice-loop'],
  discontinuous: ['discontinuous-nice-loop', 'grouped-discontinuous-nice-loop'],
  aic: ['aic', 'grouped-aic'],
};

function run(grid: Grid, grouped: boolean, als: boolean): Record<Kind, Found[]> {
  const graph = buildChainGraph(grid, { groups: grouped, als });
  const found: Record<Kind, Found[]> = { continuous: [], discontinuous: [], aic: [] };
  const c = grid.candidates;
  const { candidateCount, cells, digit, nodeOf, strong, weak, alsOnly } = graph;
  // denied[node * 81 + cell]: the node, true, rules out its digit in the cell (deniedBy for that digit), looked up
  // rather than worked out for every candidate reached.
  const denied = deniedTable(graph);
  const parent = new Int32Array(graph.size * 2);
  const depth = new Uint8Array(graph.size * 2);
  const queue = new Int32Array(graph.size * 2);
  // Whether the path to a literal uses a group or ALS node, or a strong link only an ALS makes (then it is a grouped
  // chain): carried along the search, so a reach the other flavour would throw away is left before its path is made.
  const usesGroup = new Uint8Array(graph.size * 2);
  const anyAlsOnly = alsOnly.size > 0;
  // The nodes weakly linked to the start's node (weak links go both ways): where a continuous loop can close.
  const weakToStart = new Uint8Array(graph.size);

  const record = (kind: Kind, path: number[], closing: string, eliminations: Candidate[], placements: Candidate[], why: () => string): void => {
    if (eliminations.length === 0 && placements.length === 0) return;
    // At least three links: shorter ones are locked candidates, subsets or a candidate's own cell.
    if (path.length + (closing ? 1 : 0) < 4) return;
    const technique = TECHNIQUE[kind][grouped ? 1 : 0];
    // The step's sentences are made only for the steps returned.
    const make = (): Step => {
      const chain = eureka(graph, path) + closing;
      const nodes = path.map((l) => l >> 1);
      const title = { continuous: 'Continuous nice loop', discontinuous: 'Discontinuous nice loop', aic: 'Alternating inference chain' }[kind];
      return {
        technique,
        cells: [...new Set(nodes.flatMap((n) => cells[n]!))],
        digits: [...new Set(nodes.map((n) => digit[n]!))].sort((a, b) => a - b),
        eliminations,
        placements,
        explanation: `${grouped ? 'Grouped ' + title.toLowerCase() : title} ${chain} (= at least one is true, - not both): ${why()}`,
        chain,
      };
    };
    const length = path.length + (closing ? 1 : 0);
    found[kind].push({ length, key: changeKey(eliminations, placements), make, eliminations, placements, links: length - 1 });
  };

  const bfs = (start: number): void => {
    parent.fill(-1);
    let head = 0;
    let tail = 0;
    parent[start] = start;
    depth[start] = 0;
    usesGroup[start] = 0; // the start is a candidate
    queue[tail++] = start;
    while (head < tail) {
      const l = queue[head++]!;
      const dep = depth[l]! + 1;
      if (dep > MAX_LOOP_LENGTH) continue;
      const node = l >> 1;
      const truth = l & 1;
      const next = truth ? weak[node]! : strong[node]!;
      const viaGroup = usesGroup[l]!;
      for (let i = 0; i < next.length; i++) {
        const m = next[i]!;
        const nl = m * 2 + (truth ^ 1);
        if (parent[nl]! >= 0) continue;
        parent[nl] = l;
        depth[nl] = dep;
        usesGroup[nl] = viaGroup | (m >= candidateCount ? 1 : 0) | (anyAlsOnly && !truth && alsOnly.has(node * graph.size + m) ? 1 : 0);
        queue[tail++] = nl;
        // Only a true literal of the flavour searched can close anything (each step recorded from it has its path's flavour).
        if (nl & 1 && usesGroup[nl] === (grouped ? 1 : 0)) onReach(start, nl);
      }
    }
  };

  const onReach = (start: number, l: number): void => {
    const s = start >> 1;
    const x = l >> 1;
    const sCell = cells[s]![0]!;
    const sDigit = digit[s]!;
    if (x === s) {
      const path = pathTo(parent, l);
      record('discontinuous', path, '', [], [{ cell: sCell, digit: sDigit }], () => `if ${cellName(sCell)} were not ${sDigit} it would be, so it is ${sDigit}`);
      return;
    }
    const xDigit = digit[x]!;
    // "s or x": what both deny goes.
    if (x > s || x >= candidateCount) {
      const out: Candidate[] = [];
      if (xDigit === sDigit) {
        const sbit = 1 << (sDigit - 1);
        for (let k = 0; k < 20; k++) {
          const e = PEERS[sCell * 20 + k]!;
          if (c[e]! & sbit && denied[x * 81 + e]) out.push({ cell: e, digit: sDigit });
        }
      } else if (x < candidateCount) {
        const xCell = cells[x]![0]!;
        if (xCell === sCell) {
          const m = c[sCell]! & ~((1 << (sDigit - 1)) | (1 << (xDigit - 1)));
          for (let d = 1; d <= 9; d++) if (m & (1 << (d - 1))) out.push({ cell: sCell, digit: d });
        } else if (SEES[xCell * 81 + sCell]) {
          if (c[sCell]! & (1 << (xDigit - 1))) out.push({ cell: sCell, digit: xDigit });
          if (c[xCell]! & (1 << (sDigit - 1))) out.push({ cell: xCell, digit: sDigit });
        }
      }
      if (out.length) {
        out.sort((a, b) => a.cell - b.cell || a.digit - b.digit);
        const path = pathTo(parent, l);
        record('aic', path, '', out, [], () => `${nodeName(graph, s)} or ${nodeName(graph, x)} is true, so remove what both rule out`);
        // Each candidate both ends rule out closes a discontinuous loop on itself: true, it would make itself false.
        if (path.length >= 4) {
          for (const e of out) {
            const en = nodeOf[e.cell * 9 + e.digit - 1]!;
            record('discontinuous', [en * 2 + 1, ...path, en * 2], '', [e], [], () => `if ${cellName(e.cell)} were ${e.digit} it would not be, so remove ${e.digit} from ${cellName(e.cell)}`);
          }
        }
      }
    }
    // Discontinuous: "not s implies x" and x rules out another candidate t of s's cell, so t implies not t. A node
    // rules out a candidate of another digit only when it is a candidate of the same cell (then every other digit of
    // the cell but s's and its own), and one of its own digit where it sees the cell (denied): no digit to try in turn.
    if (x < candidateCount || xDigit !== sDigit) {
      const m = c[sCell]!;
      const xc = cells[x]!;
      if (xc.length === 1 && xc[0] === sCell) {
        for (let t = 1; t <= 9; t++) {
          if (t === sDigit || t === xDigit || !(m & (1 << (t - 1)))) continue;
          discontinuousAt(s, sCell, t, l);
        }
      } else if (xDigit !== sDigit && m & (1 << (xDigit - 1)) && denied[x * 81 + sCell]) {
        discontinuousAt(s, sCell, xDigit, l);
      }
    }
    // Continuous: x rules out s again, closing a loop; its weak links are strong too.
    if (weakToStart[x]) {
      const path = pathTo(parent, l);
      if (path.length < 4) return;
      const nodes = path.map((p) => p >> 1);
      for (let i = 0; i < nodes.length; i++) for (let j = i + 1; j < nodes.length; j++) if (overlaps(graph, nodes[i]!, nodes[j]!)) return;
      const elim = new Eliminations();
      for (let i = 1; i < path.length; i += 2) {
        // path[i] is true, path[i + 1] (or the start) false: a weak link that is strong in the loop.
        const a = nodes[i]!;
        const b = i + 1 < nodes.length ? nodes[i + 1]! : s;
        weakLinkTwiceStrong(graph, denied, c, a, b, nodes, elim);
      }
      if (!elim.empty) record('continuous', path, `-${nodeName(graph, s)}`, elim.list(), [], () => 'each weak link of the loop holds one true end, so remove what both ends of a weak link rule out');
    }
  };

  // The candidate t of s's cell is ruled out by the chain's end l: t true would make s false, the chain l true, so t false.
  const discontinuousAt = (s: number, sCell: number, t: number, l: number): void => {
    const tn = nodeOf[sCell * 9 + t - 1]!;
    const path = pathTo(parent, l);
    const closing = `-${nodeName(graph, tn)}`;
    record('discontinuous', [tn * 2 + 1, ...path], closing, [{ cell: sCell, digit: t }], [], () => `if ${cellName(sCell)} were ${t} it would not be, so remove ${t} from ${cellName(sCell)}`);
  };

  // From every candidate assumed false; a candidate that denies itself is found through the AICs it sees both ends of.
  for (let s = 0; s < candidateCount; s++) {
    const around = weak[s]!;
    for (let i = 0; i < around.length; i++) weakToStart[around[i]!] = 1;
    bfs(s * 2);
    for (let i = 0; i < around.length; i++) weakToStart[around[i]!] = 0;
  }
  return found;
}

/** In a continuous loop exactly one end of each weak link is true: remove what both ends deny, outside the loop. */
function weakLinkTwiceStrong(graph: ChainGraph, denied: Uint8Array, c: Uint16Array, a: number, b: number, loop: readonly number[], elim: Eliminations): void {
  const da = graph.digit[a]!;
  if (da === graph.digit[b]) {
    const bit = 1 << (da - 1);
    for (let e = 0; e < 81; e++) {
      if (!(c[e]! & bit) || !denied[a * 81 + e] || !denied[b * 81 + e]) continue;
      const en = graph.nodeOf[e * 9 + da - 1]!;
      if (loop.some((n) => n === en || graph.cells[n]!.includes(e) && graph.digit[n] === da)) continue;
      elim.add(c, e, bit);
    }
  } else if (a < graph.candidateCount && b < graph.candidateCount && graph.cells[a]![0] === graph.cells[b]![0]) {
    const cell = graph.cells[a]![0]!;
    elim.add(c, cell, ~((1 << (da - 1)) | (1 << (graph.digit[b]! - 1))) & 0x1ff);
  }
}

/**
 * The nice loops or chains of one kind on a grid, shortest first, one per set of changes; grouped ones with group nodes
 * and, unless `als` is false, ALS nodes. @internal
 */
export function findLoops(kind: Kind, grouped: boolean, grid: Grid, limit: number, als = grouped): Step[] {
  return bestOf(search(grid, grouped, als && grouped), kind, limit).map((f) => f.make());
}

/** findLoops's steps before they are made (the same ones in the same order), for the solver's choice in a family. @internal */
export function findLoopChoices(kind: Kind, grouped: boolean, grid: Grid, limit: number, als = grouped): readonly LoopChoice[] {
  return bestOf(search(grid, grouped, als && grouped), kind, limit);
}
