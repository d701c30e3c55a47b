#!/usr/bin/env node
// pack-check: proves that every public package in packages/* can be published to npm and imported into another
// project, by doing exactly that with the real tarball.
//
//   node scripts/pack-check.mjs [name...] [--keep-temp]   check all public packages, or only the named ones
//   node scripts/pack-check.mjs --self-test               check that the tarball validator rejects broken packages
//
// For each package (already built: dist/ must exist):
//   1. `pnpm pack` it (pnpm rewrites workspace: ranges the way `pnpm publish` does).
//   2. Validate the tarball: exactly package.json, README.md, LICENSE, CHANGELOG.md, dist/** and bin/**; no pnpm-only
//      protocol (workspace:, catalog:, link:, file:) in any dependency field; every file named by exports (all nested
//      conditions), main, module, types and bin exists; every bin starts with a `#!` shebang and every relative
//      import of a bin launcher (`import '../dist/cli.js'`) is packed; no packed file names a private workspace
//      package (@puzzles/kit, @puzzles/testkit: a published bundle must inline them); no packed file uses words that
//      only make sense inside this project (see WORDING); every relative link in README.md names a packed file.
//      Every hit is listed as file:line.
//   3. In a fresh project under os.tmpdir() (outside the workspace, so nothing resolves through it), `npm install` the
//      tarball, the tarballs of the @puzzles/* packages it depends on, and the root's pinned typescript + @types/node.
//   4. `import` and `require` it, and every other subpath export ("./node", "./arbitraries"), and compare the export
//      names ("." must load without the optional peer dependencies; a subpath that needs them gets them installed at
//      the version the workspace pins, and the log says so); type-check and run a TypeScript consumer as both
//      .mts and .cts under module/moduleResolution nodenext (packages/<name>/test/pack/consumer.ts if it exists,
//      otherwise a generated one that only proves the types resolve); run every bin the ways a user does after
//      installing: `npx --no-install --offline @puzzles/<pkg> --version` (or `npx … --package @puzzles/<pkg> <bin>`
//      for a second bin), which can only run ours, and `pnpm exec <bin>` with --version and --help.
// A package whose tarball has problems is still installed and run, so one log shows everything wrong with it.
// Node built-ins only (shared helpers in scripts/lib.mjs); external tools run through spawnSync with shell: false.

import fs from 'node:fs';
import path from 'node:path';
import { CheckError, root, run, runMain, tail, withTempDir, workspacePackages } from './lib.mjs';

const SCOPE = '@puzzles/';
const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'];
/** Version protocols that only pnpm understands (or that point at the author's disk): never valid in a tarball. */
const LOCAL_PROTOCOLS = ['workspace:', 'catalog:', 'link:', 'file:'];
const REQUIRED_FILES = ['package/package.json', 'package/README.md', 'package/LICENSE', 'package/CHANGELOG.md'];
/** Folders a tarball may hold besides REQUIRED_FILES: the build and the committed bin launchers. */
const PACKED_FOLDERS = ['package/dist/', 'package/bin/'];
/** Workspace packages that are never published: a packed file naming one would fail to resolve for a user. */
const PRIVATE_PACKAGES = ['@puzzles/kit', '@puzzles/testkit'];
/**
 * Words an npm reader cannot place: the project's founding documents ("the seed", "seed's"), its issue tracker
 * ("the issue", "issue's") and the source blog named by its domain ("jalat"). Case-insensitive, whole words (so
 * "the seeded generator" and a `seed` option are fine); a straight or curly apostrophe.
 */
