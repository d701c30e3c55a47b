// The pack-check consumer: compiled as .mts and .cts against the installed tarball, then run with node.
// No top-level await and no import.meta: it must also compile as CommonJS.
import {
  allowedGuesses,
  answerForDate,
  answers,
  checkValidWord,
  createGame,
  createSolver,
  createWordList,
  formatScore,
  parseScore,
  patternMatrix,
  pickAnswer,
  playRound,
  scoreGuess,
  shareGrid,
  type Game,
  type Round,
  type Score,
  type WordList,
} from '@puzzles/wordle';

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`@puzzles/wordle consumer: ${what}`);
}

check(answers().length === 2315 && allowedGuesses().length === 12972, 'list sizes');
check(answerForDate('2021-06-19') === 'cigar', 'day 0 is cigar');
const score: Score = scoreGuess('xenon', 'train');
check(formatScore(score) === '⬜⬜⬜⬜🟩', 'train/xenon');
check(formatScore(parseScore('g-y--')) === '🟩⬜🟨⬜⬜', 'parseScore');
check(checkValidWord('vbpdj').valid === false, 'vbpdj is not a word');
check(pickAnswer({ seed: 7 }) === pickAnswer({ seed: 7 }), 'seeded pick');

let game: Game = createGame({ answer: 'novel', day: 123, hardMode: true });
for (const guess of ['hello', 'lobes', 'novel']) {
  const round: Round = playRound(game, guess);
  game = round.game;
}
check(shareGrid(game).startsWith('Wordle 123 3/6*'), `share grid ${shareGrid(game)}`);

const words: WordList = createWordList({ answers: ['crane', 'crate', 'grate', 'irate'], guesses: ['tacit'] });
const solver = createSolver({ words });
check(solver.evaluate().failures.length === 0, 'small list solved');
check(patternMatrix(words).codes.length === 5 * 4, 'matrix size');

console.log('consumer: ok');
