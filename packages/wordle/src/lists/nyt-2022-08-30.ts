// The NYT's Wordle lists of 2022-08-30 (2309 answers, 14855 allowed guesses.): 2,309 answers and 1,883 more allowed guesses. Its own module, so a bundle carries it only when it is loaded.
import type { WordList } from '../words.js';
import { nyt20220316 } from './nyt-2022-03-16.js';
import { applyChanges } from './changes.js';
import * as changes from './nyt-2022-08-30.data.js';

let list: WordList | undefined;

/** The NYT's lists of 2022-08-30: 2309 answers, 14855 allowed guesses.. @internal */
export function nyt20220830(): WordList {
  list ??= applyChanges('nyt-2022-08-30', nyt20220316(), changes);
  return list;
}
