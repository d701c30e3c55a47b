#!/usr/bin/env node
// pnpm release: publishes every package whose version is not on npm yet (what the release workflow runs after the
// "Version Packages" pull request is merged). Refuses, with exit status 1, while the root package.json's
// repository.url is a placeholder: a package published with it would point its npm page at nowhere.
//
// Steps: refuse on a placeholder URL; copy the root metadata into the packages (sync-metadata); build; publish with
// `pnpm -r publish` (which replaces workspace: ranges with real versions; provenance comes from
// NPM_CONFIG_PROVENANCE=true in the workflow); then `changeset tag`, whose "New tag:" lines tell changesets/action
// which releases to create. Node built-ins only.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { readJson, root } from './lib.mjs';
import { placeholderReason } from './sync-metadata.mjs';

const reason = placeholderReason(readJson(path.join(root, 'package.json'), 'package.json').repository?.url);
if (reason !== undefined) {
  console.error(`release: publish refused: ${reason}. Put the real repository URL in the root package.json; pnpm build copies it into every package.`);
  process.exit(1);
}

for (const [command, args] of [
  ['node', ['scripts/sync-metadata.mjs']],
  ['pnpm', ['build']],
  ['pnpm', ['-r', '--filter', './packages/*', 'publish', '--no-git-checks']],
  ['pnpm', ['exec', 'changeset', 'tag']],
]) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command === 'node' ? process.execPath : command, args, { cwd: root, stdio: 'inherit', shell: false });
  if (result.status !== 0) {
    console.error(`release: \`${command} ${args.join(' ')}\` failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
    process.exit(1);
  }
}
