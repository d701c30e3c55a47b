// Wordle: a 6 × 5 board scored by @puzzles/wordle, an on-screen keyboard that colors its letters, physical keyboard
// input, the library's messages, hard mode (fixed for a game) and the share grid copied to the clipboard.
import {
  WORD_LIST_NAMES,
  answerForDate,
  answerForDay,
  createGame,
  dayNumber,
  pickAnswer,
  playRound,
  originalWords,
  shareGrid,
  wordList,
  type Game,
  type Mark,
  type WordList,
  type WordListName,
} from '@puzzles/wordle';
import { h, liveRegion, mountPage, param } from '../shared/dom.js';
import './wordle.css';

const main = mountPage(
  'wordle',
  'Wordle',
  'Guess the five-letter word in six tries. Type on your keyboard or press the keys below; Enter submits, Backspace erases. ' +
    'After each guess a tile turns green (right letter, right place), yellow (in the word, elsewhere) or grey (not in the word).',
);

const ROWS = 6;
const LETTERS = 5;
/** What each list is, for the list chooser (the NYT lists load only when chosen). */
const LIST_LABELS: Record<WordListName, string> = {
  original: 'Original (2,315 answers, daily order)',
  'nyt-2022-03-16': 'NYT 2022-03-16 (2,309 answers)',
  'nyt-2022-08-30': 'NYT 2022-08-30 (2,309 answers, 14,855 guesses)',
  'nyt-2023-07-01': 'NYT 2023-07-01 (3,158 answers)',
};
const RANK: Record<Mark, number> = { absent: 0, present: 1, correct: 2 };
const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'] as const;
/** The mark of a tile as a symbol too, so it does not rest on color alone (see the legend). */
const GLYPH: Record<Mark, string> = { correct: '✓', present: '↔', absent: '✗' };

/** Where the answer comes from: the date (default), `?day=N`, `?answer=word`, or the "New random word" button. */
interface Setup {
  readonly answer: string;
  readonly day: number | undefined;
  readonly label: string;
}

/** `?list=NAME` picks the word lists (the original ones by default); an unknown name is refused, visibly. */
function listFromQuery(): { name: WordListName; notice: string | null } {
  const value = param('list');
  if (value === null || value.trim() === '') return { name: 'original', notice: null };
  const name = value.trim().toLowerCase();
  if ((WORD_LIST_NAMES as readonly string[]).includes(name)) return { name: name as WordListName, notice: null };
  return { name: 'original', notice: `Refused ?list=${value}: the lists are ${WORD_LIST_NAMES.join(', ')}. Playing the original lists.` };
}

const initialList = listFromQuery();
// The original lists come with the page; an NYT list named by ?list is loaded first (the page waits for it; the board
// and keyboard appear once it is there).
let words: WordList = initialList.name === 'original' ? originalWords() : await wordList(initialList.name);
let answerSet = new Set(words.answers);

/** A random answer of the lists in play. */
function randomSetup(): Setup {
  return { answer: pickAnswer({ words }), day: undefined, label: words.name === 'original' ? 'A random word.' : `A random word of the NYT lists of ${words.name!.slice(4)}.` };
}

function todaySetup(): Setup {
  const today = new Date();
  const day = dayNumber(today);
  return { answer: answerForDate(today), day, label: `Today's word: Wordle day ${day}.` };
}

/** The setup from the query parameters, and a notice when one was refused (shown, and today's word played instead). */
function setupFromQuery(): { setup: Setup; notice: string | null } {
  const answer = param('answer');
  const day = param('day');
  if (answer !== null) {
    const word = answer.trim().toLowerCase();
    const ignored = day === null ? '' : ` Ignored ?day=${day}: ?answer fixes the word.`;
    if (answerSet.has(word)) {
      return { setup: { answer: word, day: undefined, label: 'Practice: the answer is fixed by ?answer.' }, notice: ignored === '' ? null : ignored.trim() };
    }
    return {
      setup: words === originalWords() ? todaySetup() : randomSetup(),
      notice: `Refused ?answer=${answer}: it is not one of the ${words.answers.length.toLocaleString('en')} Wordle answers${words === originalWords() ? '' : ` of ${words.name}`}. Playing ${words === originalWords() ? "today's word" : 'a random word'} instead.${ignored}`,
    };
  }
  // The NYT lists carry no daily order: a random answer of the list, unless ?answer fixes it.
  if (words !== originalWords()) {
    return { setup: randomSetup(), notice: day === null ? null : `Ignored ?day=${day}: the NYT lists carry no daily order.` };
  }
  if (day !== null) {
    const n = Number(day);
    if (/^\d+$/.test(day.trim()) && Number.isSafeInteger(n)) {
      return { setup: { answer: answerForDay(n), day: n, label: `Wordle day ${n}.` }, notice: null };
    }
    return { setup: todaySetup(), notice: `Refused ?day=${day}: a day is a whole number from 0 (2021-06-19). Playing today's word instead.` };
  }
  return { setup: todaySetup(), notice: null };
}

