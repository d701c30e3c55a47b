#!/usr/bin/env node
// sync-metadata: the root package.json is the one place for the repository URL (and the license and engines every
// package shares); this copies them into every package's package.json.
//
//   node scripts/sync-metadata.mjs            write: repository (with the package's directory), homepage, bugs,
//                                             license, engines into packages/*/package.json (only files that differ)
//   node scripts/sync-metadata.mjs --check    change nothing; list every field that differs and exit 1 if any does
//   node scripts/sync-metadata.mjs --self-test   the placeholder rule and the derived fields on examples
//
// `pnpm build` and `pnpm version-packages` (before `changeset version`) run the first; CI runs the second.
// homepage is <web URL>/tree/<base branch>/<directory>#readme and bugs is <web URL>/issues, where the web URL is
// repository.url without `git+` and `.git`. Node built-ins only.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CheckError, readJson, root, runMain, workspacePackages } from './lib.mjs';

/** Hosts that mark a repository URL as not real yet (RFC 2606 reserved names and the like). */
const PLACEHOLDER_HOST = /(^|\.)(example\.(invalid|com|org|net)|invalid|localhost|test)$/i;

/**
 * Why a repository URL cannot be published as it is (undefined when it looks real): missing, not a URL, or a
 * placeholder host such as example.invalid.
 */
export function placeholderReason(url) {
  if (typeof url !== 'string' || url.trim() === '') return 'the root package.json has no repository.url';
  let parsed;
  try {
    parsed = new URL(url.replace(/^git\+/, ''));
  } catch {
    return `repository.url ${JSON.stringify(url)} is not a URL`;
  }
  if (PLACEHOLDER_HOST.test(parsed.hostname)) return `repository.url ${JSON.stringify(url)} is a placeholder (host ${parsed.hostname})`;
  return undefined;
}

/** The repository URL as a browser address: no `git+`, no `.git`, no trailing slash. */
function webUrl(url) {
  return url.replace(/^git\+/, '').replace(/\.git$/, '').replace(/\/+$/, '');
}

/** The shared fields from the root manifest; a CheckError when the root has no repository.url. */
export function sharedMetadata(rootManifest, baseBranch = 'main') {
  const repository = rootManifest.repository;
  const url = typeof repository === 'string' ? repository : repository?.url;
  if (typeof url !== 'string' || url === '') throw new CheckError('the root package.json has no repository.url to copy');
  return {
    url,
    web: webUrl(url),
    baseBranch,
    license: rootManifest.license,
    engines: rootManifest.engines,
  };
}

/** The fields a package's manifest should have, given the shared metadata and its directory relative to the root. */
export function expectedFields(shared, directory) {
  const fields = {
    repository: { type: 'git', url: shared.url, directory },
    homepage: `${shared.web}/tree/${shared.baseBranch}/${directory}#readme`,
    bugs: { url: `${shared.web}/issues` },
  };
  if (shared.license !== undefined) fields.license = shared.license;
  if (shared.engines !== undefined) fields.engines = shared.engines;
  return fields;
}

/** The manifest with the fields set: existing keys keep their place, new ones go after repository (or at the end). */
function withFields(manifest, fields) {
  const missing = Object.keys(fields).filter((key) => !(key in manifest));
  const out = {};
  let inserted = false;
  const insertMissing = () => {
    for (const key of missing) out[key] = fields[key];
    inserted = true;
  };
  for (const [key, value] of Object.entries(manifest)) {
    out[key] = key in fields ? fields[key] : value;
    if (key === 'repository') insertMissing();
  }
  if (!inserted) insertMissing();
  return out;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** --self-test: the placeholder rule, the derived fields and where new fields go. */
function selfTest() {
  const cases = [
    ['a placeholder host is refused', placeholderReason('git+https://example.invalid/puzzles.git') !== undefined],
    ['example.com is a placeholder too', placeholderReason('https://example.com/x/y') !== undefined],
    ['no URL is refused', placeholderReason(undefined) !== undefined && placeholderReason('') !== undefined],
    ['a non-URL is refused', placeholderReason('puzzles.git') !== undefined],
    ['a real URL is accepted', placeholderReason('git+https://github.com/someone/puzzles.git') === undefined],
  ];
  const fields = expectedFields(sharedMetadata({ repository: { url: 'git+https://github.com/someone/puzzles.git' }, license: 'MIT', engines: { node: '>=20' } }), 'packages/dlx');
  cases.push(['homepage and bugs come from the web URL', fields.homepage === 'https://github.com/someone/puzzles/tree/main/packages/dlx#readme' && fields.bugs.url === 'https://github.com/someone/puzzles/issues']);
  cases.push(['repository keeps the package directory', fields.repository.directory === 'packages/dlx' && fields.repository.url === 'git+https://github.com/someone/puzzles.git']);
  const updated = withFields({ name: 'x', version: '1.0.0', license: 'ISC', repository: { url: 'old' }, exports: {} }, fields);
  cases.push(['existing keys keep their place, new ones follow repository', JSON.stringify(Object.keys(updated)) === JSON.stringify(['name', 'version', 'license', 'repository', 'homepage', 'bugs', 'engines', 'exports'])]);
  cases.push(['existing values are replaced', updated.license === 'MIT' && updated.repository.url === 'git+https://github.com/someone/puzzles.git']);
  let failed = 0;
  for (const [name, ok] of cases) {
    console.log(`self-test ${name}: ${ok ? 'ok' : 'FAILED'}`);
    if (!ok) failed++;
  }
  if (failed > 0) throw new CheckError(`self-test: ${failed} of ${cases.length} cases failed`);
}

function main(argv) {
  if (argv.includes('--self-test')) return selfTest();
  const check = argv.includes('--check');
  const unknown = argv.filter((arg) => arg !== '--check');
  if (unknown.length > 0) throw new CheckError(`unknown argument ${unknown.join(' ')}; usage: sync-metadata.mjs [--check]`);

  const rootManifest = readJson(path.join(root, 'package.json'), 'package.json');
  const config = fs.existsSync(path.join(root, '.changeset', 'config.json')) ? readJson(path.join(root, '.changeset', 'config.json')) : {};
  const shared = sharedMetadata(rootManifest, typeof config.baseBranch === 'string' ? config.baseBranch : 'main');

  const drift = [];
  let written = 0;
  for (const pkg of workspacePackages(root)) {
    if (pkg.private) continue;
    const directory = path.relative(root, pkg.dir).split(path.sep).join('/');
    const fields = expectedFields(shared, directory);
    const differing = Object.keys(fields).filter((key) => !same(pkg.manifest[key], fields[key]));
    if (differing.length === 0) continue;
    if (check) {
      for (const key of differing) drift.push(`${directory}/package.json: "${key}" is ${JSON.stringify(pkg.manifest[key])}; the root says ${JSON.stringify(fields[key])}`);
    } else {
      fs.writeFileSync(path.join(pkg.dir, 'package.json'), `${JSON.stringify(withFields(pkg.manifest, fields), null, 2)}\n`);
      written++;
      console.log(`sync-metadata: ${directory}/package.json: ${differing.join(', ')}`);
    }
  }
  if (drift.length > 0) {
    throw new CheckError(`packages' metadata differs from the root package.json (run node scripts/sync-metadata.mjs):\n${drift.map((d) => `  - ${d}`).join('\n')}`);
  }
  const reason = placeholderReason(shared.url);
  console.log(`sync-metadata: ${check ? 'every package matches' : `${written} package.json file(s) updated from`} the root (repository ${shared.url}${reason ? ', still a placeholder' : ''})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runMain('sync-metadata', main);
