#!/usr/bin/env node
// pnpm run docs (not `pnpm docs`, which pnpm hands to npm): the API reference site, one static folder (docs/, gitignored) that the Pages workflow publishes.
//
//   node scripts/docs.mjs               TypeDoc over all seven packages, then the playground into docs/playground/;
//                                       fails on any TypeDoc validation warning (an undocumented export, a type the
//                                       API uses but does not export, a broken {@link})
//   node scripts/docs.mjs --warn-only   the same, but validation warnings are listed without failing
//
// Entry points come from each package's package.json exports: "." is src/index.ts, "./node" (dist/node.js) is
// src/node.ts, and so on, so a new subpath export is documented without touching typedoc.json. TypeDoc runs in
// "packages" mode (one module per package, named after it, its README as the module page) with the options in
// typedoc.json; type errors are left to `pnpm typecheck`. Build first: the playground bundles the packages' dist/.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CheckError, readJson, root, runMain, workspacePackages } from './lib.mjs';
import { placeholderReason, sharedMetadata } from './sync-metadata.mjs';

/** Every file an exports map points at, without ./package.json and .d.ts/.d.cts targets. */
function exportedFiles(exportsField) {
  const targets = [];
  const walk = (value, subpath) => {
    if (typeof value === 'string') targets.push({ subpath, target: value });
    else if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, subpath ?? key);
  };
  if (typeof exportsField === 'string') targets.push({ subpath: '.', target: exportsField });
  else walk(exportsField, undefined);
  return targets.filter(({ subpath, target }) => subpath !== './package.json' && !/\.d\.c?ts$/.test(target));
}

/** The source entry points of a package: src/<name>.ts for every dist/<name>.(js|cjs) its exports name. */
function entryPoints(pkg) {
  const files = new Set();
  for (const { subpath, target } of exportedFiles(pkg.manifest.exports ?? './dist/index.js')) {
    const match = /^\.\/dist\/(.+)\.(?:js|cjs|mjs)$/.exec(target);
    if (!match) throw new CheckError(`${pkg.name}: exports["${subpath}"] is ${target}; docs.mjs only knows ./dist/<name>.js targets`);
    const source = `src/${match[1]}.ts`;
    if (!fs.existsSync(path.join(pkg.dir, source))) throw new CheckError(`${pkg.name}: exports["${subpath}"] is ${target}, but there is no ${source} to document`);
    files.add(source);
  }
  return [...files].sort();
}

function main(argv) {
  const warnOnly = argv.includes('--warn-only');
  const unknown = argv.filter((arg) => arg !== '--warn-only');
  if (unknown.length > 0) throw new CheckError(`unknown argument ${unknown.join(' ')}; usage: docs.mjs [--warn-only]`);

  const packages = workspacePackages(root).filter((pkg) => !pkg.private);
  // TypeDoc's packageOptions apply to every package alike, so the entry points are one glob over the union of the
  // packages' exported sources; a package with a matching source file it does not export would be documented
  // wrongly, so that is refused.
  const perPackage = new Map(packages.map((pkg) => [pkg.name, entryPoints(pkg)]));
  const names = [...new Set([...perPackage.values()].flat().map((file) => path.basename(file, '.ts')))].sort();
  for (const pkg of packages) {
    const unexported = names.filter((name) => fs.existsSync(path.join(pkg.dir, 'src', `${name}.ts`)) && !perPackage.get(pkg.name).includes(`src/${name}.ts`));
    if (unexported.length > 0) {
      throw new CheckError(`${pkg.name} has ${unexported.map((n) => `src/${n}.ts`).join(', ')}, which another package exports as an entry point but it does not; typedoc.json's packageOptions would document it`);
    }
  }
  const glob = names.length === 1 ? `src/${names[0]}.ts` : `src/@(${names.join('|')}).ts`;
  for (const [name, files] of perPackage) console.log(`docs ${name}: ${files.join(', ')}`);

  const base = readJson(path.join(root, 'typedoc.json'), 'typedoc.json');
  const packageOptions = { ...base.packageOptions, entryPoints: [glob] };
  const rootManifest = readJson(path.join(root, 'package.json'), 'package.json');
  if (placeholderReason(rootManifest.repository?.url) === undefined) {
    // Source links to the real repository ({path} is relative to the repository root).
    Object.assign(packageOptions, {
      disableSources: false,
      disableGit: true,
      gitRevision: 'main',
      sourceLinkTemplate: `${sharedMetadata(rootManifest).web}/blob/{gitRevision}/{path}#L{line}`,
    });
  }
  const generated = path.join(root, '.tmp', 'typedoc.generated.json');
  fs.mkdirSync(path.dirname(generated), { recursive: true });
  // The home page: what the packages are (their package.json descriptions) and where the playground is.
  const home = [
    `${rootManifest.description ?? ''} Each package is published to npm on its own; this is the reference of their public`,
    'APIs, built from their doc comments. Each package page starts with its README.',
    '',
    '| package | what it is |',
    '| --- | --- |',
    ...packages.map((pkg) => `| [${pkg.name}](https://www.npmjs.com/package/${pkg.name}) | ${String(pkg.manifest.description ?? '').replace(/\|/g, '\\|')} |`),
    '',
    'The playground (the first link in the menu) plays Flipper, Wordle, Mastermind, Sudoku and Bridge in the browser on these',
    'libraries.',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(root, '.tmp', 'docs-home.md'), home);
  fs.writeFileSync(generated, `${JSON.stringify({ extends: ['../typedoc.json'], readme: 'docs-home.md', packageOptions }, null, 2)}\n`);

  const typedoc = path.join(root, 'node_modules', '.bin', 'typedoc');
  const args = ['--options', generated, ...(warnOnly ? ['--treatValidationWarningsAsErrors', 'false'] : [])];
  console.log(`docs: typedoc ${args.join(' ')} (entry points ${glob} in each package)`);
  const result = spawnSync(typedoc, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  const output = `${result.stdout}${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
  const warnings = output.split('\n').filter((line) => line.startsWith('[warning]') && !/^\[warning\] Found \d+ errors/.test(line));
  process.stdout.write(output.split('\n').filter((line) => !line.startsWith('[info]')).join('\n'));
  const undocumented = warnings.filter((line) => line.includes('does not have any documentation')).length;
  const notExported = warnings.filter((line) => line.includes('but not included in the documentation')).length;
  console.log(`docs: ${undocumented} undocumented export(s), ${notExported} type(s) used by the API but not exported, ${warnings.length - undocumented - notExported} other warning(s)`);
  if (result.status !== 0) throw new CheckError(`typedoc failed (exit ${result.status ?? result.signal})${warnOnly ? '' : '; run with --warn-only to build the site anyway'}`);
  if (warnOnly && warnings.length > 0) console.log('docs: --warn-only: the warnings above do not fail this run');

  // The playground, built with its relative base ('./') so it works from docs/playground/.
  const out = path.join(root, 'docs', 'playground');
  console.log(`docs: vite build of the playground into ${path.relative(root, out)}/`);
  const vite = spawnSync('pnpm', ['--filter', 'playground', 'exec', 'vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (vite.status !== 0) throw new CheckError(`the playground's vite build failed (exit ${vite.status ?? vite.signal}); run pnpm build first`);
  if (!fs.existsSync(path.join(out, 'index.html'))) throw new CheckError(`the playground's build left no ${path.relative(root, out)}/index.html`);
  console.log(`docs: the site is in docs/ (open docs/index.html; the playground is docs/playground/index.html)`);
}

runMain('docs', main);
