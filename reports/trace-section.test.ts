// Tests of the report's trace section: the diagnose table as a text table, the facts, warnings, and a missing one.
import { describe, expect, it } from 'vitest';
import { traceSection, traceSections, type TraceDiagnosisInput } from './trace-section.ts';

const row = { n: 7, median_abs_log2_error: 1, within_2x: 5 / 7, tier_accuracy: 0.25 };
const diagnosis: TraceDiagnosisInput = {
  arm: 'predictive', load: '0.8',
  predictability: { global_median: row, per_key_median: { ...row, median_abs_log2_error: null }, predictor: { ...row, coverage: 0.5 } },
  keys: { count: 3, in_history_share: 0.75, stale_share: 0.53, stale_after_ms: 1_800_000 },
  time_scale: { tie_share: 0, above_aging_share: 0.25, duration_ms: { p50: 300, p99: 1400 } },
  warnings: [{ parameter: 'predictor.staleAfterMs', text: '53 % are stale' }],
};

describe('traceSection', () => {
  it('turns a diagnosis into the table, facts and warnings of the section', () => {
    const s = traceSection('lpc', { sha256: 'ab', diagnosis, missing: null });
    expect(s.title).toBe('Trace lpc');
    expect(s.table!.rows).toEqual([
      ['global median', '7', '1', '71.4 %', '25.0 %'],
      ['per-key median (static history)', '7', '-', '71.4 %', '25.0 %'],
      ['predictor (predictive, load 0.8)', '7', '1', '71.4 %', '25.0 %'],
    ]);
    expect(s.facts[0]).toBe('predictor coverage 50.0 % (share of evaluation jobs routed by estimate)');
    // Durations in the unit that fits them: 1 800 000 ms is 30 min, 1 400 ms is 1.4 s.
    expect(s.facts[1]).toBe("3 keys; 75.0 % of evaluation jobs have a key seen in history; 53.0 % arrive more than 30 min after their key's previous job");
    expect(s.facts[2]).toBe('durations p50 300 ms, p99 1.4 s; 25.0 % longer than the aging threshold; 0.0 % of rows tied in arrival time');
    expect(s.warnings).toEqual(['53 % are stale (look at predictor.staleAfterMs)']);
    expect(s.facts).toHaveLength(3);
  });
  it('adds the online row, the stale note and the bottom line when the diagnosis has them', () => {
    const s = traceSection('lpc', {
      sha256: 'ab', missing: null,
      diagnosis: {
        ...diagnosis, predictability: { ...diagnosis.predictability, online_per_key: { ...row, n: 9, coverage: 0.9 } },
        stale_fallback: { note: 'why stale' }, verdict: { text: 'Bottom line: learnable — …' },
      },
    });
    expect(s.table!.rows[2]).toEqual(['online per-key (no queueing)', '9', '1', '71.4 %', '25.0 %']);
    expect(s.facts.slice(-2)).toEqual(['why stale', 'Bottom line: learnable — …']);
  });
  it('says why a trace has no diagnosis', () => {
    expect(traceSection('x', { sha256: 'ab', diagnosis: null, missing: 'the trace file t.csv is not there' })).toEqual({
      name: 'x', title: 'Trace x', table: null, facts: ['not diagnosed: the trace file t.csv is not there'], warnings: [],
    });
  });
});

describe('traceSections', () => {
  it('keeps the order of the traces and only those with an entry (matched by SHA-256)', () => {
    const entries = [{ sha256: 'bb', diagnosis, missing: null }, { sha256: 'aa', diagnosis: null, missing: 'gone' }];
    const s = traceSections([{ name: 'a', sha256: 'aa' }, { name: 'c', sha256: 'cc' }, { name: 'b', sha256: 'bb' }], entries);
    expect(s.map((x) => x.title)).toEqual(['Trace a', 'Trace b']);
    expect(traceSections([{ name: 'a', sha256: null }], entries)).toEqual([]);
  });
});
