// Small DOM helpers shared by the pages: build elements, mount the page layout, read query parameters.
import './style.css';

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

/** Creates an element: attributes (`on<event>` entries become listeners; false/null/undefined are left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (typeof value === 'function') el.addEventListener(name.slice(2).toLowerCase(), value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'object' ? child : String(child));
  }
  return el;
}

/** The pages, in the order of the navigation. */
export const PAGES = [
  { id: 'flipper', title: 'Flipper', blurb: 'Nine squares, nine moves: turn on the edge squares and turn off the centre.' },
  { id: 'wordle', title: 'Wordle', blurb: 'Guess the five-letter word in six tries; hard mode and the share grid included.' },
  { id: 'mastermind', title: 'Mastermind', blurb: 'Break the code of four pegs in six colours, or watch the solvers do it.' },
  { id: 'sudoku', title: 'Sudoku', blurb: 'Pencil marks and hints that explain the next human technique.' },
  { id: 'bridge', title: 'Bridge', blurb: 'The deal on any page of the Impossible Book, the page of any deal, and deals to a condition with exact odds.' },
] as const;

export type PageId = (typeof PAGES)[number]['id'] | 'index';

/** Mounts the shared header, navigation and an empty <main>; returns the main element for the page to fill. */
export function mountPage(current: PageId, heading: string, intro?: string): HTMLElement {
  const app = document.getElementById('app');
  if (app === null) throw new Error('the page has no #app element');
  const nav = h(
    'nav',
    { 'aria-label': 'Puzzles' },
    h(
      'ul',
      {},
      h('li', {}, h('a', { href: './index.html', 'aria-current': current === 'index' ? 'page' : null }, 'Home')),
      ...PAGES.map((page) =>
        h('li', {}, h('a', { href: `./${page.id}.html`, 'aria-current': current === page.id ? 'page' : null }, page.title)),
      ),
    ),
  );
  const main = h('main', { id: 'main' }, h('h1', {}, heading), intro === undefined ? null : h('p', { class: 'intro' }, intro));
  app.replaceChildren(h('header', {}, h('a', { class: 'brand', href: './index.html' }, '@puzzles playground'), nav), main);
  return main;
}

/** A query parameter of the page's URL, or null. */
export function param(name: string): string | null {
  return new URLSearchParams(window.location.search).get(name);
}

/** A polite live region: text put here is read out by screen readers and visible to everyone. */
export function liveRegion(attrs: Attrs = {}): HTMLParagraphElement {
  return h('p', { role: 'status', 'aria-live': 'polite', ...attrs });
}

/** Resolves after `ms` milliseconds (animations of the solvers' moves). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The delay between animated moves: `?speed=fast` (used by the browser tests) makes it short. */
export function stepDelay(normal = 450): number {
  return param('speed') === 'fast' ? 30 : normal;
}
