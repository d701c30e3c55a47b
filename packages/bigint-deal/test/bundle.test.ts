// What a one-function import of the built package costs a browser bundle (esbuild, minified, gzip): the library has no
// top-level side effects, so a bundler keeps only what the imported function uses.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

  it('the main entry carries no double-dummy code: the search lives in the double-dummy subpath', () => {
    /** A built file and every file it imports or requires, transitively. */
    const withImports = (file: string, seen = new Set<string>()): string => {
      if (seen.has(file)) return '';
      seen.add(file);
      const code = readFileSync(new URL(`../dist/${file}`, import.meta.url), 'utf8');
      const local = [...code.matchAll(/(?:from\s*|import\s*|require\()"\.\/([\w.-]+)"/g)].map((m) => m[1]!);
      return code + local.map((next) => withImports(next, seen)).join('');
    };
    // 'AGFzbQ' is the WebAssembly module's header ("\0asm") in base64.
    for (const file of ['index.js', 'index.cjs']) {
      const code = withImports(file);
      expect(code, file).not.toContain('AGFzbQ');
      // (Messages may name the subpath's functions; the code itself must not be there.)
      expect(code, file).not.toMatch(/function doubleDummyTable|DoubleDummyStopped = class|class DoubleDummyStopped/);
    }
    expect(withImports('double-dummy.js')).toContain('AGFzbQ');
    expect(withImports('double-dummy.cjs')).toMatch(/function doubleDummyTable/);
    expect(withImports('double-dummy.js')).toMatch(/DoubleDummyStopped = class|class DoubleDummyStopped/);
  });
});
