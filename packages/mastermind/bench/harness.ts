// A small benchmark harness: runs each case for several rounds of a fixed time and reports the median rate,
// because this machine is shared and noisy.

export interface Case {
  readonly name: string;
  /** Runs `n` operations; returns something derived from the results so the work cannot be optimised away. */
  readonly run: (n: number) => unknown;
}

export interface Measured {
  readonly name: string;
  /** Median operations per second over the rounds. */
  readonly perSecond: number;
  readonly rounds: number[];
}

let sink: unknown;

/** Measures a case: warm-up, then `rounds` rounds of about `ms` milliseconds each. */
export function measure(c: Case, { rounds = 7, ms = 300 } = {}): Measured {
  let batch = 64;
  // Warm up and size the batch to about ms / 10.
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
  const sorted = [...rates].sort((a, b) => a - b);
  return { name: c.name, perSecond: sorted[Math.floor(sorted.length / 2)]!, rounds: rates };
}

/** Formats a rate with thousands separators. */
export function rate(perSecond: number): string {
  return Math.round(perSecond).toLocaleString('en-US');
}

export function keep(): unknown {
  return sink;
}
