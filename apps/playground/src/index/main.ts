import { PAGES, h, mountPage } from '../shared/dom.js';

const main = mountPage('index', 'Puzzle playground', 'Each page runs one of the @puzzles libraries in your browser.');
main.append(
  h(
    'ul',
    { class: 'cards' },
    ...PAGES.map((page) => h('li', {}, h('h2', {}, h('a', { href: `./${page.id}.html` }, page.title)), h('p', {}, page.blurb))),
  ),
);
