// Sudoku in the browser: type digits and pencil marks with the keyboard, ask for hints and apply them until solved, as a
// person does. Every expectation about the game comes from @puzzles/candidates run here on the grid the page shows.
import {
  Grid,
  explainPuzzle,
  formatElimination,
  formatPlacement,
  nextStep,
  parseGivens,
  parseGrid,
  solveLogically,
  verifyPuzzle,
} from '@puzzles/candidates';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, screenshot, useBrowser } from './browser.js';

const browser = useBrowser();

/** Wikipedia's example puzzle (Easy, singles only). */
const WIKIPEDIA = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
/** The Medium demo puzzle of @puzzles/candidates: singles, locked candidates and a naked pair. */
const MEDIUM = '6....8..2...5.347...7124..6..94.16.......7.....1652...92..45.....8..674..7.8.923.';
/** A puzzle of the enjoysudoku forum's hardest list (2011-06): none of the library's techniques applies, forcing nets included. */
const NO_STEP = '..6.......3...7..11.7.............9.3....6..5.5.8..2....3..5..6...2...4..4..9.8..';

const LABEL = /^row ([1-9]), column ([1-9]): (?:([1-9])|candidates ([1-9 ]+)|no candidates)(?:, (.*))?$/;

interface Shown {
  /** The state the page shows: its digits and pencil marks, read from the cells' labels. */
  readonly grid: Grid;
  /** What each cell's label says after the digit or the candidates ("given", "wrong, …", "in the hint"). */
  readonly notes: string[];
  /** The digit each cell shows as text ('' when empty). */
  readonly texts: string[];
  /** The classes of each cell. */
  readonly classes: string[];
}

/** Reads the 81 cells of the grid as a person (or a screen reader) sees them. */
async function shown(page: Page): Promise<Shown> {
  const raw = await page.locator('[role=grid] [role=gridcell]').evaluateAll((tds) =>
    tds.map((td) => ({
      label: td.getAttribute('aria-label') ?? '',
      text: td.querySelector('.digit')?.textContent ?? '',
      classes: td.className,
    })),
  );
  expect(raw).toHaveLength(81);
  const values: number[] = [];
  const candidates: number[] = [];
  raw.forEach(({ label }, cell) => {
    const m = LABEL.exec(label);
    if (m === null) throw new Error(`cell ${cell} has an unexpected label: ${label}`);
    expect([Number(m[1]), Number(m[2])]).toEqual([Math.floor(cell / 9) + 1, (cell % 9) + 1]);
    values.push(m[3] === undefined ? 0 : Number(m[3]));
    candidates.push(m[4] === undefined ? 0 : m[4].split(' ').reduce((mask, d) => mask | (1 << (Number(d) - 1)), 0));
  });
  return {
    grid: new Grid(values, candidates),
    notes: raw.map(({ label }) => LABEL.exec(label)![5] ?? ''),
    texts: raw.map(({ text }) => text),
    classes: raw.map(({ classes }) => classes),
  };
}

const cell = (page: Page, r: number, c: number) => page.getByRole('gridcell', { name: new RegExp(`^row ${r}, column ${c}:`) });
const label = (page: Page, r: number, c: number) => cell(page, r, c).getAttribute('aria-label');
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
const hintText = (page: Page) => page.locator('#hint').textContent();

/** The error the library gives for a puzzle, as the page would load it. */
function libraryError(text: string): string {
  try {
    explainPuzzle(parseGrid(text));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`the library accepts ${text}`);
}

