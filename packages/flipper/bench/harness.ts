// A small benchmark harness for long single runs: times each run, reports the median, because this machine is
// shared and noisy.

export interface Timed {
  /** Median milliseconds over the runs. */
  readonly median: number;
  readonly runs: number[];
}

let sink: unknown;

/** Runs `f` `warmups` times untimed, then `runs` times timed; the median and every run in ms. */
export function time(f: () => unknown, { runs = 5, warmups = 1 } = {}): Timed {
  for (let i = 0; i < warmups; i++) sink = f();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    sink = f();
    times.push(performance.now() - start);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, runs: times };
}

export function keep(): unknown {
  return sink;
}
