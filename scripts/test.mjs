#!/usr/bin/env node
// pnpm test [vitest arguments]: builds what the tests need, then runs `vitest run` with the same arguments.
//
//   pnpm test                                   build every package, then every test project
//   pnpm test --project @puzzles/candidates     build candidates and the packages it depends on (dlx), then its tests
//   pnpm test --project @puzzles/kit            the kit under tools/ has no build: nothing to build, then its tests
//
// A --project value with a wildcard (`--project '@puzzles/*'`) builds everything. The CLI tests spawn the built
// dist/, which is why a test run builds first. Node built-ins only.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

// `pnpm test -- --project x` hands the script a leading `--`; vitest would read what follows as file filters.
const args = process.argv.slice(2);
if (args[0] === '--') args.shift();

/** The values of every `--project X` / `--project=X` in the arguments. */
function projects(argv) {
  const names = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') break; // vitest reads everything after it as file filters
    if (arg === '--project' && i + 1 < argv.length) names.push(argv[++i]);
    else if (arg.startsWith('--project=')) names.push(arg.slice('--project='.length));
  }
  return names;
}

/**
 * Runs a command; exits with its status when it fails. A quiet step (the build) shows its output only on failure, so
 * that the test run starts on the screen instead of after some 200 lines of build log.
 */
function step(command, commandArgs, { quiet = false } = {}) {
  const shown = `${path.basename(command)} ${commandArgs.join(' ')}`;
  if (quiet) process.stdout.write(`\n$ ${shown}   (output shown only if it fails)\n`);
  else console.log(`\n$ ${shown}`);
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: quiet ? 'pipe' : 'inherit',
    shell: false,
    ...(quiet ? { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 } : {}),
  });
  if (result.error) {
    console.error(`test: could not run ${command}: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    if (quiet) {
      process.stdout.write(result.stdout ?? '');
      process.stderr.write(result.stderr ?? '');
      console.error(`test: ${shown} failed (exit ${result.status ?? result.signal})`);
    }
    process.exit(result.status ?? 1);
  }
}

const wanted = projects(args);
if (wanted.length === 0 || wanted.some((name) => /[*?[\]{}!]/.test(name))) {
  step('pnpm', ['build'], { quiet: true });
} else {
  // `<name>...` selects the package and everything it depends on; packages without a build script (the kit, the
  // testkit) are skipped by `run`, and --if-present keeps a selection with no build script at all from failing.
  const filters = wanted.flatMap((name) => ['--filter', `${name}...`]);
  step('pnpm', [...filters, '--if-present', 'run', 'build'], { quiet: true });
}
step(path.join(root, 'node_modules', '.bin', 'vitest'), ['run', ...args]);
