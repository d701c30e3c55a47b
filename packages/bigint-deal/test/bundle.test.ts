// What a one-function import of the built package costs a browser bundle (esbuild, minified, gzip): the library has no
// top-level side effects, so a bundler keeps only what the imported function uses.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const esbuild = fileURLToPath(new URL('../../../node_modules/.bin/esbuild', import.meta.url));

function bundle(names: string): string {
  const result = spawnSync(esbuild, ['--bundle', '--minify', '--format=esm', '--platform=browser'], {
    input: `export { ${names} } from ${JSON.stringify(entry)};`,
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

const gzipped = (code: string): number => gzipSync(code).length;

beforeAll(() => {
  if (!existsSync(entry)) throw new Error(`build the package first: ${entry} is missing`);
});

describe('tree-shaking the built package', () => {
  it.skipIf(!existsSync(esbuild))('a constant or a small function brings nothing else along', () => {
    for (const name of ['SEATS', 'DEALS', 'RANKS']) {
      const code = bundle(name);
      expect(code, name).not.toMatch(/class|Symbol\.for|Object\.freeze|Map/);
      expect(gzipped(code), name).toBeLessThan(200);
    }
    expect(gzipped(bundle('cardName'))).toBeLessThan(1000);
    expect(gzipped(bundle('binomial'))).toBeLessThan(1500);
    expect(bundle('binomial')).not.toMatch(/class/);
  });

  it.skipIf(!existsSync(esbuild))('formatting brings the Deal class but not the numberings', () => {
    for (const name of ['formatPbn', 'formatDiagram', 'bridgeHands']) {
      const code = bundle(name);
      expect(gzipped(code), name).toBeLessThan(3000);
      expect(code, name).not.toMatch(/pavlicek/);
    }
  });

  it.skipIf(!existsSync(esbuild))('the inspect hook is not lost by bundling: a bundled Deal still shows its hands', () => {
    expect(bundle('dealByNumber')).toContain('nodejs.util.inspect.custom');
  });
});
