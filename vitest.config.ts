import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import projects from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    // Vitest's default is one worker less than the cores: one worker on a 2-core machine. Most test files spend their
    // time waiting on the CLIs they spawn, so three workers keep two cores busy (pnpm test: about 8 minutes → 4).
    maxWorkers: Math.max(3, availableParallelism() - 1),
  },
});
