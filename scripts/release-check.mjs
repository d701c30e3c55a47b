#!/usr/bin/env node
// release-check: proves the changesets release flow end to end without releasing anything.
//
//   node scripts/release-check.mjs [--keep-temp]
//
//   (a) The "changed packages need a changeset" gate in the repo: `changeset status --since=<base>` when HEAD has
//       commits the base branch (origin/<base>, else <base>) does not; skipped, saying why, when HEAD is the base
//       itself or there is no base. Its output lists only the changesets added since the base; the release plan of
//       every pending changeset is step (b)'s.
//   (b) In a throwaway copy of the working tree (no node_modules, no .git; a fresh one-commit git repo on the base
//       branch): the release plan of every pending changeset (`changeset status --output`), then `changeset version`;
//       every package a pending changeset names must have the planned new version in package.json and a new
//       `## <version>` section (with the changeset's summary) in CHANGELOG.md; a package's first release (from
//       0.0.0) must get exactly one section with no "Patch Changes"; `pnpm pack` of every versioned package with
//       workspace dependencies must carry the new versions instead of workspace: ranges. With no pending changesets,
//       a temporary one (patch for every public package) is written in the copy first, so the flow is always
//       exercised.
//   (c) `pnpm -r --filter "./packages/*" publish --dry-run --no-git-checks` in the repo must exit 0.
//   Then it says whether a real publish would be refused (`pnpm release` refuses while the root package.json's
//   repository.url is a placeholder); the rehearsal itself does not fail on that.
// Node built-ins only (shared helpers in scripts/lib.mjs); external tools run through spawnSync with shell: false.
// The repo itself is never modified.

import fs from 'node:fs';
import path from 'node:path';
import { CheckError, elapsed, readJson, root, run as runTool, runMain, tail, withTempDir, workspacePackages } from './lib.mjs';
import { placeholderReason } from './sync-metadata.mjs';

const BUMPS = ['major', 'minor', 'patch', 'none'];
/** How many lines of a tool's output the log shows. */
const OUTPUT_LINES = 60;

/** The tail of a (possibly long) tool output, indented for the log. */
const indent = (text) => tail(text, OUTPUT_LINES);

/** lib's run() as release-check logs it: tools named by file name, the last OUTPUT_LINES lines of output on failure. */
const run = (command, args, options) => runTool(command, args, { outputLines: OUTPUT_LINES, basename: true, ...options });

/** Runs git with a fixed identity and no hooks, signing or pager, so the user's git config cannot break the copy. */
function git(args, cwd, options = {}) {
  const fixed = ['-c', 'user.name=release-check', '-c', 'user.email=release-check@example.invalid', '-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', '--no-pager'];
  return run('git', [...fixed, ...args], { cwd, what: `git ${args[0]}`, ...options });
}

/** The pending changesets in <tree>/.changeset: { id, file, releases: [{ name, type }], summary }. */
function pendingChangesets(tree) {
  const dir = path.join(tree, '.changeset');
  if (!fs.existsSync(dir)) throw new CheckError(`no .changeset/ directory in ${tree}; run \`pnpm changeset init\``);
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file.toLowerCase() !== 'readme.md')
    .sort()
    .map((file) => {
      const lines = fs.readFileSync(path.join(dir, file), 'utf8').replace(/\r\n/g, '\n').split('\n');
      const close = lines.indexOf('---', 1);
      if (lines[0].trim() !== '---' || close < 0) throw new CheckError(`.changeset/${file} has no --- front matter`);
      const releases = [];
      for (const line of lines.slice(1, close)) {
        if (line.trim() === '') continue;
        const match = /^\s*(["']?)([^"':\s]+)\1\s*:\s*(\w+)\s*$/.exec(line);
        if (!match || !BUMPS.includes(match[3])) throw new CheckError(`.changeset/${file}: cannot read front matter line ${JSON.stringify(line)} (expected "<package>": major|minor|patch|none)`);
        releases.push({ name: match[2], type: match[3] });
      }
      return { id: file.slice(0, -3), file, releases, summary: lines.slice(close + 1).join('\n').trim() };
    });
}

/** Whether a git ref resolves to a commit in a repo. */
function refExists(cwd, ref) {
  return git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], cwd, { allowFailure: true }).status === 0;
}