/** `?hard=1` (true, on, yes, or a bare `?hard`) starts in hard mode, `?hard=0` (false, off, no) not; anything else is refused, visibly. */
function hardFromQuery(): { hard: boolean; notice: string | null } {
  const value = param('hard');
  const word = value?.trim().toLowerCase();
  if (word === undefined || ['0', 'false', 'off', 'no'].includes(word)) return { hard: false, notice: null };
  if (['', '1', 'true', 'on', 'yes'].includes(word)) return { hard: true, notice: null };
  return { hard: false, notice: `Refused ?hard=${value}: say 1, true, on or yes (or 0, false, off, no). Hard mode is off; the box turns it on.` };
}

const initial = setupFromQuery();
const initialHard = hardFromQuery();
let setup = initial.setup;
let game = newGame(initialHard.hard);
/** The letters typed in the current row (not yet submitted). */
let typed = '';
/** The current row was refused (not a word, too short, against hard mode): shown until it is edited. */
let refused = false;

function newGame(hardMode: boolean): Game {
  return createGame({ answer: setup.answer, hardMode, words, ...(setup.day === undefined ? {} : { day: setup.day }) });
}

// ---- markup -------------------------------------------------------------------------------------------------------

const notice = h('p', { class: 'wordle-notice', role: 'alert', id: 'wordle-notice' });
const source = h('p', { class: 'wordle-source', id: 'wordle-source' });

const hardBox = h('input', { type: 'checkbox', id: 'hard-mode', 'aria-describedby': 'hard-note' });
hardBox.addEventListener('change', () => setHardMode(hardBox.checked));
const hardNote = h('span', { id: 'hard-note', class: 'hard-note' });
const restartButton = h('button', { type: 'button', onclick: () => restart(setup) }, 'Start over');
const randomButton = h('button', { type: 'button', onclick: () => restart(randomSetup()) }, 'New random word');
const listChoice = h(
  'select',
  { id: 'word-list', 'aria-describedby': 'list-note' },
  ...WORD_LIST_NAMES.map((name) => h('option', { value: name }, LIST_LABELS[name])),
);
listChoice.value = words.name!;
listChoice.addEventListener('change', () => void chooseList(listChoice.value as WordListName));
const listNote = h('span', { id: 'list-note', class: 'hard-note' }, 'Word lists: the NYT lists start a random word of that list.');

interface Tile {
  readonly el: HTMLDivElement;
  readonly letter: HTMLSpanElement;
  readonly glyph: HTMLSpanElement;
}
const tiles: Tile[][] = [];
const rows = Array.from({ length: ROWS }, (_, r) => {
  const rowTiles = Array.from({ length: LETTERS }, (_, c) => {
    const letter = h('span', { class: 'letter' });
    const glyph = h('span', { class: 'glyph', 'aria-hidden': 'true' });
    return { el: h('div', { class: 'tile', role: 'img', 'data-col': c + 1 }, letter, glyph), letter, glyph };
  });
  tiles.push(rowTiles);
  return h('div', { class: 'row', role: 'group', 'aria-label': `Guess ${r + 1}`, 'data-row': r + 1 }, ...rowTiles.map((t) => t.el));
});
const swatch = (mark: Mark, text: string) => h('span', { class: 'legend-item' }, h('span', { class: `swatch ${mark}`, 'aria-hidden': 'true' }, GLYPH[mark]), text);
const legend = h(
  'p',
  { class: 'wordle-legend' },
  swatch('correct', 'correct: right letter, right place'),
  swatch('present', 'present: in the word, elsewhere'),
  swatch('absent', 'absent: not in the word'),
);
// Focusable by script only: after "Start over" the focus moves here, so the physical Enter submits guesses again.
const board = h('div', { class: 'wordle-board', id: 'board', role: 'group', 'aria-label': 'Board', tabindex: -1 }, ...rows);

const progress = h('p', { class: 'wordle-progress', id: 'wordle-progress' });
const status = liveRegion({ id: 'wordle-status', class: 'wordle-status' });

