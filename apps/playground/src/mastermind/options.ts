// Choices the page makes on top of the library's defaults, kept apart so the page and the worker agree.

/**
 * The first guess given to the 'optimal' strategy. For 4 pegs × 6 colors the library's exact search, run over every
 * first guess, picks aabc (its README: "It searches every first guess, and finds aabc"); doing that search again in
 * the browser takes 15–30 s, so the page starts from aabc and searches every later guess live. Other sizes the
 * search accepts (up to 1,296 codes) are searched from the first guess on.
 */
export function optimalOpener(size: { readonly pegs: number; readonly colors: number }): string | undefined {
  return size.pegs === 4 && size.colors === 6 ? 'aabc' : undefined;
}
