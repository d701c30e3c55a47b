import type { Grid } from './grid.js';
import { DigitMemo } from './digit-memo.js';
import { Eliminations, type Step, type TechniqueName } from './step.js';
import { cellName, listing, SEES, UNIT_CELLS, unitName } from './tables.js';

/** Franken fish use boxes beside rows (or columns); mutant fish mix rows and columns in one set. */
export type FishFamily = 'franken' | 'mutant';

const SIZE_NAMES: Record<number, string> = { 2: 'x-wing', 3: 'swordfish', 4: 'jellyfish' };
const TITLES: Record<number, string> = { 2: 'X-Wing', 3: 'Swordfish', 4: 'Jellyfish' };
/** At most this many fins (exo and endo together). */
const MAX_FINS = 2;

// Sets of cells as three 27-bit words (cells 0-26, 27-53, 54-80).
const W = 3;

// The peers of each cell, and the cells of each unit, as word triples.
const PEER_WORDS: Int32Array = /* @__PURE__ */ (() => {
  const out = new Int32Array(81 * W);
  for (let a = 0; a < 81; a++) for (let b = 0; b < 81; b++) if (SEES[a * 81 + b]) out[a * W + Math.floor(b / 27)]! |= 1 << b % 27;
  return out;
})();
const UNITS_OF_CELL: Uint8Array = /* @__PURE__ */ (() => {
  const out = new Uint8Array(81 * 3);
  const n = new Uint8Array(81);
  for (let u = 0; u < 27; u++) for (let k = 0; k < 9; k++) {
    const cell = UNIT_CELLS[u * 9 + k]!;
    out[cell * 3 + n[cell]!++] = u;
  }
  return out;
})();

/** One memo per kind of fish (family, size, fins): the digits known to hold none on a state. */
const memos: (DigitMemo | undefined)[] = [];

/** The technique name of a franken or mutant fish. @internal */
export function complexFishName(family: FishFamily, size: 2 | 3 | 4, finned: boolean): TechniqueName {
  return `${finned ? 'finned-' : ''}${family}-${SIZE_NAMES[size]}` as TechniqueName;
}

// Unit kinds as bits: 1 row, 2 column, 4 box.
const kindOf = (u: number): number => (u < 9 ? 1 : u < 18 ? 2 : 4);

function familyOf(baseKinds: number, coverKinds: number): FishFamily | 'basic' {
  if ((baseKinds === 1 && coverKinds === 2) || (baseKinds === 2 && coverKinds === 1)) return 'basic';
  if (((baseKinds & ~5) === 0 && (coverKinds & ~6) === 0) || ((baseKinds & ~6) === 0 && (coverKinds & ~5) === 0)) return 'franken';
  return 'mutant';
}

const lowestCell = (w0: number, w1: number, w2: number): number =>
  w0 ? 31 - Math.clz32(w0 & -w0) : w1 ? 27 + 31 - Math.clz32(w1 & -w1) : 54 + 31 - Math.clz32(w2 & -w2);

function cellsOf(w: ArrayLike<number>, at = 0): number[] {
  const out: number[] = [];
  for (let k = 0; k < W; k++) {
    let m = w[at + k]!;
    while (m) {
      const p = m & -m;
      m ^= p;
      out.push(k * 27 + 31 - Math.clz32(p));
    }
  }
  return out;
}

/**
 * Franken and mutant fish of `size` (2, 3 or 4 base units), with or without fins: n base units (rows, columns, boxes)
 * whose candidates of a digit lie in n cover units but for the fins (base candidates outside the covers, and endo fins:
 * candidates in two base units). Either a fin holds the digit or each cover holds it in a base cell; so a cover
 * candidate outside the base units that sees every fin goes, and so does a base candidate in two covers (cannibalism).
 */
