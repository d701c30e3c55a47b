import { namedWordList, split, type WordList } from '../words.js';

/** The changes from one list to the next, five-letter words concatenated (as in the generated `*.data.ts`). */
export interface ListChanges {
  readonly ANSWERS_REMOVED: string;
  readonly ANSWERS_ADDED: string;
  readonly GUESSES_REMOVED: string;
  readonly GUESSES_ADDED: string;
}

/**
 * The list `before` with `changes` applied, named `name`: the answers in alphabetical order (the NYT lists carry no
 * daily order), and the guesses as every list has them, the answers first, then the other words alphabetically.
 * @internal
 */
export function applyChanges(name: string, before: WordList, changes: ListChanges): WordList {
  const removedAnswers = new Set(split(changes.ANSWERS_REMOVED));
  const removedGuesses = new Set(split(changes.GUESSES_REMOVED));
  const answers = before.answers.filter((w) => !removedAnswers.has(w)).concat(split(changes.ANSWERS_ADDED)).sort();
  const isAnswer = new Set(answers);
  const others = before.guesses
    .filter((w) => !removedGuesses.has(w))
    .concat(split(changes.GUESSES_ADDED))
    .filter((w) => !isAnswer.has(w))
    .sort();
  return namedWordList(name, answers, answers.concat(others));
}
