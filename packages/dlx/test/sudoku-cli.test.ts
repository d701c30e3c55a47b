// The dlx-sudoku CLI, spawned from the built dist/ as a user runs it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_TIMEOUT, expectOneLineErrors, fuzzCli, pipelinePeakMemory, runBin, runHeldOpen, runShell } from '@puzzles/testkit/cli';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { solveSudoku } from '../src/index.js';
import { hasScript, onTerminalUntil } from './process.js';
import { FIXTURES } from './fixtures.js';
import { isValidSolution } from './reference.js';

const sudoku = fileURLToPath(new URL('../dist/sudoku-cli.js', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
const run = (args: string[], input?: string) => runBin(sudoku, args, input === undefined ? {} : { input });

const TEXTBOOK = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const NO_SOLUTION = `12345678.${'........9'}${'.'.repeat(63)}`;
const EMPTY = '.'.repeat(81);
/** A count no search can reach: an empty 9×9 grid has 6.67 × 10^21 solutions. */
const NEVER = '1000000000000000';
const dir = mkdtempSync(join(tmpdir(), 'dlx-sudoku-cli-'));

beforeAll(() => {
  if (!existsSync(sudoku)) throw new Error(`build the package first: ${sudoku} is missing`);
});

describe('dlx-sudoku', () => {
  it('solves one puzzle per line, skipping # lines and text after the grid; summary on stderr', () => {
    const input = `# a comment\n${TEXTBOOK} // the textbook one\n\n${TEXTBOOK.replaceAll('.', '0')}\n`;
    const { code, stdout, stderr } = run([], input);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(solveSudoku(TEXTBOOK));
    expect(lines[1]).toBe(lines[0]);
    expect(isValidSolution(TEXTBOOK, lines[0]!)).toBe(true);
    expect(stderr).toMatch(/^dlx-sudoku: 2 puzzles in \d+\.\d+ s \([\d,]+ puzzles\/s\)\n$/);
  });

  it('--unique says no solution or multiple solutions', () => {
    const file = join(dir, 'p.txt');
    writeFileSync(file, `${TEXTBOOK}\n${NO_SOLUTION}\n${EMPTY}\n`);
    const { code, stdout } = run(['--unique', file]);
    expect(code).toBe(0);
    expect(stdout).toBe(`${solveSudoku(TEXTBOOK)}\nno solution\nmultiple solutions\n`);
    expect(run([file]).stdout.split('\n')[1]).toBe('no solution');
  });

  it('--count prints the number of solutions up to --limit', () => {
    const input = `${TEXTBOOK}\n${NO_SOLUTION}\n${EMPTY}\n${'.'.repeat(16)}\n`;
    expect(run(['--count'], input).stdout).toBe('1\n0\n1000\n288\n');
    expect(run(['--count', '--limit', '5'], input).stdout).toBe('1\n0\n5\n5\n');
  });

  it('--method dlx searches by dancing links with the same answers; another method is a usage error', () => {
    const input = `${TEXTBOOK}\n${NO_SOLUTION}\n${EMPTY}\n${'.'.repeat(16)}\n`;
    for (const args of [['--count', '--limit', '7'], ['--unique'], []]) {
      const dlx = run(['--method', 'dlx', ...args], input);
      const plain = run(args, input);
      expect(dlx.code).toBe(0);
      expect(run(['--method', 'propagation', ...args], input).stdout).toBe(plain.stdout);
      // A unique solution is the same; grids with many solutions may give another first one.
      expect(dlx.stdout.split('\n')[0]).toBe(plain.stdout.split('\n')[0]);
      if (args[0] !== undefined) expect(dlx.stdout).toBe(plain.stdout);
    }
    expect(run(['--method', 'dlxx'], '')).toMatchObject({ code: 2, stderr: expect.stringMatching(/--method must be one of propagation, dlx; got 'dlxx'/) });
  });

  it('--json: one object per puzzle (keys and types), then a summary line', () => {
    const lines = (args: string[], input: string) =>
      run(['--json', ...args], input).stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const plain = lines([], `${TEXTBOOK}\n${NO_SOLUTION}\n`);
    expect(plain.slice(0, 2)).toEqual([
      { line: 1, solution: solveSudoku(TEXTBOOK) },
      { line: 2, solution: null },
    ]);
    const unique = lines(['--unique'], `${TEXTBOOK}\n${EMPTY}\n`);
    expect(unique.slice(0, 2)).toEqual([
      { line: 1, solution: solveSudoku(TEXTBOOK), solutions: 1 },
      { line: 2, solution: null, solutions: 2 },
    ]);
    const counted = lines(['--count', '--limit', '3'], `${TEXTBOOK}\n${EMPTY}\n`);
    expect(counted.slice(0, 2)).toEqual([
      { line: 1, solution: solveSudoku(TEXTBOOK), solutions: 1, complete: true },
      { line: 2, solution: expect.stringMatching(/^[1-9]{81}$/), solutions: 3, complete: false },
    ]);
    for (const output of [plain, unique, counted]) {
      const summary = output.at(-1)!;
      expect(Object.keys(summary)).toEqual(['summary']);
      const totals = summary.summary as Record<string, unknown>;
      expect(Object.keys(totals)).toEqual(['puzzles', 'badLines', 'ms']);
      expect(totals.puzzles).toBe(2);
      expect(totals.badLines).toBe(0);
      const ms = totals.ms as number;
      expect(ms >= 100 ? Number.isInteger(ms) : Number.isInteger(Math.round(ms * 10)) && String(ms).length <= 5).toBe(true);
    }
  });

  it('other sizes, found by line length or --size', () => {
    const out = run([], `${'.'.repeat(16)}\n${'.'.repeat(256)}\n`).stdout.trimEnd().split('\n');
    expect(out.map((l) => l.length)).toEqual([16, 256]);
    expect(run(['--size', '4'], `${'.'.repeat(16)} xyz\n`).stdout).toMatch(/^[1-4]{16}\n$/);
    // With --size, the cells must be exactly that many: 16 cells then 'xyz' (cell characters) are 19.
    expect(run(['--size', '4'], `${'.'.repeat(16)}xyz\n`)).toMatchObject({ code: 1, stderr: expect.stringMatching(/line 1: expected 16 cells for a 4×4 grid; got 19/) });
  });

  it('an 82-cell line is an error naming the line, not solved as its first 81 cells', () => {
    const { code, stdout, stderr } = run([], `${TEXTBOOK}\n${TEXTBOOK}5\n`);
    expect(code).toBe(1);
    expect(stdout).toBe(`${solveSudoku(TEXTBOOK)}\n`);
    expect(stderr).toMatch(/^dlx-sudoku: standard input line 2: expected a puzzle of 81 cells \(or 16, 256, 625\); got 82 cell characters in '53\.\.7/m);
  });

  it('reports bad lines with their numbers and exits 1, solving the rest', () => {
    const input = `${TEXTBOOK}\n123\n5....5${'.'.repeat(75)}\n${TEXTBOOK}\n`;
    const { code, stdout, stderr } = run(['-'], input);
    expect(code).toBe(1);
    expect(stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(stderr).toMatch(/^dlx-sudoku: standard input line 2: expected a puzzle of 81 cells/m);
    expect(stderr).toMatch(/^dlx-sudoku: standard input line 3: the clues contradict each other: 5 appears twice in row 1/m);
    expect(stderr).toMatch(/2 puzzles in/);
    // A character that is not a cell (here '-' for a blank) is named with its column.
    const dashed = run([], `${TEXTBOOK.slice(0, 10)}-${TEXTBOOK.slice(11)}\n`);
    expect(dashed.code).toBe(1);
    expect(dashed.stderr).toMatch(/^dlx-sudoku: standard input line 1: expected a puzzle of 81 cells .*got 10 cell characters, then bad character '-' at column 11 in/m);
  });

  it('terminal escapes in input are escaped in messages, and long bad lines are cut', () => {
    const result = run([], `\u001b[2J\u001b]0;title\u0007\n${'x'.repeat(5000)}\n`);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("bad character '\\u001b' at column 1 in '\\u001b[2J\\u001b]0;title\\u0007'");
    expect(result.stderr).toMatch(/line 2: .*'x{57}\.\.\.' \(5000 characters\)\n/);
    expectOneLineErrors(result, 'dlx-sudoku');
  });

  it('a directory as standard input is a one-line error, exit 1', () => {
    const result = runShell(sudoku, `BIN - < '${dir}'`);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('dlx-sudoku: cannot read standard input: it is a directory\n');
    expect(run([dir])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^dlx-sudoku: cannot read '.*': it is a directory\n$/) });
  });

  it('| head -1 on endless input stops at once', () => {
    const result = runShell(sudoku, `yes '${TEXTBOOK}' | BIN - | head -1`, { timeout: 30_000 });
    expect(result.signal).toBeNull();
    expect(result.stdout).toBe(`${solveSudoku(TEXTBOOK)}\n`);
    expect(result.stderr).toBe('');
    // The same with the file form and --json.
    const file = join(dir, 'many.txt');
    writeFileSync(file, `${'.'.repeat(80)}8\n`.repeat(3000));
    const json = runShell(sudoku, `BIN --json '${file}' | head -1`, { timeout: 30_000 });
    expect(JSON.parse(json.stdout)).toMatchObject({ line: 1 });
    expect(json.stderr).toBe('');
  });

  it('--timeout stops a count that cannot finish (an empty grid), says what was done, exit 124; memory stays bounded', async () => {
    const file = join(dir, 'empty.txt');
    writeFileSync(file, `${TEXTBOOK}\n${EMPTY}\n${TEXTBOOK}\n`);
    const { code, stdout, stderr } = run(['--count', '--limit', NEVER, '--timeout', '500ms', file]);
    expect(code).toBe(EXIT_TIMEOUT);
    expect(stdout).toBe('1\n');
    expect(stderr).toMatch(
      /\ndlx-sudoku: stopped by --timeout 500ms: 1 puzzle done; the puzzle on line 2 was stopped after [\d,]+ nodes and [\d,]+ solutions\n$/,
    );
    const memory = await pipelinePeakMemory(sudoku, `BIN --count --limit ${NEVER} --timeout 1s '${file}'`);
    expect(memory.code).toBe(EXIT_TIMEOUT);
    expect(memory.peakMB).toBeGreaterThan(0);
    expect(memory.peakMB).toBeLessThan(150);
  });

  it('--timeout stops a long 25×25 search too, exit 124', () => {
    // Counting the solutions of an empty 25×25 grid would run for ever.
    const { code, stderr } = run(['--count', '--limit', '100000000', '--timeout', '300ms'], `${'.'.repeat(625)}\n`);
    expect(code).toBe(EXIT_TIMEOUT);
    expect(stderr).toMatch(/stopped by --timeout 300ms: 0 puzzles done; the puzzle on line 1 was stopped after [\d,]+ nodes/);
  });

  it('--timeout ends a run that waits on standard input held open, exit 124', async () => {
    // One puzzle, and then nothing: the writer never ends.
    const { code, stdout, stderr } = await runHeldOpen(sudoku, ['--timeout', '300ms', '-'], { input: `${TEXTBOOK}\n` });
    expect(code).toBe(EXIT_TIMEOUT);
    expect(stdout).toBe(`${solveSudoku(TEXTBOOK)}\n`);
    expect(stderr).toMatch(/^dlx-sudoku: 1 puzzle in [\d.]+ s \([\d,]+ puzzles\/s\)\ndlx-sudoku: stopped by --timeout 300ms: 1 puzzle done\n$/);
  });

  it('a flood of bad lines: the first 5 said, the rest counted in one line, exit 1; --timeout holds on endless ones', async () => {
    const bounded = run([], 'y\n'.repeat(1000));
    expect(bounded.code).toBe(1);
    const lines = bounded.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(7);
    expect(lines.slice(0, 5).map((l) => /line (\d+):/.exec(l)?.[1])).toEqual(['1', '2', '3', '4', '5']);
    expect(lines[5]).toMatch(/^dlx-sudoku: 0 puzzles in /);
    expect(lines[6]).toBe('dlx-sudoku: … and 995 more bad lines');
    // Endless bad lines (yes) with stderr read late: the timeout ends the run, stderr stays short, memory bounded.
    const endless = await pipelinePeakMemory(sudoku, 'yes | BIN - --timeout 300ms 2>&1 >/dev/null | (sleep 1; cat) >&2');
    expect(endless.code).toBe(1);
    const said = endless.stderr.trimEnd().split('\n');
    expect(said).toHaveLength(8);
    expect(said[6]).toBe('dlx-sudoku: stopped by --timeout 300ms: 0 puzzles done');
    expect(said[7]).toMatch(/^dlx-sudoku: … and [\d,]+ more bad lines$/);
    expect(endless.peakMB).toBeGreaterThan(0);
    expect(endless.peakMB).toBeLessThan(150);
  });

  it('Ctrl-C during a count that cannot finish: says what was done, exit 130', async () => {
    const child = spawn(process.execPath, [sudoku, '--count', '--limit', NEVER, '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end(`${TEXTBOOK}\n${EMPTY}\n`);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // The first puzzle's count shows the run is under way (its Ctrl-C handler in place): only then is Ctrl-C sent.
    child.stdout.once('data', () => child.kill('SIGINT'));
    child.stdout.resume();
    const safety = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', (status) => resolve(status)));
    clearTimeout(safety);
    expect(code).toBe(130);
    // Ctrl-C may come before the search of line 2 starts or during it (the terminal test below waits for the latter).
    expect(stderr).toMatch(/stopped by Ctrl-C: 1 puzzle done(; the puzzle on line 2 was stopped after [\d,]+ nodes and [\d,]+ solutions)?\n$/);
  });

  it.skipIf(!hasScript)('draws a progress line on a terminal once a count that cannot finish has run a second; Ctrl-C in it', async () => {
    const file = join(dir, 'then-empty.txt');
    writeFileSync(file, `${TEXTBOOK}\n${EMPTY}\n`);
    // Stopped by Ctrl-C once the line of the search of line 2 shows: no timer decides the verdict.
    const result = await onTerminalUntil(`'${process.execPath}' '${sudoku}' --count --limit 100000000 '${file}'`, /\rline 2: [\d,]+\/100,000,000 solutions \(\d+\.\d%\)/);
    expect(result.seen, result.output).toBe(true);
    expect(result.code).toBe(130);
    expect(result.output).toMatch(/stopped by Ctrl-C: 1 puzzle done; the puzzle on line 2 was stopped after [\d,]+ nodes and [\d,]+ solutions\r?\n/);
  });

  it('a failed write (a full disk) is one line on stderr and exit 1', () => {
    const result = runShell(sudoku, `yes '${TEXTBOOK}' | head -100 | BIN - > /dev/full`);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('dlx-sudoku: cannot write to standard output: no space left on the device (ENOSPC)\n');
  });

  it('usage errors exit 2; --help and --version', () => {
    expect(run(['--unique', '--count'], '').code).toBe(2);
    expect(run(['--limit', '3'], '')).toMatchObject({ code: 2, stderr: expect.stringMatching(/--limit goes with --count/) });
    expect(run(['--count', '--limit', '1e99'], '')).toMatchObject({ code: 2, stderr: expect.stringMatching(/--limit must be a positive integer; got '1e99'/) });
    for (const size of ['7', '0x9', '9.0', '1e1', ' 9']) {
      expect(run(['--size', size], '')).toMatchObject({ code: 2, stderr: expect.stringMatching(/--size must be one of 4, 9, 16, 25/) });
    }
    expect(run(['--cuont'], '')).toMatchObject({ code: 2, stderr: expect.stringMatching(/unknown option '--cuont' \(did you mean --count\?\)/) });
    expect(run(['--help']).stdout).toMatch(/^Usage: dlx-sudoku[\s\S]*Examples:/);
    expect(run(['-v']).stdout).toBe(`${pkg.version}\n`);
    expect(run([join(dir, 'missing.txt')])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^dlx-sudoku: cannot read '.*missing\.txt': no such file\n$/) });
  });

  it('--workers: the same output as one thread, in line order, bad lines and other sizes included', () => {
    const lines = ['# a mix', ...FIXTURES.slice(0, 12), 'not a puzzle', '1234341221434321', ...FIXTURES.slice(40), `11${'.'.repeat(79)}`, FIXTURES[0]!];
    const input = `${lines.join('\n')}\n`;
    for (const args of [['--unique'], ['--count', '--limit', '3', '--json'], []]) {
      const one = run(args, input);
      const two = run([...args, '--workers', '2'], input);
      expect(two.code, two.stderr).toBe(1);
      // (The time is whole milliseconds from 100 ms up and has one decimal below: either form is left out.)
      expect(two.stdout.replace(/"ms":\d+(\.\d+)?/, '')).toBe(one.stdout.replace(/"ms":\d+(\.\d+)?/, ''));
      expect(two.stderr.split('\n').slice(0, 2)).toEqual(one.stderr.split('\n').slice(0, 2));
    }
    expect(run(['--workers', '0'], '')).toMatchObject({ code: 2, stderr: expect.stringMatching(/--workers must be an integer from 1 to 256; got '0'/) });
    expect(run(['--workers', '2', '--method', 'dlx'], '')).toMatchObject({ code: 2, stderr: expect.stringMatching(/--workers goes with the propagation method/) });
    expect(run(['--workers', '2', '--count', '--limit', '3000000000'], '')).toMatchObject({ code: 2, stderr: expect.stringMatching(/at most 2147483647/) });
  });

  it('every example of --help runs', () => {
    writeFileSync(join(dir, 'puzzles.txt'), `# two puzzles\n${TEXTBOOK}\n${TEXTBOOK.replaceAll('.', '0')}\n`);
    const help = run(['--help']).stdout;
    const examples = help.split('Examples:\n')[1]!.split('\n\n')[0]!.split('\n').map((line) => line.trim());
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const example of examples) {
      const script = example.replace(/(^|\| )dlx-sudoku /g, '$1BIN ');
      const result = runShell(sudoku, `cd '${dir}' && ${script}`, { timeout: 30_000 });
      // The --timeout example stops inside its one puzzle (10^8 solutions of an empty grid take minutes): exit 124, nothing on
      // stdout, and stderr says what was done.
      if (example.includes('--timeout')) {
        expect(result.code, `${example}: ${result.stderr}`).toBe(EXIT_TIMEOUT);
        expect(result.stderr, example).toMatch(/stopped by --timeout 1s: 0 puzzles done; the puzzle on line 1/);
      } else {
        expect(result.code, `${example}: ${result.stderr}`).toBe(0);
        expect(result.stdout.length, example).toBeGreaterThan(0);
      }
    }
  });

  fuzzCli('dlx-sudoku', sudoku, {
    words: ['-', '--unique', '--count', '--limit', '3', '--workers', '2', '--size', '4', '9', '--method', 'dlx', 'propagation', '--json', '--timeout', '2s', '--help', '--version'],
    stdin: fc.oneof(
      fc.constant(`${TEXTBOOK}\n`),
      fc.constant(`${'.'.repeat(16)}\n${TEXTBOOK}5\n`),
      fc.array(fc.stringMatching(/^[0-9.A-Za-z#/ -]{0,90}$/), { maxLength: 4 }).map((lines) => lines.join('\n')),
      fc.string({ unit: 'binary', maxLength: 200 }),
    ),
    // Each run is a process: a few here, more in CI (CI=true).
    numRuns: process.env.CI ? 25 : 10,
  });
});
