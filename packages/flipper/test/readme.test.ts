// Every example of the README runs: the TypeScript blocks against the built package (with each `expression; // value`
// whose value is a literal checked), each command of the CLI section against the built CLI, and the piped game's
// transcript. The help's examples are run in cli.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runShell } from '@puzzles/testkit/cli';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const dist = pathToFileURL(fileURLToPath(new URL('../dist/index.js', import.meta.url))).href;
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'flipper-readme-'));

/** The fenced blocks of one language ('' for plain blocks), in order. */
const blocks = (language: string): string[] => [...readme.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);

/** A literal a comment shows (`[2, 3, 4, 6, 8]`, `'timeout'`, `true`), or undefined when the comment is prose. */
function literal(comment: string): string | undefined {
  try {
    new Function(`return (${comment});`)();
    return comment;
  } catch {
    return undefined;
  }
}

/** The block as a script that also checks each `expression; // literal`. */
function checked(block: string): { script: string; checks: number } {
  let checks = 0;
  const lines = block.replace(/from '@puzzles\/flipper'/g, `from '${dist}'`).split('\n');
  const out = lines.map((line) => {
    const match = /^(\s*)([^/]*?);?\s*\/\/ (.*)$/.exec(line);
    if (match === null) return line;
    const [, indent, code, comment] = match;
    const value = literal(comment!);
    if (value === undefined || /^\s*((const|let|import|for|if)\b|\}|$)/.test(code!)) return line;
    checks++;
    return `${indent}assert.deepStrictEqual(${code}, ${value}, ${JSON.stringify(code)});`;
  });
  return { script: `import assert from 'node:assert';\n${out.join('\n')}\n`, checks };
}

describe('README', () => {
  it('the TypeScript examples run and show what they return', () => {
    const ts = blocks('ts');
    expect(ts).toHaveLength(2);
    let total = 0;
    ts.forEach((block, k) => {
      const { script, checks } = checked(block);
      total += checks;
      if (process.env.SHOW_README_SCRIPTS) console.log(script);
      const file = join(dir, `example${k}.mjs`);
      writeFileSync(file, script);
      const result = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
      expect(result.status, `${script}\n${result.stderr}`).toBe(0);
    });
    expect(total).toBe(9);
  });

  it('every command of the CLI section runs, as npx @puzzles/flipper and pnpm exec flipper', () => {
    writeFileSync(join(dir, 'positions.txt'), '110011101\n111111111\n');
    writeFileSync(join(dir, 'board.txt'), ' 0 1 0\n 1 1 1\n 0 1 0\n');
    const section = readme.slice(readme.indexOf('## CLI'));
    const commands = blocks('sh')
      .filter((block) => section.includes(block))
      .flatMap((block) => block.split('\n'))
      .map((line) => line.replace(/\s+# .*$/, '').trim())
      .filter((line) => line !== '');
    expect(commands).toHaveLength(8);
    for (const command of commands) {
      expect(command, 'never a plain npx flipper').toMatch(/^(npx @puzzles\/flipper|pnpm exec flipper) /);
      const script = command.replace(/^(npx @puzzles\/flipper|pnpm exec flipper) /, 'BIN ');
      const result = runShell(cli, `cd '${dir}' && ${script}`, { timeout: 30_000 });
      expect(result.code, `${command}: ${result.stderr}`).toBe(0);
      expect(result.stderr, command).toBe('');
      expect(result.stdout.length, command).toBeGreaterThan(0);
      // What the comments promise.
      if (command.includes('solve 101010101 111111111')) expect(result.stdout).toBe('1 2 3 4 5 6 7 8 9\n1 3 5 7 9\n');
      if (command.includes('positions.txt')) expect(result.stdout.split('\n')[0]).toBe('{"position":"110011101","moves":[2,3,4,6,8]}');
      if (command.includes('--size 5 --seed 1')) expect(result.stdout).toContain('rank 23, nullity 2');
      if (command.includes('--size 1000 --seed 1 --json')) expect(result.stdout).toMatch(/^\{"rows":1000,.*"pressCount":499956,"ms":[\d.]+,"presses":\[0,1,3,/);
    }
  });

  it('the piped game shows the transcript it promises', () => {
    const block = /```\n(\$ printf[\s\S]*?)```/.exec(readme)![1]!;
    const [command, ...shown] = block.trimEnd().split('\n');
    const script = command!.slice(2).replace('npx @puzzles/flipper', 'BIN');
    const result = runShell(cli, script);
    expect(result.code).toBe(0);
    expect(shown[0]).toBe('…');
    expect(result.stdout.trimEnd().endsWith(shown.slice(1).join('\n'))).toBe(true);
  });

  it('names no founding documents and no plain npx flipper', () => {
    expect(readme).not.toMatch(/seed's|the seed|issue's|the issue|jalat|anchor|target/i);
    expect(readme).not.toMatch(/npx flipper(?!` runs)/);
  });
});
