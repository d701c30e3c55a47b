// pnpm --filter @puzzles/bigint-deal bench
// Deals per second for decode (dealByNumber, page -> deal) and encode (numberOfDeal, deal -> page), the public
// functions as users call them (the built package), beside the anchor measured in the same run.
import { DEALS, dealByNumber, numberOfDeal, randomDeal, type Deal } from '@puzzles/bigint-deal';
import { anchorDealByNumber, anchorNumberOfDeal } from './anchor.js';
import { measure, rate } from '@puzzles/testkit/bench';

const SAMPLE = 4096;
const pages: bigint[] = [];
for (let i = 0; i < SAMPLE; i++) pages.push(randomDeal({ seed: `bench-${i}` }).page);
const deals: Deal[] = pages.map((page) => dealByNumber(page));
const strings: string[] = deals.map((deal) => deal.toString());
const pavlicekDeals: Deal[] = pages.map((page) => dealByNumber(page, { edition: 'pavlicek' }));

// The anchor and the library must agree before they are compared.
for (let i = 0; i < 256; i++) {
  if (anchorDealByNumber(pages[i]!) !== strings[i]) throw new Error(`anchor and library disagree on page ${pages[i]}`);
  if (anchorNumberOfDeal(strings[i]!) !== pages[i]) throw new Error(`anchor and library disagree on deal ${strings[i]}`);
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
const row = (what: string, ours: (n: number) => unknown, anchor: ((n: number) => unknown) | null, target: string) => {
  const o = measure({ name: what, run: ours }).perSecond;
  const a = anchor ? measure({ name: `${what} (anchor)`, run: anchor }).perSecond : null;
  rows.push([what, o, a, target]);
};

row('decode: dealByNumber(page)', loop(pages, (p) => dealByNumber(p)), loop(pages, anchorDealByNumber), '>= 1,000,000/s');
row('decode + toString()', loop(pages, (p) => dealByNumber(p).toString()), loop(pages, anchorDealByNumber), '');
row('encode: numberOfDeal(Deal)', loop(deals, (d) => numberOfDeal(d)), loop(strings, anchorNumberOfDeal), '>= 2,000,000/s');
row('encode: numberOfDeal(52-char string)', loop(strings, (s) => numberOfDeal(s)), loop(strings, anchorNumberOfDeal), '');
row('pavlicek decode', loop(pages, (p) => dealByNumber(p, { edition: 'pavlicek' })), null, '');
row('pavlicek encode', loop(pavlicekDeals, (d) => numberOfDeal(d, { edition: 'pavlicek' })), null, '');

console.log(`@puzzles/bigint-deal on Node ${process.version}: median of 7 rounds, deals per second`);
console.log('anchor: plain BigInt with a precomputed BigInt binomial table (bench/anchor.ts); issue figures ~120k decodes/s, ~1.3M encodes/s');
const pad = (s: string, n: number) => s.padEnd(n);
console.log(`${pad('case', 38)}${pad('ours', 14)}${pad('anchor', 14)}${pad('ratio', 9)}target`);
for (const [what, ours, anchor, target] of rows) {
  const ratio = anchor ? `${(ours / anchor).toFixed(1)}x` : '-';
  console.log(`${pad(what, 38)}${pad(rate(ours), 14)}${pad(anchor ? rate(anchor) : '-', 14)}${pad(ratio, 9)}${target}`);
}
