// The game on the command line: a process fed by a pipe (what it prints, how it ends on bad or endless input, and
// --timeout). Cheap spawns only: a game needs no solver.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_TIMEOUT, expectOneLineErrors, runHeldOpen, runShell } from '@puzzles/testkit/cli';
import { beforeAll, describe, expect, it } from 'vitest';
import { pickAnswer } from '../src/index.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [cli, ...args], { input: input ?? '', encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing (pnpm test builds it)`);
});

describe('wordle (play)', () => {
  it('plays a game from a pipe, echoing each guess after its prompt, and shares a practice game as practice', () => {
    // Regressions: piped guesses were not echoed, and --answer novel shared as "Wordle 1404 4/6", a day it was not.
    const { code, stdout, stderr } = run(['--answer', 'novel'], 'hello\nlobes\ncranes\n\ncrane\nnovel\n');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('guess the five-letter word in 6 tries');
    const body = stdout.split('\n').slice(2).join('\n');
    expect(body).toBe(
      [
        'Guess 1/6: hello',
        'Try again! Guess number 1. Score is: ⬜🟨🟨⬜🟨',
        'Guess 2/6: lobes',
        'Try again! Guess number 2. Score is: 🟨🟩⬜🟩⬜',
        'Guess 3/6: cranes',
        'Guess too long',
        'Guess 3/6: crane',
        'Try again! Guess number 3. Score is: ⬜⬜⬜🟨🟨',
        'Guess 4/6: novel',
        'Correct! Game Won in 4 guesses',
        '',
        'Wordle (practice) 4/6',
        '',
        '⬜🟨🟨⬜🟨',
        '🟨🟩⬜🟩⬜',
        '⬜⬜⬜🟨🟨',
        '🟩🟩🟩🟩🟩',
        '',
      ].join('\n'),
    );
  });

  it('echoes a piped guess with control characters escaped and a long one cut', () => {
    const { stdout } = run(['--answer', 'novel'], `\u001b[2Jxx\n${'q'.repeat(5000)}\nnovel\n`);
    expect(stdout).toContain('Guess 1/6: \\u001b[2Jxx\n');
    expect(stdout).not.toContain('\u001b');
    expect(stdout).toMatch(/Guess 1\/6: 'q{37}\.\.\.' \(5000 characters\)\nGuess too long/);
    expect(stdout.length).toBeLessThan(1000);
  });

  it('ends a lost game with Game Over, the answer and X/6; hard mode adds *', () => {
    const { code, stdout } = run(['--answer', 'cigar', '--hard'], 'crane\nsugar\nclear\ncedar\ncymar\nclear\ncimar\n');
    expect(code).toBe(0);
    expect(stdout).toContain('(hard mode)');
    expect(stdout).toContain('1st letter must be C');
    expect(stdout).toMatch(/Game Over\. Answer was: cigar/);
    expect(stdout).toMatch(/^Wordle \(practice\) X\/6\*$/m);
  });

  it('plays a seeded game reproducibly and the daily game of a date', () => {
    const answer = pickAnswer({ seed: '42' });
    expect(run(['--seed', '42'], `${answer}\n`).stdout).toContain('Correct! Game Won in 1 guess');
    const daily = run(['--daily', '--date', '2021-06-19'], 'cigar\n');
    expect(daily.stdout).toContain('Wordle 0: guess');
    expect(daily.stdout).toMatch(/^Wordle 0 1\/6$/m);
    expect(run(['--daily', '--date', '2021-06-18']).stderr).toMatch(/Wordle starts on 2021-06-19/);
  });

  it('exits 1 when the input ends before the game is over, naming the answer', () => {
    const { code, stderr } = run(['--answer', 'cigar'], 'crane\n');
    expect(code).toBe(1);
    expect(stderr).toBe('wordle: the input ended before the game was over; the answer was cigar\n');
  });

  it('exits 1 on a bad answer, and says in one line that standard input is a directory', () => {
    expect(run(['--answer', 'vbpdj'])).toMatchObject({ code: 1, stderr: "wordle: answer must be a word of the list original; got 'vbpdj'\n" });
    const result = spawnSync('bash', ['-c', `"${process.execPath}" "${cli}" --answer cigar < /`], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('wordle: cannot read standard input: it is a directory\n');
  });

  it('refuses a guess line too long to be read, in one short line', () => {
    // The input comes from a file: the CLI stops reading at the bad line, which a pipe writer would see as EPIPE.
    const dir = mkdtempSync(join(tmpdir(), 'wordle-'));
    try {
      const file = join(dir, 'guess.txt');
      writeFileSync(file, `${'y'.repeat(10_000_000)}\n`);
      const game = runShell(cli, `BIN --answer cigar < '${file}'`);
      expect(game.code).toBe(1);
      expect(game.stdout.length + game.stderr.length).toBeLessThan(1000);
      expectOneLineErrors(game, 'wordle');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a game fed only lines that give no guess ends', () => {
  it('ends after 10 refused or empty lines in a row from a pipe, in one line on stderr, exit 1', () => {
    // Refused guesses are not counted, so `yes | wordle` used to loop for ever, writing "Guess too short" each time.
    for (const [what, input] of [
      ['refused guesses', 'y\n'.repeat(10_000)],
      ['empty lines', '\n'.repeat(10_000)],
      ['refused guesses and empty lines', 'y\n\n'.repeat(5_000)],
    ] as const) {
      const { code, stdout, stderr } = run(['--answer', 'cigar'], input);
      expect(code, what).toBe(1);
      expect(stderr, what).toBe('wordle: 10 lines in a row were refused or empty; the game ends (the answer was cigar)\n');
      // The greeting, then at most two lines per line read before the game ended: no share grid.
      expect(stdout.split('\n').length, what).toBeLessThanOrEqual(2 + 2 * 10 + 1);
      expect(stdout).not.toContain('Wordle (practice)');
    }
  });

  it('counts only refusals in a row: a scored guess starts the count again, and six scored guesses end the game', () => {
    const input = `${'y\n'.repeat(9)}crane\n`.repeat(6);
    const { code, stdout, stderr } = run(['--answer', 'cigar'], input);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Game Over\. Answer was: cigar/);
    expect(stdout).toMatch(/^Wordle \(practice\) X\/6$/m);
  });

  it('ends `yes | wordle` (endless input) and says why', () => {
    const endless = runShell(cli, 'yes | BIN --seed 1 | tail -1', { timeout: 30_000 });
    expect(endless.signal).toBeNull();
    expect(endless.code).toBe(1);
    expect(endless.stderr).toMatch(/^wordle: 10 lines in a row were refused or empty; the game ends \(the answer was [a-z]{5}\)\n$/);
  });

  it('says the rule and the exit status in --help', () => {
    const help = run(['--help']).stdout;
    expect(help).toContain('10 refused or empty lines in a row end the game');
    expect(help).toMatch(/1 on bad input \(a game: input that ended or kept being\s+refused before the game was over\)/);
  });
});

describe('a game with --timeout', () => {
  it('stops waiting for guesses after T, says so with the answer, and exits 124', async () => {
    // No guess ever comes (standard input stays open and silent), so only --timeout can end this game.
    const { code, stdout, stderr } = await runHeldOpen(cli, ['--answer', 'cigar', '--timeout', '300ms']);
    expect(code).toBe(EXIT_TIMEOUT);
    expect(stderr).toBe('wordle: stopped after 300ms (--timeout): 0 guesses made; the answer was cigar\n');
    expect(stdout).toMatch(/^Wordle: guess the five-letter word in 6 tries\./);
    expect(stdout).not.toContain('Wordle (practice)');
  });

  it('finishes a game that ends in time with status 0, and says 124 in --help', () => {
    // A game that ended before the limit was not stopped by it: the limit is long, and the game is over at once.
    expect(run(['--answer', 'cigar', '--timeout', '10m'], 'cigar\n')).toMatchObject({ code: 0, stderr: '' });
    expect(run(['--help']).stdout).toMatch(/124 when --timeout stopped the work/);
    expect(run(['--answer', 'cigar', '--timeout', 'soon']).code).toBe(2);
  });
});

describe('wordle and a closed pipe', () => {
  it('stops quietly when the reader of its output goes away (no EPIPE stack trace)', () => {
    const script = `yes crane | head -n 100000 | "${process.execPath}" "${cli}" --answer cigar | head -n 1`;
    const result = spawnSync('sh', ['-c', script], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(result.stdout.split('\n').length).toBe(2);
    expect(result.stderr).toBe('');
  });
});
