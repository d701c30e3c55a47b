// pnpm --filter @puzzles/bigint-deal bench
// Deals per second for decode (dealByNumber, page -> deal) and encode (numberOfDeal, deal -> page), the public
// functions as users call them (the built package), beside a plain BigInt implementation (bench/plain-bigint.ts) measured in the same run.
import { DEALS, dealByNumber, numberOfDeal, randomDeal, type Deal } from '@puzzles/bigint-deal';
import { plainDealByNumber, plainNumberOfDeal } from './plain-bigint.js';
import { measure, rate } from '@puzzles/testkit/bench';

const SAMPLE = 4096;
const pages: bigint[] = [];
for (let i = 0; i < SAMPLE; i++) pages.push(randomDeal({ seed: `bench-${i}` }).page);
const deals: Deal[] = pages.map((page) => dealByNumber(page));
const strings: string[] = deals.map((deal) => deal.toString());
const pavlicekDeals: Deal[] = pages.map((page) => dealByNumber(page, { edition: 'pavlicek' }));

// The plain implementation and the library must agree before they are compared.
for (let i = 0; i < 256; i++) {
  if (plainDealByNumber(pages[i]!) !== strings[i]) throw new Error(`plain BigInt and library disagree on page ${pages[i]}`);
  if (plainNumberOfDeal(strings[i]!) !== pages[i]) throw new Error(`plain BigInt and library disagree on deal ${strings[i]}`);
}
if (numberOfDeal(dealByNumber(DEALS)) !== DEALS) throw new Error('last page does not round-trip');

function loop<T>(items: readonly T[], f: (item: T) => unknown): (n: number) => unknown {
  return (n) => {
    let last: unknown;
    for (let i = 0; i < n; i++) last = f(items[i % items.length]!);
    return last;
  };
}

const rows: Array<[string, number, number | null, string]> = [];
const row = (what: string, ours: (n: number) => unknown, plain: ((n: number) => unknown) | null, goal: string) => {
  const o = measure({ name: what, run: ours }).perSecond;
  const a = plain ? measure({ name: `${what} (plain BigInt)`, run: plain }).perSecond : null;
  rows.push([what, o, a, goal]);
};

row('decode: dealByNumber(page)', loop(pages, (p) => dealByNumber(p)), loop(pages, plainDealByNumber), '>= 1,000,000/s');
row('decode + toString()', loop(pages, (p) => dealByNumber(p).toString()), loop(pages, plainDealByNumber), '');
row('encode: numberOfDeal(Deal)', loop(deals, (d) => numberOfDeal(d)), loop(strings, plainNumberOfDeal), '>= 2,000,000/s');
row('encode: numberOfDeal(52-char string)', loop(strings, (s) => numberOfDeal(s)), loop(strings, plainNumberOfDeal), '');
row('pavlicek decode', loop(pages, (p) => dealByNumber(p, { edition: 'pavlicek' })), null, '');
row('pavlicek encode', loop(pavlicekDeals, (d) => numberOfDeal(d, { edition: 'pavlicek' })), null, '');

console.log(`@puzzles/bigint-deal on Node ${process.version}: median of 7 rounds, deals per second`);
console.log('plain BigInt: a precomputed BigInt binomial table over 52-character strings (bench/plain-bigint.ts); it was measured at ~120k decodes/s, ~1.3M encodes/s');
const pad = (s: string, n: number) => s.padEnd(n);
console.log(`${pad('case', 38)}${pad('ours', 14)}${pad('plain BigInt', 14)}${pad('ratio', 9)}goal`);
for (const [what, ours, plain, goal] of rows) {
  const ratio = plain ? `${(ours / plain).toFixed(1)}x` : '-';
  console.log(`${pad(what, 38)}${pad(rate(ours), 14)}${pad(plain ? rate(plain) : '-', 14)}${pad(ratio, 9)}${goal}`);
}
