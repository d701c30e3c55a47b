// Forcing chains and forcing nets, the techniques of last resort. Each candidate is assumed true and false in turn and
// its consequences followed: through single links for a chain (every conclusion has one reason), through naked and
// hidden singles for a net (a conclusion may need several). An assumption that leads to a contradiction is wrong
// (contradiction); a conclusion that every candidate of a cell, every place of a digit in a unit, or both truths of a
// candidate lead to holds (verity). Bounded: at most one propagation per candidate and truth value (each at most 729
// conclusions), and the `budget` of propagations, `signal` and `timeout` of findForcingSteps.
import { stopper } from '@puzzles/kit/budget';
import { buildChainGraph, type ChainGraph } from './chain-graph.js';
import { describeValue, optionsOf } from './errors.js';
import { Grid } from './grid.js';
import type { Candidate, Step } from './step.js';
import { cellName, CELL_UNITS, PEERS, POPCOUNT, UNIT_CELLS, unitName } from './tables.js';

/** Options of findForcingSteps. */
export interface ForcingOptions {
  /** At most this many steps (default Infinity). */
  readonly limit?: number;
  /** At most this many propagations (one assumption followed to its end), default 4,000. */
  readonly budget?: number;
  /** Stops the search when aborted (what was found so far is returned). */
  readonly signal?: AbortSignal;
  /** Stops the search after this many milliseconds (what was found so far is returned). */
  readonly timeout?: number;
}

/** The kind of forcing step: single-link chains, or nets through naked and hidden singles. */
export type ForcingKind = 'chain' | 'net';

/** What findForcingSteps found, and why it stopped early (null when it searched everything). */
export interface ForcingResult {
  readonly steps: Step[];
  readonly stopped: 'budget' | 'aborted' | 'timeout' | null;
}

/** The default number of propagations of one forcing search. */
export const FORCING_BUDGET = 4000;

interface Found {
  readonly length: number;
  readonly key: string;
  readonly step: Step;
}

// ---------------------------------------------------------------------------------------------------------------
// Propagation. A literal is candidate * 2 + truth, candidate = cell * 9 + digit - 1 (1458 literals).

const WORDS = 46; // 1458 bits

interface Outcome {
  /** The literals concluded, as a bitset. */
  readonly set: Uint32Array;
  /** Each concluded literal's reason (the literal it follows from; the premise is its own reason); -1 otherwise. */
  readonly parent: Int32Array;
  /** The order in which literals were concluded. */
  readonly order: number[];
  /** The literal at which a contradiction showed, or -1; and what it was. */
  contradiction: number;
  problem: string;
}

const has = (set: Uint32Array, l: number): boolean => (set[l >>> 5]! & (1 << (l & 31))) !== 0;

function newOutcome(): Outcome {
  return { set: new Uint32Array(WORDS), parent: new Int32Array(1458).fill(-1), order: [], contradiction: -1, problem: '' };
}

/** Follows one assumption through single links of the chain graph (no groups). */
function chainPropagate(graph: ChainGraph, c: Uint16Array, premise: number): Outcome {
  const out = newOutcome();
  const toLit = (node: number, truth: number): number => {
    const cell = graph.cells[node]![0]!;
    return (cell * 9 + graph.digit[node]! - 1) * 2 + truth;
  };
  // Queue of node literals (node * 2 + truth).
  const seen = new Uint8Array(graph.size * 2);
  const queue: number[] = [premise];
  seen[premise] = 1;
  const first = toLit(premise >> 1, premise & 1);
  out.parent[first] = first;
  out.set[first >>> 5]! |= 1 << (first & 31);
  out.order.push(first);
  const falseCount = new Uint8Array(81);
  for (let h = 0; h < queue.length; h++) {
    const nl = queue[h]!;
    const node = nl >> 1;
    const truth = nl & 1;
    const from = toLit(node, truth);
    for (const m of truth ? graph.weak[node]! : graph.strong[node]!) {
      const ml = m * 2 + (truth ^ 1);
      if (seen[ml]) continue;
      seen[ml] = 1;
      const l = toLit(m, truth ^ 1);
      out.parent[l] = from;
      out.set[l >>> 5]! |= 1 << (l & 31);
      out.order.push(l);
      if (seen[ml ^ 1]) {
        out.contradiction = l;
        out.problem = `${cellName(Math.floor((l >> 1) / 9))} would be ${((l >> 1) % 9) + 1} and not ${((l >> 1) % 9) + 1}`;
        return out;
      }
      if (!(l & 1)) {
        const cell = Math.floor((l >> 1) / 9);
        if (++falseCount[cell]! === POPCOUNT[c[cell]!]) {
          out.contradiction = l;
          out.problem = `${cellName(cell)} would have no candidate left`;
          return out;
        }
      }
      queue.push(ml);
    }
  }
  return out;
}

