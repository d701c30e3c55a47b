// Tree-shaking: a one-function import of the built package, bundled and minified with esbuild, stays small, and
// carries nothing of the parts it does not use (no top-level statements keep them alive).
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));

async function bundle(name: string): Promise<{ code: string; gzip: number }> {
  const result = await build({
    stdin: { contents: `export { ${name} } from ${JSON.stringify(dist)};`, resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  return { code, gzip: gzipSync(code).length };
}

/** Gzip budgets in bytes: 3 kB for a function that does not search; the searching ones bring the engine and WASM. */
const BUDGETS: Record<string, number> = {
  isValidName: 3000,
  formatDlx: 3000,
  parseDlx: 3000,
  defineProblem: 3000,
  nQueensProblem: 3000,
  formatSudoku: 3000,
  parseSudoku: 3000,
  seededRandom: 3000,
  pentominoProblem: 4000, // the packing builder, and defineProblem's parsing of multiplicities (u:v|name) since Algorithm M
  count: 17_000, // the engines (X and C in WASM and JS, M), the split at the top levels and the worker pool
  // The propagation searches: 9×9 by bands with triads and branching on ways in WebAssembly (about 8.0 kB of module)
  // with its TypeScript twin for where WebAssembly is refused (its tables are built on first use), 4×4 and 16×16 per
  // cell, 25×25 by clause learning (about 2 kB).
  solveSudoku: 15_900,
  countSudokuSolutions: 15_900,
};

describe('bundle size of one-function imports (esbuild --bundle --minify, gzip)', () => {
  for (const [name, budget] of Object.entries(BUDGETS)) {
    it(`${name}: at most ${budget} bytes`, async () => {
      const { gzip } = await bundle(name);
      expect(gzip).toBeLessThanOrEqual(budget);
    });
  }

  it('solveSudoku and countSudokuSolutions search by propagation without the dancing-links engine', async () => {
    for (const name of ['solveSudoku', 'countSudokuSolutions']) {
      const { code } = await bundle(name);
      // One WebAssembly module (every module's base64 starts with AGFzbQ), the Sudoku one; none of the engine's exports.
      expect(code.split('AGFzbQ').length - 1, name).toBe(1);
      expect(code, name).toContain('solveText');
      expect(code, name).not.toContain('coverItem');
    }
  });

  it('a function that does not search carries neither the engine nor the Sudoku tables', async () => {
    for (const name of ['formatDlx', 'nQueensProblem', 'parseDlx']) {
      const { code } = await bundle(name);
      expect(code, name).not.toContain('123456789ABCDEFGHIJKLMNOP');
      expect(code, name).not.toContain('WebAssembly');
    }
  });
});
