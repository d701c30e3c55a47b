// Bridge in the browser: the deal on a page in both editions, the page of a deal typed in, and deals to a condition
// with its exact count, each checked against @puzzles/bigint-deal itself (the built package, as the page uses it).
import { describe, expect, it } from 'vitest';
import { bridgeNumbering, countDeals, compileCondition, hcp, parsePbn } from '@puzzles/bigint-deal';
import { par, type DdSeat, type DoubleDummyTable, type Strain, type Vulnerability } from '@puzzles/bigint-deal/double-dummy';
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
    await page.context().close();
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
    await page.context().close();
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
    await page.getByLabel('Condition', { exact: true }).fill('losers(north) <= 5 and hcp(north) >= 12');
    await page.getByRole('button', { name: 'Deal', exact: true }).click();
    await expect.poll(() => page.locator('#odds').textContent()).toMatch(/Not counted exactly/);
    await expect.poll(() => page.locator('#condition-status').textContent()).toMatch(/random deals tried/);
    await page.getByLabel('Condition', { exact: true }).fill('hcp(north) >= 30 and hcp(south) >= 11');
    await page.getByRole('button', { name: 'Deal', exact: true }).click();
    await expect.poll(() => page.locator('#condition-status').textContent()).toMatch(/no deal satisfies/);
    expect(await page.locator('#odds-count').textContent()).toBe('0');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // A deal of DDS's test lists (hands/list300.txt, Apache-2.0) with its TABLE line (strains S H D C NT, each for
  // declarers N E S W) and PAR2 line (DealerPar, West dealing, both vulnerable): among the quickest of the list to solve.
  const DDS_DEAL = 'W:AK8.A83.KT.KQJ98 QJT96543.4.AJ.A5 .KQJ976.742.7642 72.T52.Q98653.T3';
  const DDS_TABLE = '8 4 8 5 2 10 2 11 7 6 7 6 2 10 2 11 2 10 2 11';
  const DDS_PAR = { score: -660, contracts: ['4N-W+1'] };
  const SEATS: DdSeat[] = ['N', 'E', 'S', 'W'];
  const STRAINS: Strain[] = ['C', 'D', 'H', 'S', 'NT'];
  /** The table of a TABLE line. */
  function ddsTable(line: string): DoubleDummyTable {
    const counts = line.split(' ').map(Number);
    const table = { N: {}, E: {}, S: {}, W: {} } as DoubleDummyTable;
    (['S', 'H', 'D', 'C', 'NT'] as const).forEach((strain, s) => SEATS.forEach((seat, d) => (table[seat][strain] = counts[s * 4 + d]!)));
    return table;
  }

  it('shows the double-dummy table and par of the deal on screen, made in a worker, as DDS gives them', async () => {
    // The deal on page 42 starts solving at once; the deal typed in replaces it, and only its table may show.
    const { page, errors } = await open(browser(), 'bridge.html?page=42');
    await expect.poll(() => page.locator('#dd-subject').textContent()).toContain('page 42');
    await page.getByLabel('Deal', { exact: true }).fill(DDS_DEAL);
    await page.getByRole('button', { name: 'Find its pages' }).click();
    await expect.poll(() => page.locator('#dd-subject').textContent()).toContain('the deal typed in');
    // The search for page 42 was stopped (or, on a very fast machine, had already finished).
    const status = (await page.locator('#dd-status').textContent()) ?? '';
    expect(status).toMatch(/^Computing the double-dummy table…( \(the search for the deal before was stopped\))?$|^Solved in/);
    await page.locator('#dealer').selectOption('W');
    await page.locator('#vulnerable').selectOption('both');

    // The table: generous time for the solver, which takes seconds per table on a loaded machine.
    await expect.poll(() => page.locator('#dd-status').textContent(), { timeout: 180_000, interval: 250 }).toMatch(/^Solved in/);
    const expected = ddsTable(DDS_TABLE);
    for (const seat of SEATS) {
      for (const strain of STRAINS) {
        expect(await page.locator(`#dd-table td[data-seat="${seat}"][data-strain="${strain}"]`).textContent(), `${seat} ${strain}`).toBe(String(expected[seat][strain]));
      }
    }
    expect(await page.locator('#dd-table').getAttribute('aria-busy')).toBe('false');
    expect(await page.locator('#par-score').getAttribute('data-score')).toBe(String(DDS_PAR.score));
    expect(await page.locator('#par-score').textContent()).toBe('East-West +660');
    expect(await page.locator('#par-contracts').textContent()).toBe(DDS_PAR.contracts.join(', '));
    await screenshot(page, 'bridge-double-dummy');

    // Another dealer and vulnerability: par changes at once, from the same table.
    for (const [dealer, vulnerable] of [['N', 'none'], ['E', 'ns'], ['page', 'ew']] as const) {
      await page.locator('#dealer').selectOption(dealer);
      await page.locator('#vulnerable').selectOption(vulnerable);
      // Page-number dealing goes as board numbers: page n deals like board n.
      const andrewsPage = bridgeNumbering({ edition: 'andrews' }).numberOfDeal(DDS_DEAL);
      const seat: DdSeat = dealer === 'page' ? SEATS[Number((andrewsPage - 1n) % 4n)]! : dealer;
      const want = par(expected, { dealer: seat, vulnerable: vulnerable as Vulnerability });
      await expect.poll(() => page.locator('#par-score').getAttribute('data-score')).toBe(String(want.score));
      expect(await page.locator('#par-contracts').textContent()).toBe(want.contracts.join(', '));
      expect(await page.locator('#par').textContent()).toContain(`${{ N: 'North', E: 'East', S: 'South', W: 'West' }[seat]} dealing`);
    }
    expect(await page.locator('#dd-status').textContent()).toMatch(/^Solved in/);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('refuses a dealer or vulnerability it does not know, visibly, and plays on', async () => {
    const { page, errors } = await open(browser(), 'bridge.html?dealer=X&vul=all&page=1');
    await expect.poll(() => page.locator('#bridge-notice').textContent()).toBe(
      'Refused ?dealer=X: say N, E, S, W or page. The dealer goes by the page number. Refused ?vul=all: say none, ns, ew or both. Nobody is vulnerable.',
    );
    expect(await page.locator('#dealer').inputValue()).toBe('page');
    expect(await page.locator('#vulnerable').inputValue()).toBe('none');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