/** Follows one assumption through naked and hidden singles on a copy of the state. */
function netPropagate(values: Uint8Array, candidates: Uint16Array, premise: number): Outcome {
  const out = newOutcome();
  const v = values.slice();
  const c = candidates.slice();
  const placed = new Uint16Array(27);
  for (let cell = 0; cell < 81; cell++) {
    if (!v[cell]) continue;
    for (let j = 0; j < 3; j++) placed[CELL_UNITS[cell * 3 + j]!]! |= 1 << (v[cell]! - 1);
  }
  const pending: number[] = []; // literals to place (true literals) with their reasons set already
  const conclude = (l: number, why: number): boolean => {
    if (has(out.set, l)) return false;
    out.set[l >>> 5]! |= 1 << (l & 31);
    out.parent[l] = why;
    out.order.push(l);
    return true;
  };
  const fail = (l: number, problem: string): void => {
    if (out.contradiction < 0) {
      out.contradiction = l;
      out.problem = problem;
    }
  };
  const checkUnits = (cell: number, d: number, why: number): void => {
    const bit = 1 << (d - 1);
    for (let j = 0; j < 3; j++) {
      const u = CELL_UNITS[cell * 3 + j]!;
      if (placed[u]! & bit) continue;
      let count = 0;
      let at = -1;
      for (let k = 0; k < 9; k++) {
        const x = UNIT_CELLS[u * 9 + k]!;
        if (c[x]! & bit) {
          count++;
          at = x;
        }
      }
      if (count === 0) return fail(why, `${unitName(u)} would have no place for ${d}`);
      if (count === 1) {
        const l = (at * 9 + d - 1) * 2 + 1;
        if (conclude(l, why)) pending.push(l);
      }
    }
  };
  const eliminate = (cell: number, d: number, why: number): void => {
    const bit = 1 << (d - 1);
    if (!(c[cell]! & bit)) return;
    c[cell]! &= ~bit;
    const l = (cell * 9 + d - 1) * 2;
    conclude(l, why);
    const m = c[cell]!;
    if (m === 0) return fail(l, `${cellName(cell)} would have no candidate left`);
    if (POPCOUNT[m] === 1) {
      const pl = (cell * 9 + 31 - Math.clz32(m)) * 2 + 1;
      if (conclude(pl, l)) pending.push(pl);
    }
    checkUnits(cell, d, l);
  };
  const place = (l: number): void => {
    const cell = Math.floor((l >> 1) / 9);
    const d = ((l >> 1) % 9) + 1;
    const bit = 1 << (d - 1);
    if (v[cell]) {
      if (v[cell] !== d) fail(l, `${cellName(cell)} would be ${v[cell]} and ${d}`);
      return;
    }
    if (!(c[cell]! & bit)) return fail(l, `${cellName(cell)} would be ${d}, which it cannot hold`);
    for (let j = 0; j < 3; j++) {
      const u = CELL_UNITS[cell * 3 + j]!;
      if (placed[u]! & bit) return fail(l, `${d} would appear twice in ${unitName(u)}`);
    }
    v[cell] = d;
    const others = c[cell]! & ~bit;
    c[cell] = 0;
    for (let j = 0; j < 3; j++) placed[CELL_UNITS[cell * 3 + j]!]! |= bit;
    for (let e = 1; e <= 9; e++) {
      if (!(others & (1 << (e - 1)))) continue;
      const el = (cell * 9 + e - 1) * 2;
      conclude(el, l);
      checkUnits(cell, e, el);
      if (out.contradiction >= 0) return;
    }
    for (let k = 0; k < 20 && out.contradiction < 0; k++) eliminate(PEERS[cell * 20 + k]!, d, l);
  };
  conclude(premise, premise);
  if (premise & 1) pending.push(premise);
  else {
    const cell = Math.floor((premise >> 1) / 9);
    const d = ((premise >> 1) % 9) + 1;
    c[cell]! &= ~(1 << (d - 1));
    const m = c[cell]!;
    if (m === 0) fail(premise, `${cellName(cell)} would have no candidate left`);
    else if (POPCOUNT[m] === 1) {
      const pl = (cell * 9 + 31 - Math.clz32(m)) * 2 + 1;
      if (conclude(pl, premise)) pending.push(pl);
    }
    if (out.contradiction < 0) checkUnits(cell, d, premise);
  }
  let h = 0;
  for (;;) {
    for (; h < pending.length && out.contradiction < 0; h++) place(pending[h]!);
    if (out.contradiction >= 0 || !lockedCandidates(v, c, placed, out, eliminate)) break;
  }
  return out;
}

