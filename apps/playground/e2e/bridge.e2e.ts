// Bridge in the browser: the deal on a page in both editions, the page of a deal typed in, and deals to a condition
// with its exact count, each checked against @puzzles/bigint-deal itself (the built package, as the page uses it).
import { describe, expect, it } from 'vitest';
import { bridgeNumbering, countDeals, compileCondition, hcp, parsePbn } from '@puzzles/bigint-deal';
import { open, screenshot, useBrowser } from './browser.js';

const browser = useBrowser();
const PAGE_1_PBN = 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432';

describe('bridge page', () => {
  it('shows the deal on a page as a diagram, with its PBN and its page in the other edition', async () => {
    const { page, errors } = await open(browser(), 'bridge.html?page=42');
    const andrews = bridgeNumbering({ edition: 'andrews' });
    const pavlicek = bridgeNumbering({ edition: 'pavlicek' });
    const deal = andrews.dealByNumber(42n);
    await expect.poll(() => page.locator('#page-pbn').textContent()).toBe(deal.toPbn());
    expect(await page.locator('#page-other').textContent()).toBe(pavlicek.numberOfDeal(deal).toString());
    const diagram = (await page.getByLabel('Deal on page 42').textContent()) ?? '';
    expect(diagram).toContain(`♠ ${deal.hands.N.spades}`);

    // The other edition, and a page typed in.
    await page.locator('#edition').selectOption('pavlicek');
    await page.getByLabel('Page', { exact: true }).fill('53644737765488792839237440000');
    await page.getByRole('button', { name: 'Show the deal' }).click();
    const last = pavlicek.dealByNumber(53644737765488792839237440000n);
    await expect.poll(() => page.locator('#page-pbn').textContent()).toBe(last.toPbn());
    expect(await page.locator('#page-other').textContent()).toBe(andrews.numberOfDeal(last).toString());
    // A page out of range is said, not shown.
    await page.getByLabel('Page', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Show the deal' }).click();
    await expect.poll(() => page.locator('#page-status').textContent()).toMatch(/page must be .*got/);
    expect(await page.locator('#page-pbn').count()).toBe(0);
    await screenshot(page, 'bridge-page');
    expect(errors).toEqual([]);
  });

  it('finds the pages of a deal typed in, in both editions', async () => {
    const { page, errors } = await open(browser(), 'bridge.html');
    const typed = 'N:Q843.98654.32.A6 K9.AQ7.QJ98.Q542 AJ6.K2.AKT654.K7 T752.JT3.7.JT983';
    await page.getByLabel('Deal', { exact: true }).fill(typed);
    await page.getByRole('button', { name: 'Find its pages' }).click();
    const deal = parsePbn(typed);
    await expect
      .poll(() => page.locator('.page-number[data-edition="andrews"]').textContent())
      .toBe(bridgeNumbering({ edition: 'andrews' }).numberOfDeal(deal).toString());
    expect(await page.locator('.page-number[data-edition="pavlicek"]').textContent()).toBe(bridgeNumbering({ edition: 'pavlicek' }).numberOfDeal(deal).toString());
    await page.getByLabel('Deal', { exact: true }).fill(PAGE_1_PBN.slice(0, -3));
    await page.getByRole('button', { name: 'Find its pages' }).click();
    await expect.poll(() => page.locator('#deal-status').textContent()).toMatch(/^the PBN deal .*N:AKQJT98765432/);
    expect(await page.locator('#deal-status').getAttribute('class')).toContain('error');
    expect(await page.locator('.page-number').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('deals to a two-seat condition with its exact count, every deal satisfying it and on the page it says', async () => {
    const condition = 'hcp(north) >= 22 and hcp(south) >= 10';
    const { page, errors } = await open(browser(), `bridge.html?where=${encodeURIComponent(condition)}&seed=7`);
    const exact = countDeals(compileCondition(condition).constraint);
    await expect.poll(() => page.locator('#odds-count').textContent()).toBe(exact.toLocaleString('en-US'));
    await expect.poll(() => page.locator('.dealt-page').count()).toBe(3);
    const andrews = bridgeNumbering({ edition: 'andrews' });
    for (const text of await page.locator('.dealt-page').allTextContents()) {
      const deal = andrews.dealByNumber(BigInt(text));
      expect(hcp(deal, 'N')).toBeGreaterThanOrEqual(22);
      expect(hcp(deal, 'S')).toBeGreaterThanOrEqual(10);
    }
    expect(await page.locator('#condition-status').textContent()).toContain('drawn exactly');
    await screenshot(page, 'bridge-deals');

    // A condition it cannot count is dealt by rejection and says so; an impossible one is said at once.
    await page.getByLabel('Condition', { exact: true }).fill('balanced(north) and hcp(north) >= 20');
    await page.getByRole('button', { name: 'Deal', exact: true }).click();
    await expect.poll(() => page.locator('#odds').textContent()).toMatch(/Not counted exactly/);
    await expect.poll(() => page.locator('#condition-status').textContent()).toMatch(/random deals tried/);
    await page.getByLabel('Condition', { exact: true }).fill('hcp(north) >= 30 and hcp(south) >= 11');
    await page.getByRole('button', { name: 'Deal', exact: true }).click();
    await expect.poll(() => page.locator('#condition-status').textContent()).toMatch(/no deal satisfies/);
    expect(await page.locator('#odds-count').textContent()).toBe('0');
    expect(errors).toEqual([]);
  });
});
