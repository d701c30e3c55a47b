#!/usr/bin/env node
// pnpm version-packages: what the release workflow's "Version Packages" pull request runs. Copies the root metadata
// into the packages (sync-metadata), then `changeset version`, which consumes every pending changeset: it bumps the
// versions and writes the CHANGELOGs in this working tree. It takes no arguments (and refuses any: `changeset version
// --help` does not print help, it versions), so `pnpm version-packages --help` only prints this.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

const args = process.argv.slice(2);
if (args.length > 0) {
  const help = args.every((arg) => arg === '--help' || arg === '-h');
  (help ? console.log : console.error)(
    'usage: pnpm version-packages\n' +
      '  copies repository/homepage/bugs/license/engines from the root package.json into the packages, then runs\n' +
      '  `changeset version`: consumes every pending changeset, bumps versions, writes CHANGELOGs (in this tree).\n' +
      '  To rehearse without changing anything: pnpm release-check.',
  );
  process.exit(help ? 0 : 2);
}
for (const [command, commandArgs] of [
  [process.execPath, [path.join(root, 'scripts', 'sync-metadata.mjs')]],
  [process.execPath, [path.join(root, 'node_modules', '@changesets', 'cli', 'bin.js'), 'version']],
]) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
