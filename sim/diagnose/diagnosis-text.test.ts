// Tests of the text report of `traces diagnose`: the table's rows and the warnings with their parameter.
import { describe, expect, it } from 'vitest';
import { formatDiagnosis, predictabilityLines } from './diagnosis-text.ts';
import type { TraceDiagnosis } from './trace-diagnosis.ts';

const row = { n: 7, median_abs_log2_error: 1, within_2x: 5 / 7, tier_rows: 8, tier_accuracy: 0.25 };
const d: TraceDiagnosis = {
  trace: { rows: 16, history_rows: 8, evaluation_rows: 8, boundaries_ms: [200, 600] },
  arm: 'predictive', load: '0.8', compress: 1.5, workers: 4,
  predictability: {
    global_median: row,
    per_key_median: { ...row, within_2x: null, median_abs_log2_error: null, n: 0 },
    online_per_key: { ...row, coverage: 0.5, outcomes: { predicted: 4, stale_key: 4, cold_key: 0 } },
    predictor: { ...row, coverage: 0.25, outcomes: { predicted: 2, stale_key: 6, cold_key: 0 } },
  },
  stale_fallback: { simulated_share: 0.75, online_share: 0.5, gap_share: 0.5, note: 'why they differ' },
  keys: { count: 3, history_count: 2, evaluation_count: 3, in_history_share: 0.75, first_arrival_share: 0.125, stale_share: 0.5, idle_share: 0.5, stale_after_ms: 1_800_000, idle_half_life_ms: 600_000 },
  time_scale: { duration_ms: { p50: 300, p90: 700, p99: 1400, max: 1400 }, aging_threshold_ms: null, aging_interval_ms: 500, above_aging_share: 0, below_interval_share: 0.5, tie_share: 0 },
  warnings: [{ parameter: 'predictor.staleAfterMs', text: 'half are stale' }],
  verdict: { learnable: true, key_gain: 0.5, online_gain: 0.4, obstacle: 'stale_key', obstacle_share: 0.75, text: 'Bottom line: learnable — …' },
};

describe('formatDiagnosis', () => {
  it('prints one table row per predictor, a dash for an empty statistic, and each warning with its parameter', () => {
    const lines = predictabilityLines(d);
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^global median\s+7\s+1\s+71 %\s+25 %$/);
    expect(lines[2]).toMatch(/^per-key median \(static history\)\s+0\s+-\s+-\s+25 %$/);
    expect(lines[3]).toMatch(/^online per-key \(no queueing\)\s+7\s+1\s+71 %\s+25 %$/);
    const text = formatDiagnosis('t.csv', d);
    expect(text).toContain('coverage: 25 % routed by estimate; outcomes predicted 2, stale_key 6\n');
    expect(text).toContain('aging off');
    expect(text).toContain('warning    half are stale (look at predictor.staleAfterMs)\n');
    expect(text).toContain('online per-key: each evaluation job predicted, then observed, at its arrival; 50 % routed by estimate; outcomes predicted 4, stale_key 4\n');
    expect(text).toContain('\nstale      why they differ\n');
    expect(text.endsWith('\n\nBottom line: learnable — …\n')).toBe(true);
  });
  it('prints no stale line when the shares agree', () => {
    expect(formatDiagnosis('t.csv', { ...d, stale_fallback: { ...d.stale_fallback, note: null } })).not.toContain('\nstale ');
  });
  it('says "none" when there is no warning', () => {
    expect(formatDiagnosis('t.csv', { ...d, warnings: [] })).toContain('warnings   none\n');
  });
});
