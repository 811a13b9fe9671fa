// Tests of the warnings in words: each fires at its share, names its parameter, and stays silent below it.
import { describe, expect, it } from 'vitest';
import { boundaryWarnings, coverageWarnings, humanMs, percent, predictorKeyWarnings, timeScaleWarnings, unseenKeyWarnings } from './diagnose-warnings.ts';
import type { KeyGaps } from './key-gaps.ts';

const keys: KeyGaps = {
  count: 3, history_count: 2, evaluation_count: 3, in_history_share: 0.7, first_arrival_share: 0,
  stale_share: 0.53, idle_share: 0.1, stale_after_ms: 1_800_000, idle_half_life_ms: 600_000,
};

describe('diagnose warnings', () => {
  it('words the stale-key warning as the issue does, naming predictor.staleAfterMs', () => {
    expect(predictorKeyWarnings(keys, '0.8')).toEqual([{
      parameter: 'predictor.staleAfterMs',
      text: "53 % of evaluation jobs arrive more than 30 min after their key's previous job (load 0.8): the staleness rule will send them to the default level",
    }]);
    expect(predictorKeyWarnings({ ...keys, stale_share: 0.01 }, '0.8')).toEqual([]);
  });
  it('warns about unseen keys, degenerate boundaries, aging, ties and low coverage', () => {
    expect(unseenKeyWarnings(keys).map((w) => w.parameter)).toEqual(['predictor.minSamples']);
    expect(unseenKeyWarnings({ ...keys, in_history_share: 0.9 })).toEqual([]);
    expect(boundaryWarnings([5, 5])[0]?.parameter).toBe('--levels');
    expect(boundaryWarnings([0, 5])).toHaveLength(1);
    expect(boundaryWarnings([5, 6])).toEqual([]);
    const ts = { duration_ms: { p50: 1, p90: 1, p99: 1, max: 1 }, aging_threshold_ms: 5000, aging_interval_ms: 500, above_aging_share: 0.6, below_interval_share: 0, tie_share: 0.2 };
    expect(timeScaleWarnings(ts, true).map((w) => w.parameter)).toEqual(['aging', 'trace arrival_ms']);
    expect(timeScaleWarnings(ts, false).map((w) => w.parameter)).toEqual(['trace arrival_ms']);
    const low = coverageWarnings({ predicted: 2, cold_key: 3, stale_key: 5 }, '0.5');
    expect(low).toEqual([{ parameter: 'predictor.staleAfterMs', text: expect.stringContaining('only 20 % of evaluation jobs by estimate at load 0.5; the most frequent fallback is stale_key (50 %)') as unknown as string }]);
    expect(coverageWarnings({ predicted: 6, cold_key: 4 }, '0.5')).toEqual([]);
  });
  it('formats shares and durations', () => {
    expect([percent(0.004), percent(0.5312), percent(0), percent(0.0001)]).toEqual(['0.4 %', '53 %', '0 %', '< 0.1 %']);
    expect([humanMs(1_800_000), humanMs(5000), humanMs(250), humanMs(7_200_000), humanMs(Number.POSITIVE_INFINITY)]).toEqual(['30 min', '5 s', '250 ms', '2 h', 'never']);
  });
});
