// The pack-check consumer (scripts/pack-check.mjs): compiled as consumer.mts and consumer.cts under module nodenext
// against the installed tarball, then run with node. It uses the public API the way a user would, with its types,
// and throws if anything is wrong. No top-level await and no import.meta: it must also compile as CommonJS.
import {
  GOAL,
  MOVES,
  analyzePuzzle,
  applyMove,
  applyMoves,
  applyPresses,
  boardOf,
  formatGrid,
  formatPosition,
  lightsOutPuzzle,
  lightsOutRank,
  merlinPuzzle,
  newGame,
  parseGrid,
  parsePosition,
  playMove,
  randomLightsOutBoard,
  randomPosition,
  reachable,
  resetGame,
  singleSquareToggles,
  solve,
  solveLightsOut,
  solvePuzzle,
  type Game,
  type LightsOutSolution,
  type Position,
  type Puzzle,
  type PuzzleSolution,
} from '@puzzles/flipper';

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`@puzzles/flipper consumer: ${what}`);
}

check(GOAL === 0b111101111 && formatPosition(GOAL) === '111101111', 'GOAL');
check(MOVES.length === 9 && MOVES[0] === 0b11011, 'MOVES');
const start: Position = parseGrid(' 1 1 0\n 0 1 1\n 1 0 1');
check(solve(start).join(' ') === '2 3 4 6 8', `solve gives ${solve(start).join(' ')}`);
check(applyMoves(start, [3, 2, 4, 6, 8]) === GOAL, "the blog post's game");
check(applyMove(applyMove(start, 5), 5) === start, 'a move twice is nothing');
check(formatGrid(GOAL) === ' 1 1 1\n 1 0 1\n 1 1 1', 'formatGrid');
check(singleSquareToggles()[0]!.join(',') === '5,6,8,9', 'top-left toggles');
check(solve(parsePosition('111111111')).join(',') === '1,3,5,7,9', 'solve 111111111');
check(reachable(0, 511), 'reachable');

let game: Game = newGame({ start });
for (const move of [3, 2, 4, 6, 8]) game = playMove(game, move);
check(game.solved && game.moves === 5, 'game solved in 5');
check(resetGame(game).position === start, 'reset');
check(randomPosition({ seed: 1 }) === randomPosition({ seed: 1 }), 'seeded randomPosition');

const five: Puzzle = lightsOutPuzzle(5);
const analysis = analyzePuzzle(five);
check(analysis.rank === 23 && analysis.nullity === 2, `5×5 rank ${analysis.rank}`);
const board = applyPresses(five, new Uint32Array(1), [12]);
const solution: PuzzleSolution = solvePuzzle(five, board);
check(solution.solvable && solution.minimal && solution.presses.join() === '12', '5×5 centre');
check(!solvePuzzle(five, boardOf(5, 5, [0])).solvable, '5×5 corner is unsolvable');
check(analyzePuzzle(merlinPuzzle()).rank === 9, 'merlin rank');

check(lightsOutRank(19).nullity === 16, '19×19 nullity');
const big = randomLightsOutBoard(300, 300, { seed: 1 });
const solved: LightsOutSolution = solveLightsOut(big, 300);
check(solved.solvable && solved.verified, '300×300 solved');

let refused = false;
try {
  applyMove(0, 10);
} catch (error) {
  refused = error instanceof RangeError;
}
check(refused, 'move 10 was not refused with a RangeError');

console.log('consumer: ok');