/**
 * One pass of locked candidates on a propagation's copy (a box's digit in one line leaves the rest of the line; a
 * line's digit in one box leaves the rest of the box); returns whether it removed anything. Its reason is the last
 * conclusion (the net's printed path follows one reason per step).
 */
function lockedCandidates(
  v: Uint8Array,
  c: Uint16Array,
  placed: Uint16Array,
  out: Outcome,
  eliminate: (cell: number, d: number, why: number) => void,
): boolean {
  const before = out.order.length;
  for (let d = 1; d <= 9 && out.contradiction < 0; d++) {
    const bit = 1 << (d - 1);
    for (let u = 0; u < 27; u++) {
      if (placed[u]! & bit) continue;
      let rows = 0;
      let cols = 0;
      let boxes = 0;
      for (let k = 0; k < 9; k++) {
        const x = UNIT_CELLS[u * 9 + k]!;
        if (!(c[x]! & bit)) continue;
        rows |= 1 << Math.floor(x / 9);
        cols |= 1 << x % 9;
        boxes |= 1 << (Math.floor(x / 27) * 3 + Math.floor((x % 9) / 3));
      }
      let target = -1;
      if (u >= 18 && POPCOUNT[rows] === 1) target = 31 - Math.clz32(rows);
      else if (u >= 18 && POPCOUNT[cols] === 1) target = 9 + 31 - Math.clz32(cols);
      else if (u < 18 && POPCOUNT[boxes] === 1) target = 18 + 31 - Math.clz32(boxes);
      if (target < 0) continue;
      const why = out.order[out.order.length - 1]!;
      for (let k = 0; k < 9 && out.contradiction < 0; k++) {
        const x = UNIT_CELLS[target * 9 + k]!;
        if (!v[x] && c[x]! & bit && !unitHas(u, x)) eliminate(x, d, why);
      }
    }
  }
  return out.order.length > before;
}

function unitHas(u: number, cell: number): boolean {
  return CELL_UNITS[cell * 3]! === u || CELL_UNITS[cell * 3 + 1]! === u || CELL_UNITS[cell * 3 + 2]! === u;
}

// ---------------------------------------------------------------------------------------------------------------
// Printing

const litName = (l: number): string => `(${((l >> 1) % 9) + 1})${cellName(Math.floor((l >> 1) / 9))}`;

/** The path from the premise to `l` in Eureka notation: after a true literal comes "-", after a false one "=". */
function pathText(out: Outcome, l: number): { text: string; length: number } {
  const path = [l];
  for (let x = l; out.parent[x] !== x; ) {
    x = out.parent[x]!;
    path.push(x);
    if (path.length > 1458) break;
  }
  path.reverse();
  let text = litName(path[0]!);
  for (let i = 1; i < path.length; i++) text += `${path[i - 1]! & 1 ? '-' : '='}${litName(path[i]!)}`;
  return { text, length: path.length };
}

const assumption = (l: number): string => `${cellName(Math.floor((l >> 1) / 9))} ${l & 1 ? 'were' : 'were not'} ${((l >> 1) % 9) + 1}`;

