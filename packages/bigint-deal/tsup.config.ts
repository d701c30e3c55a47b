import { rmSync } from 'node:fs';
import { defineConfig } from 'tsup';

// Both builds write into dist/, so clean it once here rather than racing two `clean` options.
rmSync('dist', { recursive: true, force: true });

export default defineConfig([
  {
    // The library and its fast-check arbitraries: dual ESM + CJS with types for both. The two entries share their
    // code through chunks (splitting, for CJS too), so a Deal made by an arbitrary is the library's own Deal class.
    entry: { index: 'src/index.ts', arbitraries: 'src/arbitraries.ts', 'double-dummy': 'src/double-dummy.ts' },
    format: ['esm', 'cjs'],
    splitting: true,
    dts: true,
    // import.meta.url in the CommonJS build too: doubleDummyTables finds its worker (dist/dd-worker.js) next to it.
    shims: true,
    target: 'node20',
    // fast-check is an optional peer dependency, never bundled.
    external: ['fast-check'],
    // The private kit (@puzzles/kit) is bundled in: published packages keep zero runtime dependencies.
    noExternal: ['@puzzles/kit'],
  },
  {
    // The double-dummy worker that doubleDummyTables starts: one ESM file that both the ESM and the CommonJS builds load.
    entry: { 'dd-worker': 'src/double-dummy/worker.ts' },
    format: ['esm'],
    target: 'node20',
    noExternal: ['@puzzles/kit'],
  },
  {
    // The CLI: one ESM file (src/cli.ts starts with a shebang, which esbuild keeps).
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    // The CLI uses the library only through its public entry: load dist/index.js at run time, not a second copy.
    external: ['./index.js', './double-dummy.js'],
    target: 'node20',
    // The private kit (@puzzles/kit) is bundled in: published packages keep zero runtime dependencies.
    noExternal: ['@puzzles/kit'],
  },
]);
