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
import { par, type DdSeat, type DoubleDummyTable, type Strain, type Vulnerability } from '@puzzles/bigint-deal/double-dummy';
import { h, liveRegion, mountPage, param } from '../shared/dom.js';
import type { TableRequest, TableResponse } from './dd-protocol.js';
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

// 4. Double dummy and par of the deal on screen (the page's deal, or the deal typed in, whichever was asked for last):
// the table is made in a worker, which is ended and started afresh when the deal changes before it answers; par is
// computed here from the table, so a new dealer or vulnerability shows at once.
const SEATS: readonly DdSeat[] = ['N', 'E', 'S', 'W'];
const SEAT_NAMES: Record<DdSeat, string> = { N: 'North', E: 'East', S: 'South', W: 'West' };
const STRAIN_HEADS: readonly { id: Strain; symbol: string; name: string }[] = [
  { id: 'C', symbol: '♣', name: 'clubs' },
  { id: 'D', symbol: '♦', name: 'diamonds' },
  { id: 'H', symbol: '♥', name: 'hearts' },
  { id: 'S', symbol: '♠', name: 'spades' },
  { id: 'NT', symbol: 'NT', name: 'notrump' },
];
const VULNERABILITIES: readonly { id: Vulnerability; name: string }[] = [
  { id: 'none', name: 'Nobody' },
  { id: 'ns', name: 'North-South' },
  { id: 'ew', name: 'East-West' },
  { id: 'both', name: 'Both sides' },
];
const notices: string[] = [];
const dealerSelect = h(
  'select',
  { id: 'dealer', name: 'dealer' },
  h('option', { value: 'page' }, 'By the page number'),
  ...SEATS.map((seat) => h('option', { value: seat }, SEAT_NAMES[seat])),
);
const dealerParam = param('dealer');
if (dealerParam !== null) {
  if (dealerParam === 'page' || (SEATS as readonly string[]).includes(dealerParam)) dealerSelect.value = dealerParam;
  else notices.push(`Refused ?dealer=${dealerParam}: say N, E, S, W or page. The dealer goes by the page number.`);
}
const vulnerableSelect = h('select', { id: 'vulnerable', name: 'vulnerable' }, ...VULNERABILITIES.map((v) => h('option', { value: v.id }, v.name)));
const vulnerableParam = param('vul');
if (vulnerableParam !== null) {
  if (VULNERABILITIES.some((v) => v.id === vulnerableParam)) vulnerableSelect.value = vulnerableParam;
  else notices.push(`Refused ?vul=${vulnerableParam}: say none, ns, ew or both. Nobody is vulnerable.`);
}
const ddSubject = h('p', { id: 'dd-subject' });
const ddStatus = liveRegion({ id: 'dd-status' });
const ddCells = new Map<string, HTMLTableCellElement>();
const ddTable = h(
  'table',
  { id: 'dd-table', class: 'dd-table' },
  h('caption', {}, 'Tricks by declarer and strain'),
  h(
    'thead',
    {},
    h('tr', {}, h('th', { scope: 'col' }, 'Declarer'), ...STRAIN_HEADS.map((s) => h('th', { scope: 'col', 'aria-label': s.name, class: s.id === 'H' || s.id === 'D' ? 'red' : null }, s.symbol))),
  ),
  h(
    'tbody',
    {},
    ...SEATS.map((seat) =>
      h(
        'tr',
        {},
        h('th', { scope: 'row' }, SEAT_NAMES[seat]),
        ...STRAIN_HEADS.map((s) => {
          const cell = h('td', { 'data-seat': seat, 'data-strain': s.id });
          ddCells.set(`${seat}${s.id}`, cell);
          return cell;
        }),
      ),
    ),
  ),
);
const parOut = h('p', { id: 'par' });

/** The deal analysed, its table once made, and the worker making it (kept between deals while idle). */
let analysed: { pbn: string; label: string; page: bigint } | null = null;
let ddTableMade: DoubleDummyTable | null = null;
let ddWorker: Worker | undefined;
let ddBusy = false;
let ddRequest = 0;

/** The dealer the controls choose: a seat, or the page number's, as board numbers go (1 North, 2 East, 3 South, 4 West, 5 North…). */
function dealerOf(page: bigint): { seat: DdSeat; why: string } {
  const chosen = dealerSelect.value;
  if (chosen !== 'page') return { seat: chosen as DdSeat, why: '' };
  const seat = SEATS[Number((page - 1n) % 4n)]!;
  return { seat, why: ' (by the page number, as board numbers go)' };
}

