// Mastermind: pick colors for a guess, see black and white pegs, and let the solvers play, all on
// @puzzles/mastermind's game values (createGame / play) and solvers (solve, run in a worker so the page never freezes).
import {
  DEFAULT_MAX_GUESSES,
  MAX_OPTIMAL_CODES,
  STRATEGIES,
  createGame,
  formatCode,
  parseCode,
  play,
  type Game,
  type StrategyName,
  type Turn,
} from '@puzzles/mastermind';
import { h, liveRegion, mountPage, param, pause, stepDelay } from '../shared/dom.js';
import { optimalOpener } from './options.js';
import type { SolveRequest, SolveResponse } from './protocol.js';
import './mastermind.css';

/** The peg colors, by letter: a is red, b orange, … (the library writes codes as letters, a = the first color). */
const COLORS = [
  { name: 'red', css: '#d62828', ink: '#fff' },
  { name: 'orange', css: '#f28c18', ink: '#1a1a1a' },
  { name: 'yellow', css: '#f6d32d', ink: '#1a1a1a' },
  { name: 'green', css: '#2e9e4f', ink: '#fff' },
  { name: 'blue', css: '#1f5fbf', ink: '#fff' },
  { name: 'purple', css: '#7b2cbf', ink: '#fff' },
  { name: 'pink', css: '#f06fb0', ink: '#1a1a1a' },
  { name: 'brown', css: '#8b5a2b', ink: '#fff' },
  { name: 'white', css: '#ffffff', ink: '#1a1a1a' },
  { name: 'grey', css: '#8a8a8a', ink: '#1a1a1a' },
] as const;
const LETTERS = 'abcdefghij';
/** The largest code space the page offers (5 pegs × 8 colors): the heuristics still answer in seconds there. */
const MAX_PAGE_CODES = 32_768;

const STRATEGY_INFO: Record<StrategyName, { title: string; about: string }> = {
  'state-machine': { title: 'State machine (design essay)', about: 'The Mastermind design essay’s solver: GuessOne, GuessTwo, GuessCompute and GuessPermute with its three rules.' },
  simple: { title: 'Simple', about: 'Always guesses the first code that fits every score so far.' },
  knuth: { title: 'Knuth (minimax)', about: 'Picks the guess whose worst score leaves the fewest codes.' },
  entropy: { title: 'Maximum entropy', about: 'Picks the guess whose scores tell the most, in bits.' },
  'expected-size': { title: 'Minimal expected size', about: 'Picks the guess that leaves the fewest codes on average.' },
  'most-parts': { title: 'Most parts (Kooi)', about: 'Picks the guess with the most different possible scores.' },
  optimal: { title: 'Optimal (exact search)', about: 'Branch and bound for the fewest guesses on average over all secrets.' },
};

const main = mountPage(
  'mastermind',
  'Mastermind',
  'Break the hidden code: pick a color for each peg and submit. A black peg is a right color in the right place, a white peg a right color in the wrong place.',
);

// ----- setup from the query: ?pegs, ?colors, ?guesses, ?secret (letters or digits), ?seed -----
const notes: string[] = [];
function intParam(name: string, min: number, max: number): number | null {
  const text = param(name);
  if (text === null) return null;
  if (/^\d+$/.test(text) && Number(text) >= min && Number(text) <= max) return Number(text);
  notes.push(`?${name}=${text} was ignored: it must be a whole number from ${min} to ${max}.`);
  return null;
}
const secretParam = param('secret');
let pegs = intParam('pegs', 1, 6) ?? (secretParam !== null && /^[a-j0-9]{1,6}$/i.test(secretParam) ? secretParam.length : 4);
let colors = intParam('colors', 2, COLORS.length) ?? 6;
if (colors ** pegs > MAX_PAGE_CODES) {
  notes.push(`${pegs} pegs × ${colors} colors make ${colors ** pegs} codes; the page goes up to ${MAX_PAGE_CODES}, so it plays 4 × 6.`);
  pegs = 4;
  colors = 6;
}
const maxGuesses = intParam('guesses', 1, 50) ?? DEFAULT_MAX_GUESSES;
const seedParam = param('seed');
/** The random seed that picks the state-machine strategy's first color: ?seed, or a fresh one shown on the page so a run can be replayed. */
const solverSeed = seedParam ?? String(Math.floor(Math.random() * 1_000_000));

