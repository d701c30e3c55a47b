// Wordle in the browser: games with a fixed answer, played by typing on the physical keyboard and clicking the
// on-screen keys; every tile, key color, message and share grid is checked against what @puzzles/wordle computes.
import {
  allowedGuesses,
  answerForDate,
  answerForDay,
  answers,
  checkValidWord,
  createGame,
  dayNumber,
  playRound,
  scoreGuess,
  shareGrid,
  wordList,
  type Game,
  type Mark,
} from '@puzzles/wordle';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, screenshot, useBrowser } from './browser.js';

const browser = useBrowser();

const RANK: Record<Mark, number> = { absent: 0, present: 1, correct: 2 };
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** The symbol each tile shows with its color (the page's legend). */
const GLYPH: Record<Mark, string> = { correct: '✓', present: '↔', absent: '✗' };

const status = (page: Page) => page.locator('#wordle-status').textContent();
const tile = (page: Page, row: number, col: number) => page.locator(`#board [data-row="${row}"] .tile`).nth(col);
const keyboard = (page: Page) => page.getByRole('group', { name: 'Keyboard' });
const key = (page: Page, letter: string) =>
  keyboard(page).getByRole('button', { name: new RegExp(`^${letter.toUpperCase()}( (correct|present|absent))?$`) });
const hardBox = (page: Page) => page.getByRole('checkbox', { name: 'Hard mode' });

/** Types a word on the physical keyboard (then Enter unless told otherwise). */
async function typeWord(page: Page, word: string, enter = true): Promise<void> {
  await page.keyboard.type(word);
  if (enter) await page.keyboard.press('Enter');
}

/** Clicks a word on the on-screen keyboard (then its Enter key unless told otherwise). */
async function clickWord(page: Page, word: string, enter = true): Promise<void> {
  for (const letter of word) await key(page, letter).click();
  if (enter) await keyboard(page).getByRole('button', { name: 'Enter' }).click();
}

/** The computed colors of the three marks, from the page's own CSS variables (--green, --yellow, --grey). */
async function markColors(page: Page): Promise<Record<Mark, string>> {
  const colors = await page.evaluate(() => {
    const probe = document.createElement('div');
    document.body.append(probe);
    const read = (name: string) => {
      probe.style.backgroundColor = `var(--${name})`;
      return getComputedStyle(probe).backgroundColor;
    };
    const out = { correct: read('green'), present: read('yellow'), absent: read('grey') };
    probe.remove();
    return out;
  });
  expect(new Set(Object.values(colors)).size).toBe(3);
  for (const color of Object.values(colors)) expect(color).toMatch(/^rgb\(/);
  return colors;
}

const background = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

/** Row `row` (1-based) shows `guess` scored as the library scores it against `answer`: letters, marks, colors. */
async function expectScoredRow(page: Page, row: number, guess: string, answer: string): Promise<void> {
  const marks = scoreGuess(guess, answer);
  const colors = await markColors(page);
  for (let c = 0; c < 5; c++) {
    const t = tile(page, row, c);
    const letter = guess[c]!.toUpperCase();
    expect(await t.locator('.letter').textContent()).toBe(letter);
    expect(await t.locator('.glyph').textContent()).toBe(GLYPH[marks[c]!]);
    expect(await t.getAttribute('aria-label')).toBe(`${letter} ${marks[c]}`);
    expect(await background(t)).toBe(colors[marks[c]!]);
  }
}

/** Row `row` shows `letters` typed but not scored (white tiles, "X, not scored yet"), the rest empty. */
async function expectTypedRow(page: Page, row: number, letters: string): Promise<void> {
  const colors = await markColors(page);
  for (let c = 0; c < 5; c++) {
    const t = tile(page, row, c);
    const letter = (letters[c] ?? '').toUpperCase();
    expect(await t.textContent()).toBe(letter); // no mark symbol yet
    expect(await t.getAttribute('aria-label')).toBe(letter === '' ? 'empty' : `${letter}, not scored yet`);
    expect(Object.values(colors)).not.toContain(await background(t));
  }
}

/** Every on-screen letter key shows the best mark seen for its letter in `guesses` (by the library's scores). */
async function expectKeyboard(page: Page, guesses: readonly string[], answer: string): Promise<void> {
  const best = new Map<string, Mark>();
  for (const guess of guesses) {
    scoreGuess(guess, answer).forEach((mark, i) => {
      const seen = best.get(guess[i]!);
      if (seen === undefined || RANK[mark] > RANK[seen]) best.set(guess[i]!, mark);
    });
  }
  const colors = await markColors(page);
  // The accessible names of the keys (what a screen reader reads), in keyboard order.
  const names = [...(await keyboard(page).ariaSnapshot()).matchAll(/- button "([^"]*)"/g)].map((m) => m[1]!);
  const shown = await keyboard(page).evaluate((el) =>
    Object.fromEntries(
      [...el.querySelectorAll<HTMLButtonElement>('button[data-key]')].map((b) => [
        b.dataset['key']!,
        { glyph: b.querySelector('.glyph')?.textContent ?? '', color: getComputedStyle(b).backgroundColor },
      ]),
    ),
  );
  for (const letter of LETTERS) {
    const mark = best.get(letter);
    const name = letter.toUpperCase() + (mark === undefined ? '' : ` ${mark}`);
    // The accessible name carries the mark as text; the symbol and the color show it.
    expect(names, `key ${name}`).toContain(name);
    expect(shown[letter]?.glyph, `key ${letter}`).toBe(mark === undefined ? '' : GLYPH[mark]);
    if (mark === undefined) expect(Object.values(colors), `key ${letter}`).not.toContain(shown[letter]?.color);
    else expect(shown[letter]?.color, `key ${letter}`).toBe(colors[mark]);
  }
  expect(names).toHaveLength(28); // 26 letters, Enter and Backspace
}

/** The library's game after the same inputs (invalid ones included), to compare messages and the share grid. */
function replay(game: Game, inputs: readonly string[]): { game: Game; message: string } {
  let message = '';
  for (const input of inputs) {
    const round = playRound(game, input);
    game = round.game;
    message = round.message;
  }
  return { game, message };
}

async function copyShare(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Copy share grid' }).click();
  await expect.poll(() => page.locator('#share-status').textContent()).toBe('Copied the share grid to the clipboard.');
  return page.evaluate(() => navigator.clipboard.readText());
}

describe('wordle page', () => {
  it('plays a game to a win with both keyboards, scoring every row and key like the library', async () => {
    const answer = 'cigar';
    const { page, errors } = await open(browser(), `wordle.html?answer=${answer}`);
    expect(await page.locator('#wordle-source').textContent()).toContain('?answer');
    expect(await page.locator('#wordle-notice').isVisible()).toBe(false);
    await expectTypedRow(page, 1, '');
    await expectKeyboard(page, [], answer);
    const start = createGame({ answer });
    const inputs: string[] = [];
    const played: string[] = [];

    // 1: typed on the physical keyboard.
    await typeWord(page, 'crane');
    inputs.push('crane');
    played.push('crane');
    expect(await status(page)).toBe(replay(start, inputs).message);
    expect(await status(page)).toContain('Try again! Guess number 1');
    await expectScoredRow(page, 1, 'crane', answer);
    await expectKeyboard(page, played, answer);

    // 2: clicked on the on-screen keyboard, with a correction (on-screen Backspace) on the way.
    await clickWord(page, 'sux', false);
    await keyboard(page).getByRole('button', { name: 'Backspace' }).click();
    await clickWord(page, 'gar');
    inputs.push('sugar');
    played.push('sugar');
    expect(await status(page)).toBe(replay(start, inputs).message);
    await expectScoredRow(page, 2, 'sugar', answer);
    await expectKeyboard(page, played, answer);

    // Too short, then not a word: refused with the library's reason, not counted, the row stays editable.
    await typeWord(page, 'abc');
    inputs.push('abc');
    expect(await status(page)).toBe(replay(start, inputs).message);
    expect(await status(page)).toBe('Guess too short');
    await expectTypedRow(page, 3, 'abc');
    expect(checkValidWord('abcxy').valid).toBe(false);
    await clickWord(page, 'x', false);
    await typeWord(page, 'y');
    inputs.push('abcxy');
    expect(await status(page)).toBe(replay(start, inputs).message);
    expect(await status(page)).toBe('Not a word from the dictionary');
    await expectTypedRow(page, 3, 'abcxy');
    expect(await page.locator('#wordle-progress').textContent()).toContain('Guess 3 of 6');
    await expectKeyboard(page, played, answer); // the refused word colored nothing
    await screenshot(page, 'wordle-mid-game');
    // Backspace erases it letter by letter (physical and on-screen).
    for (let k = 0; k < 3; k++) await page.keyboard.press('Backspace');
    await keyboard(page).getByRole('button', { name: 'Backspace' }).click();
    await expectTypedRow(page, 3, 'a');
    await page.keyboard.press('Backspace');
    await expectTypedRow(page, 3, '');

    // 3: the answer, half typed, half clicked, submitted with the physical Enter after clicks.
    await typeWord(page, 'ci', false);
    await clickWord(page, 'gar', false);
    await expectTypedRow(page, 3, 'cigar');
    await page.keyboard.press('Enter');
    inputs.push('cigar');
    played.push('cigar');
    const done = replay(start, inputs);
    expect(done.game.status).toBe('won');
    expect(await status(page)).toBe(done.message);
    expect(await status(page)).toContain(`Game Won in ${played.length} guesses`);
    await expectScoredRow(page, 3, 'cigar', answer);
    await expectKeyboard(page, played, answer);
    expect(await page.locator('#wordle-progress').textContent()).toContain('Won after 3 of 6 guesses');

    // The share grid, copied to the clipboard and read back.
    const shared = await copyShare(page);
    expect(shared).toBe(shareGrid(done.game));
    expect(shared.split('\n')[0]).toBe('Wordle (practice) 3/6');
    expect(await page.locator('#share-text').textContent()).toBe(shared);
    await screenshot(page, 'wordle-won');

    // A finished game takes no more letters.
    await typeWord(page, 'crane');
    await expectTypedRow(page, 4, '');
    expect(await key(page, 'q').isDisabled()).toBe(true);
    expect(await status(page)).toBe(done.message);
    expect(errors).toEqual([]);
  });

  it('loses after six wrong guesses on ?day=N, showing the answer, and shares X/6', async () => {
    const day = 1;
    const answer = answerForDay(day);
    const { page, errors } = await open(browser(), `wordle.html?day=${day}`);
    expect(await page.locator('#wordle-source').textContent()).toContain(`day ${day}`);
    const guesses = ['crane', 'tuber', 'bumpy', 'sloth', 'fjord', 'wimpy'].filter((g) => g !== answer);
    expect(guesses).toHaveLength(6);
    // A letter's mark gets worse in a later guess (B correct in TUBER, present in BUMPY): its key must keep the best.
    const last = new Map<string, Mark>();
    const downgrades = guesses.flatMap((g) =>
      scoreGuess(g, answer).flatMap((mark, i) => {
        const before = last.get(g[i]!);
        last.set(g[i]!, before !== undefined && RANK[before] > RANK[mark] ? before : mark);
        return before !== undefined && RANK[before] > RANK[mark] ? [g[i]!] : [];
      }),
    );
    expect(downgrades.length).toBeGreaterThan(0);
    for (const [k, guess] of guesses.entries()) {
      if (k % 2 === 0) await typeWord(page, guess);
      else await clickWord(page, guess);
      await expectScoredRow(page, k + 1, guess, answer);
    }
    await expectKeyboard(page, guesses, answer);
    const done = replay(createGame({ answer, day }), guesses);
    expect(done.game.status).toBe('lost');
    expect(await status(page)).toBe(done.message);
    expect(await status(page)).toContain('Game Over');
    expect(await status(page)).toContain(`Answer was: ${answer}`);
    const shared = await copyShare(page);
    expect(shared).toBe(shareGrid(done.game));
    expect(shared.split('\n')[0]).toBe(`Wordle ${day} X/6`);
    expect(await page.locator('#wordle-progress').textContent()).toContain(`The answer was ${answer.toUpperCase()}.`);
    await screenshot(page, 'wordle-lost');

    // "Start over": the same word on a clean board, the keys uncolored, hard mode choosable again.
    await page.getByRole('button', { name: 'Start over' }).click();
    for (let r = 1; r <= 6; r++) await expectTypedRow(page, r, '');
    await expectKeyboard(page, [], answer);
    expect(await hardBox(page).isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Copy share grid' }).isVisible()).toBe(false);
    await typeWord(page, answer);
    expect(await status(page)).toContain('Game Won in 1 guess');
    expect(errors).toEqual([]);
  });

  it('hard mode: chosen before the first guess, locked mid-game, refuses a guess that ignores a hint', async () => {
    const answer = 'cigar';
    const { page, errors } = await open(browser(), `wordle.html?answer=${answer}`);
    expect(await hardBox(page).isChecked()).toBe(false);
    await hardBox(page).check();
    expect(await status(page)).toBe('Hard mode on for this game.');
    await typeWord(page, 'crane');
    await expectScoredRow(page, 1, 'crane', answer);
    // It cannot change mid-game, and the page says so.
    expect(await hardBox(page).isDisabled()).toBe(true);
    expect(await hardBox(page).isChecked()).toBe(true);
    expect(await page.locator('#hard-note').textContent()).toContain('cannot change mid-game');

    const start = createGame({ answer, hardMode: true });
    const inputs = ['crane'];
    for (const ignored of ['sugar', 'cloud']) {
      // A valid word in normal mode, refused here with the library's hard-mode reason; the row stays editable.
      expect(checkValidWord(ignored).valid).toBe(true);
      await typeWord(page, ignored);
      inputs.push(ignored);
      const expected = replay(start, inputs).message;
      expect(expected).toMatch(/^(1st letter must be C|Guess must contain [A-Z])$/);
      expect(await status(page)).toBe(expected);
      await expectTypedRow(page, 2, ignored);
      for (let k = 0; k < 5; k++) await page.keyboard.press('Backspace');
      await expectTypedRow(page, 2, '');
    }
    expect(await status(page)).toContain('Guess must contain R');

    await clickWord(page, 'cedar');
    await typeWord(page, 'cigar');
    inputs.push('cedar', 'cigar');
    const done = replay(start, inputs);
    expect(done.game.status).toBe('won');
    expect(await status(page)).toBe(done.message);
    expect(await status(page)).toContain('Game Won in 3 guesses');
    await expectScoredRow(page, 2, 'cedar', answer);
    await expectKeyboard(page, ['crane', 'cedar', 'cigar'], answer);
    const shared = await copyShare(page);
    expect(shared).toBe(shareGrid(done.game));
    expect(shared.split('\n')[0]).toBe('Wordle (practice) 3/6*');

    // "New random word": a fresh board; hard mode is kept and can be changed again before the first guess.
    await page.getByRole('button', { name: 'New random word' }).click();
    expect(await page.locator('#wordle-source').textContent()).toBe('A random word.');
    await expectTypedRow(page, 1, '');
    expect(await hardBox(page).isChecked()).toBe(true);
    expect(await hardBox(page).isDisabled()).toBe(false);
    expect(await page.locator('#wordle-progress').textContent()).toBe('Guess 1 of 6, hard mode.');
    expect(errors).toEqual([]);
  });

  it("plays today's answer by default and refuses an ?answer that is not a Wordle answer, visibly", async () => {
    const today = new Date();
    const todays = answerForDate(today);
    for (const path of ['wordle.html', 'wordle.html?answer=zzzzz', 'wordle.html?answer=aahed']) {
      const { page, errors } = await open(browser(), path);
      const notice = page.locator('#wordle-notice');
      if (path === 'wordle.html') {
        expect(await notice.isVisible()).toBe(false);
        expect(await page.locator('#wordle-source').textContent()).toContain(`day ${dayNumber(today)}`);
      } else {
        const word = path.split('=')[1]!;
        expect(answers().includes(word)).toBe(false);
        expect(await notice.isVisible()).toBe(true);
        expect(await page.getByRole('alert').textContent()).toContain(`Refused ?answer=${word}`);
        if (word === 'aahed') {
          expect(allowedGuesses().includes(word)).toBe(true);
          await screenshot(page, 'wordle-refused-answer');
        }
      }
      // An on-screen key focused with the keyboard types its letter on Enter (it does not submit the row).
      await key(page, 'q').focus();
      await page.keyboard.press('Enter');
      await expectTypedRow(page, 1, 'q');
      expect(await status(page)).toBe('');
      await page.keyboard.press('Backspace');
      // The word played is today's: guessing it wins at once.
      await page.locator('#board').click(); // focus back on the page, off the key
      await typeWord(page, todays);
      const done = replay(createGame({ answer: todays, day: dayNumber(today) }), [todays]);
      expect(await status(page)).toBe(done.message);
      expect(await status(page)).toContain('Game Won in 1 guess');
      expect((await copyShare(page)).split('\n')[0]).toBe(`Wordle ${dayNumber(today)} 1/6`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('a copy that finishes after "Start over" does not mark the next game as copied', async () => {
    const answer = 'cigar';
    const { page, errors } = await open(browser(), `wordle.html?answer=${answer}`);
    await typeWord(page, answer);
    expect(await status(page)).toContain('Game Won in 1 guess');
    // A clipboard that takes its time (as behind a permission prompt): the write completes when the test says so,
    // and releasing it waits for the write (and so for the page's reaction to it, queued before).
    await page.evaluate(() => {
      const clipboard = navigator.clipboard;
      const write = clipboard.writeText.bind(clipboard);
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let pending: Promise<void> | undefined;
      clipboard.writeText = (text: string) => (pending = gate.then(() => write(text)));
      Object.assign(window, { releaseClipboard: () => (release(), pending) });
    });
    await page.getByRole('button', { name: 'Copy share grid' }).click();
    await page.getByRole('button', { name: 'Start over' }).click();
    const copied = await page.evaluate(async () => {
      const pending = (window as unknown as { releaseClipboard: () => Promise<void> | undefined }).releaseClipboard();
      await pending;
      return pending !== undefined; // the page did ask for the copy
    });
    expect(copied).toBe(true);
    // The next game, won in 2: its share panel must not claim a copy that was of the game before.
    await typeWord(page, 'crane');
    await typeWord(page, answer);
    expect(await status(page)).toContain('Game Won in 2 guesses');
    expect(await page.locator('#share-text').isVisible()).toBe(true);
    expect(await page.locator('#share-status').textContent()).toBe('');
    // Copying this one says so, and copies this game's grid.
    const shared = await copyShare(page);
    expect(shared).toBe(shareGrid(replay(createGame({ answer }), ['crane', answer]).game));
    expect(errors).toEqual([]);
  });

  it('says which query parameters it refused or ignored: ?hard values, ?day beside ?answer', async () => {
    const { page, errors } = await open(browser(), 'wordle.html?answer=cigar&day=5&hard=maybe');
    const alert = page.locator('#wordle-notice');
    expect(await alert.isVisible()).toBe(true);
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await alert.textContent()).toContain('Ignored ?day=5: ?answer fixes the word.');
    expect(await alert.textContent()).toContain('Refused ?hard=maybe');
    expect(await hardBox(page).isChecked()).toBe(false);
    // ?answer won: cigar, not day 5's word, wins at once.
    expect(answerForDay(5)).not.toBe('cigar');
    await typeWord(page, 'cigar');
    expect(await status(page)).toContain('Game Won in 1 guess');
    await screenshot(page, 'wordle-refused-params');
    for (const [query, hard] of [['hard', true], ['hard=yes', true], ['hard=0', false], ['hard=off', false]] as const) {
      await page.goto(`wordle.html?answer=cigar&${query}`);
      expect(await hardBox(page).isChecked(), query).toBe(hard);
      expect(await page.locator('#wordle-notice').isVisible(), query).toBe(false);
      expect(await page.locator('#wordle-progress').textContent(), query).toBe(`Guess 1 of 6${hard ? ', hard mode' : ''}.`);
    }
    expect(errors).toEqual([]);
  });
  it('plays on the NYT lists: the chooser loads a list, a word only that list allows is taken, ?list is checked', async () => {
    const nyt = await wordList('nyt-2023-07-01');
    // A word the NYT added to the allowed guesses in 2022: refused on the original lists, taken on the NYT's.
    const added = nyt.guesses.find((w) => !allowedGuesses().includes(w))!;
    expect(checkValidWord(added).valid).toBe(false);
    const { page, errors } = await open(browser(), 'wordle.html?answer=cigar');
    expect(await page.locator('#word-list').inputValue()).toBe('original');
    await typeWord(page, added);
    expect(await status(page)).toBe('Not a word from the dictionary');
    for (let k = 0; k < 5; k++) await page.keyboard.press('Backspace');
    await page.locator('#word-list').selectOption('nyt-2023-07-01');
    await expect.poll(() => status(page)).toBe('Playing the NYT 2023-07-01 lists: 3,158 answers, 14,855 allowed guesses.');
    expect(await page.locator('#wordle-source').textContent()).toBe('A random word of the NYT lists of 2023-07-01.');
    await page.locator('#board').click();
    await typeWord(page, added);
    await expect.poll(() => tile(page, 1, 0).getAttribute('data-mark')).not.toBeNull();

    // ?list with ?answer: a word that is an answer only on the 2023 list wins at once; a bad ?list is refused, visibly.
    const only2023 = nyt.answers.find((w) => !answers().includes(w))!;
    await page.goto(`wordle.html?list=nyt-2023-07-01&answer=${only2023}`);
    expect(await page.locator('#word-list').inputValue()).toBe('nyt-2023-07-01');
    await typeWord(page, only2023);
    expect(await status(page)).toContain('Game Won in 1 guess');
    await page.goto('wordle.html?list=bogus&answer=cigar');
    expect(await page.locator('#wordle-notice').textContent()).toContain('Refused ?list=bogus: the lists are original, nyt-2022-03-16, nyt-2022-08-30, nyt-2023-07-01.');
    expect(await page.locator('#word-list').inputValue()).toBe('original');
    expect(errors).toEqual([]);
  });
});
