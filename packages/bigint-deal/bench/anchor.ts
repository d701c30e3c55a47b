// The anchor the issue names: a plain BigInt implementation of Andrews' numbering with a precomputed BigInt
// binomial table, working on 52-character strings. Kept here only to be measured beside the library.

const C: bigint[][] = [];
for (let n = 0; n <= 52; n++) {
  C.push([]);
  for (let k = 0; k <= 13; k++) C[n]![k] = k === 0 ? 1n : n === 0 ? 0n : C[n - 1]![k - 1]! + C[n - 1]![k]!;
}
const EM = C[39]![13]!;
const SM = C[26]![13]!;

export function anchorDealByNumber(page: bigint): string {
  let index = page - 1n;
  const s = index % SM;
  index /= SM;
  const e = index % EM;
  const n = index / EM;
  const deal: string[] = new Array<string>(52).fill('');
  let free = Array.from({ length: 52 }, (_, i) => i);
  for (const [rank, letter] of [[n, 'N'], [e, 'E'], [s, 'S']] as const) {
    let rest = rank;
    let c = free.length - 1;
    for (let i = 13; i >= 1; i--) {
      while (C[c]![i]! > rest) c--;
      rest -= C[c]![i]!;
      deal[free[c]!] = letter;
      c--;
    }
    free = free.filter((card) => deal[card] === '');
  }
  for (const card of free) deal[card] = 'W';
  return deal.join('');
}

export function anchorNumberOfDeal(deal: string): bigint {
  const ranks: Record<string, bigint> = { N: 0n, E: 0n, S: 0n };
  const seen: Record<string, number> = { N: 0, E: 0, S: 0, W: 0 };
  const order = 'NESW';
  for (let i = 0; i < 52; i++) {
    const h = deal[i]!;
    let lower = 0;
    for (const q of order) {
      if (q === h) break;
      lower += seen[q]!;
    }
    seen[h]!++;
    if (h !== 'W') ranks[h]! += C[i - lower]![seen[h]!]!;
  }
  return ranks.N! * EM * SM + ranks.E! * SM + ranks.S! + 1n;
}