function firstGame(): Game {
  const size = { pegs, colors, maxGuesses };
  if (secretParam !== null) {
    try {
      return createGame({ ...size, secret: secretParam });
    } catch (error) {
      notes.push(`?secret=${secretParam} was ignored: ${error instanceof Error ? error.message : String(error)}.`);
    }
  }
  return seedParam === null ? createGame(size) : createGame({ ...size, seed: seedParam });
}

let game = firstGame();
let guess: (number | null)[] = Array.from({ length: pegs }, () => null);
let active = 0;

// ----- small views: pegs, codes and scores (colors as letters on the pegs and as names for screen readers) -----
function pegView(color: number, extra = ''): HTMLSpanElement {
  const c = COLORS[color]!;
  return h('span', { class: `peg ${extra}`.trim(), style: `background:${c.css};color:${c.ink}`, title: c.name }, LETTERS[color]!);
}
function colorNames(code: string): string {
  return [...code].map((letter) => COLORS[LETTERS.indexOf(letter)]?.name ?? letter).join(', ');
}
/** A code as colored pegs with their letters, and the color names as text for screen readers. */
function codeView(code: string): HTMLSpanElement {
  return h(
    'span',
    { class: 'code', 'data-code': code },
    h('span', { class: 'pegs', 'aria-hidden': 'true' }, ...[...code].map((letter) => pegView(LETTERS.indexOf(letter)))),
    h('span', { class: 'visually-hidden' }, `${code}: ${colorNames(code)}`),
  );
}
function scoreText(turn: Pick<Turn, 'black' | 'white'>): string {
  return `${turn.black} black, ${turn.white} white`;
}
/** Black and white key pegs (empty holes for the rest) and the same score as text. */
function scoreView(turn: Pick<Turn, 'black' | 'white'>, size: number): HTMLSpanElement {
  const keys: HTMLSpanElement[] = [];
  for (let i = 0; i < size; i++) {
    keys.push(h('span', { class: `key ${i < turn.black ? 'black' : i < turn.black + turn.white ? 'white' : 'hole'}` }));
  }
  return h(
    'span',
    { class: 'score' },
    h('span', { class: 'keys', 'aria-hidden': 'true' }, ...keys),
    h('span', { class: 'score-text' }, scoreText(turn)),
  );
}
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 'es'}`;

// ----- the game -----
const slots = Array.from({ length: pegs }, (_, i) =>
  h('button', { type: 'button', class: 'slot', 'data-slot': i + 1, onclick: () => selectSlot(i) }),
);
const palette = COLORS.slice(0, colors).map((c, k) =>
  h(
    'button',
    { type: 'button', class: 'color', 'data-color': LETTERS[k]!, 'aria-keyshortcuts': LETTERS[k]!, onclick: () => place(k) },
    pegView(k, 'swatch'),
    h('span', { class: 'color-name' }, c.name),
  ),
);
for (const button of palette) button.querySelector('.swatch')?.setAttribute('aria-hidden', 'true');
const submitButton = h('button', { type: 'button', class: 'primary', onclick: () => submit() }, 'Submit guess');
const clearButton = h('button', { type: 'button', onclick: () => clearGuess() }, 'Clear');
const newButton = h('button', { type: 'button', onclick: () => newGame() }, 'New game');
const countOutput = h('output', { id: 'guess-count' });
const gameStatus = liveRegion({ id: 'game-status', class: 'game-status' });
const historyBody = h('tbody', {});
const historyTable = h(
  'table',
  { class: 'history', id: 'history' },
  h('caption', {}, 'Your guesses'),
  h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, 'Guess'), h('th', { scope: 'col' }, 'Score'))),
  historyBody,
);
const secretBox = h('p', { class: 'secret', id: 'secret', hidden: true });

main.append(
  h(
    'section',
    { class: 'game', 'aria-labelledby': 'game-heading' },
    h('h2', { id: 'game-heading' }, 'Play'),
    h(
      'p',
      { class: 'rules' },
      `${pegs} pegs, ${colors} colors (repeats allowed), ${maxGuesses} guesses. `,
      'Keyboard: type the letters ',
      h('kbd', {}, `a–${LETTERS[colors - 1]}`),
      ' (or digits) to place colors, ',
      h('kbd', {}, 'Backspace'),
      ' to take one back, ',
      h('kbd', {}, 'Enter'),
      ' to submit; the arrow keys move between pegs.',
    ),
    notes.length === 0 ? null : h('ul', { class: 'notes' }, ...notes.map((note) => h('li', {}, note))),
    h('div', { class: 'guess-row' }, h('span', { class: 'label', id: 'guess-label' }, 'Your guess'), h('div', { class: 'slots', role: 'group', 'aria-labelledby': 'guess-label' }, ...slots)),
    h('div', { class: 'palette', role: 'group', 'aria-label': 'Colors' }, ...palette),
    h('div', { class: 'toolbar' }, submitButton, clearButton, newButton, h('span', { class: 'count' }, countOutput)),
    gameStatus,
    secretBox,
    historyTable,
  ),
);

function selectSlot(i: number): void {
  active = i;
  renderGuess();
}

function place(color: number): void {
  if (game.status !== 'playing') return;
  guess[active] = color;
  let next = -1;
  for (let step = 1; step <= pegs && next < 0; step++) {
    const i = (active + step) % pegs;
    if (guess[i] === null) next = i;
  }
  active = next >= 0 ? next : Math.min(active + 1, pegs - 1);
  gameStatus.textContent = '';
  renderGuess();
}

function takeBack(): void {
  let last = -1;
  guess.forEach((c, i) => {
    if (c !== null) last = i;
  });
  if (last < 0) return;
  guess[last] = null;
  active = last;
  renderGuess();
}

function clearGuess(): void {
  guess = guess.map(() => null);
  active = 0;
  renderGuess();
}

function submit(): void {
  if (game.status !== 'playing') return;
  if (guess.some((c) => c === null)) {
    gameStatus.textContent = `Pick a color for every peg first (${guess.filter((c) => c !== null).length} of ${pegs} placed).`;
    return;
  }
  const text = guess.map((c) => LETTERS[c!]!).join('');
  const result = play(game, text);
  if (result.outcome === 'rejected') {
    gameStatus.textContent = `Not counted: ${result.reason}.`;
    return;
  }
  game = result.game;
  const n = game.turns.length;
  if (result.outcome === 'won') {
    gameStatus.textContent = `You won in ${plural(n, 'guess')}! The secret was ${game.secret}.`;
  } else if (result.outcome === 'lost') {
    gameStatus.textContent = `Out of guesses: ${scoreText(result.turn)} on your last guess. The secret was ${game.secret} (${colorNames(game.secret)}).`;
  } else {
    const left = game.maxGuesses - n;
    gameStatus.textContent = `Guess ${n}, ${result.turn.guess}: ${scoreText(result.turn)}. ${plural(left, 'guess')} left.`;
  }
  guess = guess.map(() => null);
  active = 0;
  render();
}

function newGame(): void {
  game = createGame({ pegs, colors, maxGuesses });
  guess = guess.map(() => null);
  active = 0;
  gameStatus.textContent = 'New game: a new random secret.';
  if (solverSecretInput.value.trim() === '') resetRun();
  render();
}

/** Moves the focus to `fallback` when the focused element was `button` and `button` is now disabled (a disabled button
 * drops the focus to the page's body, and a keyboard user would have to start over from the top). */
function keepFocus(focused: Element | null, button: HTMLButtonElement, fallback: HTMLElement | undefined): void {
  if (focused === button && button.disabled) fallback?.focus();
}

/** Writes a live region only when its text changes: the same words written again are read out again. */
function announce(region: HTMLElement, text: string): void {
  if (region.textContent !== text) region.textContent = text;
}

function renderGuess(): void {
  const focused = document.activeElement;
  const over = game.status !== 'playing';
  slots.forEach((slot, i) => {
    const c = guess[i];
    slot.replaceChildren(c === null || c === undefined ? '' : pegView(c));
    slot.classList.toggle('active', i === active && !over);
    if (i === active && !over) slot.setAttribute('aria-current', 'true');
    else slot.removeAttribute('aria-current');
    const what = c === null || c === undefined ? 'empty' : `${COLORS[c]!.name} (${LETTERS[c]})`;
    slot.setAttribute('aria-label', `Peg ${i + 1}: ${what}${i === active && !over ? ', selected' : ''}`);
    slot.disabled = over;
  });
  for (const button of palette) button.disabled = over;
  submitButton.disabled = over || guess.some((c) => c === null);
  clearButton.disabled = over || guess.every((c) => c === null);
  // Submit and Clear disable themselves when used: the focus goes on to the colors (or to New game once it is over).
  const next = over ? newButton : palette[0];
  keepFocus(focused, submitButton, next);
  keepFocus(focused, clearButton, next);
}

function render(): void {
  renderGuess();
  const n = game.turns.length;
  countOutput.textContent = `${n} of ${game.maxGuesses} guesses used`;
  historyBody.replaceChildren(
    ...game.turns.map((turn, k) =>
      h('tr', {}, h('td', {}, k + 1), h('td', {}, codeView(turn.guess)), h('td', {}, scoreView(turn, game.pegs))),
    ),
  );
  historyTable.hidden = n === 0;
  if (game.status === 'playing') {
    secretBox.hidden = true;
    secretBox.replaceChildren();
  } else {
    secretBox.hidden = false;
    secretBox.className = `secret ${game.status}`;
    secretBox.replaceChildren(
      h('strong', {}, game.status === 'won' ? `Solved in ${plural(n, 'guess')}. ` : 'Out of guesses. '),
      'The secret: ',
      codeView(game.secret),
    );
  }
}

document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('input, textarea, select, summary') || game.status !== 'playing') return;
  const key = event.key.toLowerCase();
  let color = key.length === 1 ? LETTERS.slice(0, colors).indexOf(key) : -1;
  if (color < 0 && /^[0-9]$/.test(key)) color = key === '0' ? 9 : Number(key) - 1;
  if (color >= 0 && color < colors) {
    place(color);
  } else if (key === 'backspace') {
    takeBack();
  } else if (key === 'delete') {
    guess[active] = null;
    renderGuess();
  } else if (key === 'arrowleft' || key === 'arrowright') {
    selectSlot((active + (key === 'arrowleft' ? pegs - 1 : 1)) % pegs);
    if (target?.closest('.slots')) slots[active]!.focus();
  } else if (key === 'enter' && !target?.closest('button, a')) {
    submit();
  } else {
    return;
  }
  event.preventDefault();
});

// ----- the solvers -----
const codeCount = colors ** pegs;
const opener = optimalOpener({ pegs, colors });
const optimalNote =
  codeCount > MAX_OPTIMAL_CODES
    ? `Left out at this size: the library's exact search is only practical up to ${MAX_OPTIMAL_CODES.toLocaleString('en-US')} codes and ${pegs} × ${colors} has ${codeCount.toLocaleString('en-US')}.`
    : opener !== undefined
      ? `It opens with ${opener}, the first guess the library's exact search picks for ${pegs} × ${colors} over every first guess (doing that search again takes 15–30 s). Each later guess is searched live, in a background worker, so the page stays usable meanwhile.`
      : 'Every guess is searched live, in a background worker, so the page stays usable meanwhile.';

