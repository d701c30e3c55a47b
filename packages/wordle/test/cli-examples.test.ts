// The examples of --help and of the README, and `wordle solve --all`: the costly runs (a solver built in each process,
// every answer played) are made once each and shared by the example that shows them and the tests that read them.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXIT_TIMEOUT, FAST_CLOCK, runBin, runShell, type CliRun } from '@puzzles/testkit/cli';
import { beforeAll, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
/** A clock that runs fast (see the file): a --timeout under it always fires, whatever the machine's speed. */
const fastClock = FAST_CLOCK;

const runs = new Map<string, CliRun>();

/**
 * Runs a command line through bash, its `BIN` being the built CLI, once: a second call with the same line gets the same
 * run. A game without piped guesses gets six guesses. A line with --timeout runs under the fast clock, so that the
 * limit stops the work every time (on any machine the work takes longer than a few readings of that clock).
 */
function runLine(line: string): CliRun {
  let result = runs.get(line);
  if (result === undefined) {
    result = runShell(cli, scriptOf(line), { input: INPUT, timeout: 120_000 });
    runs.set(line, result);
  }
  return result;
}

const INPUT = 'crane\n'.repeat(6);
const scriptOf = (line: string): string => `${/--timeout/.test(line) ? `export NODE_OPTIONS="--import=${fastClock}"; ` : ''}${line}`;

/** runShell's run of a line, without blocking, so that several run side by side. */
function runLineAsync(line: string): Promise<CliRun> {
  return new Promise((resolve) => {
    const script = `set -o pipefail; BIN() { "${process.execPath}" "${cli}" "$@"; }; ${scriptOf(line)}`;
    const child = spawn('bash', ['-c', script], { env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.on('error', () => {});
    child.stdin.end(INPUT);
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** The lines of the examples of --help and of the README, as bash runs them (`BIN` for the command). */
const help = runBin(cli, ['--help']).stdout;
const helpExamples = examplesOf(help.slice(help.indexOf('Examples:'), help.indexOf('Exit status:')), /(^|\| )wordle( |$)/);
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const readmeBlock = /```sh\n([^]*?)```/.exec(readme.slice(readme.indexOf('## CLI')))![1]!;
const readmeExamples = readmeBlock
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => ({ line: line.replace(/\s+#.*$/, ''), shown: /#\s*→\s*(.+)$/.exec(line)?.[1] }));
const helpLine = (line: string): string => line.replace(/\bwordle\b/g, 'BIN');
const readmeLine = (line: string): string => line.replace(/npx @puzzles\/wordle|pnpm exec wordle/g, 'BIN').replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing (pnpm test builds it)`);
  // Every run of this file, three at a time (each is a process, most of them building a solver); the runs over every
  // answer first, so that the short ones fill the time beside them.
  const lines = [
    ...new Set([
      'BIN solve --all --json',
      'BIN solve --all --hard --width 1 --json',
      ...helpExamples.map(({ line }) => helpLine(line)),
      ...readmeExamples.map(({ line }) => readmeLine(line)),
      'BIN assist salet 01000 cigar ggggg',
      'BIN --help',
    ]),
  ];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < lines.length) {
      const line = lines[next++]!;
      runs.set(line, await runLineAsync(line));
    }
  };
  await Promise.all([worker(), worker(), worker()]);
}, 180_000);

/** The keys of a JSON object and the type of each value ('array', 'null', or typeof). */
function shape(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v]));
}

describe('wordle solve --answer and assist, on the runs of the examples', () => {
  it('prints the guesses for an answer', () => {
    // The run of the --help example.
    const { code, stdout } = runLine('BIN solve --answer cigar');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^1\. salet ⬜🟨⬜⬜⬜ {2}\d+ answers left$/);
    expect(lines.at(-2)).toMatch(/^\d\. cigar 🟩🟩🟩🟩🟩$/);
    expect(lines.at(-1)).toMatch(/^Solved in [2-6] guesses\.$/);
  });
  it('suggests guesses from feedback lines in several notations', () => {
    // The runs of the README examples.
    const { code, stdout } = runLine("printf 'salet ⬜🟨⬜⬜⬜\\n\\nbrond -y---\\n' | BIN assist");
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Try: salet/);
    expect(lines).toContain('102 answers left');
    expect(lines.at(-1)).toMatch(/^Try: [a-z]{5}$/);
  });
  it('takes pairs as arguments, with JSON', () => {
    const lines = runLine('BIN assist salet 01000 brond 01000 --json').stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    const last = JSON.parse(lines.at(-1)!) as { remaining: number; candidates: string[]; suggestion: string };
    expect(last.remaining).toBe(8);
    expect(last.candidates).toContain('cigar');
    expect(runLine('BIN assist salet 01000 cigar ggggg').stdout).toContain('Solved in 2.');
  });

});

describe('wordle solve --all', () => {
  it('solves every answer with --all --json', () => {
    // The run of the --help example; the keys and types of this JSON are checked below.
    const { code, stdout } = runLine('BIN solve --all --json');
    expect(code).toBe(0);
    const summary = JSON.parse(stdout) as { total: number; average: number; max: number; distribution: Record<string, number>; failures: string[] };
    expect(Object.values(summary.distribution).reduce((a, b) => a + b, 0)).toBe(2315);
    expect(summary.failures).toEqual([]);
    expect(summary.total).toBeLessThan(8000);
  });

  it('exits 1 with the summary when --all leaves failures, as --help says', () => {
    // Greedy hard mode (width 1) fails 7 answers: the JSON is still printed, and the exit status tells.
    const { code, stdout } = runLine('BIN solve --all --hard --width 1 --json');
    expect(code).toBe(1);
    expect((JSON.parse(stdout) as { failures: string[] }).failures.length).toBeGreaterThan(0);
    expect(runLine('BIN --help').stdout).toMatch(/1 on bad input[^]*or when solve --all leaves an answer unsolved/);
  });

  it('stops at --timeout with the summary of what it did, says so, and exits 124, at width 100 too', () => {
    // The width-100 search itself (a regression: width 35 in hard mode overflowed the stack) is run to the end by
    // solver.test.ts; here the runs are stopped by --timeout, under a clock that makes the limit pass at once.
    const text = runLine('BIN solve --all --width 100 --timeout 1s');
    expect(text.code).toBe(EXIT_TIMEOUT);
    expect(text.stderr).toMatch(/^wordle: stopped after 1s \(--timeout\): [\d,]+ of 2,315 answers played\n$/);
    expect(text.stdout).toMatch(/^2315 answers, opener salet, normal mode, width 100 \(stopped: \d+ of 2315 answers played\)\n/);
    const json = runLine('BIN solve --all --hard --width 100 --timeout 2s --json');
    expect(json.code).toBe(EXIT_TIMEOUT);
    const summary = JSON.parse(json.stdout) as { played: number; stopped: string; width: number; hardMode: boolean; distribution: Record<string, number> };
    expect(summary).toMatchObject({ stopped: 'timeout', width: 100, hardMode: true });
    expect(summary.played).toBeLessThan(2315);
    expect(Object.values(summary.distribution).reduce((a, b) => a + b, 0)).toBe(summary.played);
    expect(runLine('BIN --help').stdout).toMatch(/124 when --timeout stopped the work/);
  });

  it('solve --all --json: one summary, distribution keyed by guess count, time in ms', () => {
    const { stdout } = runLine('BIN solve --all --json');
    expect(stdout.split('\n')).toHaveLength(2);
    const value = JSON.parse(stdout) as Record<string, unknown> & { distribution: Record<string, unknown>; failures: unknown[] };
    expect(shape(value)).toEqual({
      answerCount: 'number',
      list: 'string',
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

  it('solve --answer --json: the game as turns [{guess, feedback}] and guesses, the count made', () => {
    // The run of the README example.
    const { stdout } = runLine('BIN solve --answer cigar --hard --json');
    const value = JSON.parse(stdout) as Record<string, unknown> & { turns: Array<Record<string, unknown>> };
    expect(shape(value)).toEqual({ answer: 'string', list: 'string', hardMode: 'boolean', opener: 'string', width: 'number', turns: 'array', guesses: 'number', solved: 'boolean' });
    for (const turn of value.turns) expect(shape(turn)).toEqual({ guess: 'string', feedback: 'string', remaining: 'number' });
    expect(value.guesses).toBe(value.turns.length);
    expect(value.turns.at(-1)).toMatchObject({ guess: 'cigar', feedback: '🟩🟩🟩🟩🟩' });
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

/** An example's run: status 0 and nothing on stderr, or (one with --timeout) 124 after saying it stopped. */
function expectExampleRan(line: string, result: CliRun, shown: string | undefined): void {
  if (/--timeout/.test(line)) {
    expect(result.code, result.stderr).toBe(EXIT_TIMEOUT);
    expect(result.stderr).toMatch(/^wordle: stopped after [^\n]*\n$/);
  } else {
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
  }
  if (shown !== undefined) expect(result.stdout).toContain(shown);
}

describe('every example of --help runs', () => {
  it('has examples', () => expect(helpExamples.length).toBeGreaterThanOrEqual(7));
  for (const { line, shown } of helpExamples) {
    it(line, () => expectExampleRan(line, runLine(helpLine(line)), shown));
  }
});

describe('every CLI example of the README runs', () => {
  it('has examples, each run the way that runs this package', () => {
    expect(readmeExamples.length).toBeGreaterThanOrEqual(8);
    for (const { line } of readmeExamples) expect(line).toMatch(/(^|\| )(npx @puzzles\/wordle|pnpm exec wordle)( |$)/);
    expect(readmeBlock).not.toMatch(/npx wordle/);
  });
  for (const { line, shown } of readmeExamples) {
    it(line, () => expectExampleRan(line, runLine(readmeLine(line)), shown));
  }
});