export function findComplexFish(grid: Grid, family: FishFamily, size: 2 | 3 | 4, finned: boolean, limit = Infinity): Step[] {
  const steps: Step[] = [];
  const seen = new Set<string>();
  const c = grid.candidates;
  const technique = complexFishName(family, size, finned);
  const title = `${finned ? 'Finned ' : ''}${family === 'franken' ? 'Franken' : 'Mutant'} ${TITLES[size]}`;
  const unitWords = new Int32Array(27 * W);
  const unitCount = new Uint8Array(27);
  const maxFins = finned ? MAX_FINS : 0;
  // Per depth (covers + fins chosen): covered, covered twice, fins, targets (cells seeing every fin).
  const depthMax = size + MAX_FINS + 2;
  const covered = new Int32Array(depthMax * W);
  const twice = new Int32Array(depthMax * W);
  const fins = new Int32Array(depthMax * W);
  const targets = new Int32Array(depthMax * W);
  const base = new Int32Array(W);
  const endo = new Int32Array(W);
  const bases: number[] = [];
  const covers: number[] = [];
  const hit = new Int32Array(W);
  // Each digit's fish depend on that digit's candidates only: digits known to hold none on this state are skipped.
  const memo = (memos[(family === 'mutant' ? 6 : 0) + (size - 2) * 2 + (finned ? 1 : 0)] ??= new DigitMemo());
  const digits = memo.digits(c);

  for (let digit = 1; digit <= 9 && steps.length < limit; digit++) {
    const bit = 1 << (digit - 1);
    if (!(digits & bit)) continue;
    unitWords.fill(0);
    unitCount.fill(0);
    const digitWords = new Int32Array(W);
    for (let x = 0; x < 81; x++) if (c[x]! & bit) digitWords[Math.floor(x / 27)]! |= 1 << x % 27;
    for (let u = 0; u < 27; u++) {
      for (let k = 0; k < 9; k++) {
        const cell = UNIT_CELLS[u * 9 + k]!;
        if (c[cell]! & bit) {
          unitWords[u * W + Math.floor(cell / 27)]! |= 1 << cell % 27;
          unitCount[u]!++;
        }
      }
    }
    // A base unit holds at most 3 candidates per cover (a box crossing a line) plus the fins.
    const usable = [...Array(27).keys()].filter((u) => unitCount[u]! >= 1 && unitCount[u]! <= 3 * size + maxFins);

    for (const allowed of family === 'franken' ? [5, 6] : [7]) {
      const coverAllowed = family === 'franken' ? (allowed === 5 ? 6 : 5) : 7;
      const pool = usable.filter((u) => (kindOf(u) & allowed) !== 0);

      const evaluate = (d: number): void => {
        let baseKinds = 0;
        let coverKinds = 0;
        for (const u of bases) baseKinds |= kindOf(u);
        for (const u of covers) coverKinds |= kindOf(u);
        if (familyOf(baseKinds, coverKinds) !== family) return;
        const o = d * W;
        const hasFins = (fins[o]! | fins[o + 1]! | fins[o + 2]! | endo[0]! | endo[1]! | endo[2]!) !== 0;
        if (hasFins !== finned) return;
        // Cover candidates outside the base, and base candidates in two covers (not fins), that see every fin.
        let any = 0;
        for (let k = 0; k < W; k++) {
          let union = 0;
          for (const u of covers) union |= unitWords[u * W + k]!;
          hit[k] = ((union & ~base[k]!) | (twice[o + k]! & base[k]! & ~endo[k]! & ~fins[o + k]!)) & targets[o + k]!;
          any |= hit[k]!;
        }
        if (!any) return;
        const key = `${digit}:${hit[0]},${hit[1]},${hit[2]}`;
        if (seen.has(key)) return;
        seen.add(key);
        const allFins = [...cellsOf(fins, o), ...cellsOf(endo)];
        const elim = new Eliminations();
        for (const x of cellsOf(hit)) elim.add(c, x, bit);
        const eliminations = elim.list();
        const sortedBases = [...bases].sort((a, b) => a - b);
        const sortedCovers = [...covers].sort((a, b) => a - b);
        allFins.sort((a, b) => a - b);
        const finText = allFins.length ? ` but for the fin${allFins.length > 1 ? 's' : ''} ${listing(allFins.map(cellName))}` : '';
        steps.push({
          technique,
          cells: cellsOf(base),
          digits: [digit],
          eliminations,
          placements: [],
          explanation: `${title} on ${digit}: in ${listing(sortedBases.map(unitName))} the ${digit}s lie in ${listing(sortedCovers.map(unitName))}${finText}; ${allFins.length ? 'either a fin or the fish' : 'the fish'} holds ${digit}, so remove it from ${listing(eliminations.map((e) => cellName(e.cell)))}`,
        });
      };

      // Covers the lowest base candidate not yet covered (nor a fin) with one of its units, or makes it a fin.
      const cover = (d: number, finCount: number): void => {
        if (steps.length >= limit) return;
        const o = d * W;
        const u0 = base[0]! & ~endo[0]! & ~covered[o]! & ~fins[o]!;
        const u1 = base[1]! & ~endo[1]! & ~covered[o + 1]! & ~fins[o + 1]!;
        const u2 = base[2]! & ~endo[2]! & ~covered[o + 2]! & ~fins[o + 2]!;
        if (!(u0 | u1 | u2)) {
          if (covers.length === size) evaluate(d);
          return;
        }
        const next = lowestCell(u0, u1, u2);
        const n = o + W;
        if (covers.length < size) {
          for (let j = 0; j < 3; j++) {
            const u = UNITS_OF_CELL[next * 3 + j]!;
            if ((kindOf(u) & coverAllowed) === 0 || bases.includes(u) || covers.includes(u)) continue;
            for (let k = 0; k < W; k++) {
              const w = unitWords[u * W + k]!;
              twice[n + k] = twice[o + k]! | (covered[o + k]! & w);
              covered[n + k] = covered[o + k]! | w;
              fins[n + k] = fins[o + k]!;
              targets[n + k] = targets[o + k]!;
            }
            covers.push(u);
            cover(d + 1, finCount);
            covers.pop();
          }
        }
        if (finCount < maxFins) {
          const p = next * W;
          const t0 = targets[o]! & PEER_WORDS[p]!;
          const t1 = targets[o + 1]! & PEER_WORDS[p + 1]!;
          const t2 = targets[o + 2]! & PEER_WORDS[p + 2]!;
          if (t0 | t1 | t2) {
            for (let k = 0; k < W; k++) {
              twice[n + k] = twice[o + k]!;
              covered[n + k] = covered[o + k]!;
              fins[n + k] = fins[o + k]!;
            }
            targets[n] = t0;
            targets[n + 1] = t1;
            targets[n + 2] = t2;
            fins[n + Math.floor(next / 27)]! |= 1 << next % 27;
            cover(d + 1, finCount + 1);
          }
        }
      };

      const chooseBases = (from: number): void => {
        if (steps.length >= limit) return;
        if (bases.length === size) {
          base.fill(0);
          endo.fill(0);
          for (const u of bases) {
            for (let k = 0; k < W; k++) {
              endo[k]! |= base[k]! & unitWords[u * W + k]!;
              base[k]! |= unitWords[u * W + k]!;
            }
          }
          // The endo fins counted and applied bit by bit: this runs for every choice of bases, most of which stop here.
          let endoCount = 0;
          for (let k = 0; k < W; k++) {
            covered[k] = 0;
            twice[k] = 0;
            fins[k] = 0;
            targets[k] = digitWords[k]!;
          }
          for (let w = 0; w < W; w++) {
            let m = endo[w]!;
            while (m) {
              const p = m & -m;
              m ^= p;
              if (++endoCount > maxFins) return;
              const x = w * 27 + 31 - Math.clz32(p);
              for (let k = 0; k < W; k++) targets[k]! &= PEER_WORDS[x * W + k]!;
            }
          }
          if (targets[0]! | targets[1]! | targets[2]!) cover(0, endoCount);
          return;
        }
        // Cells shared by the bases chosen so far are endo fins: prune as soon as there are too many.
        for (let i = from; i < pool.length; i++) {
          const u = pool[i]!;
          let shared = 0;
          for (const v of bases) {
            for (let k = 0; k < W; k++) {
              let m = unitWords[u * W + k]! & unitWords[v * W + k]!;
              while (m) {
                m &= m - 1;
                shared++;
              }
            }
          }
          if (shared > maxFins) continue;
          bases.push(u);
          chooseBases(i + 1);
          bases.pop();
        }
      };
      chooseBases(0);
    }
  }
  memo.searched(steps.length > 0 || !(limit > 0));
  return steps.length > limit ? steps.slice(0, limit) : steps;
}
