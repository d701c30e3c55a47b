// A TypeDoc plugin for the API site (typedoc.json "plugin"): a "Playground" link at the top of every page's sidebar,
// relative to the page, to the playground that scripts/docs.mjs copies into docs/playground/. (navigationLinks
// would print the same href on every page, which breaks on pages in sub-folders.)
import { JSX } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.renderer.hooks.on('sidebar.begin', (context) =>
    JSX.createElement(
      'nav',
      { class: 'tsd-navigation', 'aria-label': 'Playground' },
      JSX.createElement('a', { href: context.relativeURL('playground/index.html') }, 'Playground: the puzzles in your browser'),
    ),
  );
}
