// Every example of the README runs: the TypeScript blocks against the library (each `console.log(…); // shown` is
// checked against what it prints), and the command-line session against the built CLI (each shown line is checked).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { runShell } from '@puzzles/testkit/cli';
import { describe, expect, it } from 'vitest';
import * as library from '../src/index.js';
// A block that awaits runs against the built package: its worker threads start dist/generate-worker.js.
import * as built from '../dist/index.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const demo = (name: string): string => readFileSync(new URL(`../demo/${name}.txt`, import.meta.url), 'utf8').split('\n')[1]!;

function blocks(language: string): string[] {
  return [...README.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]!);
}

/** Whether a line printed matches what the README shows: equal, or, where the README cuts it with '…', the part before. */
function shows(shown: string, actual: string): boolean {
  const cut = shown.indexOf('…');
  if (cut < 0) return actual === shown || (shown.startsWith(`${actual} `) && /^ \(/.test(shown.slice(actual.length)));
  return actual.startsWith(shown.slice(0, cut).trimEnd());
}

describe('README', () => {
  const examples = blocks('ts');

  it('has its examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
  });

  examples.forEach((block, i) => {
    it(`TypeScript example ${i + 1} runs and prints what it shows`, async () => {
      const awaits = /\bawait\b/.test(block);
      const imports = /^import \{([^}]+)\} from '@puzzles\/candidates';\n/m.exec(block);
      expect(imports).not.toBeNull();
      const names = imports![1]!.split(',').map((n) => n.trim());
      const values = names.map((n) => ((awaits ? built : library) as Record<string, unknown>)[n]);
      for (const [k, v] of values.entries()) expect(v, names[k]).toBeDefined();
      const printed: string[] = [];
      const console = { log: (...args: unknown[]) => printed.push(args.map((a) => inspect(a, { breakLength: Infinity })).join(' ')) };
      // The block is plain JavaScript once its import line is gone: run it with the library's exports in scope.
      const body = block.replace(imports![0], '');
      if (awaits) {
        const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
        await new AsyncFunction(...names, 'console', body)(...values, console);
      } else new Function(...names, 'console', body)(...values, console);
      const expected = [...block.matchAll(/console\.log\(.*\);\s*\/\/ (.*)$/gm)].map((m) => m[1]!);
      expect(printed).toHaveLength(expected.length);
      expected.forEach((shown, k) => expect(shows(shown, printed[k]!), `shown: ${shown}\nprinted: ${printed[k]}`).toBe(true));
    });
  });

  it('the command-line session runs as shown, with npx @puzzles/candidates and pnpm exec sudoku-explain', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-explain-readme-'));
    writeFileSync(join(dir, 'medium.txt'), `${demo('medium')}\n`);
    writeFileSync(join(dir, 'hard.txt'), `${demo('hard')}\n`);
    expect(README).toContain(demo('hard'));
    const session = blocks('text').find((b) => b.startsWith('$ '))!;
    expect(session).toBeDefined();
    const commands = session.split(/^\$ /m).filter(Boolean);
    expect(commands.length).toBeGreaterThanOrEqual(4);
    for (const command of commands) {
      const [line, ...shown] = command.trimEnd().split('\n');
      expect(line).toMatch(/^(npx @puzzles\/candidates|pnpm exec sudoku-explain) /);
      const run = runShell(cli, `cd '${dir}' && ${line!.replace(/^(npx @puzzles\/candidates|pnpm exec sudoku-explain)/, 'BIN')}`);
      expect(run.stderr, line).toBe('');
      expect(run.code, line).toBe(0);
      const printed = run.stdout.trimEnd().split('\n');
      let at = 0;
      for (const expected of shown) {
        if (expected.trim() === '…') continue;
        const found = printed.findIndex((p, k) => k >= at && shows(expected, p));
        expect(found, `${line}\nshown: ${expected}\nprinted:\n${run.stdout.slice(0, 2000)}`).toBeGreaterThanOrEqual(0);
        at = found + 1;
      }
    }
  });

  it('names sources and links only to what an npm reader can open', () => {
    expect(README).not.toMatch(/seed's|the seed|issue's|the issue|jalat|anchor|the target/i);
    for (const [, target] of README.matchAll(/\]\(([^)]+)\)/g)) expect(target).toMatch(/^https?:\/\//);
    expect(README).not.toContain('../shared');
    expect(README).not.toMatch(/npx sudoku-explain/);
  });
});
