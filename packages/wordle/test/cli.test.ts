import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectOneLineErrors, fuzzCli, runBin, runShell } from '@puzzles/testkit/cli';
import { beforeAll, describe, expect, it } from 'vitest';
import { pickAnswer } from '../src/index.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [cli, ...args], { input: input ?? '', encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** One greedy run over every answer, shared by the tests that read it. */
let greedy: ReturnType<typeof run> | undefined;
const greedyRun = (): ReturnType<typeof run> => (greedy ??= run(['solve', '--all', '--width', '1', '--json']));

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
});

describe('wordle and a closed pipe', () => {
  it('stops quietly when the reader of its output goes away (no EPIPE stack trace)', () => {
    const script = `yes crane | head -n 100000 | "${process.execPath}" "${cli}" --answer cigar | head -n 1`;
    const result = spawnSync('sh', ['-c', script], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(result.stdout.split('\n').length).toBe(2);
    expect(result.stderr).toBe('');
  });
});

describe('wordle score', () => {
  it('prints the emoji row, or JSON', () => {
    expect(run(['score', 'xenon', 'train'])).toMatchObject({ code: 0, stdout: '⬜⬜⬜⬜🟩\n' });
    expect(JSON.parse(run(['score', 'kebab', 'abbey', '--json']).stdout)).toEqual({
      guess: 'kebab',
      answer: 'abbey',
      marks: ['absent', 'present', 'correct', 'present', 'present'],
      code: 1 * 3 + 2 * 9 + 1 * 27 + 1 * 81,
      feedback: '⬜🟨🟩🟨🟨',
    });
  });
  it('exits 1 on bad words and 2 on bad usage', () => {
    expect(run(['score', 'xen0n', 'train'])).toMatchObject({ code: 1, stderr: "wordle: guess must be five letters a-z; got 'xen0n'\n" });
    expect(run(['score', 'xenon']).code).toBe(2);
    expect(run(['score', 'xenon', 'train', '--hard']).stderr).toMatch(/--hard does not go with wordle score/);
  });
});

describe('wordle solve', () => {
  it('prints the guesses for an answer', () => {
    const { code, stdout } = run(['solve', '--answer', 'cigar']);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^1\. salet ⬜🟨⬜⬜⬜ {2}\d+ answers left$/);
    expect(lines.at(-2)).toMatch(/^\d\. cigar 🟩🟩🟩🟩🟩$/);
    expect(lines.at(-1)).toMatch(/^Solved in [2-6] guesses\.$/);
  });
  it('prints JSON, honours --opener and --hard', () => {
    const result = JSON.parse(run(['solve', '--answer', 'train', '--opener', 'crane', '--hard', '--json']).stdout) as {
      hardMode: boolean;
      opener: string;
      solved: boolean;
      guesses: number;
      turns: Array<{ guess: string; feedback: string; remaining: number }>;
    };
    expect(result).toMatchObject({ hardMode: true, opener: 'crane', solved: true });
    expect(result.turns[0]).toMatchObject({ guess: 'crane', feedback: '⬜🟩🟩🟨⬜' });
    expect(result.turns.at(-1)!.guess).toBe('train');
    expect(result.guesses).toBe(result.turns.length);
  });
  it('solves every answer with --all --json (greedy width 1 to keep this test quick)', () => {
    // The keys and types of this JSON are checked below, with every other --json output.
    const { code, stdout } = greedyRun();
    expect(code).toBe(0);
    const summary = JSON.parse(stdout) as { total: number; average: number; max: number; distribution: Record<string, number>; failures: string[] };
    expect(Object.values(summary.distribution).reduce((a, b) => a + b, 0)).toBe(2315);
    expect(summary.failures).toEqual([]);
    expect(summary.total).toBeLessThan(8000);
  });
  it('exits 1 with the summary when --all leaves failures, as --help says', () => {
    // Greedy hard mode (width 1) fails 7 answers: the JSON is still printed, and the exit status tells.
    const { code, stdout } = run(['solve', '--all', '--hard', '--width', '1', '--json']);
    expect(code).toBe(1);
    expect((JSON.parse(stdout) as { failures: string[] }).failures.length).toBeGreaterThan(0);
    expect(run(['--help']).stdout).toMatch(/1 on bad input or when solve --all leaves an answer unsolved/);
  });
  it('plays every answer at both ends of the documented width range, stopping at --timeout with what it did', () => {
    // Regression: --width 35 --hard overflowed the stack. Width 1 runs to the end above; width 100 runs 10-20 s, so
    // it is stopped here by --timeout, which must then print the partial summary and say on stderr how far it got.
    const text = runBin(cli, ['solve', '--all', '--width', '100', '--timeout', '1500ms']);
    expect(text.code).toBe(0);
    expect(text.stderr).toMatch(/^wordle: stopped after 1500ms \(--timeout\): [\d,]+ of 2,315 answers played\n$/);
    expect(text.stdout).toMatch(/^2315 answers, opener salet, normal mode, width 100 \(stopped: \d+ of 2315 answers played\)\n/);
    const json = runBin(cli, ['solve', '--all', '--hard', '--width', '100', '--timeout', '1s', '--json']);
    const summary = JSON.parse(json.stdout) as { played: number; stopped: string; width: number; hardMode: boolean; distribution: Record<string, number> };
    expect(summary).toMatchObject({ stopped: 'timeout', width: 100, hardMode: true });
    expect(summary.played).toBeLessThan(2315);
    expect(Object.values(summary.distribution).reduce((a, b) => a + b, 0)).toBe(summary.played);
    expect(runBin(cli, ['solve', '--answer', 'cigar', '--timeout', '1s']).stderr).toMatch(/--timeout goes with solve --all/);
    expect(runBin(cli, ['solve', '--all', '--timeout', 'soon']).code).toBe(2);
    expect(runBin(cli, ['solve', '--all', '--width', '101']).stderr).toMatch(/--width must be an integer from 1 to 100; got '101'/);
  });

  it('refuses bad usage and bad answers', () => {
    expect(run(['solve']).code).toBe(2);
    expect(run(['solve', '--answer', 'cigar', '--all']).code).toBe(2);
    expect(run(['solve', '--answer', 'salet'])).toMatchObject({ code: 1 });
    expect(run(['solve', '--answer', 'cigar', '--width', 'x']).code).toBe(2);
  });
});

