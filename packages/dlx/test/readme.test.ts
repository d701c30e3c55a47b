// Every example of the README runs: the TypeScript blocks against the built package (with each `expression; // value`
// whose value is a literal checked), and each command of the CLI section against the built CLIs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runShell } from '@puzzles/testkit/cli';
import { describe, expect, it } from 'vitest';
import { formatDlx, nQueensProblem } from '../src/index.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const dist = pathToFileURL(fileURLToPath(new URL('../dist/index.js', import.meta.url))).href;
const dlx = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const sudoku = fileURLToPath(new URL('../dist/sudoku-cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'dlx-readme-'));

/** The fenced blocks of one language, in order. */
const blocks = (language: string): string[] => [...readme.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);

/** A literal a comment shows (`92`, `['c e']`, `'534…'`), or undefined when the comment is prose. */
function literal(comment: string): string | undefined {
  for (const candidate of [comment, comment.replace(/ \(.*$/, '')]) {
    try {
      new Function(`return (${candidate});`)();
      return candidate;
    } catch {
      // Not a literal.
    }
  }
  return undefined;
}

/** The block as a script that also checks each `expression; // literal` (the comment may be on the next line). */
function checked(block: string): { script: string; checks: number } {
  let checks = 0;
  const out: string[] = [];
  const lines = block.replace(/from '@puzzles\/dlx'/g, `from '${dist}'`).split('\n');
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    const match = /^([^/]*?);?\s*\/\/ (.*)$/.exec(line);
    const next = /^\/\/ (.*)$/.exec(lines[k + 1] ?? '');
    const code = match?.[1] ?? line.replace(/;\s*$/, '');
    const comment = match?.[2] ?? (next && /\)\s*;?\s*$/.test(line) ? next[1]! : undefined);
    const value = comment === undefined ? undefined : literal(comment);
    if (value !== undefined && !/^\s*(const|let|import|for|if|\}|$)/.test(code)) {
      out.push(`assert.deepStrictEqual(${code}, ${value}, ${JSON.stringify(code)});`);
      checks++;
      if (match === null) k++;
    } else {
      out.push(line);
    }
  }
  return { script: `import assert from 'node:assert';\n${out.join('\n')}\n`, checks };
}

describe('README', () => {
  it('the TypeScript examples run and show what they return', () => {
    const ts = blocks('ts');
    expect(ts.length).toBeGreaterThanOrEqual(2);
    let total = 0;
    ts.forEach((block, k) => {
      const { script, checks } = checked(block);
      total += checks;
      const file = join(dir, `example${k}.mjs`);
      writeFileSync(file, script);
      const result = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
      expect(result.status, `${script}\n${result.stderr}`).toBe(0);
    });
    expect(total).toBeGreaterThanOrEqual(4);
  });

  it('every command of the CLI section runs', () => {
    writeFileSync(join(dir, 'queens8.dlx'), formatDlx(nQueensProblem(8)));
    const textbook = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
    writeFileSync(join(dir, 'puzzles.txt'), `# two puzzles\n${textbook}\n${textbook.replaceAll('.', '0')}\n`);
    const cli = readme.slice(readme.indexOf('## CLI'));
    const commands = blocks('sh')
      .filter((block) => cli.includes(block))
      .flatMap((block) => block.split('\n'))
      .map((line) => line.replace(/\s+# .*$/, '').trim())
      .filter((line) => line !== '');
    expect(commands.length).toBeGreaterThanOrEqual(8);
    for (const command of commands) {
      const script = command
        .replace(/^(npx -p @puzzles\/dlx|pnpm exec) dlx-sudoku /, 'SUDOKU ')
        .replace(/^(npx @puzzles\/dlx|pnpm exec dlx) /, 'BIN ');
      expect(script, command).toMatch(/^(BIN|SUDOKU) /);
      const result = runShell(dlx, `SUDOKU() { "${process.execPath}" "${sudoku}" "$@"; }; cd '${dir}' && ${script}`, { timeout: 30_000 });
      expect(result.code, `${command}: ${result.stderr}`).toBe(0);
      expect(result.stdout.length, command).toBeGreaterThan(0);
      if (command === 'npx @puzzles/dlx queens8.dlx') expect(result.stdout).toMatch(/^Altogether 92 solutions, 1,178 nodes, 18,324 updates, [\d.]+ ms\.\n$/);
    }
  });
});
