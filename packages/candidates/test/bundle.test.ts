// Tree-shaking: a one-function import of the built package, bundled for the browser, carries only what that function
// needs. The lookup tables are built by pure-annotated calls and no module runs a loop at its top level, so an import
// that reads no table builds none; the formatters check a grid's arrays rather than `instanceof Grid`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));

async function bundle(name: string): Promise<{ code: string; gzip: number }> {
  const result = await build({
    stdin: { contents: `export { ${name} } from ${JSON.stringify(dist)};`, loader: 'js', resolveDir: fileURLToPath(new URL('..', import.meta.url)) },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  return { code, gzip: gzipSync(code, { level: 9 }).length };
}

beforeAll(() => {
  if (!existsSync(dist)) throw new Error(`build the package first: ${dist} is missing`);
});

describe('one-function imports bundle small', () => {
  it.each(['TECHNIQUE_NAMES', 'cellName', 'formatPlacement', 'ratePath', 'formatGivens', 'formatCandidateGrid', 'formatCandidateTable'])(
    '%s: under 1.6 kB gzip, with no lookup table built',
    async (name) => {
      const { code, gzip } = await bundle(name);
      expect(gzip).toBeLessThan(1600);
      // The 81×81 "sees" table and the technique tables are what a top-level loop used to drag in.
      expect(code).not.toMatch(/6561|81\*81/);
    },
  );

  it('a grid (the class, its components and the tables they read) stays under 3.8 kB; parseGrid under 5 kB', async () => {
    expect((await bundle('Grid')).gzip).toBeLessThan(3800);
    expect((await bundle('parseGrid')).gzip).toBeLessThan(5000);
  });
});
