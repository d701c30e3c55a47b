// The pack-check consumer: compiled as .mts and .cts against the installed tarball, then run with node.
// No top-level await and no import.meta: it must also compile as CommonJS.
import {
  codeSpace,
  createGame,
  evaluate,
  formatCode,
  nextGuess,
  parseCode,
  play,
  score,
  solve,
  type Evaluation,
  type Game,
  type PlayResult,
  type Score,
  type StrategyName,
} from '@puzzles/mastermind';

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`@puzzles/mastermind consumer: ${what}`);
}

const s: Score = score('1234', '4213');
check(s.black === 1 && s.white === 3, `score 1234 4213 is ${s.black} ${s.white}`);
check(formatCode(parseCode('1122')) === 'aabb', 'parse/format 1122');
check(codeSpace().size === 1296, 'the 4 × 6 space has 1296 codes');

let game: Game = createGame({ secret: 'baee' });
const result: PlayResult = play(game, 'bbcc');
check(result.outcome === 'scored' && result.turn.black === 1 && result.turn.white === 0, 'bbcc scores 1 0');
game = result.game;
check(play(game, 'abc').outcome === 'rejected', 'a short guess is rejected');

const machine = solve('acab', { strategy: 'state-machine', first: 'e' });
check(machine.lines.includes('possible guesses eliminated were 18'), 'the state-machine trace');
const strategy: StrategyName = 'knuth';
const knuth: Evaluation = evaluate({ strategy });
check(knuth.total === 5801 && knuth.max === 5, `knuth total ${knuth.total}`);
check(evaluate({ strategy: 'most-parts' }).total === 5668, 'most parts total');

check(nextGuess([{ guess: 'aabb', black: 2, white: 1 }]).guess === 'abbc', 'nextGuess after aabb 2 1');
check(evaluate({ strategy: 'knuth' }).distribution[5] === 694, 'distribution keyed by guesses');

console.log('consumer: ok');