function conclusionOf(l: number): { eliminations: Candidate[]; placements: Candidate[]; text: string } {
  const cell = Math.floor((l >> 1) / 9);
  const digit = ((l >> 1) % 9) + 1;
  return l & 1
    ? { eliminations: [], placements: [{ cell, digit }], text: `${cellName(cell)} is ${digit}` }
    : { eliminations: [{ cell, digit }], placements: [], text: `${cellName(cell)} is not ${digit}` };
}

// ---------------------------------------------------------------------------------------------------------------

function checkOptions(options: ForcingOptions | undefined): Required<Pick<ForcingOptions, 'limit' | 'budget'>> & ForcingOptions {
  const o = optionsOf(options, 'findForcingSteps') as ForcingOptions;
  const limit = o.limit ?? Infinity;
  if (typeof limit !== 'number' || !(limit === Infinity || (Number.isInteger(limit) && limit >= 0))) {
    throw new RangeError(`limit must be a nonnegative integer or Infinity; got ${describeValue(limit)}`);
  }
  const budget = o.budget ?? FORCING_BUDGET;
  if (typeof budget !== 'number' || !Number.isInteger(budget) || budget < 1) {
    throw new RangeError(`budget must be a positive integer (propagations); got ${describeValue(budget)}`);
  }
  return { ...o, limit, budget };
}

/**
 * Forcing chains (kind 'chain') or nets ('net') on a grid: each step's assumption and consequences are printed in
 * Eureka notation (in `chain`, branches separated by " | "). Shortest first, at most `limit`. The search is bounded by
 * `budget` propagations, `signal` and `timeout`; `stopped` says why it ended early, if it did.
 */
