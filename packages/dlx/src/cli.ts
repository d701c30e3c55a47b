#!/usr/bin/env node
// dlx: argument parsing and printing only; everything else is the library's.
import { parseArgs } from 'node:util';
import { UsageError, packageVersion, positiveInteger, readInput, runCli } from './cli-common.js';
import { parseDlx, solutions, type Progress, type SearchStats } from './index.js';

const HELP = `Usage: dlx [options] [file|-]

Reads an exact-cover problem in Knuth's DLX1/DLX2 format (the first line names
the items, primary before a '|', secondary after it; then one option per line,
'item:color' for a colored secondary item; lines starting with '|' are comments)
from a file or standard input, and counts its solutions with dancing links.

Options:
  --limit N        stop after N solutions
  --print          print each solution: its options, one per line
  --json           print {"solutions", "nodes", "updates", "seconds"} (and
                   "list", the solutions' options, with --print)
  --seed S         shuffle the order of the options reproducibly
  --max-nodes N    stop after N search-tree nodes
  --timeout MS     stop after about MS milliseconds
  -h, --help       show this help
  -v, --version    show the version

A search that stops early (limit, budget) says so on stderr. Progress goes to
stderr every million nodes when stderr is a terminal.

Examples:
  dlx problem.dlx
  dlx problem.dlx --print --limit 3
  printf 'a b c\\na b\\nc\\na\\nb c\\n' | dlx - --json --print

Exit status: 0 on success, 1 on bad input, 2 on a usage error.`;

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        limit: { type: 'string' },
        print: { type: 'boolean' },
        json: { type: 'boolean' },
        seed: { type: 'string' },
        'max-nodes': { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) throw new UsageError(`give one file (or - for standard input); got ${positionals.length}`);
  return {
    values,
    file: positionals[0] ?? '-',
    limit: positiveInteger(values.limit, '--limit'),
    maxNodes: positiveInteger(values['max-nodes'], '--max-nodes'),
    timeout: positiveInteger(values.timeout, '--timeout'),
  };
}

function main(argv: string[]): number {
  const { values, file, limit, maxNodes, timeout } = parse(argv);
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (values.version) {
    console.log(packageVersion());
    return 0;
  }
  const name = file === '-' ? 'stdin' : file;
  const text = readInput(file);
  let problem;
  try {
    problem = parseDlx(text);
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw new RangeError(`${name}: ${error.message}`);
    throw error;
  }
  const tty = process.stderr.isTTY === true;
  let shown = false;
  const onProgress = (p: Progress): void => {
    if (p.seconds < 1) return;
    shown = true;
    process.stderr.write(`\r${p.nodes.toLocaleString('en-US')} nodes, ${p.solutions} solutions, depth ${p.depth}, ${p.seconds.toFixed(1)} s `);
  };
  const search = solutions(problem, {
    ...(limit === undefined ? {} : { limit }),
    ...(maxNodes === undefined ? {} : { maxNodes }),
    ...(timeout === undefined ? {} : { timeout }),
    ...(values.seed === undefined ? {} : { seed: values.seed }),
    ...(tty ? { onProgress } : {}),
  });
  const list: string[][] = [];
  const out: string[] = [];
  let stats: SearchStats;
  if (values.print) {
    let k = 0;
    for (const solution of search) {
      k++;
      if (values.json) list.push(solution.names);
      else out.push(`Solution ${k}:`, ...solution.names.map((n) => ` ${n}`));
    }
    stats = search.stats;
  } else {
    stats = search.drain();
  }
  if (shown) process.stderr.write('\n');
  if (values.json) {
    const json: Record<string, unknown> = {
      solutions: stats.solutions,
      nodes: stats.nodes,
      updates: stats.updates,
      seconds: Number(stats.seconds.toFixed(6)),
    };
    if (values.print) json.list = list;
    console.log(JSON.stringify(json));
  } else {
    if (out.length > 0) console.log(out.join('\n'));
    console.log(
      `Altogether ${stats.solutions} solution${stats.solutions === 1 ? '' : 's'}, ${stats.nodes} nodes, ${stats.updates} updates, ${stats.seconds.toFixed(3)} seconds.`,
    );
  }
  if (!stats.complete) {
    const why = { limit: 'the limit', nodes: 'the node budget', time: 'the timeout', signal: 'a signal', caller: 'the caller' };
    console.error(`dlx: stopped by ${why[stats.stoppedBy ?? 'caller']} after ${stats.solutions} solutions; there may be more`);
  }
  return 0;
}

runCli('dlx', main);
