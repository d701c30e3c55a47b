// Sudoku: a 9×9 grid (givens, the player's digits and pencil marks), played with the keyboard or the mouse, and a
// "Hint" that explains the next technique of @puzzles/candidates (nextStep) with its cells highlighted, "Apply" for that
// step and "Solve step by step". The library does the rules, the solving, the rating and the checks; the page renders.
import {
  cellName,
  explainPuzzle,
  formatElimination,
  formatPlacement,
  nextStep,
  parseGrid,
  LEVELS,
  TECHNIQUE_LEVELS,
  TECHNIQUE_NAMES,
  TECHNIQUE_SCORES,
  type Grid,
  type Level,
  type Rating,
  type Step,
} from '@puzzles/candidates';
import { h, liveRegion, mountPage, param, pause, stepDelay } from '../shared/dom.js';
import type { GenerateRequest, GenerateResponse } from './generate-protocol.js';
import { PUZZLES } from './puzzles.js';
import { techniqueTitle } from './techniques.js';
import './sudoku.css';

const main = mountPage(
  'sudoku',
  'Sudoku',
  'Fill the grid so that every row, column and 3×3 box holds the digits 1 to 9. Pencil marks show the candidates left; ' +
    '"Hint" explains the next step a person would take.',
);

/** A loaded puzzle: its start state (givens and their pencil marks), solution and rating, all from the library. */
interface Loaded {
  readonly name: string;
  readonly text: string;
  readonly start: Grid;
  readonly given: readonly boolean[];
  readonly solution: string;
  readonly rating: Rating;
  /** How many steps the library's techniques take (before they get stuck, when they do). */
  readonly steps: number;
  readonly knownId: string | null;
}

/** Parses and checks a puzzle with the library; throws its error (bad input, no solution, several solutions). */
function prepare(text: string, name: string, knownId: string | null): Loaded {
  const start = parseGrid(text);
  const { verification, rating, result } = explainPuzzle(start);
  const given = Array.from(start.values, (v) => v !== 0);
  return { name, text, start, given, solution: verification.solution!, rating, steps: result.steps.length, knownId };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const ALL = 0x1ff;
const rowOf = (cell: number) => Math.floor(cell / 9) + 1;
const colOf = (cell: number) => (cell % 9) + 1;

// ---- the page's state ---------------------------------------------------------------------------------------------

let puzzle: Loaded;
let state: Grid;
let hint: Step | null = null;
/** The wrong cells a hint pointed at (the hint asks to fix them first). */
let hintMistakes: number[] = [];
let selected = 0;
let pencil = false;
let solving = false;
let stopRequested = false;
let entered = 0;
let applied: Step[] = [];

/** The offered puzzles with the library's rating of each, computed here (a few milliseconds for all). */
const RATED = PUZZLES.map((p) => ({ ...p, rating: explainPuzzle(parseGrid(p.givens)).rating }));

// ---- the markup ---------------------------------------------------------------------------------------------------

const choice = h(
  'select',
  { id: 'puzzle-choice', onchange: () => chooseKnown() },
  h('option', { value: '' }, 'Your own puzzle'),
  ...LEVELS.map((level) =>
    h(
      'optgroup',
      { label: level },
      ...RATED.filter((p) => p.rating.level === level).map((p) =>
        h('option', { value: p.id }, `${p.name} (${p.rating.level}, ${p.rating.score})`),
      ),
    ),
  ),
);
const ownInput = h('input', {
  id: 'own-puzzle',
  type: 'text',
  size: 50,
  spellcheck: 'false',
  autocomplete: 'off',
  placeholder: '53..7....6..195....98....6.8...6...3…',
});
const loadButton = h('button', { type: 'submit' }, 'Load');
const ownForm = h(
  'form',
  { class: 'own-puzzle', onsubmit: (event: Event) => loadOwn(event) },
  h('label', { for: 'own-puzzle' }, 'Or type a puzzle (81 characters, "." or "0" for an empty cell): '),
  ownInput,
  loadButton,
);
const newLevel = h('select', { id: 'new-level' }, ...LEVELS.map((level) => h('option', { value: level }, level)));
const newButton = h('button', { type: 'button', id: 'new-puzzle', onclick: () => newPuzzle() }, 'New puzzle');
const newStatus = h('span', { id: 'new-status', role: 'status' });
const puzzleError = h('p', { id: 'puzzle-error', role: 'alert', class: 'error' });
const puzzleInfo = h('p', { id: 'puzzle-info' });

const cells = Array.from({ length: 81 }, (_, cell) =>
  h(
    'td',
    { role: 'gridcell', tabindex: -1, 'data-cell': cell, onclick: () => select(cell, true) },
    h('span', { class: 'digit' }),
    h('span', { class: 'marks', 'aria-hidden': 'true' }, ...Array.from({ length: 9 }, () => h('span', {}))),
  ),
);
const table = h(
  'table',
  { class: 'sudoku', role: 'grid', 'aria-label': 'Sudoku grid', 'aria-describedby': 'grid-help', onkeydown: (e: Event) => onKey(e as KeyboardEvent) },
  h(
    'tbody',
    {},
    ...Array.from({ length: 9 }, (_, r) => h('tr', { role: 'row' }, ...cells.slice(r * 9, r * 9 + 9))),
  ),
);

const pencilButton = h('button', { type: 'button', 'aria-pressed': 'false', onclick: () => setPencil(!pencil) }, 'Pencil mode');
const modeText = h('span', { id: 'mode', class: 'mode' });
const fillButton = h('button', { type: 'button', onclick: () => fillMarks() }, 'Fill in pencil marks');
const restartButton = h('button', { type: 'button', onclick: () => restart() }, 'Restart');
const keypad = h(
  'div',
  { class: 'keypad', role: 'group', 'aria-label': 'Digits for the selected cell' },
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => h('button', { type: 'button', 'data-digit': d, onclick: () => typeDigit(d, false) }, String(d))),
  h('button', { type: 'button', onclick: () => erase() }, 'Clear'),
);

