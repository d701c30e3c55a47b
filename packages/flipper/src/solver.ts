// The exercise the Clojure/Lisp flipper blog posts left open, finished: which moves take a flipper position to the
// goal. The 9×9 move matrix is invertible over GF(2), so for each square there is exactly one set of moves that toggles
// it alone; the solution for a position is the sum (XOR) of those sets over the squares that differ from the goal.
// The nine sets come from Gauss–Jordan elimination on the nine 9-bit move masks (small enough for plain integers; the
// general bit-packed solver in elimination.ts finds the same, as the tests check).
import { GOAL, MOVES, checkPosition, type Position } from './position.js';

let toggles: Int32Array | undefined;

/** For each square (index 0 = square 1), the 9-bit mask of moves that toggle that square alone, by elimination. */
function toggleMasks(): Int32Array {
  if (toggles === undefined) {
    // Each move as a vector over the squares, tagged with the set of moves it is a sum of.
    const vector = Int32Array.from(MOVES);
    const tag = Int32Array.from(MOVES, (_, k) => 1 << k);
    for (let s = 0; s < 9; s++) {
      const bit = 1 << s;
      let p = s;
      while (p < 9 && (vector[p]! & bit) === 0) p++;
      if (p === 9) throw new Error(`internal: square ${s + 1} cannot be toggled alone`);
      [vector[s], vector[p]] = [vector[p]!, vector[s]!];
      [tag[s], tag[p]] = [tag[p]!, tag[s]!];
      for (let k = 0; k < 9; k++) {
        if (k !== s && (vector[k]! & bit) !== 0) {
          vector[k]! ^= vector[s]!;
          tag[k]! ^= tag[s]!;
        }
      }
    }
    // Now vector[s] is square s alone, and tag[s] the moves that sum to it.
    toggles = tag;
  }
  return toggles;
}

function movesOfMask(mask: number): number[] {
  const moves: number[] = [];
  for (let k = 0; k < 9; k++) if ((mask >>> k) & 1) moves.push(k + 1);
  return moves;
}

/** The set of moves (a 9-bit mask) whose toggles sum to `diff`. */
function movesFor(diff: number): number {
  const masks = toggleMasks();
  let moves = 0;
  for (let s = 0; s < 9; s++) if ((diff >>> s) & 1) moves ^= masks[s]!;
  return moves;
}

/** For each square 1..9 (index 0 = square 1), the moves (1-based, ascending) that together toggle that square only. */
export function singleSquareToggles(): number[][] {
  return Array.from(toggleMasks(), movesOfMask);
}

/** The moves (1-based, ascending) that take `position` to the goal (or to `to`): unique as a set and the fewest. */
export function solve(position: Position, to: Position = GOAL): number[] {
  return movesOfMask(movesFor(checkPosition(position) ^ checkPosition(to, 'to')));
}

/** Whether some moves take `from` to `to` (computed and checked: true for every pair, since the moves span all 512). */
export function reachable(from: Position, to: Position): boolean {
  const diff = checkPosition(from, 'from') ^ checkPosition(to, 'to');
  const moves = movesFor(diff);
  let toggled = 0;
  for (let k = 0; k < 9; k++) if ((moves >>> k) & 1) toggled ^= MOVES[k]!;
  return toggled === diff;
}

/** The solver's next move for a position (the lowest-numbered move of its solution), or null at the goal. */
export function hint(position: Position): number | null {
  const moves = solve(position);
  return moves.length === 0 ? null : moves[0]!;
}
