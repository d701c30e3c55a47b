import { Component } from './component.js';
import { describeValue } from './errors.js';
import { POPCOUNT } from './tables.js';

/** The naked-pairs technique of the "Lonely Duos" article, on one component: two cells holding exactly the same two candidates. */
export class NakedPairsTechnique {
  /** The component it works on. */
  readonly component: Component;

  constructor(component: Component) {
    if (!(component instanceof Component)) throw new TypeError(`NakedPairsTechnique needs a Component; got ${describeValue(component)}`);
    this.component = component;
  }

  /** The positions [i, j] (i < j) of every two empty cells holding exactly the same two candidates, in order. */
  findPairsOfIndicesOfNakedPairs(): number[][] {
    const result: number[][] = [];
    const component = this.component;
    for (let i = 0; i < 9; i++) {
      const mask = component.mask(i); // 0 for a solved cell
      if (POPCOUNT[mask] !== 2) continue;
      for (let j = i + 1; j < 9; j++) if (component.mask(j) === mask) result.push([i, j]);
    }
    return result;
  }

  /** Removes each naked pair's two digits from the component's other empty cells. */
  apply(): void {
    const component = this.component;
    for (const [i, j] of this.findPairsOfIndicesOfNakedPairs() as [number, number][]) {
      const pair = component.mask(i);
      for (let position = 0; position < 9; position++) if (position !== i && position !== j) component.removeMask(position, pair);
    }
  }
}
