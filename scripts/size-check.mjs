#!/usr/bin/env node
// size-check (pnpm size): what a one-function import of each package costs in a browser bundle.
//
//   node scripts/size-check.mjs [name...]     check every line of size-budgets.json, or only the named packages
//   node scripts/size-check.mjs --self-test   prove that an over-budget import and an unbundlable import fail
//
// For each line of size-budgets.json ({ package, import, budget, reason? }), esbuild bundles
// `import { <import> } from '<package>'` against the package's built dist/ (as a user's bundler would, through its
// package.json exports) for the browser: platform browser, ESM, minified, tree-shaken. The check fails when the
// bundle does not build (a Node built-in in a browser bundle, say) or its gzip size (level 9) is over the budget.
// The budget is 3,000 bytes unless the function itself needs more; a line over 3,000 must say why in `reason`.
// Build first (pnpm build). esbuild is the version tsup uses; the rest is Node built-ins.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { CheckError, readJson, root, workspacePackages } from './lib.mjs';

/** The budget for a one-function import, in gzip bytes, unless a line gives a reason for more. */
const DEFAULT_BUDGET = 3000;
const BUDGETS_FILE = 'size-budgets.json';

/** The problems with the budget list (empty when every line is well-formed). */
function validateBudgets(lines, packageNames) {
  const problems = [];
  if (!Array.isArray(lines)) return [`${BUDGETS_FILE} must be an array of { package, import, budget, reason? }`];
  lines.forEach((line, i) => {
    const where = `${BUDGETS_FILE}[${i}]`;
    if (line === null || typeof line !== 'object') return problems.push(`${where} is not an object`);
    const unknown = Object.keys(line).filter((key) => !['package', 'import', 'budget', 'reason'].includes(key));
    if (unknown.length > 0) problems.push(`${where} has unknown field(s) ${unknown.join(', ')}`);
    if (typeof line.package !== 'string' || !packageNames.includes(line.package)) problems.push(`${where}: package ${JSON.stringify(line.package)} is not a public package in packages/*`);
    if (typeof line.import !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(line.import)) problems.push(`${where}: import ${JSON.stringify(line.import)} is not an export name`);
    if (!Number.isInteger(line.budget) || line.budget <= 0) problems.push(`${where}: budget ${JSON.stringify(line.budget)} is not a positive whole number of bytes`);
    else if (line.budget > DEFAULT_BUDGET && (typeof line.reason !== 'string' || line.reason.trim() === '')) {
      problems.push(`${where} (${line.package}): a budget over ${DEFAULT_BUDGET} bytes needs a reason`);
    }
  });
  const listed = new Set(lines.map((line) => line?.package));
  for (const name of packageNames) if (!listed.has(name)) problems.push(`${BUDGETS_FILE} has no line for ${name}`);
  return problems;
}

/**
 * Bundles `import { name } from specifier` for the browser from resolveDir and returns { minified, gzip } in bytes;
 * throws a CheckError with esbuild's messages when it does not bundle.
 */