/** Shows the table made (or empty cells while it is made) and the par for the dealer and vulnerability chosen. */
function renderAnalysis(): void {
  for (const seat of SEATS) {
    for (const s of STRAIN_HEADS) {
      const cell = ddCells.get(`${seat}${s.id}`)!;
      const tricks = ddTableMade?.[seat][s.id];
      cell.textContent = tricks === undefined ? '…' : String(tricks);
      cell.classList.toggle('makes', tricks !== undefined && tricks >= 7);
      cell.title = tricks === undefined ? 'being computed' : `${SEAT_NAMES[seat]} declaring in ${s.name}: ${tricks} tricks for ${seat === 'N' || seat === 'S' ? 'North-South' : 'East-West'}`;
    }
  }
  ddTable.setAttribute('aria-busy', String(ddTableMade === null));
  if (analysed === null || ddTableMade === null) {
    parOut.replaceChildren('Par: computing…');
    return;
  }
  const dealer = dealerOf(analysed.page);
  const vulnerable = vulnerableSelect.value as Vulnerability;
  const result = par(ddTableMade, { dealer: dealer.seat, vulnerable });
  const side = result.score >= 0 ? 'North-South' : 'East-West';
  const passedOut = result.contracts[0] === 'pass';
  parOut.replaceChildren(
    `Par with ${SEAT_NAMES[dealer.seat]} dealing${dealer.why}, ${VULNERABILITIES.find((v) => v.id === vulnerable)!.name.toLowerCase()} vulnerable: `,
    h('strong', { id: 'par-score', 'data-score': String(result.score) }, result.score === 0 ? '0' : `${side} +${Math.abs(result.score)}`),
    passedOut ? ', passed out (' : ' in ',
    h('code', { id: 'par-contracts' }, result.contracts.join(', ')),
    passedOut ? ').' : '.',
  );
}

/** Analyses this deal: a new table from the worker, ending the search for the deal before if it is still running. */
function analyse(deal: Deal, label: string, page: bigint): void {
  const pbn = deal.toPbn();
  if (analysed?.pbn === pbn) {
    analysed = { pbn, label, page };
    ddSubject.textContent = `Of ${label}.`;
    renderAnalysis();
    return;
  }
  const stopped = ddBusy;
  if (ddBusy) {
    ddWorker?.terminate();
    ddWorker = undefined;
  }
  analysed = { pbn, label, page };
  ddTableMade = null;
  ddSubject.textContent = `Of ${label}.`;
  const worker = (ddWorker ??= new Worker(new URL('./dd-worker.ts', import.meta.url), { type: 'module' }));
  const id = ++ddRequest;
  worker.onmessage = (event: MessageEvent<TableResponse>) => {
    if (event.data.id !== id) return;
    ddBusy = false;
    const answer = event.data;
    if ('error' in answer) {
      ddStatus.textContent = `No table: ${answer.error}`;
      ddStatus.classList.add('error');
      return;
    }
    ddTableMade = answer.table;
    ddStatus.textContent = `Solved in ${(answer.ms / 1000).toFixed(1)} s.`;
    ddStatus.dataset['ms'] = String(Math.round(answer.ms));
    ddStatus.classList.remove('error');
    renderAnalysis();
  };
  worker.onerror = (event) => {
    ddBusy = false;
    ddStatus.textContent = `The double-dummy worker failed: ${event.message}`;
    ddStatus.classList.add('error');
  };
  ddBusy = true;
  const request: TableRequest = { id, pbn };
  worker.postMessage(request);
  ddStatus.textContent = `Computing the double-dummy table…${stopped ? ' (the search for the deal before was stopped)' : ''}`;
  ddStatus.classList.remove('error');
  renderAnalysis();
}

// 1. The deal on a page.
const pageInput = h('input', { id: 'page', name: 'page', inputmode: 'numeric', class: 'wide', value: param('page') ?? '12345678901234567890123456789' });
const editionSelect = h('select', { id: 'edition', name: 'edition' }, ...EDITIONS.map((e) => h('option', { value: e.id }, e.name)));
if (param('edition') === 'pavlicek') editionSelect.value = 'pavlicek';
const pageOut = h('div', { id: 'page-deal' });
const pageStatus = liveRegion({ id: 'page-status' });
function showPage(analyseIt = true): void {
  const edition = editionSelect.value as Edition;
  try {
    const deal = numbering(edition).dealByNumber(pageInput.value.trim());
    if (analyseIt) analyse(deal, `the deal on page ${pageInput.value.trim()} of ${EDITIONS.find((e) => e.id === edition)!.name}`, BigInt(pageInput.value.trim()));
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
function showDeal(analyseIt = true): void {
  try {
    const text = dealInput.value.trim();
    const pages = EDITIONS.map((e) => numbering(e.id).numberOfDeal(text));
    const deal = numbering('andrews').dealByNumber(pages[0]!);
    if (analyseIt) analyse(deal, `the deal typed in (page ${pages[0]!.toString()} of ${EDITIONS[0]!.name})`, pages[0]!);
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
    { 'aria-labelledby': 'h-dd' },
    h('h2', { id: 'h-dd' }, 'Double dummy and par'),
    ddSubject,
    h(
      'form',
      { onsubmit: (event: Event) => event.preventDefault() },
      h('label', {}, 'Dealer', dealerSelect),
      h('label', {}, 'Vulnerable', vulnerableSelect),
    ),
    ddStatus,
    ddTable,
    parOut,
    h('p', { class: 'dd-help' }, 'Tricks when all four hands are seen and played perfectly, the declarer\'s left-hand opponent leading. Par contracts as DDS writes them: 4S-NS is four spades by North or South made exactly, 3N-W+2 three notrump by West with two overtricks, 4S*-EW-1 four spades doubled by East or West, one down.'),
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
if (notices.length > 0) main.prepend(h('p', { class: 'bridge-notice', role: 'alert', id: 'bridge-notice' }, notices.join(' ')));
dealerSelect.addEventListener('change', renderAnalysis);
vulnerableSelect.addEventListener('change', renderAnalysis);
// The deal analysed first: the one typed in when the address gives one, else the deal on the page.
showPage(param('deal') === null);
showDeal(param('deal') !== null);
if (param('where') !== null) dealToCondition();
