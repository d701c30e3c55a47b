// wordle solve --exact: the process, its output and exit codes. The proofs themselves run in exact.test.ts on small
// lists (a full proof takes seconds: the benchmark's); here runs that stop at --timeout under a fast clock, and a
// complete search that a bound settles at once.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXIT_TIMEOUT, FAST_CLOCK, inParallel, runAsync } from '@puzzles/testkit/cli';
import { beforeAll, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const fast = { env: { NODE_OPTIONS: `--import=${FAST_CLOCK}` } };

const RUNS: Array<[string[], Record<string, unknown>]> = [
  [['solve', '--exact', '--opener', 'salet', '--hard', '--workers', '0', '--timeout', '2s', '--json'], fast],
  [['solve', '--exact', '--bound', '2', '--workers', '2'], {}],
  [['solve', '--exact', '--opener', 'aapas', '--list', 'nyt-2022-03-16'], {}],
];
let results: Array<{ code: number | null; stdout: string; stderr: string }> = [];
beforeAll(async () => {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing`);
  results = await inParallel(RUNS, ([args, options]) => runAsync(cli, args, options));
}, 120_000);

describe('wordle solve --exact', () => {
  it('stops at --timeout with exit 124, saying the lower bound proven so far (JSON: proven false)', () => {
    const [json] = results;
    expect(json!.code, json!.stderr).toBe(EXIT_TIMEOUT);
    const value = JSON.parse(json!.stdout) as Record<string, unknown>;
    expect(value).toMatchObject({ list: 'original', answerCount: 2315, hardMode: true, opener: 'salet', total: null, proven: false, stopped: 'timeout', workers: 0 });
    expect(value['lowerBound']).toBeGreaterThanOrEqual(2315);
    expect(value['lowerBound']).toBeLessThanOrEqual(8122);
    for (const key of ['nodes', 'ms']) expect(typeof value[key]).toBe('number');
    expect(json!.stderr).toMatch(/^wordle: stopped after 2s \(--timeout\) before the proof finished: best so far salet; lower bound [\d,]+\n$/);
  });

  it('finishes a search over every opener that a bound settles: proven, none below it, in this thread or in workers', () => {
    const [, workers] = results;
    expect(workers!.code, workers!.stderr).toBe(0);
    expect(workers!.stdout).toMatch(/^no opener solves every answer in fewer than 2 guesses in total \(2315 answers, list original, normal mode\)\nproven: at least 2\nnodes [\d,]+, [\d.]+ s, 2 workers\n$/);
  });

  it('refuses an opener the list lacks, naming the list (exit 1)', () => {
    expect(results[2]).toMatchObject({ code: 1, stdout: '' });
    expect(results[2]!.stderr).toBe("wordle: opener must be an allowed guess of the list nyt-2022-03-16; got 'aapas'\n");
  });

  it('refuses options that do not go together (exit 2)', async () => {
    const usage = await inParallel(
      [
        ['solve', '--exact'],
        ['solve', '--exact', '--opener', 'salet', '--bound', '8000'],
        ['solve', '--exact', '--opener', 'salet', '--answer', 'cigar'],
        ['solve', '--exact', '--opener', 'salet', '--width', '3'],
        ['solve', '--all', '--tree'],
        ['solve', '--exact', '--opener', 'salet', '--workers', 'many'],
        ['solve', '--exact', '--opener', 'salet', '--workers', '65'],
      ],
      (args) => runAsync(cli, args),
    );
    for (const run of usage) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(usage[0]!.stderr).toContain('solve --exact takes --opener WORD or --bound N');
    expect(usage[4]!.stderr).toContain('--tree goes with solve --exact');
  });
});
