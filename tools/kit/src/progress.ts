// A progress line on stderr: only on a terminal, only once the work has run a second, throttled, with rate and ETA.
import { performance } from 'node:perf_hooks';

/** What a progress line needs of a stream (process.stderr in a CLI). */
export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

/** A progress line: `update(done)` as the work goes on, `end()` to clear it. */
export interface Progress {
  update(done: number, total?: number): void;
  end(): void;
}

export interface ProgressOptions {
  /** The number of units the work has, when known (gives a percentage and an ETA). */
  readonly total?: number | undefined;
  /** The unit counted, plural ("puzzles", "lines"). */
  readonly unit?: string;
  /** Milliseconds before the first draw (default 1000: short work shows nothing). */
  readonly delay?: number;
  /** Milliseconds between draws (default 100). */
  readonly interval?: number;
  readonly stream?: ProgressStream;
  readonly now?: () => number;
}

const group = (n: number): string => Math.round(n).toLocaleString('en-US');

/** "12 s", "3 min 20 s", "2 h 5 min". */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** A progress line for `label`; draws nothing unless the stream is a terminal. */
export function progress(label: string, options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? (() => performance.now());
  const delay = options.delay ?? 1000;
  const interval = options.interval ?? 100;
  const unit = options.unit ?? '';
  let total = options.total;
  const start = now();
  let lastDraw = -Infinity;
  let drawn = false;
  const active = stream.isTTY === true;
  return {
    update(done, newTotal) {
      if (newTotal !== undefined) total = newTotal;
      if (!active) return;
      const t = now();
      if (t - start < delay || t - lastDraw < interval) return;
      lastDraw = t;
      const elapsed = t - start;
      const rate = done / (elapsed / 1000);
      let text = `${label}: ${group(done)}${total === undefined ? '' : `/${group(total)}`}${unit ? ` ${unit}` : ''}`;
      if (total !== undefined && total > 0) text += ` (${((100 * done) / total).toFixed(1)}%)`;
      if (Number.isFinite(rate)) text += ` · ${group(rate)}/s`;
      if (total !== undefined && rate > 0 && done < total) text += ` · ETA ${formatDuration(((total - done) / rate) * 1000)}`;
      stream.write(`\r${text}\u001b[K`);
      drawn = true;
    },
    end() {
      if (drawn) stream.write('\r\u001b[K');
      drawn = false;
    },
  };
}
