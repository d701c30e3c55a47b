// The dlx CLI on problems with multiplicities (Knuth's DLX3 format), spawned from the built dist/.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fuzzCli, runBin } from '@puzzles/testkit/cli';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const dlx = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const run = (args: string[], input?: string) => runBin(dlx, args, input === undefined ? {} : { input });

const KNUTH_DLX3 = '| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n';

describe('dlx with multiplicities', () => {
  it("counts and prints Knuth's DLX3 example: one solution", () => {
    expect(run(['-'], KNUTH_DLX3)).toMatchObject({ code: 0, stderr: '' });
    expect(run(['-'], KNUTH_DLX3).stdout).toMatch(/^Altogether 1 solution, [\d,]+ nodes, [\d,]+ updates, [\d.]+ ms\.\n$/);
    const printed = run(['-', '--print'], KNUTH_DLX3);
    expect(printed.stdout).toMatch(/^Solution 1:\n A C X:1 Y:1\n B X:1\n C Y:1\nAltogether 1 solution/);
  });

  it('--json --print: the option indices and texts, then the totals with their keys', () => {
    const lines = run(['-', '--json', '--print'], KNUTH_DLX3)
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toEqual({ options: [1, 3, 4], names: ['A C X:1 Y:1', 'B X:1', 'C Y:1'] });
    const summary = lines[1]!.summary as Record<string, unknown>;
    expect(Object.keys(summary)).toEqual(['solutions', 'nodes', 'updates', 'maxDepth', 'ms', 'complete', 'stoppedBy']);
    expect(summary).toMatchObject({ solutions: 1, complete: true, stoppedBy: null });
  });

  it('counts what the library counts: 90 4×4 0-1 matrices with two 1s per row and column, from a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dlx-m-'));
    const cells = [0, 1, 2, 3].flatMap((r) => [0, 1, 2, 3].map((c) => `r${r} c${c}`));
    const file = join(dir, 'twos.dlx');
    writeFileSync(file, `2|r0 2|r1 2|r2 2|r3 2|c0 2|c1 2|c2 2|c3\n${cells.join('\n')}\n`);
    expect(run([file]).stdout).toMatch(/^Altogether 90 solutions,/);
    expect(run([file, '--limit', '7', '--json'])).toMatchObject({ code: 0 });
    expect(JSON.parse(run([file, '--limit', '7', '--json']).stdout)).toMatchObject({ solutions: 7, complete: false, stoppedBy: 'limit' });
  });

  it('bad bounds: one line naming the input and the line, exit 1', () => {
    for (const [text, message] of [
      ['a 3:2|x\nx\n', "line 1: bad multiplicity in '3:2|x': the lower bound 3 is above the upper bound 2"],
      ['| comment\nx:2|y\ny\n', "line 2: bad multiplicity in 'x:2|y': write u:v|name or v|name, with decimal integers u ≤ v"],
      ['a | 2|x\na\n', "line 1: secondary item '2|x' has a multiplicity; only primary items take u:v|name"],
    ] as const) {
      expect(run(['-'], text)).toMatchObject({ code: 1, stdout: '', stderr: `dlx: standard input: ${message}\n` });
    }
  });

  fuzzCli('dlx', dlx, {
    words: ['-', '--print', '--json', '--limit', '2', '--max-nodes', '50', '--seed', 'x'],
    stdin: fc.oneof(
      fc.constant(KNUTH_DLX3),
      fc.string({ unit: fc.constantFrom('A', 'B', 'X', '0', '1', '2', '3', ':', '|', ' ', '\n'), maxLength: 30 }), // short: at most a few thousand solutions
    ),
    // Each run is a process: a few here, more in CI (CI=true).
    numRuns: process.env.CI ? 15 : 6,
  });
});