const hintButton = h('button', { type: 'button', class: 'primary', onclick: () => void showHint() }, 'Hint');
const applyButton = h('button', { type: 'button', onclick: () => applyHint() }, 'Apply');
const solveButton = h('button', { type: 'button', onclick: () => void solveStepByStep() }, 'Solve step by step');
const stopButton = h('button', { type: 'button', onclick: () => (stopRequested = true) }, 'Stop');
const hintBox = h('div', { id: 'hint', class: 'hint', 'aria-live': 'polite' });
const solvedBanner = h('p', { id: 'solved', class: 'solved', role: 'status' });
const status = liveRegion({ id: 'sudoku-status' });
const logCount = h('span', {}, '0');
const log = h('ol', { id: 'step-log' });

main.append(
  h(
    'section',
    { class: 'chooser', 'aria-label': 'Puzzle' },
    h('p', {}, h('label', { for: 'puzzle-choice' }, 'Puzzle: '), choice),
    ownForm,
    h('p', {}, h('label', { for: 'new-level' }, 'Or make a new puzzle of level: '), newLevel, ' ', newButton, ' ', newStatus),
    puzzleError,
    puzzleInfo,
  ),
  h(
    'div',
    { class: 'sudoku-layout' },
    h(
      'div',
      { class: 'board' },
      table,
      h(
        'p',
        { id: 'grid-help', class: 'legend' },
        'Bold black: given. Blue: your digits. Red: a wrong digit. Arrow keys move, 1–9 enter a digit, Backspace clears, ' +
          'P switches pencil mode, Shift+digit toggles a pencil mark.',
      ),
      h('div', { class: 'toolbar' }, pencilButton, modeText),
      keypad,
      h('div', { class: 'toolbar' }, fillButton, restartButton),
    ),
    h(
      'section',
      { class: 'hint-panel', 'aria-labelledby': 'hint-heading' },
      h('h2', { id: 'hint-heading' }, 'Hints'),
      h('div', { class: 'toolbar' }, hintButton, applyButton, solveButton, stopButton),
      hintBox,
      solvedBanner,
      status,
      h('details', { class: 'log' }, h('summary', {}, 'Steps applied: ', logCount), log),
    ),
  ),
  h(
    'details',
    {},
    h('summary', {}, 'The techniques the hints use, simplest first'),
    h(
      'ul',
      { class: 'techniques' },
      ...TECHNIQUE_NAMES.map((name) =>
        h('li', {}, `${techniqueTitle(name)} (${name}): score ${TECHNIQUE_SCORES[name]}, ${TECHNIQUE_LEVELS[name]}`),
      ),
    ),
  ),
);

