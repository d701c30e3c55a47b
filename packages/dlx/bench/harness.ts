// A small benchmark harness for long-running cases: each case runs a fixed workload several times, ours and the
// reference alternating (so both see the same load on this shared machine), and reports the median wall-clock and CPU
// time of each.

export interface Pair {
  readonly name: string;
  /** Runs the whole workload once with our library; returns a check value (e.g. a count). */
  readonly ours: () => number;
  /** The same workload with the reference; must return the same check value. */
  readonly reference: (() => number) | null;
  /** The check value both must give, when known (a count of solutions). */
  readonly expect?: number;
  /** Rounds (default 5). */
  readonly rounds?: number;
  /** Time the first (checking) run too instead of a separate warm-up (for long cases). */
  readonly noWarmUp?: boolean;
}

export interface Timed {
  readonly name: string;
  /** Median wall-clock seconds. */
  readonly ours: number;
  readonly reference: number | null;
  /** Median CPU seconds of this process (user + system): less sensitive to other jobs on a shared machine. */
  readonly oursCpu: number;
  readonly referenceCpu: number | null;
  readonly check: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Times a pair: a checking run each, then `rounds` alternating rounds; throws if the two disagree. */
export function timePair(pair: Pair): Timed {
  const rounds = pair.rounds ?? 5;
  const ours: number[] = [];
  const reference: number[] = [];
  const oursCpu: number[] = [];
  const referenceCpu: number[] = [];
  const time = (f: () => number, wall: number[], cpu: number[]): number => {
    const c = process.cpuUsage();
    const t = performance.now();
    const value = f();
    wall.push((performance.now() - t) / 1000);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1e6);
    return value;
  };
  const check = time(pair.ours, ours, oursCpu);
  if (pair.expect !== undefined && check !== pair.expect) throw new Error(`${pair.name}: ours gives ${check}, expected ${pair.expect}`);
  if (pair.reference !== null) {
    const other = time(pair.reference, reference, referenceCpu);
    if (other !== check) throw new Error(`${pair.name}: ours gives ${check}, the reference ${other}`);
  }
  if (pair.noWarmUp !== true) for (const list of [ours, reference, oursCpu, referenceCpu]) list.length = 0;
  for (let r = 0; r < rounds; r++) {
    if (time(pair.ours, ours, oursCpu) !== check) throw new Error(`${pair.name}: ours is not reproducible`);
    if (pair.reference !== null) time(pair.reference, reference, referenceCpu);
  }
  const none = pair.reference === null;
  return {
    name: pair.name,
    ours: median(ours),
    reference: none ? null : median(reference),
    oursCpu: median(oursCpu),
    referenceCpu: none ? null : median(referenceCpu),
    check,
  };
}
