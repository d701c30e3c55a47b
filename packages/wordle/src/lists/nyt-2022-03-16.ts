// The NYT's Wordle lists of 2022-03-16 (2309 answers, 12972 allowed guesses.): the original lists less six answers. Its own module, so a bundle carries it only when it is loaded.
import type { WordList } from '../words.js';
import { originalWords } from '../words.js';
import { applyChanges } from './changes.js';
import * as changes from './nyt-2022-03-16.data.js';

let list: WordList | undefined;

/** The NYT's lists of 2022-03-16: 2309 answers, 12972 allowed guesses.. @internal */
export function nyt20220316(): WordList {
  list ??= applyChanges('nyt-2022-03-16', originalWords(), changes);
  return list;
}
