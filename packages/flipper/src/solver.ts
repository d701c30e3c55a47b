// The exercise the Clojure/Lisp flipper blog posts left open, finished: which moves take a flipper position to the goal. The 9×9 move matrix is
// invertible over GF(2), so for each square there is exactly one set of moves that toggles it alone; the solution for
// a position is the sum (XOR) of those sets over the squares that differ from the goal.
import { basisOf, solveBasis, type Basis } from './elimination.js';
import { GOAL, checkPosition, type Position } from './position.js';
import { flipperPuzzle } from './presets.js';

let toggles: Int32Array | undefined;
let flipper: Basis | undefined;

/** The reduced moves of the flipper (our own copy of the puzzle, so no caller can change it). */
function flipperBasis(): Basis {
  flipper ??= basisOf(flipperPuzzle());
  return flipper;
}

/** For each square (index 0 = square 1), the 9-bit mask of moves that toggle that square alone, by elimination. */
function toggleMasks(): Int32Array {
  if (toggles === undefined) {
    const basis = flipperBasis();
    const masks = new Int32Array(9);
    for (let s = 0; s < 9; s++) {
      const moves = solveBasis(basis, Uint32Array.of(1 << s));
      if (moves === null) throw new Error(`internal: square ${s + 1} cannot be toggled alone`);
      masks[s] = moves[0]!;
    }
    toggles = masks;
  }
  return toggles;
}

function movesOfMask(mask: number): number[] {
  const moves: number[] = [];
  for (let k = 0; k < 9; k++) if ((mask >>> k) & 1) moves.push(k + 1);
  return moves;
}

/** For each square 1..9 (index 0 = square 1), the moves (1-based, ascending) that together toggle that square only. */
export function singleSquareToggles(): number[][] {
  return Array.from(toggleMasks(), movesOfMask);
}

/** The moves (1-based, ascending) that take `position` to the goal (or to `to`): unique as a set and the fewest. */
export function solve(position: Position, to: Position = GOAL): number[] {
  const diff = checkPosition(position) ^ checkPosition(to, 'to');
  const masks = toggleMasks();
  let moves = 0;
  for (let s = 0; s < 9; s++) if ((diff >>> s) & 1) moves ^= masks[s]!;
  return movesOfMask(moves);
}

/** Whether some moves take `from` to `to` (computed: true for every pair, since the moves span all 512 positions). */
export function reachable(from: Position, to: Position): boolean {
  checkPosition(from, 'from');
  checkPosition(to, 'to');
  return solveBasis(flipperBasis(), Uint32Array.of(from ^ to)) !== null;
}

/** The solver's next move for a position (the lowest-numbered move of its solution), or null at the goal. */
export function hint(position: Position): number | null {
  const moves = solve(position);
  return moves.length === 0 ? null : moves[0]!;
}
