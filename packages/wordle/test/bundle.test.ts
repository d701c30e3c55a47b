// What a bundler keeps of the package for a one-function import: the word lists only when a list-using function is
// imported (they were built at module top level, so `scoreGuess` alone bundled to 66.9 kB, 34 kB gzip), and each named
// list in its own chunk, fetched only when `wordList` asks for it.
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

/** The gzip sizes of the entry and of the chunks of a bundle split at dynamic imports (as a browser bundler does). */
async function splitSizes(names: string): Promise<{ entry: number; chunks: number[] }> {
  const result = await build({
    entryPoints: { entry: 'virtual:entry' },
    plugins: [
      {
        name: 'entry',
        setup(b) {
          b.onResolve({ filter: /^virtual:entry$/ }, () => ({ path: 'entry', namespace: 'virtual' }));
          b.onLoad({ filter: /.*/, namespace: 'virtual' }, () => ({
            contents: `export { ${names} } from ${JSON.stringify(dist)};`,
            resolveDir: process.cwd(),
            loader: 'js',
          }));
        },
      },
    ],
    bundle: true,
    splitting: true,
    outdir: 'virtual-out',
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const sizes = result.outputFiles.map((file) => ({ entry: /entry\.js$/.test(file.path), size: gzipSync(file.contents).length }));
  return { entry: sizes.find((s) => s.entry)!.size, chunks: sizes.filter((s) => !s.entry).map((s) => s.size) };
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
  it('wordList alone is small: every list is a chunk of its own, fetched when asked for', async () => {
    const { entry, chunks } = await splitSizes('wordList');
    expect(entry).toBeLessThanOrEqual(3000);
    // The original lists (~34 kB gzip) and the NYT changes (the 1,883 guesses of 2022-08-30, the 857 answers of 2023) apart.
    expect(chunks.filter((size) => size > 20_000)).toHaveLength(1);
    expect(chunks.filter((size) => size > 2000 && size < 20_000).length).toBeGreaterThanOrEqual(2);
  });
});
