// Flipper: the seed's window (nine squares, red on and black off, "New puzzle", "Reset", "Moves:" and the
// congratulations dialog) plus "Hint" and "Solve", on @puzzles/flipper's game values.
import { GOAL, MOVE_SQUARES, gameHint, isOn, newGame, playMove, resetGame, solve, type Game } from '@puzzles/flipper';
import { h, liveRegion, mountPage, param, pause, stepDelay } from '../shared/dom.js';
import './flipper.css';

const main = mountPage(
  'flipper',
  'Flipper',
  'Pressing a square flips it and some of its neighbours. Turn every edge square on (red) and the centre off (black).',
);

/** `?start=N` (0..511) fixes the start position, `?seed=N` the random one; otherwise a fresh random puzzle. */
function startGame(): Game {
  const start = param('start');
  if (start !== null && /^\d+$/.test(start) && Number(start) < 512) return newGame({ start: Number(start) });
  const seed = param('seed');
  if (seed !== null && /^\d+$/.test(seed)) return newGame({ seed: Number(seed) });
  return newGame();
}

let game = startGame();
let solving = false;

const squares = Array.from({ length: 9 }, (_, k) =>
  h('button', { type: 'button', class: 'square', 'data-square': k + 1, onclick: () => press(k + 1) }),
);
const board = h('div', { class: 'flipper-board', role: 'group', 'aria-label': 'Squares' }, ...squares);
const movesOutput = h('output', { id: 'moves', 'aria-live': 'polite' }, '0');
const status = liveRegion({ id: 'flipper-status' });
const newButton = h('button', { type: 'button', onclick: () => restart(newGame()) }, 'New puzzle');
const resetButton = h('button', { type: 'button', onclick: () => restart(resetGame(game)) }, 'Reset');
const hintButton = h('button', { type: 'button', onclick: () => showHint() }, 'Hint');
const solveButton = h('button', { type: 'button', onclick: () => void playSolution() }, 'Solve');
const dialogText = h('p', { id: 'congratulations' });
const dialog = h(
  'dialog',
  { 'aria-labelledby': 'congratulations' },
  dialogText,
  h('form', { method: 'dialog', class: 'toolbar' }, h('button', { value: 'close', autofocus: true }, 'OK')),
);
const goalList = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((s) => (isOn(GOAL, s) ? 'on' : 'off')).join(', ');

main.append(
  board,
  h('p', { class: 'moves' }, h('label', { for: 'moves' }, 'Moves: '), movesOutput),
  h('div', { class: 'toolbar' }, newButton, resetButton, hintButton, solveButton),
  status,
  h(
    'details',
    {},
    h('summary', {}, 'What each square flips'),
    h('ul', {}, ...MOVE_SQUARES.map((flips, k) => h('li', {}, `Square ${k + 1} flips squares ${flips.join(', ')}`))),
    h('p', {}, `The goal, squares 1 to 9: ${goalList}.`),
  ),
  dialog,
);

function render(): void {
  squares.forEach((button, k) => {
    const on = isOn(game.position, k + 1);
    button.classList.toggle('on', on);
    button.setAttribute('aria-pressed', String(on));
    button.setAttribute('aria-label', `Square ${k + 1}, ${on ? 'on' : 'off'}`);
    button.textContent = `${k + 1} ${on ? 'on' : 'off'}`;
    button.classList.remove('hint');
    button.disabled = solving || game.solved;
  });
  movesOutput.textContent = String(game.moves);
  resetButton.disabled = solving || game.moves === 0;
  hintButton.disabled = solving || game.solved;
  solveButton.disabled = solving || game.solved;
  newButton.disabled = solving;
}

function restart(next: Game): void {
  game = next;
  status.textContent = '';
  render();
}

function press(square: number): void {
  if (game.solved) return;
  game = playMove(game, square);
  status.textContent = '';
  render();
  if (game.solved) {
    dialogText.textContent = `Congratulations, you finished the game in ${game.moves} ${game.moves === 1 ? 'move' : 'moves'}`;
    status.textContent = dialogText.textContent;
    dialog.showModal();
  }
}

function showHint(): void {
  const move = gameHint(game);
  if (move === null) return;
  const left = solve(game.position).length;
  squares[move - 1]!.classList.add('hint');
  squares[move - 1]!.focus();
  status.textContent = `Hint: press square ${move} (${left} ${left === 1 ? 'move' : 'moves'} from the goal).`;
}

async function playSolution(): Promise<void> {
  const moves = solve(game.position);
  solving = true;
  render();
  for (const [k, move] of moves.entries()) {
    status.textContent = `Solving: move ${k + 1} of ${moves.length}, square ${move}`;
    squares[move - 1]!.classList.add('hint');
    await pause(stepDelay());
    press(move);
  }
  solving = false;
  render();
}

render();