/** On-screen keys keep the focus where it was on a mouse press, so the physical Enter still submits afterwards. */
const keepFocus = (event: Event): void => event.preventDefault();
const letterKeys = new Map<string, HTMLButtonElement>();
const letterMarks = new Map<string, { readonly text: HTMLSpanElement; readonly glyph: HTMLSpanElement }>();
function letterKey(letter: string): HTMLButtonElement {
  const text = h('span', { class: 'visually-hidden' });
  const glyph = h('span', { class: 'glyph', 'aria-hidden': 'true' });
  const button = h(
    'button',
    { type: 'button', class: 'key', 'data-key': letter, onmousedown: keepFocus, onclick: () => typeLetter(letter) },
    letter.toUpperCase(),
    text,
    glyph,
  );
  letterKeys.set(letter, button);
  letterMarks.set(letter, { text, glyph });
  return button;
}
const enterKey = h('button', { type: 'button', class: 'key wide', 'data-key': 'enter', onmousedown: keepFocus, onclick: () => submit() }, 'Enter');
const backKey = h(
  'button',
  { type: 'button', class: 'key wide', 'data-key': 'backspace', 'aria-label': 'Backspace', onmousedown: keepFocus, onclick: () => erase() },
  '⌫',
);
const keyboard = h(
  'div',
  { class: 'wordle-keyboard', id: 'keyboard', role: 'group', 'aria-label': 'Keyboard' },
  h('div', { class: 'key-row' }, ...[...KEY_ROWS[0]].map(letterKey)),
  h('div', { class: 'key-row' }, ...[...KEY_ROWS[1]].map(letterKey)),
  h('div', { class: 'key-row' }, enterKey, ...[...KEY_ROWS[2]].map(letterKey), backKey),
);

const shareButton = h('button', { type: 'button', id: 'share', onclick: () => void share() }, 'Copy share grid');
const shareText = h('pre', { class: 'share-text', id: 'share-text', 'aria-label': 'Share grid' });
const shareStatus = h('p', { class: 'share-status', id: 'share-status', role: 'status', 'aria-live': 'polite' });
const sharePanel = h('section', { class: 'share', 'aria-label': 'Share' }, h('div', { class: 'toolbar' }, shareButton), shareText, shareStatus);

main.append(
  notice,
  source,
  h(
    'div',
    { class: 'toolbar wordle-options' },
    h('label', { class: 'hard-label' }, hardBox, ' Hard mode'),
    restartButton,
    randomButton,
    h('label', { class: 'list-label' }, 'Word lists ', listChoice),
  ),
  listNote,
  hardNote,
  h('div', { class: 'wordle-play' }, board, legend, progress, status, keyboard, sharePanel),
);

// ---- state → markup -----------------------------------------------------------------------------------------------

function render(): void {
  const playing = game.status === 'playing';
  for (let r = 0; r < ROWS; r++) {
    const scored = game.guesses[r];
    const current = playing && r === game.guesses.length;
    rows[r]!.classList.toggle('current', current);
    rows[r]!.classList.toggle('refused', current && refused);
    for (let c = 0; c < LETTERS; c++) {
      const { el: tile, letter: letterSpan, glyph } = tiles[r]![c]!;
      const letter = scored !== undefined ? scored.guess[c]! : current ? (typed[c] ?? '') : '';
      const mark = scored?.marks[c];
      letterSpan.textContent = letter.toUpperCase();
      glyph.textContent = mark === undefined ? '' : GLYPH[mark];
      tile.className = `tile${letter === '' ? '' : ' filled'}${mark === undefined ? '' : ` ${mark}`}`;
      if (mark === undefined) tile.removeAttribute('data-mark');
      else tile.setAttribute('data-mark', mark);
      tile.setAttribute('aria-label', letter === '' ? 'empty' : mark === undefined ? `${letter.toUpperCase()}, not scored yet` : `${letter.toUpperCase()} ${mark}`);
    }
  }

  const best = new Map<string, Mark>();
  for (const { guess, marks } of game.guesses) {
    marks.forEach((mark, i) => {
      const letter = guess[i]!;
      const seen = best.get(letter);
      if (seen === undefined || RANK[mark] > RANK[seen]) best.set(letter, mark);
    });
  }
  for (const [letter, button] of letterKeys) {
    const mark = best.get(letter);
    button.classList.remove('correct', 'present', 'absent');
    if (mark === undefined) button.removeAttribute('data-mark');
    else {
      button.classList.add(mark);
      button.setAttribute('data-mark', mark);
    }
    const { text, glyph } = letterMarks.get(letter)!;
    text.textContent = mark === undefined ? '' : ` ${mark}`;
    glyph.textContent = mark === undefined ? '' : GLYPH[mark];
    button.disabled = !playing;
  }
  enterKey.disabled = !playing;
  backKey.disabled = !playing;

  const count = game.guesses.length;
  progress.textContent = playing
    ? `Guess ${count + 1} of ${game.maxGuesses}${game.hardMode ? ', hard mode' : ''}.`
    : `${game.status === 'won' ? 'Won' : 'Lost'} after ${count} of ${game.maxGuesses} guesses${game.hardMode ? ', hard mode' : ''}.` +
      (game.status === 'lost' ? ` The answer was ${game.answer.toUpperCase()}.` : '');

  source.textContent = setup.label;
  hardBox.checked = game.hardMode;
  hardBox.disabled = count > 0; // fixed once a guess is scored, and over a finished game (it has guesses)
  hardNote.textContent =
    count === 0
      ? 'Hard mode: every revealed hint must be used in later guesses (greens stay in place, yellows are reused). Choose it before your first guess.'
      : playing
        ? `Hard mode is ${game.hardMode ? 'on' : 'off'} for this game: it cannot change mid-game. "Start over" to change it.`
        : 'The game is over. "Start over" or "New random word" to play again; hard mode can be chosen before the first guess.';

  sharePanel.hidden = playing;
  shareText.textContent = playing ? '' : shareGrid(game);
}

