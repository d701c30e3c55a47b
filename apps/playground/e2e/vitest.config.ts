import { defineConfig } from 'vitest/config';

// The browser tests: the built site (dist/) served by `vite preview` on localhost, driven by playwright-core in
// Debian's Chromium. `pnpm --filter playground e2e` builds the site first.
export default defineConfig({
  test: {
    name: 'playground e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/serve.ts'],
    // One Chromium at a time: the machines have two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
