import { describe, expect, it, vi } from 'vitest';
import {
  checkStrategy,
  allowedGuesses as originalGuesses,
  answers as originalAnswers,
  createSolver,
  createWordList,
  formatScore,
  hardModeViolation,
  parseScore,
  scoreGuess,
  type ScoredGuess,
  type Solver,
} from '../src/index.js';
import { allWords, expectError, referenceEmoji, referenceOptimum } from './reference.js';

const answers = originalAnswers();
const allowedGuesses = originalGuesses();

const SAMPLE = answers.filter((_, i) => i % 23 === 0); // 101 answers

describe('the solver on the original lists', () => {
  const normal = createSolver();
  /** The answers left after salet, by its feedback (the reference's, computed once per feedback). */
  const afterOpener = new Map<string, string[]>();
  const hard = createSolver({ hardMode: true });

  it('opens with salet and solves a sample of answers within 6 guesses, keeping the feedback honest', () => {
    expect(normal.opener).toBe('salet');
    for (const answer of SAMPLE) {
      const steps = normal.solve(answer);
      expect(steps.length).toBeLessThanOrEqual(6);
      expect(steps[0]!.guess).toBe('salet');
      expect(steps.at(-1)!.guess).toBe(answer);
      for (const step of steps) expect(formatScore(step.marks)).toBe(referenceEmoji(step.guess, answer));
      // Each step's remaining count is the number of answers consistent with the feedback so far: those consistent
      // with the turns before it, narrowed by this one (the first turn's answers are shared by every answer that
      // scores the same against salet).
      const history: ScoredGuess[] = [];
      let left = answers;
      for (const [i, step] of steps.slice(0, -1).entries()) {
        history.push({ guess: step.guess, marks: step.marks });
        const feedback = formatScore(step.marks);
        const narrowed = (): string[] => left.filter((a) => referenceEmoji(step.guess, a) === feedback);
        left = i === 0 ? (afterOpener.get(feedback) ?? afterOpener.set(feedback, narrowed()).get(feedback)!) : narrowed();
        expect(step.remaining).toBe(left.length);
        expect(normal.candidates(history)).toEqual(left);
      }
    }
  }, 120_000);

  it('plays only hard-mode-legal guesses in hard mode, within 6', () => {
    for (const answer of SAMPLE) {
      const steps = hard.solve(answer);
      expect(steps.length).toBeLessThanOrEqual(6);
      const history: ScoredGuess[] = [];
      for (const step of steps) {
        expect(hardModeViolation(history, step.guess), `${answer}: ${step.guess}`).toBeUndefined();
        history.push({ guess: step.guess, marks: step.marks });
      }
    }
  }, 120_000);

  it('solves all 2,315 answers in hard mode in 8,122 guesses, the proven optimum for salet, and plays that strategy', () => {
    // The same solver as above: the positions the sample reached are remembered.
    const summary = hard.evaluate();
    expect(summary.failures).toEqual([]);
    expect(summary.total).toBe(8122);
    const games = Object.fromEntries(answers.map((answer) => [answer, hard.solve(answer)]));
    const strategy = Object.fromEntries(Object.entries(games).map(([answer, steps]) => [answer, steps.map((step) => step.guess)]));
    expect(checkStrategy(hard.words, strategy, { hardMode: true })).toEqual({ total: 8122, max: summary.max });
    // A fresh solver told a game so far suggests the guess the game played next (found: salet all grey, the group the
    // exact search improves most).
    const fresh = createSolver({ hardMode: true });
    for (const answer of ['found', 'cigar']) {
      const steps = games[answer]!;
      for (let turn = 1; turn < steps.length; turn++) {
        expect(fresh.nextGuess(steps.slice(0, turn).map(({ guess, marks }) => ({ guess, marks }))), `${answer}, turn ${turn + 1}`).toBe(steps[turn]!.guess);
      }
    }
  }, 120_000);

  // One full evaluation (a few seconds with the matrix build), computed by the library.
  it('solves all 2,315 answers in normal mode in 7,920 guesses, the proven optimum for salet, with no failures', () => {
    const summary = normal.evaluate();
    expect(summary.failures).toEqual([]);
    expect(summary.total).toBe(7920); // Selby's proven optimum for salet
    expect(summary.max).toBeLessThanOrEqual(6);
    expect(Object.values(summary.distribution).reduce((a, b) => a + b, 0)).toBe(2315);
    const total = Object.entries(summary.distribution).reduce((sum, [k, v]) => sum + Number(k) * v, 0);
    expect(total).toBe(summary.total);
    expect(summary.average).toBeCloseTo(summary.total / 2315, 10);
    // The strategy the solver follows, played against every answer by checkStrategy: one strategy, the same total.
    const games = Object.fromEntries(answers.map((answer) => [answer, normal.solve(answer).map((step) => step.guess)]));
    expect(checkStrategy(normal.words, games)).toEqual({ total: summary.total, max: summary.max });
  });

  it('suggests next guesses from feedback (assist)', () => {
    expect(normal.nextGuess([])).toBe('salet');
    const history: ScoredGuess[] = [{ guess: 'salet', marks: scoreGuess('salet', 'cigar') }];
    const next = normal.nextGuess(history);
    expect(normal.solve('cigar')[1]!.guess).toBe(next);
    expectError(
      () => normal.nextGuess([{ guess: 'salet', marks: parseScore('22222') }, { guess: 'crane', marks: parseScore('22222') }]),
      RangeError,
      /no answer of the list original fits the feedback so far/,
    );
    expectError(() => normal.nextGuess([{ guess: 'vbpdj', marks: parseScore('00000') }]), RangeError, /history\[0\].guess must be an allowed guess/);
    // Only histories a game can have: not past the solving turn, only answers of the list, hard mode kept.
    expect(normal.nextGuess([{ guess: 'cigar', marks: parseScore('22222') }])).toBe('cigar');
    expectError(() => normal.nextGuess([{ guess: 'salet', marks: parseScore('22222') }]), RangeError, /turn 1 .*no answer of the list original fits/);
    expectError(
      () => normal.nextGuess([{ guess: 'cigar', marks: parseScore('22222') }, { guess: 'crane', marks: parseScore('00000') }]),
      RangeError,
      /turn 2 \(history\[1\], crane ⬜⬜⬜⬜⬜\) comes after the game was solved at turn 1/,
    );
    expect(normal.candidates([{ guess: 'salet', marks: parseScore('22222') }])).toEqual([]);
    const hard = createSolver({ hardMode: true });
    expectError(
      () => hard.nextGuess([{ guess: 'crane', marks: scoreGuess('crane', 'cigar') }, { guess: 'sugar', marks: scoreGuess('sugar', 'cigar') }]),
      RangeError,
      /turn 2 .* is not allowed in hard mode: 1st letter must be C/,
    );
    expect(normal.nextGuess([{ guess: 'crane', marks: scoreGuess('crane', 'cigar') }, { guess: 'sugar', marks: scoreGuess('sugar', 'cigar') }])).toMatch(/^[a-z]{5}$/);
  });

  it('refuses the histories no game can have that assist was given (each of them once said "Solved")', () => {
    const history = (...pairs: string[]): ScoredGuess[] => {
      const turns: ScoredGuess[] = [];
      for (let i = 0; i < pairs.length; i += 2) turns.push({ guess: pairs[i]!, marks: parseScore(pairs[i + 1]!) });
      return turns;
    };
    expectError(() => normal.nextGuess(history('cigar', '00000', 'cigar', '22222')), RangeError, /^turn 2 \(history\[1\], cigar 🟩🟩🟩🟩🟩\): no answer of the list original fits/);
    expectError(() => normal.nextGuess(history('salet', '22222', 'crane', '00000')), RangeError, /^turn 1 .*no answer of the list original fits/);
    expectError(() => normal.nextGuess(history('salet', '01000', 'cigar', '22222', 'crane', '00000')), RangeError, /^turn 3 .* comes after the game was solved at turn 2$/);
    expectError(() => normal.nextGuess(history('salet', '22220')), RangeError, /no answer of the list original fits the feedback so far/);
    expectError(() => hard.nextGuess(history('crane', '20000', 'sugar', '00000')), RangeError, /^turn 2 .* is not allowed in hard mode: 1st letter must be C/);
  });

  it('refuses bad options', () => {
    expectError(() => createSolver({ opener: 'vbpdj' }), RangeError, /opener must be an allowed guess of the list original; got 'vbpdj'/);
    expectError(() => createSolver({ width: 0 }), RangeError, /width must be an integer from 1 to 100; got 0/);
    expectError(() => createSolver({ maxGuesses: 1 }), RangeError, /maxGuesses must be an integer from 2 to 20/);
    expectError(() => createSolver({ words: { answers: [] } as never }), TypeError, /words must be a word list from createWordList or originalWords\(\); got an object/);
    expectError(() => normal.solve('salet'), RangeError, /answer must be one of the 2315 answers of the list original; got 'salet'/);
  });
});

