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

/**
 * Measures two cases in alternating rounds (ours, then the anchor, then ours, …), so that load from other jobs on
 * the machine falls on both alike; returns both medians.
 */
export function measurePair(a: Case, b: Case, { rounds = 7, ms = 200 } = {}): [Measured, Measured] {
  const ra: number[] = [];
  const rb: number[] = [];
  measure(a, { rounds: 1, ms });
  measure(b, { rounds: 1, ms });
  for (let r = 0; r < rounds; r++) {
    ra.push(measure(a, { rounds: 1, ms }).perSecond);
    rb.push(measure(b, { rounds: 1, ms }).perSecond);
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return [
    { name: a.name, perSecond: median(ra), rounds: ra },
    { name: b.name, perSecond: median(rb), rounds: rb },
  ];
}

/** Formats a rate with thousands separators. */
export function rate(perSecond: number): string {
  return Math.round(perSecond).toLocaleString('en-US');
}

export function keep(): unknown {
  return sink;
}
