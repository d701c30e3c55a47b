import { describeValue } from '../errors.js';
import { hardModeViolation, type ScoredGuess } from '../hard.js';
import { decodePattern, scoreCode, SOLVED_CODE } from '../score.js';
import { wordListOf, type WordList } from '../words.js';

/** What playing a strategy against every answer gave (see `checkStrategy`). */
export interface StrategyCheck {
  /** Guesses over every answer, the solving one included. */
  readonly total: number;
  /** The most guesses any answer took. */
  readonly max: number;
}

/**
 * Plays a strategy, given as each answer's guesses (`{ cigar: ['salet', 'brond', 'chair', 'cigar'], … }`), against
 * every answer of the list and checks that it is one strategy: every answer of the list is there and solved by its
 * last guess within `maxGuesses`, every guess is allowed (and keeps the hints in hard mode), and the same feedback so
 * far always leads to the same next guess. Returns the total; throws a RangeError naming the first answer that fails.
 */
export function checkStrategy(
  words: WordList,
  games: Readonly<Record<string, readonly string[]>>,
  options: { readonly hardMode?: boolean; readonly maxGuesses?: number } = {},
): StrategyCheck {
  const list = wordListOf(words);
  if (typeof games !== 'object' || games === null) throw new TypeError(`games must be an object of answer → guesses; got ${describeValue(games)}`);
  const hardMode = options.hardMode === true;
  const maxGuesses = options.maxGuesses ?? 6;
  /** The next guess after each history of feedback (guess and code so far). */
  const next = new Map<string, string>();
  let total = 0;
  let max = 0;
  const names = Object.keys(games);
  if (names.length !== list.answers.length) {
    throw new RangeError(`a strategy must play each of the ${list.answers.length} answers of the list ${list.name ?? 'given'}; got ${names.length} games`);
  }
  for (const answer of list.answers) {
    const guesses = games[answer];
    if (!Array.isArray(guesses) || guesses.length === 0) throw new RangeError(`the strategy has no game for the answer ${answer}`);
    if (guesses.length > maxGuesses) throw new RangeError(`the game of ${answer} takes ${guesses.length} guesses; at most ${maxGuesses} are allowed`);
    const history: ScoredGuess[] = [];
    let key = '';
    for (const [i, guess] of guesses.entries()) {
      if (typeof guess !== 'string' || !list.has(guess)) throw new RangeError(`the game of ${answer} plays ${describeValue(guess)}, not an allowed guess of the list ${list.name ?? 'given'}`);
      const before = next.get(key);
      if (before === undefined) next.set(key, guess);
      else if (before !== guess) throw new RangeError(`the game of ${answer} plays ${guess} at guess ${i + 1} where another game with the same feedback plays ${before}`);
      if (hardMode) {
        const violation = hardModeViolation(history, guess);
        if (violation !== undefined) throw new RangeError(`the game of ${answer} plays ${guess} at guess ${i + 1}, which hard mode forbids: ${violation}`);
      }
      const code = scoreCode(guess, answer);
      if ((code === SOLVED_CODE) !== (i === guesses.length - 1)) {
        throw new RangeError(`the game of ${answer} ${code === SOLVED_CODE ? 'goes on after solving it' : 'ends before solving it'} at guess ${i + 1}`);
      }
      history.push({ guess, marks: decodePattern(code) });
      key += `${guess}${String.fromCharCode(code)}`;
    }
    total += guesses.length;
    if (guesses.length > max) max = guesses.length;
  }
  return { total, max };
}
