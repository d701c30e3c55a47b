import { describe, expect, it } from 'vitest';
import { stopper } from '../src/budget.js';

describe('stopper', () => {
  it('never stops without a signal or a timeout', () => {
    const stop = stopper({});
    for (let i = 0; i < 10_000; i++) expect(stop.check()).toBe(false);
    expect(stop.reason).toBeUndefined();
  });

  it('stops once the signal is aborted, and stays stopped', () => {
    const controller = new AbortController();
    const stop = stopper({ signal: controller.signal });
    expect(stop.check()).toBe(false);
    controller.abort();
    expect(stop.check()).toBe(true);
    expect(stop.reason).toBe('aborted');
    expect(stop.check()).toBe(true);
  });

  it('stops once the time is up', async () => {
    const stop = stopper({ timeout: 1 }, 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(stop.check()).toBe(true);
    expect(stop.reason).toBe('timeout');
  });

  it('names a bad timeout or signal', () => {
    expect(() => stopper({ timeout: 0 })).toThrow(new RangeError('timeout must be a positive number of milliseconds; got 0'));
    expect(() => stopper({ timeout: NaN })).toThrow(RangeError);
    expect(() => stopper({ signal: 'x' as never })).toThrow(/signal must be an AbortSignal; got 'x'/);
  });
});
