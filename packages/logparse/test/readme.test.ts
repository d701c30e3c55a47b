// Every example of the README runs: the TypeScript examples against the built package, the CLI lines against the
// built CLI, in a directory with the files they name.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { runShell } from '@puzzles/testkit/cli';
import { beforeAll, describe, expect, it } from 'vitest';
import { FRAGMENTS, BLOG_LINE } from './reference.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const cli = join(dist, 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'logparse-readme-'));
const log = `${[BLOG_LINE, BLOG_LINE.replace('08/Jan', '09/Jan').replace('planet.lisp.org', 'www.example.com'), FRAGMENTS[1]!].join('\n')}\n`;

/** The code blocks of a language. */
function blocks(lang: string): string[] {
  return [...readme.matchAll(new RegExp('```' + lang + '\\n([^]*?)```', 'g'))].map((m) => m[1]!);
}

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`build the package first: ${cli} is missing`);
  writeFileSync(join(work, 'access.log'), log);
  writeFileSync(join(work, 'access.log.gz'), gzipSync(log));
  writeFileSync(join(work, 'old.log.gz'), gzipSync(log));
  // Two servers' logs and their states, for the merge examples.
  for (const server of ['web1', 'web2']) {
    writeFileSync(join(work, `${server}.log`), log);
    expect(runShell(cli, `cd "${work}" && BIN ${server}.log --report general --quiet --state ${server}.state`).code).toBe(0);
  }
});

describe('the README', () => {
  it('runs its TypeScript examples', () => {
    const examples = blocks('ts');
    expect(examples).toHaveLength(4);
    examples.forEach((code, i) => {
      const module = code
        .replaceAll("'@puzzles/logparse/node'", JSON.stringify(join(dist, 'node.js')))
        .replaceAll("'@puzzles/logparse'", JSON.stringify(join(dist, 'index.js')));
      // The second example reads a File from the page: here, the log in the working directory.
      const file = `const file = { text: async () => (await import('node:fs')).readFileSync('access.log', 'utf8') };\n`;
      const path = join(work, `example-${i}.mjs`);
      writeFileSync(path, i === 1 ? module.replace(/(import[^\n]*\n)/, `$1${file}`) : module);
      const out = execFileSync(process.execPath, [path], { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect(out.length, `example ${i + 1}`).toBeGreaterThan(0);
      if (i === 0) expect(out).toContain("20060108 GET /blog.ucw?entry-id=2 200 http://planet.lisp.org/");
      if (i === 1) expect(out).toContain('2006-01-09     1');
    });
  });

  it('runs its CLI examples', () => {
    const lines = blocks('sh')
      .flatMap((b) => b.split('\n'))
      .filter((l) => l.includes('npx @puzzles/logparse'))
      .map((l) => l.replace(/\s+#.*$/, ''));
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const line of lines) {
      const result = runShell(cli, `cd "${work}" && ${line.replaceAll('npx @puzzles/logparse', 'BIN')}`);
      expect(result.code, `${line}\n${result.stderr}`).toBe(0);
      expect(result.stdout.length, line).toBeGreaterThan(0);
    }
    expect(readFileSync(join(work, 'graph.svg'), 'utf8')).toContain('</svg>');
  });

  it('shows --json output that the CLI really prints for the demo log', () => {
    const shown = readme.slice(readme.indexOf('{"day":"2006-01-28"'));
    const sample = shown.slice(0, shown.indexOf('```')).trim().split('\n');
    const demo = fileURLToPath(new URL('../demo/access-sample.txt', import.meta.url));
    const out = runShell(cli, `BIN "${demo}" --json --quiet`).stdout.trim().split('\n');
    expect(out.slice(0, 2)).toEqual(sample.slice(0, 2));
    const { ms: _ms, ...summary } = (JSON.parse(out.at(-1)!) as { summary: Record<string, number> }).summary;
    const { ms: _shown, ...shownSummary } = (JSON.parse(sample.at(-1)!) as { summary: Record<string, number> }).summary;
    expect(summary).toEqual(shownSummary);
  });
});