const solverSecretInput = h('input', {
  id: 'solver-secret',
  type: 'text',
  autocomplete: 'off',
  spellcheck: 'false',
  size: 8,
  placeholder: 'this game',
  'aria-describedby': 'solver-secret-help',
});
solverSecretInput.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') void playSteps();
});
const playStepsButton = h('button', { type: 'button', class: 'primary', onclick: () => void playSteps() }, 'Let the solvers play');
const nextStepButton = h('button', { type: 'button', onclick: () => nextStep() }, 'Next step');
const showAllButton = h('button', { type: 'button', onclick: () => showAll() }, 'Show all at once');
const solverStatus = liveRegion({ id: 'solver-status' });
const summaryBody = h('tbody', {});

interface Card {
  readonly root: HTMLElement;
  readonly state: HTMLElement;
  readonly list: HTMLOListElement;
  readonly trace: HTMLElement | null;
  readonly summaryGuesses: HTMLTableCellElement;
  readonly summaryFirst: HTMLTableCellElement;
}
const cards = new Map<StrategyName, Card>();
for (const strategy of STRATEGIES) {
  const info = STRATEGY_INFO[strategy];
  const state = h('p', { class: 'card-state' }, 'Not started.');
  const list = h('ol', { class: 'solver-guesses' });
  const trace = strategy === 'state-machine' ? h('pre', { class: 'trace' }) : null;
  const root = h(
    'article',
    { class: 'solver-card', 'data-strategy': strategy, 'aria-labelledby': `card-${strategy}` },
    h('h3', { id: `card-${strategy}` }, info.title),
    h('p', { class: 'about' }, info.about, strategy === 'optimal' ? ` ${optimalNote}` : ''),
    state,
    list,
    trace === null ? null : h('details', {}, h('summary', {}, 'Trace with the rule messages'), trace),
  );
  const summaryFirst = h('td', {}, '–');
  const summaryGuesses = h('td', { class: 'num' }, '–');
  summaryBody.append(h('tr', { 'data-strategy': strategy }, h('th', { scope: 'row' }, info.title), summaryFirst, summaryGuesses));
  cards.set(strategy, { root, state, list, trace, summaryGuesses, summaryFirst });
}

