// Helpers shared by scripts/pack-check.mjs and scripts/release-check.mjs: failures meant for the log, running
// external tools (spawnSync, shell: false, without the npm_* variables of a `pnpm run` parent), reading the
// workspace packages, and a temporary directory that is removed again even on Ctrl-C. Node built-ins only.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root of the workspace (the parent of scripts/). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A failure with a message meant for the person reading the log. */
export class CheckError extends Error {}

/** Seconds since a Date.now() timestamp, with one decimal, for the log. */
export function elapsed(since) {
  return ((Date.now() - since) / 1000).toFixed(1);
}

/** The last `lines` lines of a (possibly long) tool output, indented for the log ('' when there is no output). */
export function tail(text, lines = 40) {
  const trimmed = String(text ?? '').trimEnd();
  const all = trimmed === '' ? [] : trimmed.split('\n');
  const shown = all.length > lines ? ['…', ...all.slice(-lines)] : all;
  return shown.map((line) => `    ${line}`).join('\n');
}

/**
 * Environment for child tools: without the npm_* variables a `pnpm run` parent sets, which would leak into npm
 * (npm_config_registry, _cache and _userconfig are kept), with colours off, plus `extra`.
 */
export function childEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_(config|package|lifecycle)_/i.test(key) && !/^npm_config_(registry|cache|userconfig)$/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, NO_COLOR: '1', FORCE_COLOR: '0', ...extra };
}

/**
 * Runs a command (no shell, childEnv()) and returns the spawnSync result with stdout/stderr as strings; throws a
 * CheckError naming it (`what`, else the command line) when it cannot run or, unless allowFailure, exits non-zero.
 * The error shows the last `outputLines` lines of its output and the command by its full path, or with
 * `basename: true` by its file name only.
 */
export function run(command, args, { cwd, what, allowFailure = false, timeout = 10 * 60_000, outputLines = 40, basename = false } = {}) {
  const result = spawnSync(command, args, {
    cwd,
    env: childEnv(),
    encoding: 'utf8',
    shell: false,
    timeout,
    maxBuffer: 64 * 1024 * 1024,
  });
  const shown = `${basename ? path.basename(command) : command} ${args.join(' ')}`;
  if (result.error) throw new CheckError(`${what ?? shown}: could not run \`${shown}\` in ${cwd}: ${result.error.message}`);
  if (result.status !== 0 && !allowFailure) {
    const why = result.signal ? `killed by ${result.signal}` : `exit code ${result.status}`;
    throw new CheckError(`${what ?? shown}: \`${shown}\` failed in ${cwd} (${why})\n${tail(`${result.stdout}\n${result.stderr}`, outputLines)}`);
  }
  return result;
}

/** The parsed JSON in a file; a CheckError naming it (as `shown`, by default its path) when unreadable or invalid. */
export function readJson(file, shown = file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CheckError(`${shown} is not readable JSON: ${error.message}`);
  }
}

/**
 * The workspace packages of a tree, in directory order: { name, dir, manifest, private } for every
 * <tree>/packages/<x>/package.json. A CheckError when there is no packages/ directory or a package.json has no name.
 */
export function workspacePackages(tree) {
  const packagesDir = path.join(tree, 'packages');
  if (!fs.existsSync(packagesDir)) throw new CheckError(`no packages/ directory in ${tree}`);
  return fs
    .readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(packagesDir, entry.name, 'package.json')))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((entry) => {
      const dir = path.join(packagesDir, entry.name);
      const file = path.join(dir, 'package.json');
      const manifest = readJson(file, path.relative(tree, file));
      if (typeof manifest.name !== 'string') throw new CheckError(`${path.relative(tree, file)} has no name`);
      return { name: manifest.name, dir, manifest, private: manifest.private === true };
    });
}

/**
 * Calls fn(dir) with a fresh directory <os.tmpdir()>/<name>-XXXXXX and returns what it returns. Afterwards, and on
 * SIGINT/SIGTERM (which then exit 130/143), the directory is removed, or with `keep` left and its path logged.
 */
export function withTempDir(name, { keep = false } = {}, fn) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const cleanup = () => {
    if (keep) console.log(`${name}: kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (signal) => {
    cleanup();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return fn(dir);
  } finally {
    cleanup();
  }
}

/**
 * Runs a script's main(argv) and logs "<name>: <done> in N s"; any error is logged as "<name>: FAILED" (a CheckError
 * by its message, anything else with its stack) and exits 1.
 */
export function runMain(name, main, { done = 'done' } = {}) {
  const started = Date.now();
  try {
    main(process.argv.slice(2));
    console.log(`${name}: ${done} in ${elapsed(started)} s`);
  } catch (error) {
    console.error(`${name}: FAILED\n${error instanceof CheckError ? error.message : error.stack}`);
    process.exit(1);
  }
}
