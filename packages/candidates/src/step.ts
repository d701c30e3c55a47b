import type { Component } from './component.js';
import { describeValue, expectDigit } from './errors.js';
import { cellName } from './tables.js';

/** The techniques, simplest first, by their kebab-case names. */
export const TECHNIQUE_NAMES = [
  'full-house',
  'naked-single',
  'hidden-single',
  'locked-candidates',
  'naked-pair',
  'naked-triple',
  'naked-quad',
  'hidden-pair',
  'hidden-triple',
  'hidden-quad',
  'x-wing',
  'swordfish',
  'jellyfish',
  'remote-pair',
  'xy-wing',
  'xyz-wing',
  'w-wing',
  'skyscraper',
  'two-string-kite',
  'turbot-fish',
  'empty-rectangle',
  'simple-coloring',
  'unique-rectangle-1',
  'unique-rectangle-2',
  'unique-rectangle-3',
  'unique-rectangle-4',
  'unique-rectangle-5',
  'unique-rectangle-6',
  'hidden-rectangle',
  'avoidable-rectangle-1',
  'avoidable-rectangle-2',
  'bug-plus-1',
  'finned-x-wing',
  'sashimi-x-wing',
  'finned-swordfish',
  'sashimi-swordfish',
  'finned-jellyfish',
  'sashimi-jellyfish',
  'sue-de-coq',
  'multi-coloring',
  'x-chain',
  'xy-chain',
  'continuous-nice-loop',
  'discontinuous-nice-loop',
  'aic',
  'grouped-continuous-nice-loop',
  'grouped-discontinuous-nice-loop',
  'grouped-aic',
  'als-xz',
  'als-xy-wing',
  'als-chain',
  'death-blossom',
  'franken-x-wing',
  'franken-swordfish',
  'franken-jellyfish',
  'finned-franken-x-wing',
  'finned-franken-swordfish',
  'finned-franken-jellyfish',
  'mutant-x-wing',
  'mutant-swordfish',
  'mutant-jellyfish',
  'finned-mutant-x-wing',
  'finned-mutant-swordfish',
  'finned-mutant-jellyfish',
  'forcing-chain',
  'forcing-net',
  'template-set',
  'template-delete',
] as const;

/** A technique's kebab-case name. */
export type TechniqueName = (typeof TECHNIQUE_NAMES)[number];

/** A digit in a cell (cell 0..80 row-major, digit 1..9): a candidate removed or a value placed. */
export interface Candidate {
  readonly cell: number;
  readonly digit: number;
}

/** One deduction: the technique, the cells and digits that prove it, what it removes and places, and why. */
export interface Step {
  readonly technique: TechniqueName;
  /** The cells of the pattern (not the cells it changes). */
  readonly cells: readonly number[];
  /** The digits of the pattern. */
  readonly digits: readonly number[];
  /** Candidates removed. */
  readonly eliminations: readonly Candidate[];
  /** Values placed. */
  readonly placements: readonly Candidate[];
  /** One human sentence. */
  readonly explanation: string;
  /** For chain techniques, the chain in Eureka notation: `(5)r1c2=(5)r3c2-(5)r3c7`. */
  readonly chain?: string;
}

/** Whether a string is one of the technique names. */
export function isTechniqueName(name: string): name is TechniqueName {
  return (TECHNIQUE_NAMES as readonly string[]).includes(name);
}

function expectCandidate(c: unknown, what: string): void {
  if (typeof c !== 'object' || c === null) throw new TypeError(`${what} must be a {cell, digit} object; got ${describeValue(c)}`);
}

/** "r8c2=1": a placement, rows and columns 1-based. */
export function formatPlacement(p: Candidate): string {
  expectCandidate(p, 'a placement');
  expectDigit(p.digit, 'the digit of a placement');
  return `${cellName(p.cell)}=${p.digit}`;
}

/** "r1c4<>6": an elimination, rows and columns 1-based. */
export function formatElimination(e: Candidate): string {
  expectCandidate(e, 'an elimination');
  expectDigit(e.digit, 'the digit of an elimination');
  return `${cellName(e.cell)}<>${e.digit}`;
}

const scratch = /* @__PURE__ */ new Uint16Array(81);

/** Collects eliminations as a mask per cell and turns them into a sorted list. @internal */
export class Eliminations {
  private readonly masks = scratch;
  private count = 0;

  constructor() {
    this.masks.fill(0);
  }

  /** Adds the digits of `mask` that the cell still has. */
  add(candidates: Uint16Array, cell: number, mask: number): void {
    const m = candidates[cell]! & mask & ~this.masks[cell]!;
    if (m) {
      this.masks[cell]! |= m;
      this.count++;
    }
  }

  /** Adds, for each position of a 9-bit position mask of a component, the digits of `mask` that the cell still has. */
  addIn(component: Component, positions: number, mask: number): void {
    while (positions) {
      const p = positions & -positions;
      positions ^= p;
      const k = 31 - Math.clz32(p);
      const m = component.mask(k) & mask;
      if (m) this.addMask(component.cellAt(k), m);
    }
  }

  private addMask(cell: number, m: number): void {
    m &= ~this.masks[cell]!;
    if (m) {
      this.masks[cell]! |= m;
      this.count++;
    }
  }

  get empty(): boolean {
    return this.count === 0;
  }

  /** The eliminations, sorted by cell then digit. */
  list(): Candidate[] {
    const out: Candidate[] = [];
    if (this.count === 0) return out;
    for (let cell = 0; cell < 81; cell++) {
      const m = this.masks[cell]!;
      if (m) for (let d = 1; d <= 9; d++) if (m & (1 << (d - 1))) out.push({ cell, digit: d });
    }
    return out;
  }
}