/**
 * Which `changeset status` to run in the repo itself, and why (args null: skip the gate).
 *
 * `changeset status` prints a release plan and fails when packages changed since the base branch have no
 * changeset. With `--since=<ref>` both halves look only at what changed since <ref>: the plan lists only changesets
 * ADDED since then, so run on the base branch itself (a CI build of main, a release commit) it prints "NO packages
 * to be bumped" however many changesets are pending. Without --since it compares with a local branch named like
 * config.baseBranch and crashes ("Failed to find where HEAD diverged from main") where there is none (a detached CI
 * checkout). So the gate runs only where it means something, always with an explicit --since, and the plan of every
 * pending changeset comes from step (b):
 *   - origin/<base>, else a local <base>, that shares history with HEAD and is not HEAD itself (nor ahead of it):
 *     `--since=<that ref>`;
 *   - HEAD is the base (merge-base = HEAD): nothing to gate;
 *   - no usable base, or no commits: nothing to compare with.
 */
function chooseStatusBase(baseBranch) {
  if (git(['rev-parse', '--is-inside-work-tree'], root, { allowFailure: true }).status !== 0) {
    return { args: null, why: `${root} is not a git work tree` };
  }
  if (!refExists(root, 'HEAD')) return { args: null, why: 'the repository has no commits yet, so there is no base to diff against' };
  const head = git(['rev-parse', 'HEAD'], root).stdout.trim();
  const notes = [];
  for (const ref of [`origin/${baseBranch}`, baseBranch]) {
    if (!refExists(root, ref)) continue;
    const mergeBase = git(['merge-base', ref, 'HEAD'], root, { allowFailure: true });
    if (mergeBase.status !== 0) {
      notes.push(`${ref} shares no history with HEAD (shallow clone? fetch with full depth)`);
      continue;
    }
    if (mergeBase.stdout.trim() === head) {
      return { args: null, why: `HEAD is on ${ref} (no commits of its own), so no change needs a changeset here` };
    }
    return { args: [`--since=${ref}`], why: `changes since ${ref}` };
  }
  notes.push(`no usable ${baseBranch} or origin/${baseBranch} to compare with`);
  return { args: null, why: notes.join('; ') };
}

