// The examples of the README, and the fuzz suite, spawn the built CLI (a file of their own, so that they run beside
// cli.test.ts, which runs the examples of --help and shares their runs).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fuzzCli, runBin, runShell } from '@puzzles/testkit/cli';
import { beforeAll, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const run = (args: string[], input?: string) => runBin(cli, args, input === undefined ? {} : { input });

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing`);
});

describe('mastermind examples', () => {
  it('runs every example of the README, with the output it shows', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const blocks = [...readme.matchAll(/```console\n([^]*?)```/g)].map((m) => m[1]!);
    let count = 0;
    for (const block of blocks) {
      const parts = block.split(/^\$ /m).slice(1);
      for (const part of parts) {
        const [command, ...shown] = part.replace(/\n$/, '').split('\n');
        const result = runShell(cli, command!.replace(/npx @puzzles\/mastermind/g, 'BIN'), { timeout: 60_000 });
        // Lines starting with 'mastermind: ' are what the example says on stderr, and it then exits 1.
        const errors = shown.filter((line) => line.startsWith('mastermind: '));
        expect(result.code, command).toBe(errors.length > 0 ? 1 : 0);
        expect(result.stderr, command).toBe(errors.map((line) => `${line}\n`).join(''));
        const out = result.stdout.replace(/"ms":[\d.]+/, '"ms":…');
        const expected = shown.filter((line) => !line.startsWith('mastermind: '));
        if (expected.includes('…')) {
          // Lines shown around an ellipsis appear in that order.
          let from = 0;
          for (const line of expected.filter((l) => l !== '…')) {
            const at = out.indexOf(`${line}\n`, from);
            expect(at, `${command}: ${line}`).toBeGreaterThanOrEqual(0);
            from = at + line.length;
          }
        } else expect(out, command).toBe(expected.length === 0 ? '' : `${expected.join('\n')}\n`);
        count++;
      }
    }
    expect(count).toBeGreaterThan(5);
  });
});

fuzzCli('mastermind', cli, {
  words: [
    'play', 'solve', 'assist', 'evaluate', '--pegs', '--colors', '--no-repeats', '--seed', '--secret', '--max-guesses', '--strategy',
    '--opener', '--first', '--timeout', '--json', '-', 'abcd', 'aabb', 'acab', '1234', 'e', '0', '1', '2', '3', '4', '6', '1s',
    'knuth', 'simple', 'state-machine', 'entropy', 'most-parts', 'expected-size',
  ],
  // Each run is a process: a few runs locally, more in CI.
  numRuns: process.env.CI ? 40 : 15,
});
