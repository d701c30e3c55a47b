// Global setup of the browser tests: serves the built site with `vite preview` on a free localhost port.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));
/** The built site: dist/, or PLAYGROUND_DIST (a folder relative to apps/playground) for a build of one's own. */
const outDir = process.env['PLAYGROUND_DIST'] ?? 'dist';

export default async function serve(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(`${root}${outDir}/index.html`)) {
    throw new Error(`apps/playground/${outDir} has no built site: run \`pnpm --filter playground e2e\` (it builds the site first)`);
  }
  const server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 4173, strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) throw new Error('vite preview did not report a local URL');
  project.provide('baseURL', url);
  return () => server.close();
}
