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
    target: 'node20',
    // The private kit (@puzzles/kit) is bundled in: published packages keep zero runtime dependencies.
    noExternal: ['@puzzles/kit'],
    // import.meta.url in the CommonJS build too: both find the generating worker (dist/generate-worker.js) next to them.
    shims: true,
  },
  {
    // The generating worker of generatePuzzles' `workers` option, one ESM file that both the ESM and the CommonJS builds start.
    entry: { 'generate-worker': 'src/generate-worker.ts' },
    format: ['esm'],
    target: 'node20',
    noExternal: ['@puzzles/kit'],
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