describe('wordle assist', () => {
  it('suggests guesses from feedback lines in several notations', () => {
    const { code, stdout } = run(['assist'], 'salet ⬜🟨⬜⬜⬜\n\nbrond -y---\n');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Try: salet/);
    expect(lines).toContain('102 answers left');
    expect(lines.at(-1)).toMatch(/^Try: [a-z]{5}$/);
  });
  it('takes pairs as arguments, with JSON', () => {
    const lines = run(['assist', 'salet', '01000', 'brond', '01000', '--json']).stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    const last = JSON.parse(lines.at(-1)!) as { remaining: number; candidates: string[]; suggestion: string };
    expect(last.remaining).toBe(8);
    expect(last.candidates).toContain('cigar');
    expect(run(['assist', 'salet', '01000', 'cigar', 'ggggg']).stdout).toContain('Solved in 2.');
  });

  it('reports bad lines with their number, impossible feedback, and hard-mode breaches', () => {
    expect(run(['assist'], 'salet 00000\nsalet 2222\n')).toMatchObject({ code: 1 });
    expect(run(['assist'], 'salet 00000\nsalet 2222\n').stderr).toMatch(/^wordle: standard input line 2: feedback must be five marks/);
    expect(run(['assist', 'salet', '22220']).stderr).toMatch(/no answer of the list fits the feedback so far/);
    expect(run(['assist', '--hard', 'crane', '20000', 'sugar', '00000']).stderr).toMatch(/turn 2 .* is not allowed in hard mode: 1st letter must be C/);
  });

  it('agrees with nextGuess: no "Solved" for a word that is not an answer, nothing after the solving pair', () => {
    // Regressions: each of these said "Solved in N." (or ignored the pairs after it) and exited 0.
    const cases: Array<[string[], RegExp]> = [
      [['salet', '22222'], /^wordle: turn 1 \(history\[0\], salet 🟩🟩🟩🟩🟩\): no answer of the list fits/],
      [['cigar', '00000', 'cigar', '22222'], /^wordle: turn 2 \(history\[1\], cigar 🟩🟩🟩🟩🟩\): no answer of the list fits/],
      [['salet', '22222', 'crane', '00000'], /^wordle: turn 1 .*no answer of the list fits/],
      [['salet', '01000', 'cigar', '22222', 'crane', '00000'], /^wordle: turn 3 .* comes after the game was solved at turn 2\n$/],
    ];
    for (const [args, message] of cases) {
      const result = run(['assist', ...args]);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr).toMatch(message);
    }
    const piped = run(['assist'], 'salet 01000\ncigar 22222\ncrane 00000\n');
    expect(piped.code).toBe(1);
    expect(piped.stdout).toContain('Solved in 2.');
    expect(piped.stderr).toMatch(/^wordle: standard input line 3: turn 3 .* comes after the game was solved at turn 2/);
  });
});

