#!/usr/bin/env node
// dlx: argument parsing and printing only; everything else is the library's.
import { EXIT_TIMEOUT, MAX_TEXT_BYTES, UsageError, durationOption, inputName, integerOption, readAll, roundMs, runCli, type Cli } from '@puzzles/kit/cli';
import { formatShard, listShards, parseDlx, parseShard, solutions, type Problem, type SearchStats, type Shard } from './index.js';

const HELP = `Usage: dlx [options] [file|-]

Reads an exact-cover problem in Knuth's DLX1/DLX2/DLX3 format (the first line
names the items, primary before a '|', secondary after it, a primary item
written 'u:v|name' or 'v|name' when it is to be covered from u to v times; then
one option per line, 'item:color' for a colored secondary item; lines starting
with '|' are comments) from a file or standard input (the default), and counts
its solutions with dancing links (Knuth's Algorithm X; C when secondary items
have colors; M when primary items have multiplicities).

Options:
  --print          print each solution as it is found: its options, one per line
  --limit N        stop after N solutions
  --max-nodes N    stop after N search-tree nodes
  --timeout T      stop after T (500ms, 10s, 2m; a bare number is seconds)
  --seed S         shuffle the order of the options reproducibly
  --workers N      search on N worker threads (the same count and
                   statistics; --print gives the solutions in another order)
  --shard i/N      search only the i-th of N pieces of the search tree (the
                   N counts add up to the whole count: one piece per machine;
                   with --workers, on that many threads)
  --list-shards N  print the N shards (N up to 1000000), 1/N to N/N, one per
                   line, for a batch scheduler (with --json, each shard's
                   pieces: the option indices chosen on each piece's path)
  --json           print {"solutions","nodes","updates","maxDepth","ms",
                   "complete","stoppedBy"}; with --print, one line
                   {"options","names"} per solution first (NDJSON: the
                   option indices and the options as text), and the
                   totals last as {"summary":{...}}
  -h, --help       show this help
  -v, --version    show the version

The problem is read whole before the search starts, up to 32 MiB (a larger
input is refused at once); --timeout and Ctrl-C also stop a read that waits on
a slow writer. A search that stops early (limit, node budget, timeout, Ctrl-C)
says on stderr what it did before it stopped. A progress line goes to stderr
when stderr is a terminal and the search has run for a second.

Examples:
  dlx queens8.dlx
  dlx queens8.dlx --print --limit 3
  printf 'a b c\\na b\\nc\\na\\nb c\\n' | dlx - --json --print
  dlx pentominoes.dlx --max-nodes 1000000 --timeout 10s
  printf '2|a b\\na\\na b\\nb\\na\\n' | dlx - --print
  dlx queens8.dlx --workers 2
  dlx queens8.dlx --shard 2/4

Exit status: 0 on success (also when --limit or --max-nodes stopped the
search), 1 on bad input or a failed write, 2 on a usage error, 124 when
--timeout stopped the read or the search, 130 when interrupted.`;

const OPTIONS = {
  limit: { type: 'string' },
  print: { type: 'boolean' },
  json: { type: 'boolean' },
  seed: { type: 'string' },
  'max-nodes': { type: 'string' },
  timeout: { type: 'string' },
  workers: { type: 'string' },
  shard: { type: 'string' },
  'list-shards': { type: 'string' },
} as const;

const group = (n: number): string => n.toLocaleString('en-US');
const plural = (n: number, word: string): string => `${group(n)} ${word}${n === 1 ? '' : 's'}`;

/** What stopped an incomplete search, in words for stderr. */
function stopReason(stats: SearchStats, cli: Cli, values: { limit?: string | undefined; timeout?: string | undefined }): string {
  if (stats.stoppedBy === 'limit') return `by --limit ${values.limit}`;
  if (stats.stoppedBy === 'nodes') return 'by the node budget (--max-nodes)';
  if (cli.stopReason === 'timeout' || stats.stoppedBy === 'time') return `by --timeout ${values.timeout}`;
  if (cli.stopReason === 'interrupted') return 'by Ctrl-C';
  return 'early';
}