// ---- loading puzzles ----------------------------------------------------------------------------------------------

function start(loaded: Loaded): void {
  stopRequested = true;
  puzzle = loaded;
  state = loaded.start.clone();
  choice.value = loaded.knownId ?? '';
  const { rating } = loaded;
  const givens = loaded.given.filter(Boolean).length;
  puzzleInfo.textContent = rating.solved
    ? `${loaded.name}: ${givens} givens. Rated by the library ${rating.score} points, ${rating.level}; hardest technique: ` +
      `${rating.hardest === null ? 'none' : techniqueTitle(rating.hardest)}.`
    : `${loaded.name}: ${givens} givens. Rated by the library ${rating.level}: its techniques get stuck ` +
      `${loaded.steps === 0 ? 'before the first step' : `after ${loaded.steps} ${loaded.steps === 1 ? 'step' : 'steps'}`}.`;
  restart();
}

function restart(): void {
  stopRequested = true;
  state = puzzle.start.clone();
  entered = 0;
  applied = [];
  log.replaceChildren();
  clearHint();
  status.textContent = '';
  render();
}

function setAddress(text: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set('puzzle', text);
  window.history.replaceState(null, '', url);
}

function chooseKnown(): void {
  const known = PUZZLES.find((p) => p.id === choice.value);
  if (known === undefined) return;
  puzzleError.textContent = '';
  start(prepare(known.givens, known.name, known.id));
  setAddress(known.givens);
}

function loadOwn(event: Event): void {
  event.preventDefault();
  const text = ownInput.value.trim();
  try {
    const loaded = load(text, 'Your puzzle');
    puzzleError.textContent = '';
    start(loaded);
    setAddress(text);
  } catch (error) {
    puzzleError.textContent = `This puzzle cannot be loaded: ${messageOf(error)}`;
  }
}

// ---- new puzzles, made by the library in a worker ------------------------------------------------------------------

let generator: Worker | undefined;
let generating = 0;

/** Asks the worker for a puzzle of the chosen level (the page's `seed` parameter, when set, makes it reproducible). */
function newPuzzle(): void {
  const level = newLevel.value as Level;
  generator ??= new Worker(new URL('./generate-worker.ts', import.meta.url), { type: 'module' });
  const request: GenerateRequest = param('seed') === null ? { level } : { level, seed: `${param('seed')}-${++generating}` };
  newButton.disabled = true;
  newStatus.textContent = `Making a ${level} puzzle…`;
  generator.onmessage = (event: MessageEvent<GenerateResponse>) => {
    newButton.disabled = false;
    const answer = event.data;
    if ('error' in answer) {
      newStatus.textContent = `No puzzle: ${answer.error}.`;
      return;
    }
    const { puzzle, ms } = answer;
    newStatus.textContent = `Made a ${puzzle.rating.level} puzzle with ${puzzle.clues} clues in ${Math.round(ms)} ms.`;
    puzzleError.textContent = '';
    start(prepare(puzzle.puzzle, `New ${puzzle.rating.level} puzzle`, null));
    setAddress(puzzle.puzzle);
  };
  generator.postMessage(request);
}

/** A known puzzle by its text, or a puzzle of one's own. */
function load(text: string, name: string): Loaded {
  const known = PUZZLES.find((p) => p.givens === text || p.givens.replaceAll('.', '0') === text);
  return known === undefined ? prepare(text, name, null) : prepare(text, known.name, known.id);
}

// ---- the grid -----------------------------------------------------------------------------------------------------

/** The digits the placed values of the cell's row, column and box leave (the library's units). */
function allowed(cell: number): number {
  let placed = 0;
  for (const unit of state.componentsOf(cell)) placed |= unit.placedMask();
  return ALL & ~placed;
}

