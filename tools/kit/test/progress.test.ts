import { describe, expect, it } from 'vitest';
import { formatDuration, progress } from '../src/progress.js';

function fakeTerminal(isTTY = true) {
  const writes: string[] = [];
  return { stream: { isTTY, write: (text: string) => writes.push(text) }, writes };
}

describe('progress', () => {
  it('draws nothing in the first second, then a throttled line with rate and ETA, and clears it at the end', () => {
    let t = 0;
    const { stream, writes } = fakeTerminal();
    const bar = progress('explaining', { total: 1000, unit: 'puzzles', stream, now: () => t });
    t = 500;
    bar.update(100);
    expect(writes).toEqual([]);
    t = 2000;
    bar.update(400);
    expect(writes).toEqual(['\rexplaining: 400/1,000 puzzles (40.0%) · 200/s · ETA 3 s\u001b[K']);
    t = 2050;
    bar.update(410);
    expect(writes).toHaveLength(1);
    bar.end();
    expect(writes.at(-1)).toBe('\r\u001b[K');
  });

  it('draws nothing when the stream is not a terminal', () => {
    let t = 0;
    const { stream, writes } = fakeTerminal(false);
    const bar = progress('x', { stream, now: () => t });
    t = 5000;
    bar.update(1);
    bar.end();
    expect(writes).toEqual([]);
  });

  it('shows work of unknown size without a percentage', () => {
    let t = 0;
    const { stream, writes } = fakeTerminal();
    const bar = progress('counting', { stream, now: () => t });
    t = 2000;
    bar.update(5000);
    expect(writes[0]).toBe('\rcounting: 5,000 · 2,500/s\u001b[K');
  });
});

describe('formatDuration', () => {
  it('says seconds, minutes or hours', () => {
    expect(formatDuration(12_400)).toBe('12 s');
    expect(formatDuration(200_000)).toBe('3 min 20 s');
    expect(formatDuration(7_500_000)).toBe('2 h 5 min');
  });
});
