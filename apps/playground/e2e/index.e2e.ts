// The home page and the navigation every page shares: each puzzle is one link away, and the current page is marked.
import { describe, expect, it } from 'vitest';
import { open, screenshot, useBrowser } from './browser.js';

const browser = useBrowser();
const PAGES = ['Flipper', 'Wordle', 'Mastermind', 'Sudoku', 'Bridge'];

describe('home page and navigation', () => {
  it('links every puzzle page, and each page names itself and marks its own link as current', async () => {
    const { page, errors } = await open(browser(), 'index.html');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Puzzle playground');
    const cards = page.getByRole('main').getByRole('link');
    expect(await cards.allTextContents()).toEqual(PAGES);
    await screenshot(page, 'index');

    for (const title of PAGES) {
      await page.getByRole('navigation', { name: 'Puzzles' }).getByRole('link', { name: title, exact: true }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(await page.title()).toBe(`${title} · Puzzle playground`);
      const current = page.locator('nav a[aria-current="page"]');
      expect(await current.textContent()).toBe(title);
    }
    await page.getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Puzzle playground');
    expect(errors).toEqual([]);
  });

  it('is usable from the keyboard: Tab reaches the links and Enter follows one', async () => {
    const { page, errors } = await open(browser(), 'index.html');
    let focused = '';
    for (let k = 0; k < 12 && focused !== 'Wordle'; k++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    }
    expect(focused).toBe('Wordle');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Wordle');
    expect(errors).toEqual([]);
  });
});
