// Tests of the predictability statistics: median conventions, the error set, within 2× and tier accuracy.
import { describe, expect, it } from 'vitest';
import { medianInPlace, predictionAccuracy } from './prediction-accuracy.ts';

describe('medianInPlace', () => {
  it('takes the middle value of an odd count and the mean of the two middle values of an even count', () => {
    expect(medianInPlace(Float64Array.of(5, 1, 3))).toBe(3);
    expect(medianInPlace(Float64Array.of(400, 50, 300, 100))).toBe(200);
  });
  it('is null for no values', () => {
    expect(medianInPlace(new Float64Array(0))).toBeNull();
  });
});

describe('predictionAccuracy', () => {
  // Hand-computed: durations 100, 400, 0, 50 (rows 1..4), predictions 200, 100, 300, NaN; boundaries [150, 350].
  // Errors: |log2(200/100)| = 1, |log2(100/400)| = 2; the 0-duration row and the NaN row have none → median 1.5.
  // Tiers: 100→0 vs 200→1 ✗; 400→2 vs 100→0 ✗; 0→0 vs 300→1 ✗ → 0 of 3 rows with a prediction.
  it('computes the hand-worked example', () => {
    const duration = Float64Array.of(999, 100, 400, 0, 50);
    const a = predictionAccuracy(duration, 1, Float64Array.of(200, 100, 300, Number.NaN), [150, 350]);
    expect(a).toEqual({ n: 2, median_abs_log2_error: 1.5, within_2x: 0.5, tier_rows: 3, tier_accuracy: 0 });
  });
  it('counts a zero prediction in the tier accuracy but not in the errors', () => {
    const a = predictionAccuracy(Float64Array.of(10, 20), 0, Float64Array.of(0, 20), [100]);
    expect(a).toEqual({ n: 1, median_abs_log2_error: 0, within_2x: 1, tier_rows: 2, tier_accuracy: 1 });
  });
  it('gives null statistics, never NaN, when no row has a prediction', () => {
    const a = predictionAccuracy(Float64Array.of(10, 20), 0, Float64Array.of(Number.NaN, Number.NaN), [15]);
    expect(a).toEqual({ n: 0, median_abs_log2_error: null, within_2x: null, tier_rows: 0, tier_accuracy: null });
  });
});
