import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const setupFile = fileURLToPath(new URL('./vitest.setup.ts', import.meta.url));

/** One test project per package: `pnpm test --project @puzzles/<name>` runs just that one. */
function pkg(name: string, dir = `packages/${name}`) {
  return defineProject({
    test: {
      name: `@puzzles/${name}`,
      root: fileURLToPath(new URL(`./${dir}`, import.meta.url)),
      include: ['test/**/*.test.ts'],
      setupFiles: [setupFile],
      // The machine is shared and CLI tests spawn processes: a slow run is not a failure (speed lives in bench/).
      testTimeout: 60_000,
      hookTimeout: 60_000,
      // The test files of a package share one module cache in a worker (no file leaves global state behind: fast-check's
      // settings are the same for all, and mocked clocks are restored): a fifth of the suite's time was imports.
      isolate: false,
    },
  });
}

/** The one list of test projects. Add a package here when it lands. */
export default [
  ...['bigint-deal', 'dlx', 'wordle', 'mastermind', 'flipper', 'logparse', 'candidates'].map((name) => pkg(name)),
  // The private runtime kit every package bundles (CLI plumbing, seeded generator, value quoting).
  pkg('kit', 'tools/kit'),
];