export function findForcingSteps(grid: Grid, kind: ForcingKind, options?: ForcingOptions): ForcingResult {
  if (!(grid instanceof Grid)) throw new TypeError(`findForcingSteps needs a Grid (parse text with parseGrid); got ${describeValue(grid)}`);
  if (kind !== 'chain' && kind !== 'net') throw new RangeError(`kind must be 'chain' or 'net'; got ${describeValue(kind)}`);
  const o = checkOptions(options);
  const stop = stopper({ signal: o.signal, timeout: o.timeout }, 1);
  if (o.limit === 0) return { steps: [], stopped: null };
  const c = grid.candidates;
  const graph = kind === 'chain' ? buildChainGraph(grid) : null;
  const outcomes = new Map<number, Outcome>();
  let stopped: 'budget' | 'aborted' | 'timeout' | null = null;
  let used = 0;
  const outcome = (l: number): Outcome | null => {
    const known = outcomes.get(l);
    if (known) return known;
    if (stopped) return null;
    if (used >= o.budget) {
      stopped = 'budget';
      return null;
    }
    if (stop.check()) {
      stopped = stop.reason ?? 'aborted';
      return null;
    }
    used++;
    let out: Outcome;
    if (graph) {
      const node = graph.nodeOf[l >> 1]!;
      out = chainPropagate(graph, c, node * 2 + (l & 1));
    } else out = netPropagate(grid.values, c, l);
    outcomes.set(l, out);
    return out;
  };
  const found: Found[] = [];
  const title = kind === 'chain' ? 'Forcing chain' : 'Forcing net';
  // Contradictions: cells with fewer candidates first.
  const cells = [...Array(81).keys()].filter((x) => c[x]).sort((a, b) => POPCOUNT[c[a]!]! - POPCOUNT[c[b]!]! || a - b);
  outer: for (const truth of [1, 0]) {
    for (const cell of cells) {
      for (let d = 1; d <= 9; d++) {
        if (!(c[cell]! & (1 << (d - 1)))) continue;
        const l = (cell * 9 + d - 1) * 2 + truth;
        const out = outcome(l);
        if (!out) break outer;
        if (out.contradiction < 0) continue;
        const path = pathText(out, out.contradiction);
        const negation = conclusionOf(l ^ 1);
        let chain = path.text;
        let length = path.length;
        const other = out.contradiction ^ 1;
        if (has(out.set, other)) {
          const second = pathText(out, other);
          chain += ` | ${second.text}`;
          length = Math.max(length, second.length);
        }
        found.push({
          length,
          key: `${l ^ 1}`,
          step: {
            technique: kind === 'chain' ? 'forcing-chain' : 'forcing-net',
            cells: [cell],
            digits: [d],
            eliminations: negation.eliminations,
            placements: negation.placements,
            explanation: `${title} (contradiction): if ${assumption(l)}, then ${chain}, and ${out.problem}; so ${negation.text}`,
            chain,
          },
        });
      }
    }
  }
  // Verities: every branch of a cell, of a digit's places in a unit, or of a candidate's two truths leads to the same.
  const verity = (premises: number[], what: string): void => {
    const outs: Outcome[] = [];
    for (const p of premises) {
      const out = outcome(p);
      if (!out || out.contradiction >= 0) return;
      outs.push(out);
    }
    const common = outs[0]!.set.slice();
    for (const out of outs.slice(1)) for (let w = 0; w < WORDS; w++) common[w]! &= out.set[w]!;
    for (let w = 0; w < WORDS; w++) {
      let bits = common[w]!;
      while (bits) {
        const b = bits & -bits;
        bits ^= b;
        const l = w * 32 + 31 - Math.clz32(b);
        const cell = Math.floor((l >> 1) / 9);
        const d = ((l >> 1) % 9) + 1;
        if (l & 1 ? grid.values[cell] === d : !(c[cell]! & (1 << (d - 1)))) continue;
        const branches = outs.map((out) => pathText(out, l));
        const conclusion = conclusionOf(l);
        const chain = branches.map((b2) => b2.text).join(' | ');
        found.push({
          length: Math.max(...branches.map((b2) => b2.length)) + premises.length,
          key: `${l}`,
          step: {
            technique: kind === 'chain' ? 'forcing-chain' : 'forcing-net',
            cells: [...new Set(premises.map((p) => Math.floor((p >> 1) / 9)))],
            digits: [...new Set(premises.map((p) => ((p >> 1) % 9) + 1))].sort((a, b2) => a - b2),
            eliminations: conclusion.eliminations,
            placements: conclusion.placements,
            explanation: `${title} (verity): ${what}, and each leads to ${conclusion.text}: ${chain}; so ${conclusion.text}`,
            chain,
          },
        });
      }
    }
  };
  if (!stopped && found.length === 0) {
    for (const cell of cells) {
      const premises: number[] = [];
      for (let d = 1; d <= 9; d++) if (c[cell]! & (1 << (d - 1))) premises.push((cell * 9 + d - 1) * 2 + 1);
      if (premises.length >= 2) verity(premises, `${cellName(cell)} is one of ${premises.map((p) => ((p >> 1) % 9) + 1).join(', ')}`);
      if (stopped) break;
    }
    for (let u = 0; u < 27 && !stopped; u++) {
      for (let d = 1; d <= 9 && !stopped; d++) {
        const premises: number[] = [];
        for (let k = 0; k < 9; k++) {
          const x = UNIT_CELLS[u * 9 + k]!;
          if (c[x]! & (1 << (d - 1))) premises.push((x * 9 + d - 1) * 2 + 1);
        }
        if (premises.length >= 2) verity(premises, `${d} goes in one of ${premises.map((p) => cellName(Math.floor((p >> 1) / 9))).join(', ')} of ${unitName(u)}`);
      }
    }
    for (const cell of cells) {
      for (let d = 1; d <= 9 && !stopped; d++) {
        if (!(c[cell]! & (1 << (d - 1)))) continue;
        const l = (cell * 9 + d - 1) * 2;
        verity([l + 1, l], `${cellName(cell)} is ${d} or not`);
      }
    }
  }
  found.sort((a, b) => a.length - b.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const seen = new Set<string>();
  const steps: Step[] = [];
  for (const f of found) {
    if (steps.length >= o.limit) break;
    if (seen.has(f.key)) continue;
    seen.add(f.key);
    steps.push(f.step);
  }
  return { steps, stopped };
}

/** The finder of forcing chains (single links only), bounded by the default budget. @internal */
export function findForcingChains(grid: Grid, limit: number): Step[] {
  return findForcingSteps(grid, 'chain', { limit }).steps;
}

/** The finder of forcing nets (naked and hidden singles), bounded by the default budget. @internal */
export function findForcingNets(grid: Grid, limit: number): Step[] {
  return findForcingSteps(grid, 'net', { limit }).steps;
}
