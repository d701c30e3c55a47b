import { rmSync } from 'node:fs';
import { defineConfig } from 'tsup';

// Both builds write into dist/, so clean it once here rather than racing two `clean` options.
rmSync('dist', { recursive: true, force: true });

export default defineConfig([
  {
    // The library: the platform-neutral core (index) and the Node entry (node, which adds files, streams, gzip and
    // SVG), dual ESM + CJS with types for both. Split into shared chunks in both formats, so that the two entries
    // share one copy of the core (one LogLineError class, whichever entry a value came from).
    // `threads` is internal (not in the exports map): what the CLI's worker threads count and post back, built here
    // so that it shares the core's chunk (one PackedItem class, one cache of agent classes) with `node`.
    entry: { index: 'src/index.ts', node: 'src/node.ts', parquet: 'src/parquet.ts', threads: 'src/threads.ts' },
    format: ['esm', 'cjs'],
    splitting: true,
    // Types for the public entries only (`threads` is internal).
    dts: { entry: { index: 'src/index.ts', node: 'src/node.ts', parquet: 'src/parquet.ts' } },
    target: 'node20',
    // The library finds its worker script (dist/worker.js) through `__filename` in the CommonJS build and
    // `import.meta.url` in the ESM one; `import.meta` is not CommonJS syntax, so there it stands for `__filename`
    // (never evaluated). No shims: they would import node:path into the chunk the browser core shares.
    esbuildOptions(options, context) {
      if (context.format === 'cjs') options.define = { ...options.define, 'import.meta.url': '__filename' };
    },
    // The private kit (@puzzles/kit) is bundled in: published packages keep zero runtime dependencies. So are
    // hyparquet-writer and hyparquet (MIT; the README carries their licence): they are ES modules only, which
    // require() cannot load on Node 20, and bundled they serve the CommonJS build of `parquet` too.
    noExternal: ['@puzzles/kit', 'hyparquet-writer', 'hyparquet'],
  },
  {
    // The CLI: one ESM file per bin (each starts with a shebang, which esbuild keeps).
    entry: { cli: 'src/cli.ts', worker: 'src/worker.ts' },
    format: ['esm'],
    // The CLI uses the library only through its public entry: load dist/node.js at run time, not a second copy.
    external: ['./node.js', './parquet.js', './threads.js'],
    target: 'node20',
    // The private kit (@puzzles/kit) is bundled in: published packages keep zero runtime dependencies.
    noExternal: ['@puzzles/kit'],
  },
]);
