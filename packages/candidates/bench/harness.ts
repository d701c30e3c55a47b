// A small benchmark helper: runs a whole pass over a puzzle set several times and reports the median rate, because
// this machine is shared and noisy (and puzzles differ too much for per-puzzle timing).

/** The median of a list of numbers. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

let sink: unknown;

/** Runs `pass` `rounds` times (after one warm-up pass when `warmUp`); returns the median items per second and the last result. */
export function passes<T>(count: number, pass: () => T, rounds = 3, warmUp = true): { perSecond: number; result: T } {
  if (warmUp) sink = pass();
  const rates: number[] = [];
  let result!: T;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    result = pass();
    rates.push((count / (performance.now() - t0)) * 1000);
  }
  sink = result;
  return { perSecond: median(rates), result };
}

/** Formats a rate with thousands separators. */
export function rate(perSecond: number): string {
  return Math.round(perSecond).toLocaleString('en-US');
}

export function keep(): unknown {
  return sink;
}
