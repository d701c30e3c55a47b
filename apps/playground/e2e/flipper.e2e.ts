// Flipper in the browser: play it by clicking squares, as a person does, until the congratulations dialog appears.
import { GOAL, applyMoves, newGame, parsePosition, solve } from '@puzzles/flipper';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, screenshot, useBrowser } from './browser.js';

const browser = useBrowser();

/** The text of the focused element (where the keyboard acts next). */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);

const square = (page: Page, k: number) => page.getByRole('button', { name: new RegExp(`^Square ${k},`) });

/** The position the page shows, read from the squares' pressed state (square 1 = bit 0). */
async function shownPosition(page: Page): Promise<number> {
  let position = 0;
  for (let k = 1; k <= 9; k++) {
    if ((await square(page, k).getAttribute('aria-pressed')) === 'true') position |= 1 << (k - 1);
  }
  return position;
}

describe('flipper page', () => {
  it('is solved by clicking the solver moves, counting every click, and congratulates with the count', async () => {
    const { page, errors } = await open(browser(), 'flipper.html?start=0');
    expect(await shownPosition(page)).toBe(0);
    await expect.poll(() => page.locator('#moves').textContent()).toBe('0');

    // Two wasted clicks first (square 1 twice), then the solver's moves for the all-off board.
    await square(page, 1).click();
    expect(await shownPosition(page)).toBe(applyMoves(0, [1]));
    await square(page, 1).click();
    const moves = solve(await shownPosition(page));
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) await square(page, move).click();

    expect(await shownPosition(page)).toBe(GOAL);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const total = moves.length + 2;
    expect(await dialog.textContent()).toContain(`Congratulations, you finished the game in ${total} moves`);
    expect(await page.locator('#moves').textContent()).toBe(String(total));
    await screenshot(page, 'flipper-solved');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // The focus goes to "New puzzle", not lost on the body (the square clicked last is disabled now).
    await expect.poll(() => focused(page)).toBe('New puzzle');
    // A solved board takes no more moves.
    expect(await square(page, 5).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('paints on squares red and off squares black, with the state as text too', async () => {
    const start = 0b000_010_101; // squares 1, 3 and 5 on
    const { page, errors } = await open(browser(), `flipper.html?start=${start}`);
    expect(await shownPosition(page)).toBe(start);
    const background = (k: number) => square(page, k).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(1)).toBe('rgb(214, 36, 36)');
    expect(await background(2)).toBe('rgb(17, 17, 17)');
    expect(await square(page, 1).textContent()).toBe('1 on');
    expect(await square(page, 2).textContent()).toBe('2 off');
    await screenshot(page, 'flipper');
    expect(errors).toEqual([]);
  });

  it('plays with the keyboard, resets to the start, and hints the solver next move', async () => {
    const start = 0b100_110_001;
    const { page, errors } = await open(browser(), `flipper.html?start=${start}`);
    await square(page, 2).focus();
    await page.keyboard.press('Space');
    await square(page, 6).focus();
    await page.keyboard.press('Enter');
    expect(await shownPosition(page)).toBe(applyMoves(start, [2, 6]));
    expect(await page.locator('#moves').textContent()).toBe('2');

    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await shownPosition(page)).toBe(start);
    expect(await page.locator('#moves').textContent()).toBe('0');

    await page.getByRole('button', { name: 'Hint' }).click();
    const next = solve(start)[0]!;
    expect(await page.locator('#flipper-status').textContent()).toContain(`press square ${next}`);
    expect(await square(page, next).getAttribute('class')).toContain('hint');
    expect(errors).toEqual([]);
  });

  it('"Solve" plays the solver moves one by one to the congratulations', async () => {
    const { page, errors } = await open(browser(), 'flipper.html?seed=7&speed=fast');
    const start = await shownPosition(page);
    expect(start).not.toBe(GOAL);
    await page.getByRole('button', { name: 'Solve' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
    const n = solve(start).length;
    expect(await dialog.textContent()).toContain(`you finished the game in ${n} moves`);
    expect(await shownPosition(page)).toBe(GOAL);
    // Escape closes it; the keyboard is then on "New puzzle" (the Solve button it started from is disabled), and Enter deals one.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => focused(page)).toBe('New puzzle');
    await page.keyboard.press('Enter');
    expect(await shownPosition(page)).not.toBe(GOAL);
    expect(await square(page, 1).isDisabled()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('"New puzzle" deals a fresh unsolved board with the counter at 0', async () => {
    const { page, errors } = await open(browser(), 'flipper.html?start=0');
    await square(page, 3).click();
    await page.getByRole('button', { name: 'New puzzle' }).click();
    expect(await page.locator('#moves').textContent()).toBe('0');
    expect(await shownPosition(page)).not.toBe(GOAL);
    expect(errors).toEqual([]);
  });

  it('takes ?start in the library form (9 digits, square 1 first) and says so when it refuses ?start or ?seed', async () => {
    const seedGame = '110011101'; // the blog posts' game, as the README and `flipper --start` write it
    const { page, errors } = await open(browser(), `flipper.html?start=${seedGame}`);
    expect(await shownPosition(page)).toBe(parsePosition(seedGame));
    expect(await page.locator('#flipper-notice').isVisible()).toBe(false);
    // ?seed takes any text, as the library does.
    await page.goto('flipper.html?seed=hello');
    expect(await shownPosition(page)).toBe(newGame({ seed: 'hello' }).position);
    expect(await page.locator('#flipper-notice').isVisible()).toBe(false);
    // A refused ?start is said, and the puzzle played instead is the seeded one.
    for (const bad of ['512', '-1', '11001110', 'abc', '%E0%A4%A']) {
      await page.goto(`flipper.html?start=${bad}&seed=7`);
      const notice = page.locator('#flipper-notice');
      expect(await notice.isVisible()).toBe(true);
      expect(await notice.textContent()).toContain(`Refused ?start=${new URLSearchParams(`start=${bad}`).get('start')}:`);
      expect(await notice.textContent()).toContain('Playing a seeded puzzle instead.');
      expect(await shownPosition(page)).toBe(newGame({ seed: '7' }).position);
    }
    await page.goto('flipper.html?seed=');
    expect(await page.locator('#flipper-notice').getAttribute('role')).toBe('alert');
    expect(await page.locator('#flipper-notice').textContent()).toContain('Refused an empty ?seed.');
    await screenshot(page, 'flipper-refused-seed');
    // "New puzzle" takes the notice away with the puzzle it was about.
    await page.getByRole('button', { name: 'New puzzle' }).click();
    expect(await page.locator('#flipper-notice').isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('a start at the goal says it is solved in 0 moves instead of showing a dead board', async () => {
    const { page, errors } = await open(browser(), `flipper.html?start=${GOAL}`);
    expect(await shownPosition(page)).toBe(GOAL);
    expect(await page.locator('#flipper-status').textContent()).toContain('solved in 0 moves');
    expect(await page.getByRole('button', { name: 'Solve' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'New puzzle' }).click();
    expect(await shownPosition(page)).not.toBe(GOAL);
    expect(await page.locator('#flipper-status').textContent()).toBe('');
    expect(errors).toEqual([]);
  });
});