describe('sudoku page', () => {

  it('"New puzzle" makes a puzzle of the chosen level in a worker: unique, rated as asked, shown with its givens', async () => {
    const { page, errors } = await open(browser(), `sudoku.html?puzzle=${WIKIPEDIA}&seed=e2e`);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    for (const level of ['Medium', 'Hard'] as const) {
      await page.selectOption('#new-level', level);
      await page.getByRole('button', { name: 'New puzzle' }).click();
      await expect.poll(() => page.locator('#new-status').textContent(), { timeout: 30_000 }).toMatch(new RegExp(`^Made a ${level} puzzle`));
      const givens = (await shown(page)).grid.toString();
      expect(givens).not.toBe(WIKIPEDIA);
      expect(verifyPuzzle(givens).status).toBe('unique');
      expect(explainPuzzle(givens).rating.level).toBe(level);
      expect(await page.locator('#puzzle-info').textContent()).toContain(`, ${level}`);
      expect(new URL(page.url()).searchParams.get('puzzle')).toBe(givens);
    }
    expect(workers.some((url) => /generate-worker/.test(url))).toBe(true);
    expect(errors).toEqual([]);
  });
  it('shows a fixed puzzle with its givens and the library pencil marks, and takes digits from the keyboard', async () => {
    const { page, errors } = await open(browser(), `sudoku.html?puzzle=${WIKIPEDIA}`);
    const solution = verifyPuzzle(WIKIPEDIA).solution!;
    const start = parseGivens(WIKIPEDIA);
    let s = await shown(page);
    expect(s.grid.toString()).toBe(WIKIPEDIA);
    expect(Array.from(s.grid.candidates)).toEqual(Array.from(start.candidates));
    for (let k = 0; k < 81; k++) {
      expect(s.notes[k]).toBe(start.values[k] ? 'given' : '');
      expect(s.texts[k]).toBe(start.values[k] ? String(start.values[k]) : '');
    }
    expect(await label(page, 1, 1)).toBe('row 1, column 1: 5, given');
    expect(await page.locator('#puzzle-info').textContent()).toContain('204 points, Easy');

    // r1c3: the solution's digit, typed. It shows as an entered digit, and leaves the peers' pencil marks as the library's place() does.
    await cell(page, 1, 3).click();
    const r1c3 = solution[2]!;
    await page.keyboard.press(r1c3);
    expect(await label(page, 1, 3)).toBe(`row 1, column 3: ${r1c3}`);
    expect(await cell(page, 1, 3).textContent()).toContain(r1c3);
    expect(await cell(page, 1, 3).getAttribute('class')).toMatch(/\bentered\b/);
    const afterPlace = start.clone();
    afterPlace.place(2, Number(r1c3));
    s = await shown(page);
    expect(Array.from(s.grid.candidates)).toEqual(Array.from(afterPlace.candidates));
    // Givens and entered digits look different.
    const weight = (r: number, c: number) => cell(page, r, c).locator('.digit').evaluate((el) => getComputedStyle(el).fontWeight);
    const color = (r: number, c: number) => cell(page, r, c).evaluate((el) => getComputedStyle(el).color);
    expect(await weight(1, 1)).toBe('700');
    expect(await weight(1, 3)).toBe('400');
    expect(await color(1, 1)).not.toBe(await color(1, 3));

    // Arrow keys move the focus; a digit already in the row is shown as wrong, so is one that contradicts the solution.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedLabel(page)).toMatch(/^row 1, column 4: candidates/);
    await page.keyboard.press('5');
    expect(await label(page, 1, 4)).toBe('row 1, column 4: 5, wrong, 5 is already in row 1');
    expect(await cell(page, 1, 4).getAttribute('class')).toMatch(/\bwrong\b/);
    const wrongDigit = start.candidatesOf(3).find((d) => String(d) !== solution[3])!;
    await page.keyboard.press(String(wrongDigit));
    expect(await label(page, 1, 4)).toBe(`row 1, column 4: ${wrongDigit}, wrong, it contradicts the solution`);
    expect(await color(1, 4)).toBe('rgb(179, 20, 28)');
    await screenshot(page, 'sudoku-mistake');
    // Backspace clears it, and the pencil marks come back as before.
    await page.keyboard.press('Backspace');
    s = await shown(page);
    expect(s.grid.values[3]).toBe(0);
    expect(Array.from(s.grid.candidates)).toEqual(Array.from(afterPlace.candidates));

    // Up, left and down again; a given does not change.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focusedLabel(page)).toMatch(/^row 2, column 3:/);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focusedLabel(page)).toBe('row 1, column 1: 5, given');
    await page.keyboard.press('9');
    expect(await label(page, 1, 1)).toBe('row 1, column 1: 5, given');
    expect(await page.locator('#sudoku-status').textContent()).toContain('r1c1 is a given');
    expect(errors).toEqual([]);
  });

  it('is solved by typing the digits, and then says so', async () => {
    const { page, errors } = await open(browser(), `sudoku.html?puzzle=${WIKIPEDIA}`);
    const solution = verifyPuzzle(WIKIPEDIA).solution!;
    const empty = [...WIKIPEDIA].flatMap((ch, k) => (ch === '.' ? [k] : []));
    // Row by row with the keyboard only: a digit in each empty cell, ArrowRight, then ArrowDown and Home.
    await cell(page, 1, 1).click();
    for (let r = 0; r < 9; r++) {
      for (let c = 0; c < 9; c++) {
        if (WIKIPEDIA[r * 9 + c] === '.') await page.keyboard.press(solution[r * 9 + c]!);
        if (c < 8) await page.keyboard.press('ArrowRight');
      }
      await expect.poll(() => focusedLabel(page)).toMatch(new RegExp(`^row ${r + 1}, column 9:`));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Home');
    }
    const s = await shown(page);
    expect(s.grid.toString()).toBe(solution);
    expect(s.notes.filter((note) => note.includes('wrong'))).toEqual([]);
    expect(await page.locator('#solved').textContent()).toContain(`Solved! Every row, column and box holds 1 to 9. You entered ${empty.length} digits and applied 0 hint steps.`);
    expect(await page.getByRole('button', { name: 'Hint' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('toggles pencil marks, refuses a mark that repeats a placed digit, and hands the player marks to the library', async () => {
    const { page, errors } = await open(browser(), `sudoku.html?puzzle=${WIKIPEDIA}`);
    const start = parseGivens(WIKIPEDIA);
    const solution = verifyPuzzle(WIKIPEDIA).solution!;
    const marksOf = async (r: number, c: number) => /candidates ([1-9 ]+)/.exec((await label(page, r, c)) ?? '')?.[1]?.split(' ').map(Number) ?? [];

    await cell(page, 1, 3).click();
    const before = start.candidatesOf(2);
    expect(await marksOf(1, 3)).toEqual(before);
    const pencil = page.getByRole('button', { name: 'Pencil mode' });
    await page.keyboard.press('p');
    expect(await pencil.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('#mode').textContent()).toContain('toggles a pencil mark');
    // Removing the solution's digit from r1c3, by keyboard in pencil mode.
    const digit = Number(solution[2]);
    await page.keyboard.press(String(digit));
    expect(await marksOf(1, 3)).toEqual(before.filter((d) => d !== digit));
    expect(await cell(page, 1, 3).locator('.marks').textContent()).not.toContain(String(digit));
    // 5 is a given of row 1: the page refuses it as a mark.
    await page.keyboard.press('5');
    expect(await marksOf(1, 3)).toEqual(before.filter((d) => d !== digit));
    expect(await page.locator('#sudoku-status').textContent()).toContain('5 is already placed in row 1');

    // With the solution's digit gone, the library refuses to hint from these marks; the page shows its reason.
    await page.getByRole('button', { name: 'Hint' }).click();
    const shownGrid = (await shown(page)).grid;
    let reason = '';
    try {
      nextStep(shownGrid);
    } catch (error) {
      reason = (error as Error).message;
    }
    expect(reason).toContain('the pencil marks exclude the solution');
    expect(await hintText(page)).toContain(reason);

    // Put it back with the mouse: pencil mode off, Shift+digit still toggles a mark; then the hint is the library's again.
    await pencil.click();
    expect(await pencil.getAttribute('aria-pressed')).toBe('false');
    await cell(page, 1, 3).click();
    await page.keyboard.press(`Shift+Digit${digit}`);
    expect(await marksOf(1, 3)).toEqual(before);
    await page.getByRole('button', { name: 'Hint' }).click();
    expect(await page.locator('#hint-explanation').textContent()).toBe(nextStep((await shown(page)).grid)!.explanation);
    expect(errors).toEqual([]);
  });

  it('hints the library next step (name, explanation, highlighted cells) and applies steps until solved', async () => {
    const { page, errors } = await open(browser(), `sudoku.html?puzzle=${MEDIUM}`);
    const hintButton = page.getByRole('button', { name: 'Hint' });
    const applyButton = page.getByRole('button', { name: 'Apply' });
    expect(await applyButton.isDisabled()).toBe(true);
    const seen = new Set<string>();
    let applied = 0;
    let before = await shown(page);
    while (!before.grid.isSolved()) {
      const step = nextStep(before.grid);
      expect(step).not.toBeNull();
      await hintButton.click();
      const panel = await page.locator('#hint').evaluate((el) => ({
        name: el.querySelector('#hint-technique-name')?.textContent,
        title: el.querySelector('#hint-technique')?.textContent,
        explanation: el.querySelector('#hint-explanation')?.textContent,
        cells: el.querySelector('#hint-cells')?.textContent,
        placements: el.querySelector('#hint-placements')?.textContent,
        eliminations: el.querySelector('#hint-eliminations')?.textContent,
        struck: document.querySelectorAll('td .marks .eliminated').length,
      }));
      const or = (items: string[]) => (items.length ? items.join(', ') : 'none');
      expect(panel).toEqual({
        name: step!.technique,
        title: expect.any(String),
        explanation: step!.explanation,
        cells: or(step!.cells.map((k) => `r${Math.floor(k / 9) + 1}c${(k % 9) + 1}`)),
        placements: or(step!.placements.map(formatPlacement)),
        eliminations: or(step!.eliminations.map(formatElimination)),
        struck: step!.eliminations.length,
      });
      // The highlighted cells are the step's, by color class and by label.
      const lit = await shown(page);
      const highlighted = lit.classes.flatMap((classes, k) => (/\bhint-cell\b/.test(classes) ? [k] : []));
      expect(highlighted).toEqual([...step!.cells].sort((a, b) => a - b));
      for (const k of step!.cells) expect(lit.notes[k]).toContain('in the hint');
      for (const e of step!.eliminations) expect(lit.notes[e.cell]).toMatch(new RegExp(`the hint removes [1-9 ]*${e.digit}`));
      for (const p of step!.placements) expect(lit.notes[p.cell]).toContain(`the hint places ${p.digit}`);
      if (!seen.has(step!.technique)) {
        seen.add(step!.technique);
        if (applied === 0) await screenshot(page, 'sudoku-hint-single');
        if (step!.technique === 'naked-pair') {
          expect(panel.title).toBe('Naked pair');
          await screenshot(page, 'sudoku-hint');
        }
      }
      await applyButton.click();
      applied++;
      const after = await shown(page);
      const expected = before.grid.clone();
      expected.apply(step!);
      expect(after.grid.toString()).toBe(expected.toString());
      expect(Array.from(after.grid.candidates)).toEqual(Array.from(expected.candidates));
      expect(applied).toBeLessThan(200);
      before = after;
    }
    expect([...seen]).toEqual(expect.arrayContaining(['naked-single', 'hidden-single', 'locked-candidates', 'naked-pair']));
    expect(applied).toBe(solveLogically(MEDIUM).steps.length);
    expect(before.grid.toString()).toBe(verifyPuzzle(MEDIUM).solution);
    const banner = page.locator('#solved');
    expect(await banner.textContent()).toContain(`Solved!`);
    expect(await banner.textContent()).toContain(`applied ${applied} hint steps`);
    expect(await hintButton.isDisabled()).toBe(true);
    await screenshot(page, 'sudoku-solved');
    expect(errors).toEqual([]);
  });

  it('"Solve step by step" plays the library steps to the solved message', async () => {
    const { page, errors } = await open(browser(), `sudoku.html?puzzle=${WIKIPEDIA}&speed=fast`);
    await page.getByRole('button', { name: 'Solve step by step' }).click();
    await expect.poll(() => page.locator('#solved').textContent(), { timeout: 20_000 }).toContain('Solved!');
    expect((await shown(page)).grid.toString()).toBe(verifyPuzzle(WIKIPEDIA).solution);
    const n = solveLogically(WIKIPEDIA).steps.length;
    expect(await page.locator('#step-log li').count()).toBe(n);
    expect(await page.locator('#solved').textContent()).toContain(`applied ${n} hint steps`);
    expect(errors).toEqual([]);
  });

  it('keeps the keyboard focus when Apply, Solve and Stop disable themselves, and says "Solved!" once', async () => {
    const { page, errors } = await open(browser(), `sudoku.html?puzzle=${WIKIPEDIA}&speed=fast`);
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? document.activeElement?.tagName);
    const explanation = page.locator('#hint-explanation');
    // Hint, then Apply by keyboard: Apply disables itself and the focus goes back to Hint, ready for the next one.
    await page.getByRole('button', { name: 'Hint' }).press('Enter');
    const first = await explanation.textContent();
    expect(first).toBe(nextStep(WIKIPEDIA)!.explanation);
    await page.getByRole('button', { name: 'Apply' }).press('Enter');
    expect(await page.locator('#step-log li').allTextContents()).toEqual([first]);
    await expect.poll(focused).toBe('Hint');
    await page.keyboard.press('Enter');
    expect(await explanation.textContent()).toBe(nextStep((await shown(page)).grid)!.explanation);

    // Solve step by step disables itself: the focus goes to Stop; stopped, it goes to Apply for the hint left shown.
    await page.getByRole('button', { name: 'Solve step by step' }).press('Enter');
    await expect.poll(focused).toBe('Stop');
    // Meanwhile each step is announced once, by the status line, not by the hint panel rewritten at every step too.
    expect(await page.locator('#hint').getAttribute('aria-live')).toBe('off');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Apply');
    expect(await page.locator('#hint').getAttribute('aria-live')).toBe('polite');
    expect(await page.locator('#sudoku-status').textContent()).toMatch(/^Applied: /);
    expect(await page.getByRole('button', { name: 'Solve step by step' }).isDisabled()).toBe(false);

    // Solved: every hint button is disabled and the focus goes back to the grid.
    await page.getByRole('button', { name: 'Solve step by step' }).press('Enter');
    await expect.poll(() => page.locator('#solved').textContent(), { timeout: 20_000 }).toContain('Solved!');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('gridcell');
    // The "Solved!" status is not written again (and read out again) each time the player moves in the grid.
    await page.evaluate(() => {
      const w = window as unknown as { writes: number };
      w.writes = 0;
      new MutationObserver((records) => (w.writes += records.length)).observe(document.querySelector('#solved')!, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft']) await page.keyboard.press(key);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^row \d, column \d: /);
    expect(await page.evaluate(() => (window as unknown as { writes: number }).writes)).toBe(0);
    expect(await page.locator('#solved').textContent()).toContain('Solved!');
    expect(errors).toEqual([]);
  });

  it('says so when no technique of the library applies', async () => {
    const { page, errors } = await open(browser(), `sudoku.html?puzzle=${NO_STEP}`);
    expect(nextStep(NO_STEP)).toBeNull();
    expect(solveLogically(NO_STEP).steps).toEqual([]);
    expect(await page.locator('#puzzle-info').textContent()).toContain('Extreme: its techniques get stuck before the first step');
    await page.getByRole('button', { name: 'Hint' }).click();
    expect(await hintText(page)).toContain('No technique of the library applies here');
    expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    // "Solve step by step" stops at once, and its status line (the live region while solving) says why.
    await page.getByRole('button', { name: 'Solve step by step' }).click();
    await expect.poll(() => page.locator('#sudoku-status').textContent()).toContain('No technique of the library applies here');
    expect(await page.getByRole('button', { name: 'Solve step by step' }).isDisabled()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('offers puzzles by level, labelled with the library rating', async () => {
    const { page, errors } = await open(browser(), 'sudoku.html');
    const choice = page.getByLabel('Puzzle:');
    const options = await choice.locator('option').evaluateAll((os) =>
      os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '', group: (o.parentElement as HTMLOptGroupElement).label })),
    );
    const known = options.filter((o) => o.value !== '');
    expect(known.length).toBeGreaterThanOrEqual(6);
    expect(new Set(known.map((o) => o.group))).toEqual(new Set(['Easy', 'Medium', 'Hard', 'Unfair', 'Extreme']));
    for (const option of known) {
      await choice.selectOption(option.value);
      const givens = (await shown(page)).grid.toString();
      expect(new URL(page.url()).searchParams.get('puzzle')).toBe(givens);
      const { verification, rating } = explainPuzzle(givens);
      expect(verification.status).toBe('unique');
      expect(option.group).toBe(rating.level);
      expect(option.text).toContain(`(${rating.level}, ${rating.score})`);
      expect(await page.locator('#puzzle-info').textContent()).toContain(rating.level);
    }
    expect(errors).toEqual([]);
  });

  it('refuses a bad puzzle visibly with the library error, from the address and from the form', async () => {
    const bad = {
      short: WIKIPEDIA.slice(1),
      duplicate: `55${WIKIPEDIA.slice(2)}`,
      several: `.${WIKIPEDIA.slice(1, 40)}${'.'.repeat(41)}`,
    };
    const letter = `x${WIKIPEDIA.slice(1)}`;
    for (const [what, text] of Object.entries(bad)) {
      const { page, errors } = await open(browser(), `sudoku.html?puzzle=${encodeURIComponent(text)}`);
      const alert = page.getByRole('alert');
      const message = libraryError(text);
      expect(await alert.textContent(), what).toContain(`This puzzle cannot be loaded: ${message}`);
      expect(await alert.isVisible()).toBe(true);
      if (what === 'several') {
        expect(message).toBe('the puzzle has more than one solution');
        await screenshot(page, 'sudoku-error');
      }
      // The page stays usable with the default puzzle.
      expect((await shown(page)).grid.toString()).toBe(WIKIPEDIA);
      expect(errors).toEqual([]);
      await page.context().close();
    }

    const { page, errors } = await open(browser(), 'sudoku.html');
    const input = page.getByLabel(/Or type a puzzle/);
    await input.fill(letter);
    await page.getByRole('button', { name: 'Load' }).click();
    expect(libraryError(letter)).toContain('bad character');
    expect(await page.getByRole('alert').textContent()).toBe(`This puzzle cannot be loaded: ${libraryError(letter)}`);
    expect((await shown(page)).grid.toString()).toBe(WIKIPEDIA);
    await input.fill(MEDIUM);
    await input.press('Enter');
    expect(await page.getByRole('alert').textContent()).toBe('');
    expect((await shown(page)).grid.toString()).toBe(MEDIUM);
    expect(new URL(page.url()).searchParams.get('puzzle')).toBe(MEDIUM);
    expect(errors).toEqual([]);
  });
});
