// Every example of the README runs: the usage example against the built package (each `expression; // literal`
// checked), the pasteable property test as a vitest suite against the built package and its arbitraries entry, and
// each command of the CLI section against the built CLI.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runShell } from '@puzzles/testkit/cli';
import { afterAll, describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const built = (file: string): string => pathToFileURL(fileURLToPath(new URL(`../dist/${file}`, import.meta.url))).href;
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/** The fenced blocks of one language, in order. */
const blocks = (language: string): string[] => [...readme.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);

/** The package's imports pointed at the built files. */
const toBuilt = (code: string): string =>
  code
    .replaceAll("'@puzzles/bigint-deal/arbitraries'", `'${built('arbitraries.js')}'`)
    .replaceAll("'@puzzles/bigint-deal/double-dummy'", `'${built('double-dummy.js')}'`)
    .replaceAll("'@puzzles/bigint-deal'", `'${built('index.js')}'`);

/** A literal a comment shows (`1n`, `'Q843'`, `true`), or undefined when the comment is prose. */
function literal(comment: string): string | undefined {
  try {
    new Function(`return (${comment});`)();
    return comment;
  } catch {
    return undefined;
  }
}

const [example, property, doubleDummy] = blocks('ts');

// The pasteable property test, as the user would run it: a vitest suite (imports pointed at the built package).
const propertyFile = fileURLToPath(new URL('./readme-property.tmp.ts', import.meta.url));
writeFileSync(propertyFile, toBuilt(property!));
afterAll(() => rmSync(propertyFile, { force: true }));
await import(/* @vite-ignore */ pathToFileURL(propertyFile).href);

describe('README', () => {
  const runExample = (code: string, least: number): void => {
    let checks = 0;
    const lines = toBuilt(code)
      .split('\n')
      .map((line) => {
        const match = /^([^/]*?);\s*\/\/ (.*)$/.exec(line);
        const value = match === null ? undefined : literal(match[2]!);
        if (match === null || value === undefined || /^\s*(const|let|import)/.test(match[1]!)) return line;
        checks++;
        return `assert.deepStrictEqual(${match[1]}, ${value}, ${JSON.stringify(match[1])});`;
      });
    const dir = mkdtempSync(join(tmpdir(), 'bigint-deal-readme-'));
    const file = join(dir, 'example.mjs');
    writeFileSync(file, `import assert from 'node:assert';\n${lines.join('\n')}\n`);
    const result = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
    expect(result.status, result.stderr).toBe(0);
    expect(checks).toBeGreaterThanOrEqual(least);
    rmSync(dir, { recursive: true, force: true });
  };

  it('the usage example runs and shows what each line returns', () => runExample(example!, 7));

  it('the double-dummy example runs and shows what each line returns', () => runExample(doubleDummy!, 5));

  it('the property example is there and uses the arbitraries entry', () => {
    expect(property).toContain("from '@puzzles/bigint-deal/arbitraries'");
    expect(property).toContain('fc.assert(');
  });

  it('every command of the CLI section runs', () => {
    const section = readme.slice(readme.indexOf('## CLI'), readme.indexOf('## Speed'));
    const commands = blocks('sh')
      .filter((block) => section.includes(block))
      .flatMap((block) => block.split('\n'))
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter(Boolean);
    expect(commands.length).toBeGreaterThanOrEqual(6);
    for (const command of commands) {
      expect(command, 'run as npx @puzzles/bigint-deal').toContain('npx @puzzles/bigint-deal');
      const result = runShell(cli, command.replaceAll('npx @puzzles/bigint-deal', 'BIN'), { timeout: 30_000 });
      expect(result.stdout.length, command).toBeGreaterThan(0);
      // A command with --timeout may finish in time (0, nothing on stderr) or be stopped (124, one line saying so).
      if (result.code === 124 && command.includes('--timeout')) expect(result.stderr, command).toMatch(/^bigint-deal: stopped after 1s \(--timeout\): .*\n$/);
      else {
        expect(result.code, command).toBe(0);
        expect(result.stderr, command).toBe('');
      }
    }
    expect(runShell(cli, `BIN --of "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"`).stdout).toBe('1\n');
  });

  it('names its sources and avoids words an npm reader cannot place', () => {
    expect(readme.replace(/\s+/g, ' ')).toContain("Thomas Andrews' Impossible Book challenge (2002)");
    const packed = [readme, readFileSync(new URL('../src/cli.ts', import.meta.url), 'utf8')].join('\n');
    expect(packed).not.toMatch(/seed's|the seed\b|issue's|the issue|jalat|anchor|the target/i);
  });
});
