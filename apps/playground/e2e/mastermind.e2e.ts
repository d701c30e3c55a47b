// Mastermind in the browser: play games by clicking colors (and by keyboard) with a fixed secret, checking every
// black/white score shown against the library's score(); win, lose, and let the solvers play to the end, checking
// each strategy's guesses against the library's solve() for the same secret.
import { DEFAULT_MAX_GUESSES, STRATEGIES, createGame, score, solve, type StrategyName, type StrategyOptions } from '@puzzles/mastermind';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, screenshot, useBrowser } from './browser.js';

const browser = useBrowser();

/** The letters on the pegs of a shown code (the page writes each peg's color letter on it). */
async function shownCode(code: Locator): Promise<string> {
  return (await code.locator('.pegs .peg').allTextContents()).join('');
}

/** Clicks the palette's color buttons for `guess` (a = the first color, …) and then "Submit guess". */
async function clickGuess(page: Page, guess: string): Promise<void> {
  const palette = page.getByRole('group', { name: 'Colors' }).getByRole('button');
  for (const letter of guess) await palette.nth(letter.charCodeAt(0) - 97).click();
  await page.getByRole('button', { name: 'Submit guess' }).click();
}

/** The rows of the guess history as shown: the code on the pegs, the score text, and the black/white key pegs. */
async function history(page: Page): Promise<{ guess: string; text: string; black: number; white: number }[]> {
  const rows = page.locator('#history tbody tr');
  const out = [];
  for (let k = 0; k < (await rows.count()); k++) {
    const row = rows.nth(k);
    out.push({
      guess: await shownCode(row.locator('.code')),
      text: (await row.locator('.score-text').textContent()) ?? '',
      black: await row.locator('.key.black').count(),
      white: await row.locator('.key.white').count(),
    });
  }
  return out;
}

