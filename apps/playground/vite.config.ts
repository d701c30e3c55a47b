import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

/** One HTML page per puzzle, plus the index; relative base so the built site works from any folder. */
export const PAGES = ['index', 'flipper', 'wordle', 'mastermind', 'sudoku', 'bridge'] as const;

export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: Object.fromEntries(PAGES.map((page) => [page, resolve(here, `${page}.html`)])),
    },
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: false },
});
