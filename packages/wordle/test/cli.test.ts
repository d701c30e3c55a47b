// The wordle process for score, solve --answer and assist: exit codes, standard input and output, the family's
// runtime. What the solver answers is tested in-process (solver.test.ts); a process is spawned here where the process
// is the point, and a solver is built in as few of them as the checks allow (about a second each).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectOneLineErrors, fuzzCli, inParallel, runAsync, runBin, runShell } from '@puzzles/testkit/cli';
import { beforeAll, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [cli, ...args], { input: input ?? '', encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The runs that build a solver (about a second each), made side by side before the tests read them. */
const SOLVER_RUNS: Array<[args: string[], input: string]> = [
  [['solve', '--answer', 'train', '--opener', 'crane', '--hard', '--json'], ''],
  [['assist', 'salet', '01000', 'cigar', '22222', 'crane', '00000'], ''],
  [['assist'], 'crane 22100\n'.repeat(10_000)],
  [['assist', '--json'], 'salet 01000\nbrond 01000\ncigar 22222\ncrane 00000\n'],
];
const solverRuns = new Map<string, { code: number | null; stdout: string; stderr: string }>();
/** One of SOLVER_RUNS, as run() gives it. */
function solverRun(args: string[], input = '') {
  const result = solverRuns.get(JSON.stringify([args, input]));
  if (result === undefined) throw new Error(`not among SOLVER_RUNS: ${args.join(' ')}`);
  return result;
}

beforeAll(async () => {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing (pnpm test builds it)`);
  const results = await inParallel(SOLVER_RUNS, ([args, input]) => runAsync(cli, args, { input }));
  for (const [i, [args, input]] of SOLVER_RUNS.entries()) solverRuns.set(JSON.stringify([args, input]), results[i]!);
}, 120_000);

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
  it('prints JSON, honours --opener and --hard', () => {
    const result = JSON.parse(solverRun(['solve', '--answer', 'train', '--opener', 'crane', '--hard', '--json']).stdout) as {
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
  it('refuses bad usage and bad answers', async () => {
    const [none, both, salet, width, timeout, soon, wide] = await inParallel(
      [
        ['solve'],
        ['solve', '--answer', 'cigar', '--all'],
        ['solve', '--answer', 'salet'],
        ['solve', '--answer', 'cigar', '--width', 'x'],
        ['solve', '--answer', 'cigar', '--timeout', '1s'],
        ['solve', '--all', '--timeout', 'soon'],
        ['solve', '--all', '--width', '101'],
      ],
      (args) => runAsync(cli, args),
    );
    expect(none!.code).toBe(2);
    expect(both!.code).toBe(2);
    expect(salet).toMatchObject({ code: 1 });
    expect(width!.code).toBe(2);
    expect(timeout!.stderr).toMatch(/--timeout goes with solve --all/);
    expect(soon!.code).toBe(2);
    expect(wide!.stderr).toMatch(/--width must be an integer from 1 to 100; got '101'/);
  });
});

describe('wordle assist', () => {
  it('reports bad lines with their number, and a history the library refuses in one line, exit 1', () => {
    // Which histories are refused, and the messages, are the library's (solver.test.ts): here, how the CLI says them.
    // Line 1 is empty (skipped, but counted): the bad line is line 2.
    const piped = run(['assist'], '\nsalet 2222\n');
    expect(piped).toMatchObject({ code: 1 });
    expect(piped.stderr).toMatch(/^wordle: standard input line 2: feedback must be five marks/);
    // A history the library refuses, as arguments: one line, nothing printed (see also the next test).
    const args = solverRun(['assist', 'salet', '01000', 'cigar', '22222', 'crane', '00000']);
    expect(args.code).toBe(1);
    expect(args.stdout).toBe('');
    expect(args.stderr).toMatch(/^wordle: turn 3 \(history\[2\], crane ⬜⬜⬜⬜⬜\) comes after the game was solved at turn 2\n$/);
  });

  it('ends on a pipe that never ends: at most 100 turns', () => {
    // `yes 'salet 00000' | wordle assist` grew the history (and the work per line) for ever.
    // crane 22100 leaves one answer (croak), and the same turn again fits it: 10,000 of them would be taken one by one.
    const { code, stdout, stderr } = solverRun(['assist'], 'crane 22100\n'.repeat(10_000));
    expect(code).toBe(1);
    expect(stderr).toBe('wordle: standard input line 101: turn 101: a game has at most 100 guesses\n');
    expect(stdout.trim().split('\n')).toHaveLength(1 + 2 * 100);
    expect(stdout).toMatch(/1 answer left: croak\nTry: croak\n$/);
  });

  it('assist --json: NDJSON, one line of the same shape per turn; from a pipe, nothing after the solving line', () => {
    // Regression: a line after the solving one was ignored (exit 0); it is refused, after the turns before it were
    // answered (the solving one included).
    const { code, stdout, stderr } = solverRun(['assist', '--json'], 'salet 01000\nbrond 01000\ncigar 22222\ncrane 00000\n');
    expect(code).toBe(1);
    expect(stderr).toMatch(/^wordle: standard input line 4: turn 4 .* comes after the game was solved at turn 3\n$/);
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(4);
    for (const [i, line] of lines.entries()) {
      const solved = i === 3;
      expect(Object.keys(line)).toEqual(['guesses', 'solved', 'remaining', 'candidates', 'suggestion']);
      expect(typeof line.guesses).toBe('number');
      expect(typeof line.remaining).toBe('number');
      expect(Array.isArray(line.candidates)).toBe(true);
      expect(line.suggestion === null ? 'null' : typeof line.suggestion).toBe(solved ? 'null' : 'string');
      expect(line.guesses).toBe(i);
      expect(line.solved).toBe(solved);
    }
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
  it('prints help and the version after any command, even one missing its arguments', async () => {
    // Review regression: `wordle solve --help` and `wordle score --help` were usage errors (exit 2).
    const commands = [['solve', '--help'], ['score', '-h'], ['assist', '--help'], ['--answer', 'cigar', '--help']];
    const results = await inParallel(commands, (args) => runAsync(cli, args));
    for (const [i, args] of commands.entries()) {
      const { code, stdout } = results[i]!;
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
    const result = spawnSync('bash', ['-c', `"${process.execPath}" "${cli}" assist < /`], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('wordle: cannot read standard input: it is a directory\n');
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
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('wordle under arbitrary arguments and input', () => {
  // Each run is a process (a solver in it takes a second): a few runs locally, more in CI. `--all` is left out of
  // the words (a run over every answer takes seconds); solve --all has its own tests.
  fuzzCli('wordle', cli, {
    words: [
      'score', 'solve', 'assist', 'play', '--answer', 'cigar', 'novel', '--seed', '42', '--daily', '--date', '2021-06-19',
      '--hard', '--opener', 'salet', '--width', '1', '3', '--json', '--timeout', '1s', '00120', '22222', 'g-y--',
      'crane', '-h', '--version', '-',
    ],
    numRuns: process.env.CI ? 30 : 12,
    timeout: 30_000,
  });
});
