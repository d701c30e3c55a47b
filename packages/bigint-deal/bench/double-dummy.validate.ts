// pnpm --filter @puzzles/bigint-deal exec tsx bench/double-dummy.validate.ts [--limit N] [--workers N] [--fut N] [FILE…]
// The double-dummy solver beside DDS's own test lists (dds-list300.txt, dds-list1000.txt, dds-largest.txt in
// ../shared/data/external/bigint-deal/, or the files named; their record format is in that folder's README):
//   TABLE  the 20 trick counts of every record, from doubleDummyTables on worker threads;
//   FUT    SolveBoard's value of each opening lead (cards, equal cards, tricks for the side on lead), from
//          doubleDummyPlays, for the first --fut records of each file (each costs about one table);
//   PAR    DealerPar's score and contracts, from par() on our table.
// Every mismatch is printed; exits 1 on any. --limit N takes the first N records of each file.
import { availableParallelism } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { doubleDummyPlays, doubleDummyTables, par, type DoubleDummyTable } from '@puzzles/bigint-deal/double-dummy';

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = join(here, '../../../../shared/data/external/bigint-deal');
const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(args.splice(at, 2)[1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} takes a whole number`);
  return value;
};
const limit = option('--limit', Infinity);
const workers = option('--workers', availableParallelism());
const futCount = option('--fut', 5);
const files = args.length > 0 ? args : ['dds-list300.txt', 'dds-largest.txt', 'dds-list1000.txt'].map((f) => join(dataDir, f));

const SEATS = ['N', 'E', 'S', 'W'] as const;
const STRAINS = ['S', 'H', 'D', 'C', 'NT'] as const;
const VULNERABLE = ['none', 'both', 'ns', 'ew'] as const;

interface Record_ {
  deal: string;
  dealer: number;
  vul: number;
  trump: number;
  first: number;
  table?: number[];
  fut?: number[];
  par2?: string[];
}

function readRecords(file: string): Record_[] {
  const records: Record_[] = [];
  for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    const fields = line.split(/\s+/);
    const last = records[records.length - 1];
    if (fields[0] === 'PBN') {
      if (records.length >= limit) break;
      records.push({ deal: /"([^"]*)"/.exec(line)![1]!, dealer: +fields[1]!, vul: +fields[2]!, trump: +fields[3]!, first: +fields[4]! });
    } else if (last !== undefined && fields[0] === 'TABLE') last.table = fields.slice(1).map(Number);
    else if (last !== undefined && fields[0] === 'FUT') last.fut = fields.slice(1).map(Number);
    else if (last !== undefined && fields[0] === 'PAR2') last.par2 = [...line.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
  }
  return records;
}

const flat = (table: DoubleDummyTable): number[] => STRAINS.flatMap((strain) => SEATS.map((seat) => table[seat][strain]));
let failures = 0;
const started = performance.now();
for (const file of files) {
  if (!existsSync(file)) {
    console.error(`${file}: not found (DDS's lists live in ../shared/data/external/bigint-deal/)`);
    process.exit(1);
  }
  const records = readRecords(file);
  const t0 = performance.now();
  const tables = await doubleDummyTables(records.map((r) => r.deal), { workers });
  const seconds = (performance.now() - t0) / 1000;
  let tableOk = 0;
  let parOk = 0;
  let parChecked = 0;
  records.forEach((record, k) => {
    const ours = flat(tables[k]!);
    if (record.table !== undefined) {
      if (ours.join(' ') === record.table.join(' ')) tableOk++;
      else {
        failures++;
        console.log(`TABLE ${record.deal}: ours ${ours.join(' ')}, DDS ${record.table.join(' ')}`);
      }
    }
    if (record.par2 !== undefined) {
      parChecked++;
      const got = par(tables[k]!, { dealer: SEATS[record.dealer]!, vulnerable: VULNERABLE[record.vul]! });
      const [score, ...contracts] = record.par2;
      if (String(got.score) === score && [...got.contracts].sort().join(',') === [...contracts].sort().join(',')) parOk++;
      else {
        failures++;
        console.log(`PAR ${record.deal}: ours ${got.score} ${got.contracts.join(',')}, DDS ${record.par2.join(' ')}`);
      }
    }
  });
  let futOk = 0;
  let futChecked = 0;
  for (const record of records.slice(0, futCount)) {
    if (record.fut === undefined) continue;
    futChecked++;
    const n = record.fut[0]!;
    const want = new Map<string, string>();
    for (let i = 0; i < n; i++) {
      const suit = 'SHDC'[record.fut[1 + i]!]!;
      const equals: string[] = [];
      for (let rank = 14; rank >= 2; rank--) if ((record.fut[1 + 2 * n + i]! >> rank) & 1) equals.push(suit + '23456789TJQKA'[rank - 2]);
      want.set(suit + '23456789TJQKA'[record.fut[1 + n + i]! - 2], `${record.fut[1 + 3 * n + i]} [${equals.join(',')}]`);
    }
    const got = doubleDummyPlays(record.deal, { strain: (['S', 'H', 'D', 'C', 'NT'] as const)[record.trump]!, leader: SEATS[record.first]! });
    const ours = new Map(got.plays.map((play) => [play.card, `${play.tricks} [${play.equals.join(',')}]`]));
    if (ours.size === want.size && [...want].every(([card, value]) => ours.get(card) === value)) futOk++;
    else {
      failures++;
      console.log(`FUT ${record.deal}: ours ${JSON.stringify([...ours])}, DDS ${JSON.stringify([...want])}`);
    }
  }
  console.log(
    `${file.split('/').pop()}: TABLE ${tableOk}/${records.length} · PAR ${parOk}/${parChecked} · FUT ${futOk}/${futChecked} · ` +
      `${seconds.toFixed(1)} s for the tables on ${workers} workers (${((seconds * 1000 * Math.min(workers, records.length)) / Math.max(1, records.length)).toFixed(0)} ms a table a worker)`,
  );
}
console.log(`${failures === 0 ? 'all equal' : `${failures} mismatches`} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(failures === 0 ? 0 : 1);