main.append(
  h(
    'section',
    { class: 'solvers', 'aria-labelledby': 'solvers-heading' },
    h('h2', { id: 'solvers-heading' }, 'Let the solver play'),
    h(
      'p',
      {},
      "Each of the library's strategies solves the same secret; every guess is shown with its score. Play them step by step (one guess per strategy at a time) or show every guess at once.",
    ),
    h(
      'div',
      { class: 'toolbar' },
      h('label', { for: 'solver-secret' }, 'Secret for the solvers'),
      solverSecretInput,
      h('span', { id: 'solver-secret-help', class: 'help' }, `letters a–${LETTERS[colors - 1]} or digits; empty: this game's secret (it gives the game away)`),
    ),
    h('div', { class: 'toolbar' }, playStepsButton, nextStepButton, showAllButton),
    h('p', { class: 'help' }, `The state-machine strategy draws its first color with seed ${solverSeed}${seedParam === null ? ` (add ?seed=${solverSeed} to the address to replay it)` : ''}.`),
    solverStatus,
    h(
      'table',
      { class: 'summary', id: 'solver-summary' },
      h('caption', {}, 'Guesses per strategy'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Strategy'), h('th', { scope: 'col' }, 'First guess'), h('th', { scope: 'col' }, 'Guesses'))),
      summaryBody,
    ),
    h('div', { class: 'solver-cards' }, ...[...cards.values()].map((card) => card.root)),
  ),
);

interface Run {
  readonly secret: string;
  readonly worker: Worker;
  readonly responses: Map<StrategyName, SolveResponse>;
  /** How many guesses of each strategy are shown (Infinity: all). */
  step: number;
  auto: boolean;
  announced: boolean;
}
let run: Run | null = null;

function resetRun(): void {
  run?.worker.terminate();
  run = null;
  solverStatus.textContent = '';
  renderCards();
}

/** The secret the solvers play: the input's code (letters or digits), or this game's secret. Null when invalid. */
function solverSecret(): string | null {
  const text = solverSecretInput.value.trim();
  if (text === '') return game.secret;
  try {
    return formatCode(parseCode(text, { pegs, colors }));
  } catch (error) {
    solverStatus.textContent = `That secret does not work: ${error instanceof Error ? error.message : String(error)}.`;
    solverSecretInput.focus();
    return null;
  }
}

/** The current run, or a new one (a new worker) when there is none or the secret changed. */
function ensureRun(): Run | null {
  const secret = solverSecret();
  if (secret === null) return null;
  if (run !== null && run.secret === secret) return run;
  run?.worker.terminate();
  const worker = new Worker(new URL('./solver-worker.ts', import.meta.url), { type: 'module' });
  const fresh: Run = { secret, worker, responses: new Map(), step: 0, auto: false, announced: false };
  run = fresh;
  worker.onmessage = (event: MessageEvent<SolveResponse>) => {
    fresh.responses.set(event.data.strategy, event.data);
    if (run === fresh) renderCards();
  };
  worker.onerror = (event) => {
    solverStatus.textContent = `The solver worker failed: ${event.message}`;
  };
  const request: SolveRequest = { secret, pegs, colors, seed: solverSeed, strategies: STRATEGIES };
  worker.postMessage(request);
  solverStatus.textContent = `The solvers play ${secret}.`;
  return fresh;
}

/** Guesses a strategy has in all (0 while it is still searching or when it was refused). */
function lengthOf(r: Run, strategy: StrategyName): number {
  const response = r.responses.get(strategy);
  return response !== undefined && 'result' in response ? response.result.turns.length : 0;
}
const allAnswered = (r: Run): boolean => STRATEGIES.every((s) => r.responses.has(s));
const longest = (r: Run): number => Math.max(0, ...STRATEGIES.map((s) => lengthOf(r, s)));
const finished = (r: Run): boolean => allAnswered(r) && r.step >= longest(r);

/** Starts a finished run over from its first step (its end is announced again). */
function replay(r: Run): void {
  r.step = 0;
  r.announced = false;
}

async function playSteps(): Promise<void> {
  const r = ensureRun();
  if (r === null) return;
  if (r.auto) return;
  if (finished(r)) replay(r);
  r.auto = true;
  renderCards();
  while (run === r && r.auto && !finished(r)) {
    await pause(stepDelay(700));
    if (run !== r || !r.auto) return;
    // When every answer so far is shown, wait for the strategies still searching instead of running past them.
    if (r.step < longest(r)) {
      r.step++;
      renderCards();
    }
  }
}

function nextStep(): void {
  const r = ensureRun();
  if (r === null) return;
  r.auto = false;
  if (finished(r)) replay(r);
  if (r.step < longest(r) || !allAnswered(r)) r.step++;
  renderCards();
}

function showAll(): void {
  const r = ensureRun();
  if (r === null) return;
  r.auto = false;
  r.step = Infinity;
  renderCards();
}

function renderCards(): void {
  const focused = document.activeElement;
  const r = run;
  for (const strategy of STRATEGIES) {
    const card = cards.get(strategy)!;
    const response = r?.responses.get(strategy);
    card.root.classList.remove('done', 'refused');
    if (r === null || r.step === 0 || response === undefined) {
      card.list.replaceChildren();
      if (card.trace) card.trace.textContent = '';
      card.summaryFirst.textContent = '–';
      card.summaryGuesses.textContent = r !== null && response === undefined ? 'searching…' : '–';
      card.state.textContent =
        r === null ? 'Not started.' : response === undefined ? (strategy === 'optimal' ? 'Searching (exact search)…' : 'Thinking…') : 'Ready.';
      continue;
    }
    if ('error' in response) {
      card.root.classList.add('refused');
      card.list.replaceChildren();
      card.state.textContent = `Not available: ${response.error}`;
      card.summaryFirst.textContent = '–';
      card.summaryGuesses.textContent = 'n/a';
      continue;
    }
    const { turns, lines } = response.result;
    const shown = Math.min(r.step, turns.length);
    card.list.replaceChildren(
      ...turns.slice(0, shown).map((turn) => h('li', { class: 'solver-guess' }, h('span', { class: 'row' }, codeView(turn.guess), scoreView(turn, pegs)))),
    );
    card.summaryFirst.replaceChildren(codeView(turns[0]!.guess));
    const time = `computed in ${response.ms < 10 ? response.ms.toFixed(1) : Math.round(response.ms)} ms`;
    if (shown >= turns.length) {
      card.root.classList.add('done');
      card.state.textContent = `Solved in ${plural(turns.length, 'guess')} (${time}).`;
      card.summaryGuesses.textContent = String(turns.length);
      if (card.trace) card.trace.textContent = lines.join('\n');
    } else {
      card.state.textContent = `${plural(shown, 'guess')} so far…`;
      card.summaryGuesses.textContent = '…';
      if (card.trace) card.trace.textContent = '';
    }
  }
  if (r !== null && r.step > 0 && finished(r) && !r.announced) {
    r.announced = true;
    const counts = STRATEGIES.filter((s) => lengthOf(r, s) > 0).map((s) => `${STRATEGY_INFO[s].title} ${lengthOf(r, s)}`);
    announce(solverStatus, `Every strategy has played ${r.secret}. Guesses: ${counts.join(', ')}.`);
  } else if (r !== null && r.step > 0 && Number.isFinite(r.step) && !finished(r)) {
    announce(solverStatus, `The solvers play ${r.secret}: step ${r.step}.`);
  }
  const playing = r !== null && r.auto && !finished(r);
  playStepsButton.textContent = playing ? 'Playing…' : 'Let the solvers play';
  playStepsButton.disabled = playing;
  // While the solvers play, "Next step" (which pauses them) takes the focus of the disabled button.
  keepFocus(focused, playStepsButton, nextStepButton);
  if (r !== null && finished(r)) r.auto = false;
}

render();
renderCards();
