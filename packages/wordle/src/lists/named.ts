import { describeValue } from '../errors.js';
import type { WordList } from '../words.js';

/** The names of the lists `wordList` knows: the original lists, then the NYT's by the date they took effect. */
export const WORD_LIST_NAMES = Object.freeze(['original', 'nyt-2022-03-16', 'nyt-2022-08-30', 'nyt-2023-07-01'] as const);

/** A name of `WORD_LIST_NAMES`. */
export type WordListName = (typeof WORD_LIST_NAMES)[number];

/**
 * A named word list, loaded on first use (each list is its own module, so a bundle fetches it only when asked):
 * `original` (2,315 answers in daily order, 12,972 guesses), `nyt-2022-03-16` (2,309 / 12,972), `nyt-2022-08-30`
 * (2,309 / 14,855), `nyt-2023-07-01` (3,158 / 14,855). An unknown name is a RangeError listing the known ones.
 */
export async function wordList(name: WordListName): Promise<WordList> {
  switch (name) {
    case 'original':
      return (await import('./original.js')).originalWords();
    case 'nyt-2022-03-16':
      return (await import('./nyt-2022-03-16.js')).nyt20220316();
    case 'nyt-2022-08-30':
      return (await import('./nyt-2022-08-30.js')).nyt20220830();
    case 'nyt-2023-07-01':
      return (await import('./nyt-2023-07-01.js')).nyt20230701();
  }
  throw new RangeError(`unknown word list ${describeValue(name)}; the lists are ${WORD_LIST_NAMES.join(', ')}`);
}
