import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { countSudokuSolutions } from '@puzzles/dlx';
import { EXIT_TIMEOUT, fuzzCli, runShell } from '@puzzles/testkit/cli';
import { beforeAll, describe, expect, it } from 'vitest';
import { explainPuzzle } from '../src/explain.js';
import { generatePuzzles } from '../src/generate.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

function run(args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing`);
});

describe('sudoku-explain generate', () => {
  it('prints one puzzle of 81 characters per line, unique and at the level asked for, the same for the same seed on 2 workers', () => {
    const a = run(['generate', '--level', 'hard', '--count', '4', '--seed', '7']);
    expect(a.code).toBe(0);
    expect(a.stderr).toBe('');
    const lines = a.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line).toMatch(/^[1-9.]{81}$/);
      expect(countSudokuSolutions(line, 2)).toBe(1);
      expect(explainPuzzle(line).rating.level).toBe('Hard');
    }
    expect(run(['generate', '--level', 'hard', '--count', '4', '--seed', '7', '--workers', '2']).stdout).toBe(a.stdout);
    // The CLI's seed 7 is the library's seed 7.
    expect(lines).toEqual([...generatePuzzles({ level: 'Hard', count: 4, seed: 7 })].map((p) => p.puzzle));
  });

  it('--json: {puzzle, solution, clues, rating} per line with the library field names, then a summary', () => {
    const { code, stdout } = run(['generate', '--level', 'medium', '--count', '3', '--seed', '1', '--json', '--symmetry', 'rotational', '--clues', '22-30']);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(4);
    for (const line of lines.slice(0, 3)) {
      expect(Object.keys(line)).toEqual(['puzzle', 'solution', 'clues', 'rating']);
      expect(typeof line.puzzle).toBe('string');
      expect(line.solution).toMatch(/^[1-9]{81}$/);
      expect(line.clues).toBeGreaterThanOrEqual(22);
      expect(line.clues).toBeLessThanOrEqual(30);
      expect(line.rating).toEqual(explainPuzzle(line.puzzle as string).rating);
      expect(Object.keys(line.rating as object)).toEqual(['score', 'level', 'hardest', 'solved']);
    }
    const summary = (lines[3] as { summary: Record<string, unknown> }).summary;
    expect(Object.keys(summary)).toEqual(['puzzles', 'attempts', 'clues', 'levels', 'ms']);
    expect(summary.puzzles).toBe(3);
    expect(typeof summary.attempts).toBe('number');
    expect(summary.levels).toEqual({ Medium: 3 });
    expect(Object.values(summary.clues as Record<string, number>).reduce((a, b) => a + b)).toBe(3);
    expect(typeof summary.ms).toBe('number');
  });

  it('--minimal and --requires', () => {
    const minimal = run(['generate', '--minimal', '--seed', '3']).stdout.trim();
    for (let cell = 0; cell < 81; cell++) {
      if (minimal[cell] !== '.') expect(countSudokuSolutions(minimal.slice(0, cell) + '.' + minimal.slice(cell + 1), 2)).toBe(2);
    }
    const wing = run(['generate', '--requires', 'x-wing', '--seed', '3']).stdout.trim();
    expect(explainPuzzle(wing).rating.hardest).toBe('x-wing');
  });

  it('stops at once when the reader goes away', () => {
    const result = runShell(cli, 'BIN generate --count 100000000 | head -1', { timeout: 30_000 });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^[1-9.]{81}\n$/);
    expect(result.stderr).toBe('');
  });

  it('--timeout stops with the puzzles made so far and says so, exit 124; --json ends with the summary', () => {
    const result = run(['generate', '--count', '100000000', '--timeout', '300ms', '--json']);
    expect(result.code).toBe(EXIT_TIMEOUT);
    expect(result.stderr).toMatch(/^sudoku-explain: stopped after 300 ms \(--timeout\): [\d,]+ of 100,000,000 puzzles made in [\d,]+ attempts?\n$/);
    const last = JSON.parse(result.stdout.trimEnd().split('\n').at(-1)!) as { summary: { stopped: string; puzzles: number } };
    expect(last.summary.stopped).toBe('timeout');
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(last.summary.puzzles + 1);
  });

  it('--timeout stops a demand no puzzle can meet (a score from 1 to 3: every step scores at least 4), exit 124; on 2 workers too, which end with it', () => {
    for (const workers of ['0', '2']) {
      const result = run(['generate', '--score', '1-3', '--attempts', '1000000000', '--timeout', '300ms', '--seed', '1', '--workers', workers]);
      expect(result.code, workers).toBe(EXIT_TIMEOUT);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^sudoku-explain: stopped after 300 ms \(--timeout\): 0 of 1 puzzle made in [\d,]+ attempts?\n$/);
    }
  });

  it('Ctrl-C stops between attempts with the puzzles printed so far, says so, and exits 130', async () => {
    const child = spawn(process.execPath, [cli, 'generate', '--count', '100000000'], { env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const first = stdout === '';
        stdout += chunk.toString();
        if (first) child.kill('SIGINT');
      });
      child.on('close', (status) => resolve(status));
      setTimeout(() => child.kill('SIGKILL'), 30_000);
    });
    expect(code).toBe(130);
    expect(stderr).toMatch(/^sudoku-explain: stopped \(interrupted\): [\d,]+ of 100,000,000 puzzles made in [\d,]+ attempts?\n$/);
    for (const line of stdout.trimEnd().split('\n')) expect(line).toMatch(/^[1-9.]{81}$/);
  });

  it('attempts used up: exit 1 with what was made, and a summary that says so', () => {
    // Puzzles with 60 clues or more are never Extreme.
    const result = run(['generate', '--level', 'extreme', '--clues', '60-81', '--attempts', '5', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('sudoku-explain: no Extreme puzzle in the last 5 attempts in a row (--attempts): 0 of 1 puzzle made in 5 attempts\n');
    expect(JSON.parse(result.stdout).summary).toMatchObject({ puzzles: 0, attempts: 5, stopped: 'attempts' });
  });

  it.each([
    [['--level', 'hardd'], 2, /--level must be one of easy, medium, hard, unfair, extreme; got 'hardd' \(did you mean hard\?\)/],
    [['--clues', '10-5'], 1, /clues must be \[min, max\].*got \[10, 5\]/],
    [['--clues', 'many'], 2, /--clues must be MIN-MAX or one number.*got 'many'/],
    [['--minimal', '--clues', '45-50'], 1, /minimal puzzles have at most 40 clues/],
    [['--symmetry', 'spiral'], 2, /--symmetry must be one of .*got 'spiral'/],
    [['--count', '0'], 2, /--count must be a positive integer; got '0'/],
    [['--level', 'easy', '--score', '1-2'], 1, /at most one of level, score and requires/],
    [['extra'], 2, /./],
  ])('generate %j: one line on stderr, exit %i', (args, code, message) => {
    const result = run(['generate', ...args]);
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  it('--help with examples, each of which runs', () => {
    const help = run(['generate', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: sudoku-explain generate');
    expect(help.stdout).not.toMatch(/seed's|the seed|issue's|the issue|jalat|anchor|target/i);
    const examples = help.stdout.slice(help.stdout.indexOf('Examples:')).split('\n').filter((l) => l.startsWith('  sudoku-explain '));
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const example of examples) {
      const result = runShell(cli, example.trim().replace(/^sudoku-explain/, 'BIN'), { timeout: 60_000 });
      if (example.includes('--timeout') && result.code === EXIT_TIMEOUT) {
        // Two Extreme puzzles may take longer than the example's 10 s on a slow machine: then it says how far it got.
        expect(result.stderr, example).toMatch(/^sudoku-explain: stopped after 10 s \(--timeout\): [012] of 2 puzzles made/);
      } else {
        expect(result.stderr, example).toBe('');
        expect(result.code, example).toBe(0);
        expect(result.stdout.length, example).toBeGreaterThan(0);
      }
    }
  });
});

describe('fuzzing generate', () => {
  fuzzCli('sudoku-explain', cli, {
    words: ['generate', '--level', 'easy', 'hard', 'extreme', '--count', '2', '--seed', '7', '--symmetry', 'rotational', 'full', '--minimal', '--clues', '22-28', '--requires', 'x-wing', '--score', '100-900', '--json', '--timeout', '1s', '--attempts', '3', '--bogus', '--help'],
    // Each run is a process: a few here, more in CI (CI=true).
    numRuns: process.env.CI ? 20 : 8,
    // A drawn command (say, minimal Extreme puzzles with full symmetry) may honestly take tens of seconds: every run
    // ends with --timeout 1s, so a run killed at 20 s is a real hang.
    append: ['--timeout', '1s'],
  });
});