function main(argv) {
  const keepTemp = argv.includes('--keep-temp');
  const unknown = argv.filter((arg) => arg !== '--keep-temp');
  if (unknown.length > 0) throw new CheckError(`unknown argument ${unknown.join(' ')}; usage: release-check.mjs [--keep-temp]`);

  const cli = path.join(root, 'node_modules', '@changesets', 'cli', 'bin.js');
  if (!fs.existsSync(cli)) throw new CheckError(`${path.relative(root, cli)} is missing; run pnpm install first`);
  const changeset = (args, cwd, what) => run(process.execPath, [cli, ...args], { cwd, what });
  const config = readJson(path.join(root, '.changeset', 'config.json'));
  const baseBranch = typeof config.baseBranch === 'string' ? config.baseBranch : 'main';
  const ignored = new Set(Array.isArray(config.ignore) ? config.ignore : []);
  const publicPackages = workspacePackages(root).filter((pkg) => !pkg.private);
  if (publicPackages.length === 0) throw new CheckError('no public packages in packages/*');

  // (a) The gate in the repo itself.
  let started = Date.now();
  const base = chooseStatusBase(baseBranch);
  if (base.args === null) {
    console.log(`release-check (a) changeset gate: skipped: ${base.why}; the release plan is in (b)`);
  } else {
    console.log(`release-check (a) pnpm exec changeset status${base.args.map((a) => ` ${a}`).join('')} (${base.why}; it lists only changesets added since then, the full plan is in (b))`);
    const status = run('pnpm', ['exec', 'changeset', 'status', ...base.args], { cwd: root, what: 'release-check (a) changeset status in the repo' });
    console.log(indent(`${status.stdout}${status.stderr}`));
    console.log(`release-check (a): ok, every package changed since the base has a changeset (${elapsed(started)} s)`);
  }

  // (b) status + version in a committed copy of the working tree.
  started = Date.now();
  withTempDir('release-check', { keep: keepTemp }, (tempRoot) => {
    const copy = path.join(tempRoot, 'repo');
    fs.cpSync(root, copy, {
      recursive: true,
      filter: (source) => {
        const name = path.basename(source);
        return name !== 'node_modules' && !(name === '.git' && path.dirname(source) === root);
      },
    });
    console.log(`release-check (b) copied the working tree to ${copy}`);

    let changesets = pendingChangesets(copy);
    if (changesets.length === 0) {
      const names = publicPackages.map((pkg) => pkg.name).filter((name) => !ignored.has(name));
      const body = `---\n${names.map((name) => `"${name}": patch`).join('\n')}\n---\n\nrelease-check: temporary changeset so the version flow is exercised.\n`;
      fs.writeFileSync(path.join(copy, '.changeset', 'release-check-temporary.md'), body);
      changesets = pendingChangesets(copy);
      console.log(`release-check (b) no pending changesets; wrote a temporary one in the copy (patch: ${names.join(', ')})`);
    } else {
      console.log(`release-check (b) pending changesets: ${changesets.map((c) => `${c.file} (${c.releases.map((r) => `${r.name} ${r.type}`).join(', ') || 'empty'})`).join('; ')}`);
    }

    git(['init', '--quiet', `--initial-branch=${baseBranch}`], copy);
    git(['add', '--all'], copy);
    git(['commit', '--quiet', '--no-verify', '--message', 'release-check snapshot'], copy);

    // In the copy HEAD is the base branch and the tree is clean, so plain `changeset status` (no --since) cannot
    // fail on the git comparison, and its plan covers every pending changeset.
    changeset(['status', '--output=release-plan.json'], copy, 'release-check (b) changeset status --output');
    const plan = readJson(path.join(copy, 'release-plan.json'));
    fs.rmSync(path.join(copy, 'release-plan.json'));
    const bumps = plan.releases.filter((r) => r.type !== 'none');
    console.log(`release-check (b) release plan of all ${plan.changesets.length} pending changeset(s): ${bumps.length} package(s) to be bumped`);
    for (const r of bumps) console.log(`    ${r.name}: ${r.oldVersion} -> ${r.newVersion} (${r.type})`);

    const before = new Map(workspacePackages(copy).map((pkg) => {
      const changelog = path.join(pkg.dir, 'CHANGELOG.md');
      return [pkg.name, { version: pkg.manifest.version, changelog: fs.existsSync(changelog) ? fs.readFileSync(changelog, 'utf8') : '' }];
    }));
    const planned = new Map(plan.releases.filter((r) => r.type !== 'none').map((r) => [r.name, r]));
    const problems = [];
    for (const c of changesets) {
      for (const r of c.releases) {
        if (r.type !== 'none' && !planned.has(r.name)) problems.push(`${c.file} bumps ${r.name} (${r.type}) but the release plan does not release it`);
      }
    }

    const version = changeset(['version'], copy, 'release-check (b) changeset version in the copy');
    console.log(indent(`${version.stdout}${version.stderr}`));

    const after = new Map(workspacePackages(copy).map((pkg) => [pkg.name, pkg]));
    for (const [name, release] of planned) {
      const pkg = after.get(name);
      if (!pkg) {
        problems.push(`${name} is in the release plan but not in packages/*`);
        continue;
      }
      const old = before.get(name);
      if (pkg.manifest.version !== release.newVersion) problems.push(`${name}: package.json version is ${pkg.manifest.version}; the plan said ${release.newVersion}`);
      if (pkg.manifest.version === old.version) problems.push(`${name}: version was not bumped (still ${old.version})`);
      const changelogFile = path.join(pkg.dir, 'CHANGELOG.md');
      const changelog = fs.existsSync(changelogFile) ? fs.readFileSync(changelogFile, 'utf8') : '';
      const heading = new RegExp(`^## ${release.newVersion.replace(/[.+]/g, '\\$&')}\\s*$`, 'm');
      if (!heading.test(changelog) || heading.test(old.changelog)) {
        problems.push(`${name}: CHANGELOG.md has no new "## ${release.newVersion}" section`);
      } else {
        const section = changelog.slice(changelog.search(heading)).split(/^## /m)[1];
        for (const c of changesets.filter((x) => x.releases.some((r) => r.name === name && r.type !== 'none'))) {
          const firstLine = c.summary.split('\n')[0].trim();
          if (firstLine && !section.includes(firstLine)) problems.push(`${name}: the "## ${release.newVersion}" section lacks the summary of ${c.file} (${JSON.stringify(firstLine)})`);
        }
      }
      if (old.version === '0.0.0') {
        // A first release: one section, no "Patch Changes" (e.g. "Updated dependencies" on first releases).
        const sections = changelog.match(/^## /gm)?.length ?? 0;
        if (sections !== 1) problems.push(`${name}: its first CHANGELOG.md has ${sections} "## " sections; expected one first-release entry`);
        if (/^### Patch Changes/m.test(changelog)) problems.push(`${name}: its first CHANGELOG.md has a "Patch Changes" section for a version never published`);
      }
      console.log(`release-check (b) ${name}: ${old.version} -> ${pkg.manifest.version} (${release.type}), CHANGELOG.md has "## ${release.newVersion}"${old.version === '0.0.0' ? ' as its only entry' : ''}`);
    }
    const workspaceDirs = new Map();
    for (const group of ['packages', 'tools', 'apps']) {
      const dir = path.join(copy, group);
      if (!fs.existsSync(dir)) continue;
      for (const entry of fs.readdirSync(dir)) {
        const file = path.join(dir, entry, 'package.json');
        if (fs.existsSync(file)) workspaceDirs.set(readJson(file).name, path.join(dir, entry));
      }
    }
    // What publishing the new versions would send: pnpm pack (as pnpm publish packs) of each versioned package that
    // depends on another workspace package must name the dependency's new version, never a workspace: range.
    for (const [name] of planned) {
      const pkg = after.get(name);
      if (!pkg) continue;
      const internal = ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) =>
        Object.entries(pkg.manifest[field] ?? {}).filter(([dep]) => after.has(dep)).map(([dep, range]) => ({ field, dep, range })));
      if (internal.length === 0) continue;
      // pnpm pack resolves workspace: ranges from the installed links, so make the links `pnpm install` would make
      // (the copy has no node_modules): node_modules/<dep> -> the dependency's folder, for every workspace dependency.
      for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
        for (const [dep, range] of Object.entries(pkg.manifest[field] ?? {})) {
          if (!String(range).startsWith('workspace:') || !workspaceDirs.has(dep)) continue;
          const link = path.join(pkg.dir, 'node_modules', ...dep.split('/'));
          if (fs.existsSync(link)) continue;
          fs.mkdirSync(path.dirname(link), { recursive: true });
          fs.symlinkSync(workspaceDirs.get(dep), link, 'dir');
        }
      }
      const destination = path.join(tempRoot, 'packed', name.replace(/^@/, '').replace(/\//g, '__'));
      fs.mkdirSync(destination, { recursive: true });
      run('pnpm', ['pack', '--pack-destination', destination], { cwd: pkg.dir, what: `release-check (b) pnpm pack ${name} in the copy` });
      const tarball = fs.readdirSync(destination).find((file) => file.endsWith('.tgz'));
      const packed = JSON.parse(run('tar', ['-xzOf', path.join(destination, tarball), 'package/package.json'], { cwd: destination, what: `tar ${tarball}` }).stdout);
      const shown = [];
      for (const { field, dep, range } of internal) {
        const publishedRange = packed[field]?.[dep];
        const want = after.get(dep).manifest.version;
        shown.push(`${dep} ${range} -> ${publishedRange}`);
        if (typeof publishedRange !== 'string' || publishedRange.includes('workspace:')) problems.push(`${name}: its packed ${field} has ${dep}: ${JSON.stringify(publishedRange)}`);
        else if (!publishedRange.includes(want)) problems.push(`${name}: its packed ${field} has ${dep}: ${publishedRange}, not the new version ${want}`);
      }
      console.log(`release-check (b) ${name}: packed after version: ${shown.join(', ')}`);
    }
    for (const [name, pkg] of after) {
      if (!planned.has(name) && before.get(name) && pkg.manifest.version !== before.get(name).version) {
        problems.push(`${name}: version changed from ${before.get(name).version} to ${pkg.manifest.version} but it was not in the release plan`);
      }
    }
    const left = changesets.filter((c) => fs.existsSync(path.join(copy, '.changeset', c.file)));
    if (left.length > 0) problems.push(`changeset version did not consume ${left.map((c) => c.file).join(', ')}`);
    if (planned.size === 0) problems.push('the release plan releases nothing, so the version flow was not exercised');
    if (problems.length > 0) throw new CheckError(`release-check (b) changeset version:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    console.log(`release-check (b): ok, ${planned.size} package(s) versioned (${elapsed(started)} s)`);
  });

  // (c) What `pnpm publish` would send, for every package under packages/.
  started = Date.now();
  console.log('release-check (c) pnpm -r --filter "./packages/*" publish --dry-run --no-git-checks');
  const publish = run('pnpm', ['-r', '--filter', './packages/*', 'publish', '--dry-run', '--no-git-checks'], { cwd: root, what: 'release-check (c) publish --dry-run' });
  const output = `${publish.stdout}\n${publish.stderr}`;
  const published = output.split('\n').filter((line) => /^\+ \S+@\S+/.test(line.trim())).map((line) => line.trim().slice(2));
  console.log(`release-check (c): ok, would publish ${published.join(', ') || 'nothing new (every version is already on the registry)'} (${elapsed(started)} s)`);
  for (const pkg of publicPackages) {
    if (pkg.name.startsWith('@') && pkg.manifest.publishConfig?.access !== 'public' && config.access !== 'public') {
      console.log(`release-check (c) note: ${pkg.name} is scoped with no public access configured; a first \`pnpm publish\` would be restricted`);
    }
  }

  // The rehearsal passes either way; a real `pnpm release` refuses (exit 1) while the repository URL is a placeholder.
  const url = readJson(path.join(root, 'package.json'), 'package.json').repository?.url;
  const reason = placeholderReason(url);
  if (reason !== undefined) {
    // Prove it: `pnpm release` must refuse before doing anything (it only runs here while the URL is a placeholder).
    const release = run(process.execPath, [path.join(root, 'scripts', 'release.mjs')], { cwd: root, allowFailure: true, what: 'scripts/release.mjs' });
    if (release.status !== 1 || !/publish refused/.test(release.stderr)) {
      throw new CheckError(`scripts/release.mjs should refuse with exit 1 while the repository URL is a placeholder; it exited ${release.status}:\n${indent(`${release.stdout}${release.stderr}`)}`);
    }
    console.log(`release-check: publish refused: repository URL is a placeholder (${url ?? 'none'} in the root package.json); pnpm release exits 1 until it is the real one`);
  }
  else console.log('release-check: the repository URL is set; pnpm release would publish');
}

runMain('release-check', main, { done: 'ok' });