/** Why a digit the player put in is wrong (it repeats in a unit, or contradicts the solution), or null. */
function mistakeOf(cell: number): string | null {
  const v = state.values[cell]!;
  if (v === 0 || puzzle.given[cell]) return null;
  for (const unit of state.componentsOf(cell)) {
    for (const other of unit.cells) if (other !== cell && state.values[other] === v) return `${v} is already in ${unit.toString()}`;
  }
  if (puzzle.solution.charCodeAt(cell) - 48 !== v) return 'it contradicts the solution';
  return null;
}

function mistakes(): number[] {
  const out: number[] = [];
  for (let cell = 0; cell < 81; cell++) if (mistakeOf(cell) !== null) out.push(cell);
  return out;
}

function isSolved(): boolean {
  return state.isSolved() && state.contradiction() === null && state.toString() === puzzle.solution;
}

function cellLabel(cell: number): string {
  const v = state.values[cell]!;
  const marks = state.candidatesOf(cell);
  let label = `row ${rowOf(cell)}, column ${colOf(cell)}: `;
  label += v ? String(v) : marks.length ? `candidates ${marks.join(' ')}` : 'no candidates';
  const notes: string[] = [];
  if (puzzle.given[cell]) notes.push('given');
  const wrong = mistakeOf(cell);
  if (wrong !== null) notes.push(`wrong, ${wrong}`);
  if (hint !== null) {
    if (hint.cells.includes(cell)) notes.push('in the hint');
    const places = hint.placements.filter((p) => p.cell === cell).map((p) => p.digit);
    if (places.length) notes.push(`the hint places ${places.join(' ')}`);
    const removes = hint.eliminations.filter((e) => e.cell === cell).map((e) => e.digit);
    if (removes.length) notes.push(`the hint removes ${removes.join(' ')}`);
  }
  return notes.length ? `${label}, ${notes.join(', ')}` : label;
}

function render(): void {
  const focused = document.activeElement;
  const solved = isSolved();
  cells.forEach((td, cell) => {
    const v = state.values[cell]!;
    const mask = state.candidates[cell]!;
    const wrong = mistakeOf(cell) !== null;
    td.setAttribute('aria-label', cellLabel(cell));
    td.tabIndex = cell === selected ? 0 : -1;
    td.setAttribute('aria-selected', String(cell === selected));
    td.classList.toggle('selected', cell === selected);
    td.classList.toggle('given', puzzle.given[cell]!);
    td.classList.toggle('entered', v !== 0 && !puzzle.given[cell]);
    td.classList.toggle('wrong', wrong);
    td.classList.toggle('hint-cell', (hint?.cells.includes(cell) ?? false) || hintMistakes.includes(cell));
    td.classList.toggle('hint-target', hint !== null && [...hint.eliminations, ...hint.placements].some((c) => c.cell === cell));
    const [digit, marks] = td.children as unknown as [HTMLSpanElement, HTMLSpanElement];
    digit.textContent = v ? String(v) : '';
    marks.hidden = v !== 0;
    Array.from(marks.children).forEach((span, k) => {
      const d = k + 1;
      const on = v === 0 && (mask & (1 << k)) !== 0;
      span.textContent = on ? String(d) : '';
      span.className = '';
      if (!on || hint === null) return;
      if (hint.eliminations.some((e) => e.cell === cell && e.digit === d)) span.className = 'eliminated';
      else if (hint.placements.some((p) => p.cell === cell && p.digit === d)) span.className = 'placed';
      else if (hint.cells.includes(cell) && hint.digits.includes(d)) span.className = 'pattern';
    });
  });
  pencilButton.setAttribute('aria-pressed', String(pencil));
  modeText.textContent = pencil ? 'Typing a digit toggles a pencil mark.' : 'Typing a digit enters it.';
  table.classList.toggle('pencil', pencil);
  for (const button of [fillButton, restartButton, pencilButton, ...keypad.querySelectorAll('button')]) button.disabled = solving;
  hintButton.disabled = solving || solved;
  applyButton.disabled = solving || hint === null;
  solveButton.disabled = solving || solved;
  stopButton.disabled = !solving;
  // While solving, each step is announced once, by the status line ("Applied: …"); the hint panel, rewritten every step
  // with its lists of cells, would be read out too and pile up behind it.
  hintBox.setAttribute('aria-live', solving ? 'off' : 'polite');
  choice.disabled = solving;
  loadButton.disabled = solving;
  logCount.textContent = String(applied.length);
  const banner = solved
    ? `Solved! Every row, column and box holds 1 to 9. You entered ${entered} ${entered === 1 ? 'digit' : 'digits'} and ` +
      `applied ${applied.length} hint ${applied.length === 1 ? 'step' : 'steps'}.`
    : '';
  // A live region: written only when its words change (each render would otherwise read "Solved!" out again).
  if (solvedBanner.textContent !== banner) solvedBanner.textContent = banner;
  // A button that disabled itself (Apply once applied, Solve while solving, Stop when done) would drop the focus to the
  // page's body: it goes on to the next hint control that works, or back to the grid.
  if (focused instanceof HTMLButtonElement && focused.disabled) {
    ([stopButton, applyButton, hintButton, solveButton].find((button) => !button.disabled) ?? cells[selected]!).focus();
  }
}

