// Benchmark helpers shared by the packages' bench/ scripts: this machine is shared and noisy, so every figure is a
// median over several rounds, and a pair (ours and the reference) can be measured in alternating rounds.

/** A throughput case. */
export interface Case {
  readonly name: string;
  /** Runs `n` operations; returns something derived from the results so the work cannot be optimised away. */
  readonly run: (n: number) => unknown;
}

/** The median rate of a throughput case. */
export interface Measured {
  readonly name: string;
  /** Median operations per second over the rounds. */
  readonly perSecond: number;
  readonly rounds: number[];
}

/** The median time of a one-shot job. */
export interface Timed {
  /** Median milliseconds over the runs. */
  readonly median: number;
  /** Every timed run, in milliseconds. */
  readonly runs: number[];
}

let sink: unknown;

/** The median of some numbers (the lower middle one for an even count). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new RangeError('median of no numbers');
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Measures a throughput case: warm-up, then `rounds` rounds of about `ms` milliseconds each. */
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
  return { name: c.name, perSecond: median(rates), rounds: rates };
}

/**
 * Measures two cases in alternating rounds (ours, then the reference, then ours, …), so that load from other jobs on
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
  return [
    { name: a.name, perSecond: median(ra), rounds: ra },
    { name: b.name, perSecond: median(rb), rounds: rb },
  ];
}

/** Times a one-shot job: `warmups` untimed runs, then the median of `runs` timed runs, in milliseconds. */
export function time(job: () => unknown, { runs = 5, warmups = 1 } = {}): Timed {
  for (let i = 0; i < warmups; i++) sink = job();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    sink = job();
    times.push(performance.now() - start);
  }
  return { median: median(times), runs: times };
}

/** Formats a rate with thousands separators. */
export function rate(perSecond: number): string {
  return Math.round(perSecond).toLocaleString('en-US');
}

/** The last result kept from the measured work (read it once so the work cannot be optimised away). */
export function keep(): unknown {
  return sink;
}
