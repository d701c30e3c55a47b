/** The answer-major copy of a guess-major pattern matrix: out[a * guessCount + g] = codes[g * answerCount + a]. @internal */
export function answerMajor(codes: Uint8Array, guessCount: number, answerCount: number): Uint8Array {
  const out = new Uint8Array(guessCount * answerCount);
  // Blocks of 64 × 64 keep both the reads and the writes within a few cache lines.
  const B = 64;
  for (let g0 = 0; g0 < guessCount; g0 += B) {
    const g1 = Math.min(g0 + B, guessCount);
    for (let a0 = 0; a0 < answerCount; a0 += B) {
      const a1 = Math.min(a0 + B, answerCount);
      for (let g = g0; g < g1; g++) {
        const row = g * answerCount;
        for (let a = a0; a < a1; a++) out[a * guessCount + g] = codes[row + a]!;
      }
    }
  }
  return out;
}