function select(cell: number, focus: boolean): void {
  selected = cell;
  render();
  if (focus) cells[cell]!.focus();
}

/** Any change by the player makes a shown hint stale. */
function edited(message: string): void {
  clearHint();
  status.textContent = message;
  render();
}

function enter(cell: number, digit: number): void {
  const where = cellName(cell);
  if (puzzle.given[cell]) return edited(`${where} is a given.`);
  if (state.values[cell] === digit) return;
  if (state.values[cell]) clearValue(cell);
  state.place(cell, digit); // the library removes the digit from the pencil marks of the cell's row, column and box
  entered++;
  const wrong = mistakeOf(cell);
  edited(wrong === null ? `${where}: ${digit}.` : `${where}: ${digit} is wrong: ${wrong}.`);
}

/** Empties a cell: its pencil marks come back as the placed digits allow, and so does its digit in its peers. */
function clearValue(cell: number): void {
  const v = state.values[cell]!;
  state.values[cell] = 0;
  state.candidates[cell] = allowed(cell);
  const bit = 1 << (v - 1);
  for (const unit of state.componentsOf(cell)) {
    for (const other of unit.cells) if (state.values[other] === 0 && allowed(other) & bit) state.candidates[other]! |= bit;
  }
}

function erase(): void {
  const cell = selected;
  const where = cellName(cell);
  if (puzzle.given[cell]) return edited(`${where} is a given.`);
  if (state.values[cell]) {
    clearValue(cell);
    return edited(`${where} cleared.`);
  }
  if (pencil && state.candidates[cell]) {
    state.candidates[cell] = 0;
    return edited(`${where}: pencil marks cleared.`);
  }
}

function toggleMark(cell: number, digit: number): void {
  const where = cellName(cell);
  if (state.values[cell]) return edited(`${where} holds ${state.values[cell]}: clear it before pencilling marks.`);
  const bit = 1 << (digit - 1);
  if (state.candidates[cell]! & bit) {
    state.candidates[cell]! &= ~bit;
    return edited(`${where}: pencil mark ${digit} removed.`);
  }
  const unit = state.componentsOf(cell).find((u) => u.placedMask() & bit);
  if (unit !== undefined) return edited(`${where}: ${digit} is already placed in ${unit.toString()}.`);
  state.candidates[cell]! |= bit;
  edited(`${where}: pencil mark ${digit} added.`);
}

function typeDigit(digit: number, mark: boolean): void {
  if (solving) return;
  if (pencil || mark) toggleMark(selected, digit);
  else enter(selected, digit);
}

function setPencil(on: boolean): void {
  pencil = on;
  status.textContent = on ? 'Pencil mode on.' : 'Pencil mode off.';
  render();
}

function fillMarks(): void {
  for (let cell = 0; cell < 81; cell++) if (state.values[cell] === 0) state.candidates[cell] = allowed(cell);
  edited('Pencil marks filled in: every digit the placed digits allow.');
}

