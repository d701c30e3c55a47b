import { rmSync } from 'node:fs';
import { defineConfig } from 'tsup';

// Both builds write into dist/, so clean it once here rather than racing two `clean` options.
rmSync('dist', { recursive: true, force: true });

export default defineConfig([
  {
    // The library: dual ESM + CJS with types for both.
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    // solveExact finds its worker script by import.meta.url in ESM and by __dirname in CJS, where import.meta is empty.
    esbuildOptions(options) {
      options.logOverride = { 'empty-import-meta': 'silent' };
    },
    target: 'node20',
    // The private kit (@puzzles/kit) is bundled in: published packages keep zero runtime dependencies.
    noExternal: ['@puzzles/kit'],
  },
  {
    // The exact search's worker thread, started by solveExact({ workers }) from dist/exact-worker.js.
    entry: { 'exact-worker': 'src/exact/worker.ts' },
    format: ['esm'],
    target: 'node20',
  },
  {
    // The CLI: one ESM file per bin (each starts with a shebang, which esbuild keeps).
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    // The CLI uses the library only through its public entry: load dist/index.js at run time, not a second copy.
    external: ['./index.js'],
    target: 'node20',
    // The private kit (@puzzles/kit) is bundled in: published packages keep zero runtime dependencies.
    noExternal: ['@puzzles/kit'],
  },
]);
