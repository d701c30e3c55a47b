import type { Grid } from './grid.js';
import { strongLinks } from './links.js';
import { Eliminations, type Step } from './step.js';
import { cellName, PEERS, POPCOUNT, SEES } from './tables.js';
import { DigitMemo } from './digit-memo.js';

/** The digits known to hold no X-Chain on a state (see digit-memo.ts). */
let xChainMemo: DigitMemo | undefined;

/** The longest chain searched, in links (X-Chains) or cells (XY-Chains). */
export const MAX_CHAIN_LENGTH = 16;

/** A chain found: its length and key, and its Step, made only for the chains returned (most are not). */
interface Found {
  readonly length: number;
  readonly key: string;
  readonly make: () => Step;
}

/** Orders found chains shortest first, keeps one per set of eliminations, at most `limit`. */
function best(found: Found[], limit: number): Step[] {
  found.sort((a, b) => a.length - b.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const seen = new Set<string>();
  const out: Step[] = [];
  for (const f of found) {
    if (out.length >= limit) break;
    if (seen.has(f.key)) continue;
    seen.add(f.key);
    out.push(f.make());
  }
  return out;
}

/**
 * The cells holding the digit that see both ends of a chain, or null when none does: the searches ask at every end
 * they reach, and most have none, so a list is made only for a chain that removes something.
 */
function seersOf(grid: Grid, s: number, e: number, bit: number): number[] | null {
  let out: number[] | null = null;
  const c = grid.candidates;
  for (let k = 0; k < 20; k++) {
    const x = PEERS[s * 20 + k]!;
    if (x !== e && c[x]! & bit && SEES[x * 81 + e]) (out ??= []).push(x);
  }
  return out;
}

/**
 * X-Chain: for one digit, a chain of cells alternating strong links (a unit with only two places for the digit) and weak
 * links (two cells that see each other), starting and ending with a strong link; one end holds the digit, so it leaves
 * every cell that sees both ends. Shortest chains first, one per set of eliminations, at most MAX_CHAIN_LENGTH links.
 */
export function findXChains(grid: Grid, limit = Infinity): Step[] {
  const found: Found[] = [];
  const c = grid.candidates;
  const onParent = new Int16Array(81);
  const offParent = new Int16Array(81);
  const onDepth = new Uint8Array(81);
  const offDepth = new Uint8Array(81);
  const queue = new Int16Array(2 * 81 + 2);
  // Each digit's X-Chains depend on that digit's candidates only: digits known to hold none on this state are skipped.
  const memo = (xChainMemo ??= new DigitMemo());
  const digits = memo.digits(c);
  for (let digit = 1; digit <= 9; digit++) {
    const bit = 1 << (digit - 1);
    if (!(digits & bit)) continue;
    const strong: number[][] = Array.from({ length: 81 }, () => []);
    for (const { a, b } of strongLinks(grid, digit)) {
      if (!strong[a]!.includes(b)) {
        strong[a]!.push(b);
        strong[b]!.push(a);
      }
    }
    for (let s = 0; s < 81; s++) {
      if (strong[s]!.length === 0) continue;
      onParent.fill(-1);
      offParent.fill(-1);
      // Queue entries: cell * 2 + (1 when the cell is on, i.e. true if the start is false).
      let head = 0;
      let tail = 0;
      queue[tail++] = s * 2;
      offParent[s] = s;
      offDepth[s] = 0;
      while (head < tail) {
        const entry = queue[head++]!;
        const x = entry >> 1;
        if ((entry & 1) === 0) {
          const depth = offDepth[x]! + 1;
          if (depth > MAX_CHAIN_LENGTH) continue;
          for (const y of strong[x]!) {
            if (onParent[y]! >= 0 || y === s) continue;
            onParent[y] = x;
            onDepth[y] = depth;
            queue[tail++] = y * 2 + 1;
            if (depth >= 3 && y > s) {
              const seers = seersOf(grid, s, y, bit);
              if (seers !== null) found.push(xChainStep(grid, digit, s, y, seers, onParent, offParent, depth));
            }
          }
        } else {
          const depth = onDepth[x]! + 1;
          if (depth > MAX_CHAIN_LENGTH) continue;
          for (let k = 0; k < 20; k++) {
            const y = PEERS[x * 20 + k]!;
            if (!(c[y]! & bit) || offParent[y]! >= 0) continue;
            offParent[y] = x;
            offDepth[y] = depth;
            queue[tail++] = y * 2;
          }
        }
      }
    }
  }
  memo.searched(found.length > 0 || !(limit > 0));
  return best(found, limit);
}

function xChainStep(
  grid: Grid,
  digit: number,
  s: number,
  e: number,
  seers: number[],
  onParent: Int16Array,
  offParent: Int16Array,
  length: number,
): Found {
  // Walk back from e (on) to s (off).
  const chain: number[] = [e];
  let x = e;
  let on = true;
  while (!(x === s && !on)) {
    x = on ? onParent[x]! : offParent[x]!;
    on = !on;
    chain.push(x);
  }
  chain.reverse();
  return {
    length,
    key: `x${digit}:${seers.join(',')}`,
    make: () => {
      let text = cellName(chain[0]!);
      for (let i = 1; i < chain.length; i++) text += `${i % 2 === 1 ? '=' : '-'}${cellName(chain[i]!)}`;
      const elim = new Eliminations();
      for (const t of seers) elim.add(grid.candidates, t, 1 << (digit - 1));
      return {
        technique: 'x-chain',
        cells: chain,
        digits: [digit],
        eliminations: elim.list(),
        placements: [],
        explanation: `X-Chain on ${digit}: ${text} (= only two places in a unit, - see each other); one end is ${digit}, so remove ${digit} from the cells that see both ends`,
      };
    },
  };
}

/**
 * XY-Chain: a chain of two-candidate cells, each seeing the next and sharing a digit with it; if the first cell is not
 * z, the last one is, so z leaves every cell that sees both ends. Shortest first, at most MAX_CHAIN_LENGTH cells.
 */
export function findXYChains(grid: Grid, limit = Infinity): Step[] {
  const found: Found[] = [];
  const c = grid.candidates;
  const bivalue: number[] = [];
  for (let cell = 0; cell < 81; cell++) if (POPCOUNT[c[cell]!] === 2) bivalue.push(cell);
  if (bivalue.length < 3) return [];
  const isBivalue = new Uint8Array(81);
  for (const x of bivalue) isBivalue[x] = 1;
  // State: cell * 10 + the digit the cell is (on) when the start is not z.
  const parent = new Int16Array(810);
  const depthOf = new Uint8Array(810);
  const queue = new Int16Array(810);
  for (const s of bivalue) {
    const sm = c[s]!;
    for (let z = 1; z <= 9; z++) {
      const zbit = 1 << (z - 1);
      if (!(sm & zbit)) continue;
      // Quick filter: some cell outside s must hold z and see s.
      let any = false;
      for (let k = 0; k < 20 && !any; k++) if (c[PEERS[s * 20 + k]!]! & zbit) any = true;
      if (!any) continue;
      parent.fill(-1);
      const a = 31 - Math.clz32(sm & ~zbit) + 1;
      let head = 0;
      let tail = 0;
      const first = s * 10 + a;
      parent[first] = first;
      depthOf[first] = 1;
      queue[tail++] = first;
      while (head < tail) {
        const state = queue[head++]!;
        const x = Math.floor(state / 10);
        const v = state % 10;
        const depth = depthOf[state]! + 1;
        if (depth > MAX_CHAIN_LENGTH) continue;
        const vbit = 1 << (v - 1);
        for (let k = 0; k < 20; k++) {
          const y = PEERS[x * 20 + k]!;
          if (!isBivalue[y] || !(c[y]! & vbit) || y === s) continue;
          const w = 31 - Math.clz32(c[y]! & ~vbit) + 1;
          const next = y * 10 + w;
          if (parent[next]! >= 0) continue;
          parent[next] = state;
          depthOf[next] = depth;
          queue[tail++] = next;
          if (w === z && depth >= 3 && y > s) {
            const seers = seersOf(grid, s, y, zbit);
            if (seers !== null) found.push(xyChainStep(grid, z, s, next, seers, parent, depth));
          }
        }
      }
    }
  }
  return best(found, limit);
}

function xyChainStep(grid: Grid, z: number, s: number, end: number, seers: number[], parent: Int16Array, length: number): Found {
  const states: number[] = [end];
  let state = end;
  while (parent[state] !== state) {
    state = parent[state]!;
    states.push(state);
  }
  states.reverse();
  const c = grid.candidates;
  return {
    length,
    key: `xy${z}:${seers.join(',')}`,
    make: () => {
      const parts = states.map((st) => {
        const cell = Math.floor(st / 10);
        const on = st % 10;
        const off = 31 - Math.clz32(c[cell]! & ~(1 << (on - 1))) + 1;
        return `(${off}=${on})${cellName(cell)}`;
      });
      const elim = new Eliminations();
      for (const t of seers) elim.add(c, t, 1 << (z - 1));
      return {
        technique: 'xy-chain',
        cells: states.map((st) => Math.floor(st / 10)),
        digits: [z],
        eliminations: elim.list(),
        placements: [],
        explanation: `XY-Chain: ${parts.join(' - ')}; if ${cellName(s)} is not ${z} then ${cellName(Math.floor(end / 10))} is, so remove ${z} from the cells that see both ends`,
      };
    },
  };
}

/**
 * Remote Pair: a chain of at least four cells that all hold the same two candidates, each seeing the next; the cells
 * alternate between the two digits, so a cell that sees two chain cells an odd number of links apart (at least three)
 * holds neither digit.
 */
export function findRemotePairs(grid: Grid, limit = Infinity): Step[] {
  const found: Found[] = [];
  const c = grid.candidates;
  // The cells of each two-candidate mask, the masks in the order their first cell comes.
  const masks: number[] = [];
  const byPair: number[][] = [];
  for (let cell = 0; cell < 81; cell++) {
    const m = c[cell]!;
    if (POPCOUNT[m] !== 2) continue;
    const k = masks.indexOf(m);
    if (k >= 0) byPair[k]!.push(cell);
    else {
      masks.push(m);
      byPair.push([cell]);
    }
  }
  const parent = new Int16Array(81);
  const dist = new Int16Array(81);
  for (let k = 0; k < masks.length; k++) {
    const mask = masks[k]!;
    const cells = byPair[k]!;
    if (cells.length < 4) continue;
    for (const s of cells) {
      // Shortest paths from s among the cells of this pair.
      parent.fill(-1);
      dist.fill(-1);
      dist[s] = 0;
      parent[s] = s;
      const queue = [s];
      for (let h = 0; h < queue.length; h++) {
        const x = queue[h]!;
        for (const y of cells) {
          if (dist[y]! >= 0 || !SEES[x * 81 + y]) continue;
          dist[y] = dist[x]! + 1;
          parent[y] = x;
          queue.push(y);
        }
      }
      for (const e of cells) {
        if (e <= s || dist[e]! < 3 || dist[e]! % 2 === 0) continue;
        const seers: number[] = [];
        for (let k = 0; k < 20; k++) {
          const x = PEERS[s * 20 + k]!;
          if (x !== e && c[x]! & mask && SEES[x * 81 + e] && !cells.includes(x)) seers.push(x);
        }
        const elim = new Eliminations();
        for (const x of seers) elim.add(c, x, mask);
        if (elim.empty) continue;
        found.push(remotePair(s, e, parent, mask, elim));
      }
    }
  }
  return best(found, limit);
}

/**
 * The remote pair from s to e along `parent` (a function of its own: the search above runs on every stuck state and
 * stays small for the optimizing compiler; this runs only for the pairs found).
 */
function remotePair(s: number, e: number, parent: Int16Array, mask: number, elim: Eliminations): Found {
  const chain: number[] = [e];
  for (let x = e; x !== s; ) {
    x = parent[x]!;
    chain.push(x);
  }
  chain.reverse();
  const [a, b] = [lowestDigit(mask), 32 - Math.clz32(mask)];
  const eureka = chain.map((x, i) => (i % 2 === 0 ? `(${a})${cellName(x)}=(${b})${cellName(x)}` : `(${b})${cellName(x)}=(${a})${cellName(x)}`)).join('-');
  const eliminations = elim.list();
  const step: Step = {
    technique: 'remote-pair',
    cells: chain,
    digits: [a, b],
    eliminations,
    placements: [],
    explanation: `Remote pair on ${a} and ${b}: ${chain.map(cellName).join('-')} alternate between ${a} and ${b}, so the ends hold one each; remove ${a} and ${b} from the cells that see both ends`,
    chain: eureka,
  };
  return { length: chain.length, key: `rp:${eliminations.map((x) => `${x.cell}-${x.digit}`).join(',')}`, make: () => step };
}

function lowestDigit(mask: number): number {
  return 32 - Math.clz32(mask & -mask);
}