// ---- actions ------------------------------------------------------------------------------------------------------

function typeLetter(letter: string): void {
  if (game.status !== 'playing' || typed.length >= LETTERS) return;
  typed += letter;
  refused = false;
  render();
}

function erase(): void {
  if (game.status !== 'playing' || typed.length === 0) return;
  typed = typed.slice(0, -1);
  refused = false;
  render();
}

function submit(): void {
  if (game.status !== 'playing') return;
  const round = playRound(game, typed);
  status.textContent = round.message;
  if (round.accepted) {
    game = round.game;
    typed = '';
    refused = false;
  } else {
    refused = true; // the letters stay in the row, to be edited
  }
  render();
}

function setHardMode(on: boolean): void {
  if (game.guesses.length > 0) {
    hardBox.checked = game.hardMode; // cannot change once a guess is scored (the box is disabled then anyway)
    return;
  }
  game = newGame(on);
  status.textContent = on ? 'Hard mode on for this game.' : 'Hard mode off for this game.';
  render();
}

function restart(next: Setup): void {
  const hard = hardBox.checked;
  setup = next;
  game = newGame(hard);
  typed = '';
  refused = false;
  status.textContent = '';
  shareStatus.textContent = '';
  notice.textContent = '';
  notice.hidden = true;
  render();
  board.focus();
}

/** Loads the chosen lists (each NYT list is fetched only when chosen) and starts a game on them. */
async function chooseList(name: WordListName): Promise<void> {
  listChoice.disabled = true;
  try {
    words = await wordList(name);
  } finally {
    listChoice.disabled = false;
  }
  answerSet = new Set(words.answers);
  restart(words === originalWords() ? todaySetup() : randomSetup());
  status.textContent = `Playing the ${name === 'original' ? 'original' : `NYT ${name.slice(4)}`} lists: ${words.answers.length.toLocaleString('en')} answers, ${words.guesses.length.toLocaleString('en')} allowed guesses.`;
}

async function share(): Promise<void> {
  if (game.status === 'playing') return;
  const shared = game;
  let message: string;
  try {
    await navigator.clipboard.writeText(shareGrid(shared));
    message = 'Copied the share grid to the clipboard.';
  } catch {
    message = 'Could not copy to the clipboard here: select the grid above and copy it.';
  }
  // The clipboard can take its time (a permission prompt): a game started meanwhile must not say it was copied.
  if (game === shared) shareStatus.textContent = message;
}

document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  const target = event.target;
  // Enter on a focused button or link activates it (an on-screen key reached with Tab types its letter).
  const activates = target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement || (target instanceof HTMLElement && target.tagName === 'SUMMARY');
  if (event.key === 'Enter') {
    if (activates || event.repeat) return;
    event.preventDefault();
    submit();
  } else if (event.key === 'Backspace') {
    event.preventDefault();
    erase();
  } else if (/^[a-z]$/i.test(event.key)) {
    typeLetter(event.key.toLowerCase());
  }
});

const notices = [initialList.notice, initial.notice, initialHard.notice].filter((text) => text !== null);
notice.textContent = notices.join(' ');
notice.hidden = notices.length === 0;
render();