describe('the solver on small lists, against an exhaustive reference', () => {
  it('finds the optimum when its width covers every guess', () => {
    // 14 answers and 40 guesses over a 6-letter alphabet, full of repeated letters.
    const pool = allWords('abcdef').filter((_, i) => i % 389 === 0);
    const answerList = pool.slice(0, 14);
    const list = createWordList({ answers: answerList, guesses: pool.slice(0, 40) });
    for (const opener of ['aaaaa', list.guesses[20]!]) {
      if (!list.has(opener)) continue;
      const solver = createSolver({ words: list, opener, width: 100, maxGuesses: 20 });
      const summary = solver.evaluate();
      // The reference optimum with the opener fixed: the opener's groups solved optimally.
      const groups = new Map<string, string[]>();
      for (const answer of answerList) {
        const s = referenceEmoji(opener, answer);
        groups.set(s, [...(groups.get(s) ?? []), answer]);
      }
      let optimum = answerList.length;
      for (const [s, group] of groups) if (s !== '🟩🟩🟩🟩🟩') optimum += referenceOptimum(group, list.guesses);
      expect(summary.total).toBe(optimum);
      expect(summary.failures).toEqual([]);
    }
  });

  it('picks its own opener for a custom list and solves every answer', () => {
    const list = createWordList({ answers: ['crane', 'crate', 'grate', 'irate', 'trace', 'react'], guesses: ['tacit', 'gecko'] });
    const solver = createSolver({ words: list });
    expect(list.has(solver.opener)).toBe(true);
    const summary = solver.evaluate();
    expect(summary.failures).toEqual([]);
    for (const answer of list.answers) expect(solver.solve(answer).at(-1)!.guess).toBe(answer);
  });
});