const MOVES: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function onKey(event: KeyboardEvent): void {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const r = Math.floor(selected / 9);
  const c = selected % 9;
  const move = MOVES[event.key];
  const code = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
  if (move !== undefined) {
    select(Math.min(8, Math.max(0, r + move[0])) * 9 + Math.min(8, Math.max(0, c + move[1])), true);
  } else if (event.key === 'Home') select(r * 9, true);
  else if (event.key === 'End') select(r * 9 + 8, true);
  else if (code !== null && (event.shiftKey || /^[1-9]$/.test(event.key))) typeDigit(Number(code[1]), event.shiftKey);
  else if (/^[1-9]$/.test(event.key)) typeDigit(Number(event.key), false);
  else if (['Backspace', 'Delete', '0', '.'].includes(event.key)) {
    if (!solving) erase();
  } else if (event.key === 'p' || event.key === 'P') {
    if (!solving) setPencil(!pencil);
  } else return;
  event.preventDefault();
}

// ---- hints --------------------------------------------------------------------------------------------------------

function clearHint(): void {
  hint = null;
  hintMistakes = [];
  hintBox.replaceChildren();
}

function hintMessage(...children: (Node | string)[]): void {
  hintBox.replaceChildren(h('p', { class: 'hint-message' }, ...children));
}

function showHint(): Step | null {
  clearHint();
  if (isSolved()) {
    hintMessage('The puzzle is solved.');
    render();
    return null;
  }
  const wrong = mistakes();
  if (wrong.length) {
    hintMistakes = wrong;
    hintMessage(`First fix the wrong ${wrong.length === 1 ? 'digit' : 'digits'}: ${wrong.map((cell) => `${cellName(cell)} (${mistakeOf(cell)})`).join('; ')}.`);
    render();
    return null;
  }
  let step: Step | null;
  try {
    step = nextStep(state); // the player's pencil marks are the starting state; the library checks them
  } catch (error) {
    hintMessage(`No hint: ${messageOf(error)}.`);
    render();
    return null;
  }
  if (step === null) {
    const problem = state.contradiction();
    hintMessage(
      problem === null
        ? 'No technique of the library applies here: going on needs guessing, or techniques the library does not have.'
        : `No hint: ${problem}.`,
    );
    render();
    return null;
  }
  hint = step;
  const list = (id: string, items: readonly string[]) => h('dd', { id }, items.length ? items.join(', ') : 'none');
  hintBox.replaceChildren(
    h(
      'p',
      { class: 'technique' },
      h('strong', { id: 'hint-technique' }, techniqueTitle(step.technique)),
      ' ',
      h('code', { id: 'hint-technique-name' }, step.technique),
      ` · score ${TECHNIQUE_SCORES[step.technique]} · ${TECHNIQUE_LEVELS[step.technique]}`,
    ),
    h('p', { id: 'hint-explanation' }, step.explanation),
    h(
      'dl',
      {},
      h('dt', {}, 'Cells of the pattern'),
      list('hint-cells', step.cells.map(cellName)),
      h('dt', {}, 'Places'),
      list('hint-placements', step.placements.map(formatPlacement)),
      h('dt', {}, 'Removes'),
      list('hint-eliminations', step.eliminations.map(formatElimination)),
    ),
  );
  render();
  return step;
}

function applyHint(): void {
  if (hint === null) return;
  const step = hint;
  state.apply(step);
  applied.push(step);
  log.append(h('li', {}, step.explanation));
  clearHint();
  status.textContent = `Applied: ${step.explanation}`;
  render();
}

async function solveStepByStep(): Promise<void> {
  solving = true;
  stopRequested = false;
  render();
  while (!stopRequested) {
    const step = showHint();
    if (step === null) {
      // Why it stops (stuck, a wrong digit, …) was written while the hint panel was quiet: the status line says it.
      if (!isSolved()) status.textContent = hintBox.textContent ?? '';
      break;
    }
    await pause(stepDelay(900));
    if (stopRequested) break;
    applyHint();
  }
  solving = false;
  render();
}

// ---- start --------------------------------------------------------------------------------------------------------

const requested = param('puzzle');
const fallback = PUZZLES[0]!;
if (requested === null) start(prepare(fallback.givens, fallback.name, fallback.id));
else {
  try {
    start(load(requested.trim(), 'Your puzzle (from the address)'));
    ownInput.value = requested;
  } catch (error) {
    puzzleError.textContent = `This puzzle cannot be loaded: ${messageOf(error)}. Showing ${fallback.name} instead.`;
    ownInput.value = requested;
    start(prepare(fallback.givens, fallback.name, fallback.id));
  }
}
