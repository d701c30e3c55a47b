#!/usr/bin/env node
// pnpm demo: builds every package (its output shown only when the build fails), then runs every package's CLI on
// bundled sample input (each package's own `demo` script) and says what each one shows. Packages are shown in the
// order of the root README; a package that does not exist yet is skipped. `--no-build` skips the build.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ORDER = ['bigint-deal', 'dlx', 'wordle', 'mastermind', 'flipper', 'logparse', 'candidates'];
const WHAT = {
  'bigint-deal': 'a bridge deal by its page number in the Impossible Book, a page from a PBN deal, a seeded random deal',
  dlx: 'Sudoku solved as exact cover (with the uniqueness check), and 8-queens counted from a file in Knuth\'s DLX format',
  wordle: 'exact scoring (the xenon/train case), a game played from a pipe, the solver\'s guesses in normal and hard mode',
  mastermind: 'the state-machine solver of the Mastermind design essay with its trace, Knuth\'s minimax, the full Knuth evaluation, a codemaker session',
  flipper: 'a game played from a pipe, solutions by linear algebra over GF(2), Lights Out 5×5 and 1000×1000',
  logparse: 'per-day hits, referrers and referrer → page pairs from a sample access log, and its Graphviz DOT graph',
  candidates: 'a Sudoku solved step by step with explanations and a rating, then a hint for a hard one',
};

if (!process.argv.includes('--no-build')) {
  process.stdout.write('demo: building the packages (pnpm build; its output is shown only if it fails)… ');
  const start = performance.now();
  const build = spawnSync('pnpm', ['build'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (build.status !== 0) {
    console.log('failed\n');
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error(`demo: pnpm build failed (exit ${build.status ?? build.signal}${build.error ? `: ${build.error.message}` : ''})`);
    process.exit(1);
  }
  console.log(`done in ${Math.round((performance.now() - start) / 1000)} s`);
}

let ran = 0;
for (const name of ORDER) {
  const dir = join(root, 'packages', name);
  if (!existsSync(join(dir, 'package.json'))) continue;
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (!pkg.scripts?.demo) continue;
  const rule = '='.repeat(78);
  // Show the commands as a user would type them: `node dist/<file>.js` becomes the bin that points at that file.
  let commands = pkg.scripts.demo;
  // A bin is a committed launcher (`bin/dlx.js` imports `../dist/cli.js`): the command shown is the bin's name.
  for (const [bin, target] of Object.entries(pkg.bin ?? {})) {
    const launcher = readFileSync(join(dir, target), 'utf8');
    const built = /import '\.\.\/(dist\/[\w-]+\.js)'/.exec(launcher)?.[1] ?? target.replace(/^\.\//, '');
    commands = commands.replaceAll(`node ${built}`, bin);
  }
  console.log(`\n${rule}\n${pkg.name}: ${WHAT[name] ?? pkg.description}\n$ ${commands.replaceAll(' && ', '\n$ ')}\n${rule}`);
  const result = spawnSync('pnpm', ['--silent', 'run', 'demo'], { cwd: dir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`demo: ${pkg.name} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
  ran++;
}
if (existsSync(join(root, 'apps', 'playground', 'package.json'))) {
  const rule = '='.repeat(78);
  console.log(`\n${rule}\nplayground: Flipper, Wordle, Mastermind, Sudoku and Bridge in the browser, on these libraries\n${rule}`);
  console.log('Start it with:   pnpm --filter playground dev     (then open the URL it prints, http://localhost:5173/)');
  console.log('Browser tests:   pnpm e2e                         (builds the site; needs /usr/bin/chromium)');
}
console.log(`\ndemo: ${ran} package(s) shown. Run the tests with: pnpm test`);
