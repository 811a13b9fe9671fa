// The one builder of arm results and result files: windows, labels and outcome counts, worked out by hand.
import { describe, expect, it } from 'vitest';
import { METRIC_NAMES, isMetricName, type MetricObject } from './metric-names.ts';
import { buildArmResult, buildResultFile, type MetricFold } from './result-file.ts';

/** A fold whose `count` is the number of messages folded and `mean_latency_ms` the sum of their indices. */
const countingFold: MetricFold = {
  range: (from, to) => metrics(to - from, ((from + to - 1) * (to - from)) / 2),
  subset: (idx) => metrics(idx.length, idx.reduce((a, b) => a + b, 0)),
};

function metrics(count: number, sum: number): MetricObject {
  const m = Object.fromEntries(METRIC_NAMES.map((n) => [n, 0])) as MetricObject;
  m.count = count;
  m.mean_latency_ms = sum;
  return m;
}

describe('buildArmResult', () => {
  it('folds windows, labels and outcome counts (rows 2–6 of a 7-row trace, windows [0, 2) and [2, 5))', () => {
    const r = buildArmResult({
      fold: countingFold, windowOffsets: Int32Array.of(0, 2, 5),
      // Rows 0–1 are history; evaluation rows 2–6 are messages 0–4 with labels a, b, a, a, b.
      classId: Int32Array.of(1, 1, 0, 1, 0, 0, 1), classes: ['a', 'b', 'unused'], first: 2, rows: 7,
      outcome: Int8Array.of(0, 1, 1, -1, 0), outcomeNames: ['hit', 'miss'],
    });
    expect(r.all).toMatchObject({ count: 5, mean_latency_ms: 10 });
    expect(r.windows.map((w) => w.count)).toEqual([2, 3]);
    // Label a = messages 0, 2, 3 (sum 5); b = 1, 4 (sum 5); the label without messages is left out.
    expect(Object.keys(r.by_label!)).toEqual(['a', 'b']);
    expect(r.by_label!['a']).toMatchObject({ count: 3, mean_latency_ms: 5 });
    // Window 0: codes 0, 1; window 1: codes 1, −1 (none), 0.
    expect(r.outcome_windows).toEqual([{ hit: 1, miss: 1 }, { hit: 1, miss: 1 }]);
    expect(r.outcomes).toEqual({ hit: 2, miss: 2 });
    expect(r.sim_seconds).toBe(0);
  });

  it('leaves out labels and outcomes when the trace has no labels and the arm records no outcomes', () => {
    const r = buildArmResult({ fold: countingFold, windowOffsets: Int32Array.of(0, 1), classId: null, classes: null, first: 0, rows: 1, outcome: Int8Array.of(-1), outcomeNames: null });
    expect('by_label' in r || 'outcomes' in r || 'outcome_windows' in r).toBe(false);
  });
});

describe('buildResultFile', () => {
  it('records provenance, the trace block and a config hash of options and trace', () => {
    const out = { trace: { rows: 1, history_rows: 0, evaluation_rows: 1, boundaries_ms: [] }, results: {} };
    const a = buildResultFile({ version: '1', commit: 'c' }, 't.csv', 'a'.repeat(64), out, { seed: 7 });
    expect(a).toMatchObject({ tool: 'hsim', version: '1', commit: 'c', seed: 7, trace: { path: 't.csv', rows: 1 } });
    const b = buildResultFile({ version: '1', commit: 'c' }, 't.csv', 'b'.repeat(64), out, { seed: 7 });
    expect(a.config_hash).not.toBe(b.config_hash);
  });
});

describe('isMetricName', () => {
  it('knows the names of the list and nothing else', () => {
    expect(isMetricName('p99_latency_ms')).toBe(true);
    expect(isMetricName('p42_latency_ms')).toBe(false);
  });
});
