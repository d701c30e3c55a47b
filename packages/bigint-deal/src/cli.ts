#!/usr/bin/env node
// bigint-deal: argument parsing and printing only; everything else is the library's.
import { BAD_LINES_SHOWN, choiceOption, durationOption, EXIT_TIMEOUT, InputError, inputName, integerOption, quote, readAll, readLines, runCli, UsageError, type Cli } from '@puzzles/kit/cli';
import { seededRandom } from '@puzzles/kit/random';
import { readFileSync, statSync } from 'node:fs';
import {
  bridgeNumbering,
  compileCondition,
  DEALS,
  dealProbability,
  formatDiagram,
  formatPbn,
  formatScriptAction,
  formatScriptPages,
  formatScriptReport,
  parseDealerScript,
  randomDeal,
  runDealerScript,
  type DealerScript,
  streamDeals,
  whyNotCountable,
  type Deal,
  type Edition,
  type SampledDeal,
} from './index.js';
import type { DoubleDummyTable, Strain } from './double-dummy.js';

/**
 * A regular file within the size limit, read at once (no stream, no thread pool: most of a short run's start-up);
 * undefined for anything else (standard input, devices, pipes, missing files), which readAll reads and reports.
 */
function readSmallFile(file: string, maxBytes: number): string | undefined {
  if (file === '-') return undefined;
  try {
    const stats = statSync(file);
    return stats.isFile() && stats.size <= maxBytes ? readFileSync(file, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

const HELP = `Usage: bigint-deal [options] <page>...
       bigint-deal --of <deal>
       bigint-deal --random [--seed S] [--count N]
       bigint-deal --where CONDITION [--count N] [--seed S] [--count-only]
       bigint-deal --script FILE [--count N] [--seed S]
       bigint-deal … --dd [--dealer D --vulnerable V] [--workers N]

Every bridge deal has a page in the Impossible Book of Thomas Andrews'
Impossible Book challenge (2002), from 1 to 53644737765488792839237440000.
Print the deal on a page, or the page of a deal.

Options:
  --format F     how to print deals: diagram (default), string, pbn or json
  --json         the same as --format json: {"page", "deal", "pbn"}
  --edition E    andrews (default) or pavlicek
  --of DEAL      print the page of DEAL (and the deal, given --format or
                 --json): 52 letters N/E/S/W (card 1 = ♠A,
                 card 52 = ♣2) or a PBN deal such as "N:AKQ.… … … …"
  --random       print a uniformly random deal and its page
  --where C      print deals drawn uniformly among those that satisfy the
                 condition C, such as "hcp(north) >= 15 && balanced(north)":
                 hcp, spades, hearts, diamonds, clubs, losers, controls,
                 balanced, semibalanced (of a seat), shape(seat, "any 4333"),
                 numbers, + - * / %, comparisons, && || ! and or not
                 (a divisor that is 0 for every deal is an error; one that
                 is 0 for some deals gives 0 there)
  --count-only   with --where: print the exact number of deals and the
                 probability instead (countable: ranges of points and suit
                 lengths and shapes of one or two seats, joined by and;
                 alternatives joined by or that cannot hold drop out)
  --script FILE  run a dealer script (Hans van Staveren's dealer; - reads
                 standard input): generate, produce, predeal, pointcount,
                 condition, name = expression, dealer, vulnerable, and the
                 actions printall, printoneline, printpbn, printew,
                 printcompact, printes, print, average, frequency; deals
                 exactly when the condition is countable
  --seed S       with --random, --where or --script: reproducible (any text)
  --count N      with --random or --where: how many deals (default 1);
                 with --script: instead of the script's produce
  --dd           add the double-dummy table to every deal printed: the
                 tricks each declarer's side takes in each strain, the
                 declarer's left-hand opponent leading (diagram: a grid;
                 string and pbn: N:75656 E:… in hex digits, clubs to
                 notrump; json: "doubleDummy"); dealer scripts may use
                 tricks(seat, strain) in any expression without --dd
  --dealer D     with --dd: add par for dealer D (N, E, S or W)
  --vulnerable V with --dealer: none (default), ns, ew or both
  --workers N    with --dd: make the tables on N worker threads
  --timeout T    stop after T (500ms, 10s, 2m; a bare number is seconds)
                 and say on stderr how many deals were printed (exit 124)
  --ascii        diagram with S H D C instead of suit symbols
  -h, --help     show this help
  -v, --version  show the version

Pages are written in decimal digits, without a sign, spaces or leading zeros.
A page or deal of "-" reads one per line from standard input; the first 5
bad lines are reported one by one, later ones counted in one last line.
A search by rejection that finds nothing for a few seconds says so once.

Examples:
  bigint-deal 12345678901234567890123456789
  bigint-deal 1 2 53644737765488792839237440000 --format string
  bigint-deal --of NNNNNNNNNNNNNEEEEEEEEEEEEESSSSSSSSSSSSSWWWWWWWWWWWWW
  bigint-deal --of "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
  bigint-deal --random --seed 2026 --json
  bigint-deal --random --count 1000000 --format string --timeout 1s
  seq 1 5 | bigint-deal - --format pbn
  bigint-deal --where "hcp(north) >= 15 && hcp(north) <= 17" --count 3 --seed 1 --format pbn
  bigint-deal --where "hcp(north) >= 22 and spades(north) >= 5" --count-only
  bigint-deal --where "hcp(north) >= 22 and hcp(south) >= 10" --count-only
  bigint-deal --where "hcp(north) == 15 && balanced(north) && semibalanced(south)" --count-only
  printf 'condition hcp(north) >= 20 and spades(south) >= 5\\naction printoneline\\n' | bigint-deal --script - --count 3 --seed 1
  bigint-deal --of "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432" --dd --dealer N
  bigint-deal 1 2 --format pbn --dd --workers 2
  printf 'predeal north SAKQJT98765432\\nproduce 2\\naction average tricks(north, spades)\\n' | bigint-deal --script - --seed 1

Exit status: 0 on success, 1 on bad input (even when --timeout stopped the
run too), 2 on a usage error, 124 when --timeout stopped the work (after
saying on stderr what was done), 130 on Ctrl-C.`;

const OPTIONS = {
  format: { type: 'string' },
  json: { type: 'boolean' },
  edition: { type: 'string' },
  of: { type: 'string' },
  random: { type: 'boolean' },
  where: { type: 'string' },
  script: { type: 'string' },
  'count-only': { type: 'boolean' },
  seed: { type: 'string' },
  count: { type: 'string' },
  timeout: { type: 'string' },
  ascii: { type: 'boolean' },
  dd: { type: 'boolean' },
  dealer: { type: 'string' },
  vulnerable: { type: 'string' },
  workers: { type: 'string' },
} as const;

const SEAT_CHOICES = ['N', 'E', 'S', 'W'] as const;
const VULNERABILITIES = ['none', 'ns', 'ew', 'both'] as const;

const FORMATS = ['diagram', 'string', 'pbn', 'json'] as const;
const EDITIONS = ['andrews', 'pavlicek'] as const satisfies readonly Edition[];
/** The longest line read from standard input: a page has 29 digits and a PBN deal under 100 characters. */
const MAX_LINE = 10_000;
/** The most of a dealer script read, in bytes (the reader itself takes up to 1,000,000 characters). */
const MAX_SCRIPT_BYTES = 1 << 20;
/** The most deals print(seats) keeps for its pages after the run. */
const MAX_KEPT = 100_000;
/** How long a search by rejection finds nothing before it says so (an environment variable sets it for tests). */
const NO_MATCH_AFTER = ((ms: number): number => (Number.isFinite(ms) && ms >= 0 ? ms : 3000))(Number(process.env.BIGINT_DEAL_NO_MATCH_MS ?? 3000));

/** How much text of deals dealt exactly is gathered before it is written, and for how long at most (ms). */
const BATCH_CHARS = 1 << 14;
const BATCH_MS = 20;

const group = (n: number): string => n.toLocaleString('en-US');
const counted = (n: number, unit: string): string => `${group(n)} ${unit}${n === 1 ? '' : 's'}`;

async function main(argv: string[], cli: Cli): Promise<number> {
  const { values, positionals } = cli.parse(argv, OPTIONS, { help: HELP });
  if (values.json && values.format !== undefined && values.format !== 'json') {
    throw new UsageError(`--json and --format ${quote(values.format)} disagree; use one`);
  }
  const format = values.json ? 'json' : choiceOption(values.format, 'format', FORMATS, 'diagram')!;
  const edition = choiceOption(values.edition, 'edition', EDITIONS, 'andrews')!;
  const modes = [positionals.length > 0, values.of !== undefined, values.random === true, values.where !== undefined, values.script !== undefined].filter(Boolean).length;
  if (modes !== 1) {
    throw new UsageError(modes === 0 ? 'give a page, --of DEAL, --random, --where or --script' : 'give pages, --of DEAL, --random, --where or --script, not several');
  }
  if ((values.seed !== undefined || values.count !== undefined) && !values.random && values.where === undefined && values.script === undefined) {
    throw new UsageError('--seed and --count go with --random, --where or --script');
  }
  if (values.script !== undefined && values.format !== undefined) throw new UsageError("--format does not go with --script (the script's actions say how to print; --json for JSON)");
  if (values['count-only'] && values.where === undefined) throw new UsageError('--count-only goes with --where');
  const count = integerOption(values.count, 'count', { min: 1, fallback: 1 })!;
  const timeout = durationOption(values.timeout);
  const signal = cli.timeout(timeout);
  const deadline = timeout === undefined ? undefined : performance.now() + timeout;
  /** What is left of --timeout for a double-dummy call, in milliseconds (at least 1). */
  const remaining = (): { timeout?: number } => (deadline === undefined ? {} : { timeout: Math.max(1, deadline - performance.now()) });

  // Double-dummy analysis: the subpath is loaded only when --dd or a script's tricks(…) asks for it.
  if ((values.dealer !== undefined || values.workers !== undefined) && !values.dd) throw new UsageError('--dealer and --workers go with --dd');
  if (values.vulnerable !== undefined && values.dealer === undefined) throw new UsageError('--vulnerable goes with --dealer (par needs the dealer)');
  if (values.dd && values['count-only']) throw new UsageError('--dd does not go with --count-only');
  if (values.workers !== undefined && values.script !== undefined) throw new UsageError('--workers goes with --dd on pages, --of, --random or --where (a script analyses its deals one by one)');
  const dealer = choiceOption(values.dealer?.toUpperCase(), 'dealer', SEAT_CHOICES);
  const vulnerable = choiceOption(values.vulnerable?.toLowerCase(), 'vulnerable', VULNERABILITIES, 'none')!;
  const workers = integerOption(values.workers, 'workers', { min: 1, max: 256, fallback: 1 })!;
  const dd = values.dd ? await import('./double-dummy.js') : undefined;
  let ddStopped = false;

  // The kit's output sends batched text on a later write; when none comes (input that is slow or idle, such as pages
  // typed at a terminal), this sends it after 20 ms, so every result shows without waiting for the next one.
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const printText = async (text: string): Promise<void> => {
    await cli.out.write(text);
    flushTimer ??= setTimeout(() => {
      flushTimer = undefined;
      cli.out.end().catch(() => {});
    }, 20).unref();
  };
  const print = (line: string): Promise<void> => printText(`${line}\n`);
  // Deals dealt exactly come microseconds apart: their text is gathered here and handed on in batches, so a deal costs
  // no promise of its own. A batch goes out when it holds BATCH_CHARS, when BATCH_MS passed since its first deal, and
  // before anything else is said (a stop's line on stderr, a script's report).
  let batch = '';
  let batchDue = 0;
  let queued = 0;
  /** Adds a deal's text to the batch; a promise when the batch went out (wait for it), else undefined. */
  const queue = (text: string): Promise<void> | undefined => {
    if (batch === '') batchDue = performance.now() + BATCH_MS;
    batch += text;
    // The clock is read one deal in 16.
    return batch.length >= BATCH_CHARS || ((++queued & 15) === 0 && performance.now() >= batchDue) ? flushBatch() : undefined;
  };
  /** Sends what the batch holds. */
  const flushBatch = (): Promise<void> => {
    const text = batch;
    batch = '';
    return text === '' ? Promise.resolve() : printText(text);
  };

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
        if (cli.color) diagram = diagram.replace(/([\u2665\u2666][^\n]*?)(?=\s{2,}|$)/gmu, '\u001b[31m$1\u001b[39m');
        return `Page ${page} (${edition === 'andrews' ? "Andrews'" : "Pavlicek's"} edition)\n${diagram}\n`;
      }
    }
  };
  /** A deal with its double-dummy table (and par, given --dealer) in the chosen format. */
  const showDd = (page: bigint, deal: Deal, table: DoubleDummyTable): string => {
    const par = dealer === undefined ? undefined : dd!.par(table, { dealer, vulnerable });
    switch (format) {
      case 'json':
        return JSON.stringify({ page: page.toString(), deal: deal.toString(), pbn: formatPbn(deal), doubleDummy: table, ...(par === undefined ? {} : { par }) });
      case 'diagram':
        return `${show(page, deal)}${dd!.formatDoubleDummyTable(table, { ...(par === undefined ? {} : { par }), ascii: values.ascii === true })}\n`;
      default:
        return `${show(page, deal)} ${dd!.formatDoubleDummyLine(table)}${par === undefined ? '' : ` par ${par.score} ${par.contracts.join(',')}`}`;
    }
  };
  // With --dd, deals wait here until a batch is full (one per worker thread and then some), so the threads work side by
  // side; they print in the order they were dealt.
  const pending: { page: bigint; deal: Deal }[] = [];
  const flushDd = async (): Promise<void> => {
    const items = pending.splice(0);
    if (items.length === 0 || ddStopped) return;
    let tables: (DoubleDummyTable | undefined)[];
    try {
      tables =
        workers > 1
          ? await dd!.doubleDummyTables(items.map((item) => item.deal), { workers, signal, ...remaining() })
          : items.map((item) => dd!.doubleDummyTable(item.deal, remaining()));
    } catch (error) {
      if (!(error instanceof dd!.DoubleDummyStopped)) throw error;
      tables = Array.isArray(error.partial) ? (error.partial as (DoubleDummyTable | undefined)[]) : [];
      ddStopped = true;
    }
    for (let k = 0; k < items.length && tables[k] !== undefined; k++) {
      await print(showDd(items[k]!.page, items[k]!.deal, tables[k]!));
      ddPrinted++;
    }
  };
  let ddPrinted = 0;
  /** Prints a deal, or queues it for its double-dummy table with --dd. */
  const emit = async (page: bigint, deal: Deal): Promise<void> => {
    if (dd === undefined) return print(show(page, deal));
    pending.push({ page, deal });
    if (pending.length >= (workers > 1 ? workers * 2 : 1)) await flushDd();
  };
  /** Says how far --dd got when its analysis ran past --timeout. */
  const ddTimedOut = (): number => {
    cli.warn(`stopped after ${values.timeout} (--timeout) while making double-dummy tables: ${counted(ddPrinted, 'deal')} printed with its table`);
    return EXIT_TIMEOUT;
  };

  /** Says on stderr what was done when the run stopped early (--timeout or Ctrl-C); a closed reader stops quietly. */
  const stopped = (what: string): void => {
    if (cli.stopReason === 'timeout') cli.warn(`stopped after ${values.timeout} (--timeout): ${what}`);
    else if (cli.stopReason === 'interrupted') cli.warn(`interrupted: ${what}`);
  };
  /** Says once, when rejection has found nothing for a while, how many deals it tried (the condition may be impossible). */
  const noMatch = (attempts: number, hint: string): void => {
    cli.warn(`no deal satisfies the condition in the first ${counted(attempts, 'random deal')} tried; it may be impossible: ${hint}`);
  };

  if (values.where !== undefined) {
    const { constraint, impossible } = compileCondition(values.where);
    if (impossible !== undefined && !values['count-only']) throw new RangeError(`no deal satisfies the condition: ${impossible}`);
    if (values['count-only']) {
      // One count: the number of deals is the probability's numerator scaled back to all deals.
      const { numerator, denominator, value } = dealProbability(constraint);
      const deals = (numerator * DEALS) / denominator;
      if (format === 'json') {
        await cli.out.json({ deals: deals.toString(), numerator: numerator.toString(), denominator: denominator.toString(), probability: value });
      } else {
        await cli.out.line(`${deals} deals; probability ${numerator}/${denominator} ≈ ${value.toPrecision(6)}`);
      }
      return 0;
    }
    const progress = count > 1 ? cli.progress('dealing', { total: count, unit: 'deals' }) : undefined;
    const stream = streamDeals(constraint, {
      count,
      ...(values.seed === undefined ? {} : { seed: values.seed }),
      signal,
      ...(timeout === undefined ? {} : { timeout }),
      // Page numbers cost BigInt work for every deal: only the formats that show them ask for them.
      pages: format === 'diagram' || format === 'json',
      onNoMatch: (attempts) => noMatch(attempts, timeout === undefined ? 'give --timeout to bound the search, or ask --count-only (it counts conditions on the points, suit lengths and shapes of one or two seats)' : `it stops at --timeout ${values.timeout}`),
      noMatchAfter: NO_MATCH_AFTER,
    });
    // Without --dd, deals dealt exactly (no rejection: each comes at once) are printed in batches.
    const batched = dd === undefined && whyNotCountable(constraint) === undefined;
    let printed = 0;
    let timedOut = false;
    try {
      for (let next = stream.next(); !signal.aborted; next = stream.next()) {
        if (next.done === true) {
          await flushBatch();
          if (next.value.stopped === 'maxAttempts') cli.warn(`stopped after ${group(next.value.attempts)} random deals (the attempt budget): ${counted(printed, 'deal')} printed`);
          else if (next.value.stopped === 'timeout') {
            timedOut = true;
            cli.warn(`stopped after ${values.timeout} (--timeout): ${group(printed)} of ${counted(count, 'deal')} printed${next.value.attempts > 0 ? ` (${counted(next.value.attempts, 'random deal')} tried)` : ''}`);
          }
          break;
        }
        if (batched) {
          const sent = queue(`${show(next.value.page ?? 0n, next.value.deal)}\n`);
          if (sent !== undefined) await sent;
        } else {
          await emit(next.value.page ?? 0n, next.value.deal);
          if (ddStopped) break;
        }
        if ((++printed & 1023) === 0) progress?.update(printed);
      }
      await flushBatch();
      await flushDd();
    } finally {
      progress?.end();
    }
    if (ddStopped) return ddTimedOut();
    if (!timedOut && printed < count && cli.stopReason !== undefined) {
      stopped(`${group(printed)} of ${counted(count, 'deal')} printed`);
      timedOut = cli.stopReason === 'timeout';
    }
    return timedOut ? EXIT_TIMEOUT : 0;
  }

  if (values.script !== undefined) {
    // Read within a bound, so that an endless input (/dev/zero, `yes |`) is one error line in bounded memory, and
    // --timeout and Ctrl-C end a read that waits for input.
    const text = readSmallFile(values.script, MAX_SCRIPT_BYTES) ?? (await readAll(values.script, { maxBytes: MAX_SCRIPT_BYTES, signal }));
    if (text === undefined) {
      stopped('the script was not read to its end; no deal produced');
      return cli.stopReason === 'timeout' ? EXIT_TIMEOUT : 0;
    }
    let script: DealerScript;
    try {
      script = parseDealerScript(text);
    } catch (error) {
      if (error instanceof RangeError) throw new InputError(`${inputName(values.script)}: ${error.message}`);
      throw error;
    }
    const produce = values.count === undefined ? script.produce : count;
    const prints = script.actions.filter((action) => action.kind.startsWith('print') && action.kind !== 'print');
    // print(seats) prints its pages after the run, so its deals are kept (bounded here).
    const pageActions = script.actions.filter((action) => action.kind === 'print');
    if (pageActions.length > 0 && produce > MAX_KEPT) {
      throw new InputError(`${inputName(values.script)}: print(…) at line ${pageActions[0]!.line} keeps every deal until the end of the run: produce must be at most ${group(MAX_KEPT)} with it; got ${group(produce)}`);
    }
    const kept: Deal[] = [];
    const progress = produce > 1 ? cli.progress('dealing', { total: produce, unit: 'deals' }) : undefined;
    // A script that asks for tricks(…) loads the double-dummy subpath as --dd does.
    const analysis = dd ?? (script.usesTricks === true ? await import('./double-dummy.js') : undefined);
    const run = runDealerScript(script, {
      ...(analysis === undefined ? {} : { tricks: (pbn: string, declarer: 'N' | 'E' | 'S' | 'W', strain: Strain) => analysis.doubleDummyTricks(pbn, strain, declarer, remaining()) }),
      produce,
      ...(values.seed === undefined ? {} : { seed: values.seed }),
      signal,
      ...(timeout === undefined ? {} : { timeout }),
      pages: format === 'json',
      onNoMatch: (attempts) => noMatch(attempts, timeout === undefined ? "give --timeout to bound the search (the script's generate bounds it too)" : `it stops at --timeout ${values.timeout}`),
      noMatchAfter: NO_MATCH_AFTER,
    });
    // Without double-dummy analysis, deals dealt exactly (no rejection: each comes at once) are printed in batches.
    const batched = analysis === undefined && whyNotCountable(script.constraint) === undefined;
    // What the script prints for one deal (a function of its own, small enough for V8 to optimize: the loop that calls
    // it lives in main, which it does not optimize). Its text goes out in one write, or into the batch.
    const printDeal = ({ deal, page }: SampledDeal, board: number): Promise<void> | undefined => {
      const table = dd === undefined ? undefined : dd.doubleDummyTable(deal, remaining());
      const par = table === undefined || dealer === undefined ? undefined : dd!.par(table, { dealer, vulnerable });
      if (format === 'json') {
        const line = `${JSON.stringify({ page: page!.toString(), deal: deal.toString(), pbn: formatPbn(deal), ...(table === undefined ? {} : { doubleDummy: table }), ...(par === undefined ? {} : { par }) })}\n`;
        return batched ? queue(line) : printText(line);
      }
      if (pageActions.length > 0) kept.push(deal);
      let text = '';
      // (An index, not for…of: an iterator a deal costs more than the printing before V8 optimizes.)
      for (let k = 0; k < prints.length; k++) {
        const action = prints[k]!;
        const shown = formatScriptAction(action, deal, board, script);
        // printes prints its text as it is (its strings hold the newlines); the others are whole lines.
        text += action.kind === 'printes' ? shown : `${shown}\n`;
      }
      if (table !== undefined) text += `${dd!.formatDoubleDummyTable(table, { ...(par === undefined ? {} : { par }), ascii: values.ascii === true })}\n`;
      if (text === '') return undefined;
      return batched ? queue(text) : printText(text);
    };
    let board = 0;
    let timedOut = false;
    try {
      for (let next = run.next(); !signal.aborted; next = run.next()) {
        if (next.done === true) {
          await flushBatch();
          const report = next.value;
          if (format === 'json') {
            // Keys must not collide (dealer scripts reuse labels such as "S "): a repeated one gets " #2", " #3"….
            const seen = new Map<string, number>();
            const unique = (key: string): string => {
              const n = (seen.get(key) ?? 0) + 1;
              seen.set(key, n);
              return n === 1 ? key : `${key} #${n}`;
            };
            const summary = {
              generated: report.generated,
              produced: report.produced,
              method: report.method,
              averages: Object.fromEntries(report.averages.map(({ label, text, value }) => [unique(label || text), value])),
              frequencies: Object.fromEntries(
                report.frequencies.map(({ label, text, low, counts, below, above }) => [
                  unique(label || text),
                  { ...(below > 0 ? { low: below } : {}), ...Object.fromEntries(counts.map((n, k) => [String(low + k), n])), ...(above > 0 ? { high: above } : {}) },
                ]),
              ),
            };
            await cli.out.json({ summary });
          } else {
            for (const action of pageActions) await cli.out.write(formatScriptPages(action, kept));
            for (const line of formatScriptReport(report).split('\n')) await cli.out.line(line);
          }
          if (report.stopped === 'maxAttempts') cli.warn(`stopped after ${group(report.generated)} random deals (the script's generate): ${counted(report.produced, 'deal')} produced`);
          else if (report.stopped === 'timeout') {
            timedOut = true;
            cli.warn(`stopped after ${values.timeout} (--timeout): ${group(report.produced)} of ${counted(produce, 'deal')} produced`);
          }
          break;
        }
        board++;
        const sent = printDeal(next.value, board);
        if (sent !== undefined) await sent;
        if ((board & 1023) === 0) progress?.update(board);
      }
      await flushBatch();
    } catch (error) {
      // Double-dummy analysis (tricks(…) or --dd) that ran past --timeout: say how far the run got.
      if (!(error instanceof Error && error.name === 'DoubleDummyStopped')) throw error;
      cli.warn(`stopped after ${values.timeout} (--timeout) during double-dummy analysis: ${group(board - 1)} of ${counted(produce, 'deal')} produced`);
      return EXIT_TIMEOUT;
    } finally {
      progress?.end();
    }
    if (!timedOut && signal.aborted) {
      stopped(`${group(board)} of ${counted(produce, 'deal')} produced`);
      timedOut = cli.stopReason === 'timeout';
    }
    return timedOut ? EXIT_TIMEOUT : 0;
  }

  if (values.random) {
    // One stream of numbers for the whole run: the first deal of --seed S is randomDeal({ seed: S })'s.
    const random = values.seed === undefined ? undefined : seededRandom(values.seed);
    const progress = count > 1 ? cli.progress('dealing', { total: count, unit: 'deals' }) : undefined;
    let printed = 0;
    try {
      for (; printed < count && !signal.aborted; printed++) {
        const { page, deal } = randomDeal(random === undefined ? { edition } : { edition, random });
        await emit(page, deal);
        if (ddStopped) break;
        if ((printed & 1023) === 0) progress?.update(printed);
      }
      await flushDd();
    } finally {
      progress?.end();
    }
    if (ddStopped) return ddTimedOut();
    if (printed < count) stopped(`${group(printed)} of ${counted(count, 'deal')} printed`);
    return cli.stopReason === 'timeout' ? EXIT_TIMEOUT : 0;
  }

  // --of prints just the page, unless a format is asked for.
  // With --dd, --of shows the deal (as a diagram unless a format is given) beside its table.
  const formatGiven = values.format !== undefined || values.json === true || dd !== undefined;
  // Made here, not at the start: --where, --script and --random never need it.
  const numbering = bridgeNumbering({ edition });
  const one = (text: string): { page: bigint; deal?: Deal } => {
    if (values.of !== undefined) {
      const page = numbering.numberOfDeal(text);
      return formatGiven ? { page, deal: numbering.dealByNumber(page) } : { page };
    }
    const deal = numbering.dealByNumber(text);
    return { page: numbering.numberOfDeal(deal), deal };
  };

  // Bad pages or deals: the first few are reported one by one, the rest only counted (an endless flood of bad lines must
  // not become an endless flood on stderr, nor pile up in memory behind a slow reader of stderr). The kit counts bad
  // lines of standard input and says how many more there were at the end; bad arguments are counted here alike.
  let badArguments = 0;
  let done = 0;
  const run = async (text: string, where: string | undefined): Promise<void> => {
    let shown: { page: bigint; deal?: Deal };
    try {
      shown = one(text);
    } catch (error) {
      if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
      if (where !== undefined) cli.badLine(`${where}${error.message}`);
      else if (++badArguments <= BAD_LINES_SHOWN) cli.warn(error.message);
      return;
    }
    if (shown.deal === undefined) await print(shown.page.toString());
    else await emit(shown.page, shown.deal);
    done++;
  };
  const inputs = values.of !== undefined ? [values.of] : positionals;
  let read = 0;
  for (const text of inputs) {
    if (signal.aborted || ddStopped) break;
    if (text !== '-') {
      await run(text, undefined);
      continue;
    }
    for await (const { text: line, line: number } of readLines('-', { maxLength: MAX_LINE, signal })) {
      if (signal.aborted || ddStopped) break;
      // Lines that print nothing never wait for output, and input that is always ready never waits either: this turn of
      // the event loop lets --timeout and Ctrl-C in.
      if ((++read & 255) === 0) await new Promise((resolve) => setImmediate(resolve));
      if (line.trim() === '') continue;
      await run(line, `standard input line ${number}: `);
    }
  }
  if (!signal.aborted) await flushDd();
  if (ddStopped) {
    ddTimedOut();
    return badArguments > 0 ? 1 : EXIT_TIMEOUT;
  }
  if (badArguments > BAD_LINES_SHOWN) cli.warn(`… and ${group(badArguments - BAD_LINES_SHOWN)} more bad arguments`);
  if (signal.aborted) stopped(`${counted(done, values.of !== undefined ? 'page' : 'deal')} printed`);
  // Bad input outranks a stop, as the kit has it for bad lines: the input has to be mended whatever the time allowed.
  if (badArguments > 0) return 1;
  return cli.stopReason === 'timeout' ? EXIT_TIMEOUT : 0;
}

runCli({ name: 'bigint-deal', help: HELP, packageJson: new URL('../package.json', import.meta.url), main });
