// Long work on the command line: sizes beyond a strategy, --timeout (exit 124), progress on a terminal, Ctrl-C, a game
// at a terminal, and games that never end. A --timeout that must fire runs either on input that never ends or under a
// clock that runs fast (the testkit's FAST_CLOCK), so no verdict here depends on the machine's speed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXIT_TIMEOUT, expectOneLineErrors, FAST_CLOCK, inParallel, runAsync, runBin, runHeldOpen, runShell, type CliRun } from '@puzzles/testkit/cli';
import { beforeAll, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const fastClock = FAST_CLOCK;

const run = (args: string[], input?: string) => runBin(cli, args, input === undefined ? {} : { input });
/** A run under the fast clock: every reading of it is a quarter of a second after the last, so --timeout always fires. */
const runFast = (args: string[]) => runBin(cli, args, { env: { NODE_OPTIONS: `--import=${fastClock}` } });

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing`);
});

describe('mastermind: sizes beyond a strategy, and --timeout', () => {
  it('refuses sizes beyond a strategy, naming the limit', () => {
    const machine = run(['solve', 'abcdefghi', '--pegs', '9', '--colors', '16', '--strategy', 'state-machine']);
    expect(machine.code).toBe(1);
    expect(machine.stderr).toMatch(/^mastermind: the state-machine strategy takes on a game of at most 100,000,000 codes .*68,719,476,736 codes\n$/);
    const knuth = run(['solve', 'abcdef', '--pegs', '6', '--colors', '10']);
    expect(knuth.code).toBe(1);
    expect(knuth.stderr).toMatch(/^mastermind: the knuth strategy takes on a game of at most 262,144 codes .*1,000,000 codes\n$/);
  });

  it('evaluate, solve and assist stop at --timeout saying what was done, exit 124', async () => {
    const [evaluated, stoppedJson, solved, assisted, many] = (await inParallel(
      [
        ['evaluate', '--strategy', 'optimal', '--timeout', '300ms', '--json'],
        ['solve', '1234', '--strategy', 'optimal', '--timeout', '0.3', '--json'],
        ['solve', '1234', '--strategy', 'optimal', '--timeout', '0.3'],
        ['assist', '--strategy', 'optimal', '--timeout', '300ms'],
        ['evaluate', '--strategy', 'most-parts', '--pegs', '5', '--colors', '8', '--timeout', '300ms'],
      ],
      (args) => runAsync(cli, args, { env: { NODE_OPTIONS: `--import=${fastClock}` } }),
    )) as [CliRun, CliRun, CliRun, CliRun, CliRun];
    expect(evaluated.code).toBe(EXIT_TIMEOUT);
    expect(JSON.parse(evaluated.stdout)).toMatchObject({ strategy: 'optimal', secrets: 0, stopped: 'timeout' });
    expect(evaluated.stderr).toMatch(/^mastermind: stopped by --timeout after [^:]+: 0 of 1,296 secrets played \([\d,]+ candidate sets searched\)\n$/);
    expect(stoppedJson.code).toBe(EXIT_TIMEOUT);
    expect(JSON.parse(stoppedJson.stdout)).toEqual({ secret: 'abcd', turns: [], guesses: 0, solved: false, stopped: 'timeout' });
    expect(solved.code).toBe(EXIT_TIMEOUT);
    expect(solved.stderr).toMatch(/^mastermind: stopped by --timeout after [^:]+: abcd: 0 guesses made, [\d,]+ candidate sets searched, not solved yet\n$/);
    expect(assisted.code).toBe(EXIT_TIMEOUT);
    expect(assisted.stdout).toBe('1,296 codes fit\n');
    expect(assisted.stderr).toMatch(/^mastermind: stopped by --timeout after [^:]+: 1,296 codes fit; no guess chosen yet/);
    expect(many.code).toBe(EXIT_TIMEOUT);
    expect(many.stderr).toMatch(/^mastermind: stopped by --timeout after [^:]+: [\d,]+ of 32,768 secrets played( \([\d,]+ guesses scored\))?\n$/);
    expect(run(['--help']).stdout).toMatch(/124 when\s+--timeout stopped the work/);
  });

  it('solve - on endless input stops at --timeout between codes or within one, exit 124', () => {
    // `yes` never ends, so only --timeout can end this run; where it lands (between two codes, or inside one) is the
    // machine's, and both are said.
    const endless = runShell(cli, 'yes acab | BIN solve - --timeout 1s | tail -1', { timeout: 30_000 });
    expect(endless.code).toBe(EXIT_TIMEOUT);
    expect(endless.stdout).toMatch(/^[a-f]{4} \d \d\n$/);
    expect(endless.stderr).toMatch(/^mastermind: stopped by --timeout after [^:]+(: [\d,]+ codes? solved| \(after solving [\d,]+ codes?\): acab: \d+ guesses? made, not solved yet)\n$/);
  });

  it('refuses a bad --timeout', () => {
    for (const bad of ['0', 'soon', '1y']) {
      const result = run(['evaluate', '--timeout', bad]);
      expect(result.code, bad).toBe(2);
      expect(result.stderr).toContain('--timeout must be a duration such as 500ms');
    }
  });
});

describe('mastermind: a game ends', () => {
  it('a game that waits for guesses stops at --timeout, naming the code, exit 124', async () => {
    // Standard input stays open and silent: only --timeout can end this game.
    const { code, stdout, stderr } = await runHeldOpen(cli, ['--secret', 'abcd', '--timeout', '300ms']);
    expect(code).toBe(EXIT_TIMEOUT);
    expect(stdout).toBe('Enter guess: \n');
    expect(stderr).toMatch(/^mastermind: stopped by --timeout after [^:]+: 0 guesses made; the code was abcd\n$/);
    expect(run(['--secret', 'abcd', '--timeout', '10m'], 'abcd\n')).toMatchObject({ code: 0, stderr: '' });
  });

  it('10 rejected guesses in a row from a pipe end the game: stderr bounded, exit 1', () => {
    // Rejected guesses are not counted, so `yes | mastermind` used to run for ever, a line on stderr for each.
    const { code, stdout, stderr } = run(['--secret', 'abcd'], 'y\n'.repeat(10_000));
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(5 + 2);
    expect(lines[0]).toBe("mastermind: standard input line 1: code 'y' has 1 pegs; expected 4 pegs, letters a-f or digits 1-6 (not counted)");
    expect(lines[5]).toBe('mastermind: 10 guesses in a row were rejected; the game ends (the code was abcd)');
    expect(lines[6]).toBe('mastermind: … and 5 more bad lines');
    expect(stdout.split('Enter guess: ')).toHaveLength(11);
    expectOneLineErrors({ code, stdout, stderr, signal: null }, 'mastermind');
    const endless = runShell(cli, 'yes | BIN --seed 1 | tail -1', { timeout: 30_000 });
    expect(endless.signal).toBeNull();
    expect(endless.code).toBe(1);
    expect(endless.stderr).toMatch(/the game ends \(the code was [a-f]{4}\)\n/);
    // A scored guess starts the count again: 9 rejected then a miss, ten times, lose the game; the rejected lines are
    // bad input, so the status is 1.
    const mixed = run(['--secret', 'abcd'], 'y\n'.repeat(9).concat('ffff\n').repeat(10));
    expect(mixed.code).toBe(1);
    expect(mixed.stdout).toContain('Out of guesses: the code was abcd');
    expect(mixed.stderr.trim().split('\n').at(-1)).toMatch(/^mastermind: … and 85 more bad lines$/);
  });

  it('solve - says five bad lines and counts the rest', () => {
    const { code, stdout, stderr } = run(['solve', '-'], 'zzzz\n'.repeat(10_000).concat('acab\n'));
    expect(code).toBe(1);
    expect(stdout).toBe('aabb 2 1\nabbc 1 2\nbade 0 2\nacab 4 0\n');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe('mastermind: … and 9,995 more bad lines');
  });
});

// `script` gives the CLI a terminal, where progress is drawn (never into a pipe or file).
const hasScript = spawnSync('script', ['--version']).status === 0;

describe('mastermind at a terminal, and Ctrl-C', () => {
  it.skipIf(!hasScript)("plays at a terminal: the prompt shows before the guess is typed (the kit's reader failed there with EAGAIN)", async () => {
    // Each guess is typed once its prompt is on the screen, so the screen reads the same on any machine.
    const child = spawn('script', ['-qec', `"${process.execPath}" "${cli}" --secret abcd`, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    const guesses = ['aabb\n', 'abcd\n'];
    let screen = '';
    let prompts = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString();
      const seen = screen.split('Enter guess: ').length - 1;
      while (prompts < seen) {
        prompts++;
        const guess = guesses.shift();
        if (guess !== undefined) child.stdin.write(guess);
      }
    });
    const safety = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(safety);
    child.stdin.destroy();
    expect(code).toBe(0);
    screen = screen.replace(/\r/g, '');
    expect(screen).not.toContain('EAGAIN');
    // The terminal echoes what is typed; the prompt came first.
    expect(screen).toBe('Enter guess: aabb\n1 1\nEnter guess: abcd\n4 0\n');
  });

  it.skipIf(!hasScript)('draws the optimal search on a terminal from the first second (it used to show nothing for 25 s)', () => {
    // Under the fast clock the first second passes after a few readings, and so does --timeout 10s: the line is drawn
    // and the run stopped whatever the machine's speed.
    const result = spawnSync('script', ['-qec', `"${process.execPath}" "${cli}" evaluate --strategy optimal --timeout 10s`, '/dev/null'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: `--import=${fastClock}` },
      timeout: 60_000,
    });
    expect(result.stdout).toMatch(/\revaluate: searching: [\d,]+ candidate sets/);
    expect(result.stdout).toContain('stopped by --timeout');
    // Piped, stderr gets no progress line at all.
    expect(runFast(['evaluate', '--strategy', 'optimal', '--timeout', '1500ms']).stderr).toMatch(/^mastermind: stopped by --timeout[^\n]*\n$/);
  });

  it('Ctrl-C ends a long search at once (not when the search ends or its --timeout passes)', async () => {
    // The optimal search of 4 × 6 runs for tens of seconds; Ctrl-C comes half a second after the start, and whether
    // it lands before the search or during it, the run ends with it (killed by SIGINT, or 130).
    const child = spawn(process.execPath, [cli, 'evaluate', '--strategy', 'optimal', '--timeout', '10m'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGINT'), 500);
    const safety = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
    clearTimeout(timer);
    clearTimeout(safety);
    expect(signal === 'SIGINT' || code === 130, `ended with ${code} ${signal}: ${stderr}`).toBe(true);
  });
});
