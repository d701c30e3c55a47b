#!/usr/bin/env node
// pnpm lint: publint --strict and attw on the packed tarball of every publishable package (build first).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const packages = readdirSync(join(root, 'packages'))
  .map((name) => join(root, 'packages', name))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .filter((dir) => !JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).private);

let failed = 0;
for (const dir of packages) {
  const { name } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (!existsSync(join(dir, 'dist'))) {
    console.error(`lint ${name}: no dist/ (run pnpm build first)`);
    failed++;
    continue;
  }
  for (const [tool, args] of [
    ['publint', ['--strict']],
    ['attw', ['--pack', '.']],
  ]) {
    console.log(`\n$ ${tool} ${args.join(' ')}   (${name})`);
    const result = spawnSync(bin(tool), args, { cwd: dir, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`lint ${name}: ${tool} failed (exit ${result.status ?? result.signal})`);
      failed++;
    }
  }
}
if (failed > 0) {
  console.error(`\nlint: ${failed} check(s) failed`);
  process.exit(1);
}
console.log(`\nlint: ${packages.length} package(s) clean under publint --strict and attw --pack`);