const scoreText = (s: { black: number; white: number }) => `${s.black} black, ${s.white} white`;
/** The text of the focused element (where a keyboard user is). */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('mastermind page: the game', () => {
  it('is played by clicking colors; every score shown matches the library, and the win is announced', async () => {
    const secret = 'acab';
    const { page, errors } = await open(browser(), `mastermind.html?secret=${secret}`);
    // The palette names its colors as text, and each color button carries its letter.
    const palette = page.getByRole('group', { name: 'Colors' }).getByRole('button');
    expect(await palette.count()).toBe(6);
    expect(await palette.nth(0).textContent()).toBe('ared');
    expect(await palette.nth(0).getAttribute('aria-label')).toBeNull();

    const guesses = ['aabb', 'cdef', 'bcaa', 'abac'];
    for (const [k, guess] of guesses.entries()) {
      await clickGuess(page, guess);
      const shown = await history(page);
      expect(shown).toHaveLength(k + 1);
      const expected = score(secret, guess);
      expect(shown[k]).toEqual({ guess, text: scoreText(expected), black: expected.black, white: expected.white });
      expect(await page.locator('#game-status').textContent()).toContain(`${guess}: ${scoreText(expected)}`);
      expect(await page.locator('#guess-count').textContent()).toBe(`${k + 1} of ${DEFAULT_MAX_GUESSES} guesses used`);
      // Submit disables itself (the guess is used up): the focus goes on to the first color, not to the page's body.
      await expect.poll(() => focusedText(page)).toBe('ared');
    }
    // A half-made guess cannot be submitted; Clear (by keyboard) empties it and hands the focus to the colors.
    await palette.nth(0).click();
    expect(await page.getByRole('button', { name: 'Submit guess' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Clear' }).press('Enter');
    expect(await page.getByRole('button', { name: /^Peg 1: empty/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Clear' }).isDisabled()).toBe(true);
    await expect.poll(() => focusedText(page)).toBe('ared');
    await screenshot(page, 'mastermind-game');

    await clickGuess(page, secret);
    const shown = await history(page);
    expect(shown.at(-1)).toEqual({ guess: secret, text: '4 black, 0 white', black: 4, white: 0 });
    expect(await page.locator('#game-status').textContent()).toBe(`You won in 5 guesses! The secret was ${secret}.`);
    expect(await shownCode(page.locator('#secret .code'))).toBe(secret);
    expect(await page.locator('#secret').textContent()).toContain('Solved in 5 guesses.');
    expect(await palette.nth(0).isDisabled()).toBe(true);
    await expect.poll(() => focusedText(page)).toBe('New game');
    await screenshot(page, 'mastermind-won');
    expect(errors).toEqual([]);
  });

  it(`is lost after ${DEFAULT_MAX_GUESSES} wrong guesses typed on the keyboard, and then shows the secret`, async () => {
    const secret = 'ffed';
    const { page, errors } = await open(browser(), `mastermind.html?secret=${secret}`);
    const wrong = ['aaaa', 'bbbb', 'cccc', 'dddd', 'eeee', 'ffff', 'abcd', 'defe', 'fefd', 'dfef'];
    expect(wrong).toHaveLength(DEFAULT_MAX_GUESSES);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    for (const [k, guess] of wrong.entries()) {
      // A slip first, taken back with Backspace.
      await page.keyboard.type(guess.slice(0, 3) + 'b');
      await page.keyboard.press('Backspace');
      await page.keyboard.type(guess.slice(3));
      expect(await page.getByRole('button', { name: /^Peg 4: / }).getAttribute('aria-label')).toContain(`(${guess[3]})`);
      await page.keyboard.press('Enter');
      const shown = await history(page);
      expect(shown).toHaveLength(k + 1);
      expect(shown[k]!.guess).toBe(guess);
      expect(shown[k]!.text).toBe(scoreText(score(secret, guess)));
    }
    const status = (await page.locator('#game-status').textContent()) ?? '';
    expect(status).toContain('Out of guesses');
    expect(status).toContain(`The secret was ${secret} (purple, purple, blue, green)`);
    expect(await shownCode(page.locator('#secret .code'))).toBe(secret);
    expect(await page.locator('#guess-count').textContent()).toBe(`${DEFAULT_MAX_GUESSES} of ${DEFAULT_MAX_GUESSES} guesses used`);
    // The game is over: more typing changes nothing.
    await page.keyboard.type('abcd');
    await page.keyboard.press('Enter');
    expect(await history(page)).toHaveLength(DEFAULT_MAX_GUESSES);
    await screenshot(page, 'mastermind-lost');
    expect(errors).toEqual([]);
  });

  it('draws the secret with the library seeding (?seed=N), digits place colors too', async () => {
    const secret = createGame({ seed: '2026' }).secret;
    const { page, errors } = await open(browser(), 'mastermind.html?seed=2026');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.type([...secret].map((c) => c.charCodeAt(0) - 96).join(''));
    await page.keyboard.press('Enter');
    expect(await page.locator('#game-status').textContent()).toBe(`You won in 1 guess! The secret was ${secret}.`);
    expect(errors).toEqual([]);
  });
});

/** The options the page gives solve(): the state-machine strategy's seed from ?seed, and optimal from aabc (see the page). */
function libraryOptions(strategy: StrategyName, seed: string, size = { pegs: 4, colors: 6 }): StrategyOptions {
  if (strategy === 'state-machine') return { ...size, strategy, seed };
  if (strategy === 'optimal' && size.pegs === 4 && size.colors === 6) return { ...size, strategy, opener: 'aabc' };
  return { ...size, strategy };
}

/** Each strategy's shown guesses (codes on the pegs and score texts), read in one pass over its list. */
async function solverGuesses(page: Page, strategy: StrategyName): Promise<{ guess: string; text: string }[]> {
  return page.locator(`.solver-card[data-strategy="${strategy}"] .solver-guess`).evaluateAll((items) =>
    items.map((item) => ({
      guess: [...item.querySelectorAll('.code .pegs .peg')].map((peg) => peg.textContent).join(''),
      text: item.querySelector('.score-text')?.textContent ?? '',
    })),
  );
}

/** Checks every strategy's shown guesses against solve() for `secret`, and the guesses-per-strategy table. */
async function checkAgainstLibrary(page: Page, secret: string, seed: string, size = { pegs: 4, colors: 6 }): Promise<void> {
  for (const strategy of STRATEGIES) {
    const shown = await solverGuesses(page, strategy);
    const expected = solve(secret, libraryOptions(strategy, seed, size));
    expect(shown.at(-1)?.guess, strategy).toBe(secret);
    expect(shown.length, strategy).toBe(expected.guesses);
    expect(shown.map((g) => g.guess), strategy).toEqual(expected.turns.map((t) => t.guess));
    for (const g of shown) expect(g.text, `${strategy} ${g.guess}`).toBe(scoreText(score(secret, g.guess, size)));
    const row = page.locator(`#solver-summary tr[data-strategy="${strategy}"]`);
    expect(await row.locator('td').nth(1).textContent(), strategy).toBe(String(expected.guesses));
    expect(await page.locator(`.solver-card[data-strategy="${strategy}"] .card-state`).textContent()).toContain(
      `Solved in ${expected.guesses} guess`,
    );
  }
}

describe('mastermind page: the solvers', () => {
  it('let the solvers play step by step and all at once; each ends with the secret after solve()’s count', async () => {
    const seed = '7';
    const { page, errors } = await open(browser(), `mastermind.html?secret=acab&seed=${seed}&speed=fast`);
    const status = page.locator('#solver-status');

    // Step by step by hand: two steps show (at most) two guesses per strategy.
    await page.getByRole('button', { name: 'Next step' }).click();
    await page.getByRole('button', { name: 'Next step' }).click();
    for (const strategy of STRATEGIES) {
      const expected = solve('acab', libraryOptions(strategy, seed)).turns.slice(0, 2).map((t) => t.guess);
      await expect.poll(async () => (await solverGuesses(page, strategy)).map((g) => g.guess), { timeout: 20_000 }).toEqual(expected);
    }
    await page.getByRole('button', { name: 'Show all at once' }).click();
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toContain('Every strategy has played acab');
    await checkAgainstLibrary(page, 'acab', seed);

    // Played again by keyboard: the disabled "Playing…" button hands the focus to "Next step", and the end of the replay
    // is announced again (not left at its last step).
    const play = page.locator('.solvers button.primary');
    await page.getByRole('button', { name: 'Let the solvers play' }).press('Enter');
    await expect.poll(() => focusedText(page)).toBe('Next step');
    await expect.poll(() => play.textContent(), { timeout: 20_000 }).toBe('Let the solvers play');
    expect(await status.textContent()).toContain('Every strategy has played acab');
    await checkAgainstLibrary(page, 'acab', seed);

    // Another secret typed in (digits: the library's other notation), animated step by step to the end.
    const secret = 'ffea';
    await page.getByLabel('Secret for the solvers').fill('6651');
    await page.getByRole('button', { name: 'Let the solvers play' }).click();
    await expect.poll(() => status.textContent()).toContain(`The solvers play ${secret}`);
    // While the exact search runs in its worker the page still takes clicks.
    await page.getByRole('group', { name: 'Colors' }).getByRole('button').nth(2).click();
    expect(await page.getByRole('button', { name: /^Peg 1: / }).getAttribute('aria-label')).toContain('yellow (c)');
    await expect.poll(() => status.textContent(), { timeout: 40_000 }).toContain(`Every strategy has played ${secret}`);
    await checkAgainstLibrary(page, secret, seed);
    await page.locator('.solver-card[data-strategy="state-machine"] summary').click();
    expect(await page.locator('.solver-card[data-strategy="state-machine"] .trace').textContent()).toBe(
      solve(secret, { strategy: 'state-machine', seed }).lines.join('\n'),
    );
    await screenshot(page, 'mastermind-solvers');

    // A code that does not fit is refused with the library's reason.
    await page.getByLabel('Secret for the solvers').fill('abz');
    await page.getByRole('button', { name: 'Show all at once' }).click();
    expect(await status.textContent()).toContain('That secret does not work');
    expect(errors).toEqual([]);
  });

  it('plays other sizes (?pegs, ?colors); optimal searches small ones and says why it is left out of big ones', async () => {
    const seed = '3';
    // 3 pegs × 4 colors: the exact search runs from the first guess.
    const small = { pegs: 3, colors: 4 };
    let { page, errors } = await open(browser(), `mastermind.html?pegs=3&colors=4&secret=dcd&seed=${seed}`);
    expect(await page.getByRole('group', { name: 'Colors' }).getByRole('button').count()).toBe(4);
    await page.getByRole('button', { name: 'Show all at once' }).click();
    await expect.poll(() => page.locator('#solver-status').textContent(), { timeout: 20_000 }).toContain('Every strategy has played dcd');
    await checkAgainstLibrary(page, 'dcd', seed, small);
    expect(errors).toEqual([]);

    // 5 pegs × 5 colors (3,125 codes): the library refuses the exact search, and the page shows its reason.
    const big = { pegs: 5, colors: 5 };
    ({ page, errors } = await open(browser(), `mastermind.html?pegs=5&colors=5&secret=eabce&seed=${seed}`));
    expect(await page.locator('.solver-card[data-strategy="optimal"] .about').textContent()).toContain('Left out at this size');
    await page.getByRole('button', { name: 'Show all at once' }).click();
    await expect.poll(() => page.locator('#solver-status').textContent(), { timeout: 30_000 }).toContain('Every strategy has played eabce');
    let refusal = '';
    try {
      solve('eabce', { ...big, strategy: 'optimal' });
    } catch (error) {
      refusal = (error as Error).message;
    }
    expect(refusal).not.toBe('');
    expect(await page.locator('.solver-card[data-strategy="optimal"] .card-state').textContent()).toBe(`Not available: ${refusal}`);
    for (const strategy of STRATEGIES.filter((s) => s !== 'optimal')) {
      const shown = await solverGuesses(page, strategy);
      const expected = solve('eabce', libraryOptions(strategy, seed, big));
      expect(shown.map((g) => g.guess), strategy).toEqual(expected.turns.map((t) => t.guess));
      expect(shown.map((g) => g.text), strategy).toEqual(expected.turns.map(scoreText));
    }
    expect(errors).toEqual([]);
  });
});
