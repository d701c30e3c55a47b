// A plain BigInt implementation of Andrews' numbering with a precomputed BigInt
// binomial table, working on 52-character strings. Kept here only to be measured beside the library.

const C: bigint[][] = [];
for (let n = 0; n <= 52; n++) {
  C.push([]);
  for (let k = 0; k <= 13; k++) C[n]![k] = k === 0 ? 1n : n === 0 ? 0n : C[n - 1]![k - 1]! + C[n - 1]![k]!;
}
const EM = C[39]![13]!;
const SM = C[26]![13]!;

export function plainDealByNumber(page: bigint): string {
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

const HAND: Record<string, number> = { N: 0, E: 1, S: 2, W: 3 };

export function plainNumberOfDeal(deal: string): bigint {
  let n = 0n;
  let e = 0n;
  let s = 0n;
  const seen = [0, 0, 0, 0];
  for (let i = 0; i < 52; i++) {
    const h = HAND[deal[i]!]!;
    // Position among the cards left for this hand: skip the cards of the hands before it.
    let position = i;
    for (let q = 0; q < h; q++) position -= seen[q]!;
    const k = ++seen[h]!;
    if (h === 0) n += C[position]![k]!;
    else if (h === 1) e += C[position]![k]!;
    else if (h === 2) s += C[position]![k]!;
  }
  return n * EM * SM + e * SM + s + 1n;
}
