#!/usr/bin/env node
// pnpm demo: runs every package's CLI on bundled sample input (each package's own `demo` script) and says what
// each one shows. Packages are shown in the order of the root README; a package that does not exist yet is skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ORDER = ['bigint-deal', 'dlx', 'wordle', 'mastermind', 'flipper', 'logparse', 'candidates'];
const WHAT = {
  'bigint-deal': 'a bridge deal by its page number in the Impossible Book, a page from a PBN deal, a seeded random deal',
  dlx: 'exact cover by Dancing Links: a solved Sudoku',
  wordle: 'a scored Wordle game',
  mastermind: 'a Mastermind solve trace',
  flipper: 'a Flipper solution by linear algebra over GF(2)',
  logparse: 'access-log statistics with a DOT graph',
  candidates: 'a step-by-step Sudoku candidate elimination',
};

let ran = 0;
for (const name of ORDER) {
  const dir = join(root, 'packages', name);
  if (!existsSync(join(dir, 'package.json'))) continue;
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (!pkg.scripts?.demo) continue;
  const rule = '='.repeat(78);
  // Show the commands as a user would type them: `node dist/<file>.js` becomes the bin that points at that file.
  let commands = pkg.scripts.demo;
  for (const [bin, target] of Object.entries(pkg.bin ?? {})) commands = commands.replaceAll(`node ${target.replace(/^\.\//, '')}`, bin);
  console.log(`\n${rule}\n${pkg.name}: ${WHAT[name] ?? pkg.description}\n$ ${commands.replaceAll(' && ', '\n$ ')}\n${rule}`);
  const result = spawnSync('pnpm', ['--silent', 'run', 'demo'], { cwd: dir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`demo: ${pkg.name} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
  ran++;
}
console.log(`\ndemo: ${ran} package(s) shown. Run the tests with: pnpm test`);
