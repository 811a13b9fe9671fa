// Tests of the baseline predictors: the global and per-key history medians, unseen keys falling back to the global one.
import { describe, expect, it } from 'vitest';
import { globalMedian, globalMedianPredictions, perKeyMedianPredictions } from './median-predictions.ts';

// History rows 0..3 (a 10, b 40, a 30, b 20), evaluation rows 4..6 (a, c, b). Global median (20 + 30)/2 = 25;
// a's (10 + 30)/2 = 20, b's (40 + 20)/2 = 30, c has no history → 25.
const duration = Float64Array.of(10, 40, 30, 20, 1, 1, 1);
const keys = { rowKeyId: Int32Array.of(0, 1, 0, 1, 0, 2, 1), distinct: ['a', 'b', 'c'] };

describe('median predictions', () => {
  it('predicts the global and per-key history medians', () => {
    expect(globalMedian(duration, 4)).toBe(25);
    expect(Array.from(globalMedianPredictions(duration, 4, 7))).toEqual([25, 25, 25]);
    expect(Array.from(perKeyMedianPredictions(duration, 4, 7, keys))).toEqual([20, 25, 30]);
  });
  it('predicts nothing (NaN) without history', () => {
    expect(globalMedian(duration, 0)).toBeNull();
    expect(Array.from(globalMedianPredictions(duration, 0, 2))).toEqual([Number.NaN, Number.NaN]);
    expect(Array.from(perKeyMedianPredictions(duration, 0, 2, keys))).toEqual([Number.NaN, Number.NaN]);
  });
});
