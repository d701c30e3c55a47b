// pnpm --filter @puzzles/bigint-deal exec tsx bench/par.validate.ts [FILE…] (after a build)
// par() beside DDS's DealerPar: every record of DDS's test lists (dds-list300.txt, dds-list1000.txt, dds-largest.txt in
// ../shared/data/external/bigint-deal/, or the files named) gives a dealer and vulnerability (its PBN line), a
// double-dummy table (TABLE) and DealerPar's score and contracts (PAR2). Par is computed from the TABLE line alone and
// compared exactly: the same score, the same contracts (as a set; a different order is counted and reported too).
// Prints the counts and every mismatch; exits 1 on any mismatch or on a file it cannot read.
// Then, where DDS 2.9.1 is built (../shared/tools/build-dds.sh; its libdds.a and g++), 200,000 random tables (half as
// deals make them, half any 20 counts) with random dealers and vulnerabilities go through DDS's own DealerPar, by a
// ten-line C++ driver compiled here, and must give the same text; where it is not built, that part says so and is skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
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

// Random tables through DDS's DealerPar itself.
const ddsDir = join(process.env.TOOLS_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'puzzles-tools'), 'dds-2.9.1');
const driverSource = `#include <cstdio>
#include "dll.h"
int main() {
  int dealer, vul;
  while (std::scanf("%d %d", &dealer, &vul) == 2) {
    ddTableResults t;
    for (int s = 0; s < 5; s++) for (int h = 0; h < 4; h++) if (std::scanf("%d", &t.resTable[s][h]) != 1) return 1;
    parResultsDealer p;
    p.score = 0;
    if (DealerPar(&t, &p, dealer, vul) != RETURN_NO_FAULT) return 1;
    std::printf("%d", p.score);
    for (int i = 0; i < p.number; i++) std::printf(" %s", p.contracts[i]);
    std::printf("\\n");
  }
}
`;
const library = join(ddsDir, 'src/libdds.a');
if (!existsSync(library)) {
  console.log(`DDS is not built (no ${library}; run ../shared/tools/build-dds.sh): the comparison on random tables is skipped`);
} else {
  const dir = mkdtempSync(join(tmpdir(), 'par-dds-'));
  writeFileSync(join(dir, 'driver.cpp'), driverSource);
  const built = spawnSync('g++', ['-O2', `-I${join(ddsDir, 'include')}`, join(dir, 'driver.cpp'), library, '-fopenmp', '-lpthread', '-o', join(dir, 'driver')], { encoding: 'utf8' });
  if (built.status !== 0) {
    console.log(`could not build the DealerPar driver (g++: ${built.error?.message ?? built.stderr.trim().split('\n')[0]}): the comparison on random tables is skipped`);
  } else {
    // A fixed generator, so that a mismatch can be found again.
    let state = 2026;
    const next = (n: number): number => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return Math.floor((state / 2 ** 32) * n);
    };
    const clamp = (n: number): number => Math.min(13, Math.max(0, n));
    const cases: { dealer: number; vul: number; counts: number[] }[] = [];
    for (let k = 0; k < 200_000; k++) {
      const counts: number[] = [];
      for (let s = 0; s < 5; s++) {
        if (k % 2 === 0) {
          const ns = next(14);
          counts.push(clamp(ns + next(3) - 1), clamp(13 - ns + next(3) - 1), clamp(ns + next(3) - 1), clamp(13 - ns + next(3) - 1));
        } else for (let d = 0; d < 4; d++) counts.push(next(14));
      }
      cases.push({ dealer: next(4), vul: next(4), counts });
    }
    const run = spawnSync(join(dir, 'driver'), { input: cases.map((c) => `${c.dealer} ${c.vul} ${c.counts.join(' ')}`).join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 28 });
    const answers = run.stdout.trim().split('\n');
    let same = 0;
    const differ: string[] = [];
    cases.forEach((c, k) => {
      const table = { N: {}, E: {}, S: {}, W: {} } as DoubleDummyTable;
      TABLE_STRAINS.forEach((strain, s) => SEATS.forEach((seat, d) => (table[seat][strain] = c.counts[s * 4 + d]!)));
      const got = par(table, { dealer: SEATS[c.dealer]!, vulnerable: VULNERABLE[c.vul]! });
      // DealerPar leaves the score of a passed-out deal as the caller set it (0) and says "pass".
      const text = `${got.score} ${got.contracts.join(' ')}`;
      if (text === answers[k]) same++;
      else if (differ.length < 20) differ.push(`dealer ${c.dealer} vul ${c.vul} TABLE ${c.counts.join(' ')}: DDS ${answers[k]}, par ${text}`);
    });
    for (const d of differ) console.log(d);
    console.log(`${same} of ${cases.length} random tables give the same par as DDS 2.9.1's DealerPar, run here (half as deals make them, half any counts)`);
    if (same !== cases.length) process.exit(1);
  }
}