async function main(argv: string[], cli: Cli): Promise<number> {
  const { values, positionals } = cli.parse(argv, OPTIONS, { help: HELP, max: 1 });
  const file = positionals[0] ?? '-';
  const limit = integerOption(values.limit, 'limit');
  const maxNodes = integerOption(values['max-nodes'], 'max-nodes');
  const timeout = durationOption(values.timeout);
  const workers = integerOption(values.workers, 'workers', { max: 256 });
  // Every listed shard is held in memory at once: a million is more than any batch scheduler takes, and is listed in seconds.
  const listCount = integerOption(values['list-shards'], 'list-shards', { max: 1_000_000 });
  let shard: Shard | undefined;
  try {
    shard = values.shard === undefined ? undefined : parseShard(values.shard);
  } catch (error) {
    throw new UsageError(`--shard: ${(error as Error).message}`);
  }
  if (listCount !== undefined && (shard !== undefined || workers !== undefined || values.print)) {
    throw new UsageError('--list-shards only lists the shards: leave out --shard, --workers and --print');
  }
  // The clock starts before the read: a slow or endless writer on standard input is stopped by --timeout too.
  cli.timeout(timeout);
  const text = await readAll(file, { maxBytes: MAX_TEXT_BYTES, signal: cli.signal });
  if (text === undefined) {
    if (cli.stopReason === 'closed') return 0;
    const why = cli.stopReason === 'timeout' ? `by --timeout ${values.timeout}` : 'by Ctrl-C';
    cli.warn(`stopped ${why} while reading ${inputName(file)}, before the search`);
    return cli.stopReason === 'timeout' ? EXIT_TIMEOUT : 0;
  }
  let problem: Problem;
  try {
    problem = parseDlx(text);
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw new RangeError(`${inputName(file)}: ${error.message}`);
    throw error;
  }
  if (listCount !== undefined) {
    for (const { shard: s, pieces } of listShards(problem, listCount, values.seed === undefined ? {} : { seed: values.seed })) {
      if (values.json) await cli.out.json({ shard: formatShard(s), pieces });
      else await cli.out.line(formatShard(s));
    }
    return 0;
  }
  const progress = cli.progress('dlx', { unit: 'nodes' });
  const options = {
    ...(limit === undefined ? {} : { limit }),
    ...(maxNodes === undefined ? {} : { maxNodes }),
    ...(timeout === undefined ? {} : { timeout }),
    ...(values.seed === undefined ? {} : { seed: values.seed }),
    ...(shard === undefined ? {} : { shard }),
    signal: cli.signal,
    progressInterval: 65_536,
    onProgress: (p: { nodes: number }) => progress.update(p.nodes),
  };
  const search = workers === undefined ? solutions(problem, options) : solutions(problem, { ...options, workers });
  let stats: SearchStats;
  try {
    if (values.print) {
      let k = 0;
      for await (const solution of search) {
        k++;
        if (values.json) {
          await cli.out.json({ options: solution.options, names: solution.names });
        } else {
          await cli.out.line(`Solution ${k}:`);
          for (const name of solution.names) await cli.out.line(` ${name}`);
        }
      }
      stats = search.stats;
    } else {
      stats = 'drainAsync' in search ? await search.drainAsync() : await search.drain();
    }
  } finally {
    progress.end();
  }
  if (cli.stopReason === 'closed') return 0;
  const { solutions: found, nodes, updates, maxDepth, seconds, complete, stoppedBy } = stats;
  const ms = roundMs(seconds * 1000);
  if (values.json) {
    const totals = { solutions: found, nodes, updates, maxDepth, ms, complete, stoppedBy };
    await cli.out.json(values.print ? { summary: totals } : totals);
  } else {
    await cli.out.line(`Altogether ${plural(found, 'solution')}, ${group(nodes)} nodes, ${group(updates)} updates, ${ms} ms.`);
  }
  if (!complete) {
    cli.warn(`stopped ${stopReason(stats, cli, values)} after ${plural(found, 'solution')} and ${group(nodes)} nodes; there may be more`);
  }
  // A stop by --timeout is exit 124, whichever clock saw it first: the kit's timer or the search's own.
  return !complete && (cli.stopReason === 'timeout' || stoppedBy === 'time') ? EXIT_TIMEOUT : 0;
}

runCli({ name: 'dlx', help: HELP, packageJson: new URL('../package.json', import.meta.url), main });
