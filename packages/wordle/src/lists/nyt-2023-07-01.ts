// The NYT's Wordle lists of 2023-07-01 (3158 answers, 14855 allowed guesses.): 8 answers fewer and 857 more. Its own module, so a bundle carries it only when it is loaded.
import type { WordList } from '../words.js';
import { nyt20220830 } from './nyt-2022-08-30.js';
import { applyChanges } from './changes.js';
import * as changes from './nyt-2023-07-01.data.js';

let list: WordList | undefined;

/** The NYT's lists of 2023-07-01: 3158 answers, 14855 allowed guesses.. @internal */
export function nyt20230701(): WordList {
  list ??= applyChanges('nyt-2023-07-01', nyt20220830(), changes);
  return list;
}
