// The test kit's CLI helpers: a fuzzed CLI that writes files named by its arguments leaves nothing in the repository.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fuzzCli, runBin } from '@puzzles/testkit/cli';
import { describe, expect, it } from 'vitest';

const writer = fileURLToPath(new URL('./fixture-writer.mjs', import.meta.url));
const NAMES = ['fuzz-written-a', 'fuzz-written-b'];

describe('runBin', () => {
  it('runs the CLI in the folder it is given', () => {
    const dir = mkdtempSync(join(tmpdir(), 'testkit-'));
    try {
      const run = runBin(writer, ['here.txt'], { cwd: dir });
      expect(run.code).toBe(0);
      expect(readdirSync(dir)).toEqual(['here.txt']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('fuzzCli', () => {
  fuzzCli('writer', writer, { words: NAMES, numRuns: 20 });
  it('ran every drawn command in a scratch folder, not in the working directory', () => {
    for (const name of NAMES) expect(existsSync(join(process.cwd(), name)), name).toBe(false);
  });
});
