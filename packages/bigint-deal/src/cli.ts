#!/usr/bin/env node
// bigint-deal: argument parsing and printing only; everything else is the library's.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  bridgeNumbering,
  formatDiagram,
  formatPbn,
  randomDeal,
  type Deal,
  type Edition,
} from './index.js';

const HELP = `Usage: bigint-deal [options] <page>...
       bigint-deal --of <deal>
       bigint-deal --random [--seed S] [--count N]

Every bridge deal has a page in the Impossible Book, from 1 to
53644737765488792839237440000. Print the deal on a page, or the page of a deal.

Options:
  --format F     how to print deals: diagram (default), string, pbn or json
  --json         the same as --format json: {"page", "deal", "pbn"}
  --edition E    andrews (default) or pavlicek
  --of DEAL      print the page of DEAL (and the deal, given --format or
                 --json): 52 letters N/E/S/W (card 1 = ♠A,
                 card 52 = ♣2) or a PBN deal such as "N:AKQ.… … … …"
  --random       print a uniformly random deal and its page
  --seed S       with --random: reproducible (any text)
  --count N      with --random: how many deals (default 1)
  --ascii        diagram with S H D C instead of suit symbols
  -h, --help     show this help
  -v, --version  show the version

A page or deal of "-" reads one per line from standard input.

Examples:
  bigint-deal 12345678901234567890123456789
  bigint-deal 1 2 53644737765488792839237440000 --format string
  bigint-deal --of NNNNNNNNNNNNNEEEEEEEEEEEEESSSSSSSSSSSSWSWWWWWWWWWWWW
  bigint-deal --of "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
  bigint-deal --random --seed 2026 --json
  seq 1 5 | bigint-deal - --format pbn

Exit status: 0 on success, 1 on bad input, 2 on a usage error.`;

const FORMATS = ['diagram', 'string', 'pbn', 'json'] as const;
type Format = (typeof FORMATS)[number];

class UsageError extends Error {}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        format: { type: 'string' },
        json: { type: 'boolean' },
        edition: { type: 'string' },
        of: { type: 'string' },
        random: { type: 'boolean' },
        seed: { type: 'string' },
        count: { type: 'string' },
        ascii: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const format = (values.json ? 'json' : (values.format ?? 'diagram')) as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}; got '${values.format}'`);
  if (values.json && values.format !== undefined && values.format !== 'json') {
    throw new UsageError(`--json and --format ${values.format} disagree; use one`);
  }
  const edition = (values.edition ?? 'andrews') as Edition;
  if (edition !== 'andrews' && edition !== 'pavlicek') {
    throw new UsageError(`--edition must be andrews or pavlicek; got '${values.edition}'`);
  }
  const modes = [positionals.length > 0, values.of !== undefined, values.random === true].filter(Boolean).length;
  if (!values.help && !values.version && modes !== 1) {
    throw new UsageError(modes === 0 ? 'give a page, --of DEAL or --random' : 'give pages, --of DEAL or --random, not several');
  }
  if ((values.seed !== undefined || values.count !== undefined) && !values.random) {
    throw new UsageError('--seed and --count go with --random');
  }
  let count = 1;
  if (values.count !== undefined) {
    count = Number(values.count);
    if (!/^\d+$/.test(values.count) || count < 1) throw new UsageError(`--count must be a positive integer; got '${values.count}'`);
  }
  return { values, positionals, format, edition, count };
}

function main(argv: string[]): Promise<number> | number {
  const { values, positionals, format, edition, count } = parse(argv);
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (values.version) {
    console.log(version());
    return 0;
  }
  const numbering = bridgeNumbering({ edition });
  const colors = process.stdout.isTTY === true && !process.env.NO_COLOR;
  const show = (page: bigint, deal: Deal): string => {
    switch (format) {
      case 'string':
        return deal.toString();
      case 'pbn':
        return formatPbn(deal);
      case 'json':
        return JSON.stringify({ page: page.toString(), deal: deal.toString(), pbn: formatPbn(deal) });
      case 'diagram': {
        let diagram = formatDiagram(deal, { ascii: values.ascii === true });
        if (colors) diagram = diagram.replace(/([♥♦][^\n]*?)(?=\s{2,}|$)/gmu, '\u001b[31m$1\u001b[39m');
        return `Page ${page} (${edition === 'andrews' ? "Andrews'" : "Pavlicek's"} edition)\n${diagram}\n`;
      }
    }
  };

  if (values.random) {
    for (let i = 0; i < count; i++) {
      const seed = values.seed === undefined ? undefined : count === 1 ? values.seed : `${values.seed}/${i + 1}`;
      const { page, deal } = randomDeal(seed === undefined ? { edition } : { edition, seed });
      console.log(show(page, deal));
    }
    return 0;
  }

  // --of prints just the page, unless a format is asked for.
  const formatGiven = values.format !== undefined || values.json === true;
  const pageOf = (text: string): string => {
    const page = numbering.numberOfDeal(text);
    return formatGiven ? show(page, numbering.dealByNumber(page)) : page.toString();
  };
  const dealOn = (text: string): string => {
    const deal = numbering.dealByNumber(text);
    return show(numbering.numberOfDeal(deal), deal);
  };
  const one = values.of !== undefined ? pageOf : dealOn;
  const inputs = values.of !== undefined ? [values.of] : positionals;

  let failed = false;
  const run = (text: string, where: string): void => {
    try {
      console.log(one(text));
    } catch (error) {
      if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
      console.error(`bigint-deal: ${where}${error.message}`);
      failed = true;
    }
  };
  const fromStdin = inputs.includes('-');
  for (const text of inputs) if (text !== '-') run(text, '');
  if (!fromStdin) return failed ? 1 : 0;
  return (async () => {
    let line = 0;
    for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
      line++;
      if (text.trim() === '') continue;
      run(text, `stdin line ${line}: `);
    }
    return failed ? 1 : 0;
  })();
}

// When the reader of our output goes away (`bigint-deal … | head -1`), stop quietly instead of dying on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

Promise.resolve()
  .then(() => main(process.argv.slice(2)))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`bigint-deal: ${error.message}\nRun 'bigint-deal --help' for usage.`);
        process.exitCode = 2;
      } else if (error instanceof RangeError || error instanceof TypeError) {
        console.error(`bigint-deal: ${error.message}`);
        process.exitCode = 1;
      } else {
        throw error;
      }
    },
  );