async function measure(specifier, name, resolveDir) {
  const contents = `import { ${name} } from ${JSON.stringify(specifier)};\nglobalThis.__sizeCheck = ${name};\n`;
  let result;
  try {
    result = await esbuild.build({
      stdin: { contents, resolveDir, sourcefile: 'size-check-entry.js', loader: 'js' },
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      minify: true,
      treeShaking: true,
      logLevel: 'silent',
      metafile: true,
    });
  } catch (error) {
    const messages = (error.errors ?? []).map((e) => `${e.location ? `${e.location.file}:${e.location.line}: ` : ''}${e.text}`);
    throw new CheckError(`does not bundle for the browser:\n${(messages.length > 0 ? messages : [error.message]).map((m) => `    ${m}`).join('\n')}`);
  }
  const code = result.outputFiles[0].contents;
  // The biggest inputs (bytes each contributes to the minified output), to say where an over-budget bundle goes.
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs)
    .map(([file, { bytesInOutput }]) => ({ file: file.replace(/^.*?packages\//, 'packages/'), bytes: bytesInOutput }))
    .filter((input) => input.bytes > 0 && !input.file.endsWith('size-check-entry.js'))
    .sort((a, b) => b.bytes - a.bytes);
  return { minified: code.byteLength, gzip: zlib.gzipSync(code, { level: 9 }).byteLength, inputs };
}

/** A directory whose node_modules/@scope/<name> link to each package, so the bundle resolves them as a user's would. */
function linkFarm(tempRoot, packages) {
  for (const pkg of packages) {
    const link = path.join(tempRoot, 'node_modules', ...pkg.name.split('/'));
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(pkg.dir, link, 'dir');
  }
  return tempRoot;
}

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

async function check(argv) {
  const wanted = argv.filter((arg) => !arg.startsWith('-'));
  const packages = workspacePackages(root).filter((pkg) => !pkg.private);
  const lines = readJson(path.join(root, BUDGETS_FILE), BUDGETS_FILE);
  const problems = validateBudgets(lines, packages.map((pkg) => pkg.name));
  if (problems.length > 0) throw new CheckError(problems.map((p) => `  - ${p}`).join('\n'));
  const selected = wanted.length === 0 ? lines : lines.filter((line) => wanted.some((w) => line.package === w || line.package === `@puzzles/${w}`));
  if (selected.length === 0) throw new CheckError(`no line of ${BUDGETS_FILE} for ${wanted.join(', ')}`);

  const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'size-check-'));
  const failures = [];
  try {
    const resolveDir = linkFarm(tempRoot, packages);
    for (const line of selected) {
      const pkg = packages.find((p) => p.name === line.package);
      const label = `import { ${line.import} } from '${line.package}'`;
      if (!fs.existsSync(path.join(pkg.dir, 'dist'))) {
        failures.push(`${label}: no dist/ (run pnpm build first)`);
        console.log(`size ${label}: no dist/`);
        continue;
      }
      try {
        const size = await measure(line.package, line.import, resolveDir);
        const over = size.gzip > line.budget;
        console.log(`size ${label}: ${kB(size.gzip)} gzip (${kB(size.minified)} minified), budget ${kB(line.budget)}${over ? ' OVER BUDGET' : ''}${line.reason ? ` (${line.reason})` : ''}`);
        if (over) {
          const top = size.inputs.slice(0, 4).map((input) => `${input.file} ${kB(input.bytes)}`).join(', ');
          console.log(`    largest inputs (minified): ${top}`);
          failures.push(`${label} is ${size.gzip} bytes gzip, over its budget of ${line.budget}`);
        }
      } catch (error) {
        if (!(error instanceof CheckError)) throw error;
        console.log(`size ${label}: ${error.message}`);
        failures.push(`${label} ${error.message.split('\n')[0]}`);
      }
    }
  } finally {
    fs.rmSync(tempRoot, { recursive: true, force: true });
  }
  if (failures.length > 0) throw new CheckError(failures.map((f) => `  - ${f}`).join('\n'));
}

/** --self-test: a small import passes, a too-large one and a Node-only one fail, the budget list is validated. */
async function selfTest() {
  const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'size-check-self-test-'));
  const failures = [];
  const expect = (name, ok, detail) => {
    console.log(`self-test ${name}: ${ok ? 'ok' : 'FAILED'}${detail ? ` (${detail})` : ''}`);
    if (!ok) failures.push(name);
  };
  try {
    const dir = path.join(tempRoot, 'node_modules', 'example');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'example', type: 'module', sideEffects: false, exports: './index.js' }));
    // `big` uses ~150 kB of hard-to-compress text: only an import of it may pay for it (a list built at module top
    // level, `const LIST = text.split(',')`, would be kept in every bundle: esbuild cannot prove the call pure).
    const noise = Array.from({ length: 20000 }, (_, i) => ((i * 2654435761) >>> 0).toString(36)).join(',');
    fs.writeFileSync(path.join(dir, 'index.js'), [
      'export function small(a, b) { return a + b; }',
      `export function big(i) { return ${JSON.stringify(noise)}.split(',')[i]; }`,
    ].join('\n'));
    const eagerDir = path.join(tempRoot, 'node_modules', 'example-eager');
    fs.mkdirSync(eagerDir, { recursive: true });
    fs.writeFileSync(path.join(eagerDir, 'package.json'), JSON.stringify({ name: 'example-eager', type: 'module', sideEffects: false, exports: './index.js' }));
    fs.writeFileSync(path.join(eagerDir, 'index.js'), [
      'export function small(a, b) { return a + b; }',
      `const TOP = ${JSON.stringify(noise)}.split(',');`,
      'export function big(i) { return TOP[i]; }',
    ].join('\n'));
    // A module that imports a Node built-in cannot be bundled for the browser at all, whichever export is used.
    const nodeDir = path.join(tempRoot, 'node_modules', 'example-node');
    fs.mkdirSync(nodeDir, { recursive: true });
    fs.writeFileSync(path.join(nodeDir, 'package.json'), JSON.stringify({ name: 'example-node', type: 'module', sideEffects: false, exports: './index.js' }));
    fs.writeFileSync(path.join(nodeDir, 'index.js'), "import { readFile } from 'node:fs/promises';\nexport const small = 1;\nexport function nodeOnly(file) { return readFile(file); }\n");
    const small = await measure('example', 'small', tempRoot);
    expect('a one-function import is small and tree-shaken', small.gzip < 200, `${small.gzip} bytes gzip`);
    const big = await measure('example', 'big', tempRoot);
    expect('an import that needs the data pays for it', big.gzip > DEFAULT_BUDGET, `${big.gzip} bytes gzip`);
    const eager = await measure('example-eager', 'small', tempRoot);
    expect('data built at module top level lands in every import, over the budget', eager.gzip > DEFAULT_BUDGET, `${eager.gzip} bytes gzip`);
    let nodeError;
    try {
      await measure('example-node', 'small', tempRoot);
    } catch (error) {
      nodeError = error;
    }
    expect('a Node-only import does not bundle for the browser', nodeError instanceof CheckError && /node:fs\/promises|fs\/promises/.test(nodeError.message), nodeError?.message.split('\n')[1]?.trim());
    const names = ['@puzzles/a', '@puzzles/b'];
    const listProblems = validateBudgets([
      { package: '@puzzles/a', import: 'f', budget: 4000 },
      { package: '@puzzles/c', import: 'not a name', budget: 0 },
    ], names);
    const wantList = [/needs a reason/, /@puzzles\/c.*not a public package/, /not an export name/, /not a positive whole number/, /no line for @puzzles\/b/];
    expect('the budget list is validated', wantList.every((re) => listProblems.some((p) => re.test(p))), listProblems.join(' | '));
    expect('a good budget list passes', validateBudgets([{ package: '@puzzles/a', import: 'f', budget: 3000 }, { package: '@puzzles/b', import: 'g', budget: 9000, reason: 'the lists' }], names).length === 0);
  } finally {
    fs.rmSync(tempRoot, { recursive: true, force: true });
  }
  if (failures.length > 0) throw new CheckError(`self-test failed: ${failures.join(', ')}`);
}

// runMain is synchronous; run the async main here with the same log lines.
const argv = process.argv.slice(2);
const started = Date.now();
(argv.includes('--self-test') ? selfTest() : check(argv)).then(
  () => console.log(`size-check: ${argv.includes('--self-test') ? 'self-test ok' : 'every import within its budget'} in ${((Date.now() - started) / 1000).toFixed(1)} s`),
  (error) => {
    console.error(`size-check: FAILED\n${error instanceof CheckError ? error.message : error.stack}`);
    process.exit(1);
  },
);