describe('the solver at the ends of its width range, and stopping it', () => {
  // Every 8th answer (290) with every allowed guess: the same search, a quarter of the work of the full list.
  const subset = createWordList({ answers: answers.filter((_, i) => i % 8 === 0), guesses: [...allowedGuesses] });

  it('evaluates at width 1 and width 100, normal and hard mode, without overflowing the stack', () => {
    // Regression: width 35 in hard mode recursed through guesses that split nothing until the stack overflowed.
    for (const hardMode of [false, true]) {
      const totals: number[] = [];
      for (const width of [1, 100]) {
        const solver = createSolver({ words: subset, hardMode, width, opener: 'salet' });
        const summary = solver.evaluate();
        expect(summary.played, `${hardMode} ${width}`).toBe(subset.answers.length);
        expect(summary.stopped).toBeUndefined();
        expect(Object.values(summary.distribution).reduce((a, b) => a + b, 0)).toBe(subset.answers.length);
        totals.push(summary.total);
      }
      // Wider never does worse than greedy here.
      expect(totals[1]).toBeLessThanOrEqual(totals[0]!);
    }
  });

  it('searches the largest group of hard mode (salet all grey, 221 answers) at widths 35 and 100', () => {
    // Regression: this recursed 2,900 positions deep through guesses that split nothing and overflowed the stack.
    const history: ScoredGuess[] = [{ guess: 'salet', marks: parseScore('00000') }];
    for (const width of [35, 100]) {
      const solver = createSolver({ hardMode: true, width });
      const next = solver.nextGuess(history);
      expect(hardModeViolation(history, next)).toBeUndefined();
      expect(solver.candidates([...history, { guess: next, marks: scoreGuess(next, 'found') }])).toContain('found');
    }
  }, 120_000);

  it('plays only guesses that split the answers left, so a game never repeats a position', () => {
    const solver = createSolver({ words: subset, hardMode: true, width: 100, opener: 'salet' });
    for (const answer of subset.answers.slice(0, 40)) {
      const steps = solver.solve(answer);
      for (let i = 1; i < steps.length - 1; i++) expect(steps[i]!.remaining).toBeLessThan(steps[i - 1]!.remaining);
    }
  });

  it('stops at a timeout or an aborted signal and says how far it got; reports progress', async () => {
    // A clock that runs a second per reading: the timeout passes after a few readings, on any machine.
    let skew = 0;
    const now = performance.now.bind(performance);
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now() + (skew += 1000));
    let timed: ReturnType<Solver['evaluate']>;
    try {
      timed = createSolver({ hardMode: true, width: 100 }).evaluate({ timeout: 300 });
    } finally {
      clock.mockRestore();
    }
    expect(timed.stopped).toBe('timeout');
    expect(timed.played).toBeLessThan(answers.length);
    expect(Object.values(timed.distribution).reduce((a, b) => a + b, 0)).toBe(timed.played);
    const controller = new AbortController();
    controller.abort();
    const aborted = createSolver({ width: 100 }).evaluate({ signal: controller.signal });
    expect(aborted).toMatchObject({ stopped: 'aborted', played: 0, total: 0, average: 0 });
    const seen: number[] = [];
    const small = createWordList({ answers: answers.slice(0, 60), guesses: [...allowedGuesses] });
    const summary = await createSolver({ words: small, opener: 'salet' }).evaluateAsync({ onProgress: (played, total) => seen.push(played, total) });
    expect(summary.played).toBe(60);
    expect(seen.at(-2)).toBe(60);
    expect(seen.at(-1)).toBe(60);
    expect(createSolver({ words: small, opener: 'salet' }).evaluate()).toEqual(summary);
    expectError(() => createSolver().evaluate({ timeout: -1 }), RangeError, /timeout must be a positive number/);
    expectError(() => createSolver().evaluate({ onProgress: 5 as never }), TypeError, /onProgress must be a function; got 5/);
  });
});
