import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDlx, nQueensProblem, solveSudoku } from '../src/index.js';
import { isValidSolution } from './reference.js';

const dlx = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const sudoku = fileURLToPath(new URL('../dist/sudoku-cli.js', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

function run(bin: string, args: string[], input?: string) {
  const result = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const KNUTH = 'a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n';
const TEXTBOOK = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const NO_SOLUTION = `12345678.${'........9'}${'.'.repeat(63)}`;
const dir = mkdtempSync(join(tmpdir(), 'dlx-cli-'));

beforeAll(() => {
  for (const bin of [dlx, sudoku]) if (!existsSync(bin)) throw new Error(`build the package first: ${bin} is missing`);
});

describe('dlx', () => {
  it('counts the solutions of a file and prints statistics', () => {
    const file = join(dir, 'queens8.dlx');
    writeFileSync(file, formatDlx(nQueensProblem(8)));
    const { code, stdout, stderr } = run(dlx, [file]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Altogether 92 solutions, \d+ nodes, \d+ updates, \d+\.\d{3} seconds\.\n$/);
  });

  it('reads standard input and prints solutions with --print', () => {
    const { code, stdout } = run(dlx, ['-', '--print'], KNUTH);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Solution 1:\n c e\n a d f\n b g\nAltogether 1 solution, /);
    expect(run(dlx, ['--print'], KNUTH).stdout.replace(/[\d.]+ seconds/, 'S')).toBe(stdout.replace(/[\d.]+ seconds/, 'S'));
  });

  it('prints JSON, with the list of solutions given --print', () => {
    const json = JSON.parse(run(dlx, ['--json'], KNUTH).stdout) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['solutions', 'nodes', 'updates', 'seconds']);
    expect(json.solutions).toBe(1);
    expect(typeof json.seconds).toBe('number');
    const listed = JSON.parse(run(dlx, ['--json', '--print'], 'a b\na\nb\na b\n').stdout) as { solutions: number; list: string[][] };
    expect(listed.solutions).toBe(2);
    expect(listed.list).toEqual([['a', 'b'], ['a b']]);
  });

  it('stops at --limit and says so on stderr', () => {
    const { code, stdout, stderr } = run(dlx, ['--limit', '2', '--json'], formatDlx(nQueensProblem(6)));
    expect(code).toBe(0);
    expect(JSON.parse(stdout).solutions).toBe(2);
    expect(stderr).toMatch(/stopped by the limit after 2 solutions/);
    expect(run(dlx, ['--max-nodes', '3', '--json'], formatDlx(nQueensProblem(8))).stderr).toMatch(/node budget/);
  });

  it('--seed gives the same count', () => {
    expect(JSON.parse(run(dlx, ['--seed', 'x', '--json'], formatDlx(nQueensProblem(7))).stdout).solutions).toBe(40);
  });

  it('bad input: exit 1 with one line naming the place', () => {
    const { code, stdout, stderr } = run(dlx, ['-'], 'a b\na z\n');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('dlx: stdin: line 2: unknown item "z" in option "a z"\n');
    expect(run(dlx, [join(dir, 'missing.dlx')])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^dlx: cannot read .*missing\.dlx/) });
  });

  it('usage errors: exit 2', () => {
    expect(run(dlx, ['--limit', 'x'], KNUTH)).toMatchObject({ code: 2, stderr: expect.stringMatching(/--limit must be a positive integer/) });
    expect(run(dlx, ['--bogus'], KNUTH).code).toBe(2);
    expect(run(dlx, ['a', 'b']).code).toBe(2);
  });

  it('--help and --version', () => {
    const help = run(dlx, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: dlx/);
    expect(help.stdout).toMatch(/Examples:/);
    expect(run(dlx, ['--version']).stdout).toBe(`${pkg.version}\n`);
  });
});

