// A small benchmark harness: medians over several rounds, because this machine is shared and noisy.

export interface Case {
  readonly name: string;
  /** Runs `n` operations; returns something derived from the results so the work cannot be optimised away. */
  readonly run: (n: number) => unknown;
}

let sink: unknown;

/** Median operations per second of a case: warm-up, then `rounds` rounds of about `ms` milliseconds each. */
export function measure(c: Case, { rounds = 7, ms = 300 } = {}): number {
  let batch = 64;
  for (let t0 = performance.now(); performance.now() - t0 < ms; ) {
    const s = performance.now();
    sink = c.run(batch);
    if (performance.now() - s < ms / 10) batch *= 2;
  }
  const rates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let ops = 0;
    const start = performance.now();
    let now = start;
    while (now - start < ms) {
      sink = c.run(batch);
      ops += batch;
      now = performance.now();
    }
    rates.push((ops / (now - start)) * 1000);
  }
  return median(rates);
}

/** Median wall time in milliseconds of `rounds` runs of `fn`. */
export function time(fn: () => unknown, rounds: number): { median: number; all: number[] } {
  const all: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    sink = fn();
    all.push(performance.now() - start);
  }
  return { median: median(all), all };
}

export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Formats a number with thousands separators. */
export function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

export function keep(): unknown {
  return sink;
}