describe('wordle --help, --version and usage errors', () => {
  it('prints help with examples and the version', () => {
    const help = run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Examples:');
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(run(['--version']).stdout).toBe(`${version}\n`);
  });
  it('prints help and the version after any command, even one missing its arguments', () => {
    // Review regression: `wordle solve --help` and `wordle score --help` were usage errors (exit 2).
    for (const args of [['solve', '--help'], ['score', '-h'], ['assist', '--help'], ['--answer', 'cigar', '--help']]) {
      const { code, stdout } = run(args);
      expect(code, args.join(' ')).toBe(0);
      expect(stdout).toContain('Examples:');
    }
    expect(run(['solve', '--version'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });
  it('exits 2 on unknown commands and options', () => {
    expect(run(['frobnicate'])).toMatchObject({ code: 2 });
    expect(run(['--frobnicate']).code).toBe(2);
    expect(run(['--answer', 'cigar', '--seed', '1']).stderr).toMatch(/give one of --answer, --seed and --daily/);
    expect(run(['--date', '2022-01-01']).code).toBe(2);
  });
  it('exits 1 on a bad answer', () => {
    expect(run(['--answer', 'vbpdj'])).toMatchObject({ code: 1, stderr: "wordle: answer must be a word of the list; got 'vbpdj'\n" });
  });
});

describe('wordle on the family runtime', () => {
  it('answers a misspelt option with one line and a suggestion, exit 2', () => {
    const result = runBin(cli, ['--bogus']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("wordle: unknown option '--bogus'; run 'wordle --help' for usage\n");
    expect(runBin(cli, ['solve', '--all', '--widht', '3']).stderr).toMatch(/^wordle: unknown option '--widht' \(did you mean --width\?\)/);
    expect(runBin(cli, ['solv']).stderr).toMatch(/^wordle: unknown command 'solv' \(did you mean solve\?\)/);
  });

  it('says in one line that standard input is a directory, exit 1', () => {
    for (const args of [['--answer', 'cigar'], ['assist']]) {
      const result = spawnSync('bash', ['-c', `"${process.execPath}" "${cli}" ${args.join(' ')} < /`], { encoding: 'utf8' });
      expect(result.status, args.join(' ')).toBe(1);
      expect(result.stderr).toBe('wordle: cannot read standard input: it is a directory\n');
    }
  });

  it('escapes terminal escape sequences from its input in messages', () => {
    const run = runBin(cli, ['assist'], { input: '\u001b[2Jhello 00000\n' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/\\u001b\[2jhello/i);
    expectOneLineErrors(run, 'wordle');
    const args = runBin(cli, ['score', '\u001b]0;pwned\u0007', 'cigar']);
    expect(args.code).toBe(1);
    expectOneLineErrors(args, 'wordle');
  });

  it('cuts a long bad line in its message instead of echoing it whole', () => {
    // The input comes from a file: the CLI stops reading at the bad line, which a pipe writer would see as EPIPE.
    const dir = mkdtempSync(join(tmpdir(), 'wordle-'));
    try {
      for (const length of [100_000, 10_000_000]) {
        const file = join(dir, `line-${length}.txt`);
        writeFileSync(file, `${'x'.repeat(length)}\n`);
        const run = runShell(cli, `BIN assist < '${file}'`);
        expect(run.code, String(length)).toBe(1);
        expect(run.stderr.length, String(length)).toBeLessThan(300);
        expect(run.stderr).toMatch(/^wordle: standard input line 1: /);
        expectOneLineErrors(run, 'wordle');
      }
      const file = join(dir, 'guess.txt');
      writeFileSync(file, `${'y'.repeat(10_000_000)}\n`);
      const game = runShell(cli, `BIN --answer cigar < '${file}'`);
      expect(game.code).toBe(1);
      expect(game.stdout.length + game.stderr.length).toBeLessThan(1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The example commands of a text: lines starting with `command` (and pipelines into it), with any output shown after them. */
function examplesOf(text: string, command: RegExp): Array<{ line: string; shown: string | undefined }> {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => command.test(line))
    .map((line) => {
      const [, cmd, shown] = /^(.*?\S)(?:\s{2,}(?:#\s*)?(\S.*))?$/.exec(line)!;
      return { line: cmd!, shown };
    });
}

/** Runs one example through bash, its `wordle` being the built CLI; a game without piped guesses gets six guesses. */
function runExample(line: string, bin: RegExp) {
  const script = line.replace(bin, 'BIN');
  return runShell(cli, script, { input: 'crane\n'.repeat(6), timeout: 60_000 });
}

describe('every example of --help runs', () => {
  const help = run(['--help']).stdout;
  const section = help.slice(help.indexOf('Examples:'), help.indexOf('Exit status:'));
  const examples = examplesOf(section, /(^|\| )wordle( |$)/);
  it('has examples', () => expect(examples.length).toBeGreaterThanOrEqual(7));
  for (const { line, shown } of examples) {
    it(line, () => {
      const result = runExample(line, /\bwordle\b/g);
      expect(result.code, result.stderr).toBe(0);
      for (const message of result.stderr.split('\n').filter(Boolean)) expect(message).toMatch(/^wordle: stopped after/);
      if (shown !== undefined) expect(result.stdout).toContain(shown);
    });
  }
});

/** The keys of a JSON object and the type of each value ('array', 'null', or typeof). */
function shape(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v]));
}

describe('every --json output follows the family convention (compact, keys and types)', () => {
  it('score --json: one object with the library\'s marks and code, and the feedback row', () => {
    const { stdout } = run(['score', 'xenon', 'train', '--json']);
    expect(stdout.split('\n')).toHaveLength(2);
    expect(stdout).not.toMatch(/": /);
    const value = JSON.parse(stdout) as Record<string, unknown>;
    expect(shape(value)).toEqual({ guess: 'string', answer: 'string', marks: 'array', code: 'number', feedback: 'string' });
    expect(value.marks).toEqual(['absent', 'absent', 'absent', 'absent', 'correct']);
  });

  it('solve --answer --json: the game as turns [{guess, feedback}] and guesses, the count made', () => {
    const { stdout } = run(['solve', '--answer', 'cigar', '--json']);
    const value = JSON.parse(stdout) as Record<string, unknown> & { turns: Array<Record<string, unknown>> };
    expect(shape(value)).toEqual({ answer: 'string', hardMode: 'boolean', opener: 'string', width: 'number', turns: 'array', guesses: 'number', solved: 'boolean' });
    for (const turn of value.turns) expect(shape(turn)).toEqual({ guess: 'string', feedback: 'string', remaining: 'number' });
    expect(value.guesses).toBe(value.turns.length);
    expect(value.turns.at(-1)).toMatchObject({ guess: 'cigar', feedback: '🟩🟩🟩🟩🟩' });
  });

  it('solve --all --json: one summary, distribution keyed by guess count, time in ms', () => {
    const { stdout } = greedyRun();
    expect(stdout.split('\n')).toHaveLength(2);
    const value = JSON.parse(stdout) as Record<string, unknown> & { distribution: Record<string, unknown>; failures: unknown[] };
    expect(shape(value)).toEqual({
      answerCount: 'number',
      hardMode: 'boolean',
      opener: 'string',
      width: 'number',
      played: 'number',
      total: 'number',
      average: 'number',
      max: 'number',
      distribution: 'object',
      failures: 'array',
      ms: 'number',
    });
    for (const [key, count] of Object.entries(value.distribution)) {
      expect(key).toMatch(/^[1-9]\d*$/);
      expect(Number.isInteger(count)).toBe(true);
    }
    expect(Number.isInteger(value.ms) || Number.isInteger((value.ms as number) * 10)).toBe(true);
  });

  it('assist --json: NDJSON, one line of the same shape per turn', () => {
    const { stdout } = run(['assist', '--json'], 'salet 01000\nbrond 01000\ncigar 22222\n');
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(4);
    for (const [i, line] of lines.entries()) {
      const solved = i === 3;
      expect(shape(line)).toEqual({ guesses: 'number', solved: 'boolean', remaining: 'number', candidates: 'array', suggestion: solved ? 'null' : 'string' });
      expect(line.guesses).toBe(i);
      expect(line.solved).toBe(solved);
    }
  });
});

describe('every CLI example of the README runs', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const cliSection = readme.slice(readme.indexOf('## CLI'));
  const block = /```sh\n([^]*?)```/.exec(cliSection)![1]!;
  const examples = block
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => ({ line: line.replace(/\s+#.*$/, ''), shown: /#\s*→\s*(.+)$/.exec(line)?.[1] }));
  it('has examples, each run the way that runs this package', () => {
    expect(examples.length).toBeGreaterThanOrEqual(8);
    for (const { line } of examples) expect(line).toMatch(/(^|\| )(npx @puzzles\/wordle|pnpm exec wordle)( |$)/);
    expect(block).not.toMatch(/npx wordle/);
  });
  for (const { line, shown } of examples) {
    it(line, () => {
      const result = runExample(line, /npx @puzzles\/wordle|pnpm exec wordle/g);
      expect(result.code, result.stderr).toBe(0);
      for (const message of result.stderr.split('\n').filter(Boolean)) expect(message).toMatch(/^wordle: stopped after/);
      if (shown !== undefined) expect(result.stdout).toContain(shown);
    });
  }
});

describe('wordle under arbitrary arguments and input', () => {
  fuzzCli('wordle', cli, {
    words: [
      'score', 'solve', 'assist', 'play', '--answer', 'cigar', 'novel', '--seed', '42', '--daily', '--date', '2021-06-19',
      '--hard', '--all', '--opener', 'salet', '--width', '1', '3', '--json', '--timeout', '1s', '00120', '22222', 'g-y--',
      'crane', '-h', '--version', '-',
    ],
    numRuns: 30,
    timeout: 30_000,
  });
});
