// Tests of `durationUnitSuspicion`: durations against the arrival span, each rule firing alone, and plausible traces.
import { describe, expect, it } from 'vitest';
import { durationUnitSuspicion, likelyUnit } from './duration-units.ts';

/** n rows `gap` ms apart, every duration `d` ms. */
function rows(n: number, gap: number, d: number): [Float64Array, Float64Array] {
  return [Float64Array.from({ length: n }, (_, i) => i * gap), new Float64Array(n).fill(d)];
}

describe('durationUnitSuspicion', () => {
  it('calls durations too long when the median exceeds the span, when over 1000 jobs run at once, or the as-is load on the workers exceeds 10', () => {
    // 10 rows 1 s apart (span 9 s), each 10 s: median > span.
    expect(durationUnitSuspicion(...rows(10, 1000, 10_000), 10, 64)).toMatchObject({ kind: 'long', medianMs: 10_000, spanMs: 9000 });
    // 10 001 rows 1 ms apart (span 10 s), each 2 s: 2000 jobs at once on average, whatever the workers.
    expect(durationUnitSuspicion(...rows(10_001, 1, 2000), 10_001, 100_000)?.kind).toBe('long');
    // 101 rows 1 s apart (span 100 s), each 50 s: 50 at once; on 4 workers an as-is load of 12.6 (> 10), on 64 of 0.79.
    expect(durationUnitSuspicion(...rows(101, 1000, 50_000), 101, 4)).toMatchObject({ kind: 'long', workers: 4 });
    expect(durationUnitSuspicion(...rows(101, 1000, 50_000), 101, 64)).toBeNull();
  });
  it('calls durations too short when fewer than a thousandth of a job runs at once, and says nothing for a zero span', () => {
    // 101 rows 60 s apart (span 6000 s), each 5 ms: 0.0000833 at once. Each 100 ms: 0.00168, plausible.
    expect(durationUnitSuspicion(...rows(101, 60_000, 5), 101, 64)?.kind).toBe('short');
    expect(durationUnitSuspicion(...rows(101, 60_000, 100), 101, 64)).toBeNull();
    expect(durationUnitSuspicion(...rows(5, 0, 100), 5, 64)).toBeNull();
    expect(durationUnitSuspicion(...rows(1, 0, 100), 1, 64)).toBeNull();
  });
  it('names the unit 1000× away from the declared one', () => {
    expect(likelyUnit('long', 's')).toBe('ms');
    expect(likelyUnit('short', 'ms')).toBe('s');
    expect(likelyUnit('long', 'us')).toBeNull();
    expect(likelyUnit('short', 'min')).toBeNull();
  });
});
