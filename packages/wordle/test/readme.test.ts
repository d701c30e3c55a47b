// The README's TypeScript example, run as written: each `// → value` comment is checked against what its line gives.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as wordle from '../src/index.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const example = /## Example\n\n```ts\n([^]*?)```/.exec(readme)![1]!;

describe('the README example', () => {
  it('imports only what the package exports', () => {
    const names = /import \{([^}]*)\} from '@puzzles\/wordle';/.exec(example)![1]!.split(',').map((name) => name.trim());
    for (const name of names) expect(wordle, name).toHaveProperty(name);
  });

  it('gives the values its comments show', () => {
    const checks: Array<[unknown, unknown, string]> = [];
    const body = example
      .split('\n')
      .filter((line) => !line.startsWith('import '))
      .map((line) => {
        const match = /^(.*?);\s*\/\/ → (.*)$/.exec(line);
        return match ? `checks.push([${match[1]}, ${match[2]}, ${JSON.stringify(match[1])}]);` : line;
      })
      .join('\n');
    expect(body).toContain('checks.push');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function('lib', 'checks', `const { ${Object.keys(wordle).join(', ')} } = lib;\n${body}`)(wordle, checks);
    expect(checks.length).toBeGreaterThanOrEqual(5);
    for (const [actual, expected, line] of checks) expect(actual, line).toEqual(expected);
    // Two full solves of the original lists, each with its exact searches: more than a minute on a loaded machine.
  }, 120_000);
});
