// Bridge: the deal on any page of Thomas Andrews' Impossible Book challenge (2002) in both editions, the page of any
// deal typed in, and deals to a condition with the condition's exact count and probability, on @puzzles/bigint-deal.
import {
  DEALS,
  bridgeNumbering,
  compileCondition,
  countDeals,
  dealProbability,
  formatDiagram,
  randomDeal,
  sampleDeals,
  whyNotCountable,
  type Deal,
  type Edition,
} from '@puzzles/bigint-deal';
import { h, liveRegion, mountPage, param } from '../shared/dom.js';
import './bridge.css';

const main = mountPage(
  'bridge',
  'Bridge',
  `Every bridge deal has a page in the book, from 1 to ${DEALS.toLocaleString('en-US')}: see the deal on a page, find the page of a deal, or deal to a condition with its exact odds.`,
);
main.classList.add('bridge');

const EDITIONS: { id: Edition; name: string }[] = [
  { id: 'andrews', name: "Andrews' edition" },
  { id: 'pavlicek', name: "Pavlicek's edition" },
];
const numbering = (edition: Edition) => bridgeNumbering({ edition });

/** A deal as a diagram, hearts and diamonds in red. */
function diagram(deal: Deal, label: string): HTMLElement {
  const pre = h('pre', { class: 'diagram', 'aria-label': label });
  for (const line of formatDiagram(deal).split('\n')) {
    for (const part of line.split(/([♥♦][^\s♠♥♦♣]*)/u)) pre.append(/^[♥♦]/u.test(part) ? h('span', { class: 'red' }, part) : part);
    pre.append('\n');
  }
  return pre;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

// 1. The deal on a page.
const pageInput = h('input', { id: 'page', name: 'page', inputmode: 'numeric', class: 'wide', value: param('page') ?? '12345678901234567890123456789' });
const editionSelect = h('select', { id: 'edition', name: 'edition' }, ...EDITIONS.map((e) => h('option', { value: e.id }, e.name)));
if (param('edition') === 'pavlicek') editionSelect.value = 'pavlicek';
const pageOut = h('div', { id: 'page-deal' });
const pageStatus = liveRegion({ id: 'page-status' });
function showPage(): void {
  const edition = editionSelect.value as Edition;
  try {
    const deal = numbering(edition).dealByNumber(pageInput.value.trim());
    const other = EDITIONS.find((e) => e.id !== edition)!;
    const otherPage = numbering(other.id).numberOfDeal(deal);
    pageOut.replaceChildren(
      diagram(deal, `Deal on page ${pageInput.value.trim()}`),
      h('p', {}, 'PBN: ', h('code', { id: 'page-pbn' }, deal.toPbn())),
      h('p', {}, `The same deal is page `, h('code', { id: 'page-other' }, otherPage.toString()), ` of ${other.name}.`),
    );
    pageStatus.textContent = `Page ${pageInput.value.trim()} of ${EDITIONS.find((e) => e.id === edition)!.name}.`;
    pageStatus.classList.remove('error');
  } catch (error) {
    pageOut.replaceChildren();
    pageStatus.textContent = errorText(error);
    pageStatus.classList.add('error');
  }
}
const pageForm = h(
  'form',
  { onsubmit: (event: Event) => (event.preventDefault(), showPage()) },
  h('label', {}, 'Page', pageInput),
  h('label', {}, 'Edition', editionSelect),
  h('button', { type: 'submit' }, 'Show the deal'),
  h('button', { type: 'button', onclick: () => ((pageInput.value = randomDeal({ edition: editionSelect.value as Edition }).page.toString()), showPage()) }, 'Random page'),
);

// 2. The page of a deal.
const dealInput = h('input', {
  id: 'deal',
  name: 'deal',
  class: 'wide',
  value: param('deal') ?? 'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432',
  'aria-describedby': 'deal-help',
});
const dealOut = h('div', { id: 'deal-pages' });
const dealStatus = liveRegion({ id: 'deal-status' });
function showDeal(): void {
  try {
    const text = dealInput.value.trim();
    const pages = EDITIONS.map((e) => numbering(e.id).numberOfDeal(text));
    const deal = numbering('andrews').dealByNumber(pages[0]!);
    dealOut.replaceChildren(
      h('ul', {}, ...EDITIONS.map((e, k) => h('li', {}, `${e.name}: page `, h('code', { class: 'page-number', 'data-edition': e.id }, pages[k]!.toString())))),
      diagram(deal, 'The deal typed in'),
    );
    dealStatus.textContent = 'Found its pages.';
    dealStatus.classList.remove('error');
  } catch (error) {
    dealOut.replaceChildren();
    dealStatus.textContent = errorText(error);
    dealStatus.classList.add('error');
  }
}
const dealForm = h(
  'form',
  { onsubmit: (event: Event) => (event.preventDefault(), showDeal()) },
  h('label', {}, 'Deal', dealInput),
  h('button', { type: 'submit' }, 'Find its pages'),
);

// 3. Deals to a condition.
const conditionInput = h('input', { id: 'condition', name: 'condition', class: 'wide', value: param('where') ?? 'hcp(north) >= 22 and hcp(south) >= 10' });
const countInput = h('input', { id: 'count', name: 'count', type: 'number', min: 1, max: 20, value: 3 });
const seedInput = h('input', { id: 'seed', name: 'seed', value: param('seed') ?? '' , placeholder: 'random' });
const odds = h('p', { id: 'odds' });
const dealsOut = h('div', { id: 'deals', class: 'deals' });
const conditionStatus = liveRegion({ id: 'condition-status' });
function dealToCondition(): void {
  odds.replaceChildren();
  dealsOut.replaceChildren();
  try {
    const { constraint } = compileCondition(conditionInput.value);
    const why = whyNotCountable(constraint);
    if (why === undefined) {
      const count = countDeals(constraint);
      const { numerator, denominator, value } = dealProbability(constraint);
      odds.replaceChildren(
        'Exactly ',
        h('strong', { id: 'odds-count' }, count.toLocaleString('en-US')),
        ' deals satisfy it: probability ',
        h('span', { id: 'odds-fraction' }, `${numerator}/${denominator}`),
        ` ≈ ${value.toPrecision(6)}.`,
      );
    } else {
      odds.replaceChildren(`Not counted exactly (${why}): dealt by rejection.`);
    }
    const n = Math.min(20, Math.max(1, Number(countInput.value) || 1));
    const seed = seedInput.value.trim();
    const result = sampleDeals(constraint, { count: n, pages: true, timeout: 5000, ...(seed === '' ? {} : { seed }) });
    dealsOut.replaceChildren(
      ...result.deals.map(({ deal, page }, k) =>
        h('figure', {}, diagram(deal, `Deal ${k + 1}`), h('figcaption', {}, 'Page ', h('code', { class: 'dealt-page' }, page!.toString()))),
      ),
    );
    conditionStatus.textContent = `${result.deals.length} deals, ${result.method === 'exact' ? 'drawn exactly (none rejected)' : `${result.attempts.toLocaleString('en-US')} random deals tried`}${result.stopped === undefined ? '' : ` (stopped: ${result.stopped})`}.`;
    conditionStatus.classList.remove('error');
  } catch (error) {
    conditionStatus.textContent = errorText(error);
    conditionStatus.classList.add('error');
  }
}
const conditionForm = h(
  'form',
  { onsubmit: (event: Event) => (event.preventDefault(), dealToCondition()) },
  h('label', {}, 'Condition', conditionInput),
  h('label', {}, 'Deals', countInput),
  h('label', {}, 'Seed', seedInput),
  h('button', { type: 'submit' }, 'Deal'),
);

main.append(
  h('section', { 'aria-labelledby': 'h-page' }, h('h2', { id: 'h-page' }, 'The deal on a page'), pageForm, pageStatus, pageOut),
  h(
    'section',
    { 'aria-labelledby': 'h-deal' },
    h('h2', { id: 'h-deal' }, 'The page of a deal'),
    h('p', { id: 'deal-help' }, 'A PBN deal ("N:AKQ.… … … …") or 52 letters N/E/S/W, one per card from ♠A to ♣2.'),
    dealForm,
    dealStatus,
    dealOut,
  ),
  h(
    'section',
    { 'aria-labelledby': 'h-where' },
    h('h2', { id: 'h-where' }, 'Deals to a condition'),
    h('p', {}, 'hcp, spades, hearts, diamonds, clubs, losers, controls, balanced(seat), shape(seat, "any 4333"), numbers, + - * /, comparisons, and/or/not. Points and suit lengths of one or two seats are counted exactly.'),
    conditionForm,
    odds,
    conditionStatus,
    dealsOut,
  ),
);
showPage();
showDeal();
if (param('where') !== null) dealToCondition();
