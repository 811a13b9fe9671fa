// Tests of the bottom line of `traces diagnose`: learnable or not, and the main obstacle, on hand-given facts.
import { describe, expect, it } from 'vitest';
import { diagnoseVerdict, errorGain, type VerdictInput } from './diagnose-verdict.ts';

const base: VerdictInput = {
  keyGain: 0.62, onlineGain: 0.3, globalError: 1.2,
  outcomes: { predicted: 60, stale_key: 31, cold_key: 9 }, onlineOutcomes: { predicted: 90, stale_key: 4, cold_key: 6 },
  minSamples: 20, spreadRatio: 16,
};

describe('diagnoseVerdict', () => {
  it('calls a trace learnable by its best gain and names the most frequent fallback, beside its share without queueing', () => {
    const v = diagnoseVerdict(base);
    expect(v).toMatchObject({ learnable: true, obstacle: 'stale_key', obstacle_share: 0.31 });
    expect(v.text).toBe('Bottom line: learnable — per-key history medians explain 62 % of the error a global median leaves; main obstacle: 31 % of arrivals fall back as stale under backlog (4 % without queueing)');
    expect(diagnoseVerdict({ ...base, keyGain: -0.8, onlineGain: 0.58 }).text).toContain('the online per-key predictor explains 58 % of the error');
  });

  it('names no obstacle when every fallback is under 5 %', () => {
    const v = diagnoseVerdict({ ...base, outcomes: { predicted: 96, cold_key: 4 } });
    expect(v).toMatchObject({ learnable: true, obstacle: 'none', obstacle_share: null });
    expect(v.text).toMatch(/main obstacle: none \(96 % of arrivals routed by estimate\)$/);
  });

  it('is not learnable when neither gain reaches 20 %, and says keys carry no information', () => {
    const v = diagnoseVerdict({ ...base, keyGain: 0.02, onlineGain: -0.1 });
    expect(v).toMatchObject({ learnable: false, obstacle: 'keys_uninformative' });
    expect(v.text).toMatch(/^Bottom line: not learnable — per-key history medians explain 2 % .*keys carry little or no information/);
    expect(diagnoseVerdict({ ...base, keyGain: null, onlineGain: null, globalError: 0 }).text).toMatch(/nothing to learn/);
  });

  it('computes the gain as the share of the global error removed, null without a global error', () => {
    const row = (e: number | null): { n: number; median_abs_log2_error: number | null; within_2x: null; tier_rows: number; tier_accuracy: null } => ({ n: 1, median_abs_log2_error: e, within_2x: null, tier_rows: 1, tier_accuracy: null });
    expect(errorGain(row(0.5), row(2))).toBe(0.75);
    expect(errorGain(row(3), row(2))).toBe(-0.5);
    expect(errorGain(row(0.5), row(0))).toBeNull();
    expect(errorGain(row(null), row(2))).toBeNull();
  });
});
