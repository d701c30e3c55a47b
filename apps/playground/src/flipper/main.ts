// Flipper: the window of the Clojure/Lisp flipper blog posts (nine squares, red on and black off, "New puzzle", "Reset", "Moves:" and the
// congratulations dialog) plus "Hint" and "Solve", on @puzzles/flipper's game values.
import { GOAL, MOVE_SQUARES, gameHint, isOn, newGame, parsePosition, playMove, resetGame, solve, type Game } from '@puzzles/flipper';
import { h, liveRegion, mountPage, param, pause, stepDelay } from '../shared/dom.js';
import './flipper.css';

const main = mountPage(
  'flipper',
  'Flipper',
  'Pressing a square flips it and some of its neighbours. Turn every edge square on (red) and the centre off (black).',
);

/**
 * `?start=` fixes the start position: 9 digits 0/1, square 1 first, as the library and the CLI write it
 * (`?start=110011101`), or the position as a number 0..511. `?seed=` (any text, as the library takes it) fixes the
 * random one. Otherwise a fresh random puzzle; a refused parameter is said in the notice, not silently dropped.
 */
function startGame(): { game: Game; notice: string | null } {
  const start = param('start');
  if (start !== null) {
    const text = start.trim();
    if (/^[01]{9}$/.test(text)) return { game: newGame({ start: parsePosition(text) }), notice: null };
    if (/^\d{1,3}$/.test(text) && Number(text) < 512) return { game: newGame({ start: Number(text) }), notice: null };
  }
  const seed = param('seed');
  const seeded = seed !== null && seed.trim() !== '';
  const refused = [
    start === null ? null : `Refused ?start=${start}: a position is 9 digits 0 or 1, square 1 first (like 110011101), or a number from 0 to 511.`,
    seed === null || seeded ? null : 'Refused an empty ?seed.',
  ].filter((text) => text !== null);
  const game = seeded ? newGame({ seed: seed.trim() }) : newGame();
  return { game, notice: refused.length === 0 ? null : `${refused.join(' ')} Playing a ${seeded ? 'seeded' : 'random'} puzzle instead.` };
}

const initial = startGame();
let game = initial.game;
let solving = false;

const notice = h('p', { class: 'flipper-notice', role: 'alert', id: 'flipper-notice' }, initial.notice ?? '');
notice.hidden = initial.notice === null;

const squares = Array.from({ length: 9 }, (_, k) =>
  h('button', { type: 'button', class: 'square', 'data-square': k + 1, onclick: () => press(k + 1) }),
);
const board = h('div', { class: 'flipper-board', role: 'group', 'aria-label': 'Squares' }, ...squares);
const movesOutput = h('output', { id: 'moves', 'aria-live': 'polite' }, '0');
const status = liveRegion({ id: 'flipper-status' });
const newButton = h('button', { type: 'button', onclick: () => newPuzzle() }, 'New puzzle');
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
// Closing the dialog (OK or Escape) would drop the focus on the body: the square that solved it is disabled now.
dialog.addEventListener('close', () => newButton.focus());
const goalList = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((s) => (isOn(GOAL, s) ? 'on' : 'off')).join(', ');

main.append(
  notice,
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
  status.textContent = atGoal();
  render();
}

function newPuzzle(): void {
  notice.hidden = true;
  notice.textContent = '';
  restart(newGame());
}

/** A game that starts at the goal (`?start=111101111`) is solved in 0 moves: say so, since every move is disabled. */
function atGoal(): string {
  return game.solved ? 'This is the goal already: solved in 0 moves. Press "New puzzle" for a puzzle.' : '';
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

status.textContent = atGoal();
render();