const WORDING = [
  { label: "seed's", pattern: /\bseed['\u2019]s\b/i },
  { label: 'the seed', pattern: /\bthe seed\b/i },
  { label: "issue's", pattern: /\bissue['\u2019]s\b/i },
  { label: 'the issue', pattern: /\bthe issue\b/i },
  { label: 'jalat', pattern: /jalat/i },
];

// ---------------------------------------------------------------------------------------------------------------
// The tarball validator: a pure function of (packed manifest, file list, file reader), so --self-test can feed it
// broken packages without packing anything.

/** Every string target in an exports value, with the subpath and condition chain that leads to it. */
function exportTargets(exportsField) {
  const targets = [];
  const walk = (value, trail) => {
    if (typeof value === 'string') targets.push({ trail, target: value });
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${trail}[${i}]`));
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, trail ? `${trail} > ${key}` : key);
    }
    // null excludes a subpath on purpose; nothing to check.
  };
  walk(exportsField, '');
  return targets.map(({ trail, target }) => ({ trail: trail || '.', target }));
}

/** The tarball path ("package/dist/x.js") a package-relative path ("./dist/x.js") names, or undefined if it escapes. */
function tarPath(relative) {
  const normal = path.posix.normalize(relative.replace(/^\.\//, ''));
  if (normal.startsWith('..') || path.posix.isAbsolute(normal)) return undefined;
  return `package/${normal}`;
}

/** The problems (empty when the tarball is good) with a packed package: its package.json, its file list, its files. */
function validatePacked({ manifest, files, readText }) {
  const problems = [];
  const fileSet = new Set(files);

  const missing = REQUIRED_FILES.filter((file) => !fileSet.has(file));
  if (missing.length > 0) problems.push(`missing from the tarball: ${missing.join(', ')}`);
  if (!files.some((file) => file.startsWith('package/dist/'))) problems.push('no files under dist/ in the tarball');
  const unexpected = files.filter((file) => !REQUIRED_FILES.includes(file) && !PACKED_FOLDERS.some((folder) => file.startsWith(folder)));
  if (unexpected.length > 0) {
    problems.push(`unexpected files in the tarball (only package.json, README.md, LICENSE, CHANGELOG.md, dist/ and bin/ belong there): ${unexpected.join(', ')}`);
  }

  if (typeof manifest.name !== 'string' || manifest.name === '') problems.push('packed package.json has no name');
  if (typeof manifest.version !== 'string' || manifest.version === '') problems.push('packed package.json has no version');

  for (const field of DEPENDENCY_FIELDS) {
    const deps = manifest[field];
    if (deps === undefined) continue;
    if (deps === null || typeof deps !== 'object' || Array.isArray(deps)) {
      problems.push(`packed package.json field "${field}" is not an object`);
      continue;
    }
    for (const [dep, range] of Object.entries(deps)) {
      const protocol = LOCAL_PROTOCOLS.find((p) => String(range).includes(p));
      if (protocol) problems.push(`packed package.json field "${field}" has "${dep}": "${range}" (${protocol} cannot be installed from npm)`);
    }
  }

  const mustExist = (label, target) => {
    if (typeof target !== 'string') {
      problems.push(`${label} is not a string: ${JSON.stringify(target)}`);
      return undefined;
    }
    const file = tarPath(target);
    if (file === undefined) {
      problems.push(`${label} points outside the package: ${target}`);
      return undefined;
    }
    if (!fileSet.has(file)) problems.push(`${label} names ${target}, which is not in the tarball`);
    return file;
  };

  if (manifest.exports !== undefined) {
    for (const { trail, target } of exportTargets(manifest.exports)) {
      const label = `exports[${trail}]`;
      if (!target.startsWith('./')) {
        problems.push(`${label} must start with "./": ${target}`);
      } else if (target.includes('*')) {
        // A subpath pattern: at least one file in the tarball must match it.
        const [before, after] = target.slice(2).split('*', 2);
        const matched = files.some((f) => f.startsWith(`package/${before}`) && f.endsWith(after) && f.length >= `package/${before}${after}`.length);
        if (!matched) problems.push(`${label} pattern ${target} matches no file in the tarball`);
      } else {
        mustExist(label, target);
      }
    }
  }
  for (const field of ['main', 'module', 'types']) {
    if (manifest[field] !== undefined) mustExist(`"${field}"`, manifest[field]);
  }

  for (const [name, target] of Object.entries(binEntries(manifest))) {
    const file = mustExist(`bin "${name}"`, target);
    if (file !== undefined && fileSet.has(file)) {
      const text = readText(file);
      if (typeof text !== 'string' || !text.startsWith('#!')) problems.push(`bin "${name}" (${target}) does not start with a #! shebang`);
      // A launcher (bin/x.js importing ../dist/cli.js) must import files that are packed.
      for (const specifier of relativeImports(text ?? '')) {
        const imported = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        if (!fileSet.has(imported)) problems.push(`bin "${name}" (${target}) imports ${specifier}, which is not in the tarball`);
      }
    }
  }

  problems.push(...contentProblems(files, readText));
  problems.push(...readmeLinkProblems(fileSet, readText));
  return problems;
}

/** The relative specifiers ('./x', '../dist/cli.js') a JavaScript file imports or requires. */
function relativeImports(text) {
  const found = new Set();
  const patterns = [/\bimport\s*(?:[^'"()]*?\bfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/g, /\b(?:import|require)\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

/** A line of a file cut to at most 100 characters around a match, for the log. */
function excerpt(line, index) {
  const start = Math.max(0, index - 40);
  const text = line.slice(start, start + 100).trim();
  return `${start > 0 ? '…' : ''}${text}${start + 100 < line.length ? '…' : ''}`;
}

/**
 * Every line of every packed text file that names a private workspace package or uses a WORDING phrase, as
 * "<what> in <file>:<line>: <excerpt>" (file without the package/ prefix).
 */
function contentProblems(files, readText) {
  const problems = [];
  for (const file of files) {
    const text = readText(file);
    if (typeof text !== 'string') continue;
    const shown = file.replace(/^package\//, '');
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      for (const name of PRIVATE_PACKAGES) {
        const at = line.indexOf(name);
        // "@puzzles/kit" but not "@puzzles/kitchen": the next character must not continue a package name.
        if (at >= 0 && !/[\w-]/.test(line[at + name.length] ?? '')) {
          problems.push(`private package ${name} named in ${shown}:${i + 1}: ${excerpt(line, at)}`);
        }
      }
      // One problem per line, naming every phrase on it ("the seed's" is both "the seed" and "seed's").
      const hits = WORDING.map(({ label, pattern }) => ({ label, match: pattern.exec(line) })).filter((hit) => hit.match);
      if (hits.length > 0) {
        const at = Math.min(...hits.map((hit) => hit.match.index));
        problems.push(`wording ${hits.map((hit) => `"${hit.label}"`).join(', ')} in ${shown}:${i + 1}: ${excerpt(line, at)}`);
      }
    });
  }
  return problems;
}

/** The link targets in a Markdown text with their line numbers, outside code spans and fenced code blocks. */
function markdownLinks(text) {
  const links = [];
  let fence;
  text.split('\n').forEach((raw, i) => {
    const fenceMatch = /^\s*(```+|~~~+)/.exec(raw);
    if (fenceMatch) {
      if (fence === undefined) fence = fenceMatch[1][0];
      else if (fenceMatch[1][0] === fence) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    const line = raw.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
    const patterns = [
      /\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"']*["'])?\s*\)/g, // [text](target "title") and ![alt](target)
      /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g, // [label]: target
      /\b(?:href|src)\s*=\s*["']([^"']+)["']/gi, // <a href="…">, <img src="…">
    ];
    for (const pattern of patterns) for (const match of line.matchAll(pattern)) links.push({ target: match[1], line: i + 1 });
  });
  return links;
}

/**
 * Every relative link in the packed README.md that does not name a packed file (absolute URLs with a scheme,
 * protocol-relative URLs and #anchors are fine): npm shows the README without the rest of the repository.
 */
function readmeLinkProblems(fileSet, readText) {
  const text = readText('package/README.md');
  if (typeof text !== 'string') return [];
  const problems = [];
  for (const { target, line } of markdownLinks(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('#')) continue;
    const relative = decodeURI(target.split('#')[0].split('?')[0]);
    const file = tarPath(relative.startsWith('/') ? `.${relative}` : relative);
    if (file === undefined) problems.push(`README.md:${line} links ${target}, which is outside the package (npm shows only packed files)`);
    else if (!fileSet.has(file) && ![...fileSet].some((packed) => packed.startsWith(`${file.replace(/\/$/, '')}/`))) {
      problems.push(`README.md:${line} links ${target}, which is not in the tarball (link an absolute URL or pack the file)`);
    }
  }
  return problems;
}

/** The bin map of a manifest ({} when it has none); a string bin is named after the unscoped package name. */
function binEntries(manifest) {
  if (manifest.bin === undefined) return {};
  if (typeof manifest.bin === 'string') return { [String(manifest.name).replace(/^@[^/]+\//, '')]: manifest.bin };
  if (manifest.bin !== null && typeof manifest.bin === 'object') return manifest.bin;
  return { '(bin)': manifest.bin };
}

// ---------------------------------------------------------------------------------------------------------------
// --self-test: a good package passes, each kind of breakage is rejected with a message that names it.

function selfTest() {
  const goodManifest = () => ({
    name: '@puzzles/example',
    version: '1.2.3',
    type: 'module',
    exports: {
      '.': {
        import: { types: './dist/index.d.ts', default: './dist/index.js' },
        require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
      },
      './features/*': './dist/features/*.js',
      './internal/*': null,
      './package.json': './package.json',
    },
    main: './dist/index.cjs',
    module: './dist/index.js',
    types: './dist/index.d.cts',
    bin: { example: './bin/example.js', 'example-old': './dist/cli.js' },
    dependencies: { '@puzzles/other': '^0.3.0' },
  });
  const goodFiles = () => [
    ...REQUIRED_FILES,
    'package/dist/index.js', 'package/dist/index.cjs', 'package/dist/index.d.ts', 'package/dist/index.d.cts',
    'package/dist/cli.js', 'package/dist/features/rank.js', 'package/bin/example.js',
  ];
  const goodTexts = () => ({
    'package/dist/cli.js': '#!/usr/bin/env node\nconsole.log(1);\n',
    'package/bin/example.js': "#!/usr/bin/env node\n// Launcher for the built CLI.\nimport '../dist/cli.js';\n",
    'package/dist/index.js': 'export { seededWords } from "./random.js"; // the seeded generator; a `seed` option\n',
    'package/README.md': [
      '# @puzzles/example', '', 'See [the changelog](CHANGELOG.md), [the licence](./LICENSE#L1), [npm](https://www.npmjs.com/)',
      'and [a section](#api). ![logo](https://example.org/logo.png) <a href="dist/index.js">code</a>', '',
      '[ref]: ./package.json', '', '```sh', 'see [not a link](../outside.md) inside a code block', '```',
      'Inline `[code](nowhere.md)` is not a link either. The issued tickets and the seeded random are fine.',
    ].join('\n'),
  });

  const cases = [
    { name: 'a good package', expect: [] },
    {
      name: 'exports names a dist file that is missing',
      files: (f) => f.filter((x) => x !== 'package/dist/index.cjs'),
      expect: [/exports\[\. > require > default\] names \.\/dist\/index\.cjs/, /"main" names \.\/dist\/index\.cjs/],
    },
    {
      name: 'a nested types condition names a missing file',
      manifest: (m) => { m.exports['.'].import.types = './dist/index.d.mts'; },
      expect: [/exports\[\. > import > types\] names \.\/dist\/index\.d\.mts/],
    },
    {
      name: 'a subpath pattern matches nothing',
      manifest: (m) => { m.exports['./features/*'] = './dist/feature/*.js'; },
      expect: [/pattern \.\/dist\/feature\/\*\.js matches no file/],
    },
    {
      name: 'an exports target without ./',
      manifest: (m) => { m.exports['./package.json'] = 'package.json'; },
      expect: [/must start with "\.\/"/],
    },
    {
      name: 'a workspace: range left in dependencies',
      manifest: (m) => { m.dependencies['@puzzles/other'] = 'workspace:^'; },
      expect: [/field "dependencies" has "@puzzles\/other": "workspace:\^"/],
    },
    {
      name: 'a workspace: range left in peerDependencies',
      manifest: (m) => { m.peerDependencies = { '@puzzles/other': 'workspace:*' }; },
      expect: [/field "peerDependencies" has "@puzzles\/other": "workspace:\*"/],
    },
    {
      name: 'a workspace: range left in devDependencies',
      manifest: (m) => { m.devDependencies = { '@puzzles/other': 'workspace:^' }; },
      expect: [/field "devDependencies"/],
    },
    {
      name: 'an extra file (src/index.ts)',
      files: (f) => [...f, 'package/src/index.ts'],
      expect: [/unexpected files .*: package\/src\/index\.ts$/],
    },
    {
      name: 'a stray file at the top (tsconfig.json)',
      files: (f) => [...f, 'package/tsconfig.json'],
      expect: [/unexpected files .*package\/tsconfig\.json/],
    },
    {
      name: 'README.md and CHANGELOG.md missing',
      files: (f) => f.filter((x) => x !== 'package/README.md' && x !== 'package/CHANGELOG.md'),
      expect: [/missing from the tarball: package\/README\.md, package\/CHANGELOG\.md/],
    },
    {
      name: 'nothing under dist/',
      files: (f) => f.filter((x) => !x.startsWith('package/dist/')),
      expect: [/no files under dist\//],
    },
    {
      name: 'a bin launcher importing a dist file that is not packed',
      texts: (t) => { t['package/bin/example.js'] = "#!/usr/bin/env node\nimport '../dist/main.js';\n"; },
      expect: [/bin "example" \(\.\/bin\/example\.js\) imports \.\.\/dist\/main\.js, which is not in the tarball/],
    },
    {
      name: 'a file outside dist/ and bin/ (scripts/build.js)',
      files: (f) => [...f, 'package/scripts/build.js'],
      expect: [/unexpected files .*package\/scripts\/build\.js/],
    },
    {
      name: 'a bundle that imports the private kit',
      texts: (t) => { t['package/dist/index.js'] += 'import { runCli } from "@puzzles/kit/cli";\n'; },
      expect: [/private package @puzzles\/kit named in dist\/index\.js:2: /],
    },
    {
      name: 'a declaration file that names the testkit',
      files: (f) => [...f, 'package/dist/extra.d.ts'],
      texts: (t) => { t['package/dist/extra.d.ts'] = 'export type X = 1;\nexport type Y = 2;\nimport type { Z } from "@puzzles/testkit";\n'; },
      expect: [/private package @puzzles\/testkit named in dist\/extra\.d\.ts:3: /],
    },
    {
      name: 'project-internal wording in the README and the bundle (each hit listed)',
      texts: (t) => {
        t['package/README.md'] += "\nThe seed's target is met.\nAs THE ISSUE says, see jalat.com.\nThe issue\u2019s figures.\nFrom the seed.\n";
        t['package/dist/cli.js'] += "const help = 'default host http://www.Jalat.com';\n";
      },
      expect: [
        /^wording "seed's", "the seed" in README\.md:12: The seed's target is met\.$/,
        /^wording "the issue", "jalat" in README\.md:13: /,
        /^wording "issue's", "the issue" in README\.md:14: /,
        /^wording "the seed" in README\.md:15: /,
        /^wording "jalat" in dist\/cli\.js:3: .*Jalat\.com/,
      ],
    },
    {
      name: 'README links to files that are not packed',
      texts: (t) => { t['package/README.md'] += '\nSee [speed](PERFORMANCE.md), [shared](../shared/CONVENTIONS.md#x) and <img src="docs/shot.png">.\n'; },
      expect: [
        /README\.md:12 links PERFORMANCE\.md, which is not in the tarball/,
        /README\.md:12 links \.\.\/shared\/CONVENTIONS\.md#x, which is outside the package/,
        /README\.md:12 links docs\/shot\.png, which is not in the tarball/,
      ],
    },
    {
      name: 'a bin without a shebang',
      texts: (t) => { t['package/dist/cli.js'] = 'console.log(1);\n'; },
      expect: [/bin "example-old" \(\.\/dist\/cli\.js\) does not start with a #! shebang/],
    },
    {
      name: 'a string bin pointing at a missing file',
      manifest: (m) => { m.bin = './dist/main.js'; },
      expect: [/bin "example" names \.\/dist\/main\.js/],
    },
    {
      name: 'types pointing outside the package',
      manifest: (m) => { m.types = '../other/dist/index.d.ts'; },
      expect: [/"types" points outside the package/],
    },
  ];

  let failures = 0;
  for (const c of cases) {
    const manifest = goodManifest();
    c.manifest?.(manifest);
    const files = c.files ? c.files(goodFiles()) : goodFiles();
    const texts = goodTexts();
    c.texts?.(texts);
    const problems = validatePacked({ manifest, files, readText: (file) => texts[file] });
    let verdict;
    if (c.expect.length === 0) {
      verdict = problems.length === 0 ? 'accepted' : undefined;
    } else {
      const unmatched = c.expect.filter((re) => !problems.some((p) => re.test(p)));
      verdict = problems.length > 0 && unmatched.length === 0 ? `rejected: ${problems.join(' | ')}` : undefined;
    }
    if (verdict === undefined) {
      failures++;
      console.error(`self-test FAILED: ${c.name}\n  expected ${c.expect.length === 0 ? 'no problems' : c.expect.join(', ')}\n  got ${problems.length === 0 ? 'no problems' : problems.join('\n      ')}`);
    } else {
      console.log(`self-test ${c.name}: ${verdict}`);
    }
  }
  if (failures > 0) {
    console.error(`pack-check --self-test: ${failures} of ${cases.length} cases failed`);
    process.exit(1);
  }
  console.log(`pack-check --self-test: ok (${cases.length} cases)`);
}

// ---------------------------------------------------------------------------------------------------------------
// The real check.

/** Names of the workspace packages a manifest depends on at runtime (dependencies, peer and optional). */
function workspaceDeps(manifest, byName) {
  const names = new Set();
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const dep of Object.keys(manifest[field] ?? {})) {
      if (byName.has(dep)) names.add(dep);
      else if (dep.startsWith(SCOPE)) throw new CheckError(`${manifest.name} depends on ${dep}, which is not a package in packages/*`);
    }
  }
  return [...names];
}

/** The package and every workspace package it needs, transitively, in a stable order. */
function closure(name, byName) {
  const seen = new Set();
  const visit = (current) => {
    if (seen.has(current)) return;
    seen.add(current);
    const pkg = byName.get(current);
    if (pkg.private) throw new CheckError(`a published package depends on ${current}, which is private and will never be on npm`);
    for (const dep of workspaceDeps(pkg.manifest, byName)) visit(dep);
  };
  visit(name);
  return [...seen];
}

/** Packs one package into its own empty directory and returns the tarball path. */
function pack(pkg, tempRoot) {
  const dist = path.join(pkg.dir, 'dist');
  if (!fs.existsSync(dist) || fs.readdirSync(dist).length === 0) {
    throw new CheckError(`${pkg.name}: ${path.relative(root, dist)}/ is missing or empty; build first (pnpm build)`);
  }
  const destination = path.join(tempRoot, 'tarballs', pkg.name.replace(/^@/, '').replace(/\//g, '__'));
  fs.mkdirSync(destination, { recursive: true });
  run('pnpm', ['pack', '--pack-destination', destination], { cwd: pkg.dir, what: `${pkg.name}: pnpm pack` });
  const tarballs = fs.readdirSync(destination).filter((file) => file.endsWith('.tgz'));
  if (tarballs.length !== 1) throw new CheckError(`${pkg.name}: expected one tarball from pnpm pack in ${destination}, found ${tarballs.length}`);
  return path.join(destination, tarballs[0]);
}

/** Lists and extracts a tarball, then validates it; returns { manifest, files }. */
function inspectTarball(pkg, tarball, tempRoot) {
  const listing = run('tar', ['-tzf', tarball], { cwd: tempRoot, what: `${pkg.name}: tar -tzf` }).stdout;
  const files = listing.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.endsWith('/'));
  const extracted = path.join(tempRoot, 'extracted', path.basename(path.dirname(tarball)));
  fs.mkdirSync(extracted, { recursive: true });
  run('tar', ['-xzf', tarball, '-C', extracted], { cwd: tempRoot, what: `${pkg.name}: tar -xzf` });
  const manifestFile = path.join(extracted, 'package', 'package.json');
  if (!fs.existsSync(manifestFile)) throw new CheckError(`${pkg.name}: the tarball has no package/package.json`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const readText = (file) => {
    const full = path.join(extracted, file);
    return fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined;
  };
  const problems = validatePacked({ manifest, files, readText });
  if (manifest.name !== pkg.name) throw new CheckError(`${pkg.name}: the tarball's package.json is named ${manifest.name}`);
  return { manifest, files, problems };
}

const ESM_CHECK = (name) => `import * as lib from ${JSON.stringify(name)};
const names = Object.keys(lib).sort();
if (names.length === 0) throw new Error(${JSON.stringify(`import * from ${name} has no exports`)});
console.log(JSON.stringify(names));
`;

const CJS_CHECK = (name) => `'use strict';
const lib = require(${JSON.stringify(name)});
if (lib === null || (typeof lib !== 'object' && typeof lib !== 'function')) throw new Error(${JSON.stringify(`require(${name}) is not an object`)});
const names = Object.keys(lib).filter((key) => key !== '__esModule').sort();
if (names.length === 0) throw new Error(${JSON.stringify(`require(${name}) has no exports`)});
console.log(JSON.stringify(names));
`;

/**
 * Node flags for the CommonJS runs. Node >= 20.19 can require() an ES module, which would let an ESM-only package
 * (no `require` condition, no .cjs build) pass the CJS checks here yet break on Node 20.0-20.18, which engines allows.
 */
const CJS_FLAGS = process.features.require_module ? ['--no-experimental-require-module'] : [];

/** The consumer used when a package has no test/pack/consumer.ts: proves the types resolve in both module modes. */
const GENERATED_CONSUMER = (name) => `// Generated by scripts/pack-check.mjs: ${name} has no test/pack/consumer.ts.
import * as lib from ${JSON.stringify(name)};

const api: typeof import(${JSON.stringify(name)}) = lib;
const names: string[] = Object.keys(api);
if (!(names.length > 0)) throw new Error(${JSON.stringify(`${name} has no exports`)});
console.log(\`consumer: \${names.length} exports\`);
`;

const CONSUMER_TSCONFIG = {
  compilerOptions: {
    strict: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    types: ['node'],
    skipLibCheck: false,
    outDir: 'out',
    rootDir: '.',
  },
  files: ['consumer.mts', 'consumer.cts'],
};

/** The subpaths of an exports map a user can import: "." first, then the others, without ./package.json and patterns. */
function subpathExports(manifest) {
  const field = manifest.exports;
  if (field === undefined || typeof field === 'string' || Array.isArray(field)) return ['.'];
  const keys = Object.keys(field);
  if (!keys.every((key) => key.startsWith('.'))) return ['.']; // conditions only: one subpath
  return keys.filter((key) => key !== './package.json' && !key.includes('*') && field[key] !== null).sort((a, b) => (a === '.' ? -1 : b === '.' ? 1 : a.localeCompare(b)));
}

/** Whether require() can load a subpath: its exports entry has a require or default condition somewhere. */
function hasRequireCondition(exportsField, subpath) {
  const value = subpath === '.' && (typeof exportsField === 'string' || !Object.keys(exportsField ?? {}).some((k) => k.startsWith('.'))) ? exportsField : exportsField?.[subpath];
  if (value === undefined || typeof value === 'string') return true;
  return exportTargets(value).some(({ trail }) => /(^|> )(require|default)( |$)/.test(trail) && !/(^|> )import( |$)/.test(trail));
}

/** The optional peer dependencies of a package as npm specs, at the version the workspace pins for its own tests. */
function optionalPeers(pkg, rootDevDependencies) {
  const meta = pkg.manifest.peerDependenciesMeta ?? {};
  return Object.keys(pkg.manifest.peerDependencies ?? {})
    .filter((name) => meta[name]?.optional === true)
    .map((name) => {
      const pinned = pkg.manifest.devDependencies?.[name] ?? rootDevDependencies?.[name];
      return pinned && !pinned.startsWith('workspace:') ? `${name}@${pinned}` : `${name}@${pkg.manifest.peerDependencies[name]}`;
    });
}

/** Installs the package into a fresh project outside the workspace and uses it there the ways a consumer would. */
function consume(pkg, packed, installSet, tarballs, toolVersions, tempRoot) {
  const project = path.join(tempRoot, 'consumers', pkg.name.replace(/^@/, '').replace(/\//g, '__'));
  fs.mkdirSync(project, { recursive: true });
  fs.writeFileSync(
    path.join(project, 'package.json'),
    `${JSON.stringify({ name: 'pack-check-consumer', version: '1.0.0', private: true, description: `pack-check consumer of ${pkg.name}`, license: 'MIT' }, null, 2)}\n`,
  );
  const installs = [
    ...installSet.map((name) => tarballs.get(name)),
    `typescript@${toolVersions.typescript}`,
    `@types/node@${toolVersions['@types/node']}`,
  ];
  console.log(`pack-check ${pkg.name}: npm install ${installSet.join(', ')} (tarballs), typescript@${toolVersions.typescript}, @types/node@${toolVersions['@types/node']}`);
  run('npm', ['install', '--no-audit', '--no-fund', '--no-update-notifier', '--save-exact', ...installs], { cwd: project, what: `${pkg.name}: npm install in ${project}` });

  // ESM and CJS see the same public API, for "." and for every other subpath export ("./node", "./arbitraries").
  // A subpath that cannot load without an optional peer dependency gets the peers installed (at the version the
  // workspace pins) and is tried again; "." must load without them.
  let peersInstalled = false;
  for (const subpath of subpathExports(packed.manifest)) {
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}${subpath.slice(1)}`;
    const names = (flags, file, what) => {
      const result = run(process.execPath, [...flags, file], { cwd: project, what, allowFailure: true });
      return result.status === 0 ? { names: JSON.parse(result.stdout.trim().split('\n').at(-1)) } : { error: `${result.stdout}${result.stderr}` };
    };
    fs.writeFileSync(path.join(project, 'check.mjs'), ESM_CHECK(specifier));
    fs.writeFileSync(path.join(project, 'check.cjs'), CJS_CHECK(specifier));
    let esm = names([], 'check.mjs', `${specifier}: import`);
    const peers = optionalPeers(pkg, toolVersions.root);
    if (esm.error && subpath !== '.' && !peersInstalled && peers.length > 0 && /ERR_MODULE_NOT_FOUND|Cannot find (package|module)/.test(esm.error)) {
      console.log(`pack-check ${pkg.name}: ${specifier} does not load without its optional peer dependencies; npm install ${peers.join(' ')}`);
      run('npm', ['install', '--no-audit', '--no-fund', '--no-update-notifier', '--save-exact', ...peers], { cwd: project, what: `${pkg.name}: npm install ${peers.join(' ')}` });
      peersInstalled = true;
      esm = names([], 'check.mjs', `${specifier}: import`);
    }
    if (esm.error) throw new CheckError(`${pkg.name}: import * from '${specifier}' fails in a fresh project:\n${tail(esm.error, 15)}`);
    if (!hasRequireCondition(packed.manifest.exports, subpath)) {
      console.log(`pack-check ${pkg.name}: import '${specifier}' has ${esm.names.length} exports (no require condition for ${subpath})`);
      continue;
    }
    const cjs = names(CJS_FLAGS, 'check.cjs', `${specifier}: require`);
    if (cjs.error) throw new CheckError(`${pkg.name}: require('${specifier}') fails in a fresh project:\n${tail(cjs.error, 15)}`);
    if (JSON.stringify(esm.names) !== JSON.stringify(cjs.names)) {
      const onlyEsm = esm.names.filter((n) => !cjs.names.includes(n));
      const onlyCjs = cjs.names.filter((n) => !esm.names.includes(n));
      throw new CheckError(`${pkg.name}: import and require of '${specifier}' export different names (only import: ${onlyEsm.join(', ') || '-'}; only require: ${onlyCjs.join(', ') || '-'})`);
    }
    console.log(`pack-check ${pkg.name}: import and require of '${specifier}' agree on ${esm.names.length} exports: ${esm.names.join(', ')}`);
  }

  // TypeScript consumer, compiled as ESM (.mts) and CJS (.cts) under nodenext, then run.
  const consumerSource = path.join(pkg.dir, 'test', 'pack', 'consumer.ts');
  const hasConsumer = fs.existsSync(consumerSource);
  const source = hasConsumer ? fs.readFileSync(consumerSource, 'utf8') : GENERATED_CONSUMER(pkg.name);
  fs.writeFileSync(path.join(project, 'consumer.mts'), source);
  fs.writeFileSync(path.join(project, 'consumer.cts'), source);
  fs.writeFileSync(path.join(project, 'tsconfig.json'), `${JSON.stringify(CONSUMER_TSCONFIG, null, 2)}\n`);
  const tsc = path.join(project, 'node_modules', 'typescript', 'bin', 'tsc');
  run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project, what: `${pkg.name}: tsc on the ${hasConsumer ? 'test/pack/consumer.ts' : 'generated'} consumer (.mts + .cts, nodenext)` });
  for (const out of ['consumer.mjs', 'consumer.cjs']) {
    run(process.execPath, [...(out.endsWith('.cjs') ? CJS_FLAGS : []), path.join('out', out)], { cwd: project, what: `${pkg.name}: node out/${out}` });
  }
  console.log(`pack-check ${pkg.name}: ${hasConsumer ? 'test/pack/consumer.ts' : 'generated consumer'} type-checks and runs as .mts and .cts`);

  // Every bin runs the ways a user runs it after installing the package, and answers --version (with the package
  // version) and --help: `npx` with the scoped package name (--no-install --offline, so only the installed package
  // can answer: a bare `npx dlx` would fetch an unrelated package), and `pnpm exec <bin>` (node_modules/.bin).
  const bins = Object.keys(binEntries(packed.manifest));
  const unscoped = pkg.name.replace(/^@[^/]+\//, '');
  for (const name of bins) {
    if (!fs.existsSync(path.join(project, 'node_modules', '.bin', name))) throw new CheckError(`${pkg.name}: npm did not link bin "${name}" into node_modules/.bin`);
    // npx runs a package's bin named after it, or its only bin; any other bin needs --package.
    const npxArgs = name === unscoped || bins.length === 1 ? [pkg.name] : ['--package', pkg.name, name];
    const ways = [
      { shown: `npx ${npxArgs.join(' ')}`, command: 'npx', args: ['--no-install', '--offline', ...npxArgs] },
      { shown: `pnpm exec ${name}`, command: 'pnpm', args: ['exec', name] },
    ];
    for (const way of ways) {
      const version = run(way.command, [...way.args, '--version'], { cwd: project, what: `${pkg.name}: ${way.shown} --version` });
      if (!`${version.stdout}`.includes(packed.manifest.version)) {
        throw new CheckError(`${pkg.name}: \`${way.shown} --version\` printed ${JSON.stringify(version.stdout.trim())}, which does not contain ${packed.manifest.version}`);
      }
    }
    const help = run('pnpm', ['exec', name, '--help'], { cwd: project, what: `${pkg.name}: pnpm exec ${name} --help` });
    if (help.stdout.trim() === '') throw new CheckError(`${pkg.name}: \`pnpm exec ${name} --help\` printed nothing on stdout`);
    console.log(`pack-check ${pkg.name}: bin ${name}: \`${ways[0].shown} --version\`, \`pnpm exec ${name} --version\` and --help exit 0`);
  }
}

function main(argv) {
  const keepTemp = argv.includes('--keep-temp');
  const unknownFlags = argv.filter((arg) => arg.startsWith('-') && arg !== '--keep-temp');
  if (unknownFlags.length > 0) throw new CheckError(`unknown option ${unknownFlags.join(' ')}; usage: pack-check.mjs [name...] [--keep-temp] | --self-test`);
  const wanted = argv.filter((arg) => !arg.startsWith('-'));

  const all = workspacePackages(root);
  const byName = new Map(all.map((pkg) => [pkg.name, pkg]));
  let selected = all.filter((pkg) => !pkg.private);
  if (wanted.length > 0) {
    selected = wanted.map((want) => {
      const pkg = all.find((p) => p.name === want || p.name === `${SCOPE}${want}` || path.basename(p.dir) === want);
      if (!pkg) throw new CheckError(`no package ${want} in packages/* (have: ${all.map((p) => p.name).join(', ') || 'none'})`);
      if (pkg.private) throw new CheckError(`${pkg.name} is private; pack-check only checks published packages`);
      return pkg;
    });
  }
  if (selected.length === 0) throw new CheckError('no public packages in packages/* to check');

  const rootManifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const toolVersions = {};
  for (const tool of ['typescript', '@types/node']) {
    const version = rootManifest.devDependencies?.[tool];
    if (typeof version !== 'string') throw new CheckError(`the root package.json has no devDependencies["${tool}"] to install in the consumer project`);
    toolVersions[tool] = version;
  }
  Object.defineProperty(toolVersions, 'root', { value: rootManifest.devDependencies ?? {}, enumerable: false });

  // Pack every selected package and everything it needs first; then check them one by one.
  const needs = new Map(selected.map((pkg) => [pkg.name, closure(pkg.name, byName)]));
  const toPack = [...new Set([...needs.values()].flat())];
  const failures = [];
  withTempDir('pack-check', { keep: keepTemp }, (tempRoot) => {
    console.log(`pack-check: ${selected.map((p) => p.name).join(', ')} (temp ${tempRoot})`);
    const tarballs = new Map();
    const packFailed = new Set();
    for (const name of toPack) {
      try {
        tarballs.set(name, pack(byName.get(name), tempRoot));
        console.log(`pack-check ${name}: packed ${path.basename(tarballs.get(name))}`);
      } catch (error) {
        if (!(error instanceof CheckError)) throw error;
        packFailed.add(name);
        failures.push(name);
        console.error(`pack-check ${name}: FAILED\n${error.message}`);
      }
    }
    for (const pkg of selected) {
      if (packFailed.has(pkg.name)) continue;
      try {
        const brokenDeps = needs.get(pkg.name).filter((name) => packFailed.has(name));
        if (brokenDeps.length > 0) throw new CheckError(`${pkg.name}: cannot install it; its dependencies ${brokenDeps.join(', ')} failed to pack`);
        const tarball = tarballs.get(pkg.name);
        const packed = inspectTarball(pkg, tarball, tempRoot);
        if (packed.problems.length === 0) {
          console.log(`pack-check ${pkg.name}: tarball contents, package.json ranges, exports/main/module/types/bin targets, wording, private names and README links ok`);
        } else {
          // Report now, then still install and run it, so one log shows everything wrong with the package.
          console.error(`pack-check ${pkg.name}: the packed tarball ${path.basename(tarball)} is not publishable (${packed.problems.length} problem(s)):\n${packed.problems.map((p) => `  - ${p}`).join('\n')}`);
        }
        consume(pkg, packed, needs.get(pkg.name), tarballs, toolVersions, tempRoot);
        if (packed.problems.length > 0) throw new CheckError(`${pkg.name}: installs and runs, but its tarball has the ${packed.problems.length} problem(s) listed above`);
        const kB = (fs.statSync(tarball).size / 1000).toFixed(1);
        console.log(`pack-check ${pkg.name}: ok (${packed.files.length} files, ${kB} kB packed)`);
      } catch (error) {
        if (!(error instanceof CheckError)) throw error;
        failures.push(pkg.name);
        console.error(`pack-check ${pkg.name}: FAILED\n${error.message}`);
      }
    }
  });
  if (failures.length > 0) {
    console.error(`pack-check: FAILED for ${failures.join(', ')}`);
    process.exit(1);
  }
  console.log(`pack-check: all ${selected.length} package(s) ok`);
}

runMain('pack-check', (argv) => (argv.includes('--self-test') ? selfTest() : main(argv)));
