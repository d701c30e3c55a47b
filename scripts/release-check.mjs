#!/usr/bin/env node
// release-check: proves the changesets release flow end to end without releasing anything.
//
//   node scripts/release-check.mjs [--keep-temp]
//
//   (a) `pnpm exec changeset status` in the repo: the "changed packages need a changeset" gate, against the best base
//       ref this clone has (see chooseStatusBase for why a plain `changeset status` is not robust).
//   (b) In a throwaway copy of the working tree (no node_modules, no .git; a fresh one-commit git repo on the base
//       branch), `changeset status` prints the full release plan and `changeset version` applies it; then every package
//       a pending changeset names must have the planned new version in package.json and a new `## <version>` section
//       (with the changeset's summary) in CHANGELOG.md. With no pending changesets, a temporary one (patch for every
//       public package) is written in the copy first, so the flow is always exercised.
//   (c) `pnpm -r --filter "./packages/*" publish --dry-run --no-git-checks` in the repo must exit 0.
// Node built-ins only (shared helpers in scripts/lib.mjs); external tools run through spawnSync with shell: false.
// The repo itself is never modified.

import fs from 'node:fs';
import path from 'node:path';
import { CheckError, elapsed, readJson, root, run as runTool, runMain, tail, withTempDir, workspacePackages } from './lib.mjs';

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
 * Which `changeset status` to run in the repo itself, and why.
 *
 * `changeset status` does two things: it prints the release plan from the pending changesets, and it fails when
 * packages changed since the base branch (config.baseBranch) but no changeset was found. The second needs
 * `git merge-base <base> HEAD`, so a plain `changeset status` crashes ("Failed to find where HEAD diverged from
 * main") whenever the clone has no local branch named like the base: a CI checkout (detached HEAD, often shallow,
 * CI=true changes nothing here), a clone of a feature branch with --single-branch, or a repository with no commits.
 * `--since=<ref>` replaces the base for that comparison, but it ALSO filters the printed plan down to changesets
 * added since <ref> (`git diff` against the merge base: committed changesets are dropped and so are untracked ones),
 * so `--since=HEAD` gives a clean exit with a misleading "NO packages to be bumped". Hence:
 *   - origin/<base> exists and shares history with HEAD: `--since=origin/<base>` (the upstream, what CI compares to);
 *   - else a local <base> branch: plain `changeset status` (its own default);
 *   - else HEAD exists: `--since=HEAD`, which still parses every changeset and the config but only gates uncommitted
 *     changes; the full release plan comes from step (b);
 *   - else (no commits yet): nothing to compare with, so the gate is skipped; step (b) runs status in a committed copy.
 */
function chooseStatusBase(baseBranch) {
  if (git(['rev-parse', '--is-inside-work-tree'], root, { allowFailure: true }).status !== 0) {
    return { args: null, why: `${root} is not a git work tree` };
  }
  if (!refExists(root, 'HEAD')) return { args: null, why: 'the repository has no commits yet, so there is no base to diff against' };
  const shares = (ref) => git(['merge-base', ref, 'HEAD'], root, { allowFailure: true }).status === 0;
  const notes = [];
  for (const [ref, args] of [[`origin/${baseBranch}`, [`--since=origin/${baseBranch}`]], [baseBranch, []]]) {
    if (!refExists(root, ref)) continue;
    if (shares(ref)) return { args, why: `comparing with ${ref}` };
    notes.push(`${ref} shares no history with HEAD (shallow clone? fetch with full depth)`);
  }
  notes.push(`no usable ${baseBranch} or origin/${baseBranch}; only uncommitted changes are gated, the full plan is in step (b)`);
  return { args: ['--since=HEAD'], why: notes.join('; ') };
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
    console.log(`release-check (a) changeset status in the repo: skipped: ${base.why}`);
  } else {
    console.log(`release-check (a) pnpm exec changeset status${base.args.map((a) => ` ${a}`).join('')} (${base.why})`);
    const status = run('pnpm', ['exec', 'changeset', 'status', ...base.args], { cwd: root, what: 'release-check (a) changeset status in the repo' });
    console.log(indent(`${status.stdout}${status.stderr}`));
    console.log(`release-check (a): ok (${elapsed(started)} s)`);
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

    // In the copy HEAD is the base branch and the tree is clean, so plain `changeset status` cannot fail on the
    // git comparison and its plan covers every pending changeset.
    const status = changeset(['status', '--verbose'], copy, 'release-check (b) changeset status in the copy');
    console.log(indent(`${status.stdout}${status.stderr}`));
    changeset(['status', '--output=release-plan.json'], copy, 'release-check (b) changeset status --output');
    const plan = readJson(path.join(copy, 'release-plan.json'));
    fs.rmSync(path.join(copy, 'release-plan.json'));

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
      console.log(`release-check (b) ${name}: ${old.version} -> ${pkg.manifest.version} (${release.type}), CHANGELOG.md has "## ${release.newVersion}"`);
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
}

runMain('release-check', main, { done: 'ok' });
