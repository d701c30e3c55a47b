// pnpm --filter @puzzles/bigint-deal exec tsx bench/par.validate.ts [FILE…] (after a build)
// par() beside DDS's DealerPar: every record of DDS's test lists (dds-list300.txt, dds-list1000.txt, dds-largest.txt in
// ../shared/data/external/bigint-deal/, or the files named) gives a dealer and vulnerability (its PBN line), a
// double-dummy table (TABLE) and DealerPar's score and contracts (PAR2). Par is computed from the TABLE line alone and
// compared exactly: the same score, the same contracts (as a set; a different order is counted and reported too).
// Prints the counts and every mismatch; exits 1 on any mismatch or on a file it cannot read.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { par, type DoubleDummyTable, type Par } from '@puzzles/bigint-deal/double-dummy';

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = join(here, '../../../../shared/data/external/bigint-deal');
const files = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['dds-list300.txt', 'dds-list1000.txt', 'dds-largest.txt'].map((f) => join(dataDir, f));

const SEATS = ['N', 'E', 'S', 'W'] as const;
/** The PBN line's vulnerability code: 0 none, 1 both, 2 NS, 3 EW. */
const VULNERABLE = ['none', 'both', 'ns', 'ew'] as const;
/** TABLE's strain order: S H D C NT, each for declarers N E S W. */
const TABLE_STRAINS = ['S', 'H', 'D', 'C', 'NT'] as const;

/** The quoted fields of a line, in order. */
const quoted = (line: string): string[] => [...line.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);

let records = 0;
let matched = 0;
let orderDiffers = 0;
const mismatches: string[] = [];
for (const file of files) {
  if (!existsSync(file)) {
    console.error(`${file}: not found (DDS's lists live in ../shared/data/external/bigint-deal/)`);
    process.exit(1);
  }
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  let pbn: { line: number; dealer: number; vul: number; deal: string } | undefined;
  let table: DoubleDummyTable | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const [head, ...fields] = line.split(/\s+/);
    if (head === 'PBN') {
      pbn = { line: i + 1, dealer: Number(fields[0]), vul: Number(fields[1]), deal: quoted(line)[0] ?? '' };
      table = undefined;
    } else if (head === 'TABLE') {
      const counts = fields.map(Number);
      if (counts.length !== 20 || counts.some((n) => !Number.isInteger(n))) throw new Error(`${file}:${i + 1}: a TABLE line needs 20 trick counts`);
      table = { N: {}, E: {}, S: {}, W: {} } as DoubleDummyTable;
      TABLE_STRAINS.forEach((strain, s) => SEATS.forEach((seat, d) => (table![seat][strain] = counts[s * 4 + d]!)));
    } else if (head === 'PAR2') {
      if (pbn === undefined || table === undefined) throw new Error(`${file}:${i + 1}: PAR2 without its PBN and TABLE lines`);
      const [score, ...contracts] = quoted(line);
      const expected: Par = { score: Number(score), contracts };
      const options = { dealer: SEATS[pbn.dealer]!, vulnerable: VULNERABLE[pbn.vul]! };
      let got: Par | string;
      try {
        got = par(table, options);
      } catch (error) {
        got = String(error);
      }
      records++;
      const sameSet =
        typeof got !== 'string' &&
        got.contracts.length === expected.contracts.length &&
        expected.contracts.every((c) => (got as Par).contracts.includes(c));
      if (typeof got !== 'string' && got.score === expected.score && sameSet) {
        matched++;
        if (got.contracts.join() !== expected.contracts.join()) {
          orderDiffers++;
          mismatches.push(`${file}:${i + 1}: same contracts in another order: DDS ${expected.contracts.join(' ')}, par ${got.contracts.join(' ')}`);
        }
      } else {
        mismatches.push(
          `${file}:${pbn.line}: dealer ${options.dealer}, vulnerable ${options.vulnerable}, ${pbn.deal}\n` +
            `  TABLE ${TABLE_STRAINS.map((s) => SEATS.map((d) => table![d][s]).join(' ')).join(' | ')}\n` +
            `  DDS ${expected.score} ${expected.contracts.join(' ')}\n` +
            `  par ${typeof got === 'string' ? got : `${got.score} ${got.contracts.join(' ')}`}`,
        );
      }
    }
  }
}
for (const m of mismatches) console.log(m);
console.log(`${matched} of ${records} records match DDS's DealerPar (score and contracts)${orderDiffers > 0 ? `, ${orderDiffers} of them with the contracts in another order` : ', contracts in the same order'}`);
if (records === 0 || matched !== records) process.exit(1);
