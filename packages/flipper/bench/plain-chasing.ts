// A plain light-chasing script for comparison: a quick, straightforward bit-packed light-chasing script, written the obvious way. Each press is an
// affine function of the first row (a Uint32Array of ⌈(n+1)/32⌉ words: n coefficients and a constant); every row of
// vectors is a freshly allocated flat buffer; every XOR runs over the full width; the bottom system is eliminated with row swaps;
// the final chase and the verification go cell by cell. Same input and output as solveLightsOut (flat boards).

/** Solves an n×n classic Lights Out board; returns the presses (flat, bit-packed) or null, and whether verified. */
export function plainChasingSolve(board: Uint32Array, n: number): { presses: Uint32Array | null; verified: boolean } {
  const W = Math.ceil((n + 1) / 32);
  const lit = (r: number, c: number) => (board[(r * n + c) >>> 5]! >>> ((r * n + c) & 31)) & 1;
  // One flat buffer of n vectors per row of presses, allocated afresh for every row.
  let prev = new Uint32Array(n * W);
  let cur = new Uint32Array(n * W);
  for (let j = 0; j < n; j++) cur[j * W + (j >>> 5)] = 1 << (j & 31);
  for (let r = 0; r < n; r++) {
    const next = new Uint32Array(n * W);
    for (let j = 0; j < n; j++) {
      for (let w = 0; w < W; w++) {
        let x = cur[j * W + w]! ^ prev[j * W + w]!;
        if (j > 0) x ^= cur[(j - 1) * W + w]!;
        if (j < n - 1) x ^= cur[(j + 1) * W + w]!;
        next[j * W + w] = x;
      }
      if (lit(r, j)) next[j * W + (n >>> 5)]! ^= 1 << (n & 31);
    }
    prev = cur;
    cur = next;
  }
  // cur[j]: the bottom row's light j, which must be off. Gaussian elimination, then back substitution.
  const rows: Uint32Array[] = Array.from({ length: n }, (_, j) => cur.subarray(j * W, (j + 1) * W));
  let rank = 0;
  const pivots: number[] = [];
  for (let k = 0; k < n; k++) {
    let p = -1;
    for (let i = rank; i < n; i++) if ((rows[i]![k >>> 5]! >>> (k & 31)) & 1) { p = i; break; }
    if (p < 0) continue;
    [rows[rank], rows[p]] = [rows[p]!, rows[rank]!];
    for (let i = 0; i < n; i++) {
      if (i !== rank && (rows[i]![k >>> 5]! >>> (k & 31)) & 1) for (let w = 0; w < W; w++) rows[i]![w]! ^= rows[rank]![w]!;
    }
    pivots.push(k);
    rank++;
  }
  for (let i = rank; i < n; i++) if ((rows[i]![n >>> 5]! >>> (n & 31)) & 1) return { presses: null, verified: false };
  const press: Uint8Array[] = Array.from({ length: n }, () => new Uint8Array(n));
  pivots.forEach((k, i) => (press[0]![k] = (rows[i]![n >>> 5]! >>> (n & 31)) & 1));
  const light = (r: number, c: number) =>
    lit(r, c) ^ press[r]![c]! ^ (c > 0 ? press[r]![c - 1]! : 0) ^ (c < n - 1 ? press[r]![c + 1]! : 0) ^
    (r > 0 ? press[r - 1]![c]! : 0) ^ (r < n - 1 ? press[r + 1]![c]! : 0);
  for (let r = 0; r + 1 < n; r++) for (let c = 0; c < n; c++) press[r + 1]![c] = light(r, c);
  let verified = true;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (light(r, c)) verified = false;
  const presses = new Uint32Array(Math.ceil((n * n) / 32));
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (press[r]![c]) presses[(r * n + c) >>> 5]! |= 1 << ((r * n + c) & 31);
  return { presses, verified };
}
