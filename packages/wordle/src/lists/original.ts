// The original lists, loaded by `wordList('original')` as the NYT lists are: a bundle of `wordList` alone carries none.
export { originalWords } from '../words.js';
