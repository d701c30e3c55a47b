import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXIT_TIMEOUT, expectOneLineErrors, FAST_CLOCK, inParallel, runAsync, runBin, runShell, runShellAsync, type CliRun } from '@puzzles/testkit/cli';
import { beforeAll, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/**
 * The runs of this file's tests, made side by side before the tests (each is a process; most of this file's time was
 * spent starting them one after another). run() takes the next prefetched run of the same arguments and input, so a
 * test that runs a command twice (to compare the runs) still gets two runs.
 */
const PREFETCH: Array<[args: string[], input?: string]> = [
  [['--secret', 'baee'], 'bbcc\nddee\nbdef\nddcf\nbaee\n'],
  [['--secret', 'abcd', '--max-guesses', '2'], 'abc\nabcz\naaaa\n'],
  [['--secret', 'abcd', '--max-guesses', '2'], 'aaaa\nbbbb\n'],
  [['--seed', '7', '--pegs', '5', '--colors', '8', '--max-guesses', '0'], 'abcde\n'.repeat(12)],
  [['--seed', '7', '--pegs', '5', '--colors', '8', '--max-guesses', '0'], 'abcde\n'.repeat(12)],
  [['solve', 'acab', '--strategy', 'state-machine', '--seed', '3']],
  [['solve', 'acab', '--strategy', 'state-machine', '--seed', '3']],
  [['solve', 'acab']],
  [['solve', '-', '--strategy', 'most-parts'], 'acab\n\nzzzz\n1111\n'],
  [['solve', 'ffff', '--strategy', 'simple', '--json']],
  [['--help']],
  [['--help']],
  [['--version']],
  [['solve', 'abcg']],
  [['evaluate', '--opener', 'zz']],
  [['--bogus']],
  [['solve', 'abcd', '--stratgy', 'knuth']],
  [['solve', '\u001b[2Jab']],
  [['--secret', 'abcd', '--max-guesses', '1'], '\u001b[31mzz\naaaa\n'],
  [['solve', '-'], `${'x'.repeat(3000)}\nabcd\n`],
  [['solve', 'acab', '--json']],
  [['solve', 'acab', '--json']],
  [['solve', '-', '--json', '--strategy', 'state-machine', '--first', 'e'], 'acab\nfcaf\n'],
  [['assist', 'aabb', '1', '0', '--json']],
  [['assist', 'abcd', '4', '0', '--json']],
  [['evaluate', '--json']],
];
const prefetched = new Map<string, CliRun[]>();
const keyOf = (args: readonly string[], input: string | undefined): string => JSON.stringify([args, input ?? '']);

function run(args: string[], input?: string): CliRun {
  const ready = prefetched.get(keyOf(args, input))?.shift();
  return ready ?? runBin(cli, args, input === undefined ? {} : { input });
}
const fastClock = FAST_CLOCK;

const runs = new Map<string, ReturnType<typeof runShell>>();
/** Runs a command line through bash (`BIN` is the built CLI) once: the --help examples and the tests that read them share it. */
function runLine(line: string): ReturnType<typeof runShell> {
  let result = runs.get(line);
  if (result === undefined) {
    result = runShell(cli, line, { timeout: 60_000 });
    runs.set(line, result);
  }
  return result;
}
/** runLine without blocking: independent lines run side by side. */
async function runLineAsync(line: string): Promise<ReturnType<typeof runShell>> {
  let result = runs.get(line);
  if (result === undefined) {
    result = { ...(await runShellAsync(cli, line)), ms: 0 };
    runs.set(line, result);
  }
  return result;
}

beforeAll(async () => {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing`);
  const results = await inParallel(PREFETCH, ([args, input]) => runAsync(cli, args, input === undefined ? {} : { input }));
  for (const [i, [args, input]] of PREFETCH.entries()) {
    const key = keyOf(args, input);
    prefetched.set(key, [...(prefetched.get(key) ?? []), results[i]!]);
  }
}, 120_000);

describe('mastermind CLI', () => {
  it("plays as codemaker, reading guesses from a pipe (the Mastermind design essay's session)", () => {
    const { code, stdout, stderr } = run(['--secret', 'baee'], 'bbcc\nddee\nbdef\nddcf\nbaee\n');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe('Enter guess: bbcc\n1 0\nEnter guess: ddee\n2 0\nEnter guess: bdef\n2 0\nEnter guess: ddcf\n0 0\nEnter guess: baee\n4 0\n');
  });

  it('rejects bad guesses without counting them, and says when the input ends early', () => {
    const { code, stdout, stderr } = run(['--secret', 'abcd', '--max-guesses', '2'], 'abc\nabcz\naaaa\n');
    expect(code).toBe(1);
    expect(stdout).toContain('Enter guess: aaaa\n1 0\n');
    expect(stderr).toContain("mastermind: standard input line 1: code 'abc' has 3 pegs; expected 4 pegs, letters a-f or digits 1-6 (not counted)");
    expect(stderr).toContain("unknown color 'z' at position 4");
    expect(stderr).toContain('the input ended before the code was found (it was abcd)');
    const lost = run(['--secret', 'abcd', '--max-guesses', '2'], 'aaaa\nbbbb\n');
    expect(lost.stdout).toContain('Out of guesses: the code was abcd');
  });

  it('draws a reproducible secret with --seed, of --pegs and --colors', () => {
    const guesses = 'abcde\n'.repeat(12);
    const a = run(['--seed', '7', '--pegs', '5', '--colors', '8', '--max-guesses', '0'], guesses);
    expect(a.stdout).toBe(run(['--seed', '7', '--pegs', '5', '--colors', '8', '--max-guesses', '0'], guesses).stdout);
    expect(a.stdout).toMatch(/^Enter guess: abcde\n\d \d\n/);
  });

  it('solve prints the state-machine strategy trace with its rule messages', () => {
    // The run of the --help example.
    const { code, stdout } = runLine('BIN solve acab --strategy state-machine --first e');
    expect(code).toBe(0);
    expect(stdout).toBe(
      'eeff 0 0\neliminating e\neliminating e\neliminating f\neliminating f\naabb 2 1\npossible guesses eliminated were 18\n' +
        'caba 0 4\nremoving c from position 1\nremoving a from position 2\nremoving b from position 3\nremoving a from position 4\n' +
        'possible guesses eliminated were 3\nacab 4 0\n',
    );
    expect(run(['solve', 'acab', '--strategy', 'state-machine', '--seed', '3']).stdout).toBe(run(['solve', 'acab', '--strategy', 'state-machine', '--seed', '3']).stdout);
  });

  it('solve prints one guess per line for the heuristics, reads codes from stdin, and prints JSON', () => {
    expect(run(['solve', 'acab']).stdout).toBe('aabb 2 1\nabbc 1 2\nbade 0 2\nacab 4 0\n');
    const piped = run(['solve', '-', '--strategy', 'most-parts'], 'acab\n\nzzzz\n1111\n');
    expect(piped.code).toBe(1);
    expect(piped.stdout.trim().split('\n\n')).toHaveLength(2);
    expect(piped.stderr).toMatch(/^mastermind: standard input line 3: code 'zzzz' has an unknown color 'z'/);
    const json = JSON.parse(run(['solve', 'ffff', '--strategy', 'simple', '--json']).stdout) as { guesses: number; turns: unknown[] };
    expect(json.guesses).toBe(json.turns.length);
  });

  it('evaluate --json reproduces the published figures with no other flags', async () => {
    // The run of the --help example.
    const knuth = JSON.parse(runLine('BIN evaluate --strategy knuth --json').stdout) as Record<string, unknown>;
    expect(knuth).toMatchObject({ total: 5801, max: 5, distribution: { 1: 1, 2: 6, 3: 62, 4: 533, 5: 694 }, opener: 'aabb', secrets: 1296 });
    expect(knuth.average).toBeCloseTo(4.476, 3);
    expect(Object.keys(knuth)).toEqual(expect.arrayContaining(['total', 'average', 'max', 'distribution']));
    const figures = [['simple', 7471], ['entropy', 5722], ['expected-size', 5696], ['most-parts', 5668]] as const;
    const [text, ...evaluated] = await inParallel([['--opener', 'abcd'], ...figures.map(([strategy]) => ['--strategy', strategy, '--json'])], (args) => runAsync(cli, ['evaluate', ...args]));
    for (const [i, [, total]] of figures.entries()) expect((JSON.parse(evaluated[i]!.stdout) as { total: number }).total).toBe(total);
    expect(text!.stdout).toMatch(/^knuth from abcd: \d+ guesses for 1296 secrets, average \d\.\d{4}, max \d\nguesses: 1:1 /);
    expect(text!.stderr).toBe('');
  });

  it('prints help and version; usage errors exit 2, bad input exits 1', async () => {
    const help = run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Examples:');
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(run(['--version']).stdout).toBe(`${pkg.version}\n`);
    const usage = [['solve'], ['frobnicate'], ['--strategy', 'knuth'], ['evaluate', '--strategy', 'fast'], ['--pegs', 'x'], ['--bogus'], ['--colors', '30']];
    const mismatched = [
      [['solve', 'acab', '--first', 'e'], '--first goes with --strategy state-machine, not knuth'],
      [['solve', 'acab', '--strategy', 'entropy', '--seed', '3'], '--seed goes with --strategy state-machine, not entropy'],
      [['evaluate', '--strategy', 'most-parts', '--first', 'a'], '--first goes with --strategy state-machine, not most-parts'],
      [['solve', 'acab', '--strategy', 'state-machine', '--opener', 'aabb'], '--opener does not go with --strategy state-machine'],
    ] as const;
    const results = await inParallel([...usage, ...mismatched.map(([args]) => args)], (args) => runAsync(cli, args));
    for (const [i, args] of usage.entries()) {
      const result = results[i]!;
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^mastermind: .+; run 'mastermind --help' for usage\n$/);
    }
    const bad = run(['solve', 'abcg']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe("mastermind: code 'abcg' has an unknown color 'g' at position 4; expected 4 pegs, letters a-f or digits 1-6\n");
    expect(run(['evaluate', '--opener', 'zz']).code).toBe(1);
    for (const [i, [args, message]] of mismatched.entries()) {
      const result = results[usage.length + i]!;
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(`mastermind: ${message}`);
    }
  });

  it('runs every example of --help', async () => {
    const help = run(['--help']).stdout;
    const examples = help.slice(help.indexOf('Examples:\n') + 10, help.indexOf('\n\n', help.indexOf('Examples:'))).split('\n').map((l) => l.trim());
    expect(examples.length).toBeGreaterThan(8);
    // An example with --timeout runs under the fast clock (the testkit's FAST_CLOCK): it stops, says so and exits 124 on any
    // machine. Every other example succeeds.
    const lineOf = (example: string): string => `${/--timeout/.test(example) ? `export NODE_OPTIONS="--import=${fastClock}"; ` : ''}${example.replace(/\bmastermind\b/g, 'BIN')}`;
    const results = await inParallel(examples, (example) => runLineAsync(lineOf(example)));
    for (const [i, example] of examples.entries()) {
      const timed = /--timeout/.test(example);
      const result = results[i]!;
      if (timed) {
        expect(result.code, `${example}\n${result.stderr}`).toBe(EXIT_TIMEOUT);
        expect(result.stderr, example).toMatch(/^mastermind: stopped by --timeout after [^\n]*\n$/);
      } else {
        expect(result.code, `${example}\n${result.stderr}`).toBe(0);
        expect(result.stderr, example).toBe('');
        expect(result.stdout.length, example).toBeGreaterThan(0);
      }
    }
  });

  it('stops at once when the reader goes away, on endless input', () => {
    // `yes` never ends: the run can only finish if the CLI notices that head has gone.
    const endless = runShell(cli, 'yes abcd | BIN solve - | head -1', { timeout: 30_000 });
    expect(endless.signal).toBeNull();
    expect(endless.stdout).toBe('aabb 1 1\n');
    expect(endless.stderr).toBe('');
    // The shell loop that writes the input is killed by SIGPIPE (141) whenever the CLI has gone before the loop ends, which
    // depends on the machine's speed: the run's status is the CLI's own.
    const many = runShell(cli, 'for i in $(seq 20000); do echo abcd; done | BIN solve - --json | head -1; exit ${PIPESTATUS[1]}', { timeout: 30_000 });
    expect(many.code).toBe(0);
    expect(many.stderr).toBe('');
    expect(JSON.parse(many.stdout)).toMatchObject({ secret: 'abcd' });
  });

  it('a failed write is one line on stderr and exit 1', () => {
    for (const script of ['BIN solve abcd > /dev/full', 'BIN evaluate > /dev/full', "printf 'abcd\\n' | BIN --secret abcd > /dev/full"]) {
      const full = runShell(cli, script, { timeout: 30_000 });
      expect(full.code, script).toBe(1);
      expect(full.stderr, script).toMatch(/^mastermind: cannot write to standard output: no space left on the device \(ENOSPC\)\n$/);
    }
  });

  it('an unknown option, a directory as input, escape sequences and long lines give one clean line', () => {
    const bogus = run(['--bogus']);
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toBe("mastermind: unknown option '--bogus'; run 'mastermind --help' for usage\n");
    expect(run(['solve', 'abcd', '--stratgy', 'knuth']).stderr).toContain("unknown option '--stratgy' (did you mean --strategy?)");
    for (const script of ['BIN solve - < /', 'BIN < /']) {
      const dir = runShell(cli, script);
      expect(dir.code, script).toBe(1);
      expect(dir.stderr, script).toBe('mastermind: cannot read standard input: it is a directory\n');
    }
    const escape = run(['solve', '\u001b[2Jab']);
    expect(escape.code).toBe(1);
    expect(escape.stderr).toContain('\\u001b[2Jab');
    expectOneLineErrors(escape, 'mastermind');
    const played = run(['--secret', 'abcd', '--max-guesses', '1'], '\u001b[31mzz\naaaa\n');
    expectOneLineErrors(played, 'mastermind');
    expect(played.stdout).not.toContain('\u001b');
    const long = run(['solve', '-'], `${'x'.repeat(3000)}\nabcd\n`);
    expect(long.code).toBe(1);
    expect(long.stdout).toContain('abcd 4 0');
    expect(long.stderr).toMatch(/^mastermind: standard input line 1: code 'x{57}\.\.\.' \(3000 characters\) has 3000 pegs/);
    expectOneLineErrors(long, 'mastermind');
    const huge = run(['solve', '-'], `${'x'.repeat(10_000_000)}\n`);
    expect(huge.code).toBe(1);
    expect(huge.stderr).toBe('mastermind: standard input line 1: the line is longer than 4,096 characters\n');
  });

  it('assist: the codes that still fit and the next guess, as solve plays it; inconsistent feedback names the turn', async () => {
    const solved = run(['solve', 'acab', '--json']);
    const turns = (JSON.parse(solved.stdout) as { turns: Array<{ guess: string; feedback: { black: number; white: number } }> }).turns;
    const prefixes = turns.map((_, k) => turns.slice(0, k).flatMap((t) => [t.guess, String(t.feedback.black), String(t.feedback.white)]));
    const refused = [
      [['aabb', '3', '1'], 'turn 1: 3 black and 1 white cannot happen with 4 pegs'],
      [['\u001b[2Jab', '0', '0'], "turn 1: code '\\u001b[2Jab' has"],
    ] as const;
    const usage = [['aabb', '1'], ['aabb', 'x', '0'], ['aabb', '1', '-1']];
    const more = [
      ['aabb', '2', '1', 'abbc', '1', '2', 'bade', '0', '2'],
      ['aabb', '2', '1', 'abbc', '1', '2', 'bade', '0', '2', 'acab', '4', '0'],
      ['eeff', '0', '0', '--strategy', 'state-machine'],
    ];
    const all = [...prefixes, ...more, ...refused.map(([args]) => [...args]), ...usage];
    const results = await inParallel(all, (words) => runAsync(cli, ['assist', ...words]));
    for (const [k, words] of prefixes.entries()) {
      const assisted = results[k]!;
      expect(assisted.code, words.join(' ')).toBe(0);
      expect(assisted.stdout).toMatch(new RegExp(`^[\\d,]+ codes? fits?(: [a-f ]+)?\\nTry: ${turns[k]!.guess}\\n$`));
    }
    const [oneLeft, won, machine] = results.slice(prefixes.length, prefixes.length + 3);
    expect(oneLeft!.stdout).toBe('1 code fits: acab\nTry: acab\n');
    expect(won!.stdout).toBe('Solved in 4.\n');
    expect(machine!.stdout).toMatch(/\nTry: aabb\n$/);
    // How the CLI says a refused history (one line, nothing on stdout, exit 1); which histories are refused, and the
    // other messages (feedback that contradicts the turns before it, a turn after the code was found), are
    // next-guess.test.ts's.
    for (const [i, [args, message]] of refused.entries()) {
      const result = results[prefixes.length + more.length + i]!;
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`mastermind: ${message}`);
      expectOneLineErrors(result, 'mastermind');
    }
    for (const [i, args] of usage.entries()) {
      const result = results[prefixes.length + more.length + refused.length + i]!;
      expect(result.code, args.join(' ')).toBe(2);
      expectOneLineErrors(result, 'mastermind');
    }
  });

  it('--json outputs follow the family convention: keys and types', () => {
    const solved = JSON.parse(run(['solve', 'acab', '--json']).stdout) as Record<string, unknown>;
    expect(Object.keys(solved)).toEqual(['secret', 'turns', 'guesses', 'solved']);
    expect(typeof solved.secret).toBe('string');
    expect(solved.guesses).toBe((solved.turns as unknown[]).length);
    expect(solved.solved).toBe(true);
    for (const turn of solved.turns as Array<Record<string, unknown>>) {
      expect(Object.keys(turn)).toEqual(['guess', 'feedback']);
      expect(turn.guess).toMatch(/^[a-f]{4}$/);
      expect(Object.keys(turn.feedback as object)).toEqual(['black', 'white']);
      for (const n of Object.values(turn.feedback as object)) expect(Number.isInteger(n)).toBe(true);
    }
    // One object per line (NDJSON) for several codes.
    const lines = run(['solve', '-', '--json', '--strategy', 'state-machine', '--first', 'e'], 'acab\nfcaf\n').stdout.trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { secret: string }).secret)).toEqual(['acab', 'fcaf']);
    const assisted = JSON.parse(run(['assist', 'aabb', '1', '0', '--json']).stdout) as Record<string, unknown>;
    expect(Object.keys(assisted)).toEqual(['guess', 'solved', 'remaining', 'candidates']);
    expect(typeof assisted.guess).toBe('string');
    expect(assisted.solved).toBe(false);
    expect(assisted.remaining).toBe((assisted.candidates as string[]).length);
    expect(JSON.parse(run(['assist', 'abcd', '4', '0', '--json']).stdout)).toEqual({ guess: null, solved: true, remaining: 1, candidates: ['abcd'] });
    const evaluated = JSON.parse(run(['evaluate', '--json']).stdout) as Record<string, unknown>;
    expect(Object.keys(evaluated)).toEqual(['strategy', 'opener', 'secrets', 'total', 'average', 'max', 'distribution', 'ms']);
    expect(evaluated.distribution).toEqual({ 1: 1, 2: 6, 3: 62, 4: 533, 5: 694 });
    expect(typeof evaluated.ms).toBe('number');
    expect(evaluated.ms === Math.round(evaluated.ms as number) || (evaluated.ms as number) < 100).toBe(true);
  });

  it("solve - answers each code as it comes, before the next one is written (input typed or from 'tail -f')", async () => {
    const child = spawn(process.execPath, [cli, 'solve', '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    const answered = new Promise<boolean>((resolve) => {
      const safety = setTimeout(() => resolve(false), 30_000);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('acab 4 0\n')) {
          clearTimeout(safety);
          resolve(true);
        }
      });
    });
    child.stdin.write('acab\n');
    // The input stays open: the whole trace must arrive anyway.
    expect(await answered).toBe(true);
    expect(stdout).toBe('aabb 2 1\nabbc 1 2\nbade 0 2\nacab 4 0\n');
    child.stdin.end();
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
  });
});