describe('dlx-sudoku', () => {
  it('solves one puzzle per line, skipping # lines and text after the grid; summary on stderr', () => {
    const input = `# a comment\n${TEXTBOOK} // the textbook one\n\n${TEXTBOOK.replaceAll('.', '0')}\n`;
    const { code, stdout, stderr } = run(sudoku, [], input);
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
    writeFileSync(file, `${TEXTBOOK}\n${NO_SOLUTION}\n${'.'.repeat(81)}\n`);
    const { code, stdout } = run(sudoku, ['--unique', file]);
    expect(code).toBe(0);
    expect(stdout).toBe(`${solveSudoku(TEXTBOOK)}\nno solution\nmultiple solutions\n`);
    expect(run(sudoku, [file]).stdout.split('\n')[1]).toBe('no solution');
  });

  it('--count prints the number of solutions up to --limit', () => {
    const input = `${TEXTBOOK}\n${NO_SOLUTION}\n${'.'.repeat(81)}\n${'.'.repeat(16)}\n`;
    expect(run(sudoku, ['--count'], input).stdout).toBe('1\n0\n1000\n288\n');
    expect(run(sudoku, ['--count', '--limit', '5'], input).stdout).toBe('1\n0\n5\n5\n');
  });

  it('--json prints one object per puzzle', () => {
    const out = run(sudoku, ['--json', '--unique'], `${TEXTBOOK}\n`).stdout;
    expect(JSON.parse(out)).toEqual({ line: 1, solution: solveSudoku(TEXTBOOK), solutions: 1 });
  });

  it('other sizes, found by line length or --size', () => {
    const out = run(sudoku, [], `${'.'.repeat(16)}\n${'.'.repeat(256)}\n`).stdout.trimEnd().split('\n');
    expect(out.map((l) => l.length)).toEqual([16, 256]);
    expect(run(sudoku, ['--size', '4'], `${'.'.repeat(16)}xyz\n`).stdout).toMatch(/^[1-4]{16}\n$/);
  });

  it('reports bad lines with their numbers and exits 1, solving the rest', () => {
    const input = `${TEXTBOOK}\n123\n5....5${'.'.repeat(75)}\n${TEXTBOOK}\n`;
    const { code, stdout, stderr } = run(sudoku, ['-'], input);
    expect(code).toBe(1);
    expect(stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(stderr).toMatch(/^dlx-sudoku: stdin line 2: expected a puzzle of 81 cells/m);
    expect(stderr).toMatch(/^dlx-sudoku: stdin line 3: the clues contradict each other: 5 appears twice in row 1/m);
    expect(stderr).toMatch(/2 puzzles in/);
    // A character that is not a cell (here '-' for a blank) is named with its column.
    const dashed = run(sudoku, [], `${TEXTBOOK.slice(0, 10)}-${TEXTBOOK.slice(11)}\n`);
    expect(dashed.code).toBe(1);
    expect(dashed.stderr).toMatch(/^dlx-sudoku: stdin line 1: expected a puzzle of 81 cells .*got 10 cell characters, then bad character "-" at column 11 in/m);
  });

  it('a reader that closes the pipe early (| head) ends it quietly, not with an EPIPE crash', async () => {
    const file = join(dir, 'many.txt');
    writeFileSync(file, `${'.'.repeat(80)}8\n`.repeat(3000)); // about 250 kB of solutions: more than a pipe holds
    const child = spawn(process.execPath, [sudoku, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', (status) => resolve(status)));
    expect(stderr).not.toMatch(/EPIPE|Error/);
    expect(stderr).toMatch(/^dlx-sudoku: 3000 puzzles in/);
    expect(code).toBe(0);
  });

  it('usage errors exit 2; --help and --version', () => {
    expect(run(sudoku, ['--unique', '--count'], '').code).toBe(2);
    expect(run(sudoku, ['--limit', '3'], '').code).toBe(2);
    expect(run(sudoku, ['--size', '7'], '').code).toBe(2);
    for (const size of ['0x9', '9.0', '1e1', ' 9']) {
      expect(run(sudoku, ['--size', size], '').stderr).toMatch(/--size must be 4, 9, 16 or 25/);
    }
    expect(run(sudoku, ['--help']).stdout).toMatch(/Usage: dlx-sudoku[\s\S]*Examples:/);
    expect(run(sudoku, ['-v']).stdout).toBe(`${pkg.version}\n`);
    expect(run(sudoku, [join(dir, 'missing.txt')])).toMatchObject({ code: 1, stderr: expect.stringMatching(/cannot read/) });
  });
});
