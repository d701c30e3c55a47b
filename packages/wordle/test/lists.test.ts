// The named word lists: the NYT's lists of 2022-03-16, 2022-08-30 and 2023-07-01 beside the original ones, loaded by
// name, and `--list NAME` in the CLI.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { inParallel, runAsync } from '@puzzles/testkit/cli';
import { beforeAll, describe, expect, it } from 'vitest';
import { WORD_LIST_NAMES, createGame, createSolver, createWordList, originalWords, playRound, wordList, type WordList, type WordListName } from '../src/index.js';

const lists = new Map<WordListName, WordList>();
beforeAll(async () => {
  for (const name of WORD_LIST_NAMES) lists.set(name, await wordList(name));
});
const list = (name: WordListName): WordList => lists.get(name)!;

describe('wordList', () => {
  it('has the published counts: answers and allowed guesses', () => {
    const counts = Object.fromEntries(WORD_LIST_NAMES.map((name) => [name, [list(name).answers.length, list(name).guesses.length]]));
    expect(counts).toEqual({
      original: [2315, 12972],
      'nyt-2022-03-16': [2309, 12972],
      'nyt-2022-08-30': [2309, 14855],
      'nyt-2023-07-01': [3158, 14855],
    });
  });

  it('names each list, hands out the same list every time, and keeps the original one as originalWords()', async () => {
    for (const name of WORD_LIST_NAMES) {
      expect(list(name).name).toBe(name);
      expect(await wordList(name)).toBe(list(name));
    }
    expect(list('original')).toBe(originalWords());
  });

  it('holds the NYT changes: six answers dropped in March 2022, 1,883 guesses added in August 2022, new answers in 2023', () => {
    const dropped = originalWords().answers.filter((w) => !list('nyt-2022-03-16').answers.includes(w));
    expect(dropped.sort()).toEqual(['agora', 'fibre', 'lynch', 'pupal', 'slave', 'wench']);
    expect(new Set(list('nyt-2022-03-16').guesses)).toEqual(new Set(originalWords().guesses));
    expect(list('nyt-2022-08-30').answers).toEqual(list('nyt-2022-03-16').answers);
    const march = new Set(list('nyt-2022-03-16').guesses);
    expect(list('nyt-2022-08-30').guesses.filter((w) => !march.has(w))).toHaveLength(1883);
    expect(new Set(list('nyt-2023-07-01').guesses)).toEqual(new Set(list('nyt-2022-08-30').guesses));
    expect(list('nyt-2023-07-01').answers).toContain('abash');
    expect(list('nyt-2022-08-30').answers).not.toContain('abash');
  });

  it('keeps every list well-formed: answers alphabetical and first among the guesses, no word twice, five letters a-z', () => {
    for (const name of WORD_LIST_NAMES.slice(1)) {
      const { answers, guesses } = list(name);
      expect([...answers].sort()).toEqual(answers);
      expect(guesses.slice(0, answers.length)).toEqual(answers);
      expect(new Set(guesses).size).toBe(guesses.length);
      expect(guesses.filter((word) => !/^[a-z]{5}$/.test(word))).toEqual([]);
      expect(answers.every((word, i) => list(name).indexOf(word) === i)).toBe(true);
    }
  });

  it('refuses an unknown name, listing the known ones', async () => {
    await expect(wordList('nyt-2024-01-01' as WordListName)).rejects.toThrow(
      new RangeError("unknown word list 'nyt-2024-01-01'; the lists are original, nyt-2022-03-16, nyt-2022-08-30, nyt-2023-07-01"),
    );
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (name) => {
        fc.pre(!(WORD_LIST_NAMES as readonly unknown[]).includes(name));
        await expect(wordList(name as WordListName)).rejects.toThrow(/^unknown word list .*; the lists are original, /);
      }),
      { numRuns: process.env.CI ? 200 : 50 },
    );
  });

  it('names the list when a word is not in it: the solver, the game; a custom list is "custom" unless named', () => {
    const nyt = list('nyt-2022-03-16');
    expect(() => createSolver({ words: nyt, opener: 'aapas' })).toThrow(/opener must be an allowed guess of the list nyt-2022-03-16; got 'aapas'/);
    expect(() => createGame({ answer: 'aapas', words: nyt })).toThrow(/answer must be a word of the list nyt-2022-03-16; got 'aapas'/);
    expect(() => createSolver({ words: nyt, opener: 'salet' }).solve('slave')).toThrow(/one of the 2309 answers of the list nyt-2022-03-16; got 'slave'/);
    // aapas: allowed since 2022-08-30 only.
    const game = createGame({ answer: 'cigar', words: list('nyt-2022-08-30') });
    expect(playRound(game, 'aapas').accepted).toBe(true);
    expect(playRound(createGame({ answer: 'cigar', words: nyt }), 'aapas')).toMatchObject({ accepted: false, message: 'Not a word from the dictionary' });
    expect(createWordList({ answers: ['cigar'] }).name).toBe('custom');
    expect(createWordList({ answers: ['cigar'], name: 'mine' }).name).toBe('mine');
    expect(() => createWordList({ answers: ['cigar'], name: '' })).toThrow(TypeError);
  });
});

describe('wordle --list', () => {
  const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
  const RUNS: Array<[string[], string]> = [
    [['--list', 'nyt-2022-03-16', '--answer', 'cigar'], 'aapas\ncigar\n'],
    [['--list', 'nyt-2022-08-30', '--answer', 'cigar'], 'aapas\ncigar\n'],
    [['solve', '--all', '--list', 'nyt-2021'], ''],
    [['--daily', '--list', 'nyt-2023-07-01'], ''],
    [['solve', '--answer', 'abash', '--list', 'nyt-2023-07-01', '--json'], ''],
    [['assist', '--list', 'nyt-2022-03-16', 'aapas', '00000'], ''],
  ];
  let results: Array<{ code: number | null; stdout: string; stderr: string }> = [];
  beforeAll(async () => {
    if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing`);
    results = await inParallel(RUNS, ([args, input]) => runAsync(cli, args, { input }));
  }, 120_000);

  it('plays on the chosen lists and refuses a word the list lacks, naming the list', () => {
    expect(results[0]!.stdout).toContain('Not a word from the dictionary (list nyt-2022-03-16)');
    expect(results[0]!.stdout).toContain('Correct! Game Won in 1 guess');
    expect(results[1]!.stdout).not.toContain('Not a word from the dictionary');
    expect(results[1]!.stdout).toContain('Correct! Game Won in 2 guesses');
  });

  it('refuses an unknown list with the known names (exit 2), and --daily with an NYT list', () => {
    expect(results[2]).toMatchObject({ code: 2, stdout: '' });
    expect(results[2]!.stderr).toContain("wordle: unknown word list 'nyt-2021'; the lists are original, nyt-2022-03-16, nyt-2022-08-30, nyt-2023-07-01");
    expect(results[3]).toMatchObject({ code: 2 });
    expect(results[3]!.stderr).toContain('--daily goes with the original lists only');
  });

  it('solves and assists on the chosen lists, naming them', () => {
    const solved = JSON.parse(results[4]!.stdout) as { list: string; solved: boolean; turns: Array<{ guess: string }> };
    expect(results[4]!.code).toBe(0);
    expect(solved).toMatchObject({ list: 'nyt-2023-07-01', solved: true });
    expect(solved.turns.at(-1)!.guess).toBe('abash');
    expect(results[5]).toMatchObject({ code: 1, stdout: '' });
    expect(results[5]!.stderr).toContain("must be an allowed guess of the list nyt-2022-03-16; got 'aapas'");
  });
});
