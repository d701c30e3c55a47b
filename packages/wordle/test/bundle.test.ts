// What a bundler keeps of the package for a one-function import: the word lists only when a list-using function is
// imported (they were built at module top level, so `scoreGuess` alone bundled to 66.9 kB, 34 kB gzip).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));

async function gzipSize(names: string): Promise<number> {
  const result = await build({
    stdin: { contents: `export { ${names} } from ${JSON.stringify(dist)};`, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0]!.contents).length;
}

describe('bundle size of one-function imports (esbuild, minified, gzip)', () => {
  it('needs the built dist', () => expect(existsSync(dist)).toBe(true));
  for (const name of ['scoreGuess', 'scoreCode', 'parseScore', 'formatScore', 'hardModeViolation', 'dayNumber', 'encodePattern']) {
    it(`${name} alone is at most 3 kB`, async () => {
      expect(await gzipSize(name)).toBeLessThanOrEqual(3000);
    });
  }
  it('a list-using function brings the lists (so the check above is measuring something)', async () => {
    expect(await gzipSize('answers')).toBeGreaterThan(20_000);
  });
});
