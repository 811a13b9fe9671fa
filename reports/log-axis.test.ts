import { describe, expect, it } from 'vitest';
import { logAxis } from './log-axis.ts';

describe('logAxis', () => {
  it('snaps a wide range to whole decades, so the labels reach past both ends of the data', () => {
    // LPC-EGEE's CDF in minutes at load 0.95: 0.0117 min … 9 936 min.
    expect(logAxis([0.0117, 3, 9936])).toEqual({ domain: [0.01, 10000], values: [0.01, 0.1, 1, 10, 100, 1000, 10000] });
  });
  it('uses 1-2-5 ticks over two decades or less', () => {
    expect(logAxis([12, 30, 450])).toEqual({ domain: [10, 500], values: [10, 20, 50, 100, 200, 500] });
    expect(logAxis([0.25, 0.7])).toEqual({ domain: [0.2, 1], values: [0.2, 0.5, 1] });
  });
  it('keeps a value that sits on a tick inside the domain', () => {
    expect(logAxis([1, 100])).toEqual({ domain: [1, 100], values: [1, 2, 5, 10, 20, 50, 100] });
  });
  it('labels every other decade past eight, still covering the data', () => {
    const axis = logAxis([0.001, 5e7])!;
    expect(axis.values).toEqual([0.001, 0.1, 10, 1000, 100000, 10000000, 1000000000]);
    expect(axis.domain).toEqual([0.001, 1e9]);
  });
  it('ignores zeros, negatives and non-finite values; null when nothing is left', () => {
    expect(logAxis([0, -3, NaN, Infinity, 5])).toEqual({ domain: [5, 10], values: [5, 10] });
    expect(logAxis([0, -1, NaN])).toBeNull();
  });
});
