import { join } from 'node:path';
import { fuzzCli } from '@puzzles/testkit/cli';
import fc from 'fast-check';
import { describe } from 'vitest';
import { FRAGMENTS, QUIRKS, BLOG_LINE } from './reference.js';
import { cli, logFolder } from './cli-fixtures.js';

// Arbitrary arguments and input for the CLI (each run spawns it).
const { dir, file } = logFolder('logparse-cli-fuzz-');

describe('logparse CLI fuzzing', () => {
  fuzzCli('logparse', cli, {
    words: [
      file,
      '-',
      '--report', 'days', 'referrers', 'pairs', 'summary', 'all', 'status', 'hosts', '--html', join(dir, 'fuzz.html'), '--state', join(dir, 'fuzz.state'), '--workers', '2',
      '--top', '3', '--overall', '--json', '--csv',
      '--format', 'common', 'combined', '%h %t "%r" %>s',
      '--nginx-format', '$remote_addr [$time_local] "$request" $status',
      '--status', 'any', '200,304', '--method', 'GET,HEAD',
      '--exclude', 'static|favicon', '(a+)+$',
      '--host', 'http://www.example.com', '--merge-www',
      '--dot', '-', '--strict', '--max-line-length', '100', '--timeout', '2s', '--quiet',
      '--approximate', '--precision', '--counters', '10',
    ],
    stdin: fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.array(fc.constantFrom(BLOG_LINE, ...Object.values(QUIRKS), ...FRAGMENTS, '', '\u001b[2J'), { maxLength: 6 }).map((l) => l.join('\n')),
    ),
    numRuns: 25,
  });
});
